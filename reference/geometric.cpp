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

#define CLCONFORM_GEOMETRIC_FORMAT(F)                                                      \
  template Mpfr max_abs<F>(const std::vector<const F::Bits*>&, unsigned);                  \
  template Mpfr dot<F>(const F::Bits*, const F::Bits*, unsigned);                          \
  template Mpfr cross<F>(const F::Bits*, const F::Bits*, unsigned);                        \
  template Mpfr sum_of_squares<F>(const F::Bits*, unsigned);                               \
  template Mpfr length<F>(const F::Bits*, unsigned);                                       \
  template Mpfr distance<F>(const F::Bits*, const F::Bits*, unsigned);                     \
  template Mpfr normalize<F>(const F::Bits*, unsigned, unsigned);                          \
  template std::vector<F::Bits> normalize_infinite_replacement<F>(const F::Bits*, unsigned);

CLCONFORM_GEOMETRIC_FORMAT(Half)
CLCONFORM_GEOMETRIC_FORMAT(Float)
CLCONFORM_GEOMETRIC_FORMAT(Double)

}  // namespace clconform::ref::geometric
