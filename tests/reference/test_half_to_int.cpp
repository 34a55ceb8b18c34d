// reference/half_to_int against MPFR: every one of the 65536 halves, to
// every integer type, in every rounding mode, with and without _sat.
#include <gtest/gtest.h>

#include <mpfr.h>

#include "oracle.hpp"
#include "reference/half_to_int.hpp"

using namespace clconform::ref;

namespace {

struct Oracle {
  bool defined;
  uint64_t bits;
};

// MPFR's rint in the mode, then the range test, all in MPFR.
Oracle expected(uint16_t h, IntType t, Rounding r, bool sat) {
  oracle::Num x(64), y(64);
  oracle::half_value(x.v, h);
  const uint64_t mask = t.bits == 64 ? ~uint64_t(0) : (uint64_t(1) << t.bits) - 1;
  if (mpfr_nan_p(x.v)) return {sat, 0};
  mpfr_rint(y.v, x.v, to_mpfr(r));
  oracle::Num lo(64), hi(64);
  // -2^(bits-1) without negating or shifting into INTMAX_MIN (undefined).
  mpfr_set_sj(lo.v, t.is_signed ? -intmax_t((uintmax_t(1) << (t.bits - 1)) - 1) - 1 : 0, MPFR_RNDN);
  mpfr_set_uj(hi.v, t.is_signed ? (uintmax_t(1) << (t.bits - 1)) - 1 : mask, MPFR_RNDN);
  if (mpfr_less_p(y.v, lo.v)) return {sat, uint64_t(mpfr_get_sj(lo.v, MPFR_RNDN)) & mask};
  if (mpfr_greater_p(y.v, hi.v)) return {sat, mpfr_get_uj(hi.v, MPFR_RNDN) & mask};
  return {true, uint64_t(mpfr_get_sj(y.v, MPFR_RNDN)) & mask};
}

}  // namespace

TEST(HalfToInt, EveryHalfEveryTypeModeAndSaturation) {
  uint64_t checked = 0;
  for (unsigned bits : {8u, 16u, 32u, 64u}) {
    for (bool is_signed : {false, true}) {
      const IntType t{bits, is_signed};
      for (Rounding r : all_roundings) {
        for (bool sat : {false, true}) {
          for (uint32_t h = 0; h < 65536; ++h) {
            const Oracle want = expected(uint16_t(h), t, r, sat);
            const std::optional<uint64_t> got = half_to_int(uint16_t(h), t, r, sat);
            ASSERT_EQ(got.has_value(), want.defined) << std::hex << h << " bits " << std::dec << bits;
            if (got) {
              ASSERT_EQ(*got, want.bits) << std::hex << h << " bits " << std::dec << bits << " sat " << sat;
            }
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_EQ(checked, 8u * 4 * 2 * 65536);
}

TEST(HalfToInt, DocumentedCases) {
  const IntType i32{32, true}, u8{8, false};
  EXPECT_EQ(half_to_int(0x3E00, i32, Rounding::TowardZero, false), 1u);               // 1.5 -> 1
  EXPECT_EQ(half_to_int(0x3E00, i32, Rounding::NearestEven, false), 2u);              // tie to even
  EXPECT_EQ(half_to_int(0x4100, i32, Rounding::NearestEven, false), 2u);              // 2.5 -> 2
  EXPECT_EQ(half_to_int(0xBE00, i32, Rounding::TowardNegative, false), 0xFFFFFFFEu);  // -1.5 -> -2
  EXPECT_EQ(half_to_int(0xBC00, u8, Rounding::TowardZero, false), std::nullopt);      // -1 out of range
  EXPECT_EQ(half_to_int(0xBC00, u8, Rounding::TowardZero, true), 0u);                 // clamped
  EXPECT_EQ(half_to_int(0x5BF8, u8, Rounding::TowardZero, true), 255u);               // 255 fits
  EXPECT_EQ(half_to_int(0x5C00, u8, Rounding::TowardZero, true), 255u);               // 256 clamps
  EXPECT_EQ(half_to_int(0x7E00, i32, Rounding::TowardZero, true), 0u);                // NaN -> 0 with _sat
  EXPECT_EQ(half_to_int(0x7E00, i32, Rounding::TowardZero, false), std::nullopt);
  EXPECT_EQ(half_to_int(0xFC00, i32, Rounding::TowardZero, true), 0x80000000u);       // -inf -> INT_MIN
  EXPECT_EQ(half_to_int(0x0001, i32, Rounding::TowardPositive, false), 1u);           // tiny up
  EXPECT_EQ(half_to_int(0x8001, u8, Rounding::TowardZero, false), 0u);                // -tiny -> 0 fits
}
