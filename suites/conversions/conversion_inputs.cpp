#include "conversion_inputs.hpp"

#include <algorithm>

#include "conversion_values.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites::conversions {
namespace {

using ref::Double;
using ref::Float;
using ref::Rounding;

constexpr uint64_t kFull64Lanes = uint64_t(1) << 28;

// The limits of the eight integer types, 0, +-1 and +-2: the boundaries
// every conversion to an integer decides on.
std::vector<__int128> integer_anchors() {
  std::vector<__int128> out = {0, 1, -1, 2, -2};
  for (unsigned bits : {8u, 16u, 32u, 64u}) {
    for (bool sgn : {true, false}) {
      const ref::IntFormat f{bits, sgn};
      out.push_back(f.min());
      out.push_back(f.max());
    }
  }
  return out;
}

template <typename F>
void push_around(std::vector<uint64_t>& out, typename F::Bits x, int k) {
  out.push_back(x);
  typename F::Bits up = x, down = x;
  for (int i = 0; i < k; ++i) {
    up = ref::next_up<F>(up);
    down = ref::next_down<F>(down);
    out.push_back(up);
    out.push_back(down);
  }
}

// V / 2 (V an integer) rounded down and up into F, with neighbours.
template <typename F>
void push_half_units(std::vector<uint64_t>& out, __int128 v) {
  const bool neg = v < 0;
  const unsigned __int128 mag = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  // Every anchor times 2 plus a few is below 2^66: scale into 64 bits.
  int shift = 0;
  unsigned __int128 m = mag;
  while (m >> 64) m >>= 1, ++shift;  // loses only bits far below float's precision at that size
  for (Rounding r : {Rounding::TowardNegative, Rounding::TowardPositive})
    push_around<F>(out, ref::round_scaled<F>(neg, uint64_t(m), shift - 1, r), 2);
}

template <typename F>
std::vector<uint64_t> float_edges() {
  using Bits = typename F::Bits;
  std::vector<uint64_t> out;
  for (__int128 a : integer_anchors())
    for (int h = -3; h <= 3; ++h) push_half_units<F>(out, 2 * a + h);
  for (int k = -10; k <= 10; ++k) push_half_units<F>(out, 2 * k + 1);  // the ties +-0.5, +-1.5, ...
  for (int k = F::subnormal_exponent; k <= 70; ++k) {
    push_around<F>(out, ref::round_scaled<F>(false, 1, k, Rounding::NearestEven), 2);
    push_around<F>(out, ref::round_scaled<F>(true, 1, k, Rounding::NearestEven), 2);
  }
  const Bits specials[] = {F::zero_bits,
                           F::min_subnormal_bits,
                           F::max_subnormal_bits,
                           Bits(F::max_subnormal_bits / 3),
                           F::min_normal_bits,
                           F::max_finite_bits,
                           F::infinity_bits,
                           F::quiet_nan_bits,
                           Bits(F::quiet_nan_bits | 0x1234),
                           Bits(F::infinity_bits | 1),
                           Bits(F::infinity_bits | (F::quiet_bit >> 1)),
                           Bits(F::exponent_mask | F::mantissa_mask)};
  for (Bits s : specials) {
    out.push_back(s);
    out.push_back(Bits(s | F::sign_mask));
  }
  return out;
}

std::vector<uint64_t> integer_edges(const TypeDesc& src) {
  const ref::IntFormat f = int_format(src);
  std::vector<__int128> vals;
  for (__int128 a : integer_anchors())
    for (int d = -2; d <= 2; ++d) vals.push_back(a + d);
  for (unsigned k = 0; k < f.bits; ++k) {
    const __int128 p = __int128(1) << k;
    for (int d = -1; d <= 1; ++d) vals.push_back(p + d), vals.push_back(-p + d);
  }
  // Where float (24 bits) and double (53 bits) round: the midpoints between
  // neighbours (ties) and one either side, low and high in each binade.
  for (unsigned p : {24u, 53u}) {
    for (unsigned k = p; k < f.bits; ++k) {
      const __int128 step = __int128(1) << (k - p + 1), base = __int128(1) << k;
      for (__int128 mid : {base + step / 2, base + 3 * step / 2, 2 * base - step / 2}) {
        for (int d = -1; d <= 1; ++d) vals.push_back(mid + d), vals.push_back(-(mid + d));
      }
    }
  }
  std::vector<uint64_t> out;
  for (__int128 v : vals)
    if (v >= f.min() && v <= f.max()) out.push_back(f.pattern_of(v));
  return out;
}

}  // namespace

std::vector<uint64_t> edge_values(const TypeDesc& src) {
  std::vector<uint64_t> out;
  if (src.kind == TypeDesc::Kind::Float)
    out = src.elem_size == 8 ? float_edges<Double>() : float_edges<Float>();
  else
    out = integer_edges(src);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

SourceLanes::SourceLanes(const TypeDesc& src, bool full, uint64_t seed, uint64_t stream, uint64_t quick_lanes)
    : src_(src), seed_(seed), stream_(stream) {
  exhaustive_ = src.elem_size <= 2 || (src.elem_size == 4 && full);
  if (src.elem_size == 4 && full) {
    total_ = uint64_t(1) << 32;
    return;
  }
  total_ = src.elem_size == 8 && full ? kFull64Lanes : quick_lanes;
  if (!exhaustive_) edges_ = edge_values(src);
}

uint64_t SourceLanes::stratified(uint64_t k) const {
  const uint64_t r = counter_bits(seed_, stream_, k);
  const unsigned bits = src_.elem_size * 8;
  if (src_.kind == TypeDesc::Kind::Float) {
    // Exponent field k mod 2^exponent_bits (every binade, subnormals, and
    // inf/NaN once per round), random sign and fraction.
    if (bits == 64) return (r & ~Double::exponent_mask) | ((k % 2048) << 52);
    return (r & ~uint64_t(Float::exponent_mask) & 0xFFFFFFFFu) | ((k % 256) << 23);
  }
  // Magnitude bands: bit length k mod (bits + 1), random bits below the
  // leading one, a random sign for signed types.
  const unsigned len = unsigned(k % (bits + 1));
  const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  uint64_t v = len == 0 ? 0 : ((r & ((len == 64 ? 0 : uint64_t(1) << len) - 1)) | (uint64_t(1) << (len - 1)));
  if (src_.kind == TypeDesc::Kind::Int && (r >> 63)) v = ~v + 1;
  return v & mask;
}

uint64_t SourceLanes::at(uint64_t lane) const {
  if (exhaustive_) return src_.elem_size == 4 ? lane & 0xFFFFFFFFu : lane % (uint64_t(1) << (8 * src_.elem_size));
  if (lane < edges_.size()) return edges_[lane];
  return stratified(lane - edges_.size());
}

std::string SourceLanes::describe() const {
  if (exhaustive_) {
    const uint64_t distinct = uint64_t(1) << (8 * src_.elem_size);
    return "every " + src_.name + " value" +
           (total_ > distinct ? " (" + std::to_string(total_ / distinct) + " times over, the rest of the lanes)" : "");
  }
  return std::to_string(edges_.size()) + " edge values + " + std::to_string(total_ - edges_.size()) +
         " seeded values stratified by " + (src_.kind == TypeDesc::Kind::Float ? "exponent" : "magnitude");
}

}  // namespace clconform::suites::conversions
