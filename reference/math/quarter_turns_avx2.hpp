// reduce_quarter_turns for four float values at once, in AVX2 registers:
// inline, so that a loop calling it for every four points keeps its
// constants in registers. Lane by lane bit for bit the scalar reduction
// (tests/reference/test_math_fast_tier.cpp), each step in 64-bit lanes as
// integers where it computes with integers: the 128-bit product as four
// 32-bit limbs from 32 x 32-bit products, the rounding up of a fraction
// above one half as a two-word subtraction, the leading zeros from the
// exponent of an exact conversion, and the top 63 bits converted to double
// as two exact halves added once (one rounding to nearest, as the scalar
// conversion). Only for code compiled for AVX2 and FMA.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "reference/fp_bits.hpp"
#include "reference/math/quarter_turns.hpp"

namespace clconform::ref::math {

// Reduces the four finite float values X (|x| >= 1) into *R and *Q (the
// quadrants, in 64-bit lanes); returns the lanes (bit k) where
// reduce_quarter_turns succeeds.
__attribute__((target("avx2,fma"), always_inline)) inline unsigned reduce_four(const QuarterTurnTables& t, __m256d x,
                                                                              __m256d* r, __m256i* q) {
  const __m256i low32 = _mm256_set1_epi64x(0xffffffff);
  // The float bits of |x| (x holds a float: the conversion is exact).
  const __m128i bits = _mm_and_si128(_mm_castps_si128(_mm256_cvtpd_ps(x)), _mm_set1_epi32(0x7fffffff));
  const __m256i biased = _mm256_cvtepu32_epi64(_mm_srli_epi32(bits, 23));
  const __m256i m =
      _mm256_cvtepu32_epi64(_mm_or_si128(_mm_and_si128(bits, _mm_set1_epi32(0x7fffff)), _mm_set1_epi32(0x800000)));
  const __m256i hi = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(t.window_hi), biased, 8);
  const __m256i lo = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(t.window_lo), biased, 8);
  // P = m * (hi * 2^64 + lo) modulo 2^128, limb by limb (m < 2^24: no sum overflows).
  const __m256i t0 = _mm256_mul_epu32(m, lo);
  const __m256i t1 = _mm256_add_epi64(_mm256_mul_epu32(m, _mm256_srli_epi64(lo, 32)), _mm256_srli_epi64(t0, 32));
  const __m256i t2 = _mm256_add_epi64(_mm256_mul_epu32(m, hi), _mm256_srli_epi64(t1, 32));
  const __m256i t3 = _mm256_add_epi64(_mm256_mul_epu32(m, _mm256_srli_epi64(hi, 32)), _mm256_srli_epi64(t2, 32));
  const __m256i p0 = _mm256_or_si256(_mm256_slli_epi64(t1, 32), _mm256_and_si256(t0, low32));
  const __m256i p1 = _mm256_or_si256(_mm256_slli_epi64(t3, 32), _mm256_and_si256(t2, low32));
  // P's bits 126 and 127 are the quadrant; below them, the fraction
  // (f_hi * 2^64 + f_lo) * 2^-126 of a quarter turn, rounded up past one
  // half to the nearest multiple of pi/2.
  const __m256i f_hi = _mm256_and_si256(p1, _mm256_set1_epi64x((int64_t{1} << 62) - 1));
  const __m256i f_lo = p0;
  const __m256i up = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_srli_epi64(f_hi, 61));  // all ones above one half
  const __m256i borrow = _mm256_andnot_si256(_mm256_cmpeq_epi64(f_lo, _mm256_setzero_si256()), _mm256_set1_epi64x(1));
  const __m256i n_lo = _mm256_sub_epi64(_mm256_setzero_si256(), f_lo);
  const __m256i n_hi = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(int64_t{1} << 62), f_hi), borrow);
  const __m256i g_hi = _mm256_blendv_epi8(f_hi, n_hi, up);
  const __m256i g_lo = _mm256_blendv_epi8(f_lo, n_lo, up);
  *q = _mm256_and_si256(_mm256_sub_epi64(_mm256_srli_epi64(p1, 62), up), _mm256_set1_epi64x(3));
  // Valid from 2^86 (g_hi >= 2^22: the truncation stays under 2^-62
  // relative), where the leading one lies in g_hi: floor(log2 g_hi) from
  // the exponent of g_hi >> 10 (< 2^52, exact as 2^52 + v - 2^52), then
  // zeros = 63 - floor(log2 g_hi).
  const __m256i valid = _mm256_cmpgt_epi64(g_hi, _mm256_set1_epi64x((int64_t{1} << 22) - 1));
  const __m256d magic52 = _mm256_set1_pd(0x1p52);
  const __m256d shifted = _mm256_sub_pd(
      _mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(g_hi, 10), _mm256_castpd_si256(magic52))), magic52);
  const __m256i log2 = _mm256_add_epi64(
      _mm256_sub_epi64(_mm256_srli_epi64(_mm256_castpd_si256(shifted), 52), _mm256_set1_epi64x(Double::bias)),
      _mm256_set1_epi64x(10));
  const __m256i zeros = _mm256_sub_epi64(_mm256_set1_epi64x(63), log2);
  // The top 63 bits of the fraction shifted left by ZEROS (2 to 41).
  const __m256i top = _mm256_srli_epi64(
      _mm256_or_si256(_mm256_sllv_epi64(g_hi, zeros),
                      _mm256_srlv_epi64(g_lo, _mm256_sub_epi64(_mm256_set1_epi64x(64), zeros))),
      1);
  // top as a double: (2^84 + high * 2^32 - 2^84 - 2^52) + (2^52 + low), the
  // first sum exact, the second rounded once; then times 2^(-61 - zeros).
  const __m256d high =
      _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(top, 32), _mm256_castpd_si256(_mm256_set1_pd(0x1p84)))),
                    _mm256_set1_pd(0x1p84 + 0x1p52));
  const __m256d low = _mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(top, low32), _mm256_castpd_si256(magic52)));
  const __m256d scale =
      _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(Double::bias - 61), zeros), 52));
  const __m256d f = _mm256_mul_pd(_mm256_add_pd(high, low), scale);
  // r = f * pi/2: the two products added, as the scalar reduction does.
  const __m256d reduced =
      _mm256_add_pd(_mm256_mul_pd(f, _mm256_set1_pd(t.half_pi_hi)), _mm256_mul_pd(f, _mm256_set1_pd(t.half_pi_lo)));
  *r = _mm256_xor_pd(reduced, _mm256_and_pd(_mm256_castsi256_pd(up), _mm256_set1_pd(-0.0)));
  return unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(valid)));
}

}  // namespace clconform::ref::math
