#include "store_inputs.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites::half {
namespace {

using ref::Double;
using ref::Float;
using ref::Half;

// Points around one positive half value A (float or double T): A, its
// neighbours, the midpoint to the next half B and the midpoint's neighbours.
template <typename T>
void around(std::vector<T>& out, T a, T b) {
  const T mid = (a + b) / 2;  // exact: halves have 11 significant bits
  const T inf = std::numeric_limits<T>::infinity();
  for (T v : {a, std::nextafter(a, inf), std::nextafter(a, T(0)), mid, std::nextafter(mid, inf),
              std::nextafter(mid, T(0))}) {
    out.push_back(v);
    out.push_back(-v);
  }
}

template <typename T>
std::vector<T> half_boundaries() {
  std::vector<uint16_t> hs;
  for (uint16_t h = 0; h <= Half::max_subnormal_bits; ++h) hs.push_back(h);
  for (uint16_t e = 1; e <= 30; ++e) {
    for (uint16_t m : {0, 1, 2, 0x155, 0x1FF, 0x200, 0x201, 0x2AA, 0x3FE, 0x3FF}) hs.push_back(uint16_t(e << 10 | m));
  }
  std::vector<T> out;
  for (uint16_t h : hs) {
    const T a = T(ref::half_to_double(h));
    const T b = h == Half::max_finite_bits ? T(65536) : T(ref::half_to_double(uint16_t(h + 1)));
    around(out, a, b);
  }
  return out;
}

}  // namespace

std::vector<uint64_t> store_edges(bool from_double) {
  std::vector<uint64_t> out;
  std::vector<uint32_t> fextra = {
      0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
      0x7FA00000, 0x7FBFFFFF, 0xFFFFFFFF, 0x7FC01234, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000001, 0x80000001,
      0x007FFFFF, 0x807FFFFF, 0x00800000, 0x80800000, 0x00400000, 0x33000000, 0x33000001, 0x32FFFFFF,
      0x32800000, 0xB2800000, 0xB3000000, 0xB3000001, 0x477FE000, 0x477FE001, 0x477FDFFF, 0x477FEFFF,
      0x477FF000, 0x477FF001, 0x477FFFFF, 0x47800000, 0x47800001, 0x48000000, 0x501502F9, 0x38800000,
      0x387FFFFF, 0x387FC000, 0x387FE000, 0x387FF000, 0x3F800000, 0x3F800001, 0x3F801000, 0x3F801001};
  std::vector<uint32_t> fneg;
  for (uint32_t f : fextra) fneg.push_back(f ^ 0x80000000u);
  fextra.insert(fextra.end(), fneg.begin(), fneg.end());
  if (!from_double) {
    out.assign(fextra.begin(), fextra.end());
    for (float v : half_boundaries<float>()) out.push_back(ref::to_bits(v));
    return out;
  }
  for (uint32_t f : fextra) out.push_back(ref::convert<Float, Double>(f));
  for (uint64_t d : {0x7FF0000000000001ull, 0x7FF8000000000000ull, 0x7FF0000000000000ull, 0x7FEFFFFFFFFFFFFFull,
                     0x0000000000000001ull, 0x000FFFFFFFFFFFFFull, 0x0010000000000000ull, 0x7FF4000000000000ull,
                     0x7FF0000000001000ull, 0x3E70000000000000ull, 0x3E70000000000001ull, 0x3E6FFFFFFFFFFFFFull,
                     0x40EFFE0000000000ull, 0x40EFFE0000000001ull, 0x40EFFDFFFFFFFFFFull, 0x40EFFC0000000001ull}) {
    out.push_back(d);
    out.push_back(d ^ 0x8000000000000000ull);
  }
  for (double v : half_boundaries<double>()) out.push_back(ref::to_bits(v));
  return out;
}

uint64_t random_lane(bool from_double, uint64_t r) {
  if (r & 1) {
    if (from_double) {
      const uint64_t e = 1023 - 27 + (r >> 1) % 46;
      return (r & 0x800FFFFFFFFFFFFFull) | (e << 52);
    }
    const uint64_t e = 127 - 27 + (r >> 1) % 46;
    return uint32_t((r >> 32 & 0x807FFFFFu) | (e << 23));
  }
  return from_double ? r : uint32_t(r >> 32);
}

uint16_t store_reference(const StoreRule& rule, uint64_t x) {
  return rule.from_double ? ref::convert<Double, Half>(x, rule.rounding)
                          : ref::convert<Float, Half>(uint32_t(x), rule.rounding);
}

StoreVerdict judge_store(const StoreRule& rule, uint64_t x, uint16_t got, uint16_t want) {
  const bool nan_in = rule.from_double ? ref::is_nan<Double>(x) : ref::is_nan<Float>(uint32_t(x));
  if (nan_in) return ref::is_nan<Half>(got) ? StoreVerdict::NaN : StoreVerdict::Wrong;  // any NaN
  if (got == want) return StoreVerdict::Exact;
  const bool denorm_in =
      rule.from_double ? ref::is_subnormal<Double>(x) : ref::is_subnormal<Float>(uint32_t(x));
  if (rule.flush_inputs && denorm_in && ref::is_zero<Half>(got)) return StoreVerdict::Flushed;
  return StoreVerdict::Wrong;
}

}  // namespace clconform::suites::half
