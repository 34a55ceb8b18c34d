#include "reference/math/settle.hpp"

#include <immintrin.h>

#include <cmath>
#include <cstdint>

#include "reference/math/grid_bits.hpp"

namespace clconform::ref::math {
namespace {

using Block = Judge::Block;

void settle_one(Block& b, size_t i) {
  const double approx = b.approx[i], error = b.error[i];
  // An exact approx (error 0) is its own enclosure: -0 - 0 is -0 but
  // -0 + 0 is +0, which would leave an exact -0 uncertain.
  const double lo = error == 0 ? approx : approx - error;
  const double hi = error == 0 ? approx : approx + error;
  b.nearest[i] = round_to_float_bits(approx);
  b.certain[i] = std::isnan(approx) || round_to_float_bits(lo) == round_to_float_bits(hi) ? ~0u : 0u;
  b.ulp_scale[i] = float_ulp_scale(approx);  // a NaN's is unused
}

// Every point, four at a time: the same arithmetic as settle_one, lane by
// lane (the conversions round as the scalar ones do, in the host's
// round-to-nearest mode; a NaN's ulp exponent clamps to the top one as
// float_ulp_exponent's does). Four points with a value in float's
// subnormal range go to settle_one: that conversion would take a subnormal
// detour (grid_bits.hpp); so does the last one to three.
__attribute__((target("avx2,fma"))) void settle_vector(Block& b) {
  const __m256i magnitude_mask = _mm256_set1_epi64x(static_cast<int64_t>(~Double::sign_mask));
  const __m256i band_low = _mm256_set1_epi64x(static_cast<int64_t>(to_bits(0x1p-151)) - 1);
  const __m256i band_high = _mm256_set1_epi64x(static_cast<int64_t>(to_bits(0x1p-126)));
  const __m256i smallest = _mm256_set1_epi64x(Float::subnormal_exponent);
  const __m256i largest = _mm256_set1_epi64x(Float::emax - Float::precision + 1);
  const auto in_band = [&](__m256d v) __attribute__((target("avx2,fma"))) {
    const __m256i m = _mm256_and_si256(_mm256_castpd_si256(v), magnitude_mask);
    return _mm256_and_si256(_mm256_cmpgt_epi64(m, band_low), _mm256_cmpgt_epi64(band_high, m));
  };
  size_t i = 0;
  for (; i + 4 <= b.n; i += 4) {
    const __m256d approx = _mm256_load_pd(b.approx + i);
    const __m256d error = _mm256_load_pd(b.error + i);
    // An exact approx (error 0) is its own enclosure (settle_one says why).
    const __m256d exact = _mm256_cmp_pd(error, _mm256_setzero_pd(), _CMP_EQ_OQ);
    const __m256d lo = _mm256_blendv_pd(_mm256_sub_pd(approx, error), approx, exact);
    const __m256d hi = _mm256_blendv_pd(_mm256_add_pd(approx, error), approx, exact);
    const __m256i band = _mm256_or_si256(in_band(approx), _mm256_or_si256(in_band(lo), in_band(hi)));
    if (!_mm256_testz_si256(band, band)) {
      _mm256_zeroupper();  // SSE code follows (fast_batch.cpp says why)
      for (size_t k = i; k < i + 4; ++k) settle_one(b, k);
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
    _mm_store_si128(reinterpret_cast<__m128i*>(b.certain + i), _mm_or_si128(same_ends, nan));
  }
  _mm256_zeroupper();  // SSE code follows (fast_batch.cpp says why)
  for (; i < b.n; ++i) settle_one(b, i);
}

}  // namespace

void settle_block(Block& b, bool vector) {
  if (vector) {
    settle_vector(b);
    return;
  }
  for (size_t i = 0; i < b.n; ++i) settle_one(b, i);
}

}  // namespace clconform::ref::math
