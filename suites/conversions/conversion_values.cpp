#include "conversion_values.hpp"

#include <cstdio>
#include <cstring>

#include "case_result.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites::conversions {
namespace {

using ref::Double;
using ref::Float;

bool is_float(const TypeDesc& t) { return t.kind == TypeDesc::Kind::Float; }

template <typename From, typename To>
Expected float_to_float(uint64_t x, ref::Rounding r) {
  Expected e;
  e.nan = ref::is_nan<From>(typename From::Bits(x));
  e.bits = ref::convert<From, To>(typename From::Bits(x), r);
  return e;
}

template <typename F>
Expected float_to_int(uint64_t x, const TypeDesc& dst, ref::Rounding r, bool sat) {
  const ref::IntResult ir = ref::float_to_int<F>(typename F::Bits(x), int_format(dst), r, sat);
  return {ir.bits, ir.defined, false, ir.range != ref::IntRange::InRange};
}

// |x| is below DST's smallest normal but not zero: "sub-normal before
// rounding" once converted (7.5.3).
bool tiny_for(const TypeDesc& src, const TypeDesc& dst, uint64_t x) {
  if (!is_float(src)) return false;  // an integer is 0 or at least 1
  const bool src_double = src.elem_size == 8;
  const uint64_t mag = src_double ? x & ~Double::sign_mask : x & ~uint64_t(Float::sign_mask);
  if (mag == 0) return false;
  if (dst.elem_size == 8) return src_double && mag < Double::min_normal_bits;  // float -> double is never tiny
  if (!src_double) return mag < Float::min_normal_bits;
  return mag < ref::convert<Float, Double>(Float::min_normal_bits);  // 2^-126 as a double
}

}  // namespace

ref::IntFormat int_format(const TypeDesc& t) { return {t.elem_size * 8, t.kind == TypeDesc::Kind::Int}; }

bool is_float_nan(const TypeDesc& t, uint64_t b) {
  if (!is_float(t)) return false;
  return t.elem_size == 8 ? ref::is_nan<Double>(b) : ref::is_nan<Float>(uint32_t(b));
}

bool is_nonfinite(const TypeDesc& t, uint64_t b) {
  if (!is_float(t)) return false;
  return t.elem_size == 8 ? !ref::is_finite<Double>(b) : !ref::is_finite<Float>(uint32_t(b));
}

bool is_subnormal(const TypeDesc& t, uint64_t b) {
  if (!is_float(t)) return false;
  return t.elem_size == 8 ? ref::is_subnormal<Double>(b) : ref::is_subnormal<Float>(uint32_t(b));
}

Expected convert_scalar(const TypeDesc& src, const TypeDesc& dst, uint64_t x, ref::Rounding r, bool sat) {
  const bool sd = src.elem_size == 8, dd = dst.elem_size == 8;
  if (is_float(src) && is_float(dst)) {
    if (sd) return dd ? float_to_float<Double, Double>(x, r) : float_to_float<Double, Float>(x, r);
    return dd ? float_to_float<Float, Double>(x, r) : float_to_float<Float, Float>(x, r);
  }
  if (is_float(src)) return sd ? float_to_int<Double>(x, dst, r, sat) : float_to_int<Float>(x, dst, r, sat);
  if (is_float(dst)) {
    Expected e;
    e.bits = dd ? ref::int_to_float<Double>(x, int_format(src), r) : ref::int_to_float<Float>(x, int_format(src), r);
    return e;
  }
  const ref::IntResult ir = ref::int_to_int(x, int_format(src), int_format(dst), sat);
  return {ir.bits, ir.defined, false, ir.range != ref::IntRange::InRange};
}

bool flush_allows(const TypeDesc& src, const TypeDesc& dst, uint64_t x, uint64_t got, ref::Rounding r, bool sat,
                  bool flush_src, bool flush_dst) {
  const uint64_t sign = dst.elem_size == 8 ? Double::sign_mask : Float::sign_mask;
  const bool got_zero = is_float(dst) ? (got & ~sign) == 0 : got == 0;
  if (!got_zero) return false;
  // Rules 3 and 4: the operand flushed to a zero of either sign; the
  // conversion of a zero is a zero (of either sign, as flushed).
  if (flush_src && is_subnormal(src, x)) {
    if (!is_float(dst)) return got == convert_scalar(src, dst, 0, r, sat).bits;
    return true;
  }
  // Rule 2: a result that is sub-normal before rounding may be flushed.
  return is_float(dst) && flush_dst && tiny_for(src, dst, x);
}

uint64_t load_lane(const uint8_t* base, unsigned elem_size, size_t lane) {
  uint64_t v = 0;
  std::memcpy(&v, base + lane * elem_size, elem_size);  // little-endian host and device
  return v;
}

void store_lane(uint8_t* base, unsigned elem_size, size_t lane, uint64_t bits) {
  std::memcpy(base + lane * elem_size, &bits, elem_size);
}

std::string show(const TypeDesc& t, uint64_t bits) {
  std::string out = hex_bits(bits, t.elem_size);
  char buf[64];
  if (is_float(t)) {
    if (t.elem_size == 8)
      std::snprintf(buf, sizeof buf, " (%a)", ref::double_from_bits(bits));
    else
      std::snprintf(buf, sizeof buf, " (%a)", double(ref::float_from_bits(uint32_t(bits))));
  } else {
    const __int128 v = int_format(t).value_of(bits);
    if (v < 0)
      std::snprintf(buf, sizeof buf, " (-%llu)", (unsigned long long)(-v));
    else
      std::snprintf(buf, sizeof buf, " (%llu)", (unsigned long long)v);
  }
  return out + buf;
}

}  // namespace clconform::suites::conversions
