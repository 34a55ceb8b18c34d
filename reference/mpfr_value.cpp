#include "reference/mpfr_value.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "reference/format_convert.hpp"

#if MPFR_VERSION_MAJOR < 4
#error "clconform's reference needs MPFR 4 or newer (precision 1 is used when rounding to subnormals)"
#endif

namespace clconform::ref {
namespace {

mpfr_prec_t clamp_prec(mpfr_prec_t p) {
  return std::clamp<mpfr_prec_t>(p, MPFR_PREC_MIN, MPFR_PREC_MAX);
}

// A temporary mpfr_t that is cleared on every path out of a scope.
struct ScopedMpfr {
  mpfr_t v;
  explicit ScopedMpfr(mpfr_prec_t p) { mpfr_init2(v, clamp_prec(p)); }
  ~ScopedMpfr() { mpfr_clear(v); }
  ScopedMpfr(const ScopedMpfr&) = delete;
  ScopedMpfr& operator=(const ScopedMpfr&) = delete;
};

}  // namespace

bool mpfr_thread_safe() { return mpfr_buildopt_tls_p() != 0; }

// ---- life cycle -------------------------------------------------------------

Mpfr::Mpfr() { mpfr_init2(value_, default_precision); }

Mpfr Mpfr::with_precision(mpfr_prec_t prec) {
  Mpfr m;
  mpfr_set_prec(m.value_, clamp_prec(prec));  // leaves a NaN
  return m;
}

Mpfr::Mpfr(double v, mpfr_prec_t prec) {
  mpfr_init2(value_, clamp_prec(std::max<mpfr_prec_t>(prec, 53)));
  mpfr_set_d(value_, v, MPFR_RNDN);  // exact: precision >= 53
}

Mpfr::Mpfr(float v, mpfr_prec_t prec) {
  mpfr_init2(value_, clamp_prec(std::max<mpfr_prec_t>(prec, 24)));
  mpfr_set_flt(value_, v, MPFR_RNDN);  // exact: precision >= 24
}

void Mpfr::assign_uint64(std::uint64_t v, mpfr_prec_t prec) {
  // Built from two 32-bit halves so that it does not depend on the width
  // of `unsigned long`; every step is exact at 64 bits or more.
  mpfr_set_prec(value_, clamp_prec(std::max<mpfr_prec_t>(prec, 64)));
  mpfr_set_ui(value_, static_cast<unsigned long>(v >> 32), MPFR_RNDN);
  mpfr_mul_2ui(value_, value_, 32, MPFR_RNDN);
  mpfr_add_ui(value_, value_, static_cast<unsigned long>(v & 0xffffffffu), MPFR_RNDN);
}

void Mpfr::assign_int64(std::int64_t v, mpfr_prec_t prec) {
  const bool negative = v < 0;
  assign_uint64(negative ? static_cast<std::uint64_t>(-(v + 1)) + 1 : static_cast<std::uint64_t>(v),
                prec);
  if (negative) mpfr_neg(value_, value_, MPFR_RNDN);
}

template <typename F>
Mpfr Mpfr::from_bits(typename F::Bits bits, mpfr_prec_t prec) {
  const mpfr_prec_t p = std::max<mpfr_prec_t>(prec, F::precision);
  const bool negative = sign_bit<F>(bits);
  switch (classify<F>(bits)) {
    case FpClass::QuietNaN:
    case FpClass::SignalingNaN: return nan(p);
    case FpClass::Infinity: return infinity(negative, p);
    case FpClass::Zero: return zero(negative, p);
    case FpClass::Subnormal:
    case FpClass::Normal: break;
  }
  Mpfr m = with_precision(p);
  // significand < 2^53 is exact as a double; scaling by 2^e is exact.
  mpfr_set_d(m.value_, static_cast<double>(significand<F>(bits)), MPFR_RNDN);
  mpfr_mul_2si(m.value_, m.value_, unbiased_exponent<F>(bits) - F::mantissa_bits, MPFR_RNDN);
  if (negative) mpfr_neg(m.value_, m.value_, MPFR_RNDN);
  return m;
}

Mpfr Mpfr::zero(bool negative, mpfr_prec_t prec) {
  Mpfr m = with_precision(prec);
  mpfr_set_zero(m.value_, negative ? -1 : 1);
  return m;
}

Mpfr Mpfr::infinity(bool negative, mpfr_prec_t prec) {
  Mpfr m = with_precision(prec);
  mpfr_set_inf(m.value_, negative ? -1 : 1);
  return m;
}

Mpfr Mpfr::nan(mpfr_prec_t prec) { return with_precision(prec); }

Mpfr Mpfr::pow2(long exponent, mpfr_prec_t prec) {
  Mpfr m = with_precision(prec);
  mpfr_set_ui_2exp(m.value_, 1, exponent, MPFR_RNDN);  // exact in the default exponent range
  return m;
}

Mpfr Mpfr::parse(std::string_view text, mpfr_prec_t prec, Rounding r) {
  const std::string s(text);
  Mpfr m = with_precision(prec);
  char* end = nullptr;
  mpfr_strtofr(m.value_, s.c_str(), &end, 0, to_mpfr(r));
  if (s.empty() || end != s.c_str() + s.size())
    throw std::invalid_argument("not a number: '" + s + "'");
  return m;
}

Mpfr::Mpfr(const Mpfr& other) {
  mpfr_init2(value_, other.precision());
  mpfr_set(value_, other.value_, MPFR_RNDN);  // same precision: exact
}

// A moved-from object stays valid (a 1-bit NaN) so that its destructor and
// any later assignment work.
Mpfr::Mpfr(Mpfr&& other) noexcept {
  mpfr_init2(value_, MPFR_PREC_MIN);
  mpfr_swap(value_, other.value_);
}

Mpfr& Mpfr::operator=(const Mpfr& other) {
  if (this != &other) {
    mpfr_set_prec(value_, other.precision());
    mpfr_set(value_, other.value_, MPFR_RNDN);
  }
  return *this;
}

Mpfr& Mpfr::operator=(Mpfr&& other) noexcept {
  mpfr_swap(value_, other.value_);
  return *this;
}

Mpfr::~Mpfr() { mpfr_clear(value_); }

// ---- queries ----------------------------------------------------------------

long Mpfr::floor_log2() const {
  if (!mpfr_regular_p(value_)) throw std::domain_error("floor_log2 of zero, infinity or NaN");
  // MPFR writes x = m * 2^e with 1/2 <= |m| < 1, so 2^(e-1) <= |x| < 2^e.
  return static_cast<long>(mpfr_get_exp(value_)) - 1;
}

bool Mpfr::is_power_of_two() const {
  if (!mpfr_regular_p(value_)) return false;
  return mpfr_cmp_si_2exp(value_, signbit() ? -1 : 1, floor_log2()) == 0;
}

// ---- rounding to a binary format -------------------------------------------
//
// MPFR's own recipe for emulating IEEE subnormals narrows the global exponent
// range (mpfr_set_emin/emax) and calls mpfr_subnormalize.  That range is
// process state (thread-local only in TLS builds), and every other live
// mpfr_t must stay inside it.  Instead this rounds once, with mpfr_set, to
// the number of significand bits the format actually has at x's binade:
//   p bits when 2^emin <= |x|, fewer below it (the subnormal spacing
//   2^(emin-p+1) is fixed, so a value in [2^E, 2^(E+1)) with E < emin keeps
//   E - (emin-p+1) + 1 bits).
// Rounding to that many bits IS rounding to the format's grid in that
// binade, and a round-up to 2^(E+1) is still on the grid.  Ties to even are
// right too: the last kept bit is the grid's unit bit.  Values below the
// smallest subnormal (no bits left) and beyond 2^(emax+1) are decided
// directly.  No global state is read or written.
template <typename F>
typename F::Bits Mpfr::round_to(Rounding r) const {
  using Bits = typename F::Bits;
  constexpr int p = F::precision;
  if (is_nan()) return F::quiet_nan_bits;
  const bool negative = signbit();
  const Bits sign = negative ? F::sign_mask : Bits{0};
  if (is_inf()) return static_cast<Bits>(F::infinity_bits | sign);
  if (is_zero()) return sign;

  const long E = floor_log2();
  if (E > F::emax) return overflow_result<F>(negative, r);  // |x| >= 2^(emax+1)
  long q = std::max<long>(E, F::emin) - (p - 1);            // grid spacing is 2^q
  const long keep = E - q + 1;
  if (keep <= 0) {
    // 0 < |x| < 2^q, the smallest subnormal: the candidates are 0 and
    // 2^q.  keep == 0 means |x| in [2^q/2, 2^q); exactly 2^q/2 is a tie,
    // which goes to 0 (the even one).
    bool up = false;
    switch (r) {
      case Rounding::NearestEven: up = keep == 0 && !is_power_of_two(); break;
      case Rounding::TowardZero: up = false; break;
      case Rounding::TowardPositive: up = !negative; break;
      case Rounding::TowardNegative: up = negative; break;
    }
    return compose<F>(negative, 0, up ? Bits{1} : Bits{0});
  }

  ScopedMpfr t(keep);
  mpfr_set(t.v, value_, to_mpfr(r));
  if (static_cast<long>(mpfr_get_exp(t.v)) - 1 > F::emax)  // rounded up to 2^(emax+1)
    return overflow_result<F>(negative, r);
  // The integer significand on the grid: |t| / 2^q < 2^(p+1), exact in a double.
  mpfr_abs(t.v, t.v, MPFR_RNDN);
  mpfr_mul_2si(t.v, t.v, -q, MPFR_RNDN);
  auto kept = static_cast<std::uint64_t>(mpfr_get_d(t.v, MPFR_RNDN));
  if (kept >> p) {  // rounded up to 2^(E+1) in a normal binade
    kept >>= 1;
    ++q;
  }
  if (kept >= (std::uint64_t{1} << (p - 1)))
    return compose<F>(negative, static_cast<int>(q + p - 1 + F::bias),
                      static_cast<Bits>(kept & F::mantissa_mask));
  return compose<F>(negative, 0, static_cast<Bits>(kept));  // subnormal
}

double Mpfr::to_double(Rounding r) const { return double_from_bits(round_to<Double>(r)); }
float Mpfr::to_float(Rounding r) const { return float_from_bits(round_to<Float>(r)); }

// ---- text -------------------------------------------------------------------

// MPFR's "%Ra" is exact but does not normalise the leading digit
// ("0x3p-4" for 0.1875); failure records read better as C99 "%a" prints
// doubles, 0x1.8p-3, so the digits are produced here: scale |x| into
// [1, 2), then peel off hex digits, each step exact at x's precision.
std::string Mpfr::to_string() const {
  if (is_nan()) return "nan";
  if (is_inf()) return signbit() ? "-inf" : "inf";
  if (is_zero()) return signbit() ? "-0" : "0";
  const long e = floor_log2();
  ScopedMpfr m(precision() + 8);
  mpfr_abs(m.v, value_, MPFR_RNDN);
  mpfr_mul_2si(m.v, m.v, -e, MPFR_RNDN);  // in [1, 2)
  mpfr_sub_ui(m.v, m.v, 1, MPFR_RNDN);    // the fraction, exact
  std::string out = signbit() ? "-0x1" : "0x1";
  if (!mpfr_zero_p(m.v)) {
    out += '.';
    while (!mpfr_zero_p(m.v)) {
      mpfr_mul_2ui(m.v, m.v, 4, MPFR_RNDN);
      const unsigned long digit = mpfr_get_ui(m.v, MPFR_RNDZ);
      mpfr_sub_ui(m.v, m.v, digit, MPFR_RNDN);
      out += "0123456789abcdef"[digit];
    }
  }
  out += 'p';
  if (e >= 0) out += '+';
  out += std::to_string(e);
  return out;
}

std::string Mpfr::to_decimal(int digits) const {
  char* s = nullptr;
  if (mpfr_asprintf(&s, "%.*Rg", std::max(digits, 1), value_) < 0 || s == nullptr) return "?";
  std::string out(s);
  mpfr_free_str(s);
  return out;
}

// ---- exact helpers ------------------------------------------------------------

Mpfr Mpfr::abs() const {
  Mpfr m(*this);
  mpfr_abs(m.value_, m.value_, MPFR_RNDN);
  return m;
}

Mpfr Mpfr::operator-() const {
  Mpfr m(*this);
  mpfr_neg(m.value_, m.value_, MPFR_RNDN);
  return m;
}

Mpfr Mpfr::scaled_by_pow2(long e) const {
  Mpfr m(*this);
  mpfr_mul_2si(m.value_, m.value_, e, MPFR_RNDN);
  return m;
}

// ---- comparisons and arithmetic -----------------------------------------------

bool operator==(const Mpfr& a, const Mpfr& b) { return mpfr_equal_p(a.get(), b.get()) != 0; }
bool operator!=(const Mpfr& a, const Mpfr& b) { return !(a == b); }
bool operator<(const Mpfr& a, const Mpfr& b) { return mpfr_less_p(a.get(), b.get()) != 0; }
bool operator<=(const Mpfr& a, const Mpfr& b) { return mpfr_lessequal_p(a.get(), b.get()) != 0; }
bool operator>(const Mpfr& a, const Mpfr& b) { return mpfr_greater_p(a.get(), b.get()) != 0; }
bool operator>=(const Mpfr& a, const Mpfr& b) {
  return mpfr_greaterequal_p(a.get(), b.get()) != 0;
}

namespace {
using BinaryOp = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
Mpfr apply(BinaryOp op, const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r) {
  Mpfr m = Mpfr::with_precision(prec);
  op(m.get(), a.get(), b.get(), to_mpfr(r));
  return m;
}
mpfr_prec_t wider(const Mpfr& a, const Mpfr& b) { return std::max(a.precision(), b.precision()); }
}  // namespace

Mpfr add(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r) {
  return apply(mpfr_add, a, b, prec, r);
}
Mpfr sub(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r) {
  return apply(mpfr_sub, a, b, prec, r);
}
Mpfr mul(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r) {
  return apply(mpfr_mul, a, b, prec, r);
}
Mpfr div(const Mpfr& a, const Mpfr& b, mpfr_prec_t prec, Rounding r) {
  return apply(mpfr_div, a, b, prec, r);
}
Mpfr operator+(const Mpfr& a, const Mpfr& b) { return add(a, b, wider(a, b)); }
Mpfr operator-(const Mpfr& a, const Mpfr& b) { return sub(a, b, wider(a, b)); }
Mpfr operator*(const Mpfr& a, const Mpfr& b) { return mul(a, b, wider(a, b)); }
Mpfr operator/(const Mpfr& a, const Mpfr& b) { return div(a, b, wider(a, b)); }

Mpfr abs_diff(const Mpfr& a, const Mpfr& b, mpfr_prec_t max_prec) {
  if (a.is_zero()) return b.abs();  // covers NaN/inf b too
  if (b.is_zero()) return a.abs();
  if (!a.is_finite() || !b.is_finite()) {
    Mpfr m = Mpfr::with_precision(MPFR_PREC_MIN);
    mpfr_sub(m.get(), a.get(), b.get(), MPFR_RNDN);  // inf or NaN, exactly as MPFR defines it
    mpfr_abs(m.get(), m.get(), MPFR_RNDN);
    return m;
  }
  // Both operands are multiples of 2^lo and below 2^hi in magnitude, so
  // |a - b| is a multiple of 2^lo below 2^(hi+1): hi + 1 - lo bits suffice.
  const long ea = static_cast<long>(mpfr_get_exp(a.get()));
  const long eb = static_cast<long>(mpfr_get_exp(b.get()));
  const long hi = std::max(ea, eb);
  const long lo = std::min(ea - static_cast<long>(a.precision()), eb - static_cast<long>(b.precision()));
  const long need = hi + 1 - lo;
  Mpfr m = Mpfr::with_precision(std::min<long>(need, max_prec));
  mpfr_sub(m.get(), a.get(), b.get(), MPFR_RNDA);  // away from zero: never below the truth
  mpfr_abs(m.get(), m.get(), MPFR_RNDN);
  return m;
}

#define CLCONFORM_MPFR_FORMAT(F)                                                \
  template Mpfr Mpfr::from_bits<F>(F::Bits, mpfr_prec_t);                        \
  template F::Bits Mpfr::round_to<F>(Rounding) const;

CLCONFORM_MPFR_FORMAT(Half)
CLCONFORM_MPFR_FORMAT(Float)
CLCONFORM_MPFR_FORMAT(Double)

#undef CLCONFORM_MPFR_FORMAT

}  // namespace clconform::ref
