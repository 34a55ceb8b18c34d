#include "reference/math/settle.hpp"

#include <immintrin.h>

#include <cmath>
#include <cstdint>

#include "reference/math/grid_bits.hpp"

namespace clconform::ref::math {
namespace {

using Point = Judge::Point;

// Four points at once: the same arithmetic as settle_point, lane by lane
// (the conversions round as the scalar ones do, in the host's
// round-to-nearest mode; a NaN's ulp exponent clamps to the top one as
// float_ulp_exponent's does). A batch with a value in float's subnormal
// range goes to settle_point: that conversion would take a subnormal
// detour (grid_bits.hpp).
__attribute__((target("avx2,fma"))) bool settle_four(Point* p) {
  const __m256d approx = _mm256_set_pd(p[3].approx, p[2].approx, p[1].approx, p[0].approx);
  const __m256d error = _mm256_set_pd(p[3].error, p[2].error, p[1].error, p[0].error);
  // An exact approx (error 0) is its own enclosure: -0 - 0 is -0 but
  // -0 + 0 is +0, which would leave an exact -0 uncertain.
  const __m256d exact = _mm256_cmp_pd(error, _mm256_setzero_pd(), _CMP_EQ_OQ);
  const __m256d lo = _mm256_blendv_pd(_mm256_sub_pd(approx, error), approx, exact);
  const __m256d hi = _mm256_blendv_pd(_mm256_add_pd(approx, error), approx, exact);
  const __m256i magnitude_mask = _mm256_set1_epi64x(static_cast<int64_t>(~Double::sign_mask));
  const __m256i band_low = _mm256_set1_epi64x(static_cast<int64_t>(to_bits(0x1p-151)) - 1);
  const __m256i band_high = _mm256_set1_epi64x(static_cast<int64_t>(to_bits(0x1p-126)));
  __m256i in_band = _mm256_setzero_si256();
  for (const __m256d v : {approx, lo, hi}) {
    const __m256i m = _mm256_and_si256(_mm256_castpd_si256(v), magnitude_mask);
    in_band = _mm256_or_si256(in_band, _mm256_and_si256(_mm256_cmpgt_epi64(m, band_low), _mm256_cmpgt_epi64(band_high, m)));
  }
  if (!_mm256_testz_si256(in_band, in_band)) {
    _mm256_zeroupper();
    return false;
  }
  // nearest and certain, in 32-bit lanes.
  const __m128i nearest = _mm_castps_si128(_mm256_cvtpd_ps(approx));
  const __m128i same_ends = _mm_cmpeq_epi32(_mm_castps_si128(_mm256_cvtpd_ps(lo)), _mm_castps_si128(_mm256_cvtpd_ps(hi)));
  const __m128i nan = _mm_cmpgt_epi32(_mm_and_si128(nearest, _mm_set1_epi32(0x7fffffff)), _mm_set1_epi32(0x7f800000));
  const __m128i certain = _mm_or_si128(same_ends, nan);
  // ulp_scale: u = e - 23 - (power of two), clamped to [-149, 104].
  const __m256i bits = _mm256_and_si256(_mm256_castpd_si256(approx), magnitude_mask);
  const __m256i exponent = _mm256_sub_epi64(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(Double::bias));
  const __m256i power_of_two = _mm256_cmpeq_epi64(_mm256_and_si256(bits, _mm256_set1_epi64x(Double::mantissa_mask)),
                                                  _mm256_setzero_si256());  // -1 where it is
  __m256i u = _mm256_add_epi64(_mm256_sub_epi64(exponent, _mm256_set1_epi64x(Float::precision - 1)), power_of_two);
  const __m256i smallest = _mm256_set1_epi64x(Float::subnormal_exponent);
  const __m256i largest = _mm256_set1_epi64x(Float::emax - Float::precision + 1);
  u = _mm256_blendv_epi8(u, smallest, _mm256_cmpgt_epi64(smallest, u));
  u = _mm256_blendv_epi8(u, largest, _mm256_cmpgt_epi64(u, largest));
  const __m256i scale = _mm256_slli_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(Double::bias), u), 52);
  alignas(32) double scales[4];
  alignas(16) uint32_t nearest_bits[4], certain_bits[4];
  _mm256_store_pd(scales, _mm256_castsi256_pd(scale));
  _mm_store_si128(reinterpret_cast<__m128i*>(nearest_bits), nearest);
  _mm_store_si128(reinterpret_cast<__m128i*>(certain_bits), certain);
  _mm256_zeroupper();  // SSE code follows (fast_batch.cpp says why)
  for (int k = 0; k < 4; ++k) {
    p[k].nearest = nearest_bits[k];
    p[k].certain = certain_bits[k] != 0;
    p[k].ulp_scale = scales[k];
  }
  return true;
}

}  // namespace

void settle_point(Point& p) {
  // An exact approx is its own enclosure (settle_four says why).
  const double lo = p.error == 0 ? p.approx : p.approx - p.error;
  const double hi = p.error == 0 ? p.approx : p.approx + p.error;
  p.nearest = round_to_float_bits(p.approx);
  p.certain = std::isnan(p.approx) | (round_to_float_bits(lo) == round_to_float_bits(hi));
  p.ulp_scale = float_ulp_scale(p.approx);  // a NaN's is unused
}

void settle_points(Point* points, size_t n, bool vector) {
  size_t i = 0;
  if (vector) {
    for (; i + 4 <= n; i += 4) {
      if (!settle_four(points + i))
        for (size_t k = 0; k < 4; ++k) settle_point(points[i + k]);
    }
  }
  for (; i < n; ++i) settle_point(points[i]);
}

}  // namespace clconform::ref::math
