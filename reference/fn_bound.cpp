#include "reference/fn_bound.hpp"

#include <cmath>
#include <limits>

#include "reference/ulp.hpp"

namespace clconform::ref::fn {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A real standing for the result: its exact value, or +-2^(emax+1) for an infinity.
template <typename F>
Mpfr value_of(typename F::Bits got) {
  if (is_inf<F>(got)) return overflow_value<F>(sign_bit<F>(got));
  return Mpfr::from_bits<F>(got);
}

double up(const Mpfr& v) { return v.to_double(Rounding::TowardPositive); }

}  // namespace

template <typename F>
Mpfr overflow_value(bool negative) {
  Mpfr v = Mpfr::pow2(F::emax + 1);
  return negative ? -v : v;
}

template <typename F>
Verdict judge_ulp(typename F::Bits got, const Mpfr& reference, double bound) {
  Verdict v;
  if (reference.is_nan() || is_nan<F>(got)) {
    v.pass = reference.is_nan() && is_nan<F>(got);
    v.ulp = v.abs = v.ratio = v.pass ? 0 : kInf;
    return v;
  }
  // ulp_error follows 7.4's ulp(x) and its overflow convention (reference/ulp.hpp).
  v.ulp = ulp_error<F>(got, reference);
  v.pass = within_ulps<F>(got, reference, bound);
  v.abs = reference.is_inf() || is_inf<F>(got) ? (v.ulp == 0 ? 0 : kInf) : up(abs_diff(value_of<F>(got), reference));
  v.ratio = bound > 0 ? v.ulp / bound : (v.ulp == 0 ? 0 : kInf);
  return v;
}

template <typename F>
Verdict judge_abs(typename F::Bits got, const Mpfr& reference, const Mpfr& tolerance) {
  Verdict v;
  if (reference.is_nan() || is_nan<F>(got)) {
    v.pass = reference.is_nan() && is_nan<F>(got);
    v.ulp = v.abs = v.ratio = v.pass ? 0 : kInf;
    return v;
  }
  if (reference.is_inf()) {
    v.pass = is_inf<F>(got) && sign_bit<F>(got) == reference.signbit();
    v.ulp = v.abs = v.ratio = v.pass ? 0 : kInf;
    return v;
  }
  const Mpfr err = abs_diff(value_of<F>(got), reference);
  v.pass = err <= tolerance;
  v.abs = up(err);
  v.ulp = ulp_error<F>(got, reference);
  v.ratio = tolerance.is_zero() ? (err.is_zero() ? 0 : kInf) : up(div(err, tolerance, 64, Rounding::TowardPositive));
  return v;
}

Mpfr max_sq_tolerance(const Mpfr& max_abs, double k, int eps_log2) {
  // max^2 needs twice max's precision; times a small integer k, a few bits more.
  const mpfr_prec_t p = 2 * max_abs.precision() + 64;
  Mpfr t = mul(max_abs, max_abs, p);
  t = mul(t, Mpfr(k, 64), p);
  return t.scaled_by_pow2(eps_log2);
}

template Mpfr overflow_value<Half>(bool);
template Mpfr overflow_value<Float>(bool);
template Mpfr overflow_value<Double>(bool);
template Verdict judge_ulp<Half>(Half::Bits, const Mpfr&, double);
template Verdict judge_ulp<Float>(Float::Bits, const Mpfr&, double);
template Verdict judge_ulp<Double>(Double::Bits, const Mpfr&, double);
template Verdict judge_abs<Half>(Half::Bits, const Mpfr&, const Mpfr&);
template Verdict judge_abs<Float>(Float::Bits, const Mpfr&, const Mpfr&);
template Verdict judge_abs<Double>(Double::Bits, const Mpfr&, const Mpfr&);

}  // namespace clconform::ref::fn
