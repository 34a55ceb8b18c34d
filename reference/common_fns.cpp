#include "reference/common_fns.hpp"

#include <type_traits>

#include "reference/format_convert.hpp"
#include "reference/ulp.hpp"

namespace clconform::ref::common {
namespace {

// The value of a bit pattern as a host number holding it exactly (a half
// widens to float), for comparisons.
template <typename F>
auto val(typename F::Bits b) {
  if constexpr (std::is_same_v<F, Half>) return half_to_float(b);
  else return value_from_bits<F>(b);
}

// Enough bits for any sum of products of two values of F to be exact:
// the span between the largest and the smallest bit of such a term.
template <typename F>
constexpr mpfr_prec_t exact_precision() {
  return 3 * (F::emax - F::subnormal_exponent) + 3 * F::precision + 64;
}

template <typename F>
Mpfr exact(typename F::Bits b) {
  return Mpfr::from_bits<F>(b, exact_precision<F>());
}

}  // namespace

template <typename F>
typename F::Bits flush(typename F::Bits b) {
  return is_subnormal<F>(b) ? (b & F::sign_mask) : b;
}

template <typename F>
bool clamp_defined(typename F::Bits lo, typename F::Bits hi) {
  return !(val<F>(lo) > val<F>(hi));
}

template <typename F>
typename F::Bits clamp(typename F::Bits x, typename F::Bits lo, typename F::Bits hi) {
  const auto fmax = [](typename F::Bits a, typename F::Bits b) {
    if (is_nan<F>(a)) return b;
    if (is_nan<F>(b)) return a;
    return val<F>(a) < val<F>(b) ? b : a;
  };
  const auto fmin = [](typename F::Bits a, typename F::Bits b) {
    if (is_nan<F>(a)) return b;
    if (is_nan<F>(b)) return a;
    return val<F>(b) < val<F>(a) ? b : a;
  };
  return fmin(fmax(x, lo), hi);
}

template <typename F>
typename F::Bits max(typename F::Bits x, typename F::Bits y) {
  return val<F>(x) < val<F>(y) ? y : x;
}

template <typename F>
typename F::Bits min(typename F::Bits x, typename F::Bits y) {
  return val<F>(y) < val<F>(x) ? y : x;
}

template <typename F>
typename F::Bits step(typename F::Bits edge, typename F::Bits x) {
  return val<F>(x) < val<F>(edge) ? F::zero_bits : F::one_bits;
}

template <typename F>
typename F::Bits sign(typename F::Bits x) {
  if (is_nan<F>(x)) return F::zero_bits;
  if (is_zero<F>(x)) return x;
  return sign_bit<F>(x) ? typename F::Bits(F::one_bits | F::sign_mask) : F::one_bits;
}

template <typename F>
Mpfr degrees(typename F::Bits x) {
  Mpfr pi = Mpfr::with_precision(kPrecision + 64);
  mpfr_const_pi(pi.get(), MPFR_RNDN);
  return div(mul(Mpfr::from_bits<F>(x), Mpfr(180, 64), kPrecision + 64), pi, kPrecision);
}

template <typename F>
Mpfr radians(typename F::Bits x) {
  Mpfr pi = Mpfr::with_precision(kPrecision + 64);
  mpfr_const_pi(pi.get(), MPFR_RNDN);
  return div(mul(Mpfr::from_bits<F>(x), pi, kPrecision + 64), Mpfr(180, 64), kPrecision);
}

template <typename F>
Mpfr mix(typename F::Bits x, typename F::Bits y, typename F::Bits a) {
  const mpfr_prec_t p = exact_precision<F>();
  const Mpfr X = exact<F>(x);
  return add(X, mul(sub(exact<F>(y), X, p), exact<F>(a), p), p);
}

template <typename F>
Mpfr smoothstep(typename F::Bits e0, typename F::Bits e1, typename F::Bits x) {
  const mpfr_prec_t p = exact_precision<F>();
  const Mpfr E0 = exact<F>(e0);
  Mpfr t = div(sub(exact<F>(x), E0, p), sub(exact<F>(e1), E0, p), kPrecision + 64);
  if (t < Mpfr(0, 2)) t = Mpfr(0, kPrecision);
  if (t > Mpfr(1, 2)) t = Mpfr(1, kPrecision);
  const mpfr_prec_t q = kPrecision + 64;
  const Mpfr three_minus = sub(Mpfr(3, 8), mul(Mpfr(2, 8), t, q), q);
  return mul(mul(t, t, q), three_minus, kPrecision);
}

template <typename F>
bool mix_attainable(typename F::Bits x, typename F::Bits y, typename F::Bits a, const Mpfr& tol) {
  const mpfr_prec_t p = exact_precision<F>();
  const Mpfr X = exact<F>(x), d = sub(exact<F>(y), X, p), da = mul(d, exact<F>(a), p), res = add(X, da, p);
  if (d.abs() > Mpfr::from_bits<F>(F::max_finite_bits)) return false;
  const Mpfr e = add(add(mul(ulp_of<F>(d), exact<F>(a), p), ulp_of<F>(da), p), ulp_of<F>(res), p).scaled_by_pow2(-1);
  return e <= tol;
}

template <typename F>
bool smoothstep_judgeable(typename F::Bits e0, typename F::Bits e1, typename F::Bits x) {
  if (!is_finite<F>(e0) || !is_finite<F>(e1) || !is_finite<F>(x) || !(val<F>(e0) < val<F>(e1))) return false;
  const mpfr_prec_t p = exact_precision<F>();
  const Mpfr big = Mpfr::from_bits<F>(F::max_finite_bits), E0 = exact<F>(e0);
  return sub(exact<F>(x), E0, p).abs() <= big && sub(exact<F>(e1), E0, p).abs() <= big;
}

#define CLCONFORM_COMMON_FORMAT(F)                                               \
  template F::Bits flush<F>(F::Bits);                                            \
  template bool clamp_defined<F>(F::Bits, F::Bits);                              \
  template F::Bits clamp<F>(F::Bits, F::Bits, F::Bits);                          \
  template F::Bits max<F>(F::Bits, F::Bits);                                     \
  template F::Bits min<F>(F::Bits, F::Bits);                                     \
  template F::Bits step<F>(F::Bits, F::Bits);                                    \
  template F::Bits sign<F>(F::Bits);                                             \
  template Mpfr degrees<F>(F::Bits);                                             \
  template Mpfr radians<F>(F::Bits);                                             \
  template Mpfr mix<F>(F::Bits, F::Bits, F::Bits);                               \
  template Mpfr smoothstep<F>(F::Bits, F::Bits, F::Bits);                        \
  template bool mix_attainable<F>(F::Bits, F::Bits, F::Bits, const Mpfr&);       \
  template bool smoothstep_judgeable<F>(F::Bits, F::Bits, F::Bits);

CLCONFORM_COMMON_FORMAT(Half)
CLCONFORM_COMMON_FORMAT(Float)
CLCONFORM_COMMON_FORMAT(Double)

}  // namespace clconform::ref::common
