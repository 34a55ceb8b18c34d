// Test-side oracles, written directly against MPFR and the C library and
// deliberately NOT through the code under test, so that a bug there cannot
// also be in the expectation:
//
//  * Rounding to a binary format uses MPFR's documented IEEE-emulation
//    recipe: round to p bits in the default exponent range, then narrow the
//    exponent range to the format's (in MPFR's convention), mpfr_check_range
//    and mpfr_subnormalize.  The library under test instead rounds once at a
//    binade-dependent precision without touching the exponent range, and
//    format_convert uses integer arithmetic: three separate algorithms.
//  * Format parameters are written here as literals, not taken from
//    fp_bits.hpp.
//  * Half values are decoded from the IEEE 754 formula
//    (-1)^s * 2^(e-15) * (1 + f/1024), or 2^-14 * f/1024 for e == 0.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include <mpfr.h>

namespace oracle {

struct Spec {
  mpfr_prec_t prec;  // significand bits
  mpfr_exp_t emin;   // MPFR convention: smallest subnormal is 2^(emin-1)
  mpfr_exp_t emax;   // MPFR convention: values below 2^emax
};
// binary16: min subnormal 2^-24 = 2^(-23-1), max < 2^16.
inline constexpr Spec kHalf{11, -23, 16};
// binary32: min subnormal 2^-149, max < 2^128.
inline constexpr Spec kFloat{24, -148, 128};
// binary64: min subnormal 2^-1074, max < 2^1024.
inline constexpr Spec kDouble{53, -1073, 1024};

// Owning mpfr_t for tests (independent of the library's Mpfr class).
struct Num {
  mpfr_t v;
  explicit Num(mpfr_prec_t p = 256) { mpfr_init2(v, p); }
  ~Num() { mpfr_clear(v); }
  Num(const Num&) = delete;
  Num& operator=(const Num&) = delete;
};

// Narrows MPFR's exponent range for a scope and restores it.
class RangeGuard {
 public:
  RangeGuard(mpfr_exp_t emin, mpfr_exp_t emax)
      : old_emin_(mpfr_get_emin()), old_emax_(mpfr_get_emax()) {
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
  }
  ~RangeGuard() {
    mpfr_set_emin(old_emin_);
    mpfr_set_emax(old_emax_);
  }

 private:
  mpfr_exp_t old_emin_, old_emax_;
};

// out := x rounded to the format described by s, in direction rnd.
inline void round_to_format(mpfr_ptr out, mpfr_srcptr x, const Spec& s, mpfr_rnd_t rnd) {
  mpfr_set_prec(out, s.prec);
  int t = mpfr_set(out, x, rnd);  // in the wide default range: only x's precision changes
  RangeGuard g(s.emin, s.emax);
  t = mpfr_check_range(out, t, rnd);  // overflow / underflow per rnd
  mpfr_subnormalize(out, t, rnd);     // re-round to the subnormal grid (handles double rounding)
}

// The exact value of a half pattern from the IEEE formula.  NaN -> MPFR NaN.
inline void half_value(mpfr_ptr out, std::uint16_t h) {
  const int s = h >> 15;
  const int e = (h >> 10) & 0x1f;
  const int f = h & 0x3ff;
  if (e == 31) {
    if (f) mpfr_set_nan(out);
    else mpfr_set_inf(out, s ? -1 : 1);
    return;
  }
  if (e == 0) {
    mpfr_set_ui_2exp(out, static_cast<unsigned long>(f), -24, MPFR_RNDN);  // f * 2^-14 / 2^10
  } else {
    mpfr_set_ui_2exp(out, static_cast<unsigned long>(1024 + f), e - 25, MPFR_RNDN);  // (1024+f) * 2^(e-15-10)
  }
  if (s) mpfr_neg(out, out, MPFR_RNDN);  // -0 for the zero pattern 0x8000
}

// The value of a half, as a (exactly representable) float / double.
inline float half_as_float(std::uint16_t h) {
  Num n(64);
  half_value(n.v, h);
  return mpfr_get_flt(n.v, MPFR_RNDN);
}
inline double half_as_double(std::uint16_t h) {
  Num n(64);
  half_value(n.v, h);
  return mpfr_get_d(n.v, MPFR_RNDN);
}

// Host bit views (memcpy) for comparing results.
inline std::uint32_t bits_of(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
inline std::uint64_t bits_of(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, 8);
  return b;
}
inline float float_of(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}
inline double double_of(std::uint64_t b) {
  double x;
  std::memcpy(&x, &b, 8);
  return x;
}


}  // namespace oracle
