#include "reference/math/dd_exp_log.hpp"

#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/double_double.hpp"
#include "reference/math/double_double_avx2.hpp"

namespace clconform::ref::math {
namespace {

using dd::add;
using dd::DD;
using dd::from_mpfr;
using dd::fast_two_sum;
using dd::mul;
using dd::power_of_two;
using dd::two_prod;
using dd::two_sum;
using dd::add4;
using dd::DD4;
using dd::fma4;
using dd::mul4;
using dd::V4;

// exp(r) = sum r^n / n! for |r| <= ln2/128 < 2^-7.5: the terms from n = 13
// on are below 2^-130, those from n = 7 on (below 2^-64) are summed in
// double. log1p(u) = u * sum_n (-1)^n u^n / (n + 1) for |u| < 2^-7.9: the
// terms from n = 14 on are below 2^-110 of the sum, those from n = 7 on
// (below 2^-55) in double.
constexpr int kExpTerms = 13, kExpDoubleFrom = 7;
constexpr int kLogTerms = 14, kLogDoubleFrom = 7;
// log's table: t in [1/sqrt(2), sqrt(2)) has index i = floor(256 t) in
// [181, 362].
constexpr int kLogFirst = 181, kLogLast = 362;

struct Constants {
  DD exp_c[kExpTerms];          // 1/n!
  DD log_c[kLogTerms];          // (-1)^n / (n + 1)
  DD two_to_j64[64];            // 2^(j/64)
  double ln2_64[3] = {0, 0, 0};  // ln2/64 = [0] + [1] + [2]; [0] has 35 bits, so k * [0] is exact for |k| < 2^18
  double inv_ln2_64 = 0;        // 64/ln2, rounded (only picks k)
  DD ln2{0, 0};
  double c[kLogLast + 1] = {};  // a double near 1/t on index i's interval (1 where t is within 2^-8 of 1)
  DD minus_log_c[kLogLast + 1];

  Constants() {
    mpfr_t v, w;
    mpfr_inits2(400, v, w, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_ui(v, 1, MPFR_RNDN);
    for (int n = 0; n < kExpTerms; ++n) {
      if (n > 0) mpfr_div_ui(v, v, static_cast<unsigned long>(n), MPFR_RNDN);
      exp_c[n] = from_mpfr(v);
    }
    for (int n = 0; n < kLogTerms; ++n) {
      mpfr_set_si(v, n % 2 ? -1 : 1, MPFR_RNDN);
      mpfr_div_ui(v, v, static_cast<unsigned long>(n + 1), MPFR_RNDN);
      log_c[n] = from_mpfr(v);
    }
    for (int j = 0; j < 64; ++j) {
      mpfr_set_ui(v, static_cast<unsigned long>(j), MPFR_RNDN);
      mpfr_div_ui(v, v, 64, MPFR_RNDN);
      mpfr_exp2(v, v, MPFR_RNDN);
      two_to_j64[j] = from_mpfr(v);
    }
    mpfr_const_log2(v, MPFR_RNDN);
    ln2 = from_mpfr(v);
    mpfr_div_ui(w, v, 64, MPFR_RNDN);  // ln2/64
    {
      mpfr_t t;
      mpfr_init2(t, 35);
      mpfr_set(t, w, MPFR_RNDN);
      ln2_64[0] = mpfr_get_d(t, MPFR_RNDN);
      mpfr_clear(t);
    }
    mpfr_sub_d(w, w, ln2_64[0], MPFR_RNDN);
    ln2_64[1] = mpfr_get_d(w, MPFR_RNDN);
    mpfr_sub_d(w, w, ln2_64[1], MPFR_RNDN);
    ln2_64[2] = mpfr_get_d(w, MPFR_RNDN);
    mpfr_ui_div(w, 64, v, MPFR_RNDN);
    inv_ln2_64 = mpfr_get_d(w, MPFR_RNDN);
    for (int i = kLogFirst; i <= kLogLast; ++i) {
      c[i] = (i == 255 || i == 256) ? 1.0 : std::nearbyint(512 * 256 / (i + 0.5)) / 512;
      mpfr_set_d(v, c[i], MPFR_RNDN);
      mpfr_log(v, v, MPFR_RNDN);
      mpfr_neg(v, v, MPFR_RNDN);
      minus_log_c[i] = from_mpfr(v);
    }
    mpfr_clears(v, w, static_cast<mpfr_ptr>(nullptr));
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

// exp_of's reduction, shared with the block form: x + x_lo = k ln2/64 + r.
// k * ln2_64[0] is exact and within a factor of two of x (or r = x when k
// = 0), so x - k * ln2_64[0] is exact (Sterbenz); k * ln2_64[1] is exact
// as a double-double; k * ln2_64[2] (below 2^-88 absolute) rounds once. r
// is within 2^-130 of x - k ln2/64.
struct ExpReduced {
  int k;
  DD r;
};
CLC_DD_FMA ExpReduced exp_reduce(double x, double x_lo, const Constants& c) {
  const double k = std::nearbyint(x * c.inv_ln2_64);
  const DD p = two_prod(k, c.ln2_64[1]);
  DD r = add(DD{x - k * c.ln2_64[0], 0}, DD{-p.hi, -p.lo});
  r = add(r, DD{-k * c.ln2_64[2], 0});
  if (x_lo != 0) r = add(r, DD{x_lo, 0});
  return {static_cast<int>(k), r};
}

// exp(x + x_lo) for |x_lo| <= 2^-52 |x| (x_lo = 0 for exp itself).
CLC_DD_FMA DD exp_of(double x, double x_lo, const Constants& c) {
  const ExpReduced red = exp_reduce(x, x_lo, c);
  const DD r = red.r;
  double tail = c.exp_c[kExpTerms - 1].hi;
  for (int n = kExpTerms - 2; n >= kExpDoubleFrom; --n) tail = __builtin_fma(tail, r.hi, c.exp_c[n].hi);
  DD sum{tail, 0};
  for (int n = kExpDoubleFrom - 1; n >= 0; --n) sum = add(mul(sum, r), c.exp_c[n]);
  const int ki = red.k;
  const DD v = mul(c.two_to_j64[ki & 63], sum);
  const double scale = power_of_two(ki >> 6);  // floor(k / 64), within [-938, 1023]
  return {v.hi * scale, v.lo * scale};
}

// log_of's reduction, shared with the block form: x = 2^m * t, t * c[i] =
// 1 + u.
struct LogReduced {
  int m, i;
  DD u;
};
CLC_DD_FMA LogReduced log_reduce(double x, const Constants& c) {
  int m = 0;
  if (x < 0x1p-1022) {  // subnormal: scaled exactly into the normal range
    x *= 0x1p54;
    m = -54;
  }
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  m += static_cast<int>(bits >> 52) - 1023;
  uint64_t tb = (bits & 0xFFFFFFFFFFFFFull) | (uint64_t{1023} << 52);  // t in [1, 2)
  if ((bits & 0xFFFFFFFFFFFFFull) >= 0x6A09E667F3BCDull) {  // t >= sqrt(2): halve it
    tb -= uint64_t{1} << 52;
    ++m;
  }
  double t;
  std::memcpy(&t, &tb, 8);
  const int i = static_cast<int>(t * 256);
  // t * c = p + e exactly; p is within 2^-7 of 1, so p - 1 is exact, and
  // u = (p - 1) + e exactly as a double-double.
  const DD pe = two_prod(t, c.c[i]);
  return {m, i, two_sum(pe.hi - 1, pe.lo)};
}

CLC_DD_FMA DD log_of(double x, const Constants& c) {
  const LogReduced red = log_reduce(x, c);
  const DD u = red.u;
  double tail = c.log_c[kLogTerms - 1].hi;
  for (int n = kLogTerms - 2; n >= kLogDoubleFrom; --n) tail = __builtin_fma(tail, u.hi, c.log_c[n].hi);
  DD sum{tail, 0};
  for (int n = kLogDoubleFrom - 1; n >= 0; --n) sum = add(mul(sum, u), c.log_c[n]);
  const DD log1p_u = mul(sum, u);
  // m ln2 - log c + log1p(u): with m != 0, |m ln2| >= 0.69 dominates
  // |log c| <= 0.35 and |log1p(u)| < 2^-7.9, so the sums do not cancel;
  // with m = 0, -log c and log(t) have one sign and log1p(u) is at most
  // half of |log t| (|log t| >= 2^-7 unless c = 1, where log c = 0 and the
  // result is log1p(u) alone).
  const DD head = add(mul(DD{static_cast<double>(red.m), 0}, c.ln2), c.minus_log_c[red.i]);
  return add(head, log1p_u);
}

// The block forms' polynomials run kGroups vectors of four values at
// once, to fill the latency of each one's Horner steps; each lane gets the
// one-value form's bits (double_double_avx2.hpp).
constexpr size_t kGroups = 4;

// A value's reduction as the block forms pack it: two double-doubles and a
// double, whose meaning is the function's (below).
struct Packed {
  DD a, b;
  double s;
};

// log_of after the reduction: U = t c - 1, MINUS_LOG_C = -log c, M the
// power of two's exponent.
CLC_DD_AVX2 void log_lanes(const DD4* u, const DD4* minus_log_c, const V4* m, DD4* out, const Constants& c) {
  const auto coefficient = [](const DD& v) CLC_DD_AVX2 { return DD4{dd::broadcast4(v.hi), dd::broadcast4(v.lo)}; };
  DD4 sum[kGroups];
  for (size_t g = 0; g < kGroups; ++g) {
    V4 tail = dd::broadcast4(c.log_c[kLogTerms - 1].hi);
    for (int n = kLogTerms - 2; n >= kLogDoubleFrom; --n) tail = fma4(tail, u[g].hi, dd::broadcast4(c.log_c[n].hi));
    sum[g] = {tail, dd::broadcast4(0)};
  }
  for (int n = kLogDoubleFrom - 1; n >= 0; --n)
    for (size_t g = 0; g < kGroups; ++g) sum[g] = add4(mul4(sum[g], u[g]), coefficient(c.log_c[n]));
  for (size_t g = 0; g < kGroups; ++g) {
    const DD4 log1p_u = mul4(sum[g], u[g]);
    const DD4 head = add4(mul4(DD4{m[g], dd::broadcast4(0)}, coefficient(c.ln2)), minus_log_c[g]);
    out[g] = add4(head, log1p_u);
  }
}

// exp_of after the reduction: R the reduced argument, T 2^(j/64), S the
// power of two 2^floor(k/64).
CLC_DD_AVX2 void exp_lanes(const DD4* r, const DD4* t, const V4* s, DD4* out, const Constants& c) {
  const auto coefficient = [](const DD& v) CLC_DD_AVX2 { return DD4{dd::broadcast4(v.hi), dd::broadcast4(v.lo)}; };
  DD4 sum[kGroups];
  for (size_t g = 0; g < kGroups; ++g) {
    V4 tail = dd::broadcast4(c.exp_c[kExpTerms - 1].hi);
    for (int n = kExpTerms - 2; n >= kExpDoubleFrom; --n) tail = fma4(tail, r[g].hi, dd::broadcast4(c.exp_c[n].hi));
    sum[g] = {tail, dd::broadcast4(0)};
  }
  for (int n = kExpDoubleFrom - 1; n >= 0; --n)
    for (size_t g = 0; g < kGroups; ++g) sum[g] = add4(mul4(sum[g], r[g]), coefficient(c.exp_c[n]));
  for (size_t g = 0; g < kGroups; ++g) {
    const DD4 v = mul4(t[g], sum[g]);
    out[g] = {v.hi * s[g], v.lo * s[g]};
  }
}

// What TAKE says of a value: the tier refuses it, answers it at once, or
// packs its reduction for the polynomial.
enum class Take { kRefused, kAnswered, kPacked };
using Lanes = void (*)(const DD4*, const DD4*, const V4*, DD4*, const Constants&);

// A block form: TAKE(x, &hi, &lo, &packed) for each value, then LANES on
// the packed values 4 kGroups at a time (the others need no polynomial: a
// stratified sweep's negative arguments of log, half of them, and exp's
// beyond its range or below 2^-60, all but about one in thirty).
template <class TakeFn>
CLC_DD_AVX2 void packed_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, TakeFn take, Lanes lanes,
                             const Constants& c) {
  constexpr size_t kBlock = 64, kStep = 4 * kGroups;
  alignas(32) double a_hi[kBlock + kStep], a_lo[kBlock + kStep], b_hi[kBlock + kStep], b_lo[kBlock + kStep],
      s[kBlock + kStep], v_hi[kBlock + kStep], v_lo[kBlock + kStep];
  size_t index[kBlock];
  for (size_t b = 0; b < n; b += kBlock) {
    size_t m = 0;
    for (size_t i = b; i < b + kBlock && i < n; ++i) {
      Packed p;
      const Take t = take(x[i], &hi[i], &lo[i], &p);
      vouched[i] = t != Take::kRefused;
      if (t != Take::kPacked) continue;
      a_hi[m] = p.a.hi;
      a_lo[m] = p.a.lo;
      b_hi[m] = p.b.hi;
      b_lo[m] = p.b.lo;
      s[m] = p.s;
      index[m++] = i;
    }
    for (size_t j = m; j % kStep != 0; ++j) a_hi[j] = a_lo[j] = b_hi[j] = b_lo[j] = s[j] = 0;  // whole last groups
    for (size_t j = 0; j < m; j += kStep) {
      DD4 a[kGroups], bv[kGroups], v[kGroups];
      V4 sv[kGroups];
      for (size_t g = 0; g < kGroups; ++g) {
        a[g] = {dd::load4(a_hi + j + 4 * g), dd::load4(a_lo + j + 4 * g)};
        bv[g] = {dd::load4(b_hi + j + 4 * g), dd::load4(b_lo + j + 4 * g)};
        sv[g] = dd::load4(s + j + 4 * g);
      }
      lanes(a, bv, sv, v, c);
      for (size_t g = 0; g < kGroups; ++g) {
        dd::store4(v_hi + j + 4 * g, v[g].hi);
        dd::store4(v_lo + j + 4 * g, v[g].lo);
      }
    }
    for (size_t j = 0; j < m; ++j) {
      hi[index[j]] = v_hi[j];
      lo[index[j]] = v_lo[j];
    }
  }
}

CLC_DD_AVX2 void log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, const Constants& c) {
  const auto take = [&c](double v, double*, double*, Packed* p) CLC_DD_AVX2 {
    if (!(v > 0 && std::isfinite(v))) return Take::kRefused;
    const LogReduced red = log_reduce(v, c);
    *p = {red.u, c.minus_log_c[red.i], static_cast<double>(red.m)};
    return Take::kPacked;
  };
  packed_many(x, n, hi, lo, vouched, take, log_lanes, c);
}

CLC_DD_AVX2 void exp_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, const Constants& c) {
  const auto take = [&c](double v, double* h, double* l, Packed* p) CLC_DD_AVX2 {
    if (!(v >= -650 && v <= 709)) return Take::kRefused;
    if (std::fabs(v) < 0x1p-60) {  // dd_exp's 1 + x
      *h = 1;
      *l = v;
      return Take::kAnswered;
    }
    const ExpReduced red = exp_reduce(v, 0, c);
    *p = {red.r, c.two_to_j64[red.k & 63], power_of_two(red.k >> 6)};
    return Take::kPacked;
  };
  packed_many(x, n, hi, lo, vouched, take, exp_lanes, c);
}

// pow(x, y) = exp(y log x) for x > 0: log x within 2^-97 of itself, so
// t = y log x (one double-double product, 2^-104) is within |t| 2^-96.9
// of y log x, and exp(t) within |t| 2^-96.9 + 2^-97 of the real pow:
// below 2^-86 for |t| <= 709.
CLC_DD_FMA bool pow_of(double x, double y, const Constants& c, DD* out) {
  const DD l = log_of(x, c);
  const DD t = mul(DD{y, 0}, l);
  if (!(t.hi >= -650 && t.hi <= 709)) return false;
  if (std::fabs(t.hi) < 0x1p-60) {  // exp(t) = 1 + t: the rest below 2^-120
    *out = fast_two_sum(1, t.hi);
    return true;
  }
  *out = exp_of(t.hi, t.lo, c);
  return true;
}

}  // namespace

bool dd_pow(double x, double y, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x > 0) || !std::isfinite(x) || !std::isfinite(y)) return false;
  DD v;
  if (!pow_of(x, y, constants(), &v)) return false;
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

bool dd_exp(double x, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x >= -650 && x <= 709)) return false;
  if (std::fabs(x) < 0x1p-60) {  // exp(x) = 1 + x + x^2/2 + ...: the rest is below 2^-120
    *hi = 1;
    *lo = x;
    return true;
  }
  const DD v = exp_of(x, 0, constants());
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

void dd_exp_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx2_fma()) return exp_many(x, n, hi, lo, vouched, constants());
  for (size_t i = 0; i < n; ++i) vouched[i] = dd_exp(x[i], &hi[i], &lo[i]);
}

void dd_log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx2_fma()) return log_many(x, n, hi, lo, vouched, constants());
  for (size_t i = 0; i < n; ++i) vouched[i] = dd_log(x[i], &hi[i], &lo[i]);
}

bool dd_log(double x, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x > 0) || !std::isfinite(x)) return false;
  const DD v = log_of(x, constants());
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

}  // namespace clconform::ref::math
