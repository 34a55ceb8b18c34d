#include "reference/math/settle.hpp"

#include <immintrin.h>

#include <cmath>
#include <cstdint>

#include "reference/math/avx512_diagnostics.hpp"
#include "reference/math/double_double_avx2.hpp"
#include "reference/math/grid_bits.hpp"

namespace clconform::ref::math {
namespace {

using Block = Judge::Block;

void settle_lane(Block& b, size_t i) { settle_one(b.approx[i], b.error[i], &b.nearest[i], &b.certain[i], &b.ulp_scale[i]); }

// Every point, four at a time: the same arithmetic as settle_one, lane by
// lane (the conversions round as the scalar ones do, in the host's
// round-to-nearest mode; a NaN's ulp exponent clamps to the top one as
// float_ulp_exponent's does). Four points with a value in float's
// subnormal range go to settle_lane after the loop (that conversion would
// take a subnormal detour, grid_bits.hpp), as does the last one to three:
// the loop itself calls nothing, so its constants stay in registers.
__attribute__((target("avx2,fma"))) void settle_vector(Block& b) {
  const __m256i magnitude_mask = _mm256_set1_epi64x(static_cast<int64_t>(~Double::sign_mask));
  const __m256i band_low = _mm256_set1_epi64x(static_cast<int64_t>(to_bits(0x1p-151)) - 1);
  const __m256i band_high = _mm256_set1_epi64x(static_cast<int64_t>(to_bits(0x1p-126)));
  const __m256i smallest = _mm256_set1_epi64x(Float::subnormal_exponent);
  const __m256i largest = _mm256_set1_epi64x(Float::emax - Float::precision + 1);
  uint64_t in_band_groups[Block::kCapacity / 4 / 64 + 1] = {};
  size_t i = 0;
  for (; i + 4 <= b.n; i += 4) {
    const __m256d approx = _mm256_load_pd(b.approx + i);
    const __m256d error = _mm256_load_pd(b.error + i);
    // An exact approx (error 0) is its own enclosure (settle_one says why).
    const __m256d exact = _mm256_cmp_pd(error, _mm256_setzero_pd(), _CMP_EQ_OQ);
    const __m256d lo = _mm256_blendv_pd(_mm256_sub_pd(approx, error), approx, exact);
    const __m256d hi = _mm256_blendv_pd(_mm256_add_pd(approx, error), approx, exact);
    const __m256i m_approx = _mm256_and_si256(_mm256_castpd_si256(approx), magnitude_mask);
    const __m256i m_lo = _mm256_and_si256(_mm256_castpd_si256(lo), magnitude_mask);
    const __m256i m_hi = _mm256_and_si256(_mm256_castpd_si256(hi), magnitude_mask);
    const __m256i band = _mm256_or_si256(
        _mm256_and_si256(_mm256_cmpgt_epi64(m_approx, band_low), _mm256_cmpgt_epi64(band_high, m_approx)),
        _mm256_or_si256(_mm256_and_si256(_mm256_cmpgt_epi64(m_lo, band_low), _mm256_cmpgt_epi64(band_high, m_lo)),
                        _mm256_and_si256(_mm256_cmpgt_epi64(m_hi, band_low), _mm256_cmpgt_epi64(band_high, m_hi))));
    if (!_mm256_testz_si256(band, band)) {
      in_band_groups[i / 4 / 64] |= uint64_t(1) << (i / 4 % 64);
      continue;
    }
    // nearest and certain, in 32-bit lanes.
    const __m128i nearest = _mm_castps_si128(_mm256_cvtpd_ps(approx));
    const __m128i same_ends = _mm_cmpeq_epi32(_mm_castps_si128(_mm256_cvtpd_ps(lo)), _mm_castps_si128(_mm256_cvtpd_ps(hi)));
    const __m128i nan = _mm_cmpgt_epi32(_mm_and_si128(nearest, _mm_set1_epi32(0x7fffffff)), _mm_set1_epi32(0x7f800000));
    // ulp_scale: u = e - 23 - (power of two), clamped to [-149, 104].
    const __m256i bits = _mm256_and_si256(_mm256_castpd_si256(approx), magnitude_mask);
    const __m256i exponent = _mm256_sub_epi64(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(Double::bias));
    const __m256i power_of_two = _mm256_cmpeq_epi64(_mm256_and_si256(bits, _mm256_set1_epi64x(Double::mantissa_mask)),
                                                    _mm256_setzero_si256());  // -1 where it is
    __m256i u = _mm256_add_epi64(_mm256_sub_epi64(exponent, _mm256_set1_epi64x(Float::precision - 1)), power_of_two);
    u = _mm256_blendv_epi8(u, smallest, _mm256_cmpgt_epi64(smallest, u));
    u = _mm256_blendv_epi8(u, largest, _mm256_cmpgt_epi64(u, largest));
    const __m256i scale = _mm256_slli_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(Double::bias), u), 52);
    _mm256_store_pd(b.ulp_scale + i, _mm256_castsi256_pd(scale));
    _mm_store_si128(reinterpret_cast<__m128i*>(b.nearest + i), nearest);
    // Without an enclosure (a negative error) nothing is certain.
    const __m256i enclosed = _mm256_castpd_si256(_mm256_cmp_pd(error, _mm256_setzero_pd(), _CMP_GE_OQ));
    const __m128i enclosed32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(enclosed, _mm256_set_epi32(7, 7, 7, 7, 6, 4, 2, 0)));
    _mm_store_si128(reinterpret_cast<__m128i*>(b.certain + i), _mm_and_si128(_mm_or_si128(same_ends, nan), enclosed32));
  }
  _mm256_zeroupper();  // SSE code follows (fast_batch.cpp says why)
  for (size_t w = 0; w < sizeof in_band_groups / sizeof in_band_groups[0]; ++w)
    for (uint64_t groups = in_band_groups[w]; groups != 0; groups &= groups - 1)
      for (size_t k = 0; k < 4; ++k) settle_lane(b, 4 * (64 * w + size_t(__builtin_ctzll(groups))) + k);
  for (; i < b.n; ++i) settle_lane(b, i);
}

// settle_vector with AVX-512, eight points at a time: the same arithmetic
// lane by lane; eight points with a value in float's subnormal range, and
// the last one to seven, go to settle_lane.
CLC_AVX512_CODE_BEGIN
__attribute__((target("avx512f,avx2,fma"))) void settle_vector8(Block& b) {
  const __m512i magnitude_mask = _mm512_set1_epi64(static_cast<int64_t>(~Double::sign_mask));
  const __m512i band_low = _mm512_set1_epi64(static_cast<int64_t>(to_bits(0x1p-151)) - 1);
  const __m512i band_high = _mm512_set1_epi64(static_cast<int64_t>(to_bits(0x1p-126)));
  const __m512i smallest = _mm512_set1_epi64(Float::subnormal_exponent);
  const __m512i largest = _mm512_set1_epi64(Float::emax - Float::precision + 1);
  const auto in_band = [&](__m512i m) __attribute__((target("avx512f"))) {
    return __mmask8(_mm512_cmpgt_epi64_mask(m, band_low) & _mm512_cmpgt_epi64_mask(band_high, m));
  };
  uint64_t in_band_groups[Block::kCapacity / 8 / 64 + 1] = {};
  size_t i = 0;
  for (; i + 8 <= b.n; i += 8) {
    const __m512d approx = _mm512_loadu_pd(b.approx + i);
    const __m512d error = _mm512_loadu_pd(b.error + i);
    // An exact approx (error 0) is its own enclosure (settle_one says why).
    const __mmask8 exact = _mm512_cmp_pd_mask(error, _mm512_setzero_pd(), _CMP_EQ_OQ);
    const __m512d lo = _mm512_mask_blend_pd(exact, _mm512_sub_pd(approx, error), approx);
    const __m512d hi = _mm512_mask_blend_pd(exact, _mm512_add_pd(approx, error), approx);
    const __m512i m_approx = _mm512_and_si512(_mm512_castpd_si512(approx), magnitude_mask);
    if ((in_band(m_approx) | in_band(_mm512_and_si512(_mm512_castpd_si512(lo), magnitude_mask)) |
         in_band(_mm512_and_si512(_mm512_castpd_si512(hi), magnitude_mask))) != 0) {
      in_band_groups[i / 8 / 64] |= uint64_t(1) << (i / 8 % 64);
      continue;
    }
    // nearest and certain, in 32-bit lanes.
    const __m256i nearest = _mm256_castps_si256(_mm512_cvtpd_ps(approx));
    const __m256i same_ends =
        _mm256_cmpeq_epi32(_mm256_castps_si256(_mm512_cvtpd_ps(lo)), _mm256_castps_si256(_mm512_cvtpd_ps(hi)));
    const __m256i nan =
        _mm256_cmpgt_epi32(_mm256_and_si256(nearest, _mm256_set1_epi32(0x7fffffff)), _mm256_set1_epi32(0x7f800000));
    // ulp_scale: u = e - 23 - (power of two), clamped to [-149, 104].
    const __m512i exponent = _mm512_sub_epi64(_mm512_srli_epi64(m_approx, 52), _mm512_set1_epi64(Double::bias));
    const __mmask8 power_of_two = _mm512_testn_epi64_mask(m_approx, _mm512_set1_epi64(Double::mantissa_mask));
    __m512i u = _mm512_sub_epi64(exponent, _mm512_set1_epi64(Float::precision - 1));
    u = _mm512_mask_sub_epi64(u, power_of_two, u, _mm512_set1_epi64(1));
    u = _mm512_min_epi64(_mm512_max_epi64(u, smallest), largest);
    const __m512i scale = _mm512_slli_epi64(_mm512_sub_epi64(_mm512_set1_epi64(Double::bias), u), 52);
    _mm512_storeu_pd(b.ulp_scale + i, _mm512_castsi512_pd(scale));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(b.nearest + i), nearest);
    // Without an enclosure (a negative error) nothing is certain.
    const __m256i enclosed = _mm512_cvtepi64_epi32(
        _mm512_maskz_mov_epi64(_mm512_cmp_pd_mask(error, _mm512_setzero_pd(), _CMP_GE_OQ), _mm512_set1_epi64(-1)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(b.certain + i),
                        _mm256_and_si256(_mm256_or_si256(same_ends, nan), enclosed));
  }
  _mm256_zeroupper();  // SSE code follows (fast_batch.cpp says why)
  for (size_t w = 0; w < sizeof in_band_groups / sizeof in_band_groups[0]; ++w)
    for (uint64_t groups = in_band_groups[w]; groups != 0; groups &= groups - 1)
      for (size_t k = 0; k < 8; ++k) settle_lane(b, 8 * (64 * w + size_t(__builtin_ctzll(groups))) + k);
  for (; i < b.n; ++i) settle_lane(b, i);
}
CLC_AVX512_CODE_END

}  // namespace

void settle_one(double approx, double error, uint32_t* nearest, uint32_t* certain, double* ulp_scale) {
  // An exact approx (error 0) is its own enclosure: -0 - 0 is -0 but
  // -0 + 0 is +0, which would leave an exact -0 uncertain.
  const double lo = error == 0 ? approx : approx - error;
  const double hi = error == 0 ? approx : approx + error;
  *nearest = round_to_float_bits(approx);
  *certain = error >= 0 && (std::isnan(approx) || round_to_float_bits(lo) == round_to_float_bits(hi)) ? ~0u : 0u;
  *ulp_scale = float_ulp_scale(approx);  // a NaN's is unused
}

void settle_block(Block& b, bool vector) {
  if (vector && dd::cpu_has_avx512()) {
    settle_vector8(b);
  } else if (vector) {
    settle_vector(b);
  } else {
    for (size_t i = 0; i < b.n; ++i) settle_lane(b, i);
  }
  b.settled = true;
}

}  // namespace clconform::ref::math
