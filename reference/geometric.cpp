#include "reference/geometric.hpp"

namespace clconform::ref::geometric {
namespace {

template <typename F>
Mpfr exact(typename F::Bits b) {
  return Mpfr::from_bits<F>(b, exact_precision<F>());
}

}  // namespace

template <typename F>
Mpfr max_abs(const std::vector<const typename F::Bits*>& vectors, unsigned n) {
  Mpfr m = Mpfr::zero(false, F::precision);
  for (const auto* v : vectors)
    for (unsigned i = 0; i < n; ++i) {
      const Mpfr a = Mpfr::from_bits<F>(v[i], F::precision).abs();
      if (a.is_nan() || a > m) m = a;
    }
  return m;
}

template <typename F>
Mpfr dot(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n) {
  const mpfr_prec_t p = exact_precision<F>();
  Mpfr s = Mpfr::zero(false, p);
  for (unsigned i = 0; i < n; ++i) s = add(s, mul(exact<F>(p0[i]), exact<F>(p1[i]), p), p);
  return s;
}

template <typename F>
Mpfr cross(const typename F::Bits* p0, const typename F::Bits* p1, unsigned i) {
  const unsigned j = (i + 1) % 3, k = (i + 2) % 3;
  const mpfr_prec_t p = exact_precision<F>();
  return sub(mul(exact<F>(p0[j]), exact<F>(p1[k]), p), mul(exact<F>(p0[k]), exact<F>(p1[j]), p), p);
}

template <typename F>
Mpfr sum_of_squares(const typename F::Bits* p, unsigned n) {
  return dot<F>(p, p, n);
}

template <typename F>
Mpfr length(const typename F::Bits* p, unsigned n) {
  Mpfr r = Mpfr::with_precision(kPrecision);
  mpfr_sqrt(r.get(), sum_of_squares<F>(p, n).get(), MPFR_RNDN);
  return r;
}

template <typename F>
Mpfr distance(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n) {
  const mpfr_prec_t p = exact_precision<F>();
  Mpfr s = Mpfr::zero(false, p);
  for (unsigned i = 0; i < n; ++i) {
    const Mpfr d = sub(exact<F>(p0[i]), exact<F>(p1[i]), p);
    s = add(s, mul(d, d, p), p);
  }
  Mpfr r = Mpfr::with_precision(kPrecision);
  mpfr_sqrt(r.get(), s.get(), MPFR_RNDN);
  return r;
}

template <typename F>
Mpfr normalize(const typename F::Bits* p, unsigned n, unsigned i) {
  const Mpfr len = length<F>(p, n);
  return div(exact<F>(p[i]), len, kPrecision);
}

template <typename F>
std::vector<typename F::Bits> normalize_infinite_replacement(const typename F::Bits* p, unsigned n) {
  std::vector<typename F::Bits> v(p, p + n);
  for (auto& b : v) b = is_inf<F>(b) ? typename F::Bits(F::one_bits | (b & F::sign_mask)) : typename F::Bits(b & F::sign_mask);
  return v;
}

template <typename F>
bool nan_with_infinity(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n) {
  bool nan = false, inf = false;
  const Mpfr fmax = Mpfr::from_bits<F>(F::max_finite_bits);
  for (unsigned i = 0; i < n; ++i) {
    nan = nan || is_nan<F>(p0[i]) || (p1 && is_nan<F>(p1[i]));
    inf = inf || is_inf<F>(p0[i]) || (p1 && is_inf<F>(p1[i]));
    if (p1 && is_finite<F>(p0[i]) && is_finite<F>(p1[i]))
      inf = inf || sub(exact<F>(p0[i]), exact<F>(p1[i]), exact_precision<F>()).abs() > fmax;
  }
  return nan && inf;
}

template <typename F>
bool squares_in_range(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n) {
  Mpfr s;
  if (p1) {
    const Mpfr d = distance<F>(p0, p1, n);
    s = mul(d, d, 2 * kPrecision);
  } else {
    s = sum_of_squares<F>(p0, n);
  }
  return !s.is_nan() && s <= Mpfr::from_bits<F>(F::max_finite_bits) && s >= Mpfr::from_bits<F>(F::min_normal_bits);
}

template <typename F>
bool max_sq_judgeable(const Mpfr& max_abs, const Mpfr& tol, double k, bool flush) {
  if (!max_abs.is_finite()) return false;
  if (mul(max_abs, max_abs, 2 * F::precision + 8) > Mpfr::from_bits<F>(F::max_finite_bits)) return false;
  const Mpfr grain = Mpfr::pow2(flush ? F::emin : F::subnormal_exponent).scaled_by_pow2(-1);
  return !(tol < mul(grain, Mpfr(k, 64), 128));
}

#define CLCONFORM_GEOMETRIC_FORMAT(F)                                                      \
  template Mpfr max_abs<F>(const std::vector<const F::Bits*>&, unsigned);                  \
  template Mpfr dot<F>(const F::Bits*, const F::Bits*, unsigned);                          \
  template Mpfr cross<F>(const F::Bits*, const F::Bits*, unsigned);                        \
  template Mpfr sum_of_squares<F>(const F::Bits*, unsigned);                               \
  template Mpfr length<F>(const F::Bits*, unsigned);                                       \
  template Mpfr distance<F>(const F::Bits*, const F::Bits*, unsigned);                     \
  template Mpfr normalize<F>(const F::Bits*, unsigned, unsigned);                          \
  template std::vector<F::Bits> normalize_infinite_replacement<F>(const F::Bits*, unsigned); \
  template bool nan_with_infinity<F>(const F::Bits*, const F::Bits*, unsigned);            \
  template bool squares_in_range<F>(const F::Bits*, const F::Bits*, unsigned);             \
  template bool max_sq_judgeable<F>(const Mpfr&, const Mpfr&, double, bool);

CLCONFORM_GEOMETRIC_FORMAT(Half)
CLCONFORM_GEOMETRIC_FORMAT(Float)
CLCONFORM_GEOMETRIC_FORMAT(Double)

}  // namespace clconform::ref::geometric
