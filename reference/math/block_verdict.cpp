#include "reference/math/block_verdict.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>

#include "reference/fp_bits.hpp"
#include "reference/math/avx512_diagnostics.hpp"
#include "reference/math/block_passes_avx2.hpp"
#include "reference/math/double_double_avx2.hpp"
#include "reference/math/fast_batch.hpp"
#include "reference/math/fast_verdict.hpp"
#include "reference/math/grid_bits.hpp"

namespace clconform::ref::math {
namespace {

using Block = Judge::Block;

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX2_INLINE __attribute__((target("avx2,fma"), always_inline)) inline

// The floats with bits G as doubles, exactly, as float_bits_to_double
// gives them: zeros and subnormals through their integer multiple of
// 2^-149, so that no conversion sees a subnormal operand (grid_bits.hpp).
AVX2_INLINE __m256d float_bits_to_doubles(__m128i g) {
  const __m128i small = _mm_cmpeq_epi32(_mm_and_si128(g, _mm_set1_epi32(0x7f800000)), _mm_setzero_si128());
  if (_mm_testz_si128(small, small)) return _mm256_cvtps_pd(_mm_castsi128_ps(g));
  const __m256d normal = _mm256_cvtps_pd(_mm_castsi128_ps(_mm_andnot_si128(small, g)));  // +0 where small
  const __m256d magnitude = _mm256_mul_pd(_mm256_cvtepi32_pd(_mm_and_si128(g, _mm_set1_epi32(0x7fffff))),
                                          _mm256_set1_pd(0x1p-149));
  const __m256i sign = _mm256_slli_epi64(_mm256_cvtepu32_epi64(_mm_and_si128(g, _mm_set1_epi32(INT32_MIN))), 32);
  const __m256d tiny = _mm256_or_pd(magnitude, _mm256_castsi256_pd(sign));
  return _mm256_blendv_pd(normal, tiny, _mm256_castsi256_pd(_mm256_cvtepi32_epi64(small)));
}

// float_ulp_exponent (grid_bits.hpp) of four doubles that are not NaNs, in
// 64-bit lanes.
AVX2_INLINE __m256i float_ulp_exponents(__m256d x) {
  const __m256i bits = _mm256_and_si256(_mm256_castpd_si256(x), _mm256_set1_epi64x(int64_t(~Double::sign_mask)));
  const __m256i e = _mm256_sub_epi64(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(Double::bias));
  const __m256i power_of_two = _mm256_cmpeq_epi64(
      _mm256_and_si256(bits, _mm256_set1_epi64x(int64_t(Double::mantissa_mask))), _mm256_setzero_si256());  // -1 there
  __m256i u = _mm256_add_epi64(_mm256_sub_epi64(e, _mm256_set1_epi64x(Float::precision - 1)), power_of_two);
  const __m256i smallest = _mm256_set1_epi64x(Float::subnormal_exponent);
  const __m256i largest = _mm256_set1_epi64x(Float::emax - Float::precision + 1);
  u = _mm256_blendv_epi8(u, smallest, _mm256_cmpgt_epi64(smallest, u));
  return _mm256_blendv_epi8(u, largest, _mm256_cmpgt_epi64(u, largest));
}

// The smaller of two vectors of 64-bit integers.
AVX2_INLINE __m256i min_epi64(__m256i a, __m256i b) { return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b)); }

// 32-bit lane masks as 64-bit lane masks.
AVX2_INLINE __m256d widen(__m128i mask) { return _mm256_castsi256_pd(_mm256_cvtepi32_epi64(mask)); }

// The sufficient test of kind (b) for results at distance D from APPROX
// A, whose ulp scale is SCALE, under an ULP bound BOUND: an enclosure
// narrow against approx (0 <= e <= |a| / 4, as the fast tiers' are: a few
// double ulps) lies where the ulp is at least half approx's, and one
// below 2^-125 throughout (an underflowed approx, 0 or nearly) where every
// float's ulp is approx's own, 2^-149; either way (d + e) * 2 ulp_scale
// within the bound is passes_bound's pass for certain (the scalings are
// exact). Lane masks.
AVX2_INLINE __m256d quick_within(__m256d a, __m256d e, __m256d d, __m256d scale, __m256d bound) {
  const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(int64_t(~Double::sign_mask)));
  const __m256d magnitude = _mm256_and_pd(a, abs_mask);
  const __m256d narrow = _mm256_or_pd(_mm256_cmp_pd(e, _mm256_mul_pd(magnitude, _mm256_set1_pd(0.25)), _CMP_LE_OQ),
                                      _mm256_cmp_pd(_mm256_add_pd(magnitude, e), _mm256_set1_pd(0x1p-125), _CMP_LT_OQ));
  const __m256d enclosed = _mm256_cmp_pd(e, _mm256_setzero_pd(), _CMP_GE_OQ);
  const __m256d worst = _mm256_mul_pd(_mm256_add_pd(d, e), _mm256_set1_pd(1 + kFastVerdictSlack));
  const __m256d within = _mm256_cmp_pd(_mm256_mul_pd(worst, _mm256_add_pd(scale, scale)), bound, _CMP_LE_OQ);
  return _mm256_and_pd(_mm256_and_pd(enclosed, narrow), within);
}

// Kind (b) among points I to I + 3 with results G at distance D
// (CANDIDATE: a finite result, the same at every width, not the certain
// nearest float): fast_verdict's pass under an ULP bound ULPS, for a
// finite enclosure, where the largest error over [lo, hi] is (d + e) over
// the smallest ulp there.
__attribute__((target("avx2,fma"), always_inline)) inline __m256d passes_bound(const Block& b, size_t i, __m256d d,
                                                                                 __m256d candidate, double ulps) {
  const __m256d a = _mm256_load_pd(b.approx + i);
  const __m256d e = _mm256_load_pd(b.error + i);
  const __m256d lo = _mm256_sub_pd(a, e), hi = _mm256_add_pd(a, e);
  const __m256d straddles = _mm256_and_pd(_mm256_cmp_pd(lo, _mm256_setzero_pd(), _CMP_LT_OQ),
                                          _mm256_cmp_pd(hi, _mm256_setzero_pd(), _CMP_GT_OQ));
  const __m256i smallest = _mm256_blendv_epi8(min_epi64(float_ulp_exponents(lo), float_ulp_exponents(hi)),
                                              _mm256_set1_epi64x(Float::subnormal_exponent),
                                              _mm256_castpd_si256(straddles));
  const __m256d smallest_scale =
      _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(Double::bias), smallest), 52));
  const __m256d worst = _mm256_mul_pd(_mm256_mul_pd(_mm256_add_pd(d, e), _mm256_set1_pd(1 + kFastVerdictSlack)),
                                      smallest_scale);
  const __m256d within = _mm256_cmp_pd(worst, _mm256_set1_pd(ulps), _CMP_LE_OQ);
  // A finite approx (not a NaN, not an infinity) with an enclosure.
  const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(int64_t(~Double::sign_mask)));
  const __m256d finite_a = _mm256_cmp_pd(_mm256_and_pd(a, abs_mask), _mm256_set1_pd(HUGE_VAL), _CMP_LT_OQ);
  const __m256d enclosed = _mm256_cmp_pd(e, _mm256_setzero_pd(), _CMP_GE_OQ);
  return _mm256_and_pd(_mm256_and_pd(within, finite_a), _mm256_and_pd(enclosed, candidate));
}

// Judge's second case among points I to I + 3 with approx A, whose
// results (G as doubles: GD) are every width's NaN where NAN (lane masks)
// and else one infinity: a NaN approx for the NaNs; for an infinity,
// approx's own, or a finite approx whose whole enclosure lies at or
// beyond 2^128 on the infinity's side (fast_verdict's pass of an infinity
// for a real value that overflows: exp of 89 to 709, tgamma of 36 to 171,
// lgamma from 2^122); with an enclosure, and not prepared by MPFR (judge
// counts MPFR once per run). Such a result passes at 0 ulp. Lane masks,
// meaningful on the caller's NaN and infinite lanes only.
AVX2_INLINE __m256d second_case(const Block& b, size_t i, __m256d a, __m256d gd, __m128i nan) {
  const __m256d nan_a = _mm256_cmp_pd(a, a, _CMP_UNORD_Q);
  const __m256d e = _mm256_load_pd(b.error + i);
  const __m256d up = _mm256_and_pd(_mm256_cmp_pd(gd, _mm256_set1_pd(HUGE_VAL), _CMP_EQ_OQ),
                                   _mm256_cmp_pd(_mm256_sub_pd(a, e), _mm256_set1_pd(0x1p128), _CMP_GE_OQ));
  const __m256d down = _mm256_and_pd(_mm256_cmp_pd(gd, _mm256_set1_pd(-HUGE_VAL), _CMP_EQ_OQ),
                                     _mm256_cmp_pd(_mm256_add_pd(a, e), _mm256_set1_pd(-0x1p128), _CMP_LE_OQ));
  const __m256d enclosed = _mm256_cmp_pd(e, _mm256_setzero_pd(), _CMP_GE_OQ);
  const __m128i by_mpfr =
      _mm_cmpgt_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(b.by_mpfr + i)), _mm_setzero_si128());
  return _mm256_andnot_pd(widen(by_mpfr),
                          _mm256_and_pd(enclosed, _mm256_blendv_pd(_mm256_or_pd(up, down), nan_a, widen(nan))));
}

// The results' rows of the widths, for the first looks below: where the
// number of widths W is known at compile time, their pointers in locals,
// read once; else RESULTS itself.
template <size_t W>
struct WidthRows {
  const uint32_t* own[W > 0 ? W : 1];
  const uint32_t* const* results;
  explicit WidthRows(const uint32_t* const* r) : results(r) {
    if constexpr (W > 0)
      for (size_t k = 0; k < W; ++k) own[k] = r[k];
  }
  const uint32_t* const* rows() const {
    if constexpr (W > 0) return own;
    return results;
  }
};

// The first look of pass_block_avx2 at an unsettled block under an ULP
// bound ULPS, four points per step, each point's results the same at
// every width: finite results that pass quick_within (kind (b)), and NaNs
// and infinities that pass as judge's second case (every width a NaN for
// a NaN approx, approx's own infinity; enclosed, not prepared by MPFR; at
// 0 ulp). A step whose four points all pass is recorded in OUT, their
// largest error in MAX: nearly every step of a sweep, and whole runs of
// overflowed, underflowed and NaN results. Any other step's first point
// gets its bit in REST, for the full step. In a loop and a function of
// its own, so that its constants stay in registers; W is the number of
// widths where it is known at compile time (0: WIDTHS).
template <size_t W, bool MarkHuge>
__attribute__((target("avx2,fma"), noinline)) void quick_passes(const Block& b, const uint32_t* const* results,
                                                                size_t widths, double ulps, double large, double huge,
                                                                BlockPasses& out, uint64_t* rest, __m256d& max) {
  const size_t n4 = b.n / 4 * 4;
  const size_t nw = W > 0 ? W : widths;
  const __m128i exponent_mask = _mm_set1_epi32(0x7f800000), magnitude32 = _mm_set1_epi32(0x7fffffff);
  const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(int64_t(~Double::sign_mask)));
  const __m256d at_least = _mm256_set1_pd(large), beyond = _mm256_set1_pd(huge), bound = _mm256_set1_pd(ulps);
  const __m256d none = _mm256_set1_pd(-1);
  const __m256i bias = _mm256_set1_epi64x(Double::bias);
  const WidthRows<W> width_rows(results);
  const uint32_t* const* rows = width_rows.rows();
  __m256d largest = max;
  for (size_t i = 0; i < n4; i += 4) {
    const __m128i g = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[0] + i));
    __m128i same = _mm_set1_epi32(-1);
#pragma GCC unroll 16
    for (size_t k = 1; k < nw; ++k)
      same = _mm_and_si128(same, _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[k] + i)), g));
    if (_mm_movemask_ps(_mm_castsi128_ps(same)) != 0xf) {
      rest[i / 64] |= uint64_t(1) << (i % 64);
      continue;
    }
    const __m128i infinite_or_nan = _mm_cmpeq_epi32(_mm_and_si128(g, exponent_mask), exponent_mask);
    const __m256d a = _mm256_load_pd(b.approx + i);
    const __m256d e = _mm256_load_pd(b.error + i);
    const __m256d gd = float_bits_to_doubles(g);
    const __m256d d = _mm256_and_pd(_mm256_sub_pd(gd, a), abs_mask);
    const __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(bias, float_ulp_exponents(a)), 52));
    __m256d passes = quick_within(a, e, d, scale, bound);
    __m256d u = _mm256_mul_pd(d, scale);
    if (!_mm_testz_si128(infinite_or_nan, infinite_or_nan)) {
      const __m256d special = widen(infinite_or_nan);
      const __m128i nan = _mm_cmpgt_epi32(_mm_and_si128(g, magnitude32), exponent_mask);
      passes = _mm256_blendv_pd(passes, second_case(b, i, a, gd, nan), special);
      u = _mm256_andnot_pd(special, u);
    }
    if (_mm256_movemask_pd(passes) != 0xf) {
      rest[i / 64] |= uint64_t(1) << (i % 64);
      continue;
    }
    record_passes4<MarkHuge>(out, i, passes, u, at_least, beyond, none, largest);
  }
  max = largest;
}

// quick_passes with AVX-512, eight points per step: the same test in the
// same arithmetic, lane by lane, so that it passes the same points with
// the same errors. A step still passes or not by four: each half of eight
// that does not pass whole gets its bit in REST, as the four-point loop
// would give it. Used where dd::cpu_has_avx512 says so.
#define AVX512_INLINE __attribute__((target("avx512f,avx2,fma"), always_inline)) inline
CLC_AVX512_CODE_BEGIN

// float_bits_to_doubles for the eight floats G.
AVX512_INLINE __m512d float_bits_to_doubles8(__m256i g) {
  const __m256i small = _mm256_cmpeq_epi32(_mm256_and_si256(g, _mm256_set1_epi32(0x7f800000)), _mm256_setzero_si256());
  if (_mm256_testz_si256(small, small)) return _mm512_cvtps_pd(_mm256_castsi256_ps(g));
  const __m512d normal = _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_andnot_si256(small, g)));  // +0 where small
  const __m512d magnitude = _mm512_mul_pd(_mm512_cvtepi32_pd(_mm256_and_si256(g, _mm256_set1_epi32(0x7fffff))),
                                          _mm512_set1_pd(0x1p-149));
  const __m512i sign = _mm512_slli_epi64(_mm512_cvtepu32_epi64(_mm256_and_si256(g, _mm256_set1_epi32(INT32_MIN))), 32);
  const __m512d tiny = _mm512_castsi512_pd(_mm512_or_si512(_mm512_castpd_si512(magnitude), sign));
  return _mm512_mask_blend_pd(__mmask8(_mm256_movemask_ps(_mm256_castsi256_ps(small))), normal, tiny);
}

AVX512_INLINE __m512d magnitude8(__m512d x) {
  return _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(x), _mm512_set1_epi64(int64_t(~Double::sign_mask))));
}

// float_ulp_exponents for eight doubles.
AVX512_INLINE __m512i float_ulp_exponents8(__m512d x) {
  const __m512i bits = _mm512_castpd_si512(magnitude8(x));
  const __m512i e = _mm512_sub_epi64(_mm512_srli_epi64(bits, 52), _mm512_set1_epi64(Double::bias));
  const __mmask8 power_of_two = _mm512_testn_epi64_mask(bits, _mm512_set1_epi64(int64_t(Double::mantissa_mask)));
  const __m512i u = _mm512_sub_epi64(e, _mm512_set1_epi64(Float::precision - 1));
  const __m512i v = _mm512_mask_sub_epi64(u, power_of_two, u, _mm512_set1_epi64(1));
  return _mm512_min_epi64(_mm512_max_epi64(v, _mm512_set1_epi64(Float::subnormal_exponent)),
                          _mm512_set1_epi64(Float::emax - Float::precision + 1));
}

// quick_within for eight points.
AVX512_INLINE __mmask8 quick_within8(__m512d a, __m512d e, __m512d d, __m512d scale, __m512d bound) {
  const __m512d magnitude = magnitude8(a);
  const __mmask8 narrow = _mm512_cmp_pd_mask(e, _mm512_mul_pd(magnitude, _mm512_set1_pd(0.25)), _CMP_LE_OQ) |
                          _mm512_cmp_pd_mask(_mm512_add_pd(magnitude, e), _mm512_set1_pd(0x1p-125), _CMP_LT_OQ);
  const __mmask8 enclosed = _mm512_cmp_pd_mask(e, _mm512_setzero_pd(), _CMP_GE_OQ);
  const __m512d worst = _mm512_mul_pd(_mm512_add_pd(d, e), _mm512_set1_pd(1 + kFastVerdictSlack));
  const __mmask8 within = _mm512_cmp_pd_mask(_mm512_mul_pd(worst, _mm512_add_pd(scale, scale)), bound, _CMP_LE_OQ);
  return enclosed & narrow & within;
}

// second_case for the eight points from I, whose every width is a NaN
// where NAN (bit k: lane k).
AVX512_INLINE __mmask8 second_case8(const Block& b, size_t i, __m512d a, __m512d gd, __mmask8 nan) {
  const __mmask8 nan_a = _mm512_cmp_pd_mask(a, a, _CMP_UNORD_Q);
  const __m512d e = _mm512_loadu_pd(b.error + i);
  const __mmask8 up = _mm512_cmp_pd_mask(gd, _mm512_set1_pd(HUGE_VAL), _CMP_EQ_OQ) &
                      _mm512_cmp_pd_mask(_mm512_sub_pd(a, e), _mm512_set1_pd(0x1p128), _CMP_GE_OQ);
  const __mmask8 down = _mm512_cmp_pd_mask(gd, _mm512_set1_pd(-HUGE_VAL), _CMP_EQ_OQ) &
                        _mm512_cmp_pd_mask(_mm512_add_pd(a, e), _mm512_set1_pd(-0x1p128), _CMP_LE_OQ);
  const __mmask8 overflow = up | down;
  const __mmask8 enclosed = _mm512_cmp_pd_mask(e, _mm512_setzero_pd(), _CMP_GE_OQ);
  const __m256i by_mpfr = _mm256_cmpgt_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.by_mpfr + i)),
                                             _mm256_setzero_si256());
  const __mmask8 mpfr = __mmask8(_mm256_movemask_ps(_mm256_castsi256_ps(by_mpfr)));
  return __mmask8(~mpfr & enclosed & ((nan & nan_a) | (~nan & overflow)));
}

// The passes PASS (bit k: point I + k) of eight points with errors U,
// whole fours only (as the four-point steps pass), recorded as
// record_passes4 records them; returns the passes kept.
template <bool MarkHuge>
AVX512_INLINE unsigned record_fours8(BlockPasses& out, size_t i, unsigned pass, __m512d u, __m512d at_least,
                                     __m512d beyond, __m512d none, __m512d& largest) {
  if ((pass & 0xf) != 0xf) pass &= 0xf0;
  if ((pass & 0xf0) != 0xf0) pass &= 0x0f;
  if (pass == 0) return 0;
  const __mmask8 p = __mmask8(pass);
  _mm512_storeu_pd(out.ulp + i, u);
  largest = _mm512_max_pd(largest, _mm512_mask_blend_pd(p, none, u));
  const uint64_t is_large = _mm512_mask_cmp_pd_mask(p, u, at_least, _CMP_GE_OQ);
  out.passed[i / 64] |= uint64_t(pass) << (i % 64);
  out.large[i / 64] |= is_large << (i % 64);
  if constexpr (MarkHuge) {
    const uint64_t is_huge = _mm512_mask_cmp_pd_mask(p, u, beyond, _CMP_GE_OQ);
    out.huge[i / 64] |= is_huge << (i % 64);
  }
  return pass;
}

// The fours of the eight points from I that PASS does not cover, into REST.
AVX512_INLINE void rest_fours8(size_t i, unsigned pass, uint64_t* rest) {
  if ((pass & 0xf) == 0) rest[i / 64] |= uint64_t(1) << (i % 64);
  if ((pass & 0xf0) == 0) rest[(i + 4) / 64] |= uint64_t(1) << ((i + 4) % 64);
}

// The end of an eight-point look over the first N8 points: a last four
// (B.N is a multiple of four for these looks) into REST, and LARGEST into MAX.
AVX512_INLINE void finish_look8(const Block& b, size_t n8, uint64_t* rest, __m512d largest, __m256d& max) {
  if (b.n / 4 * 4 > n8) rest[n8 / 64] |= uint64_t(1) << (n8 % 64);
  max = _mm256_max_pd(max, _mm256_max_pd(_mm512_castpd512_pd256(largest), _mm512_extractf64x4_pd(largest, 1)));
}

template <size_t W, bool MarkHuge>
__attribute__((target("avx512f,avx2,fma"), noinline)) void quick_passes8(const Block& b, const uint32_t* const* results,
                                                                       size_t widths, double ulps, double large,
                                                                       double huge, BlockPasses& out, uint64_t* rest,
                                                                       __m256d& max) {
  const size_t n8 = b.n / 8 * 8;
  const size_t nw = W > 0 ? W : widths;
  const __m256i exponent_mask = _mm256_set1_epi32(0x7f800000), magnitude32 = _mm256_set1_epi32(0x7fffffff);
  const __m512d at_least = _mm512_set1_pd(large), beyond = _mm512_set1_pd(huge), bound = _mm512_set1_pd(ulps);
  const __m512d none = _mm512_set1_pd(-1);
  const __m512i bias = _mm512_set1_epi64(Double::bias);
  const WidthRows<W> width_rows(results);
  const uint32_t* const* rows = width_rows.rows();
  __m512d largest = _mm512_set1_pd(-1);
  for (size_t i = 0; i < n8; i += 8) {
    const __m256i g = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[0] + i));
    __m256i same = _mm256_set1_epi32(-1);
#pragma GCC unroll 16
    for (size_t k = 1; k < nw; ++k)
      same = _mm256_and_si256(same, _mm256_cmpeq_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[k] + i)), g));
    unsigned pass = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(same)));
    if (pass != 0) {
      const __m256i infinite_or_nan = _mm256_cmpeq_epi32(_mm256_and_si256(g, exponent_mask), exponent_mask);
      const __m512d a = _mm512_loadu_pd(b.approx + i);
      const __m512d e = _mm512_loadu_pd(b.error + i);
      const __m512d gd = float_bits_to_doubles8(g);
      const __m512d d = magnitude8(_mm512_sub_pd(gd, a));
      const __m512d scale = _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_sub_epi64(bias, float_ulp_exponents8(a)), 52));
      __mmask8 passes = quick_within8(a, e, d, scale, bound);
      __m512d u = _mm512_mul_pd(d, scale);
      if (!_mm256_testz_si256(infinite_or_nan, infinite_or_nan)) {
        const __mmask8 special = __mmask8(_mm256_movemask_ps(_mm256_castsi256_ps(infinite_or_nan)));
        const __mmask8 nan = __mmask8(_mm256_movemask_ps(
            _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_and_si256(g, magnitude32), exponent_mask))));
        passes = __mmask8((passes & ~special) | (second_case8(b, i, a, gd, nan) & special));
        u = _mm512_mask_blend_pd(special, u, _mm512_setzero_pd());
      }
      pass = record_fours8<MarkHuge>(out, i, pass & passes, u, at_least, beyond, none, largest);
    }
    rest_fours8(i, pass, rest);
  }
  finish_look8(b, n8, rest, largest, max);
}

// The first look of pass_block_avx2 at a settled block, eight points per
// step: a point whose every width returned the certain nearest float, finite
// (full_step's kind (a)), passes with error |result - approx| * ulp_scale;
// as in quick_passes8, only whole fours pass here and the others get their
// bits in REST for full_step.
template <size_t W, bool MarkHuge>
__attribute__((target("avx512f,avx2,fma"), noinline)) void nearest_passes8(const Block& b, const uint32_t* const* results,
                                                                         size_t widths, double large, double huge,
                                                                         BlockPasses& out, uint64_t* rest, __m256d& max) {
  const size_t n8 = b.n / 8 * 8;
  const size_t nw = W > 0 ? W : widths;
  const __m256i exponent_mask = _mm256_set1_epi32(0x7f800000);
  const __m512d at_least = _mm512_set1_pd(large), beyond = _mm512_set1_pd(huge), none = _mm512_set1_pd(-1);
  const WidthRows<W> width_rows(results);
  const uint32_t* const* rows = width_rows.rows();
  __m512d largest = none;
  for (size_t i = 0; i < n8; i += 8) {
    const __m256i g = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[0] + i));
    __m256i same = _mm256_and_si256(
        _mm256_cmpeq_epi32(g, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.nearest + i))),
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.certain + i)));
#pragma GCC unroll 16
    for (size_t k = 1; k < nw; ++k)
      same = _mm256_and_si256(same, _mm256_cmpeq_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[k] + i)), g));
    const __m256i finite = _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_and_si256(g, exponent_mask), exponent_mask),
                                            _mm256_set1_epi32(-1));
    unsigned pass = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(same, finite))));
    if (pass != 0) {
      const __m512d d = magnitude8(_mm512_sub_pd(float_bits_to_doubles8(g), _mm512_loadu_pd(b.approx + i)));
      const __m512d u = _mm512_mul_pd(d, _mm512_loadu_pd(b.ulp_scale + i));
      pass = record_fours8<MarkHuge>(out, i, pass, u, at_least, beyond, none, largest);
    }
    rest_fours8(i, pass, rest);
  }
  finish_look8(b, n8, rest, largest, max);
}
CLC_AVX512_CODE_END

// One step of pass_block_avx2, the four points from I, in full. ULPS: an
// ULP bound, of value ULPS (else correct rounding: no pass of kind (b); a
// correctly rounded bound needs a settled block). SETTLED: kind (a) is
// tested, from the block's nearest and certain, and ulp_scale read;
// otherwise ulp_scale is computed from approx as settling computes it, and
// the certain nearest float passes, if at all, as kind (b). MARK_HUGE: the
// passes of an error of at least HUGE are marked (under a bound below HUGE
// there are none). Inlined into loops that call nothing, so that its
// constants stay in registers.
template <bool Settled, bool Ulps, bool MarkHuge>
AVX2_INLINE void full_step(const Block& b, const uint32_t* const* results, size_t widths, double ulps, double large,
                           double huge, size_t i, BlockPasses& out, __m256d& max) {
  const __m128i exponent_mask = _mm_set1_epi32(0x7f800000), magnitude32 = _mm_set1_epi32(0x7fffffff);
  const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(int64_t(~Double::sign_mask)));
  const __m256d none = _mm256_set1_pd(-1), at_least = _mm256_set1_pd(large), beyond = _mm256_set1_pd(huge);
  const __m256d bound = _mm256_set1_pd(ulps);
  const __m128i g = _mm_loadu_si128(reinterpret_cast<const __m128i*>(results[0] + i));
  __m128i same = _mm_set1_epi32(-1);
  for (size_t k = 1; k < widths; ++k)
    same = _mm_and_si128(same, _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(results[k] + i)), g));
  const __m128i infinite_or_nan = _mm_cmpeq_epi32(_mm_and_si128(g, exponent_mask), exponent_mask);
  const __m128i same_finite = _mm_andnot_si128(infinite_or_nan, same);
  const bool all_same_finite = _mm_movemask_ps(_mm_castsi128_ps(same_finite)) == 0xf;
  // Every width a NaN: where they are the same, G is; elsewhere, each.
  __m128i nan = _mm_cmpgt_epi32(_mm_and_si128(g, magnitude32), exponent_mask);
  if (!all_same_finite) {
    if (!_mm_testz_si128(nan, nan))
      for (size_t k = 1; k < widths; ++k)
        nan = _mm_and_si128(nan, _mm_cmpgt_epi32(_mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(results[k] + i)),
                                                               magnitude32), exponent_mask));
    const __m128i any = _mm_or_si128(same, nan);
    if (_mm_testz_si128(any, any)) return;
  }
  // The error judge gives: |result - approx| * ulp_scale.
  const __m256d a = _mm256_load_pd(b.approx + i);
  const __m256d gd = float_bits_to_doubles(g);
  const __m256d d = _mm256_and_pd(_mm256_sub_pd(gd, a), abs_mask);
  const __m256d scale = Settled ? _mm256_load_pd(b.ulp_scale + i)
                                : _mm256_castsi256_pd(_mm256_slli_epi64(
                                      _mm256_sub_epi64(_mm256_set1_epi64x(Double::bias), float_ulp_exponents(a)), 52));
  __m256d u = _mm256_mul_pd(d, scale);
  // (a): the certain nearest float, finite; (b) candidates: any other
  // finite result.
  __m128i candidate = same_finite;
  __m256d passes = _mm256_setzero_pd();
  if (Settled) {
    const __m128i want = _mm_load_si128(reinterpret_cast<const __m128i*>(b.nearest + i));
    const __m128i certain = _mm_load_si128(reinterpret_cast<const __m128i*>(b.certain + i));
    const __m128i nearest = _mm_and_si128(same_finite, _mm_and_si128(_mm_cmpeq_epi32(g, want), certain));
    candidate = _mm_andnot_si128(nearest, same_finite);
    passes = widen(nearest);
  }
  if (Ulps && !_mm_testz_si128(candidate, candidate)) {
    // quick_within's sufficient test first; the others take
    // passes_bound's exact one.
    const __m256d candidates = widen(candidate);
    const __m256d e = _mm256_load_pd(b.error + i);
    const __m256d quick = _mm256_and_pd(candidates, quick_within(a, e, d, scale, bound));
    const __m256d rest = _mm256_andnot_pd(quick, candidates);
    passes = _mm256_or_pd(passes, quick);
    if (!_mm256_testz_pd(rest, rest)) passes = _mm256_or_pd(passes, passes_bound(b, i, d, rest, ulps));
  }
  // (c) and (d): every width a NaN (any) for a NaN real result, or the
  // infinity of an infinite approx, pass at 0 ulp (judge's second case),
  // unless MPFR prepared the point (judge counts MPFR once per run).
  const __m128i nan_or_infinite = _mm_or_si128(nan, _mm_and_si128(infinite_or_nan, same));
  if (!all_same_finite && !_mm_testz_si128(nan_or_infinite, nan_or_infinite)) {
    const __m256d special = _mm256_and_pd(widen(nan_or_infinite), second_case(b, i, a, gd, nan));
    u = _mm256_andnot_pd(special, u);
    passes = _mm256_or_pd(passes, special);
  }
  record_passes4<MarkHuge>(out, i, passes, u, at_least, beyond, none, max);
}

// The passes of a block (pass_block): on an unsettled block under an ULP
// bound, quick_passes takes the steps it can and only the others are
// taken in full; otherwise every step is.
template <bool Settled, bool Ulps, bool MarkHuge>
AVX2 void pass_block_avx2(const Block& b, const uint32_t* const* results, size_t widths, double ulps, double large,
                          double huge, BlockPasses& out) {
  const size_t n4 = b.n / 4 * 4;
  __m256d max = _mm256_set1_pd(-1);
  if constexpr (!Settled && Ulps) {
    // The steps left, a bit at each one's first point.
    uint64_t steps[BlockPasses::kWords] = {};
    // A GPU's six widths (1, 2, 3, 4, 8, 16) in a loop the compiler unrolls.
    if (dd::cpu_has_avx512()) {
      if (widths == 6) quick_passes8<6, MarkHuge>(b, results, widths, ulps, large, huge, out, steps, max);
      else quick_passes8<0, MarkHuge>(b, results, widths, ulps, large, huge, out, steps, max);
    } else if (widths == 6) {
      quick_passes<6, MarkHuge>(b, results, widths, ulps, large, huge, out, steps, max);
    } else {
      quick_passes<0, MarkHuge>(b, results, widths, ulps, large, huge, out, steps, max);
    }
    for (size_t w = 0; w < BlockPasses::kWords; ++w)
      for (uint64_t left = steps[w]; left != 0; left &= left - 1)
        full_step<Settled, Ulps, MarkHuge>(b, results, widths, ulps, large, huge, 64 * w + size_t(__builtin_ctzll(left)),
                                           out, max);
  } else if (Settled && dd::cpu_has_avx512()) {
    uint64_t steps[BlockPasses::kWords] = {};
    if (widths == 6) nearest_passes8<6, MarkHuge>(b, results, widths, large, huge, out, steps, max);
    else nearest_passes8<0, MarkHuge>(b, results, widths, large, huge, out, steps, max);
    for (size_t w = 0; w < BlockPasses::kWords; ++w)
      for (uint64_t left = steps[w]; left != 0; left &= left - 1)
        full_step<Settled, Ulps, MarkHuge>(b, results, widths, ulps, large, huge, 64 * w + size_t(__builtin_ctzll(left)),
                                           out, max);
  } else {
    for (size_t i = 0; i < n4; i += 4) full_step<Settled, Ulps, MarkHuge>(b, results, widths, ulps, large, huge, i, out, max);
  }
  finish_max(out, max);
}

AVX2 void equal_to_block_avx2(const uint32_t* want, const uint32_t* const* results, size_t widths, size_t n8,
                              uint64_t* equal) {
  for (size_t i = 0; i < n8; i += 8) {
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(want + i));
    __m256i same = _mm256_set1_epi32(-1);
    for (size_t k = 0; k < widths; ++k)
      same = _mm256_and_si256(same, _mm256_cmpeq_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(results[k] + i)), w));
    equal[i / 64] |= uint64_t(unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(same)))) << (i % 64);
  }
}

AVX2 void count_wrong_groups_avx2(const uint32_t* want, const uint32_t* const* results, size_t widths, size_t n8,
                                  const uint64_t* plain, uint32_t unwritten, TakeWrongGroup take, void* context,
                                  uint64_t* taken, uint64_t* wrong) {
  const __m256i pattern = _mm256_set1_epi32(int32_t(unwritten));
  for (size_t i = 0; i < n8; i += 8) {
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(want + i));
    // Per width, the lanes whose result is wrong; per lane, how many are.
    unsigned wrong_lanes[16];
    __m256i any_wrong = _mm256_setzero_si256(), any_unwritten = _mm256_setzero_si256(), count = _mm256_setzero_si256();
    for (size_t k = 0; k < widths; ++k) {
      const __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(results[k] + i));
      const __m256i bad = _mm256_xor_si256(_mm256_cmpeq_epi32(r, w), _mm256_set1_epi32(-1));
      wrong_lanes[k] = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(bad)));
      any_wrong = _mm256_or_si256(any_wrong, bad);
      any_unwritten = _mm256_or_si256(any_unwritten, _mm256_cmpeq_epi32(r, pattern));
      count = _mm256_sub_epi32(count, bad);
    }
    const unsigned lanes = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(any_wrong)));
    if (lanes == 0) continue;
    // The group's exact value: the first wrong lane's; every wrong lane
    // must share it, be plain and have no unwritten result.
    const uint32_t v = want[i + size_t(__builtin_ctz(lanes))];
    const unsigned other_value = ~unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(w, _mm256_set1_epi32(int32_t(v))))));
    const unsigned plain_lanes = unsigned(plain[i / 64] >> (i % 64)) & 0xffu;
    const unsigned bad_lanes = (other_value | ~plain_lanes | unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(any_unwritten)))) & lanes;
    if (bad_lanes != 0) continue;
    // Eight lanes of at most sixteen wrong values each.
    __m128i sum = _mm_add_epi32(_mm256_castsi256_si128(count), _mm256_extracti128_si256(count, 1));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4e));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xb1));
    if (!take(context, v, uint64_t(uint32_t(_mm_cvtsi128_si32(sum))))) continue;
    taken[i / 64] |= uint64_t(lanes) << (i % 64);
    for (size_t k = 0; k < widths; ++k) wrong[k] += uint64_t(__builtin_popcount(wrong_lanes[k]));
  }
}

}  // namespace

namespace {

// The bounds under which the certain nearest float passes (a bound of 0
// ulp is correct rounding, judge.hpp); an ULP bound of at least half an
// ulp passes other results as well.
bool nearest_passes(const Bound& bound) {
  return bound.correctly_rounded() || (bound.kind == Bound::Kind::Ulps && bound.value >= 0.5);
}

// Eight floats or four doubles of AVX2 lanes, for nan_lanes_avx2.
struct FloatLanes {
  using Bits = uint32_t;
  static constexpr size_t kStep = 8;
  AVX2_INLINE static __m256i all(Bits v) { return _mm256_set1_epi32(int32_t(v)); }
  AVX2_INLINE static __m256i greater(__m256i a, __m256i b) { return _mm256_cmpgt_epi32(a, b); }
  AVX2_INLINE static __m256i equal(__m256i a, __m256i b) { return _mm256_cmpeq_epi32(a, b); }
  AVX2_INLINE static unsigned mask(__m256i m) { return unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(m))); }
  static constexpr Bits kMagnitude = 0x7fffffff, kInfinity = 0x7f800000, kQuiet = Float::quiet_bit;
};
struct DoubleLanes {
  using Bits = uint64_t;
  static constexpr size_t kStep = 4;
  AVX2_INLINE static __m256i all(Bits v) { return _mm256_set1_epi64x(int64_t(v)); }
  AVX2_INLINE static __m256i greater(__m256i a, __m256i b) { return _mm256_cmpgt_epi64(a, b); }
  AVX2_INLINE static __m256i equal(__m256i a, __m256i b) { return _mm256_cmpeq_epi64(a, b); }
  AVX2_INLINE static unsigned mask(__m256i m) { return unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(m))); }
  static constexpr Bits kMagnitude = 0x7fffffffffffffff, kInfinity = 0x7ff0000000000000, kQuiet = Double::quiet_bit;
};

// nan_results_block's whole groups of L::kStep lanes, for points [0, N):
// a NaN's magnitude is above the infinity's (as a signed integer too).
template <class L>
AVX2 void nan_lanes_avx2(const typename L::Bits* const* results, size_t widths, size_t n, uint64_t* nan,
                         uint64_t* quiet) {
  const __m256i magnitude = L::all(L::kMagnitude), infinity = L::all(L::kInfinity), quiet_bit = L::all(L::kQuiet);
  uint64_t quiet_count = 0;
  for (size_t i = 0; i < n; i += L::kStep) {
    __m256i every = L::all(~typename L::Bits(0));
    unsigned quiet_lanes[16];
    for (size_t k = 0; k < widths; ++k) {
      const __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(results[k] + i));
      every = _mm256_and_si256(every, L::greater(_mm256_and_si256(r, magnitude), infinity));
      quiet_lanes[k] = L::mask(L::equal(_mm256_and_si256(r, quiet_bit), quiet_bit));
    }
    const unsigned lanes = L::mask(every);
    nan[i / 64] |= uint64_t(lanes) << (i % 64);
    for (size_t k = 0; k < widths; ++k) quiet_count += unsigned(__builtin_popcount(quiet_lanes[k] & lanes));
  }
  *quiet += quiet_count;
}

// nan_results_block point by point, for points [FROM, N).
template <class Format, class Bits>
void nan_results_scalar(const Bits* const* results, size_t widths, size_t from, size_t n, uint64_t* nan,
                        uint64_t* quiet) {
  for (size_t i = from; i < n; ++i) {
    bool all = true;
    uint64_t q = 0;
    for (size_t k = 0; k < widths; ++k) {
      all &= is_nan<Format>(results[k][i]);
      q += (results[k][i] & Format::quiet_bit) != 0;
    }
    if (!all) continue;
    nan[i / 64] |= uint64_t(1) << (i % 64);
    *quiet += q;
  }
}

}  // namespace

bool needs_settled_block(const Bound& bound) { return bound.kind != Bound::Kind::Ulps || bound.value < 1.5; }

bool pass_each_width(const Block& b, size_t i, const uint32_t* const* results, size_t widths, const Bound& bound,
                     double* ulp) {
  if (!nearest_passes(bound) || b.by_mpfr[i] != 0) return false;
  const double a = b.approx[i], e = b.error[i];
  // Kind (a) on a settled block; on another, the bound needs none (the
  // certain nearest float passes as kind (b), needs_settled_block).
  const bool certain = b.settled && b.certain[i] != 0;
  const uint32_t nearest_bits = b.settled ? b.nearest[i] : 0;
  const double scale = b.settled ? b.ulp_scale[i] : float_ulp_scale(a);
  // Kind (b): the part of fast_verdict's pass that depends on the point
  // alone, once.
  const bool ulp_bound = !bound.correctly_rounded() && e >= 0 && std::isfinite(a);
  double smallest_scale = 0;
  if (ulp_bound) {
    const double lo = a - e, hi = a + e;
    const int smallest = lo < 0 && hi > 0 ? Float::subnormal_exponent
                                          : std::min(float_ulp_exponent(lo), float_ulp_exponent(hi));
    smallest_scale = float_scale_of(smallest);
  }
  // Without a branch per width: which width differs is a coin toss.
  bool all_pass = true;
  for (size_t k = 0; k < widths; ++k) {
    const uint32_t g = results[k][i];
    const bool finite = (g & Float::exponent_mask) != Float::exponent_mask;
    const double d = std::fabs(float_bits_to_double(g) - a);
    ulp[k] = d * scale;
    const bool nearest = certain & (g == nearest_bits);                                                // (a)
    const bool within = ulp_bound & ((d + e) * (1 + kFastVerdictSlack) * smallest_scale <= bound.value);  // (b)
    all_pass &= finite & (nearest | within);
  }
  return all_pass;
}

void pass_block(const Block& b, const uint32_t* const* results, size_t widths, const Bound& bound, double large,
                double huge, BlockPasses& out) {
  std::fill(out.passed, out.passed + BlockPasses::kWords, 0);
  std::fill(out.large, out.large + BlockPasses::kWords, 0);
  std::fill(out.huge, out.huge + BlockPasses::kWords, 0);
  out.count = out.by_mpfr = 0;
  out.max_ulp = -1;
  if (!nearest_passes(bound) || widths == 0 || !cpu_has_avx2_fma() || (!b.settled && needs_settled_block(bound))) return;
  if (bound.correctly_rounded()) {
    pass_block_avx2<true, false, false>(b, results, widths, 0, large, huge, out);
  } else if (bound.value < huge) {
    // No pass can be huge: its error is within the bound.
    if (b.settled) pass_block_avx2<true, true, false>(b, results, widths, bound.value, large, huge, out);
    else pass_block_avx2<false, true, false>(b, results, widths, bound.value, large, huge, out);
  } else {
    if (b.settled) pass_block_avx2<true, true, true>(b, results, widths, bound.value, large, huge, out);
    else pass_block_avx2<false, true, true>(b, results, widths, bound.value, large, huge, out);
  }
  for (size_t w = 0; w < BlockPasses::kWords; ++w) out.count += uint64_t(__builtin_popcountll(out.passed[w]));
  if (b.mpfr_points == 0) return;
  for (size_t w = 0; w < BlockPasses::kWords; ++w)
    for (uint64_t bits = out.passed[w]; bits != 0; bits &= bits - 1) out.by_mpfr += b.by_mpfr[64 * w + size_t(__builtin_ctzll(bits))];
}

size_t BlockPasses::max_point() const {
  for (size_t w = 0; w < kWords; ++w) {
    for (uint64_t bits = passed[w]; bits != 0; bits &= bits - 1) {
      const size_t i = 64 * w + size_t(__builtin_ctzll(bits));
      if (ulp[i] == max_ulp) return i;
    }
  }
  return 0;
}

void nan_results_block(const uint32_t* const* results, size_t widths, size_t n,
                       uint64_t (&nan)[BlockPasses::kWords], uint64_t* quiet) {
  std::fill(nan, nan + BlockPasses::kWords, 0);
  const size_t n8 = cpu_has_avx2_fma() ? n / 8 * 8 : 0;
  if (n8 > 0) nan_lanes_avx2<FloatLanes>(results, widths, n8, nan, quiet);
  nan_results_scalar<Float>(results, widths, n8, n, nan, quiet);
}

void nan_results_block(const uint64_t* const* results, size_t widths, size_t n,
                       uint64_t (&nan)[BlockPasses::kWords], uint64_t* quiet) {
  std::fill(nan, nan + BlockPasses::kWords, 0);
  const size_t n4 = cpu_has_avx2_fma() ? n / 4 * 4 : 0;
  if (n4 > 0) nan_lanes_avx2<DoubleLanes>(results, widths, n4, nan, quiet);
  nan_results_scalar<Double>(results, widths, n4, n, nan, quiet);
}

void equal_to_block(const uint32_t* want, const uint32_t* const* results, size_t widths, size_t n,
                    uint64_t (&equal)[BlockPasses::kWords]) {
  std::fill(equal, equal + BlockPasses::kWords, 0);
  const size_t n8 = cpu_has_avx2_fma() ? n / 8 * 8 : 0;
  if (n8 > 0) equal_to_block_avx2(want, results, widths, n8, equal);
  for (size_t i = n8; i < n; ++i) {
    bool same = true;
    for (size_t k = 0; k < widths; ++k) same &= results[k][i] == want[i];
    equal[i / 64] |= uint64_t(same) << (i % 64);
  }
}

void count_wrong_groups(const uint32_t* want, const uint32_t* const* results, size_t widths, size_t n,
                        const uint64_t* plain, uint32_t unwritten, TakeWrongGroup take, void* context,
                        uint64_t (&taken)[BlockPasses::kWords], uint64_t* wrong) {
  std::fill(taken, taken + BlockPasses::kWords, 0);
  if (cpu_has_avx2_fma()) count_wrong_groups_avx2(want, results, widths, n / 8 * 8, plain, unwritten, take, context, taken, wrong);
}

}  // namespace clconform::ref::math
