#include "reference/math/judge_double.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#define MPFR_WANT_FLOAT128 1
#if defined(__clang__) && !defined(_Float128)
// clang's C++ knows binary128 as __float128 only; mpfr.h names it _Float128.
#define _Float128 __float128
#endif
#include <mpfr.h>
#include <quadmath.h>

#include "reference/fp_bits.hpp"
#include "reference/math/coarse_atan.hpp"
#include "reference/math/coarse_gamma.hpp"
#include "reference/math/coarse_log.hpp"
#include "reference/math/coarse_trig.hpp"
#include "reference/math/dd_arith.hpp"
#include "reference/math/dd_cbrt.hpp"
#include "reference/math/dd_atan.hpp"
#include "reference/math/dd_erf.hpp"
#include "reference/math/dd_exp_log.hpp"
#include "reference/math/dd_gamma.hpp"
#include "reference/math/dd_hyperbolic.hpp"
#include "reference/math/dd_pi.hpp"
#include "reference/math/dd_trig.hpp"
#include "reference/math/double_double_avx2.hpp"
#include "reference/math/exact_double.hpp"
#include "reference/math/fast_quad.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/math/mpfr_verdict.hpp"

namespace clconform::ref::math {
namespace {

using Q = __float128;

// The enclosure MPFR gives at this precision is 2^-127 wide relative to the
// result; rounding it to binary128 adds 2^-113: 2^-110 covers both.
constexpr mpfr_prec_t kPreparePrecision = 128;
const Q kMpfrRelError = 0x1p-110Q;
// Relative slack on every comparison of the fast verdict: each is a few
// binary128 operations on numbers known to 2^-100 anyway.
const Q kSlack = 0x1p-90Q;

const Q kMinNormal = 0x1p-1022Q;
const Q kSubnormalUlp = 0x1p-1074Q;
const Q kBeyond = 0x1p1024Q;  // an infinity stands for every real from here (reference/ulp.hpp)

double double_of(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

uint64_t bits_of(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

bool is_nan_bits(uint64_t b) { return (b & ~Double::sign_mask) > Double::infinity_bits; }
bool is_inf_bits(uint64_t b) { return (b & ~Double::sign_mask) == Double::infinity_bits; }
bool is_zero_bits(uint64_t b) { return (b & ~Double::sign_mask) == 0; }

// The spec's ulp (reference/ulp.hpp, for double) of every real in [lo, hi]
// when it is one number there, else 0. lo <= hi, both finite.
Q ulp_over(Q lo, Q hi) {
  if (lo < 0 && hi > 0) return fmaxq(-lo, hi) <= kMinNormal ? kSubnormalUlp : 0;
  const Q a = fminq(fabsq(lo), fabsq(hi)), b = fmaxq(fabsq(lo), fabsq(hi));
  if (b <= kMinNormal) return kSubnormalUlp;  // the subnormal range, 2^-1022 included
  if (a >= kBeyond) return 0x1p971Q;            // beyond the largest double: the top binade's spacing
  int ea, eb;
  const Q ma = frexpq(a, &ea), mb = frexpq(b, &eb);
  // Same binade [2^(e-1), 2^e), and not at its lower end, where ulp is the
  // binade below's (a power of two).
  if (ea != eb || ma == 0.5Q || mb == 0.5Q || a < kMinNormal) return 0;
  return ldexpq(1.0Q, ea - 1 - 52);
}

// The spec's ulp at the single real V (a power of two takes the binade
// below's spacing), for reporting an error.
Q ulp_at(Q v) {
  const Q a = fabsq(v);
  if (a <= kMinNormal) return kSubnormalUlp;
  if (a >= kBeyond) return 0x1p971Q;
  int e;
  const Q m = frexpq(a, &e);
  return ldexpq(1.0Q, e - 1 - 52 - (m == 0.5Q ? 1 : 0));
}

// The double the real number V rounds to (binary128 to double rounds to
// nearest, even on ties, with double's subnormals and overflow).
uint64_t round_to_double(Q v) { return bits_of(static_cast<double>(v)); }

// The least and the largest spec ulp of the reals in [lo, hi]: ulp is a
// non-decreasing function of the magnitude (reference/ulp.hpp: a power of
// two takes the binade below's spacing, which is also the binade's own
// lower neighbour's), so they are the ulps at the least and the largest
// magnitude.
void ulp_range(Q lo, Q hi, Q* least, Q* largest) {
  const Q a = (lo <= 0 && hi >= 0) ? Q(0) : fminq(fabsq(lo), fabsq(hi));
  *least = ulp_at(a);
  *largest = ulp_at(fmaxq(fabsq(lo), fabsq(hi)));
}

// The exact built-ins (exact_double.hpp: no error), sin, cos, tan and
// sincos's parts, exp, exp2, exp10, log, log2, log10, cbrt, pow and powr,
// log1p, expm1, the hyperbolic functions and their inverses, sinpi, cospi,
// tanpi, lgamma (lgamma_r's value), tgamma, erf, erfc, the inverse
// trigonometric functions and their pi forms, recip, rsqrt, fract in (-1,
// 0) (exact_fract_pair), fma and mad's fused reading, fdim, and the
// correctly rounded operations: the double-double tiers (dd_trig.hpp,
// dd_exp_log.hpp, dd_cbrt.hpp, dd_hyperbolic.hpp, dd_pi.hpp, dd_gamma.hpp,
// dd_erf.hpp, dd_atan.hpp, dd_arith.hpp), where they vouch for their bounds: the
// real result is within *REL * |hi + lo| of *HI + *LO.
bool dd_value(Fn f, const double* args, double* hi, double* lo, double* rel) {
  if (exact_double(f, args, hi)) {
    *lo = 0;
    *rel = 0;
    return true;
  }
  const double x = args[0];
  if (f == Fn::fract) {
    *rel = 0;
    return exact_fract_pair(x, hi, lo);
  }
  if (f == Fn::sin || f == Fn::sincos_sin || f == Fn::cos || f == Fn::sincos_cos) {
    *rel = kDdTrigRelError;
    return dd_sin_cos(x, f == Fn::cos || f == Fn::sincos_cos, hi, lo);
  }
  if (f == Fn::tan) {
    *rel = kDdTanRelError;
    return dd_tan(x, hi, lo);
  }
  if (f == Fn::exp) {
    *rel = kDdExpLogRelError;
    return dd_exp(x, hi, lo);
  }
  if (f == Fn::log) {
    *rel = kDdExpLogRelError;
    return dd_log(x, hi, lo);
  }
  if (f == Fn::log2 || f == Fn::log10) {
    *rel = kDdLogBaseRelError;
    return f == Fn::log2 ? dd_log2(x, hi, lo) : dd_log10(x, hi, lo);
  }
  if (f == Fn::hypot) {
    *rel = kDdArithRelError;
    return dd_hypot(x, args[1], hi, lo);
  }
  // The reciprocal is 1 / x; rsqrt dd_sqrt's reciprocal.
  if (f == Fn::recip || f == Fn::rsqrt) {
    *rel = kDdArithRelError;
    return f == Fn::recip ? dd_recip(x, hi, lo) : dd_rsqrt(x, hi, lo);
  }
  if (f == Fn::cbrt) {
    *rel = kDdCbrtRelError;
    return dd_cbrt(x, hi, lo);
  }
  if (f == Fn::exp2 || f == Fn::exp10) {
    *rel = kDdExpBaseRelError;
    return f == Fn::exp2 ? dd_exp2(x, hi, lo) : dd_exp10(x, hi, lo);
  }
  switch (f) {
    case Fn::log1p: *rel = kDdLog1pRelError; return dd_log1p(x, hi, lo);
    case Fn::asinh: *rel = kDdLog1pRelError; return dd_asinh(x, hi, lo);
    case Fn::acosh: *rel = kDdLog1pRelError; return dd_acosh(x, hi, lo);
    case Fn::atanh: *rel = kDdLog1pRelError; return dd_atanh(x, hi, lo);
    case Fn::cosh: *rel = kDdCoshRelError; return dd_cosh(x, hi, lo);
    case Fn::expm1: *rel = kDdExpm1RelError; return dd_expm1(x, hi, lo);
    case Fn::sinh: *rel = kDdExpm1RelError; return dd_sinh(x, hi, lo);
    case Fn::tanh: *rel = kDdExpm1RelError; return dd_tanh(x, hi, lo);
    case Fn::sinpi: *rel = kDdSinCosPiRelError; return dd_sinpi(x, hi, lo);
    case Fn::cospi: *rel = kDdSinCosPiRelError; return dd_cospi(x, hi, lo);
    case Fn::tanpi: *rel = kDdTanPiRelError; return dd_tanpi(x, hi, lo);
    case Fn::lgamma:
    case Fn::lgamma_r: *rel = kDdLgammaRelError; return dd_lgamma(x, hi, lo);
    case Fn::tgamma: *rel = kDdTgammaRelError; return dd_tgamma(x, hi, lo);
    case Fn::erf: *rel = kDdErfRelError; return dd_erf(x, hi, lo);
    case Fn::erfc: *rel = kDdErfcRelError; return dd_erfc(x, hi, lo);
    case Fn::atan: *rel = kDdAtanRelError; return dd_atan(x, hi, lo);
    case Fn::asin: *rel = kDdAtanRelError; return dd_asin(x, hi, lo);
    case Fn::acos: *rel = kDdAtanRelError; return dd_acos(x, hi, lo);
    case Fn::atan2: *rel = kDdAtanRelError; return dd_atan2(x, args[1], hi, lo);  // atan2(y, x): args (y, x)
    case Fn::atanpi: *rel = kDdAtanPiRelError; return dd_atanpi(x, hi, lo);
    case Fn::asinpi: *rel = kDdAtanPiRelError; return dd_asinpi(x, hi, lo);
    case Fn::acospi: *rel = kDdAtanPiRelError; return dd_acospi(x, hi, lo);
    case Fn::atan2pi: *rel = kDdAtanPiRelError; return dd_atan2pi(x, args[1], hi, lo);
    default: break;
  }
  // fdim where x - y rounds (exact_double takes the rest); mad's value is
  // its fused reading, alternative 0 (prepare_point).
  if (f == Fn::add || f == Fn::sub || f == Fn::mul || f == Fn::divide || f == Fn::sqrt || f == Fn::fdim ||
      f == Fn::fma || f == Fn::mad) {
    *rel = kDdArithRelError;
    switch (f) {
      case Fn::add: return dd_add(x, args[1], hi, lo);
      case Fn::sub: return dd_sub(x, args[1], hi, lo);
      case Fn::fdim:  // exact, as exact_double's points: one bound for a block
        *rel = 0;
        return x > args[1] && dd_sub(x, args[1], hi, lo);
      case Fn::fma: case Fn::mad: return dd_fma(x, args[1], args[2], hi, lo);
      case Fn::mul: return dd_mul(x, args[1], hi, lo);
      case Fn::divide: return dd_divide(x, args[1], hi, lo);
      default: return dd_sqrt(x, hi, lo);
    }
  }
  // pow and powr agree for x > 0 (spec 7.5.1 differs only at special values).
  if (f == Fn::pow || f == Fn::powr) {
    *rel = kDdPowRelError;
    return dd_pow(x, args[1], hi, lo);
  }
  // pown(x, n) is pow of an integer n: |x|^n, negative for a negative x and
  // an odd n. rootn(x, n): the n-th root, of |x| for an odd n (a negative
  // x's root is negative; an even n's is a NaN, left to MPFR).
  if (f == Fn::pown || f == Fn::rootn) {
    const double n = args[1];
    if (x == 0 || !is_int_value(n)) return false;
    const bool odd = std::fmod(n, 2.0) != 0;
    if (x < 0 && f == Fn::rootn && !odd) return false;
    *rel = kDdPowRelError;
    const bool ok = f == Fn::pown ? dd_pow(std::fabs(x), n, hi, lo) : dd_rootn(std::fabs(x), static_cast<int>(n), hi, lo);
    if (ok && x < 0 && odd) *hi = -*hi, *lo = -*lo;
    return ok;
  }
  return false;
}

// P's enclosure [q - e, q + e] in binary128, formed from the double-double
// parts for a point of a double-double tier.
void enclosure(const DoubleJudge::Point& p, Q* q, Q* e) {
  if (!p.dd) {
    *q = p.q;
    *e = p.e;
    return;
  }
  *q = Q(p.approx) + Q(p.dd_lo);
  *e = Q(p.dd_rel) * fabsq(*q) + kQuadAbsError;
}

// The factor prepare_fast's inputs come multiplied by for a point whose
// approximation is A: 2^200 below 2^-960, where the spacing of A's binade
// is below 2^-1012 and the enclosure's radius (about 2^-46 of it) would
// underflow in double; 1 elsewhere.
double fast_prescale(double a) { return std::fabs(a) < 0x1p-960 ? 0x1p200 : 1.0; }

// The double-arithmetic fields of a point (judge_double.hpp), from approx, the
// difference RESID = (q - approx) * t (within 2^-53 of itself, or 2^-1075
// absolute, which is below 2^-63 s t) and E_UP >= e * t (within 2^-52 of
// it, or 2^-1075 absolute), with T = fast_prescale(approx): only for finite
// approx with 2^-1021 <= |approx| < 2^1023. There the spacing s of
// approx's binade is at least 2^-1073, and half of it below a power of two
// (2^-1021 is the least binade whose lower neighbour is normal, with the
// spacing halved: the subnormals below 2^-1022 keep 2^-1074), 1/(s t)
// is a normal double (at least 2^-970), and the binade above approx's is
// finite, so no value of the enclosure rounds to an infinity. A result
// that far from approx (the other sign, or an infinity) may make
// got - approx overflow: the distance is then +inf, which fails, as it
// should (such a result is at least 2^53 ulps off). In units of s, |approx| = A is an integer in
// [2^52, 2^53), |resid| <= 1/2 and err is about 2^-46 (e is relative), so
// the enclosure's magnitudes A + resid' +- err (resid' = resid with
// approx's sign taken out) reach the binade below only when A = 2^52 and
// the one above only when A = 2^53 - 1. Sets P.certain when no rounding
// boundary (a midpoint: s/2 from approx, or s/4 below when A = 2^52) lies
// within resid' +- err. Returns whether APPROX is in that range.
struct FastFields {
  double prescale, scale, resid, err, ulp_min, ulp_max, ulp_q;
  bool certain;
};
inline bool fast_fields(double approx, double t, double resid, double e_up, FastFields& f) {
  const double a = std::fabs(approx);
  if (!(a >= 0x1p-1021 && a < 0x1p1023)) return false;
  const int exponent = static_cast<int>(bits_of(a) >> 52) - 1023;  // a in [2^exponent, 2^(exponent+1))
  f.prescale = t;
  const int t_log2 = static_cast<int>(bits_of(t) >> 52) - 1023;  // t is a power of two
  // 2^(52 - exponent) / t, a normal double: 1/(s t) is a power of two and
  // the products stay normal (or below 2^-62).
  f.scale = double_of(static_cast<uint64_t>(1023 + 52 - exponent - t_log2) << 52);
  f.resid = resid * f.scale;
  f.err = e_up * f.scale * (1 + 0x1p-50) + 0x1p-60;
  const double mantissa = (a * f.prescale) * f.scale;  // A, exact
  const double outward = f.resid * std::copysign(1.0, approx);  // exact: no branch on a random sign
  const bool below = mantissa == 0x1p52 && outward - f.err <= 0;
  const bool above = mantissa == 0x1p53 - 1 && outward + f.err >= 1;
  f.ulp_min = below ? 0.5 : 1;
  f.ulp_max = above ? 2 : 1;
  // ulp_at(q): a power of two itself takes the binade below's spacing
  // (reference/ulp.hpp), so q = approx = 2^k counts as below.
  f.ulp_q = (mantissa == 0x1p52 && outward <= 0) ? 0.5 : 1;
  // The midpoints around approx: s/2 away on either side, except s/4
  // below a power of two (toward zero), where the spacing halves.
  const double slack = (std::fabs(outward) + f.err) * 0x1p-50;
  const double room_toward_zero = mantissa == 0x1p52 ? 0.25 : 0.5;
  f.certain = (outward + f.err + slack < 0.5) & (f.err - outward + slack < room_toward_zero);
  return true;
}

void set_fast(DoubleJudge::Point& p, const FastFields& f) {
  p.fast = true;
  p.prescale = f.prescale;
  p.scale = f.scale;
  p.resid = f.resid;
  p.err = f.err;
  p.ulp_min = f.ulp_min;
  p.ulp_max = f.ulp_max;
  p.ulp_q = f.ulp_q;
  p.certain = f.certain;
}

// Sets P's fast fields; returns P.fast.
bool prepare_fast(DoubleJudge::Point& p, double t, double resid, double e_up) {
  FastFields f;
  p.fast = fast_fields(p.approx, t, resid, e_up, f);
  if (p.fast) set_fast(p, f);
  return p.fast;
}

// The fast fields prepare_value gives a point of a double-double tier
// whose value is HI + LO within REL of itself.
inline bool dd_fast_fields(double hi, double lo, double rel, FastFields& f) {
  const double t = fast_prescale(hi);
  return fast_fields(hi, t, lo * t, rel * (std::fabs(hi) * t) * (1 + 0x1p-51), f);
}

// What a tier says of its points' values in a block: each within a
// relative error bound, and the kind a point takes where its fields are
// certain. One bound and kind for every point, or (PER_POINT) arrays.
struct TierBounds {
  double rel = 0;
  uint64_t kind = DoubleJudge::Block::kFast;  // every point's, where not per_point
  const double* rels = nullptr;    // point i's bound, where per_point
  const uint64_t* kinds = nullptr;  // point i's kind, where per_point
  bool per_point = false;
  double rel_of(size_t i) const { return per_point ? rels[i] : rel; }
  uint64_t kind_of(size_t i) const { return per_point ? kinds[i] : kind; }
};

// dd_fast_fields of a block's points, kLanes at a time
// (judge_double_lanes.inc), once for each instruction set.
#define CLC_LANES_BODY "reference/math/judge_double_lanes.inc"
#include "reference/math/simd_targets.inc"
#undef CLC_LANES_BODY

// dd_fast_fields of the points [0, N / L * L) of a block, L lanes at a
// time; returns N / L * L.
size_t dd_fast_fields_lanes(const double* hi, const double* lo, const bool* vouched, const TierBounds& tier, size_t n,
                            DoubleJudge::Block& b) {
  if (dd::cpu_has_avx512())
    return tier.per_point ? avx512::fast_fields<true>(hi, lo, vouched, tier, n, b)
                          : avx512::fast_fields<false>(hi, lo, vouched, tier, n, b);
  if (dd::cpu_has_avx2_fma())
    return tier.per_point ? avx2::fast_fields<true>(hi, lo, vouched, tier, n, b)
                          : avx2::fast_fields<false>(hi, lo, vouched, tier, n, b);
  return 0;
}

// Bounds on log2 of the mantissas that pow_beyond reads: lo[i] <= log2(1 +
// i/256) <= hi[i] (MPFR, rounded down and up), i in [0, 256].
struct Log2Table {
  double lo[257], hi[257];
  Log2Table() {
    mpfr_t v;
    mpfr_init2(v, 53);
    for (int i = 0; i <= 256; ++i) {
      mpfr_set_ui(v, static_cast<unsigned long>(256 + i), MPFR_RNDN);
      mpfr_div_2ui(v, v, 8, MPFR_RNDN);  // exact
      mpfr_t l;
      mpfr_init2(l, 53);
      mpfr_log2(l, v, MPFR_RNDD);
      lo[i] = mpfr_get_d(l, MPFR_RNDN);  // l has 53 bits: exact
      mpfr_log2(l, v, MPFR_RNDU);
      hi[i] = mpfr_get_d(l, MPFR_RNDN);
      mpfr_clear(l);
    }
    mpfr_clear(v);
  }
};

// Out of line: pow_beyond then saves no registers for the first call's
// construction.
__attribute__((noinline)) const Log2Table& log2_table() {
  static const Log2Table table;
  return table;
}

// Whether pow's (or powr's) real result at the finite nonzero X and finite
// Y is beyond what a value is needed for, as for exp below: +1 above
// 2^1024 with a positive sign, -1 below 2^-2164 in magnitude, 0 where
// neither is certain or the result is a NaN (x < 0 with a non-integer y,
// and powr of any x < 0). |x| = 2^e m with m in [1 + i/256, 1 + (i +
// 1)/256), so log2 |x| lies in [e + lo[i], e + hi[i + 1]]; each sum rounds
// within 2^-43 (|e| < 2^11), each product with y within 2^-53 of itself,
// far inside the margins of 2^-40 and of one binade (1025 and -2165).
int pow_beyond(Fn f, double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y) || x == 0) return 0;
  bool positive = x > 0;
  if (x < 0) {
    // |x|^y for an integer y, negative for an odd one; from y's bits (the
    // integers have no fraction bits below their point, the odd ones a 1
    // at it).
    const uint64_t yb = bits_of(y);
    const int ye = static_cast<int>((yb >> 52) & 0x7FF) - 1023;
    if (f == Fn::powr || ye < 0) return 0;  // y = 0 is not beyond either
    if (ye < 52 && (yb & ((uint64_t{1} << (52 - ye)) - 1)) != 0) return 0;
    positive = ye > 52 || (ye > 0 && ((yb >> (52 - ye)) & 1) == 0);
  }
  const Log2Table& table = log2_table();
  uint64_t b = bits_of(std::fabs(x));
  int e = static_cast<int>(b >> 52) - 1023;
  if ((b >> 52) == 0) {  // subnormal: scaled exactly into the normal range
    b = bits_of(std::fabs(x) * 0x1p64);
    e = static_cast<int>(b >> 52) - 1023 - 64;
  }
  const unsigned i = static_cast<unsigned>(b >> 44) & 0xFF;  // m's first 8 bits after the point
  const double lo = e + table.lo[i] - 0x1p-40, hi = e + table.hi[i + 1] + 0x1p-40;
  const double a = y * lo, c = y * hi;
  if (positive && std::min(a, c) > 1025) return 1;
  if (std::max(a, c) < -2165) return -1;
  return 0;
}

// exp's arguments beyond (beyond_of): exp(710) > 2^1024.3, exp(-1500) < 2^-2164.
constexpr double kExpAbove = 710, kExpBelow = -1500;

// beyond_of for exp at X[0, N / 4 * 4), four at a time; returns N / 4 * 4.
__attribute__((target("avx2"))) size_t exp_beyond4(const double* x, size_t n, int8_t* out) {
  const size_t n4 = n / 4 * 4;
  for (size_t i = 0; i < n4; i += 4) {
    const __m256d v = _mm256_loadu_pd(x + i);
    const unsigned above = unsigned(_mm256_movemask_pd(_mm256_cmp_pd(v, _mm256_set1_pd(kExpAbove), _CMP_GE_OQ)));
    const unsigned below = unsigned(_mm256_movemask_pd(_mm256_cmp_pd(v, _mm256_set1_pd(kExpBelow), _CMP_LE_OQ)));
    const uint32_t four = dd::byte_per_bit(above) | dd::byte_per_bit(below) * 0xFFu;  // +1, -1 (0xFF) or 0 each
    std::memcpy(out + i, &four, 4);
  }
  return n4;
}

// Whether the real result at ARGS is beyond what a value is needed for:
// +1 where it is above 2^1024 with a positive sign, -1 where it is below
// 2^-2164 in magnitude, 0 elsewhere and for functions other than exp,
// exp2, exp10, erfc, lgamma, lgamma_r, tgamma, pow and powr. exp: x >= 710 (exp(710) > 2^1024.3) and x <=
// -1500; exp2: x > 1024 and x <= -2165; exp10: x >= 309 (10^309 >
// 2^1026) and x <= -652 (10^-652 < 2^-2165); erfc: x >= 39 (erfc x <
// e^(-x^2) / (x sqrt(pi)), below 2^-2200 there). The verdicts on +inf and on
// a zero there need no value (the judge): these are half of a full
// sweep's stratified doubles for each exponential and for erfc, a quarter
// for the gamma functions (the negative integers from -2^52 down are
// lgamma's poles, and tgamma's domain errors: domain_nan), and about half
// of pow's sampled pairs.
int beyond_of(Fn f, const double* args) {
  if (f == Fn::pow || f == Fn::powr) return pow_beyond(f, args[0], args[1]);
  if (f == Fn::pown) return pow_beyond(Fn::pow, args[0], args[1]);  // an integer n: pow's reading
  const double x = args[0];
  bool above = false, below = false;
  switch (f) {
    case Fn::exp: above = x >= kExpAbove, below = x <= kExpBelow; break;
    case Fn::exp2: above = x > 1024, below = x <= -2165; break;
    case Fn::exp10: above = x >= 309, below = x <= -652; break;
    case Fn::erfc: below = x >= 39; break;
    case Fn::lgamma:
    case Fn::lgamma_r:  // +inf at its poles and the infinities; x (ln x - 1) > 2^1026 from 2^1017 on
      above = std::isinf(x) || (x <= 0 && std::floor(x) == x) || x >= 0x1p1017;
      break;
    case Fn::tgamma:  // Gamma(172) = 171! > 2^1026; below -500, pi / (|sin(pi x)| Gamma(1 - x)) < 2^-3000
      above = x >= 172, below = x <= -500 && std::floor(x) != x;
      break;
    // e^x / 2 > 2^1024 from x = 1025 ln 2 (710.48) on; sinh's negative
    // overflows (-inf) are a block's kMinusInf (early_kinds) and the other
    // tiers' for a point. e^x - 1 > 2^1024 from 709.79.
    case Fn::cosh: above = std::fabs(x) >= 711; break;
    case Fn::sinh: above = x >= 711; break;
    case Fn::expm1: above = x >= 710; break;
    default: return 0;
  }
  return above ? 1 : below ? -1 : 0;
}

// early_kinds' marks of a NaN real result and of one below -2^1024.
constexpr int8_t kNanDomain = 2, kMinusInfinite = 3;

// log's negative arguments (domain_nan) at X[0, N / 4 * 4), four at a
// time; returns N / 4 * 4.
__attribute__((target("avx2"))) size_t log_nan4(const double* x, size_t n, int8_t* out) {
  const size_t n4 = n / 4 * 4;
  for (size_t i = 0; i < n4; i += 4) {
    const __m256d v = _mm256_loadu_pd(x + i);
    const unsigned nan = unsigned(_mm256_movemask_pd(_mm256_and_pd(
        _mm256_cmp_pd(v, _mm256_setzero_pd(), _CMP_LT_OQ), _mm256_cmp_pd(v, _mm256_set1_pd(-HUGE_VAL), _CMP_GT_OQ))));
    const uint32_t four = dd::byte_per_bit(nan) * uint32_t(kNanDomain);
    std::memcpy(out + i, &four, 4);
  }
  return n4;
}

// What the one-argument points X[0, N) of a block are known to be before
// their values, into OUT: beyond_of's +1 and -1 for exp (four at a time),
// cosh, sinh, expm1, lgamma and lgamma_r, kMinusInfinite for sinh from
// -711 down to the largest finite magnitude (e^711 / 2 > 2^1024, as
// beyond_of's +1 from 711 up),
// kNanDomain where the real result of log, log2 or log10 is a NaN by
// domain_nan (a negative argument, four at a time), 0 otherwise. Each is about half of a full sweep's stratified
// doubles for its function (a quarter for lgamma: its poles).
void early_kinds(Fn f, const double* x, size_t n, int8_t* out) {
  const bool log = f == Fn::log || f == Fn::log2 || f == Fn::log10;
  if (!log && f != Fn::exp && f != Fn::cosh && f != Fn::sinh && f != Fn::expm1 && f != Fn::lgamma &&
      f != Fn::lgamma_r) {
    std::memset(out, 0, n);
    return;
  }
  size_t i = 0;
  if (dd::cpu_has_avx2_fma() && (f == Fn::exp || log)) i = f == Fn::exp ? exp_beyond4(x, n, out) : log_nan4(x, n, out);
  for (; i < n; ++i) {
    const double args[3] = {x[i], 0, 0};
    if (log) {
      out[i] = domain_nan(f, args) ? kNanDomain : 0;
    } else {
      // sinh(-inf) stays prepare's (an infinite argument goes to MPFR there).
      const bool minus_infinite = f == Fn::sinh && x[i] <= -711 && x[i] != -HUGE_VAL;
      out[i] = minus_infinite ? kMinusInfinite : static_cast<int8_t>(beyond_of(f, args));
    }
  }
}

// The coarse tier of F other than sin's, cos's and tan's (whose points
// take per-point kinds): its bound, 0 where F has none, and the bound of
// the double-double tier beside it (dd_value's).
struct CoarseTier {
  double bound, dd_rel;
};
CoarseTier coarse_tier(Fn f) {
  switch (f) {
    case Fn::log: return {kCoarseLogRelError, kDdExpLogRelError};
    case Fn::log2: case Fn::log10: return {kCoarseLogRelError, kDdLogBaseRelError};
    case Fn::atan: case Fn::asin: case Fn::acos: return {kCoarseAtanRelError, kDdAtanRelError};
    case Fn::atanpi: case Fn::asinpi: case Fn::acospi: return {kCoarseAtanRelError, kDdAtanPiRelError};
    case Fn::sinpi: case Fn::cospi: return {kCoarseTrigRelError, kDdSinCosPiRelError};
    case Fn::tanpi: return {kCoarseTanRelError, kDdTanPiRelError};
    case Fn::lgamma: case Fn::lgamma_r: return {kCoarseLgammaRelError, kDdLgammaRelError};
    default: return {0, 0};
  }
}

// F's values from that tier, for X[0 .. N) (coarse_tier(f).bound > 0).
void coarse_values(Fn f, const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  switch (f) {
    case Fn::log: return coarse_log_many(x, n, hi, lo, vouched, 1);
    case Fn::log2: return coarse_log_many(x, n, hi, lo, vouched, 2);
    case Fn::log10: return coarse_log_many(x, n, hi, lo, vouched, 10);
    case Fn::atan: return coarse_atan_many(InverseTrig::atan, x, n, hi, lo, vouched);
    case Fn::atanpi: return coarse_atan_many(InverseTrig::atanpi, x, n, hi, lo, vouched);
    case Fn::asin: return coarse_atan_many(InverseTrig::asin, x, n, hi, lo, vouched);
    case Fn::asinpi: return coarse_atan_many(InverseTrig::asinpi, x, n, hi, lo, vouched);
    case Fn::acos: return coarse_atan_many(InverseTrig::acos, x, n, hi, lo, vouched);
    case Fn::acospi: return coarse_atan_many(InverseTrig::acospi, x, n, hi, lo, vouched);
    case Fn::sinpi: return coarse_pi_many(PiTrig::sinpi, x, n, hi, lo, vouched);
    case Fn::cospi: return coarse_pi_many(PiTrig::cospi, x, n, hi, lo, vouched);
    case Fn::tanpi: return coarse_pi_many(PiTrig::tanpi, x, n, hi, lo, vouched);
    default: return coarse_lgamma_many(x, n, hi, lo, vouched);  // lgamma, lgamma_r
  }
}

// Whether the real result of F at X lies on the side of APPROX, a power of
// two, that the coarse tier's value lies on (the sign of its residual
// RESID), where the coarse enclosure alone leaves the side open: atanpi
// rounds to +-1/2 for nearly half of a sweep's arguments (|x| above about
// 2^53.4) and stays below it in magnitude for every finite x; acospi
// rounds to 1/2 for about half of them (|x| below about 2^-53.4 for x > 0,
// 2^-52.4 for x < 0), which it passes below for x > 0 and above for x <
// 0; cospi rounds to +-1 for about half of them
// (|x| within 2^-27 of an integer), and off the integers stays below 1 in
// magnitude, while at an integer (half a sweep: |x| >= 2^52) it is +-1
// exactly, as the coarse value is there, with a zero residual. The coarse
// tiers' values lie on those sides (coarse_atan.hpp, coarse_trig.hpp;
// MathCoarseAtan and MathCoarsePi check it), and so do dd_atan's, which
// judge takes at a kCoarse point (MathDdAtan), so the ulp either takes
// there is the real value's; elsewhere a zero residual says nothing.
bool coarse_side_is_real(Fn f, double x, double approx, double resid) {
  if (f == Fn::cospi && std::fabs(approx) == 1)
    return resid == 0 ? std::floor(x) == x : std::signbit(resid) != std::signbit(approx);
  if (resid == 0) return false;
  if (f == Fn::atanpi) return std::fabs(approx) == 0.5 && std::signbit(resid) != std::signbit(approx);
  if (f == Fn::acospi) return approx == 0.5 && x != 0 && (resid < 0) == (x > 0);
  return false;
}

// Point I of block B as a point of KIND with the value APPROX + DD_LO and
// the certain fast fields F.
void store_fields(DoubleJudge::Block& b, size_t i, uint64_t kind, double approx, double dd_lo, const FastFields& f) {
  b.kind[i] = kind;
  b.approx[i] = approx;
  b.dd_lo[i] = dd_lo;
  b.prescale[i] = f.prescale;
  b.scale[i] = f.scale;
  b.resid[i] = f.resid;
  b.err[i] = f.err;
  b.ulp_min[i] = f.ulp_min;
  b.ulp_max[i] = f.ulp_max;
  b.ulp_q[i] = f.ulp_q;
}

// The relative error bound and the kind of the coarse tier's points X[0,
// N) where their fields are certain (prepare_block): the double-double
// tier's own, OWN, below kCoarseTrigSettledBelow (kFast), else kCoarse
// with four times the coarse tier's bound COARSE. Four at a time where the
// CPU has AVX2.
__attribute__((target("avx2"))) size_t coarse_kinds4(const double* x, size_t n, double own, double coarse, double* rel,
                                                     uint64_t* kind) {
  const size_t n4 = n / 4 * 4;
  const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(int64_t(~Double::sign_mask)));
  for (size_t i = 0; i < n4; i += 4) {
    const __m256d settled =
        _mm256_cmp_pd(_mm256_and_pd(_mm256_loadu_pd(x + i), magnitude), _mm256_set1_pd(kCoarseTrigSettledBelow), _CMP_LT_OQ);
    _mm256_storeu_pd(rel + i, _mm256_blendv_pd(_mm256_set1_pd(4 * coarse), _mm256_set1_pd(own), settled));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(kind + i),
                        _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(_mm256_set1_epi64x(DoubleJudge::Block::kCoarse)),
                                                             _mm256_castsi256_pd(_mm256_set1_epi64x(DoubleJudge::Block::kFast)), settled)));
  }
  return n4;
}
void coarse_kinds(const double* x, size_t n, double own, double coarse, double* rel, uint64_t* kind) {
  size_t i = dd::cpu_has_avx2_fma() ? coarse_kinds4(x, n, own, coarse, rel, kind) : 0;
  for (; i < n; ++i) {
    const bool settled = std::fabs(x[i]) < kCoarseTrigSettledBelow;
    rel[i] = settled ? own : 4 * coarse;
    kind[i] = settled ? DoubleJudge::Block::kFast : DoubleJudge::Block::kCoarse;
  }
}

// P as the double-double point of HI + LO within REL of itself whose fast
// fields F are certain.
void set_dd_point(DoubleJudge::Point& p, double hi, double lo, double rel, const FastFields& f) {
  p.approx = hi;
  p.nearest = bits_of(hi);
  set_fast(p, f);
  p.dd = true;
  p.dd_lo = lo;
  p.dd_rel = rel;
  p.q = 0;
  p.e = 0;
}

// P's value, enclosure and rounding facts from its arguments (prepare_many,
// and the judge for a point prepared without them).
void prepare_value(Fn f, DoubleJudge::Point& p, const DoubleJudge::DdValue* pre = nullptr) {
  Q q;
  double hi = 0, lo = 0, rel = 0;
  bool dd = false;
  if (pre) {
    dd = pre->vouched;
    hi = pre->hi, lo = pre->lo, rel = pre->rel;
  } else {
    dd = dd_value(f, p.args, &hi, &lo, &rel);
  }
  if (dd) {
    // hi is hi + lo rounded to double (the tiers return normalised
    // pairs); |q| <= |hi| (1 + 2^-52) bounds e = rel |q| from above.
    // Uncertain, it goes on as a binary128 enclosure below.
    FastFields ff;
    if (dd_fast_fields(hi, lo, rel, ff) && ff.certain) {
      set_dd_point(p, hi, lo, rel, ff);
      return;
    }
    p.q = lo == 0 ? Q(hi) : Q(hi) + Q(lo);  // a zero keeps its sign (-0 + 0 is +0)
    p.e = Q(rel) * fabsq(p.q) + kQuadAbsError;
  } else if (domain_nan(f, p.args)) {  // first: libquadmath would spend a call on the NaN
    p.q = nanq("");
    p.e = 0;
  } else if (quad_finite_or_infinite(f, p.args, &q)) {
    // An infinity is beyond binary128's range, far beyond 2^1024: every
    // double verdict treats it as the infinity (reference/ulp.hpp), as
    // MPFR's proxy is.
    p.q = q;
    p.e = isinfq(q) ? Q(0) : kQuadRelError * fabsq(q) + kQuadAbsError;
  } else {
    const Enclosure e = enclose(f, p.args, kPreparePrecision, 0, Format::Double);
    p.prepared_by_mpfr = true;
    if (e.is_nan()) {
      p.q = nanq("");
      p.e = 0;
    } else {
      p.q = mpfr_get_float128(e.lo.get(), MPFR_RNDN);
      // An infinity (a pole, or a proxy for a real beyond MPFR's range,
      // mpfr_eval.hpp) or a value beyond binary128's range: exact as far
      // as any double verdict goes.
      p.e = isinfq(p.q) ? Q(0) : kMpfrRelError * fabsq(p.q) + kQuadAbsError;
    }
  }
  p.approx = static_cast<double>(p.q);
  if (isnanq(p.q) || isinfq(p.q)) {
    p.nearest = bits_of(p.approx);
    p.certain = true;
  } else {
    p.nearest = bits_of(p.approx);
    // q - approx is exact in binary128, and so is its product with the
    // power of two t: it rounds once to double; e t rounds within 2^-53 of
    // itself (or 2^-1075).
    const double t = fast_prescale(p.approx);
    prepare_fast(p, t, static_cast<double>((p.q - Q(p.approx)) * Q(t)), static_cast<double>(p.e * Q(t)));
    if (!p.certain) {
      const uint64_t lo = round_to_double(p.q - p.e), hi = round_to_double(p.q + p.e);
      // Equal as numbers: a zero's sign is not a rounding matter (the
      // absolute term of e straddles zero for a result far below 2^-1074).
      p.certain = lo == hi || double_of(lo) == double_of(hi);
    }
  }
}

// The double-double tier of F for a block of points at once (the same
// values as dd_value, four points to a vector), with its relative error
// bound; false for a function that has no block form.
bool dd_block(Fn f, const double* x, size_t n, double* hi, double* lo, bool* vouched, double* rel) {
  if (f == Fn::sin || f == Fn::sincos_sin || f == Fn::cos || f == Fn::sincos_cos) {
    dd_sin_cos_many(x, n, f == Fn::cos || f == Fn::sincos_cos, hi, lo, vouched);
    *rel = kDdTrigRelError;
    return true;
  }
  if (f == Fn::log || f == Fn::exp) {
    (f == Fn::log ? dd_log_many : dd_exp_many)(x, n, hi, lo, vouched);
    *rel = kDdExpLogRelError;
    return true;
  }
  if (f == Fn::log1p || f == Fn::asinh || f == Fn::acosh) {
    (f == Fn::log1p ? dd_log1p_many : f == Fn::asinh ? dd_asinh_many : dd_acosh_many)(x, n, hi, lo, vouched);
    *rel = kDdLog1pRelError;  // dd_value's
    return true;
  }
  if (f == Fn::lgamma || f == Fn::lgamma_r) {
    dd_lgamma_many(x, n, hi, lo, vouched);
    *rel = kDdLgammaRelError;  // dd_value's
    return true;
  }
  if (f == Fn::cosh || f == Fn::sinh || f == Fn::expm1) {
    (f == Fn::cosh ? dd_cosh_many : f == Fn::sinh ? dd_sinh_many : dd_expm1_many)(x, n, hi, lo, vouched);
    *rel = f == Fn::cosh ? kDdCoshRelError : kDdExpm1RelError;  // dd_value's
    return true;
  }
  return false;
}

}  // namespace

DoubleJudge::DoubleJudge(const std::string& function, Denormals double_denormals)
    : info_(find_function(function)), denormals_(double_denormals), id_(function_id(function)) {
  if (info_ == nullptr) throw std::invalid_argument("reference/math: unknown function '" + function + "'");
  if (info_->integer_result)
    throw std::invalid_argument("reference/math: '" + function + "' has an integer result; use exact_int_accepts");
  const Fn f = fn_of(id_);
  may_have_alternatives_ = f == Fn::mad || f == Fn::rsqrt || f == Fn::nextafter;
  for (size_t k = 0; k < info_->args.size() && k < 3; ++k) float_args_[k] = info_->args[k] == ArgKind::Float;
}

DoubleJudge::Point DoubleJudge::prepare(const double* args) const {
  Point p;
  for (size_t k = 0; k < 3; ++k) p.args[k] = args[k];
  prepare_many(&p, 1);
  return p;
}

void DoubleJudge::prepare_many(Point* points, size_t n) const {
  const Fn f = fn_of(id_);
  constexpr size_t kBlock = 64;
  double x[kBlock], hi[kBlock], lo[kBlock], rel = 0;
  bool vouched[kBlock];
  for (size_t b = 0; b < n; b += kBlock) {
    const size_t m = std::min(kBlock, n - b);
    for (size_t i = 0; i < m; ++i) x[i] = points[b + i].args[0];
    if (!dd_block(f, x, m, hi, lo, vouched, &rel)) {
      for (size_t i = 0; i < m; ++i) prepare_point(points[b + i], nullptr);
      continue;
    }
    for (size_t i = 0; i < m; ++i) {
      const DdValue pre{vouched[i], hi[i], lo[i], rel};
      prepare_point(points[b + i], &pre);
    }
  }
}

void DoubleJudge::prepare_block(Block& b, bool coarse) const {
  const Fn f = fn_of(id_);
  constexpr size_t kCap = Block::kCapacity;
  double hi[kCap], lo[kCap], rel = 0;
  bool vouched[kCap];
  const bool cosine = f == Fn::cos || f == Fn::sincos_cos;
  const bool trig = cosine || f == Fn::sin || f == Fn::sincos_sin || f == Fn::tan;
  const CoarseTier other = coarse_tier(f);
  b.coarse = coarse && (trig || other.bound > 0) && has_coarse_trig();
  if (f == Fn::mad) {  // every point has two readings (prepare_point)
    for (size_t i = 0; i < b.n; ++i) {
      b.kind[i] = Block::kOther;
      Point& p = b.others[i];
      for (size_t k = 0; k < 3; ++k) p.args[k] = b.args[k][i];
      prepare_point(p, nullptr);
    }
    return;
  }
  // Point by point where the tier has no block form; a result beyond
  // needs no value (below), and pow's would cost a logarithm.
  int8_t early[kCap];  // early_kinds', or beyond_of's
  double rels[kCap];
  uint64_t kinds[kCap];
  TierBounds tier;
  // A coarse tier's points are kCoarse, within four times its bound
  // (twice the sum of both tiers' bounds): the real result and the
  // double-double value then both lie within half the radius of the
  // enclosure, so a point certain here is certain for the double-double
  // tier too, and errors from either value differ by less than err
  // (block_verdict_double.hpp).
  if (b.coarse && trig) {
    const bool tangent = f == Fn::tan;
    if (tangent) {
      coarse_tan_many(b.args[0], b.n, hi, lo, vouched);
    } else {
      coarse_sin_cos_many(b.args[0], b.n, cosine, hi, lo, vouched);
    }
    rel = tangent ? kDdTanRelError : kDdTrigRelError;
    // Below kCoarseTrigSettledBelow both tiers give the same value: those
    // points are the double-double tier's own (kFast).
    coarse_kinds(b.args[0], b.n, rel, tangent ? kCoarseTanRelError : kCoarseTrigRelError, rels, kinds);
    tier.rels = rels;
    tier.kinds = kinds;
    tier.per_point = true;
    std::memset(early, 0, b.n);
  } else if (b.coarse) {
    coarse_values(f, b.args[0], b.n, hi, lo, vouched);
    early_kinds(f, b.args[0], b.n, early);  // all 0 but log's and lgamma's
    tier.rel = 4 * other.bound;
    tier.kind = Block::kCoarse;
    rel = other.dd_rel;
  } else {
    if (dd_block(f, b.args[0], b.n, hi, lo, vouched, &rel)) {
      early_kinds(f, b.args[0], b.n, early);
    } else {
      for (size_t i = 0; i < b.n; ++i) {
        const double args[3] = {b.args[0][i], b.args[1][i], b.args[2][i]};
        early[i] = static_cast<int8_t>(beyond_of(f, args));
        vouched[i] = early[i] == 0 && dd_value(f, args, &hi[i], &lo[i], &rel);
      }
    }
    tier.rel = rel;
  }
  b.dd_rel = rel;
  // The double-double points first, then the kinds of the rest (exp's
  // results beyond the double range are never vouched for).
  const size_t from = dd_fast_fields_lanes(hi, lo, vouched, tier, b.n, b);
  for (size_t i = from; i < b.n; ++i) {
    FastFields ff;
    b.kind[i] = Block::kOther;
    if (!vouched[i] || !dd_fast_fields(hi[i], lo[i], tier.rel_of(i), ff) || !ff.certain) continue;
    store_fields(b, i, tier.kind_of(i), hi[i], lo[i], ff);
  }
  for (size_t i = 0; i < b.n; ++i) {
    if (b.kind[i] == Block::kFast) continue;
    if (b.kind[i] == Block::kCoarse) {
      // At a power of two, judge's ulp depends on the side of it the real
      // result lies on (block_verdict_double.hpp); where the coarse
      // enclosure leaves the side open (cos x near 0 lies just below 1),
      // the point takes the double-double tier's value below.
      uint64_t bits;
      std::memcpy(&bits, &b.approx[i], 8);
      if ((bits & Double::mantissa_mask) != 0 || std::fabs(b.resid[i]) > b.err[i]) continue;
      if (coarse_side_is_real(f, b.args[0][i], b.approx[i], b.resid[i])) continue;
      b.kind[i] = Block::kOther;
    }
    if (early[i] != 0) {
      b.kind[i] = early[i] == kNanDomain       ? Block::kNanResult
                  : early[i] == kMinusInfinite ? Block::kMinusInf
                  : early[i] > 0               ? Block::kPlusInf
                                               : Block::kZero;
      continue;
    }
    if (vouched[i] && hi[i] == 0 && lo[i] == 0) {
      // An exact zero (exact_double.hpp, and dd_pi.hpp's zeros: within a
      // relative bound of 0 only 0 itself): judge passes a zero of either
      // sign at 0 ulp there, and judges anything else.
      b.kind[i] = Block::kZero;
      continue;
    }
    const double args[3] = {b.args[0][i], b.args[1][i], b.args[2][i]};
    if (!vouched[i] && domain_nan(f, args)) {
      b.kind[i] = Block::kNanResult;
    } else {
      Point& p = b.others[i];
      for (size_t k = 0; k < 3; ++k) p.args[k] = args[k];
      DdValue pre{vouched[i], hi[i], lo[i], rel};
      if (!b.coarse) {
        prepare_point(p, &pre);
        continue;
      }
      // A point the coarse tier leaves takes the double-double tier's
      // value, as prepare's point does, and is a kFast point where that
      // value makes it one.
      pre.vouched = dd_value(f, args, &pre.hi, &pre.lo, &pre.rel);
      if (pre.vouched && pre.hi == 0 && pre.lo == 0) {  // an exact zero, as above (log 1)
        b.kind[i] = Block::kZero;
        continue;
      }
      prepare_point(p, &pre);
      if (p.dd && p.fast && p.certain)
        store_fields(b, i, Block::kFast, p.approx, p.dd_lo,
                     {p.prescale, p.scale, p.resid, p.err, p.ulp_min, p.ulp_max, p.ulp_q, true});
    }
  }
  // rsqrt(-0) and nextafter's flushed variants accept several results:
  // those points are prepare's, whose judge asks MPFR.
  if (may_have_alternatives_) {
    const bool flush = denormals_ == Denormals::MayFlush;
    for (size_t i = 0; i < b.n; ++i) {
      const double args[3] = {b.args[0][i], b.args[1][i], b.args[2][i]};
      if (alternatives(f, args, flush, Format::Double) == 1) continue;
      b.kind[i] = Block::kOther;
      Point& p = b.others[i];
      p = Point{};
      for (size_t k = 0; k < 3; ++k) p.args[k] = args[k];
      prepare_point(p, nullptr);
    }
  }
}

DoubleJudge::Point DoubleJudge::point(const Block& b, size_t i) const {
  const double args[3] = {b.args[0][i], b.args[1][i], b.args[2][i]};
  if (b.kind[i] == Block::kOther) return b.others[i];
  if (b.kind[i] != Block::kFast) return prepare(args);
  // prepare_value's double-double point, from the block's fields.
  Point p;
  for (size_t k = 0; k < 3; ++k) p.args[k] = args[k];
  mark_subnormal_arg(p);
  p.prepared_by_mpfr = false;
  p.beyond = 0;
  const FastFields f{b.prescale[i], b.scale[i], b.resid[i], b.err[i], b.ulp_min[i], b.ulp_max[i], b.ulp_q[i], true};
  set_dd_point(p, b.approx[i], b.dd_lo[i], b.dd_rel, f);
  return p;
}

void DoubleJudge::mark_subnormal_arg(Point& p) const {
  p.subnormal_arg = false;
  if (denormals_ != Denormals::MayFlush) return;
  for (size_t k = 0; k < 3; ++k) {
    const double v = std::fabs(p.args[k]);
    p.subnormal_arg |= float_args_[k] && v != 0 && v < 0x1p-1022;
  }
}

void DoubleJudge::prepare_point(Point& p, const DdValue* pre) const {
  const Fn f = fn_of(id_);
  const bool flush = denormals_ == Denormals::MayFlush;
  mark_subnormal_arg(p);
  p.certain = false;
  p.fast = false;
  p.dd = false;
  p.prepared_by_mpfr = false;
  p.beyond = 0;
  p.e = -1;
  p.other_alternative = false;
  if (may_have_alternatives_ && alternatives(f, p.args, flush, Format::Double) != 1) {
    // mad without flushing: the point is its fused reading (alternative 0,
    // the one MPFR's verdict tries first); a result that fails it may be
    // the unfused reading's, which judge leaves to MPFR.
    if (f == Fn::mad && !flush) {
      p.other_alternative = true;
      prepare_value(f, p);
      return;
    }
    // Several accepted results otherwise: judge asks MPFR. approx is
    // alternative 0, for reports only.
    const Enclosure e = enclose(f, p.args, kPreparePrecision, 0, Format::Double);
    p.approx = e.lo.to_double();
    p.q = p.approx;
    p.prepared_by_mpfr = true;
    return;
  }
  p.beyond = beyond_of(f, p.args);
  if (p.beyond != 0) {
    p.approx = p.beyond > 0 ? HUGE_VAL : 0.0;
    p.nearest = bits_of(p.approx);
    p.certain = true;
    return;
  }
  prepare_value(f, p, pre);
}

double DoubleJudge::fast_distance(const Point& p, uint64_t got) {
  return std::fabs((double_of(got) - p.approx) * p.prescale * p.scale - p.resid);
}
bool DoubleJudge::fast_passes(const Point& p, double d, double b) {
  return (d + p.err) / p.ulp_min * (1 + 0x1p-46) + 0x1p-46 <= b;
}
bool DoubleJudge::fast_fails(const Point& p, double d, double b) {
  return (d - p.err) / p.ulp_max * (1 - 0x1p-46) - 0x1p-46 > b;
}

Verdict DoubleJudge::judge(const Point& p, uint64_t got, const Bound& bound) const {
  const Fn f = fn_of(id_);
  if (p.beyond != 0) {
    // +inf stands for every real above 2^1024 (reference/ulp.hpp), and a
    // zero is less than 2^-1090 ulp (2^-1074) from a real below 2^-2164,
    // which rounds to an error of exactly 0: both pass at 0 ulp, as the
    // evaluated point would say. Any other result: evaluate it.
    const bool expected = p.beyond > 0 ? got == Double::infinity_bits : is_zero_bits(got);
    if (expected && bound.kind != Bound::Kind::Absolute) {
      Verdict v;
      v.pass = true;
      return v;
    }
    Point full;
    for (size_t k = 0; k < 3; ++k) full.args[k] = p.args[k];
    full.subnormal_arg = p.subnormal_arg;
    prepare_value(f, full);
    return judge(full, got, bound);
  }
  auto mpfr = [&] { return mpfr_verdict_double(f, p.args, got, bound, denormals_); };
  if (!p.dd && p.e < 0) return mpfr();  // p.e is binary128: compared only where it is set
  const bool flush = denormals_ == Denormals::MayFlush;
  // Under flushing, a failure may still pass at a flushed reading of the
  // arguments or as a flushed result: only MPFR can say (spec 7.5.3).
  // So may a result that fails one of several accepted readings.
  const bool fail_needs_mpfr = (flush && (p.subnormal_arg || is_zero_bits(got))) || p.other_alternative;
  Verdict v;
  v.used_mpfr = p.prepared_by_mpfr;
  auto pass = [&](double ulp) {
    v.pass = true;
    v.ulp = ulp;
    return v;
  };
  auto fail = [&](double ulp) {
    if (fail_needs_mpfr) return mpfr();
    v.pass = false;
    v.ulp = ulp;
    return v;
  };
  // A double-double point is finite (its q is a placeholder).
  if (!p.dd && isnanq(p.q)) {
    if (is_nan_bits(got)) return pass(0);
    return fail(HUGE_VAL);
  }
  if (is_nan_bits(got)) return fail(HUGE_VAL);
  if (!p.dd && isinfq(p.q)) {
    if (got == p.nearest && bound.kind != Bound::Kind::Absolute) return pass(0);
    // A finite result against a pole or a real beyond binary128's range
    // (at least 2^16383, so over 2^15000 top-binade ulps away).
    if (!is_inf_bits(got) && bound.kind != Bound::Kind::Absolute) return fail(HUGE_VAL);
    return mpfr();
  }
  if (bound.kind == Bound::Kind::Absolute) return mpfr();
  Q q, e;  // formed where the double arithmetic below does not decide
  if (is_inf_bits(got)) {
    enclosure(p, &q, &e);
    // An infinity stands for every real beyond 2^1024 (reference/ulp.hpp):
    // 0 ulp from a real result certainly there with its sign.
    const bool beyond = (got >> 63) ? q + e <= -kBeyond : q - e >= kBeyond;
    if (!beyond) {
      // A real result certainly below 2^1023 in magnitude, or of the other
      // sign, is at least 2^1023 from every real the infinity stands for:
      // over 2^52 ulps, beyond every bound of a double function.
      const bool same_side = (got >> 63) ? q - e < 0 : q + e > 0;
      if (same_side && fabsq(q) + e > 0x1p1023Q) return mpfr();
      return fail(static_cast<double>((kBeyond - ((got >> 63) ? -q : q)) / ulp_at(q)));
    }
    return pass(0);
  }
  const bool correctly_rounded = bound.correctly_rounded();
  // Under a correctly rounded bound only the certain nearest double passes;
  // the sign of a zero is an edge-case rule (7.5.1), not a rounding matter.
  auto rounded = [&](double estimate) {
    if (!p.certain) return mpfr();
    if (got == p.nearest || (is_zero_bits(got) && is_zero_bits(p.nearest))) return pass(estimate);
    return fail(estimate);
  };
  if (p.fast) {
    // In double arithmetic, in units of s (judge_double.hpp). diff is exact
    // when got and approx are within a factor of two of each other, else
    // within 2^-53 of itself; resid and the subtraction add 2^-53 each: the
    // computed d is within 2^-50 (d + 1) of |got - q| / s, which the
    // relative and absolute slack of 2^-46 below covers.
    const double d = fast_distance(p, got);
    const double estimate = d / p.ulp_q;
    if (correctly_rounded) return rounded(estimate);
    if (fast_passes(p, d, bound.value)) return pass(estimate);
    if (fast_fails(p, d, bound.value)) return fail(estimate);
    // Too near the bound for double arithmetic: binary128 decides below.
  }
  enclosure(p, &q, &e);
  const Q g = double_of(got);
  const Q lo = q - e, hi = q + e;
  const Q u = ulp_over(lo, hi);
  const Q d = fabsq(g - q);
  const double estimate = static_cast<double>(d / (u > 0 ? u : ulp_at(q)));
  if (correctly_rounded) return rounded(estimate);
  // A binade edge inside the enclosure: the ulp changes there, so the
  // least ulp bounds the error from above and the largest from below.
  Q u_least = u, u_largest = u;
  if (u == 0) ulp_range(lo, hi, &u_least, &u_largest);
  const Q bound_q = bound.value;
  const Q dmax = (d + e) / u_least * (1 + kSlack), dmin = (d - e) / u_largest * (1 - kSlack);
  if (dmax <= bound_q) return pass(estimate);
  if (dmin > bound_q) return fail(estimate);
  return mpfr();
}

}  // namespace clconform::ref::math
