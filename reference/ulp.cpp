#include "reference/ulp.hpp"

#include <cmath>
#include <stdexcept>

namespace clconform::ref {
namespace {

// Spacing exponents every format has (see ulp.hpp for why each applies).
template <typename F>
constexpr int subnormal_spacing() {
  return F::subnormal_exponent;  // emin - p + 1
}
template <typename F>
constexpr int top_spacing() {
  return F::emax - F::precision + 1;
}

// The shared case analysis once floor(log2|x|) = E and "is |x| a power of
// two" are known, for a non-zero finite x.
template <typename F>
int ulp_exponent_for(long E, bool power_of_two) {
  if (E > F::emax) return top_spacing<F>();  // beyond max_finite
  // Below 2^emin the grid is the subnormal spacing; at 2^emin both
  // neighbours are that far; inside [2^emin, 2^(emin+1)) so is the spacing.
  if (E <= F::emin) return subnormal_spacing<F>();
  // An exact power of two: x and its neighbour below, half a spacing away.
  if (power_of_two) return static_cast<int>(E) - F::precision;
  return static_cast<int>(E) - F::precision + 1;
}

}  // namespace

template <typename F>
int ulp_exponent(const Mpfr& x) {
  if (x.is_nan()) throw std::domain_error("ulp(NaN) is NaN");
  if (x.is_inf()) return top_spacing<F>();
  if (x.is_zero()) return subnormal_spacing<F>();
  return ulp_exponent_for<F>(x.floor_log2(), x.is_power_of_two());
}

template <typename F>
int ulp_exponent(double x) {
  if (std::isnan(x)) throw std::domain_error("ulp(NaN) is NaN");
  if (std::isinf(x)) return top_spacing<F>();
  if (x == 0) return subnormal_spacing<F>();
  int e = 0;
  const double m = std::frexp(x, &e);  // x = m * 2^e, 1/2 <= |m| < 1; exact
  return ulp_exponent_for<F>(e - 1, std::fabs(m) == 0.5);
}

template <typename F>
Mpfr ulp_of(const Mpfr& x) {
  if (x.is_nan()) return Mpfr::nan(2);
  return Mpfr::pow2(ulp_exponent<F>(x), 2);
}

template <typename F>
Mpfr ulp_error_exact(typename F::Bits device, const Mpfr& ref) {
  const auto zero = [] { return Mpfr::zero(false, 2); };
  const auto infinite = [] { return Mpfr::infinity(false, 2); };
  const bool device_nan = is_nan<F>(device);
  if (ref.is_nan()) return device_nan ? zero() : infinite();
  if (device_nan) return infinite();
  const bool device_negative = sign_bit<F>(device);
  if (ref.is_inf())
    return is_inf<F>(device) && device_negative == ref.signbit() ? zero() : infinite();

  Mpfr d = Mpfr::from_bits<F>(device, F::precision);
  if (is_inf<F>(device)) {
    // Infinity stands for every real of magnitude >= 2^(emax+1).
    Mpfr threshold = Mpfr::pow2(F::emax + 1, 2);
    if (device_negative) threshold = -threshold;
    if (device_negative ? ref <= threshold : ref >= threshold) return zero();
    d = threshold;
  }
  // ulp is a power of two, so the division is an exact scaling (in place).
  Mpfr e = abs_diff(d, ref);
  mpfr_mul_2si(e.get(), e.get(), -ulp_exponent<F>(ref), MPFR_RNDN);
  return e;
}

template <typename F>
double ulp_error(typename F::Bits device, const Mpfr& ref) {
  const Mpfr e = ulp_error_exact<F>(device, ref);
  return mpfr_get_d(e.get(), MPFR_RNDU);  // upward: never reports less than the truth
}

double ulp_error(float device, const Mpfr& ref) { return ulp_error<Float>(to_bits(device), ref); }
double ulp_error(double device, const Mpfr& ref) { return ulp_error<Double>(to_bits(device), ref); }

template <typename F>
bool within_ulps(typename F::Bits device, const Mpfr& ref, double bound) {
  if (std::isnan(bound)) return false;
  const Mpfr e = ulp_error_exact<F>(device, ref);
  return mpfr_cmp_d(e.get(), bound) <= 0;
}

template <typename F>
bool is_correctly_rounded(typename F::Bits device, const Mpfr& ref, Rounding r) {
  if (ref.is_nan()) return is_nan<F>(device);
  return device == ref.round_to<F>(r);
}

#define CLCONFORM_ULP_FORMAT(F)                                                  \
  template int ulp_exponent<F>(const Mpfr&);                                      \
  template int ulp_exponent<F>(double);                                           \
  template Mpfr ulp_of<F>(const Mpfr&);                                           \
  template Mpfr ulp_error_exact<F>(F::Bits, const Mpfr&);                         \
  template double ulp_error<F>(F::Bits, const Mpfr&);                             \
  template bool within_ulps<F>(F::Bits, const Mpfr&, double);                     \
  template bool is_correctly_rounded<F>(F::Bits, const Mpfr&, Rounding);

CLCONFORM_ULP_FORMAT(Half)
CLCONFORM_ULP_FORMAT(Float)
CLCONFORM_ULP_FORMAT(Double)

#undef CLCONFORM_ULP_FORMAT

}  // namespace clconform::ref
