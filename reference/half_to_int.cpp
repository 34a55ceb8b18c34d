#include "reference/half_to_int.hpp"

#include "reference/fp_bits.hpp"

namespace clconform::ref {

// -2^(bits-1), formed without negating INT64_MIN (undefined behaviour).
int64_t IntType::min() const { return is_signed ? -int64_t(max()) - 1 : 0; }

uint64_t IntType::max() const {
  if (is_signed) return (uint64_t(1) << (bits - 1)) - 1;
  return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

std::optional<int64_t> round_half_to_integer(uint16_t h, Rounding r) {
  if (!is_finite<Half>(h)) return std::nullopt;
  const bool negative = sign_bit<Half>(h);
  const int64_t m = significand<Half>(h);
  const int q = unbiased_exponent<Half>(h) - Half::mantissa_bits;  // |h| = m * 2^q
  if (q >= 0) return negative ? -(m << q) : (m << q);
  const int shift = -q;  // 1 .. 24
  int64_t kept = shift >= 62 ? 0 : m >> shift;
  const int64_t rest = shift >= 62 ? m : m & ((int64_t(1) << shift) - 1);
  const int64_t half_unit = int64_t(1) << (shift - 1);
  bool up = false;  // magnitude up by one
  switch (r) {
    case Rounding::NearestEven: up = rest > half_unit || (rest == half_unit && (kept & 1)); break;
    case Rounding::TowardZero: up = false; break;
    case Rounding::TowardPositive: up = rest != 0 && !negative; break;
    case Rounding::TowardNegative: up = rest != 0 && negative; break;
  }
  kept += up;
  return negative ? -kept : kept;
}

std::optional<uint64_t> half_to_int(uint16_t h, IntType type, Rounding r, bool sat) {
  const uint64_t mask = type.bits == 64 ? ~uint64_t(0) : (uint64_t(1) << type.bits) - 1;
  if (is_nan<Half>(h)) return sat ? std::optional<uint64_t>(0) : std::nullopt;
  const std::optional<int64_t> v = round_half_to_integer(h, r);
  // +-inf lie beyond every integer type's range.
  const bool below = v ? *v < type.min() : sign_bit<Half>(h);
  const bool above = v ? (*v > 0 && uint64_t(*v) > type.max()) : !sign_bit<Half>(h);
  if (below || above) {
    if (!sat) return std::nullopt;
    return (below ? uint64_t(type.min()) : type.max()) & mask;
  }
  return uint64_t(*v) & mask;
}

}  // namespace clconform::ref
