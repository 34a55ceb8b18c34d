#include "reference/math/fast_batch.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "reference/math/avx512_diagnostics.hpp"
#include "reference/math/double_double_avx2.hpp"
#include "reference/math/fast_tier.hpp"
#include "reference/math/gamma.hpp"
#include "reference/math/grid_bits.hpp"
#include "reference/math/pi_functions.hpp"
#include "reference/math/quarter_turns.hpp"
#include "reference/math/quarter_turns_avx2.hpp"
#include "reference/math/quarter_turns_avx512.hpp"

// libmvec's AVX2 variants (x86_64 vector function ABI, 'd' = AVX2, 4
// lanes): in libmvec.so.1 since glibc 2.22 (exp, log, pow, sin, cos) and
// 2.35 (the others), so the host binary runs on Debian 12's
// glibc 2.36 and anything newer. libm.so's linker script pulls libmvec in.
// The AVX2 calling convention passes __m256d in a ymm register; clang
// refuses such a declaration unless it names the target.
#define AVX2_ABI __attribute__((target("avx2,fma")))
extern "C" {
AVX2_ABI __m256d _ZGVdN4v_sin(__m256d);
AVX2_ABI __m256d _ZGVdN4v_cos(__m256d);
AVX2_ABI __m256d _ZGVdN4v_exp(__m256d);
AVX2_ABI __m256d _ZGVdN4v_exp2(__m256d);
AVX2_ABI __m256d _ZGVdN4v_exp10(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log2(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log10(__m256d);
AVX2_ABI __m256d _ZGVdN4vv_pow(__m256d, __m256d);
// Since glibc 2.35 as well.
AVX2_ABI __m256d _ZGVdN4v_asin(__m256d);
AVX2_ABI __m256d _ZGVdN4v_acos(__m256d);
AVX2_ABI __m256d _ZGVdN4v_atan(__m256d);
AVX2_ABI __m256d _ZGVdN4v_sinh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_cosh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_tanh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_tan(__m256d);
AVX2_ABI __m256d _ZGVdN4v_acosh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_atanh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_cbrt(__m256d);
AVX2_ABI __m256d _ZGVdN4v_erf(__m256d);
AVX2_ABI __m256d _ZGVdN4v_erfc(__m256d);
AVX2_ABI __m256d _ZGVdN4v_expm1(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log1p(__m256d);
}

namespace clconform::ref::math {
namespace {

using Block = Judge::Block;
constexpr size_t kLanes = 4;
// A lane the vector function is not asked about gets this harmless argument.
constexpr double kIdle = 1.0;
// Below this magnitude sin and cos take the argument as it is; above it
// glibc's own reduction becomes slow (measured: ~1 ns a lane below 2^14,
// ~65 ns above 2^24), and quarter_turns.hpp takes over.
constexpr double kDirectTrigLimit = 0x1p16;

// Point I's enclosure, from its approx and the bound DULPS.
void finish(Block& b, size_t i, double dulps) { enclose_in_normal_doubles(dulps, &b.approx[i], &b.error[i]); }

// enclose_in_normal_doubles of the four values APPROX[0..3] with the
// bounds DULPS, into ERROR[0..3]: in one step when every approx is at least
// 2^-970 in magnitude (or infinite, or a NaN: error 0), as nearly all are;
// otherwise one by one.
__attribute__((target("avx2,fma"), always_inline)) inline void enclose_four(__m256d dulps, double* approx, double* error) {
  const __m256i magnitude = _mm256_and_si256(_mm256_castpd_si256(_mm256_loadu_pd(approx)),
                                             _mm256_set1_epi64x(static_cast<int64_t>(~Double::sign_mask)));
  const __m256i biased = _mm256_srli_epi64(magnitude, 52);
  if (_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(_mm256_set1_epi64x(53), biased))) != 0) {
    alignas(32) double bounds[kLanes];
    _mm256_store_pd(bounds, dulps);
    _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
    for (size_t k = 0; k < kLanes; ++k) enclose_in_normal_doubles(bounds[k], &approx[k], &error[k]);
    return;
  }
  // dulp(approx) = 2^(biased - 1075), from its bits; 0 for an infinity or a NaN.
  const __m256i top = _mm256_cmpeq_epi64(biased, _mm256_set1_epi64x(0x7ff));
  const __m256i spacing = _mm256_andnot_si256(top, _mm256_slli_epi64(_mm256_sub_epi64(biased, _mm256_set1_epi64x(52)), 52));
  _mm256_storeu_pd(error, _mm256_mul_pd(dulps, _mm256_castsi256_pd(spacing)));
}
__attribute__((target("avx2,fma"), always_inline)) inline void finish_four(Block& b, size_t i, double dulps) {
  enclose_four(_mm256_set1_pd(dulps), b.approx + i, b.error + i);
}

// The AVX-512 code below runs to the end of the file.
CLC_AVX512_CODE_BEGIN
#define AVX512_INLINE __attribute__((target("avx512f,avx2,fma"), always_inline)) inline

// libmvec's AVX2 variant F on eight lanes, as two calls of four: each
// lane gets the bits the four-lane batches give it. (libmvec's AVX-512
// variants are other code: with them, some results of a sweep moved across
// a histogram edge and maxima in their tenth digit, so that a record
// would depend on the host's CPU.)
template <__m256d (*F)(__m256d)>
AVX512_INLINE __m512d two_fours(__m512d x) {
  return _mm512_insertf64x4(_mm512_castpd256_pd512(F(_mm512_castpd512_pd256(x))), F(_mm512_extractf64x4_pd(x, 1)), 1);
}

// enclose_four for the eight values APPROX[0..7].
AVX512_INLINE void enclose_eight(__m512d dulps, double* approx, double* error) {
  const __m512i magnitude =
      _mm512_and_si512(_mm512_castpd_si512(_mm512_loadu_pd(approx)), _mm512_set1_epi64(static_cast<int64_t>(~Double::sign_mask)));
  const __m512i biased = _mm512_srli_epi64(magnitude, 52);
  if (_mm512_cmpgt_epi64_mask(_mm512_set1_epi64(53), biased) != 0) {
    alignas(64) double bounds[8];
    _mm512_store_pd(bounds, dulps);
    _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
    for (size_t k = 0; k < 8; ++k) enclose_in_normal_doubles(bounds[k], &approx[k], &error[k]);
    return;
  }
  const __mmask8 top = _mm512_cmpeq_epi64_mask(biased, _mm512_set1_epi64(0x7ff));
  const __m512i spacing = _mm512_maskz_slli_epi64(__mmask8(~top), _mm512_sub_epi64(biased, _mm512_set1_epi64(52)), 52);
  _mm512_storeu_pd(error, _mm512_mul_pd(dulps, _mm512_castsi512_pd(spacing)));
}

// finish for every point of a block with the bound DULPS, four at a time:
// inline into a batch's own AVX2 loop (measured: 6% of floor's whole
// verification as a call of its own).
__attribute__((target("avx2,fma"), always_inline)) inline void finish_each_four(Block& b, double dulps) {
  size_t i = 0;
  for (; i + kLanes <= b.n; i += kLanes) finish_four(b, i, dulps);
  _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
  for (; i < b.n; ++i) finish(b, i, dulps);
}

// Point I's arguments, for the scalar functions.
struct ArgsOf {
  double v[3];
  ArgsOf(const Block& b, size_t i) : v{b.args[0][i], b.args[1][i], b.args[2][i]} {}
};

// Where each vector function stays on its fast path, and its error bound
// holds as for the scalar function: finite arguments whose result neither
// overflows nor underflows. Elsewhere the scalar function answers, quickly.
bool exp_domain(double x) { return std::fabs(x) < 700; }
bool exp2_domain(double x) { return std::fabs(x) < 1000; }
bool exp10_domain(double x) { return std::fabs(x) < 300; }
bool log_domain(double x) { return x > 0 && x < std::numeric_limits<double>::infinity(); }
bool finite_domain(double x) { return std::isfinite(x); }           // atan, tanh, cbrt, erf
bool closed_unit_domain(double x) { return std::fabs(x) <= 1; }     // asin, acos
bool open_unit_domain(double x) { return std::fabs(x) < 1; }        // atanh
bool acosh_domain(double x) { return x >= 1 && x < std::numeric_limits<double>::infinity(); }
bool hyperbolic_domain(double x) { return std::fabs(x) < 709; }     // sinh, cosh: below overflow
bool erfc_domain(double x) { return x > -std::numeric_limits<double>::infinity() && x < 26; }  // above: underflow
bool expm1_domain(double x) { return x > -std::numeric_limits<double>::infinity() && x < 700; }
bool log1p_domain(double x) { return x > -1 && x < std::numeric_limits<double>::infinity(); }

// Outside those domains: the value wherever it is certain without libm,
// whose overflow, underflow and domain-error paths compute with subnormal
// numbers to raise the floating-point exceptions (grid_bits.hpp says what
// that costs). Overflow: a real result beyond 2^1024 is what an infinite
// approximation stands for (fast_tier.hpp); underflow: a real result below
// 2^-1075 is within 2^-1072 of 2^-1072 (kUnderflow: a positive approx, so
// that the enclosure stays on zero's positive side and +0 is certain).
// Thresholds from ln, log2, log10 of 2^1024 and 2^-1075, rounded outwards.
constexpr double kUnderflow = 0x1p-1072;
constexpr double kLnOverflow = 709.79;  // ln 2^1024 = 709.7827..., rounded up
bool exp_saturated(double x, double* out) {
  if (x >= kLnOverflow) *out = std::numeric_limits<double>::infinity();
  else if (x <= -745.14) *out = kUnderflow;
  else return false;
  return true;
}
bool exp2_saturated(double x, double* out) {
  if (x >= 1024) *out = std::numeric_limits<double>::infinity();
  else if (x <= -1075) *out = kUnderflow;
  else return false;
  return true;
}
bool exp10_saturated(double x, double* out) {
  if (x >= 308.26) *out = std::numeric_limits<double>::infinity();
  else if (x <= -323.62) *out = kUnderflow;
  else return false;
  return true;
}
bool log_saturated(double x, double* out) {  // log, log2, log10 (C99 Annex F: log(+-0) = -inf, log(x < 0) = NaN)
  if (x == 0) *out = -std::numeric_limits<double>::infinity();
  else if (x < 0) *out = std::numeric_limits<double>::quiet_NaN();
  else return false;
  return true;
}
// Nothing answered without libm outside the domain.
bool not_saturated(double, double*) { return false; }
// Domain errors and poles, answered as C99 Annex F does, without libm's
// error handling (errno, the SVID wrapper): asin, acos and atanh are NaN
// beyond |x| = 1, atanh(+-1) = +-inf; acosh is NaN below 1; log1p is NaN
// below -1, log1p(-1) = -inf. A NaN argument is left to libm.
bool beyond_unit_nan(double x, double* out) {
  if (!(std::fabs(x) > 1)) return false;
  *out = std::numeric_limits<double>::quiet_NaN();
  return true;
}
bool atanh_saturated(double x, double* out) {
  if (std::fabs(x) == 1) {
    *out = std::copysign(std::numeric_limits<double>::infinity(), x);
    return true;
  }
  return beyond_unit_nan(x, out);
}
bool acosh_saturated(double x, double* out) {
  if (!(x < 1)) return false;
  *out = std::numeric_limits<double>::quiet_NaN();
  return true;
}
bool log1p_saturated(double x, double* out) {
  if (!(x <= -1)) return false;
  *out = x == -1 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  return true;
}
// sinh and cosh from kLnOverflow: |result| > e^|x| / 2 - 1 >= 2^1023.
bool sinh_saturated(double x, double* out) {
  if (!(std::fabs(x) >= kLnOverflow)) return false;  // a NaN included
  *out = std::copysign(std::numeric_limits<double>::infinity(), x);
  return true;
}
bool cosh_saturated(double x, double* out) {
  if (!(std::fabs(x) >= kLnOverflow)) return false;  // a NaN included
  *out = std::numeric_limits<double>::infinity();
  return true;
}
// erfc(x) < e^(-x^2) / (x sqrt(pi)) < e^-745.2 < 2^-1075 for x >= 27.3.
bool erfc_saturated(double x, double* out) {
  if (!(x >= 27.3)) return false;  // a NaN included
  *out = kUnderflow;
  return true;
}
// expm1(x) = e^x - 1 >= 2^1024 for x >= kLnOverflow.
bool expm1_saturated(double x, double* out) {
  if (!(x >= kLnOverflow)) return false;  // a NaN included
  *out = std::numeric_limits<double>::infinity();
  return true;
}

// pow(x, y) = 2^(y log2 x) for finite x > 0 and finite y, with log2 x in
// [e, e + 1) for x's binade 2^e: y e and y (e + 1) are exact products of a
// float and a small integer.
bool pow_saturated(double x, double y, double* out) {
  if (!(x > 0 && x < std::numeric_limits<double>::infinity() && std::fabs(y) < std::numeric_limits<double>::infinity()))
    return false;
  const int e = static_cast<int>((to_bits(x) >> 52) & 0x7ff) - Double::bias;
  const double at_e = y * e, at_next = y * (e + 1);
  if (std::min(at_e, at_next) >= 1024) *out = std::numeric_limits<double>::infinity();
  else if (std::max(at_e, at_next) <= -1075) *out = kUnderflow;
  else return false;
  return true;
}

// The points whose arguments lie in the vector function's domain are
// gathered (up to kGroup at a time) and computed four per call: in a sweep
// of random tuples a quarter of them may be, and a call for one lane costs
// as much as for four. The others are saturated or asked of libm at once.
constexpr size_t kGroup = 256;

template <Fn F, __m256d (*Vector)(__m256d), bool (*Domain)(double), bool (*Saturated)(double, double*)>
__attribute__((target("avx2,fma"))) void vector_unary(Block& b) {
  const double dulps = fast_spec(F).error_dulps;
  const double* x = b.args[0];
  uint32_t inside[kGroup];
  for (size_t base = 0; base < b.n; base += kGroup) {
    const size_t end = std::min(b.n, base + kGroup);
    size_t m = 0;
    for (size_t i = base; i < end; i += kLanes) {
      // Four consecutive points in the domain (nearly always, in an
      // exhaustive sweep) go straight from the arguments to the results.
      if (i + kLanes <= end && Domain(x[i]) && Domain(x[i + 1]) && Domain(x[i + 2]) && Domain(x[i + 3])) {
        _mm256_store_pd(b.approx + i, Vector(_mm256_load_pd(x + i)));
        finish_four(b, i, dulps);
        continue;
      }
      _mm256_zeroupper();  // SSE code may follow (vector_trig_batch says why)
      for (size_t k = i; k < std::min(end, i + kLanes); ++k) {
        if (Domain(x[k])) {
          inside[m++] = static_cast<uint32_t>(k);
        } else {
          if (!Saturated(x[k], &b.approx[k])) fast_value(F, ArgsOf(b, k).v, &b.approx[k]);
          finish(b, k, dulps);
        }
      }
    }
    // The others in the domain, gathered four at a time.
    for (size_t j = 0; j < m; j += kLanes) {
      const size_t lanes = std::min(kLanes, m - j);
      // The arguments gathered in registers: four scalar stores read back
      // as one vector would stall the load (no store forwarding).
      const auto arg = [&](size_t k) { return k < lanes ? x[inside[j + k]] : kIdle; };
      alignas(32) double y[kLanes];
      _mm256_store_pd(y, Vector(_mm256_set_pd(arg(3), arg(2), arg(1), arg(0))));
      _mm256_zeroupper();  // see vector_trig_batch
      for (size_t k = 0; k < lanes; ++k) {
        b.approx[inside[j + k]] = y[k];
        finish(b, inside[j + k], dulps);
      }
    }
  }
  _mm256_zeroupper();
}

// asinh a = a + a z P(z), z = a^2: the coefficients of P, (-1)^n (2n)! /
// (4^n n!^2 (2n + 1)) for n = 25 down to 1, each the double nearest it.
constexpr double kAsinhSeries[25] = {
    -0x1.208d3570ae5a6p-9, 0x1.3275586c5f2f0p-9,  -0x1.464c0950f7d47p-9, 0x1.5c5f56efaaaabp-9, -0x1.750de64d7d05fp-9,
    0x1.90cb77f60c7cep-9,  -0x1.b026f57b13b14p-9, 0x1.d3d2a8e0dd67dp-9,  -0x1.fcaf8fb6db6dbp-9, 0x1.15ee9d45d1746p-8,
    -0x1.31683bdef7bdfp-8, 0x1.51ba308d3dcb1p-8,  -0x1.782dda12f684cp-8, 0x1.a6863d70a3d71p-8,  -0x1.df3bd37a6f4dfp-8,
    0x1.12ef3cf3cf3cfp-7,  -0x1.3fde50d79435ep-7, 0x1.7a87878787878p-7,  -0x1.c99999999999ap-7, 0x1.1c4ec4ec4ec4fp-6,
    -0x1.6e8ba2e8ba2e9p-6, 0x1.f1c71c71c71c7p-6,  -0x1.6db6db6db6db7p-5, 0x1.3333333333333p-4,  -0x1.5555555555555p-3};

// a + a z P(z) by Horner's rule in z = a^2, with P's last TERMS
// coefficients, and one rounding at the end.
template <size_t Terms>
AVX2_ABI __m256d asinh_series(__m256d a) {
  const __m256d z = _mm256_mul_pd(a, a);
  __m256d p = _mm256_set1_pd(kAsinhSeries[25 - Terms]);
  for (size_t n = 26 - Terms; n < 25; ++n) p = _mm256_fmadd_pd(p, z, _mm256_set1_pd(kAsinhSeries[n]));
  return _mm256_fmadd_pd(a, _mm256_mul_pd(z, p), a);
}

// asinh of four float arguments in double, and each one's error bound in
// ulps of its result (DULPS), which costs a quarter of libmvec's asinh
// (1.2 against 4.7 ns a point here). asinh is odd: the sign is x's, the
// rest is asinh |x|, for a = |x|:
//  - below 0.5, its series to a^51 (to a^13 below 2^-4), by Horner's rule
//    with one rounding at the end: the series alternates with terms
//    falling by at least z, so the first one left out bounds what is
//    left out, below 2^-60 of the sum, and the roundings add less than
//    0.06 ulp to the last one's 0.5: bounded by 1 ulp. Where the sum
//    rounds to a itself (a below about 2^-26), the double below a is
//    taken instead, within 1 ulp too: asinh a lies strictly between the
//    two, so a result's error is never measured from a float when the
//    real value is not one, and a result one float from a counts in the
//    histogram on the side of 1 ulp that it really lies on;
//  - from 0.5 on, log(a + sqrt(a^2 + 1)) with libmvec's log. Three
//    correctly rounded operations (a^2 + 1 by FMA, the square root, the
//    sum of two positive terms) give the logarithm's argument within a
//    relative 2.5 * 2^-53, which moves its logarithm y by at most
//    2.5 * 2^-53, at most 2.5 / y ulps of y, 5.2 for y >= asinh 0.5 =
//    0.4812; libmvec's log adds its 4 ulps, of the real logarithm, at
//    most 8 of y's: bounded by 14 ulps.
// Each lane's value depends on its argument alone, not on the lanes
// beside it. A float squared is far inside the double range, and a
// subnormal float far above the double subnormals, so nothing overflows
// or underflows.
AVX2_ABI __m256d asinh_four(__m256d x, __m256d* dulps) {
  const __m256d sign = _mm256_set1_pd(-0.0), one = _mm256_set1_pd(1.0);
  const __m256d a = _mm256_andnot_pd(sign, x);
  const __m256d short_series = _mm256_cmp_pd(a, _mm256_set1_pd(0x1p-4), _CMP_LT_OQ);
  const __m256d series = _mm256_cmp_pd(a, _mm256_set1_pd(0.5), _CMP_LT_OQ);
  const int short_lanes = _mm256_movemask_pd(short_series), series_lanes = _mm256_movemask_pd(series);
  __m256d y = _mm256_setzero_pd();
  if (series_lanes != 0xf)
    y = _ZGVdN4v_log(_mm256_add_pd(a, _mm256_sqrt_pd(_mm256_fmadd_pd(a, a, one))));
  if (series_lanes != short_lanes) y = _mm256_blendv_pd(y, asinh_series<25>(a), series);
  if (short_lanes != 0) {
    const __m256d by_series = asinh_series<6>(a);
    const __m256d at_a = _mm256_and_pd(_mm256_cmp_pd(by_series, a, _CMP_EQ_OQ),
                                       _mm256_cmp_pd(a, _mm256_setzero_pd(), _CMP_GT_OQ));
    const __m256d below_a = _mm256_castsi256_pd(_mm256_sub_epi64(_mm256_castpd_si256(a), _mm256_set1_epi64x(1)));
    y = _mm256_blendv_pd(y, _mm256_blendv_pd(by_series, below_a, at_a), short_series);
  }
  *dulps = _mm256_blendv_pd(_mm256_set1_pd(14), one, series);
  return _mm256_or_pd(y, _mm256_and_pd(x, sign));
}

// asinh over a block, four points at a time (asinh_four): every finite
// argument gets asinh_four's bits wherever it lies in the block, a NaN or
// an infinity libm's.
AVX2_ABI void asinh_batch(Block& b) {
  const double* x = b.args[0];
  const double scalar_dulps = fast_spec(Fn::asinh).error_dulps;
  const __m256d infinity = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  const __m256i index = _mm256_set_epi64x(3, 2, 1, 0);
  for (size_t i = 0; i < b.n; i += kLanes) {
    // The last group's lanes past b.n are not read (a masked load).
    const __m256i in_block = _mm256_cmpgt_epi64(_mm256_set1_epi64x(int64_t(b.n - i)), index);
    const __m256d v = _mm256_maskload_pd(x + i, in_block);
    const __m256d finite = _mm256_and_pd(_mm256_cmp_pd(_mm256_andnot_pd(_mm256_set1_pd(-0.0), v), infinity, _CMP_LT_OQ),
                                         _mm256_castsi256_pd(in_block));
    __m256d dulps;
    const __m256d y = asinh_four(_mm256_blendv_pd(_mm256_set1_pd(kIdle), v, finite), &dulps);
    if (_mm256_movemask_pd(finite) == 0xf) {
      _mm256_store_pd(b.approx + i, y);
      enclose_four(dulps, b.approx + i, b.error + i);
      continue;
    }
    alignas(32) double ys[kLanes], bounds[kLanes];
    _mm256_store_pd(ys, y);
    _mm256_store_pd(bounds, dulps);
    const int lanes = _mm256_movemask_pd(finite);
    _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
    for (size_t k = 0; k < std::min(kLanes, b.n - i); ++k) {
      if (lanes >> k & 1) {
        b.approx[i + k] = ys[k];
        enclose_in_normal_doubles(bounds[k], &b.approx[i + k], &b.error[i + k]);
      } else {
        fast_value(Fn::asinh, ArgsOf(b, i + k).v, &b.approx[i + k]);
        finish(b, i + k, scalar_dulps);
      }
    }
  }
  _mm256_zeroupper();
}

// pow and pown: the saturated overflows and underflows (libm's would
// compute with subnormals), else libm. Not libmvec's _ZGVdN4vv_pow: on the
// H200 host's Xeon with glibc 2.39 it made prepare slower (95-103 ns a
// point against 35 ns this way, bench/math_reference.md).
template <Fn F>
void scalar_pow(Block& b) {
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < b.n; ++i) {
    if (!pow_saturated(b.args[0][i], b.args[1][i], &b.approx[i])) fast_value(F, ArgsOf(b, i).v, &b.approx[i]);
    finish(b, i, dulps);
  }
}

// The exact one-argument functions (fabs, floor, ...), without fast_value's
// dispatch per point; compiled for AVX2, where the roundings are single
// instructions.
template <Fn F>
__attribute__((target("avx2,fma"))) void exact_batch(Block& b) {
  for (size_t i = 0; i < b.n; ++i) b.approx[i] = exact_unary<F>(b.args[0][i]);
  finish_each_four(b, fast_spec(F).error_dulps);
}

// rsqrt with AVX2, four points at a time: 1 / sqrt(x) as fast_value
// computes it (both correctly rounded), a NaN below zero. Its zeros, with
// two readings of -0 or MPFR's value at +0, are left to prepare_block.
__attribute__((target("avx2,fma"))) void rsqrt_batch(Block& b) {
  const __m256d dulps = _mm256_set1_pd(fast_spec(Fn::rsqrt).error_dulps);
  size_t i = 0;
  for (; i + kLanes <= b.n; i += kLanes) {
    const __m256d x = _mm256_load_pd(b.args[0] + i);
    const __m256d v = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(x));
    _mm256_store_pd(b.approx + i, _mm256_blendv_pd(v, _mm256_set1_pd(std::numeric_limits<double>::quiet_NaN()),
                                                   _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_LT_OQ)));
    enclose_four(dulps, b.approx + i, b.error + i);
    const __m256d zero = _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_EQ_OQ);
    _mm256_store_pd(b.error + i, _mm256_blendv_pd(_mm256_load_pd(b.error + i), _mm256_set1_pd(-1), zero));
  }
  _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
  for (; i < b.n; ++i) {
    if (b.args[0][i] == 0) {
      b.error[i] = -1;
      continue;
    }
    fast_value(Fn::rsqrt, ArgsOf(b, i).v, &b.approx[i]);
    finish(b, i, fast_spec(Fn::rsqrt).error_dulps);
  }
}

// x + y, x - y and fdim of floats (one rounding in double, the others'
// results exact), with no error where the double is the real result: the
// sum's rounding error, from a two-sum, is zero (exact for floats, which
// lie far inside the double range; an infinity's error is a NaN, and its
// enclosure has none anyway). Most sums of floats are exact in double, and
// with an error of one double ulp an exact zero, or a result on a float's
// rounding boundary, would go to MPFR: about half of fdim's points, whose
// result is +0 where x <= y.
template <Fn F>
void sum_batch(Block& b) {
  static_assert(F == Fn::add || F == Fn::sub || F == Fn::fdim, "not a sum of floats");
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < b.n; ++i) {
    const double x = b.args[0][i], y = F == Fn::add ? b.args[1][i] : -b.args[1][i];
    if (F == Fn::fdim && !(x > b.args[1][i])) {  // a NaN, or +0 where x <= y
      b.approx[i] = std::fdim(x, b.args[1][i]);
      finish(b, i, 0);
      continue;
    }
    const double sum = x + y, y_part = sum - x;
    const double error = (x - (sum - y_part)) + (y - y_part);
    b.approx[i] = sum;
    finish(b, i, error == 0 ? 0 : dulps);
  }
}

// The one-operation functions, without fast_value's dispatch per point.
template <Fn F>
void one_operation_batch(Block& b) {
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < b.n; ++i) {
    b.approx[i] = one_operation<F>(b.args[0][i], b.args[1][i]);
    finish(b, i, dulps);
  }
}

// The *pi functions (pi_functions.hpp): a value that is the real result
// itself (a zero, a pole, a NaN) has no error.
template <Fn F>
void pi_batch(Block& b) {
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < b.n; ++i) {
    bool exact;
    b.approx[i] = pi_function(F, ArgsOf(b, i).v, &exact);
    finish(b, i, exact ? 0 : dulps);
  }
}

// The one-argument *pi functions with AVX2, four points at a time: the
// same reductions and exact values as pi_functions.cpp, lane by lane, with
// libmvec's function where that calls libm's (both within 4 ulp by glibc's
// manual, which the bounds in pi_functions.hpp build on). A function of
// two (sin and cos, for sinpi and cospi) is called only for the points that
// need it, four at a time.
template <Fn F>
__attribute__((target("avx2,fma"))) void vector_pi_batch(Block& b) {
  const __m256d dulps = _mm256_set1_pd(fast_spec(F).error_dulps);
  const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5);
  const __m256d quarter = _mm256_set1_pd(0.25), pi = _mm256_set1_pd(kPiDouble), inv_pi = _mm256_set1_pd(0x1.45f306dc9c883p-2);
  const __m256d sign_bit = _mm256_set1_pd(-0.0), nan = _mm256_set1_pd(std::numeric_limits<double>::quiet_NaN());
  const __m256d infinity = _mm256_set1_pd(HUGE_VAL);
  const auto abs = [&](__m256d v) __attribute__((target("avx2,fma"))) { return _mm256_andnot_pd(sign_bit, v); };
  // copysign(v, s), for a non-negative v.
  const auto with_sign = [&](__m256d v, __m256d s) __attribute__((target("avx2,fma"))) {
    return _mm256_or_pd(abs(v), _mm256_and_pd(s, sign_bit));
  };
  const auto eq = [&](__m256d u, __m256d v) __attribute__((target("avx2,fma"))) { return _mm256_cmp_pd(u, v, _CMP_EQ_OQ); };
  // x - 2 round(x / 2): exact (pi_functions.hpp); round to nearest even, as nearbyint.
  const auto half_turns = [&](__m256d x) __attribute__((target("avx2,fma"))) {
    const __m256d k = _mm256_round_pd(_mm256_mul_pd(x, half), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    return _mm256_sub_pd(x, _mm256_add_pd(k, k));
  };
  size_t i = 0;
  for (; i + kLanes <= b.n; i += kLanes) {
    const __m256d x = _mm256_load_pd(b.args[0] + i);
    const __m256d finite = _mm256_cmp_pd(abs(x), infinity, _CMP_LT_OQ);
    __m256d value, exact;
    if constexpr (F == Fn::sinpi || F == Fn::cospi) {
      const __m256d t = half_turns(x);
      __m256d a = abs(t);
      const __m256d upper = _mm256_cmp_pd(a, half, _CMP_GT_OQ);
      a = _mm256_blendv_pd(a, _mm256_sub_pd(one, a), upper);
      const __m256d low = _mm256_cmp_pd(a, quarter, _CMP_LE_OQ);  // sin pi a there, else cos pi (1/2 - a); for cospi the other way
      const __m256d arg = _mm256_mul_pd(pi, _mm256_blendv_pd(_mm256_sub_pd(half, a), a, low));
      const __m256d takes_sin = F == Fn::sinpi ? low : _mm256_andnot_pd(low, _mm256_castsi256_pd(_mm256_set1_epi64x(-1)));
      const __m256d at_zero = eq(a, zero), at_half = eq(a, half);
      exact = _mm256_or_pd(at_zero, at_half);
      // Four exact or infinite or NaN points (every float from 2^23 up is
      // an integer) need no call.
      const int computed = _mm256_movemask_pd(_mm256_andnot_pd(exact, finite));
      const int sines = _mm256_movemask_pd(takes_sin) & computed;
      const __m256d s = sines != 0 ? _ZGVdN4v_sin(arg) : zero;
      const __m256d c = (computed & ~sines) != 0 ? _ZGVdN4v_cos(arg) : zero;
      const __m256d v = _mm256_blendv_pd(c, s, takes_sin);
      if constexpr (F == Fn::sinpi) {
        // sinpi(+-n) = +-0 with x's sign; sinpi at a half-integer: +-1 with t's.
        value = with_sign(_mm256_blendv_pd(_mm256_blendv_pd(v, one, at_half), zero, at_zero),
                          _mm256_blendv_pd(t, x, at_zero));
      } else {
        // cospi(n + 1/2) = +0; cospi(n) = +-1; negative past a quarter turn.
        const __m256d magnitude = _mm256_blendv_pd(v, one, at_zero);
        value = _mm256_blendv_pd(_mm256_xor_pd(magnitude, _mm256_and_pd(upper, sign_bit)), zero, at_half);
      }
    } else if constexpr (F == Fn::tanpi) {
      const __m256d t = half_turns(x);
      const __m256d u = _mm256_sub_pd(t, _mm256_round_pd(t, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
      const __m256d a = abs(u);
      const __m256d low = _mm256_cmp_pd(a, quarter, _CMP_LE_OQ);
      const __m256d at_zero = eq(a, zero), at_half = eq(a, half), at_quarter = eq(a, quarter);
      exact = _mm256_or_pd(at_zero, _mm256_or_pd(at_half, at_quarter));
      const bool computed = _mm256_movemask_pd(_mm256_andnot_pd(exact, finite)) != 0;  // as for sinpi
      const __m256d tan = computed ? _ZGVdN4v_tan(_mm256_mul_pd(pi, _mm256_blendv_pd(_mm256_sub_pd(half, a), a, low))) : one;
      const __m256d v = _mm256_blendv_pd(_mm256_div_pd(one, tan), tan, low);
      // At an integer n, +-0 with x's sign when n is even (t = 0), the
      // other one when odd (t = +-1); at a half-integer, the infinity with
      // t's sign; +-1 with u's at a quarter (pi_functions.cpp).
      const __m256d zero_sign = _mm256_xor_pd(x, _mm256_and_pd(eq(abs(t), one), sign_bit));
      value = _mm256_blendv_pd(with_sign(_mm256_blendv_pd(v, one, at_quarter), u), with_sign(infinity, t), at_half);
      value = _mm256_blendv_pd(value, with_sign(zero, zero_sign), at_zero);
    } else {  // asinpi, acospi, atanpi: libmvec's function times 1/pi
      const __m256d ax = abs(x);
      const __m256d unit = eq(ax, one), at_zero = eq(x, zero);
      if constexpr (F == Fn::atanpi) {
        const __m256d v = _mm256_mul_pd(_ZGVdN4v_atan(_mm256_blendv_pd(x, half, _mm256_andnot_pd(finite, one))), inv_pi);
        exact = _mm256_or_pd(_mm256_or_pd(unit, at_zero), _mm256_cmp_pd(x, x, _CMP_UNORD_Q));
        exact = _mm256_or_pd(exact, _mm256_andnot_pd(finite, eq(ax, infinity)));
        // 0 and NaN as they are; +-1/4 at +-1; +-1/2 at the infinities.
        value = _mm256_blendv_pd(v, _mm256_mul_pd(x, quarter), unit);
        value = _mm256_blendv_pd(value, with_sign(half, x), eq(ax, infinity));
        value = _mm256_blendv_pd(value, x, _mm256_or_pd(at_zero, _mm256_cmp_pd(x, x, _CMP_UNORD_Q)));
      } else {
        const __m256d inside = _mm256_cmp_pd(ax, one, _CMP_LT_OQ);  // no NaN
        const __m256d arg = _mm256_blendv_pd(half, x, inside);        // a stand-in outside the domain
        exact = _mm256_or_pd(_mm256_andnot_pd(inside, _mm256_castsi256_pd(_mm256_set1_epi64x(-1))), at_zero);
        // Four points outside the domain or at 0 (half of all floats) need no call.
        const bool computed = _mm256_movemask_pd(exact) != 0xf;
        const __m256d v =
            computed ? _mm256_mul_pd(F == Fn::asinpi ? _ZGVdN4v_asin(arg) : _ZGVdN4v_acos(arg), inv_pi) : zero;
        if constexpr (F == Fn::asinpi) {
          // x at 0, x / 2 at +-1, NaN beyond.
          value = _mm256_blendv_pd(v, _mm256_mul_pd(x, half), unit);
          value = _mm256_blendv_pd(value, x, at_zero);
        } else {
          // 0 at 1, 1 at -1, 1/2 at 0, NaN beyond.
          value = _mm256_blendv_pd(v, _mm256_blendv_pd(one, zero, _mm256_cmp_pd(x, zero, _CMP_GT_OQ)), unit);
          value = _mm256_blendv_pd(value, half, at_zero);
        }
        value = _mm256_blendv_pd(nan, value, _mm256_cmp_pd(ax, one, _CMP_LE_OQ));
      }
    }
    if constexpr (F != Fn::atanpi && F != Fn::asinpi && F != Fn::acospi) {
      // sinpi, cospi and tanpi of an infinity or a NaN: NaN, exactly.
      value = _mm256_blendv_pd(nan, value, finite);
      exact = _mm256_or_pd(exact, _mm256_andnot_pd(finite, _mm256_castsi256_pd(_mm256_set1_epi64x(-1))));
    }
    _mm256_store_pd(b.approx + i, value);
    enclose_four(_mm256_andnot_pd(exact, dulps), b.approx + i, b.error + i);
  }
  _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
  for (; i < b.n; ++i) {  // the last one to three, as pi_batch does them
    bool exact;
    b.approx[i] = pi_function(F, ArgsOf(b, i).v, &exact);
    finish(b, i, exact ? 0 : fast_spec(F).error_dulps);
  }
}

// The lanes of the group of four from point I that lie in a block of N
// points: the last group's others are neither read nor written.
__attribute__((target("avx2,fma"), always_inline)) inline __m256i lanes_in_block(size_t i, size_t n) {
  return _mm256_cmpgt_epi64(_mm256_set1_epi64x(int64_t(n - i)), _mm256_set_epi64x(3, 2, 1, 0));
}

// Y and BOUND of the group from point I into APPROX + I and DULPS + I, its
// lanes IN_BLOCK (lanes_in_block of N) alone. A masked store is microcoded
// on some CPUs (AMD's): only for the tail.
__attribute__((target("avx2,fma"), always_inline)) inline void store_group(double* approx, double* dulps, size_t i,
                                                                          size_t n, __m256i in_block, __m256d y,
                                                                          __m256d bound) {
  if (i + kLanes <= n) {
    _mm256_store_pd(approx + i, y);
    _mm256_store_pd(dulps + i, bound);
  } else {
    _mm256_maskstore_pd(approx + i, in_block, y);
    _mm256_maskstore_pd(dulps + i, in_block, bound);
  }
}

// finish for every point of a block, point I with the bound DULPS[I]:
// four at a time with AVX2.
__attribute__((target("avx2,fma"))) void enclose_block_four(Block& b, const double* dulps) {
  size_t i = 0;
  for (; i + kLanes <= b.n; i += kLanes) enclose_four(_mm256_load_pd(dulps + i), b.approx + i, b.error + i);
  _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
  for (; i < b.n; ++i) finish(b, i, dulps[i]);
}

// tgamma_value's answer at point I of a block, with its bound into DULPS
// (0 where exact); where it gives only a sign (a real result below
// 2^-1000 in magnitude), a value on that side of zero, and I set in
// SIGN_ONLY.
void tgamma_point(Block& b, size_t i, double* dulps, uint64_t* sign_only) {
  bool exact;
  double v;
  dulps[i] = kTgammaErrorDulps;
  if (tgamma_value(b.args[0][i], &v, &exact)) {
    b.approx[i] = v;
    if (exact) dulps[i] = 0;
  } else {
    b.approx[i] = std::copysign(0x1p-970, v);
    sign_only[i / 64] |= uint64_t(1) << (i % 64);
  }
}

// The enclosures of a tgamma block from DULPS; a point set in SIGN_ONLY
// is enclosed on its side of zero as enclose_in_normal_doubles encloses
// such a value (grid_bits.hpp).
void enclose_tgamma_block(Block& b, const double* dulps, const uint64_t* sign_only) {
  if (cpu_has_avx2_fma()) {
    enclose_block_four(b, dulps);
  } else {
    for (size_t i = 0; i < b.n; ++i) finish(b, i, dulps[i]);
  }
  for (size_t w = 0; w < Block::kCapacity / 64; ++w)
    for (uint64_t bits = sign_only[w]; bits != 0; bits &= bits - 1) b.error[64 * w + size_t(__builtin_ctzll(bits))] = 0x1p-970;
}

// tgamma (gamma.hpp) point by point: tgamma_value, but the series near 0
// for the whole block at once.
void tgamma_batch_scalar(Block& b) {
  alignas(32) double series[Block::kCapacity], dulps[Block::kCapacity];
  uint64_t sign_only[Block::kCapacity / 64] = {};
  tgamma_series_many(b.args[0], series, b.n);
  for (size_t i = 0; i < b.n; ++i) {
    if (gamma_series_domain(b.args[0][i])) {
      b.approx[i] = series[i];
      dulps[i] = kTgammaErrorDulps;
    } else {
      tgamma_point(b, i, dulps, sign_only);
    }
  }
  enclose_tgamma_block(b, dulps, sign_only);
}

// gamma_series_domain (gamma.hpp) of four arguments: 0 < |v| < 2^-6.
AVX2_ABI __m256d gamma_series_domain_four(__m256d v) {
  const __m256d magnitude = _mm256_andnot_pd(_mm256_set1_pd(-0.0), v);
  return _mm256_and_pd(_mm256_cmp_pd(magnitude, _mm256_set1_pd(kGammaSeriesLimit), _CMP_LT_OQ),
                       _mm256_cmp_pd(v, _mm256_setzero_pd(), _CMP_NEQ_OQ));
}

// |sin(pi x)| of four arguments as sin(pi |r|), r = x - round(x) (exact
// for a double), 0 <= |r| <= 1/2: within 1.36 u of relative error for pi
// and the product, which sin passes on as it is (t cot t <= 1 on
// (0, pi/2]), plus libmvec's 4 ulps (u = 2^-53).
AVX2_ABI __m256d sin_pi_distance_four(__m256d x) {
  const __m256d r = _mm256_andnot_pd(_mm256_set1_pd(-0.0),
                                     _mm256_sub_pd(x, _mm256_round_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)));
  return _ZGVdN4v_sin(_mm256_mul_pd(_mm256_set1_pd(kPiDouble), r));
}

// libmvec's pow of four lanes. Clang (14, the sanitizer build's compiler)
// passes __m256d arguments in memory, not in ymm registers, even where the
// callee names the AVX2 target. A one-argument call has found its
// argument in ymm0 all the same, where clang held it to store it (the
// MPFR tests pass in that build), but pow's second would be garbage. A
// clang build takes glibc's pow lane by lane instead (within 1 ulp by
// glibc's manual, inside the 4 ulps gamma_positive_four assumes).
AVX2_ABI __m256d pow_four(__m256d x, __m256d y) {
#ifdef __clang__
  alignas(32) double base[kLanes], exponent[kLanes];
  _mm256_store_pd(base, x);
  _mm256_store_pd(exponent, y);
  for (size_t k = 0; k < kLanes; ++k) base[k] = std::pow(base[k], exponent[k]);
  return _mm256_load_pd(base);
#else
  return _ZGVdN4vv_pow(x, y);
#endif
}

// Gamma of four arguments x in [2^-6, 172), each a float or a float plus
// an integer below 2^8 (so a double whose bits lie between 2^7 and
// 2^-29), by Stirling's formula at y = x + n >= kTgammaStirlingFrom,
//   Gamma(y) = sqrt(2 pi) y^(y - 1/2) e^-y e^S(y),
//   S(y) = sum for k = 1..8 of B_2k / (2k (2k - 1) y^(2k - 1)) + R,
// and Gamma(x) = Gamma(y) / (x (x + 1) ... (x + n - 1)), n <= 10. For real
// y > 0 the remainder R has the sign of, and is smaller than, the first
// term left out, B_18 / (306 y^17) < 0.18 / 10^17 < 2^-58 at y >= 10. In
// units of u = 2^-53, relative (a double ulp of the result is more than u
// times it):
//  - y, y - 1/2, (y - 1/2) / 2 and every factor x + k are exact (below
//    2^8, bits down to 2^-29); the product's n - 1 roundings: 9 u;
//  - p = y^((y - 1/2) / 2), libmvec's pow within 4 ulps: 8 u, taken
//    twice (p p = y^(y - 1/2) without overflow): 16 u; e^-y, libmvec's
//    exp: 8 u;
//  - S < 1/120 with a relative error of a few u, so under 0.03 u on e^S,
//    and R under 0.02 u; e^S from its Taylor series to S^7 / 7! (the rest
//    below 2^-70), one rounding of a value in [1, 1.01): 1.1 u with S's;
//    sqrt(2 pi) rounded: u;
//  - four products and the quotient: 5 u.
// In all at most 40.1 u (above 171.62 the last product overflows to +inf,
// an infinite approx meaning a real result beyond 2^1023, fast_tier.hpp).
AVX2_ABI __m256d gamma_positive_four(__m256d x) {
  static const double sqrt_two_pi = sqrt_two_pi_constant();
  const __m256d one = _mm256_set1_pd(1.0), from = _mm256_set1_pd(kTgammaStirlingFrom);
  __m256d y = x, product = one;
  for (__m256d below = _mm256_cmp_pd(y, from, _CMP_LT_OQ); _mm256_movemask_pd(below) != 0;
       below = _mm256_cmp_pd(y, from, _CMP_LT_OQ)) {
    product = _mm256_mul_pd(product, _mm256_blendv_pd(one, y, below));
    y = _mm256_add_pd(y, _mm256_and_pd(below, one));
  }
  // S(y) by Horner in 1/y^2, from the B_2k / (2k (2k - 1)).
  const __m256d r = _mm256_div_pd(one, y), z = _mm256_mul_pd(r, r);
  __m256d s = _mm256_set1_pd(-3617.0 / 122400);
  for (const double c : {1.0 / 156, -691.0 / 360360, 1.0 / 1188, -1.0 / 1680, 1.0 / 1260, -1.0 / 360, 1.0 / 12})
    s = _mm256_fmadd_pd(z, s, _mm256_set1_pd(c));
  s = _mm256_mul_pd(r, s);
  __m256d e = _mm256_set1_pd(1.0 / 5040);
  for (const double c : {1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2, 1.0, 1.0}) e = _mm256_fmadd_pd(s, e, _mm256_set1_pd(c));
  const __m256d p = pow_four(y, _mm256_mul_pd(_mm256_sub_pd(y, _mm256_set1_pd(0.5)), _mm256_set1_pd(0.5)));
  const __m256d decay = _ZGVdN4v_exp(_mm256_sub_pd(_mm256_setzero_pd(), y));
  const __m256d gamma_y =
      _mm256_mul_pd(_mm256_mul_pd(_mm256_mul_pd(p, decay), _mm256_mul_pd(_mm256_set1_pd(sqrt_two_pi), e)), p);
  return _mm256_div_pd(gamma_y, product);
}

// The negative integers, -inf among them, four arguments at a time:
// tgamma's poles, and lgamma's with +inf.
AVX2_ABI __m256d negative_integer_four(__m256d v) {
  return _mm256_and_pd(_mm256_cmp_pd(v, _mm256_setzero_pd(), _CMP_LT_OQ),
                       _mm256_cmp_pd(v, _mm256_round_pd(v, _MM_FROUND_TO_NEG_INF), _CMP_EQ_OQ));
}

// The one region every point of a block lies in, where tgamma's and
// lgamma's blocks take a single formula: near 0 (gamma_series_domain),
// large (from LARGE_FROM up, +inf among them unless INFINITY_IS_POLE) or a
// pole (the negative integers, -inf among them, and +inf where
// INFINITY_IS_POLE); kMixed where the points differ or the block's length
// is no multiple of four.
enum class GammaRegion { kMixed, kNearZero, kLarge, kPole };
AVX2_ABI GammaRegion gamma_block_region(const Block& b, double large_from, bool infinity_is_pole) {
  if (b.n % kLanes != 0) return GammaRegion::kMixed;
  const __m256d from = _mm256_set1_pd(large_from), infinity = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  int near = 0xf, large = 0xf, pole = 0xf;
  for (size_t i = 0; i < b.n && (near | large | pole) != 0; i += kLanes) {
    const __m256d v = _mm256_load_pd(b.args[0] + i);
    const __m256d positive_infinity = _mm256_cmp_pd(v, infinity, _CMP_EQ_OQ);
    near &= _mm256_movemask_pd(gamma_series_domain_four(v));
    __m256d large_four = _mm256_cmp_pd(v, from, _CMP_GE_OQ), pole_four = negative_integer_four(v);
    if (infinity_is_pole) {
      large_four = _mm256_andnot_pd(positive_infinity, large_four);
      pole_four = _mm256_or_pd(pole_four, positive_infinity);
    }
    large &= _mm256_movemask_pd(large_four);
    pole &= _mm256_movemask_pd(pole_four);
  }
  if (near == 0xf) return GammaRegion::kNearZero;
  if (large == 0xf) return GammaRegion::kLarge;
  if (pole == 0xf) return GammaRegion::kPole;
  return GammaRegion::kMixed;
}

// tgamma_batch_avx2 for a block whose every point is near 0, or from 172
// up (+inf), or a pole (a NaN: every float from -2^23 down among them), as
// nearly all of a sweep's blocks are (those regions hold about 92% of
// floats): the same values and enclosures, so the same bits, without the
// masks and blends of the formulas no point takes. False, with nothing
// written, for any other block.
AVX2_ABI bool tgamma_uniform_block(Block& b) {
  switch (gamma_block_region(b, 172, false)) {
    case GammaRegion::kNearZero:
      tgamma_series_many(b.args[0], b.approx, b.n);  // every point's, as every four has points near 0
      break;
    case GammaRegion::kLarge:
      std::fill(b.approx, b.approx + b.n, std::numeric_limits<double>::infinity());
      break;
    case GammaRegion::kPole:
      std::fill(b.approx, b.approx + b.n, std::numeric_limits<double>::quiet_NaN());
      break;
    case GammaRegion::kMixed:
      return false;
  }
  // An infinity's or a NaN's enclosure is exact whatever the bound.
  finish_each_four(b, kTgammaErrorDulps);
  return true;
}

// tgamma over a block, four points at a time, each lane by its argument
// alone: the series near 0 (tgamma_series_many); on [2^-6, 172),
// gamma_positive_four; on [-170.5, -2^-6] but at the poles, the reflection
//   tgamma(x) = pi / (|sin(pi x)| Gamma(1 - x)), negative where floor(x)
// is odd, where sin_pi_distance_four is within 1.36 u plus libmvec's 8 u,
// Gamma(1 - x) (1 - x exact) within 40.1 u, and the product, pi and the
// quotient add 2.4 u: 51.9 u, within
// kTgammaErrorDulps; between -2^23 and -170.5 a sign alone (gamma.hpp);
// +inf from 172 on; a NaN at the poles (every float from -2^23 down, the
// negative integers above, -inf), exactly. The rest (a NaN, +-0, the
// integers from 1 to 23, whose factorials are exact) as tgamma_value
// answers them.
AVX2_ABI void tgamma_batch_avx2(Block& b) {
  if (tgamma_uniform_block(b)) return;
  alignas(32) double series[Block::kCapacity], dulps[Block::kCapacity];
  uint64_t sign_only[Block::kCapacity / 64] = {};
  tgamma_series_many(b.args[0], series, b.n);
  const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0);
  const __m256d infinity = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  const __m256d nan = _mm256_set1_pd(std::numeric_limits<double>::quiet_NaN());
  const __m256d limit = _mm256_set1_pd(kGammaSeriesLimit), overflow = _mm256_set1_pd(172);
  const __m256d reflected_from = _mm256_set1_pd(-170.5), last_factorial = _mm256_set1_pd(23);
  const __m256d tier = _mm256_set1_pd(kTgammaErrorDulps), pi = _mm256_set1_pd(kPiDouble);
  for (size_t i = 0; i < b.n; i += kLanes) {
    const __m256i in_block = lanes_in_block(i, b.n);
    const __m256d v = _mm256_maskload_pd(b.args[0] + i, in_block);
    const __m256d floor_v = _mm256_round_pd(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m256d integer = _mm256_cmp_pd(v, floor_v, _CMP_EQ_OQ);
    const __m256d negative = _mm256_cmp_pd(v, zero, _CMP_LT_OQ);
    const __m256d near = gamma_series_domain_four(v);
    const __m256d large = _mm256_cmp_pd(v, overflow, _CMP_GE_OQ);
    const __m256d pole = _mm256_and_pd(negative, integer);
    const __m256d stirling = _mm256_andnot_pd(
        _mm256_and_pd(integer, _mm256_cmp_pd(v, last_factorial, _CMP_LE_OQ)),
        _mm256_and_pd(_mm256_cmp_pd(v, limit, _CMP_GE_OQ), _mm256_cmp_pd(v, overflow, _CMP_LT_OQ)));
    const __m256d negative_side = _mm256_andnot_pd(pole, _mm256_cmp_pd(v, _mm256_sub_pd(zero, limit), _CMP_LE_OQ));
    const __m256d reflected = _mm256_and_pd(negative_side, _mm256_cmp_pd(v, reflected_from, _CMP_GE_OQ));
    const __m256d tiny = _mm256_andnot_pd(reflected, negative_side);
    const int reflected_lanes = _mm256_movemask_pd(reflected), tiny_lanes = _mm256_movemask_pd(tiny);
    const int computed = _mm256_movemask_pd(stirling) | reflected_lanes;
    // Negative where floor(v) is odd (the reflected and tiny lanes).
    const __m256d half_floor = _mm256_mul_pd(floor_v, _mm256_set1_pd(0.5));
    const __m256d odd = _mm256_cmp_pd(half_floor, _mm256_round_pd(half_floor, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC),
                                      _CMP_NEQ_OQ);
    const __m256d side = _mm256_and_pd(odd, sign);
    __m256d y = _mm256_blendv_pd(_mm256_and_pd(large, infinity), nan, pole);
    y = _mm256_blendv_pd(y, _mm256_load_pd(series + i), near);
    if (computed != 0) {
      // A stand-in where neither applies, at which nothing overflows.
      __m256d arg = _mm256_blendv_pd(_mm256_set1_pd(kTgammaStirlingFrom), v, stirling);
      arg = _mm256_blendv_pd(arg, _mm256_sub_pd(one, v), reflected);
      const __m256d gamma = gamma_positive_four(arg);
      y = _mm256_blendv_pd(y, gamma, stirling);
      if (reflected_lanes != 0) {
        const __m256d sine = sin_pi_distance_four(_mm256_blendv_pd(_mm256_set1_pd(0.5), v, reflected));
        y = _mm256_blendv_pd(y, _mm256_xor_pd(_mm256_div_pd(pi, _mm256_mul_pd(sine, gamma)), side), reflected);
      }
    }
    y = _mm256_blendv_pd(y, _mm256_xor_pd(_mm256_set1_pd(0x1p-970), side), tiny);
    // Exact: the poles, and +inf at +inf.
    const __m256d exact = _mm256_or_pd(pole, _mm256_cmp_pd(v, infinity, _CMP_EQ_OQ));
    store_group(b.approx, dulps, i, b.n, in_block, y, _mm256_andnot_pd(exact, tier));
    if (tiny_lanes != 0) sign_only[i / 64] |= uint64_t(tiny_lanes) << (i % 64);
    const int in_lanes = _mm256_movemask_pd(_mm256_castsi256_pd(in_block));
    const int rest = in_lanes & ~(computed | tiny_lanes | _mm256_movemask_pd(_mm256_or_pd(_mm256_or_pd(near, large), pole)));
    if (rest == 0) continue;
    _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
    for (size_t k = 0; k < kLanes; ++k)
      if ((rest >> k & 1) != 0) tgamma_point(b, i + k, dulps, sign_only);
  }
  _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
  enclose_tgamma_block(b, dulps, sign_only);
}

// lgamma of four finite arguments x >= kLgammaStirlingFrom (gamma.hpp)
// from Stirling's series:
//   lgamma(x) = (x - 1/2)(log x - 1) + (log(2 pi) - 1)/2 + S(x),
//   S(x) = 1/(12x) - 1/(360x^3) + 1/(1260x^5) - 1/(1680x^7) + R,
// whose remainder R has the sign of, and is smaller than, the first term
// left out, 1/(1188x^9): below 2^-60 of the result from x = 32 on
// (lgamma(32) > 78). In units of u = 2^-53 of the result y (a double ulp
// of y is more than u y), with P = (x - 1/2)(L - 1) < y:
//  - L, libmvec's log x, is within 4 ulps, 8 u L: P moves by at most
//    8 L / (L - 1) u P, 11.25 u P at x = 32 (L = 3.47) and less above;
//  - L - 1 is exact (L >= 2: both are multiples of L's ulp, and
//    L - 1 >= L / 2), x - 1/2 too below 2^52, and above it within u, where
//    L > 36 keeps the log's share under 8.3 u P;
//  - the product and the sum round once, in one FMA: u y;
//  - the constant, 1/x and S's steps round a value below 0.43 by a few
//    u: under 0.02 u y.
// In all at most 12.3 u y: 12.3 double ulps, within kLgammaErrorDulps.
AVX2_ABI __m256d lgamma_stirling_four(__m256d x) {
  static const double half_log_two_pi_less_half = lgamma_stirling_constant();
  const __m256d one = _mm256_set1_pd(1.0);
  const __m256d r = _mm256_div_pd(one, x), z = _mm256_mul_pd(r, r);
  __m256d s = _mm256_fmadd_pd(z, _mm256_set1_pd(-1.0 / 1680), _mm256_set1_pd(1.0 / 1260));
  s = _mm256_fmadd_pd(z, s, _mm256_set1_pd(-1.0 / 360));
  s = _mm256_fmadd_pd(z, s, _mm256_set1_pd(1.0 / 12));
  const __m256d tail = _mm256_fmadd_pd(r, s, _mm256_set1_pd(half_log_two_pi_less_half));
  const __m256d log_x = _ZGVdN4v_log(x);
  return _mm256_fmadd_pd(_mm256_sub_pd(x, _mm256_set1_pd(0.5)), _mm256_sub_pd(log_x, one), tail);
}

// lgamma of four non-integer arguments x in (-2^23, -kLgammaStirlingFrom]
// by the reflection formula
//   lgamma(x) = log pi - log |sin(pi x)| - lgamma(1 - x),
// with |sin(pi x)| = sin(pi |r|), r = x - round(x) (exact, as is 1 - x,
// for a float x), 0 < |r| <= 1/2, and lgamma(1 - x) from
// lgamma_stirling_four. In units of u = 2^-53, with L = lgamma(1 - x)
// >= lgamma(33) > 81.5 and S = log sin(pi |r|) in [-11.33, 0] (|r| >=
// 2^-18, float's spacing from 32 on):
//  - sin_pi_distance_four is within 1.36 u plus libmvec's 4 ulps, 8 u:
//    9.36 u relative, 9.37 u on S; libmvec's log adds 8 u |S| <= 90.7 u;
//  - log pi rounds to within u, and log pi - S (below 12.5) within 12.5 u;
//  - L is within 12.3 u L, and the last subtraction rounds within u |y|.
// So |error| <= (113.6 + 12.3 L) u + u |y|, with |y| >= L - 12.48 > 69:
// at most 17.2 u |y|, under 17.2 double ulps of y; kLgammaReflectedDulps
// leaves a little room.
constexpr double kLgammaReflectedDulps = 18;
AVX2_ABI __m256d lgamma_reflected_four(__m256d x) {
  static const double log_pi = log_pi_constant();
  const __m256d log_sin = _ZGVdN4v_log(sin_pi_distance_four(x));
  const __m256d stirling = lgamma_stirling_four(_mm256_sub_pd(_mm256_set1_pd(1.0), x));
  return _mm256_sub_pd(_mm256_sub_pd(_mm256_set1_pd(log_pi), log_sin), stirling);
}

// lgamma of four non-integer arguments x in (-kLgammaStirlingFrom,
// -2^-6] as log |Gamma(x)|, with each lane's bound in double ulps into
// *DULPS. |Gamma(x)| = pi / (sin(pi |r|) Gamma(1 - x)), 1 - x exact, as
// tgamma_batch_avx2 takes it: within 51.9 u relative (u = 2^-53). Then
// log |Gamma~| = L + log(1 + e), |e| <= 51.9 u, is within 51.9 u (and a
// term of order u^2) of L = lgamma(x), and libmvec's log adds 4 ulps, at
// most 8 u |log Gamma~|. That error, 51.9 u + 8 u |L| and terms of order
// u^2, is in double ulps of the result y (each more than u |y|) at most
// 51.9 / |y| + 8 and a trifle: *DULPS gets 53 / |y| + 9, which grows
// without bound near lgamma's zeros (two between each pair of negative
// integers from -2 down); lgamma_batch_avx2 keeps glibc's value wherever
// it passes kLgammaByTgammaDulps (there, and around -1.57, where lgamma
// comes down to 0.83). Kept out of line: inlined, its registers spill
// the block loop's (verify_bench: the loop lost what this saves).
__attribute__((noinline)) AVX2_ABI __m256d lgamma_by_tgamma_four(__m256d x, __m256d* dulps) {
  const __m256d gamma = gamma_positive_four(_mm256_sub_pd(_mm256_set1_pd(1.0), x));
  const __m256d sine = sin_pi_distance_four(x);
  const __m256d y = _ZGVdN4v_log(_mm256_div_pd(_mm256_set1_pd(kPiDouble), _mm256_mul_pd(sine, gamma)));
  *dulps = _mm256_add_pd(_mm256_div_pd(_mm256_set1_pd(53), _mm256_andnot_pd(_mm256_set1_pd(-0.0), y)), _mm256_set1_pd(9));
  return y;
}

// Where lgamma_by_tgamma_four's bound is at most this (|y| at least
// 0.96), its value is taken: tgamma's own tier bound.
constexpr double kLgammaByTgammaDulps = kTgammaErrorDulps;

// lgamma_batch_avx2 for a block whose every point is near 0, or finite
// from kLgammaStirlingFrom up, or a pole (+inf: the negative integers,
// every float from -2^23 down among them, and the infinities), as nearly
// all of a sweep's blocks are (those regions hold about 92% of floats):
// the same operations on each point, so the same bits, without the masks
// and blends of the formulas no point takes. False, with nothing written,
// for any other block.
AVX2_ABI bool lgamma_uniform_block(Block& b, double tier_dulps) {
  switch (gamma_block_region(b, kLgammaStirlingFrom, true)) {
    case GammaRegion::kNearZero: {
      alignas(32) double series[Block::kCapacity];  // every point's, as every four has points near 0
      log_gamma_one_plus_many(b.args[0], series, b.n);
      const __m256d sign = _mm256_set1_pd(-0.0);
      for (size_t i = 0; i < b.n; i += kLanes) {
        const __m256d magnitude = _mm256_andnot_pd(sign, _mm256_load_pd(b.args[0] + i));
        _mm256_store_pd(b.approx + i, _mm256_sub_pd(_mm256_load_pd(series + i), _ZGVdN4v_log(magnitude)));
      }
      break;
    }
    case GammaRegion::kLarge:
      for (size_t i = 0; i < b.n; i += kLanes) _mm256_store_pd(b.approx + i, lgamma_stirling_four(_mm256_load_pd(b.args[0] + i)));
      break;
    case GammaRegion::kPole:
      std::fill(b.approx, b.approx + b.n, std::numeric_limits<double>::infinity());
      break;
    case GammaRegion::kMixed:
      return false;
  }
  finish_each_four(b, tier_dulps);
  return true;
}

// lgamma and lgamma_r's value (gamma.hpp) over a block, four points at a
// time, each lane by its argument alone (not the lanes beside it):
// near 0, log Gamma(1 + x) from the series less libmvec's log |x|; from
// kLgammaStirlingFrom, lgamma_stirling_four; +inf at the poles (zero
// aside: the negative integers, every float from -2^23 down among them)
// and at both infinities (C99 F.9.5.3); lgamma_reflected_four from
// -kLgammaStirlingFrom down; from there to -2^-6, lgamma_by_tgamma_four
// where its bound is at most kLgammaByTgammaDulps; anything else
// lgamma_value (glibc's lgamma_r, which on [2^-6, 32) costs less than
// lgamma_by_tgamma_four's method would: bench/README.md). Every point then
// takes the tier's bound, exact ones too, as the point path does, or
// kLgammaReflectedDulps where it was reflected, or lgamma_by_tgamma_four's.
AVX2_ABI void lgamma_batch_avx2(Block& b, double tier_dulps) {
  if (lgamma_uniform_block(b, tier_dulps)) return;
  alignas(32) double series[Block::kCapacity] = {};
  alignas(32) double dulps[Block::kCapacity];
  log_gamma_one_plus_many(b.args[0], series, b.n);
  const __m256d sign = _mm256_set1_pd(-0.0), infinity = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  const __m256d stirling_from = _mm256_set1_pd(kLgammaStirlingFrom), reflected_from = _mm256_set1_pd(-kLgammaStirlingFrom);
  const __m256d tier = _mm256_set1_pd(tier_dulps), reflected_bound = _mm256_set1_pd(kLgammaReflectedDulps);
  const __m256d below_series = _mm256_set1_pd(-kGammaSeriesLimit), by_tgamma_limit = _mm256_set1_pd(kLgammaByTgammaDulps);
  for (size_t i = 0; i < b.n; i += kLanes) {
    const __m256i in_block = lanes_in_block(i, b.n);
    const __m256d v = _mm256_maskload_pd(b.args[0] + i, in_block);
    const __m256d magnitude = _mm256_andnot_pd(sign, v);
    const __m256d near = gamma_series_domain_four(v);
    const __m256d large = _mm256_and_pd(_mm256_cmp_pd(v, stirling_from, _CMP_GE_OQ), _mm256_cmp_pd(v, infinity, _CMP_LT_OQ));
    const __m256d negative_integer = negative_integer_four(v);
    const __m256d pole = _mm256_or_pd(negative_integer, _mm256_cmp_pd(v, infinity, _CMP_EQ_OQ));
    const __m256d reflected = _mm256_andnot_pd(pole, _mm256_cmp_pd(v, reflected_from, _CMP_LE_OQ));
    const int near_lanes = _mm256_movemask_pd(near), large_lanes = _mm256_movemask_pd(large);
    const int reflected_lanes = _mm256_movemask_pd(reflected);
    __m256d y = _mm256_and_pd(pole, infinity);
    if (near_lanes != 0) {
      const __m256d log_magnitude = _ZGVdN4v_log(_mm256_blendv_pd(_mm256_set1_pd(kIdle), magnitude, near));
      y = _mm256_blendv_pd(y, _mm256_sub_pd(_mm256_load_pd(series + i), log_magnitude), near);
    }
    if (large_lanes != 0) y = _mm256_blendv_pd(y, lgamma_stirling_four(_mm256_blendv_pd(stirling_from, v, large)), large);
    if (reflected_lanes != 0) {
      // The stand-in is no pole, and its 1 - x is in Stirling's domain.
      const __m256d arg = _mm256_blendv_pd(_mm256_set1_pd(-kLgammaStirlingFrom - 0.5), v, reflected);
      y = _mm256_blendv_pd(y, lgamma_reflected_four(arg), reflected);
    }
    __m256d bound = _mm256_blendv_pd(tier, reflected_bound, reflected);
    const __m256d between = _mm256_andnot_pd(
        negative_integer, _mm256_and_pd(_mm256_cmp_pd(v, reflected_from, _CMP_GT_OQ), _mm256_cmp_pd(v, below_series, _CMP_LE_OQ)));
    int by_tgamma_lanes = 0;
    if (_mm256_movemask_pd(between) != 0) {
      __m256d by_tgamma_dulps;
      // The stand-in's lgamma, about 1.27, is far from zero.
      const __m256d value = lgamma_by_tgamma_four(_mm256_blendv_pd(_mm256_set1_pd(-0.5), v, between), &by_tgamma_dulps);
      const __m256d taken = _mm256_and_pd(between, _mm256_cmp_pd(by_tgamma_dulps, by_tgamma_limit, _CMP_LE_OQ));
      y = _mm256_blendv_pd(y, value, taken);
      bound = _mm256_blendv_pd(bound, by_tgamma_dulps, taken);
      by_tgamma_lanes = _mm256_movemask_pd(taken);
    }
    store_group(b.approx, dulps, i, b.n, in_block, y, bound);
    const int in_lanes = _mm256_movemask_pd(_mm256_castsi256_pd(in_block));
    const int rest =
        in_lanes & ~(near_lanes | large_lanes | reflected_lanes | by_tgamma_lanes | _mm256_movemask_pd(pole));
    if (rest == 0) continue;
    _mm256_zeroupper();  // SSE code follows (vector_trig_batch says why)
    for (size_t k = 0; k < kLanes; ++k) {
      if ((rest >> k & 1) == 0) continue;
      bool exact;
      b.approx[i + k] = lgamma_value(b.args[0][i + k], &exact);
    }
  }
  enclose_block_four(b, dulps);
}

template <Fn F>
void lgamma_batch(Block& b) {
  const double dulps = fast_spec(F).error_dulps;
  if (cpu_has_avx2_fma()) {
    lgamma_batch_avx2(b, dulps);
    return;
  }
  for (size_t i = 0; i < b.n; ++i) {
    bool exact;
    b.approx[i] = lgamma_value(b.args[0][i], &exact);
    finish(b, i, dulps);
  }
}

// sin (COSINE false) or cos of every point: x = (4k + q) pi/2 + r, then
// sin x = +-sin r or +-cos r by the quadrant q (sin: minus in quadrants 2
// and 3, and for a negative x, reduced as |x|; cos: minus in quadrants 1
// and 2). Below kDirectTrigLimit, r = x and q = 0.

// Whether the point needs cos r (else sin r), and the sign bit its value
// takes, for quadrant Q of x (REDUCED: |x| was reduced).
template <bool Cosine>
bool takes_cos(int q) { return Cosine != ((q & 1) != 0); }
template <bool Cosine>
uint64_t sign_of(int q, double x, bool reduced) {
  const bool minus = Cosine ? ((q + 1) & 2) != 0 : ((q & 2) != 0) != (reduced && x < 0);
  return minus ? Double::sign_mask : 0;
}

// Without AVX2: libm, point by point.
template <bool Cosine>
void scalar_trig_batch(Block& b) {
  const double dulps = fast_spec(Cosine ? Fn::cos : Fn::sin).error_dulps;
  for (size_t i = 0; i < b.n; ++i) {
    const double x = b.args[0][i];
    QuarterTurns t;
    if (std::fabs(x) < kDirectTrigLimit) {
      b.approx[i] = Cosine ? std::cos(x) : std::sin(x);
      finish(b, i, dulps);
    } else if (!std::isfinite(x)) {
      b.approx[i] = std::numeric_limits<double>::quiet_NaN();  // sin and cos of an infinity or a NaN
      finish(b, i, dulps);
    } else if (!reduce_quarter_turns(x, &t)) {
      fast_value(Cosine ? Fn::cos : Fn::sin, ArgsOf(b, i).v, &b.approx[i]);
      finish(b, i, dulps);
    } else {
      const double v = takes_cos<Cosine>(t.quadrant) ? std::cos(t.r) : std::sin(t.r);
      b.approx[i] = double_from_bits(to_bits(v) ^ sign_of<Cosine>(t.quadrant, x, true));
      finish(b, i, kReducedTrigErrorDulps);
    }
  }
}

// The functions reduced modulo pi/2: with the reduction |x| = (4k + q) pi/2
// + r, sin x = +-sin r or +-cos r and cos x = +-cos r or +-sin r by the
// quadrant (as takes_cos and sign_of say), tan x = tan r or -1 / tan r
// with x's sign.
enum class Reduced { sin, cos, tan };

// sin, cos or tan with AVX2, in two passes over the block, four points at
// a time. The first reduces every four that are not all below
// kDirectTrigLimit (quarter_turns_avx2.hpp), in a loop that calls nothing,
// so that its constants stay in registers. The second calls libmvec: on
// the argument for four below the limit (nearly everywhere below it, in an
// exhaustive sweep); on the reduced arguments otherwise (for sin and cos
// both sin r and cos r, each point taking the one it needs), with the
// sign. A point whose reduction fails (none is known) is redone at the end
// as the scalar path does it; so are the last one to three points, padded
// to four.
template <Reduced F>
__attribute__((target("avx2,fma"))) void vector_trig_batch(Block& b) {
  constexpr bool Cosine = F == Reduced::cos;
  constexpr Fn fn = F == Reduced::sin ? Fn::sin : F == Reduced::cos ? Fn::cos : Fn::tan;
  const double dulps = fast_spec(fn).error_dulps;
  // tan's bound covers both ways (fast_tier.cpp); sin's and cos's grow with the reduction.
  const double reduced_dulps = F == Reduced::tan ? dulps : kReducedTrigErrorDulps;
  const QuarterTurnTables& tables = quarter_turn_tables();
  const __m256d limit = _mm256_set1_pd(kDirectTrigLimit);
  const __m256d magnitude_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(static_cast<int64_t>(~Double::sign_mask)));
  const size_t groups = b.n / kLanes;
  // Per four points: all below the limit, or their reduced arguments and
  // quadrants (0 where not reduced), the large finite ones, and the ones
  // whose reduction failed.
  alignas(32) double reduced[Block::kCapacity];
  alignas(32) int64_t quadrants[Block::kCapacity];
  uint8_t direct_all[Block::kCapacity / kLanes], large_bits[Block::kCapacity / kLanes];
  uint64_t failed[Block::kCapacity / 64] = {};
  for (size_t g = 0; g < groups; ++g) {
    const size_t i = kLanes * g;
    const __m256d x = _mm256_load_pd(b.args[0] + i);
    const __m256d magnitude = _mm256_and_pd(x, magnitude_mask);
    const __m256d direct = _mm256_cmp_pd(magnitude, limit, _CMP_LT_OQ);
    direct_all[g] = _mm256_movemask_pd(direct) == 0xf;
    if (direct_all[g]) continue;
    // Large finite points are reduced; the others (direct, infinite, NaN)
    // stand in with the limit, a valid argument whose results are unused.
    const __m256d large = _mm256_andnot_pd(direct, _mm256_cmp_pd(magnitude, _mm256_set1_pd(HUGE_VAL), _CMP_LT_OQ));
    __m256d r;
    __m256i q;
    const unsigned valid = reduce_four(tables, _mm256_blendv_pd(limit, x, large), &r, &q);
    _mm256_store_pd(reduced + i, _mm256_blendv_pd(x, r, large));
    _mm256_store_si256(reinterpret_cast<__m256i*>(quadrants + i), _mm256_and_si256(q, _mm256_castpd_si256(large)));
    large_bits[g] = uint8_t(_mm256_movemask_pd(large));
    failed[i / 64] |= uint64_t(large_bits[g] & ~valid) << (i % 64);
  }
  const __m256i one = _mm256_set1_epi64x(1), two = _mm256_set1_epi64x(2);
  for (size_t g = 0; g < groups; ++g) {
    const size_t i = kLanes * g;
    const __m256d x = _mm256_load_pd(b.args[0] + i);
    if (direct_all[g]) {
      _mm256_store_pd(b.approx + i, F == Reduced::sin ? _ZGVdN4v_sin(x)
                                    : F == Reduced::cos ? _ZGVdN4v_cos(x)
                                                        : _ZGVdN4v_tan(x));
      finish_four(b, i, dulps);
      continue;
    }
    const __m256d r = _mm256_load_pd(reduced + i);
    const __m256i q = _mm256_load_si256(reinterpret_cast<const __m256i*>(quadrants + i));
    const __m256d large = _mm256_castsi256_pd(_mm256_cmpgt_epi64(
        _mm256_and_si256(_mm256_set1_epi64x(large_bits[g]), _mm256_set_epi64x(8, 4, 2, 1)), _mm256_setzero_si256()));
    const __m256d odd = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(q, one), one));
    const __m256d negative_large = _mm256_and_pd(large, _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_LT_OQ));
    __m256d value, minus;
    if (F == Reduced::tan) {
      const __m256d tan_r = _ZGVdN4v_tan(r);
      value = _mm256_blendv_pd(tan_r, _mm256_div_pd(_mm256_set1_pd(-1.0), tan_r), odd);
      minus = negative_large;
    } else {
      const __m256d sin_r = _ZGVdN4v_sin(r), cos_r = _ZGVdN4v_cos(r);
      value = Cosine ? _mm256_blendv_pd(cos_r, sin_r, odd) : _mm256_blendv_pd(sin_r, cos_r, odd);
      // sign_of, lane by lane.
      minus = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(Cosine ? _mm256_add_epi64(q, one) : q, two), two));
      if (!Cosine) minus = _mm256_xor_pd(minus, negative_large);
    }
    const __m256d signed_value = _mm256_xor_pd(value, _mm256_and_pd(minus, _mm256_set1_pd(-0.0)));
    // sin, cos and tan of an infinity or a NaN: NaN.
    const __m256d finite = _mm256_cmp_pd(_mm256_and_pd(x, magnitude_mask), _mm256_set1_pd(HUGE_VAL), _CMP_LT_OQ);
    _mm256_store_pd(b.approx + i, _mm256_blendv_pd(_mm256_set1_pd(std::numeric_limits<double>::quiet_NaN()),
                                                   signed_value, finite));
    enclose_four(_mm256_blendv_pd(_mm256_set1_pd(dulps), _mm256_set1_pd(reduced_dulps), large), b.approx + i,
                 b.error + i);
  }
  // Clean upper halves before any SSE code runs: the compiler does not
  // always do it after a vector call, and SSE instructions with dirty upper
  // halves run several times slower (measured: 2x on the whole prepare).
  _mm256_zeroupper();
  for (size_t w = 0; w < Block::kCapacity / 64; ++w) {
    for (uint64_t bits = failed[w]; bits != 0; bits &= bits - 1) {
      const size_t i = 64 * w + size_t(__builtin_ctzll(bits));
      fast_value(fn, ArgsOf(b, i).v, &b.approx[i]);
      finish(b, i, dulps);
    }
  }
  if (groups * kLanes == b.n) return;
  Block tail;  // the last one to three, padded with an argument below the limit
  tail.n = kLanes;
  for (size_t k = 0; k < kLanes; ++k) tail.args[0][k] = groups * kLanes + k < b.n ? b.args[0][groups * kLanes + k] : kIdle;
  vector_trig_batch<F>(tail);
  for (size_t i = groups * kLanes; i < b.n; ++i) {
    b.approx[i] = tail.approx[i - groups * kLanes];
    b.error[i] = tail.error[i - groups * kLanes];
  }
}

// vector_trig_batch with AVX-512, eight points at a time: the same
// reduction (quarter_turns_avx512.hpp, bit for bit the four-lane one) and
// libmvec's AVX2 variants (two_fours): the same bits as vector_trig_batch.
template <Reduced F>
__attribute__((target("avx512f,avx2,fma"))) void vector_trig_batch8(Block& b) {
  constexpr size_t kEight = 8;
  constexpr bool Cosine = F == Reduced::cos;
  constexpr Fn fn = F == Reduced::sin ? Fn::sin : F == Reduced::cos ? Fn::cos : Fn::tan;
  const double dulps = fast_spec(fn).error_dulps;
  const double reduced_dulps = F == Reduced::tan ? dulps : kReducedTrigErrorDulps;
  const QuarterTurnTables& tables = quarter_turn_tables();
  const __m512d limit = _mm512_set1_pd(kDirectTrigLimit), infinity = _mm512_set1_pd(HUGE_VAL);
  const __m512i magnitude_mask = _mm512_set1_epi64(static_cast<int64_t>(~Double::sign_mask));
  const auto magnitude = [&](__m512d v) __attribute__((target("avx512f"))) {
    return _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(v), magnitude_mask));
  };
  const size_t groups = b.n / kEight;
  alignas(64) double reduced[Block::kCapacity];
  alignas(64) int64_t quadrants[Block::kCapacity];
  uint8_t direct_all[Block::kCapacity / kEight], large_bits[Block::kCapacity / kEight];
  uint64_t failed[Block::kCapacity / 64] = {};
  for (size_t g = 0; g < groups; ++g) {
    const size_t i = kEight * g;
    const __m512d x = _mm512_loadu_pd(b.args[0] + i);
    const __mmask8 direct = _mm512_cmp_pd_mask(magnitude(x), limit, _CMP_LT_OQ);
    direct_all[g] = direct == 0xff;
    if (direct_all[g]) continue;
    const __mmask8 large = __mmask8(~direct & _mm512_cmp_pd_mask(magnitude(x), infinity, _CMP_LT_OQ));
    __m512d r;
    __m512i q;
    const __mmask8 valid = reduce_eight(tables, _mm512_mask_blend_pd(large, limit, x), &r, &q);
    _mm512_store_pd(reduced + i, _mm512_mask_blend_pd(large, x, r));
    _mm512_store_si512(quadrants + i, _mm512_maskz_mov_epi64(large, q));
    large_bits[g] = large;
    failed[i / 64] |= uint64_t(large & ~valid & 0xff) << (i % 64);
  }
  const __m512i one = _mm512_set1_epi64(1), two = _mm512_set1_epi64(2);
  for (size_t g = 0; g < groups; ++g) {
    const size_t i = kEight * g;
    const __m512d x = _mm512_loadu_pd(b.args[0] + i);
    if (direct_all[g]) {
      _mm512_storeu_pd(b.approx + i, F == Reduced::sin ? two_fours<_ZGVdN4v_sin>(x)
                                     : F == Reduced::cos ? two_fours<_ZGVdN4v_cos>(x)
                                                         : two_fours<_ZGVdN4v_tan>(x));
      enclose_eight(_mm512_set1_pd(dulps), b.approx + i, b.error + i);
      continue;
    }
    const __m512d r = _mm512_load_pd(reduced + i);
    const __m512i q = _mm512_load_si512(quadrants + i);
    const __mmask8 large = large_bits[g];
    const __mmask8 odd = _mm512_test_epi64_mask(q, one);
    const __mmask8 negative_large = large & _mm512_cmp_pd_mask(x, _mm512_setzero_pd(), _CMP_LT_OQ);
    __m512d value;
    __mmask8 minus;
    if (F == Reduced::tan) {
      const __m512d tan_r = two_fours<_ZGVdN4v_tan>(r);
      value = _mm512_mask_blend_pd(odd, tan_r, _mm512_div_pd(_mm512_set1_pd(-1.0), tan_r));
      minus = negative_large;
    } else {
      const __m512d sin_r = two_fours<_ZGVdN4v_sin>(r), cos_r = two_fours<_ZGVdN4v_cos>(r);
      value = Cosine ? _mm512_mask_blend_pd(odd, cos_r, sin_r) : _mm512_mask_blend_pd(odd, sin_r, cos_r);
      // sign_of, lane by lane.
      minus = _mm512_test_epi64_mask(Cosine ? _mm512_add_epi64(q, one) : q, two);
      if (!Cosine) minus = __mmask8(minus ^ negative_large);
    }
    const __m512i value_bits = _mm512_castpd_si512(value);
    const __m512d signed_value =
        _mm512_castsi512_pd(_mm512_mask_xor_epi64(value_bits, minus, value_bits, _mm512_set1_epi64(INT64_MIN)));
    // sin, cos and tan of an infinity or a NaN: NaN.
    const __mmask8 finite = _mm512_cmp_pd_mask(magnitude(x), infinity, _CMP_LT_OQ);
    _mm512_storeu_pd(b.approx + i, _mm512_mask_blend_pd(finite, _mm512_set1_pd(std::numeric_limits<double>::quiet_NaN()),
                                                        signed_value));
    enclose_eight(_mm512_mask_blend_pd(large, _mm512_set1_pd(dulps), _mm512_set1_pd(reduced_dulps)), b.approx + i,
                  b.error + i);
  }
  _mm256_zeroupper();  // see vector_trig_batch
  for (size_t w = 0; w < Block::kCapacity / 64; ++w) {
    for (uint64_t bits = failed[w]; bits != 0; bits &= bits - 1) {
      const size_t i = 64 * w + size_t(__builtin_ctzll(bits));
      fast_value(fn, ArgsOf(b, i).v, &b.approx[i]);
      finish(b, i, dulps);
    }
  }
  if (groups * kEight == b.n) return;
  Block tail;  // the last one to seven, as the four-lane batch takes them
  tail.n = b.n - groups * kEight;
  for (size_t k = 0; k < tail.n; ++k) tail.args[0][k] = b.args[0][groups * kEight + k];
  vector_trig_batch<F>(tail);
  for (size_t k = 0; k < tail.n; ++k) {
    b.approx[groups * kEight + k] = tail.approx[k];
    b.error[groups * kEight + k] = tail.error[k];
  }
}

}  // namespace

bool cpu_has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

FastBatch fast_batch(Fn f, bool vector, bool four_lanes) {
  // Eight lanes a step where the CPU has AVX-512, else four.
  const bool eight = vector && !four_lanes && dd::cpu_has_avx512();
  switch (f) {
    case Fn::sin: case Fn::sincos_sin:
      return !vector ? scalar_trig_batch<false> : eight ? vector_trig_batch8<Reduced::sin> : vector_trig_batch<Reduced::sin>;
    case Fn::cos: case Fn::sincos_cos:
      return !vector ? scalar_trig_batch<true> : eight ? vector_trig_batch8<Reduced::cos> : vector_trig_batch<Reduced::cos>;
    case Fn::add: return sum_batch<Fn::add>;
    case Fn::sub: return sum_batch<Fn::sub>;
    case Fn::fdim: return sum_batch<Fn::fdim>;
    case Fn::mul: return one_operation_batch<Fn::mul>;
    case Fn::divide: return one_operation_batch<Fn::divide>;
    case Fn::recip: return one_operation_batch<Fn::recip>;
    case Fn::sqrt: return one_operation_batch<Fn::sqrt>;
    case Fn::pow:
      return scalar_pow<Fn::pow>;
    case Fn::pown:
      return scalar_pow<Fn::pown>;
    case Fn::tgamma: return vector ? tgamma_batch_avx2 : tgamma_batch_scalar;
    case Fn::lgamma: return lgamma_batch<Fn::lgamma>;
    case Fn::lgamma_r: return lgamma_batch<Fn::lgamma_r>;
    case Fn::sinpi: return vector ? vector_pi_batch<Fn::sinpi> : pi_batch<Fn::sinpi>;
    case Fn::cospi: return vector ? vector_pi_batch<Fn::cospi> : pi_batch<Fn::cospi>;
    case Fn::tanpi: return vector ? vector_pi_batch<Fn::tanpi> : pi_batch<Fn::tanpi>;
    case Fn::asinpi: return vector ? vector_pi_batch<Fn::asinpi> : pi_batch<Fn::asinpi>;
    case Fn::acospi: return vector ? vector_pi_batch<Fn::acospi> : pi_batch<Fn::acospi>;
    case Fn::atanpi: return vector ? vector_pi_batch<Fn::atanpi> : pi_batch<Fn::atanpi>;
    case Fn::atan2pi: return pi_batch<Fn::atan2pi>;
    default:
      break;
  }
  if (!vector) return nullptr;
  // vector_unary with libmvec's variant of F.
#define VECTOR_UNARY(F, DOMAIN, SATURATED) vector_unary<Fn::F, _ZGVdN4v_##F, DOMAIN, SATURATED>
  switch (f) {
    case Fn::rsqrt: return rsqrt_batch;
    case Fn::fabs: return exact_batch<Fn::fabs>;
    case Fn::floor: return exact_batch<Fn::floor>;
    case Fn::fract_floor: return exact_batch<Fn::fract_floor>;
    case Fn::ceil: return exact_batch<Fn::ceil>;
    case Fn::trunc: return exact_batch<Fn::trunc>;
    case Fn::modf_int: return exact_batch<Fn::modf_int>;
    case Fn::round: return exact_batch<Fn::round>;
    case Fn::rint: return exact_batch<Fn::rint>;
    case Fn::logb: return exact_batch<Fn::logb>;
    case Fn::fract: return exact_batch<Fn::fract>;
    case Fn::modf: return exact_batch<Fn::modf>;
    case Fn::frexp_mantissa: return exact_batch<Fn::frexp_mantissa>;
    case Fn::exp: return VECTOR_UNARY(exp, exp_domain, exp_saturated);
    case Fn::exp2: return VECTOR_UNARY(exp2, exp2_domain, exp2_saturated);
    case Fn::exp10: return VECTOR_UNARY(exp10, exp10_domain, exp10_saturated);
    case Fn::log: return VECTOR_UNARY(log, log_domain, log_saturated);
    case Fn::log2: return VECTOR_UNARY(log2, log_domain, log_saturated);
    case Fn::log10: return VECTOR_UNARY(log10, log_domain, log_saturated);
    case Fn::log1p: return VECTOR_UNARY(log1p, log1p_domain, log1p_saturated);
    case Fn::expm1: return VECTOR_UNARY(expm1, expm1_domain, expm1_saturated);
    case Fn::asin: return VECTOR_UNARY(asin, closed_unit_domain, beyond_unit_nan);
    case Fn::acos: return VECTOR_UNARY(acos, closed_unit_domain, beyond_unit_nan);
    case Fn::atan: return VECTOR_UNARY(atan, finite_domain, not_saturated);
    case Fn::sinh: return VECTOR_UNARY(sinh, hyperbolic_domain, sinh_saturated);
    case Fn::cosh: return VECTOR_UNARY(cosh, hyperbolic_domain, cosh_saturated);
    case Fn::tanh: return VECTOR_UNARY(tanh, finite_domain, not_saturated);
    case Fn::tan: return eight ? vector_trig_batch8<Reduced::tan> : vector_trig_batch<Reduced::tan>;
    case Fn::asinh: return asinh_batch;
    case Fn::acosh: return VECTOR_UNARY(acosh, acosh_domain, acosh_saturated);
    case Fn::atanh: return VECTOR_UNARY(atanh, open_unit_domain, atanh_saturated);
    case Fn::cbrt: return VECTOR_UNARY(cbrt, finite_domain, not_saturated);
    case Fn::erf: return VECTOR_UNARY(erf, finite_domain, not_saturated);
    case Fn::erfc: return VECTOR_UNARY(erfc, erfc_domain, erfc_saturated);
    default: return nullptr;
  }
#undef VECTOR_UNARY
}

}  // namespace clconform::ref::math
CLC_AVX512_CODE_END
