#include "math_inputs_fp64.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "reference/fp_bits.hpp"

namespace clconform::suites::math {
namespace {

using ref::Double;

constexpr uint64_t kSign = Double::sign_mask;
constexpr long double kPi = 3.141592653589793238462643383279502884L;
constexpr long double kLn2 = 0.693147180559945309417232121458176568L;
// log(DBL_MAX), from the host's long double log (an input, not an answer).
const long double kLogMax = std::log(static_cast<long double>(1.7976931348623157e308));

uint64_t bits_of(double d) { return ref::to_bits(d); }

// The double nearest V and its neighbours up to K ulps away, both signs.
void around(std::vector<uint64_t>& out, long double v, int k) {
  const uint64_t b = bits_of(double(v)) & ~kSign;
  for (int d = -k; d <= k; ++d) {
    const int64_t n = int64_t(b) + d;
    if (n < 0 || uint64_t(n) > Double::max_finite_bits) continue;
    out.push_back(uint64_t(n));
    out.push_back(uint64_t(n) | kSign);
  }
}

std::vector<uint64_t> specials() {
  std::vector<uint64_t> v = {0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000001, 0x7FF4000000000005,
                             0xFFFFFFFFFFFFFFFF, 0x7FF8000000001234};
  for (uint64_t m : {uint64_t(0), Double::infinity_bits, uint64_t(1), uint64_t(2), uint64_t(3), uint64_t(0x123456789),
                     Double::quiet_bit, Double::mantissa_mask - 1, Double::mantissa_mask, Double::min_normal_bits,
                     Double::min_normal_bits + 1, Double::max_finite_bits, Double::max_finite_bits - 1,
                     Double::one_bits})
    v.insert(v.end(), {m, m | kSign});
  return v;
}

std::vector<uint64_t> binade_ends() {
  std::vector<uint64_t> v;
  for (uint64_t e = 1; e <= 2046; ++e)
    for (uint64_t m : {uint64_t(0), uint64_t(1), Double::mantissa_mask})
      v.insert(v.end(), {e << 52 | m, e << 52 | m | kSign});
  return v;
}

std::vector<uint64_t> near_unit() {
  std::vector<uint64_t> v;
  for (long double x : {1.0L, 0.5L, 2.0L}) around(v, x, 8);
  return v;
}

// Doubles nearest k * pi / 2, small k and every power of two up to the
// largest double, where argument reduction loses the most, and the
// published hard cases.
std::vector<uint64_t> trig() {
  std::vector<uint64_t> v;
  for (int k = 1; k <= 512; ++k) around(v, k * kPi / 2, 1);
  for (int j = 10; j <= 1023; ++j) around(v, std::ldexp(kPi / 2, j), 1);
  for (uint64_t b : hard_trig_doubles()) {
    around(v, ref::double_from_bits(b), 1);
  }
  return v;
}

std::vector<uint64_t> halves() {
  std::vector<uint64_t> v;
  for (int n = 0; n <= 64; ++n) {
    around(v, n, n < 8 ? 1 : 0);
    around(v, n + 0.5L, n < 8 ? 1 : 0);
    around(v, n + 0.25L, 0);
    around(v, n + 0.75L, 0);
  }
  // Where doubles stop having fractions (2^52), and stop being odd (2^53).
  for (int j = 7; j <= 54; ++j) {
    const long double p = std::ldexp(1.0L, j);
    around(v, p, 2);
    if (j < 53) around(v, p + 0.5L, 1), around(v, p - 0.5L, 1);
  }
  return v;
}

// Thresholds of B^x: overflow, the smallest normal result, the smallest
// subnormal, rounding to zero, and 2^-53.
std::vector<uint64_t> exp_thresholds(long double base) {
  std::vector<uint64_t> v;
  const long double lb = std::log(base);
  for (long double target : {kLogMax, -1022 * kLn2, -1074 * kLn2, -1075 * kLn2, -53 * kLn2}) around(v, target / lb, 3);
  for (int j = -60; j <= -10; j += 5) around(v, std::ldexp(1.0L, j), 1);
  return v;
}

std::vector<uint64_t> hyperbolic() {
  std::vector<uint64_t> v;
  for (long double t : {kLogMax, kLogMax + kLn2, 710.0L}) around(v, t, 3);
  for (int j : {-28, -27, -26, -25, -12}) around(v, std::ldexp(1.0L, j), 2);
  return v;
}

// Bisection on the host's lgammal for where it crosses TARGET between LO
// and HI (inputs near a threshold, not answers).
long double solve(long double lo, long double hi, long double target, bool rising) {
  for (int i = 0; i < 200; ++i) {
    const long double mid = (lo + hi) / 2;
    ((std::lgamma(mid) < target) == rising ? lo : hi) = mid;
  }
  return lo;
}

// Poles (negative integers) and their neighbours, half-integers, the zeros
// of lgamma (1, 2, and the pairs between negative integers where
// |gamma| = 1), and where tgamma and lgamma overflow.
std::vector<uint64_t> gamma() {
  std::vector<uint64_t> v;
  for (int k = 1; k <= 184; k += (k < 40 ? 1 : 9)) {
    const uint64_t b = bits_of(double(-k));
    for (uint64_t d : {1u, 2u}) v.insert(v.end(), {b + d, b - d});
    around(v, -k - 0.5L, 0);
  }
  around(v, 1, 4);
  around(v, 2, 4);
  for (int k = 2; k <= 5; ++k) {
    // lgamma on (-k-1, -k) has one minimum; below zero there, two zeros.
    long double lo = -k - 1, hi = -k;
    for (int i = 0; i < 200; ++i) {
      const long double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
      (std::lgamma(m1) < std::lgamma(m2) ? hi : lo) = (std::lgamma(m1) < std::lgamma(m2) ? m2 : m1);
    }
    if (std::lgamma(lo) >= 0) continue;
    around(v, solve(-k - 1 + 1e-18L, lo, 0, false), 2);
    around(v, solve(lo, -k - 1e-18L, 0, true), 2);
  }
  around(v, solve(2, 200, kLogMax, true), 3);                       // tgamma(x) = DBL_MAX near 171.62
  around(v, solve(1e300L, 1e307L, 1.7976931348623157e308L, true), 3);  // lgamma(x) = DBL_MAX near 2.55e305
  return v;
}

std::vector<uint64_t> core() {
  std::vector<uint64_t> v = {0x7FF8000000000000, 0xFFF8000000000001, 0x7FF0000000000001};
  for (double d : {0.0, 1.0, 0.5, 2.0, 1.5, 3.0, 0x1.0000000000001p0, 0x1.fffffffffffffp-1, 3.141592653589793,
                   0x1p-64, 0x1p64, 100.5, 0x1p52 + 1, 1e300, 1e-300})
    v.insert(v.end(), {bits_of(d), bits_of(d) | kSign});
  for (uint64_t m : {Double::infinity_bits, uint64_t(1), Double::mantissa_mask, Double::min_normal_bits,
                     Double::max_finite_bits})
    v.insert(v.end(), {m, m | kSign});
  return v;
}

void add_set(std::vector<uint64_t>& v, const std::string& set) {
  std::vector<uint64_t> s;
  if (set == "trig") s = trig();
  else if (set == "halves") s = halves();
  else if (set == "unit") s = near_unit();
  else if (set == "exp:e") s = exp_thresholds(std::exp(1.0L));
  else if (set == "exp:2") s = exp_thresholds(2);
  else if (set == "exp:10") s = exp_thresholds(10);
  else if (set == "hyper") s = hyperbolic();
  else if (set == "gamma") s = gamma();
  else if (set.rfind("int:", 0) == 0) return;
  else throw std::runtime_error("math inputs: unknown edge set '" + set + "'");
  v.insert(v.end(), s.begin(), s.end());
}

std::vector<uint64_t> unique(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

const std::vector<uint64_t>& hard_trig_doubles() {
  // 6381956970095103 * 2^797 (0x1.6ac5b262ca1ffp+849): the double closest
  // to a multiple of pi/2, found by Kahan and McDonald and used in Muller,
  // "Elementary Functions" (chapter on argument reduction) as the worst
  // case of double argument reduction; 0x1.37ffffffffa9bp+659: the argument
  // at which the Khronos CTS reported sin at 2.52 ulp on an NVIDIA driver
  // (a number taken from that report, no data copied). Facts, not code.
  static const std::vector<uint64_t> v = {bits_of(6381956970095103.0 * 0x1p797), bits_of(0x1.37ffffffffa9bp+659)};
  return v;
}

std::vector<uint64_t> double_edges(const std::vector<std::string>& sets) {
  std::vector<uint64_t> v = specials();
  const auto b = binade_ends();
  v.insert(v.end(), b.begin(), b.end());
  for (const auto& s : sets) add_set(v, s);
  return unique(v);
}

std::vector<uint64_t> double_cross_edges(const std::vector<std::string>& sets) {
  std::vector<uint64_t> extra;
  for (const auto& s : sets) add_set(extra, s);
  extra = unique(extra);
  std::vector<uint64_t> v = core();
  const size_t step = std::max<size_t>(1, extra.size() / 64);
  for (size_t i = 0; i < extra.size(); i += step) v.push_back(extra[i]);
  return unique(v);
}

std::vector<uint64_t> ulong_edges() {
  return {0, 1, 2, 0x7FFFFFFFFFFFF, 0x8000000000000, 0xFFFFFFFFFFFFF, 0x10000000000000, 0x8000000000000000,
          0xFFFFFFFFFFFFFFFF, 0x12345};
}

}  // namespace clconform::suites::math
