// Mpfr: an owning, value-semantics wrapper around one mpfr_t.
//
// Why a wrapper: mpfr_t needs mpfr_init2/mpfr_clear pairing, and a verifier
// that throws or returns early must never leak or double-free one.  The
// wrapper also fixes the conventions the rest of the reference relies on:
//
//  * Precision is chosen when an object is made and kept by copies.
//    Constructors from host numbers are always exact: the precision asked
//    for is raised, if needed, to hold the value (24 bits for float, 53 for
//    double, 64 for 64-bit integers, 11 for half).
//  * Rounding to a binary format (round_to<F>) honours that format's
//    exponent range: overflow per rounding mode, gradual underflow into
//    subnormals, underflow to a zero of the right sign.  It does so without
//    touching MPFR's global exponent range (see the .cpp), so it is safe to
//    call from several threads at once provided MPFR itself is thread-safe.
//    It does assume the calling thread runs with MPFR's default (wide)
//    exponent range, as everything in this library does.
//
// Thread safety of MPFR itself: MPFR keeps its exception flags, exponent
// range and constant caches in thread-local storage only when it was built
// with TLS support; mpfr_thread_safe() reports that (mpfr_buildopt_tls_p()).
// Debian's libmpfr6 is built with TLS.  Without TLS, all MPFR work in the
// process must be serialised by the caller.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include <mpfr.h>

#include "reference/fp_bits.hpp"
#include "reference/rounding.hpp"

namespace clconform::ref {

// True when this MPFR build keeps its global state per thread.
bool mpfr_thread_safe();

class Mpfr {
 public:
  // Enough for every exact product/sum of two doubles and for the usual
  // "compute at 256 bits, then round" reference approach.
  static constexpr mpfr_prec_t default_precision = 256;

  // A NaN of the default precision (MPFR's freshly initialised state).
  Mpfr();
  // A NaN of the given precision (clamped to MPFR's limits).
  static Mpfr with_precision(mpfr_prec_t prec);

  // Exact constructions.
  explicit Mpfr(double v, mpfr_prec_t prec = default_precision);
  explicit Mpfr(float v, mpfr_prec_t prec = default_precision);
  template <typename T,
            std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  explicit Mpfr(T v, mpfr_prec_t prec = default_precision) : Mpfr() {
    if constexpr (std::is_signed_v<T>)
      assign_int64(static_cast<std::int64_t>(v), prec);
    else
      assign_uint64(static_cast<std::uint64_t>(v), prec);
  }
  // The exact value of a bit pattern of format F (Half, Float or Double).
  // NaN patterns give an MPFR NaN (MPFR has no payloads); infinities and
  // signed zeros are kept.
  template <typename F>
  static Mpfr from_bits(typename F::Bits bits, mpfr_prec_t prec = default_precision);
  static Mpfr from_half_bits(std::uint16_t bits, mpfr_prec_t prec = default_precision) {
    return from_bits<Half>(bits, prec);
  }
  // Special values and powers of two, exact.
  static Mpfr zero(bool negative = false, mpfr_prec_t prec = default_precision);
  static Mpfr infinity(bool negative = false, mpfr_prec_t prec = default_precision);
  static Mpfr nan(mpfr_prec_t prec = default_precision);
  static Mpfr pow2(long exponent, mpfr_prec_t prec = default_precision);
  // Parses decimal or C99 hexadecimal text ("0x1.8p-3", "-inf", "nan"),
  // rounded to `prec` bits in direction `r`; throws std::invalid_argument
  // on text that is not entirely a number.
  static Mpfr parse(std::string_view text, mpfr_prec_t prec = default_precision,
                    Rounding r = Rounding::NearestEven);

  Mpfr(const Mpfr& other);
  Mpfr(Mpfr&& other) noexcept;
  Mpfr& operator=(const Mpfr& other);
  Mpfr& operator=(Mpfr&& other) noexcept;
  ~Mpfr();

  // Raw access for calling MPFR functions directly.
  mpfr_ptr get() { return value_; }
  mpfr_srcptr get() const { return value_; }
  mpfr_prec_t precision() const { return mpfr_get_prec(value_); }

  bool is_nan() const { return mpfr_nan_p(value_) != 0; }
  bool is_inf() const { return mpfr_inf_p(value_) != 0; }
  bool is_zero() const { return mpfr_zero_p(value_) != 0; }
  bool is_finite() const { return mpfr_number_p(value_) != 0; }  // not NaN, not inf
  bool signbit() const { return mpfr_signbit(value_) != 0; }     // also for -0 and NaN
  // floor(log2|x|) of a non-zero finite value; std::domain_error otherwise.
  long floor_log2() const;
  // |x| == 2^k for some integer k (false for 0, inf, NaN).
  bool is_power_of_two() const;

  // Correct rounding to a binary format, with its exponent range and
  // subnormals (see the file comment).  A NaN gives F's default quiet NaN
  // (positive, quiet bit only); infinities and zeros keep their sign.
  template <typename F>
  typename F::Bits round_to(Rounding r = Rounding::NearestEven) const;
  double to_double(Rounding r = Rounding::NearestEven) const;
  float to_float(Rounding r = Rounding::NearestEven) const;

  // Exact text for failure records: C99 hexadecimal ("0x1.8p-3", "-0",
  // "inf", "nan"), every significant bit kept.
  std::string to_string() const;
  // Decimal text with `digits` significant digits, for people.
  std::string to_decimal(int digits = 17) const;

  // Exact helpers (results keep this object's precision, so no rounding).
  Mpfr abs() const;
  Mpfr operator-() const;
  Mpfr scaled_by_pow2(long e) const;  // x * 2^e

 private:
  void assign_int64(std::int64_t v, mpfr_prec_t prec);
  void assign_uint64(std::uint64_t v, mpfr_prec_t prec);

  mpfr_t value_;
};

// Comparisons follow IEEE semantics: any comparison with a NaN is false
// (except !=), and -0 == +0.
bool operator==(const Mpfr& a, const Mpfr& b);
bool operator!=(const Mpfr& a, const Mpfr& b);
bool operator<(const Mpfr& a, const Mpfr& b);
bool operator<=(const Mpfr& a, const Mpfr& b);
bool operator>(const Mpfr& a, const Mpfr& b);
bool operator>=(const Mpfr& a, const Mpfr& b);

// Arithmetic with an explicit result precision and rounding direction.
// These are single correctly rounded MPFR operations; they are exact only
// when `prec` is large enough for the true result.
Mpfr add(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r = Rounding::NearestEven);
Mpfr sub(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r = Rounding::NearestEven);
Mpfr mul(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r = Rounding::NearestEven);
Mpfr div(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r = Rounding::NearestEven);
// The same at max(a.precision(), b.precision()), to nearest even.
Mpfr operator+(const Mpfr& a, const Mpfr& b);
Mpfr operator-(const Mpfr& a, const Mpfr& b);
Mpfr operator*(const Mpfr& a, const Mpfr& b);
Mpfr operator/(const Mpfr& a, const Mpfr& b);

// |a - b| computed exactly (the precision is sized from the operands'
// exponents and precisions).  When exactness would need more than
// `max_prec` bits the result is rounded away from zero instead, so it is
// never smaller than the true distance.
Mpfr abs_diff(const Mpfr& a, const Mpfr& b, mpfr_prec_t max_prec = 1 << 16);

}  // namespace clconform::ref
