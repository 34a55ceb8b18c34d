#include "reference/geometric_relaxed.hpp"

#include "reference/geometric.hpp"

namespace clconform::ref::geometric {
namespace {

template <typename F>
Mpfr component(const typename F::Bits* p0, const typename F::Bits* p1, unsigned i) {
  const mpfr_prec_t p = exact_precision<F>();
  const Mpfr a = Mpfr::from_bits<F>(p0[i], p);
  return p1 ? sub(a, Mpfr::from_bits<F>(p1[i], p), p) : a;
}

}  // namespace

template <typename F>
unsigned small_squares(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n) {
  const Mpfr min = Mpfr::from_bits<F>(F::min_normal_bits);
  unsigned mask = 0;
  for (unsigned i = 0; i < n; ++i) {
    const Mpfr c = component<F>(p0, p1, i);
    if (c.is_finite() && mul(c, c, exact_precision<F>()) < min) mask |= 1u << i;
  }
  return mask;
}

template <typename F>
Mpfr length_without(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n, unsigned drop) {
  const mpfr_prec_t p = exact_precision<F>();
  Mpfr s = Mpfr::zero(false, p);
  for (unsigned i = 0; i < n; ++i) {
    if (drop & (1u << i)) continue;
    const Mpfr c = component<F>(p0, p1, i);
    s = add(s, mul(c, c, p), p);
  }
  Mpfr r = Mpfr::with_precision(kPrecision);
  mpfr_sqrt(r.get(), s.get(), MPFR_RNDN);
  return r;
}

template <typename F>
RelaxedVerdict judge_small_squares_dropped(typename F::Bits got, const typename F::Bits* p0, const typename F::Bits* p1,
                                           unsigned n, int lane, double bound_ulp) {
  const unsigned small = small_squares<F>(p0, p1, n);
  unsigned nonzero = 0;
  for (unsigned i = 0; i < n; ++i)
    if (!component<F>(p0, p1, i).is_zero()) nonzero |= 1u << i;
  RelaxedVerdict best;
  bool first = true;
  // Every subset of SMALL, the empty one (nothing dropped) first.
  for (unsigned drop = 0;; drop = (drop - small) & small) {
    const bool nothing_left = (nonzero & ~drop) == 0;
    if (!(lane >= 0 && nothing_left)) {
      const Mpfr len = length_without<F>(p0, p1, n, drop);
      const Mpfr want = lane < 0 ? len : div(Mpfr::from_bits<F>(p0[lane], exact_precision<F>()), len, kPrecision);
      const fn::Verdict v = fn::judge_ulp<F>(got, want, bound_ulp);
      if (first || (v.pass && !best.verdict.pass) || (v.pass == best.verdict.pass && v.ratio < best.verdict.ratio)) {
        best = {v, want, drop};
        first = false;
      }
      if (v.pass) break;
    }
    if (drop == small) break;
  }
  return best;
}

#define CLCONFORM_GEOMETRIC_RELAXED(F)                                                     \
  template unsigned small_squares<F>(const F::Bits*, const F::Bits*, unsigned);            \
  template Mpfr length_without<F>(const F::Bits*, const F::Bits*, unsigned, unsigned);     \
  template RelaxedVerdict judge_small_squares_dropped<F>(F::Bits, const F::Bits*, const F::Bits*, unsigned, int, double);

CLCONFORM_GEOMETRIC_RELAXED(Half)
CLCONFORM_GEOMETRIC_RELAXED(Float)
CLCONFORM_GEOMETRIC_RELAXED(Double)

}  // namespace clconform::ref::geometric
