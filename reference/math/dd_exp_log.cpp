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
using dd::negate;
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
  DD ln10{0, 0}, inv_ln2{0, 0}, inv_ln10{0, 0};  // exp2, exp10, log2 and log10's scales
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
    mpfr_ui_div(w, 1, v, MPFR_RNDN);
    inv_ln2 = from_mpfr(w);
    mpfr_set_ui(w, 10, MPFR_RNDN);
    mpfr_log(w, w, MPFR_RNDN);
    ln10 = from_mpfr(w);
    mpfr_ui_div(w, 1, w, MPFR_RNDN);
    inv_ln10 = from_mpfr(w);
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
  DD r = add(DD{x - k * c.ln2_64[0], 0}, negate(p));
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

// The reductions of one block's values that need the polynomial, packed
// one after the other (with room for a whole last step of kGroups fours),
// and the values they belong to.
constexpr size_t kPackBlock = 64, kStep = 4 * kGroups;
struct PackedBlock {
  alignas(32) double a_hi[kPackBlock + kStep], a_lo[kPackBlock + kStep], b_hi[kPackBlock + kStep],
      b_lo[kPackBlock + kStep], s[kPackBlock + kStep];
  size_t index[kPackBlock];
  size_t m = 0;
  CLC_DD_AVX2 void push(size_t i, const Packed& p) {
    a_hi[m] = p.a.hi;
    a_lo[m] = p.a.lo;
    b_hi[m] = p.b.hi;
    b_lo[m] = p.b.lo;
    s[m] = p.s;
    index[m++] = i;
  }
};

// A block form: PACK(x, b, e, &hi, &lo, &vouched, &packed) settles the
// values [b, e) (refused, or answered at once) and packs the others'
// reductions; LANES then evaluates those 4 kGroups at a time (the others
// need no polynomial: a stratified sweep's negative arguments of log, half
// of them, and exp's beyond its range or below 2^-60, all but about one in
// thirty).
template <class PackFn>
CLC_DD_AVX2 void packed_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, PackFn pack, Lanes lanes,
                             const Constants& c) {
  PackedBlock pb;
  alignas(32) double v_hi[kPackBlock + kStep], v_lo[kPackBlock + kStep];
  for (size_t b = 0; b < n; b += kPackBlock) {
    pb.m = 0;
    pack(x, b, std::min(n, b + kPackBlock), hi, lo, vouched, pb);
    const size_t m = pb.m;
    for (size_t j = m; j % kStep != 0; ++j) pb.a_hi[j] = pb.a_lo[j] = pb.b_hi[j] = pb.b_lo[j] = pb.s[j] = 0;  // whole last groups
    for (size_t j = 0; j < m; j += kStep) {
      DD4 a[kGroups], bv[kGroups], v[kGroups];
      V4 sv[kGroups];
      for (size_t g = 0; g < kGroups; ++g) {
        a[g] = {dd::load4(pb.a_hi + j + 4 * g), dd::load4(pb.a_lo + j + 4 * g)};
        bv[g] = {dd::load4(pb.b_hi + j + 4 * g), dd::load4(pb.b_lo + j + 4 * g)};
        sv[g] = dd::load4(pb.s + j + 4 * g);
      }
      lanes(a, bv, sv, v, c);
      for (size_t g = 0; g < kGroups; ++g) {
        dd::store4(v_hi + j + 4 * g, v[g].hi);
        dd::store4(v_lo + j + 4 * g, v[g].lo);
      }
    }
    for (size_t j = 0; j < m; ++j) {
      hi[pb.index[j]] = v_hi[j];
      lo[pb.index[j]] = v_lo[j];
    }
  }
}

// A packing function of TAKE, one value at a time.
template <class TakeFn>
CLC_DD_AVX2 auto pack_each(TakeFn take) {
  return [take](const double* x, size_t b, size_t e, double* hi, double* lo, bool* vouched, PackedBlock& pb)
             CLC_DD_AVX2 {
    for (size_t i = b; i < e; ++i) {
      Packed p;
      const Take t = take(x[i], &hi[i], &lo[i], &p);
      vouched[i] = t != Take::kRefused;
      if (t == Take::kPacked) pb.push(i, p);
    }
  };
}

// Where a lane of four is set in BITS, its 64-bit lane moves to the front,
// in order: _mm256_permutevar8x32 indices (two 32-bit halves per lane).
struct Compress {
  alignas(32) int32_t order[16][8];
  constexpr Compress() : order() {
    for (int bits = 0; bits < 16; ++bits) {
      int k = 0;
      for (int lane = 0; lane < 4; ++lane)
        if (bits >> lane & 1) {
          order[bits][2 * k] = 2 * lane;
          order[bits][2 * k + 1] = 2 * lane + 1;
          ++k;
        }
      for (; k < 4; ++k) order[bits][2 * k] = order[bits][2 * k + 1] = 0;
    }
  }
};
constexpr Compress kCompress;

// Four doubles of TABLE at the indices I (scaled by 8 bytes). The masked
// form, with every lane on: the plain one reads an undefined source that
// GCC 12 warns of.
CLC_DD_AVX2 __m256d gather4(const double* table, __m128i i) {
  return _mm256_mask_i32gather_pd(_mm256_setzero_pd(), table, i, _mm256_castsi256_pd(_mm256_set1_epi64x(-1)), 8);
}

// log_reduce of four positive finite values at once, with its operations
// (so its bits): x = 2^m t, t c[i] = 1 + u.
CLC_DD_AVX2 void log_reduce4(__m256d x, const Constants& c, DD4* u, DD4* minus_log_c, V4* m) {
  const __m256d subnormal = _mm256_cmp_pd(x, _mm256_set1_pd(0x1p-1022), _CMP_LT_OQ);
  const __m256i bits = _mm256_castpd_si256(_mm256_blendv_pd(x, _mm256_mul_pd(x, _mm256_set1_pd(0x1p54)), subnormal));
  const __m256i mantissa = _mm256_and_si256(bits, _mm256_set1_epi64x(0xFFFFFFFFFFFFFll));
  const __m256i halved = _mm256_cmpgt_epi64(mantissa, _mm256_set1_epi64x(0x6A09E667F3BCCll));  // t >= sqrt(2)
  __m256i e = _mm256_sub_epi64(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(1023));
  e = _mm256_add_epi64(e, _mm256_and_si256(_mm256_castpd_si256(subnormal), _mm256_set1_epi64x(-54)));
  e = _mm256_sub_epi64(e, halved);  // halved is -1: one more
  const __m256i tb = _mm256_sub_epi64(_mm256_or_si256(mantissa, _mm256_set1_epi64x(1023ll << 52)),
                                      _mm256_and_si256(halved, _mm256_set1_epi64x(1ll << 52)));
  const V4 t = reinterpret_cast<V4>(_mm256_castsi256_pd(tb));
  const __m128i i = _mm256_cvttpd_epi32(_mm256_mul_pd(reinterpret_cast<__m256d>(t), _mm256_set1_pd(256)));
  const V4 ci = reinterpret_cast<V4>(gather4(c.c, i));
  const V4 p = t * ci;
  const V4 err = dd::fma4(t, ci, -p);
  *u = dd::two_sum4(p - dd::broadcast4(1), err);
  const __m128i i2 = _mm_add_epi32(i, i);  // DD entries: two doubles each
  const double* table = &c.minus_log_c[0].hi;
  *minus_log_c = {reinterpret_cast<V4>(gather4(table, i2)), reinterpret_cast<V4>(gather4(table + 1, i2))};
  const __m128i e32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(e, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
  *m = reinterpret_cast<V4>(_mm256_cvtepi32_pd(e32));
}

CLC_DD_AVX2 void log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, const Constants& c) {
  const auto take = [&c](double v, double*, double*, Packed* p) CLC_DD_AVX2 {
    if (!(v > 0 && std::isfinite(v))) return Take::kRefused;
    const LogReduced red = log_reduce(v, c);
    *p = {red.u, c.minus_log_c[red.i], static_cast<double>(red.m)};
    return Take::kPacked;
  };
  // Four at a time: the positive finite values reduced together and
  // packed to the front (kCompress), the rest refused; the last one to
  // three as take does them.
  const auto one_by_one = pack_each(take);
  const auto pack = [&](const double* xs, size_t b, size_t e, double* h, double* l, bool* ok, PackedBlock& pb)
                        CLC_DD_AVX2 {
    size_t i = b;
    for (; i + 4 <= e; i += 4) {
      const __m256d v = _mm256_loadu_pd(xs + i);
      const __m256d positive = _mm256_and_pd(_mm256_cmp_pd(v, _mm256_setzero_pd(), _CMP_GT_OQ),
                                             _mm256_cmp_pd(v, _mm256_set1_pd(HUGE_VAL), _CMP_LT_OQ));
      const unsigned bits = unsigned(_mm256_movemask_pd(positive));
      const uint32_t flags = dd::byte_per_bit(bits);  // bools, one byte each
      std::memcpy(ok + i, &flags, 4);
      if (bits == 0) continue;
      DD4 u, mlc;
      V4 mv;
      log_reduce4(_mm256_blendv_pd(_mm256_set1_pd(1), v, positive), c, &u, &mlc, &mv);
      const __m256i order = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.order[bits]));
      const auto put = [&](double* dst, V4 w) CLC_DD_AVX2 {
        _mm256_storeu_pd(dst + pb.m, _mm256_castsi256_pd(_mm256_permutevar8x32_epi32(
                                         _mm256_castpd_si256(reinterpret_cast<__m256d>(w)), order)));
      };
      put(pb.a_hi, u.hi);
      put(pb.a_lo, u.lo);
      put(pb.b_hi, mlc.hi);
      put(pb.b_lo, mlc.lo);
      put(pb.s, mv);
      for (unsigned left = bits; left != 0; left &= left - 1) pb.index[pb.m++] = i + size_t(__builtin_ctz(left));
    }
    one_by_one(xs, i, e, h, l, ok, pb);
  };
  packed_many(x, n, hi, lo, vouched, pack, log_lanes, c);
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
  packed_many(x, n, hi, lo, vouched, pack_each(take), exp_lanes, c);
}

// exp(t) for pow_of and root_of, within |t| 2^-96.9 + 2^-97 of the real
// value when t is within |t| 2^-96.9 of the exponent; false outside exp's
// range.
CLC_DD_FMA bool exp_of_exponent(DD t, const Constants& c, DD* out) {
  if (!(t.hi >= -650 && t.hi <= 709)) return false;
  if (std::fabs(t.hi) < 0x1p-60) {  // exp(t) = 1 + t: the rest below 2^-120
    *out = fast_two_sum(1, t.hi);
    return true;
  }
  *out = exp_of(t.hi, t.lo, c);
  return true;
}

// pow(x, y) = exp(y log x) for x > 0: log x within 2^-97 of itself, so
// t = y log x (one double-double product, 2^-104) is within |t| 2^-96.9
// of y log x, and exp(t) within |t| 2^-96.9 + 2^-97 of the real pow:
// below 2^-86 for |t| <= 709.
CLC_DD_FMA bool pow_of(double x, double y, const Constants& c, DD* out) {
  return exp_of_exponent(mul(DD{y, 0}, log_of(x, c)), c, out);
}

// rootn(x, n) = exp(log(x) / n) for x > 0: the quotient of log x (within
// 2^-97) by n is one double-double division (about 2^-102), so t is within
// |t| 2^-96.9 of log(x) / n and exp(t) within pow_of's bound.
CLC_DD_FMA bool root_of(double x, double n, const Constants& c, DD* out) {
  return exp_of_exponent(divide(log_of(x, c), DD{n, 0}), c, out);
}

}  // namespace

bool dd_rootn(double x, int n, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x > 0) || !std::isfinite(x) || n == 0) return false;
  DD v;
  if (!root_of(x, n, constants(), &v)) return false;
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

bool dd_pow(double x, double y, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x > 0) || !std::isfinite(x) || !std::isfinite(y)) return false;
  DD v;
  if (!pow_of(x, y, constants(), &v)) return false;
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

// exp(x + x_lo) for -650 <= x <= 709 and |x_lo| <= 2^-52 |x|: dd_exp's
// value, and exp2's and exp10's of their double-double arguments.
static CLC_DD_FMA bool exp_dd(double x, double x_lo, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x >= -650 && x <= 709)) return false;
  if (std::fabs(x) < 0x1p-60) {  // exp(x) = 1 + x + x^2/2 + ...: the rest is below 2^-120
    *hi = 1;
    *lo = x;
    return true;
  }
  const DD v = exp_of(x, x_lo, constants());
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

bool dd_exp(double x, double* hi, double* lo) { return exp_dd(x, 0, hi, lo); }
bool dd_exp_dd(double x, double x_lo, double* hi, double* lo) { return exp_dd(x, x_lo, hi, lo); }

void dd_exp_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx2_fma()) return exp_many(x, n, hi, lo, vouched, constants());
  for (size_t i = 0; i < n; ++i) vouched[i] = dd_exp(x[i], &hi[i], &lo[i]);
}

void dd_log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx2_fma()) return log_many(x, n, hi, lo, vouched, constants());
  for (size_t i = 0; i < n; ++i) vouched[i] = dd_log(x[i], &hi[i], &lo[i]);
}

void dd_many_with_log(WithLog with, double (*argument)(double), const double* x, size_t n, double* hi, double* lo,
                      bool* vouched) {
  constexpr size_t kChunk = 64;
  double arg[kChunk], l_hi[kChunk], l_lo[kChunk];
  bool l_ok[kChunk], takes[kChunk];
  for (size_t b = 0; b < n; b += kChunk) {
    const size_t m = n - b < kChunk ? n - b : kChunk;
    size_t packed = 0;
    for (size_t i = 0; i < m; ++i) {
      arg[packed] = argument(x[b + i]);
      takes[i] = arg[packed] != 0;
      packed += takes[i];
    }
    dd_log_many(arg, packed, l_hi, l_lo, l_ok);
    for (size_t i = 0, j = 0; i < m; ++i) {
      const bool logged = takes[i] && l_ok[j];
      const DD l{takes[i] ? l_hi[j] : 0, takes[i] ? l_lo[j] : 0};
      j += takes[i];
      vouched[b + i] = with(x[b + i], logged ? &l : nullptr, &hi[b + i], &lo[b + i]);
    }
  }
}

bool dd_log(double x, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x > 0) || !std::isfinite(x)) return false;
  const DD v = log_of(x, constants());
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

namespace {

CLC_DD_FMA bool log_in_base(double x, DD inv_ln_base, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(x > 0) || !std::isfinite(x)) return false;
  const DD v = mul(log_of(x, constants()), inv_ln_base);
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

// exp(x ln b), its argument t = x ln b a double-double.
CLC_DD_FMA bool exp_in_base(double x, DD ln_base, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !std::isfinite(x)) return false;
  const DD t = mul(DD{x, 0}, ln_base);
  return exp_dd(t.hi, t.lo, hi, lo);
}

}  // namespace

bool dd_log2(double x, double* hi, double* lo) { return log_in_base(x, constants().inv_ln2, hi, lo); }
bool dd_log10(double x, double* hi, double* lo) { return log_in_base(x, constants().inv_ln10, hi, lo); }
bool dd_exp2(double x, double* hi, double* lo) { return exp_in_base(x, constants().ln2, hi, lo); }
bool dd_exp10(double x, double* hi, double* lo) { return exp_in_base(x, constants().ln10, hi, lo); }

}  // namespace clconform::ref::math
