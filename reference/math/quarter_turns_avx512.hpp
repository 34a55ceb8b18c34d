// reduce_four (quarter_turns_avx2.hpp) for eight float values at once, in
// AVX-512 registers: the same integer and floating-point steps in 64-bit
// lanes, so each lane is bit for bit the scalar reduction
// (tests/reference/test_math_fast_tier.cpp). Only for code compiled for
// AVX-512F, AVX2 and FMA.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "reference/fp_bits.hpp"
#include "reference/math/quarter_turns.hpp"

namespace clconform::ref::math {

// Reduces the eight finite float values X (|x| >= 1) into *R and *Q (the
// quadrants, in 64-bit lanes); returns the lanes (bit k) where
// reduce_quarter_turns succeeds.
__attribute__((target("avx512f,avx2,fma"), always_inline)) inline __mmask8 reduce_eight(const QuarterTurnTables& t,
                                                                                      __m512d x, __m512d* r,
                                                                                      __m512i* q) {
  const __m512i low32 = _mm512_set1_epi64(0xffffffff);
  const __m512i zero = _mm512_setzero_si512();
  // The float bits of |x| (x holds a float: the conversion is exact).
  const __m256i bits = _mm256_and_si256(_mm256_castps_si256(_mm512_cvtpd_ps(x)), _mm256_set1_epi32(0x7fffffff));
  const __m512i biased = _mm512_cvtepu32_epi64(_mm256_srli_epi32(bits, 23));
  const __m512i m =
      _mm512_cvtepu32_epi64(_mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi32(0x7fffff)), _mm256_set1_epi32(0x800000)));
  const __m512i hi = _mm512_i64gather_epi64(biased, t.window_hi, 8);
  const __m512i lo = _mm512_i64gather_epi64(biased, t.window_lo, 8);
  // P = m * (hi * 2^64 + lo) modulo 2^128, limb by limb (m < 2^24: no sum overflows).
  const __m512i t0 = _mm512_mul_epu32(m, lo);
  const __m512i t1 = _mm512_add_epi64(_mm512_mul_epu32(m, _mm512_srli_epi64(lo, 32)), _mm512_srli_epi64(t0, 32));
  const __m512i t2 = _mm512_add_epi64(_mm512_mul_epu32(m, hi), _mm512_srli_epi64(t1, 32));
  const __m512i t3 = _mm512_add_epi64(_mm512_mul_epu32(m, _mm512_srli_epi64(hi, 32)), _mm512_srli_epi64(t2, 32));
  const __m512i p0 = _mm512_or_si512(_mm512_slli_epi64(t1, 32), _mm512_and_si512(t0, low32));
  const __m512i p1 = _mm512_or_si512(_mm512_slli_epi64(t3, 32), _mm512_and_si512(t2, low32));
  // P's bits 126 and 127 are the quadrant; below them, the fraction
  // (f_hi * 2^64 + f_lo) * 2^-126 of a quarter turn, rounded up past one
  // half to the nearest multiple of pi/2.
  const __m512i f_hi = _mm512_and_si512(p1, _mm512_set1_epi64((int64_t{1} << 62) - 1));
  const __m512i f_lo = p0;
  const __mmask8 up = _mm512_test_epi64_mask(f_hi, _mm512_set1_epi64(int64_t{1} << 61));
  const __m512i borrow = _mm512_maskz_mov_epi64(_mm512_test_epi64_mask(f_lo, f_lo), _mm512_set1_epi64(1));
  const __m512i n_lo = _mm512_sub_epi64(zero, f_lo);
  const __m512i n_hi = _mm512_sub_epi64(_mm512_sub_epi64(_mm512_set1_epi64(int64_t{1} << 62), f_hi), borrow);
  const __m512i g_hi = _mm512_mask_blend_epi64(up, f_hi, n_hi);
  const __m512i g_lo = _mm512_mask_blend_epi64(up, f_lo, n_lo);
  const __m512i quadrant = _mm512_srli_epi64(p1, 62);
  *q = _mm512_and_si512(_mm512_mask_add_epi64(quadrant, up, quadrant, _mm512_set1_epi64(1)), _mm512_set1_epi64(3));
  // Valid from 2^86 (g_hi >= 2^22), the leading zeros as reduce_four finds them.
  const __mmask8 valid = _mm512_cmpgt_epi64_mask(g_hi, _mm512_set1_epi64((int64_t{1} << 22) - 1));
  const __m512d magic52 = _mm512_set1_pd(0x1p52);
  const __m512d shifted = _mm512_sub_pd(
      _mm512_castsi512_pd(_mm512_or_si512(_mm512_srli_epi64(g_hi, 10), _mm512_castpd_si512(magic52))), magic52);
  const __m512i log2 = _mm512_add_epi64(
      _mm512_sub_epi64(_mm512_srli_epi64(_mm512_castpd_si512(shifted), 52), _mm512_set1_epi64(Double::bias)),
      _mm512_set1_epi64(10));
  const __m512i zeros = _mm512_sub_epi64(_mm512_set1_epi64(63), log2);
  const __m512i top = _mm512_srli_epi64(
      _mm512_or_si512(_mm512_sllv_epi64(g_hi, zeros), _mm512_srlv_epi64(g_lo, _mm512_sub_epi64(_mm512_set1_epi64(64), zeros))),
      1);
  const __m512d high = _mm512_sub_pd(
      _mm512_castsi512_pd(_mm512_or_si512(_mm512_srli_epi64(top, 32), _mm512_castpd_si512(_mm512_set1_pd(0x1p84)))),
      _mm512_set1_pd(0x1p84 + 0x1p52));
  const __m512d low = _mm512_castsi512_pd(_mm512_or_si512(_mm512_and_si512(top, low32), _mm512_castpd_si512(magic52)));
  const __m512d scale =
      _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_sub_epi64(_mm512_set1_epi64(Double::bias - 61), zeros), 52));
  const __m512d f = _mm512_mul_pd(_mm512_add_pd(high, low), scale);
  const __m512d reduced =
      _mm512_add_pd(_mm512_mul_pd(f, _mm512_set1_pd(t.half_pi_hi)), _mm512_mul_pd(f, _mm512_set1_pd(t.half_pi_lo)));
  *r = _mm512_castsi512_pd(_mm512_mask_xor_epi64(_mm512_castpd_si512(reduced), up, _mm512_castpd_si512(reduced),
                                                 _mm512_set1_epi64(INT64_MIN)));
  return valid;
}

}  // namespace clconform::ref::math
