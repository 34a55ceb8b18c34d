#include "reference/math/mpfr_eval.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "reference/fp_bits.hpp"
#include "reference/math/integer_values.hpp"

namespace clconform::ref::math {
namespace {

constexpr mpfr_rnd_t N = MPFR_RNDN;

// Precision at which a sum of two floats (exponents 2^-149 .. 2^127, 24-bit
// significands) is exact: 127 + 149 + 24 + a carry bit < 320; of two
// doubles (2^-1074 .. 2^1023): 1023 + 1074 + 53 + 1 < 2200; halves fit in
// float's.
constexpr mpfr_prec_t exact_sum(Format fmt) { return fmt == Format::Double ? 2200 : 320; }
// A float product (48 bits, 2^-298 .. 2^256) plus a float: < 600 bits; a
// double product (106 bits, 2^-2148 .. 2^2048) plus a double: < 4300; a
// half one in float's.
constexpr mpfr_prec_t exact_fused_sum(Format fmt) { return fmt == Format::Double ? 4300 : 600; }

// The largest number below 1 of the format: fract's cap (spec 6.15.2,
// fract: "min(x - floor(x), 0x1.fffffep-1f)"; 0x1.fffffffffffffp-1 for
// double, 0x1.ffcp-1 for half).
double fract_cap(Format fmt) {
  return fmt == Format::Double ? 0x1.fffffffffffffp-1 : fmt == Format::Half ? 0x1.ffcp-1 : 0x1.fffffep-1;
}

// The extra precision the exact functions need (an inexact result there is
// still enclosed correctly, this only spares a refinement round).
mpfr_prec_t working_precision(Fn f, mpfr_prec_t prec, Format fmt) {
  switch (f) {
    case Fn::add: case Fn::sub: case Fn::fdim: case Fn::fract: return std::max(prec, exact_sum(fmt));
    case Fn::fma: case Fn::mad: return std::max(prec, exact_fused_sum(fmt));
    default: return std::max<mpfr_prec_t>(prec, 64);
  }
}

// powr(x, y) = exp(y * log(x)): its own special values (spec 7.5.1, the
// powr entries), then MPFR's pow, which agrees with it for x > 0.
int powr(mpfr_ptr r, const Mpfr& x, const Mpfr& y) {
  if (x.is_nan() || y.is_nan()) { mpfr_set_nan(r); return 0; }
  if (!x.is_zero() && x.signbit()) { mpfr_set_nan(r); return 0; }  // x < 0
  if (x.is_zero()) {
    if (y.is_zero()) { mpfr_set_nan(r); return 0; }                 // powr(+-0, +-0)
    if (y.signbit()) { mpfr_set_inf(r, 1); return 0; }              // y < 0, finite or -inf
    mpfr_set_zero(r, 1); return 0;                                  // y > 0
  }
  if (x.is_inf() && y.is_zero()) { mpfr_set_nan(r); return 0; }     // powr(+inf, +-0)
  if (mpfr_cmp_ui(x.get(), 1) == 0 && y.is_inf()) { mpfr_set_nan(r); return 0; }
  return mpfr_pow(r, x.get(), y.get(), N);
}

// maxmag/minmag (spec 6.15.2): the argument of larger (smaller) magnitude;
// fmax (fmin) when the magnitudes are equal or one is NaN.
int magnitude_pick(mpfr_ptr r, const Mpfr& x, const Mpfr& y, bool larger) {
  if (!x.is_nan() && !y.is_nan()) {
    const int c = mpfr_cmpabs(x.get(), y.get());
    if (c != 0) return mpfr_set(r, (c > 0) == larger ? x.get() : y.get(), N);
  }
  return larger ? mpfr_max(r, x.get(), y.get(), N) : mpfr_min(r, x.get(), y.get(), N);
}

// nextafter(x, y) in format F (spec 6.15.2; C99 7.12.11.3): y when x == y.
// X and Y are values of F, held exactly in doubles.
template <typename F>
double next_after(double x, double y) {
  using V = typename F::Value;
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == y) return y;
  const auto b = to_bits(static_cast<V>(x));
  return static_cast<double>(value_from_bits<F>(x < y ? next_up<F>(b) : next_down<F>(b)));
}

// Half has no host type: its neighbour is found on the bits, from the
// half nearest X (X is a half value, so it is that half).
double next_after_half(double x, double y) {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == y) return y;
  const Mpfr v(x, 53);
  const uint16_t b = v.round_to<Half>();
  const Mpfr n = Mpfr::from_bits<Half>(x < y ? next_up<Half>(b) : next_down<Half>(b), 53);
  return mpfr_get_d(n.get(), N);
}

double next_after(Format fmt, double x, double y) {
  if (fmt == Format::Half) return next_after_half(x, y);
  return fmt == Format::Double ? next_after<Double>(x, y) : next_after<Float>(x, y);
}

double min_normal(Format fmt) { return min_normal_of(fmt); }

// The flush-to-zero variants spec 7.5.3 allows for nextafter; false when
// none applies at (x, y).
bool nextafter_ftz_variant(Format fmt, double x, double y, double* out) {
  const double m = min_normal(fmt);
  if (x == m && y < m) { *out = 0.0; return true; }
  if (x == -m && y > -m) { *out = -0.0; return true; }
  if (x == 0 && std::signbit(x) && y > 0) { *out = m; return true; }
  if (x == 0 && !std::signbit(x) && y < 0) { *out = -m; return true; }
  return false;
}

// The real result of alternative ALT of F into R (R's precision set by the
// caller); returns MPFR's ternary value (0: exact).
int evaluate(Fn f, mpfr_ptr r, const double* a, int alt, Format fmt) {
  const Mpfr x(a[0], 53), y(a[1], 53), z(a[2], 53);
  const mpfr_srcptr X = x.get(), Y = y.get(), Z = z.get();
  switch (f) {
    case Fn::acos: return mpfr_acos(r, X, N);
    case Fn::acosh: return mpfr_acosh(r, X, N);
    case Fn::acospi: return mpfr_acospi(r, X, N);
    case Fn::asin: return mpfr_asin(r, X, N);
    case Fn::asinh: return mpfr_asinh(r, X, N);
    case Fn::asinpi: return mpfr_asinpi(r, X, N);
    case Fn::atan: return mpfr_atan(r, X, N);
    case Fn::atanh: return mpfr_atanh(r, X, N);
    case Fn::atanpi: return mpfr_atanpi(r, X, N);
    case Fn::cbrt: return mpfr_cbrt(r, X, N);
    case Fn::cos: case Fn::sincos_cos: return mpfr_cos(r, X, N);
    case Fn::cosh: return mpfr_cosh(r, X, N);
    case Fn::cospi: return mpfr_cospi(r, X, N);
    case Fn::erfc: return mpfr_erfc(r, X, N);
    case Fn::erf: return mpfr_erf(r, X, N);
    case Fn::exp: return mpfr_exp(r, X, N);
    case Fn::exp2: return mpfr_exp2(r, X, N);
    case Fn::exp10: return mpfr_exp10(r, X, N);
    case Fn::expm1: return mpfr_expm1(r, X, N);
    case Fn::log: return mpfr_log(r, X, N);
    case Fn::log2: return mpfr_log2(r, X, N);
    case Fn::log10: return mpfr_log10(r, X, N);
    case Fn::log1p: return mpfr_log1p(r, X, N);
    case Fn::sin: case Fn::sincos_sin: return mpfr_sin(r, X, N);
    case Fn::sinh: return mpfr_sinh(r, X, N);
    case Fn::sinpi: return mpfr_sinpi(r, X, N);
    case Fn::sqrt: return mpfr_sqrt(r, X, N);
    case Fn::tan: return mpfr_tan(r, X, N);
    case Fn::tanh: return mpfr_tanh(r, X, N);
    case Fn::tanpi: return mpfr_tanpi(r, X, N);
    case Fn::tgamma: return mpfr_gamma(r, X, N);
    case Fn::recip: return mpfr_ui_div(r, 1, X, N);
    case Fn::rsqrt:
      // 1/sqrt(-0): IEEE 754 rSqrt gives +inf, C's 1/sqrt(-0) gives -inf,
      // and the OpenCL spec prescribes neither, so both are accepted.
      if (alt == 1) { mpfr_set_inf(r, -1); return 0; }
      return mpfr_rec_sqrt(r, X, N);
    case Fn::lgamma: case Fn::lgamma_r: {
      int sign = 0;
      return mpfr_lgamma(r, &sign, X, N);
    }
    // Results that are always floats: exact at any precision >= 24.
    case Fn::ceil: mpfr_ceil(r, X); return 0;
    case Fn::floor: case Fn::fract_floor: mpfr_floor(r, X); return 0;
    case Fn::trunc: case Fn::modf_int: mpfr_trunc(r, X); return 0;
    case Fn::round: mpfr_round(r, X); return 0;     // halfway cases away from zero
    case Fn::rint: mpfr_rint(r, X, N); return 0;    // to nearest even (spec 7.5.2)
    case Fn::fabs: return mpfr_abs(r, X, N);
    case Fn::frexp_mantissa: {
      if (!mpfr_regular_p(X)) return mpfr_set(r, X, N);  // +-0, +-inf, NaN returned as is
      mpfr_exp_t e;
      return mpfr_frexp(&e, r, X, N);
    }
    case Fn::logb:  // C99 F.9.3.11: logb(+-0) = -inf, logb(+-inf) = +inf
      if (x.is_nan()) { mpfr_set_nan(r); return 0; }
      if (x.is_zero()) { mpfr_set_inf(r, -1); return 0; }
      if (x.is_inf()) { mpfr_set_inf(r, 1); return 0; }
      return mpfr_set_si(r, x.floor_log2(), N);
    case Fn::modf:  // spec 7.5.2: copysign(isinf(x) ? 0 : x - trunc(x), x)
      if (x.is_nan()) { mpfr_set_nan(r); return 0; }
      if (x.is_inf()) { mpfr_set_zero(r, x.signbit() ? -1 : 1); return 0; }
      mpfr_frac(r, X, N);  // x - trunc(x): exact, it fits x's significand
      return 0;
    case Fn::fract: {  // min(x - floor(x), largest below 1); fract(+-inf) = +-0 (spec 7.5.1)
      if (x.is_nan()) { mpfr_set_nan(r); return 0; }
      if (x.is_inf()) { mpfr_set_zero(r, x.signbit() ? -1 : 1); return 0; }
      Mpfr floor_x = Mpfr::with_precision(64);  // floor of a float or double fits in 53 bits
      mpfr_floor(floor_x.get(), X);
      const int t = mpfr_sub(r, X, floor_x.get(), N);
      if (mpfr_cmp_d(r, fract_cap(fmt)) > 0) return mpfr_set_d(r, fract_cap(fmt), N);
      return t;  // exact at the working precision (exact_sum)
    }
    case Fn::atan2: return mpfr_atan2(r, X, Y, N);      // atan2(y, x): args (y, x)
    case Fn::atan2pi: return mpfr_atan2pi(r, X, Y, N);
    case Fn::copysign:  // the sign bit of y, a NaN's included (IEEE 754 copySign)
      return mpfr_set_d(r, std::copysign(a[0], a[1]), N);
    case Fn::fdim:  // C99 F.9.9.1: x - y when x > y, else +0; NaN for NaN (spec 7.5.1)
      if (x.is_nan() || y.is_nan()) { mpfr_set_nan(r); return 0; }
      if (mpfr_greater_p(X, Y)) return mpfr_sub(r, X, Y, N);
      mpfr_set_zero(r, 1);
      return 0;
    case Fn::fmax: return mpfr_max(r, X, Y, N);  // a NaN argument gives the other (C99 F.9.9.2)
    case Fn::fmin: return mpfr_min(r, X, Y, N);
    case Fn::fmod: return mpfr_fmod(r, X, Y, N);
    case Fn::hypot: return mpfr_hypot(r, X, Y, N);
    case Fn::maxmag: return magnitude_pick(r, x, y, true);
    case Fn::minmag: return magnitude_pick(r, x, y, false);
    case Fn::nextafter: {
      double v;
      if (alt == 1 && nextafter_ftz_variant(fmt, a[0], a[1], &v)) return mpfr_set_d(r, v, N);
      return mpfr_set_d(r, next_after(fmt, a[0], a[1]), N);
    }
    case Fn::pow: return mpfr_pow(r, X, Y, N);  // MPFR follows C99 F.9.4.4
    case Fn::powr: return powr(r, x, y);
    case Fn::remainder: return mpfr_remainder(r, X, Y, N);
    case Fn::remquo: {
      long q;
      return mpfr_remquo(r, &q, X, Y, N);
    }
    case Fn::add: return mpfr_add(r, X, Y, N);
    case Fn::sub: return mpfr_sub(r, X, Y, N);
    case Fn::mul: return mpfr_mul(r, X, Y, N);
    case Fn::divide: return mpfr_div(r, X, Y, N);
    case Fn::fma: return mpfr_fma(r, X, Y, Z, N);
    case Fn::mad: {
      if (alt == 0) return mpfr_fma(r, X, Y, Z, N);
      // The unfused reading: the product correctly rounded to the format, then
      // the sum (spec 7.4: "a multiply followed by an add both of which
      // are correctly rounded"; the add's rounding is the judged one).
      // Alternative 2, only offered when denormals may be flushed: the
      // multiply is an operation of its own, so a product that is
      // subnormal before rounding may be flushed to zero (7.5.3, rule 2)
      // before the add.
      Mpfr product = Mpfr::with_precision(128);
      mpfr_mul(product.get(), X, Y, N);  // exact: 48 or 106 bits
      const long emin = fmt == Format::Double ? -1022 : fmt == Format::Half ? -14 : -126;
      if (alt == 2 && !mpfr_zero_p(product.get()) && mpfr_get_exp(product.get()) <= emin)  // |p| < 2^emin
        mpfr_set_zero(product.get(), 1);
      const Mpfr rounded = fmt == Format::Double ? Mpfr::from_bits<Double>(product.round_to<Double>(), 64)
                           : fmt == Format::Half ? Mpfr::from_bits<Half>(product.round_to<Half>(), 64)
                                                 : Mpfr::from_bits<Float>(product.round_to<Float>(), 64);
      return mpfr_add(r, rounded.get(), Z, N);
    }
    case Fn::ldexp: return mpfr_mul_2si(r, X, static_cast<long>(a[1]), N);
    case Fn::pown: return mpfr_pow_si(r, X, static_cast<long>(a[1]), N);
    case Fn::rootn: return mpfr_rootn_si(r, X, static_cast<long>(a[1]), N);
    case Fn::ilogb: case Fn::frexp_exponent: case Fn::lgamma_r_sign: case Fn::remquo_quo:
    case Fn::count: break;
  }
  throw std::invalid_argument("reference/math: not a real-valued function");
}

// Beyond this many binades from 1 no float or double verdict depends on the
// exact value (double's own range is 2^-1074 .. 2^1024), so an underflow in MPFR's
// range, or a result that tiny, is replaced by the proxy described below.
constexpr mpfr_exp_t kTinyExponent = -(mpfr_exp_t{1} << 24);

}  // namespace

int alternatives(Fn f, const double* args, bool flush, Format format) {
  if (f == Fn::mad) return flush ? 3 : 2;
  if (f == Fn::rsqrt && args[0] == 0 && std::signbit(args[0])) return 2;
  if (f == Fn::nextafter && flush) {
    double v;
    if (nextafter_ftz_variant(format, args[0], args[1], &v)) return 2;
  }
  return 1;
}

Enclosure enclose(Fn f, const double* args, mpfr_prec_t prec, int alt, Format format) {
  Enclosure e;
  e.lo = Mpfr::with_precision(working_precision(f, prec, format));
  const int ternary = evaluate(f, e.lo.get(), args, alt, format);
  mpfr_ptr v = e.lo.get();
  if (mpfr_nan_p(v) || ternary == 0) {
    e.hi = e.lo;
    e.exact = true;
    return e;
  }
  // An overflow beyond MPFR's range: the real value is finite but larger
  // than 2^(2^30); every float verdict on it equals the verdict on an
  // infinity of its sign (only that infinity is within any bound of it).
  // An underflow (or a result below 2^kTinyExponent): the real value lies
  // strictly between 0 and a number so small that against float's grid it
  // behaves exactly as the smallest MPFR number of its sign does.
  const bool tiny = mpfr_zero_p(v) || (mpfr_regular_p(v) && mpfr_get_exp(v) < kTinyExponent);
  if (mpfr_inf_p(v) || tiny) {
    if (tiny) {
      const bool positive = mpfr_zero_p(v) ? ternary < 0 : mpfr_sgn(v) > 0;
      mpfr_set_zero(v, positive ? 1 : -1);
      if (positive) mpfr_nextabove(v); else mpfr_nextbelow(v);
    }
    e.hi = e.lo;
    e.exact = true;
    return e;
  }
  // Correct rounding to nearest: the real value lies strictly between the
  // result and its neighbour on the side the ternary value points to.
  e.hi = e.lo;
  if (ternary < 0) mpfr_nextabove(e.hi.get()); else mpfr_nextbelow(e.lo.get());
  return e;
}

int64_t integer_result(Fn f, const double* args) {
  // No integer result needs an MPFR number (integer_values.hpp).
  switch (f) {
    case Fn::ilogb: return ilogb_value(args[0]);
    case Fn::frexp_exponent: return frexp_exponent_value(args[0]);
    case Fn::lgamma_r_sign: return lgamma_sign_value(args[0]);
    case Fn::remquo_quo: return remquo_quotient_value(args[0], args[1]);
    default: break;
  }
  throw std::invalid_argument("reference/math: not an integer-valued function");
}

}  // namespace clconform::ref::math
