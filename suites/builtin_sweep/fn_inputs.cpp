#include "fn_inputs.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites::fn {
namespace {

template <typename F>
std::vector<uint64_t> edges_of() {
  using B = typename F::Bits;
  const B s = F::sign_mask;
  std::vector<uint64_t> v;
  for (B b : {F::zero_bits, F::min_subnormal_bits, F::max_subnormal_bits, F::min_normal_bits, F::one_bits,
              F::max_finite_bits, F::infinity_bits, B(F::one_bits + 1), B(F::one_bits - 1)}) {
    v.push_back(b);
    v.push_back(B(b | s));
  }
  v.push_back(F::quiet_nan_bits);
  v.push_back(B(F::quiet_nan_bits | s | 0x5));
  v.push_back(B(F::infinity_bits | 0x3));  // signalling NaN with a payload
  return v;
}

}  // namespace

const std::vector<uint64_t>& float_edges(unsigned bytes) {
  static const std::vector<uint64_t> h = edges_of<ref::Half>(), f = edges_of<ref::Float>(), d = edges_of<ref::Double>();
  return bytes == 8 ? d : bytes == 2 ? h : f;
}

uint64_t random_bits(Rng& rng, unsigned bytes) {
  const uint64_t r = rng.next();
  return bytes == 8 ? r : r & ((uint64_t(1) << (8 * bytes)) - 1);
}

uint64_t float_in_binades(Rng& rng, unsigned bytes, int lo, int hi) {
  const uint64_t r = rng.next();
  int e = lo + int(rng.below(uint64_t(hi - lo + 1)));
  if (bytes == 8) {
    return (r & (uint64_t(1) << 63)) | (uint64_t(e + 1023) << 52) | (r & ((uint64_t(1) << 52) - 1));
  }
  if (bytes == 2) {
    e = std::min(std::max(e, ref::Half::emin), ref::Half::emax);  // half's few binades
    return (r & 0x8000u) | (uint64_t(e + 15) << 10) | (r & 0x3ffu);
  }
  return (r & 0x80000000u) | (uint64_t(e + 127) << 23) | (r & 0x7fffffu);
}

double as_double(uint64_t bits, unsigned bytes) {
  if (bytes == 8) return ref::double_from_bits(bits);
  if (bytes == 2) return ref::half_to_double(uint16_t(bits));
  return double(ref::float_from_bits(uint32_t(bits)));
}

uint64_t from_double(double v, unsigned bytes) {
  if (bytes == 2) return ref::double_to_half(v, ref::Rounding::NearestEven);
  return bytes == 8 ? ref::to_bits(v) : ref::to_bits(float(v));
}

uint64_t unit_value(Rng& rng, unsigned bytes) {
  switch (rng.below(16)) {
    case 0: return from_double(0.0, bytes);
    case 1: return from_double(1.0, bytes);
    case 2: return from_double(0.5, bytes);
    default: {
      // A uniform value rounded toward zero stays in [0, 1).
      const double u = rng.uniform();
      if (bytes == 2) return ref::double_to_half(u, ref::Rounding::TowardZero);
      return bytes == 8 ? ref::to_bits(u) : ref::to_bits(float(u) <= u ? float(u) : std::nextafter(float(u), 0.0f));
    }
  }
}

uint64_t any_float(Rng& rng, uint64_t index, unsigned bytes) {
  if (index < kEdgeItems) {
    const auto& e = float_edges(bytes);
    return e[rng.below(e.size())];
  }
  switch (rng.below(4)) {
    case 0: return random_bits(rng, bytes);
    case 1: return float_in_binades(rng, bytes, -3, 3);
    default: return bytes == 2 ? float_in_binades(rng, bytes, -8, 8) : float_in_binades(rng, bytes, -20, 20);
  }
}

uint64_t finite_float(Rng& rng, uint64_t index, unsigned bytes) {
  for (;;) {
    const uint64_t b = any_float(rng, index, bytes);
    const bool finite = bytes == 8   ? ref::is_finite<ref::Double>(b)
                        : bytes == 2 ? ref::is_finite<ref::Half>(uint16_t(b))
                                     : ref::is_finite<ref::Float>(uint32_t(b));
    if (finite) return b;
  }
}

}  // namespace clconform::suites::fn
