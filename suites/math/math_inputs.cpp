#include "math_inputs.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <stdexcept>

#include "inputs.hpp"  // harness: counter_bits
#include "math_inputs_fp64.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/avx512_diagnostics.hpp"

namespace clconform::suites::math {
namespace {

// Whether this CPU has AVX-512 with 64-bit products (DQ); not where
// CLCONFORM_NO_AVX512 is set (the reference's block code reads it too).
bool cpu_has_avx512dq() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                          std::getenv("CLCONFORM_NO_AVX512") == nullptr;
  return has;
}

CLC_AVX512_CODE_BEGIN
// InputPlan::random_doubles' walk over lanes [K0, K0 + N / 8 * 8) past the
// fixed lanes, eight at a time, from the hash's counter Z of lane K0 (the
// same integer operations, so the same bits); returns N / 8 * 8.
__attribute__((target("avx512f,avx512dq"))) size_t random_doubles8(uint64_t z, uint64_t k0, size_t n, uint64_t* out) {
  const size_t whole = n / 8 * 8;
  if (whole == 0) return 0;
  alignas(64) uint64_t first_exponent[8], sign[8];
  for (uint64_t j = 0; j < 8; ++j) {
    first_exponent[j] = ((k0 + j) >> 1) % 2047;
    sign[j] = (k0 + j) << 63;  // alternates, so the same for every eight lanes
  }
  __m512i exponent = _mm512_load_si512(first_exponent);
  const __m512i signs = _mm512_load_si512(sign);
  __m512i counter = _mm512_add_epi64(_mm512_set1_epi64(int64_t(z)),
                                     _mm512_mullo_epi64(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
                                                        _mm512_set1_epi64(int64_t(4 * kCounterStep))));
  const __m512i step = _mm512_set1_epi64(int64_t(8 * 4 * kCounterStep));
  const __m512i m1 = _mm512_set1_epi64(int64_t(0xBF58476D1CE4E5B9ull)), m2 = _mm512_set1_epi64(int64_t(0x94D049BB133111EBull));
  const __m512i mantissa = _mm512_set1_epi64(int64_t(ref::Double::mantissa_mask));
  const __m512i fields = _mm512_set1_epi64(2047), four = _mm512_set1_epi64(4);
  const bool aligned = reinterpret_cast<uintptr_t>(out) % 64 == 0;
  for (size_t i = 0; i < whole; i += 8) {
    // counter_mix, lane by lane.
    __m512i v = _mm512_mullo_epi64(_mm512_xor_si512(counter, _mm512_srli_epi64(counter, 30)), m1);
    v = _mm512_mullo_epi64(_mm512_xor_si512(v, _mm512_srli_epi64(v, 27)), m2);
    v = _mm512_xor_si512(v, _mm512_srli_epi64(v, 31));
    const __m512i bits = _mm512_or_si512(_mm512_or_si512(signs, _mm512_slli_epi64(exponent, 52)), _mm512_and_si512(v, mantissa));
    // Streamed past the caches where aligned: the device's upload reads
    // them from memory, and a store that first reads its line would cost
    // the fill twice the memory traffic.
    if (aligned) _mm512_stream_si512(reinterpret_cast<__m512i*>(out + i), bits);
    else _mm512_storeu_si512(out + i, bits);
    counter = _mm512_add_epi64(counter, step);
    exponent = _mm512_add_epi64(exponent, four);
    exponent = _mm512_mask_sub_epi64(exponent, _mm512_cmpge_epu64_mask(exponent, fields), exponent, fields);
  }
  if (aligned) _mm_sfence();  // streamed stores are ordered before whatever follows
  return whole;
}
CLC_AVX512_CODE_END

using ref::Float;

constexpr uint32_t kSign = Float::sign_mask;
constexpr long double kPi = 3.141592653589793238462643383279502884L;

uint32_t bits_of(float f) { return ref::to_bits(f); }

// The float nearest V and its neighbours up to K ulps away, both signs.
void around(std::vector<uint32_t>& out, long double v, int k) {
  const uint32_t b = bits_of(float(v)) & ~kSign;
  for (int d = -k; d <= k; ++d) {
    const int64_t n = int64_t(b) + d;
    if (n < 0 || n > int64_t(Float::max_finite_bits)) continue;
    out.push_back(uint32_t(n));
    out.push_back(uint32_t(n) | kSign);
  }
}

// Zeros, infinities, NaNs (quiet, signalling, with payloads), denormal and
// normal extremes, both signs.
std::vector<uint32_t> specials() {
  std::vector<uint32_t> v = {0x7FC00000, 0xFFC00000, 0x7F800001, 0x7FA00005, 0xFFFFFFFF, 0x7FC01234};
  for (uint32_t m : {0u, 0x7F800000u, 1u, 2u, 3u, 0x12345u, 0x400000u, 0x7FFFFEu, 0x7FFFFFu, 0x800000u, 0x800001u,
                     0x7F7FFFFFu, 0x7F7FFFFEu, 0x3F800000u})
    v.insert(v.end(), {m, m | kSign});
  return v;
}

// Each binade's first, second and last values, both signs.
std::vector<uint32_t> binade_ends() {
  std::vector<uint32_t> v;
  for (uint32_t e = 1; e <= 254; ++e) {
    for (uint32_t m : {0u, 1u, 0x7FFFFFu}) v.insert(v.end(), {e << 23 | m, e << 23 | m | kSign});
  }
  return v;
}

std::vector<uint32_t> near_unit() {
  std::vector<uint32_t> v;
  for (long double x : {1.0L, 0.5L, 2.0L}) around(v, x, 8);
  return v;
}

// Floats nearest k * pi / 2 and their neighbours: where argument reduction
// loses the most.
std::vector<uint32_t> trig() {
  std::vector<uint32_t> v;
  for (int k = 1; k <= 512; ++k) around(v, k * kPi / 2, 1);
  for (int j = 10; j <= 120; j += 5) around(v, std::ldexp(kPi / 2, j), 1);
  return v;
}

// Integers, half-integers and their neighbours; the binade where floats
// stop having fractions.
std::vector<uint32_t> halves() {
  std::vector<uint32_t> v;
  for (int n = 0; n <= 64; ++n) {
    around(v, n, n < 8 ? 1 : 0);
    around(v, n + 0.5L, n < 8 ? 1 : 0);
    around(v, n + 0.25L, 0);
    around(v, n + 0.75L, 0);
  }
  for (int j = 7; j <= 25; ++j) {
    const long double p = std::ldexp(1.0L, j);
    around(v, p, 2);
    if (j < 24) around(v, p + 0.5L, 1), around(v, p - 0.5L, 1);
  }
  return v;
}

// Thresholds of B^x: overflow, the smallest normal result, the smallest
// denormal result, and rounding to zero.
std::vector<uint32_t> exp_thresholds(long double base) {
  std::vector<uint32_t> v;
  const long double lb = std::log(base);
  for (long double target : {std::log(3.40282347e38L), -126 * std::log(2.0L), -149 * std::log(2.0L),
                             -150 * std::log(2.0L), std::log(2.0L) * -24})
    around(v, target / lb, 3);
  for (int j = -30; j <= -10; j += 4) around(v, std::ldexp(1.0L, j), 1);
  return v;
}

std::vector<uint32_t> hyperbolic() {
  std::vector<uint32_t> v;
  const long double lmax = std::log(3.40282347e38L);
  for (long double t : {lmax, lmax + std::log(2.0L), 88.0L}) around(v, t, 3);
  for (int j : {-12, -11, -10, -9}) around(v, std::ldexp(1.0L, j), 2);
  return v;
}

// Negative integers (poles) and their neighbours; where tgamma overflows and
// where lgamma does.
std::vector<uint32_t> gamma() {
  std::vector<uint32_t> v;
  for (int k = 1; k <= 40; ++k) {
    const uint32_t b = bits_of(float(-k));
    for (uint32_t d : {1u, 2u}) v.insert(v.end(), {b + d, b - d});
    around(v, -k - 0.5L, 0);
  }
  // tgamma(x) = FLT_MAX near x = 35.04; lgamma(x) = FLT_MAX near 4.08e36
  // (found by bisection on the host's lgamma: these are inputs, not answers).
  auto solve = [](long double lo, long double hi, long double target) {
    for (int i = 0; i < 200; ++i) {
      const long double mid = (lo + hi) / 2;
      (std::lgamma(mid) < target ? lo : hi) = mid;
    }
    return lo;
  };
  around(v, solve(2, 40, std::log(3.40282347e38L)), 3);
  around(v, solve(1e30L, 1e38L, 3.40282347e38L), 3);
  return v;
}

// The edges of multi-argument cross products.
std::vector<uint32_t> core() {
  std::vector<uint32_t> v = {0x7FC00000, 0xFFC00001, 0x7F800001};
  for (uint32_t m : {0u, 0x7F800000u, 1u, 0x7FFFFFu, 0x800000u, 0x7F7FFFFFu, 0x3F800000u, 0x3F000000u, 0x40000000u,
                     0x3FC00000u, 0x40400000u, 0x3F800001u, 0x3F7FFFFFu, 0x40490FDBu, 0x1F800000u, 0x5F800000u,
                     0x42C90000u, 0x3F7FFFFFu, 0x4B000001u})
    v.insert(v.end(), {m, m | kSign});
  return v;
}

std::vector<uint32_t> int_edges(const std::string& set) {
  std::vector<int64_t> v = {0, 1, -1, 2, -2, 3, -3, INT32_MAX, INT32_MIN, INT32_MIN + 1, INT32_MAX - 1};
  std::vector<int64_t> more;
  if (set == "int:ldexp") more = {23, 24, 126, 127, 128, 149, 150, 151, 252, 253, 254, 255, 276, 277, 278, 300};
  else if (set == "int:root") more = {4, 5, 7, 8, 127, 128, 1000};
  else more = {4, 5, 7, 127, 128, 149, 150, 255, 256, 16777217};  // int:pow and the default
  for (int64_t m : more) v.insert(v.end(), {m, -m});
  std::vector<uint32_t> out;
  for (int64_t x : v) out.push_back(uint32_t(int32_t(x)));
  return out;
}

// Half's counterpart of core(): specials, subnormal and normal extremes,
// small integers, values near 1, pi, a large and a small power of two.
std::vector<uint64_t> half_core() {
  std::vector<uint64_t> v = {0x7E00, 0xFE01, 0x7C01};
  for (uint64_t m : {0x0000u, 0x7C00u, 0x0001u, 0x03FFu, 0x0400u, 0x7BFFu, 0x3C00u, 0x3800u, 0x4000u, 0x3E00u,
                     0x4200u, 0x3C01u, 0x3BFFu, 0x4248u, 0x2000u, 0x5C00u, 0x5640u, 0x6400u})
    v.insert(v.end(), {m, m | 0x8000u});
  return v;
}

// The half nearest float bits B (round to nearest even): the catalog's
// float edge sets, carried to half; a NaN becomes half's quiet NaN.
uint64_t half_of_float(uint32_t b) {
  if (ref::is_nan<ref::Float>(b)) return 0x7E00 | ((b >> 16) & 0x8000u);
  return ref::convert<ref::Float, ref::Half>(b);
}

std::vector<uint32_t> uint_edges() {
  return {0, 1, 2, 0x3FFFFF, 0x400000, 0x7FFFFF, 0x800000, 0x80000000u, 0xFFFFFFFFu, 0x12345};
}

void add_set(std::vector<uint32_t>& v, const std::string& set) {
  std::vector<uint32_t> s;
  if (set == "trig") s = trig();
  else if (set == "halves") s = halves();
  else if (set == "unit") s = near_unit();
  else if (set == "exp:e") s = exp_thresholds(std::exp(1.0L));
  else if (set == "exp:2") s = exp_thresholds(2);
  else if (set == "exp:10") s = exp_thresholds(10);
  else if (set == "hyper") s = hyperbolic();
  else if (set == "gamma") s = gamma();
  else if (set.rfind("int:", 0) == 0) return;  // an int argument's set, used by int_edges
  else throw std::runtime_error("math inputs: unknown edge set '" + set + "'");
  v.insert(v.end(), s.begin(), s.end());
}

// Sorted, duplicates removed (in bits), so every edge lane is different.
std::vector<uint32_t> unique(std::vector<uint32_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

static std::vector<uint64_t> widen(const std::vector<uint32_t>& v) { return std::vector<uint64_t>(v.begin(), v.end()); }

InputPlan::InputPlan(std::vector<Arg> args, const std::vector<std::string>& sets, std::vector<Tuple> checks,
                     bool full, uint64_t seed, uint64_t stream, ref::math::Format format)
    : args_(std::move(args)), fixed_(std::move(checks)), fp64_(format == ref::math::Format::Double),
      half_(format == ref::math::Format::Half), seed_(seed), stream_(stream) {
  if (args_.empty() || args_.size() > 3) throw std::runtime_error("math inputs: 1 to 3 arguments");
  checks_ = fixed_.size();
  std::string int_set;
  for (const auto& s : sets)
    if (s.rfind("int:", 0) == 0) int_set = s;
  int_sets_.assign(args_.size(), int_set);

  // The edge list of each argument.
  std::vector<std::vector<uint64_t>> edges(args_.size());
  for (size_t a = 0; a < args_.size(); ++a) {
    if (args_[a] == Arg::Int) {
      edges[a] = widen(int_edges(int_set));
    } else if (args_[a] == Arg::Uint) {
      edges[a] = widen(uint_edges());
    } else if (args_[a] == Arg::Ulong) {
      edges[a] = ulong_edges();
    } else if (args_[a] == Arg::Ushort) {
      edges[a] = {0, 1, 2, 0x1FF, 0x200, 0x3FF, 0x8000, 0xFFFF, 0x1234};
    } else if (args_[a] == Arg::Double) {
      edges[a] = args_.size() == 1 ? double_edges(sets) : double_cross_edges(sets);
    } else if (args_[a] == Arg::Half) {
      // Several arguments (one half argument is swept whole): the core
      // list, plus at most 32 values of the catalog's sets carried to half.
      std::vector<uint32_t> extra;
      for (const auto& s : sets) add_set(extra, s);
      extra = unique(extra);
      std::vector<uint64_t> v = half_core();
      const size_t step = std::max<size_t>(1, extra.size() / 32);
      for (size_t i = 0; i < extra.size(); i += step) v.push_back(half_of_float(extra[i]));
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
      edges[a] = v;
    } else if (args_.size() == 1) {
      std::vector<uint32_t> v = specials();
      const auto b = binade_ends();
      v.insert(v.end(), b.begin(), b.end());
      for (const auto& s : sets) add_set(v, s);
      edges[a] = widen(unique(v));
    } else {
      // Cross products grow with the product of the lists: the core list,
      // plus at most 64 values of the catalog's sets, spread over them.
      std::vector<uint32_t> extra;
      for (const auto& s : sets) add_set(extra, s);
      extra = unique(extra);
      std::vector<uint32_t> v = core();
      const size_t step = std::max<size_t>(1, extra.size() / 64);
      for (size_t i = 0; i < extra.size(); i += step) v.push_back(extra[i]);
      edges[a] = widen(unique(v));
    }
  }
  // One half (or ushort) argument: all 2^16 of them, whatever the mode.
  exhaustive_ = args_.size() == 1 && (half_ || (full && !fp64_));
  if (exhaustive_) {
    tail_ = uint64_t(1) << (half_ ? 16 : 32);
    return;
  }
  // The cross product, first argument slowest.
  size_t count = 1;
  for (const auto& e : edges) count *= e.size();
  for (size_t i = 0; i < count; ++i) {
    Tuple t;
    size_t r = i;
    for (size_t a = args_.size(); a-- > 0;) {
      t.bits[a] = edges[a][r % edges[a].size()];
      r /= edges[a].size();
    }
    fixed_.push_back(t);
  }
  if (half_)
    tail_ = full ? kFullSampleHalf : kQuickPerExponentHalf * 31 * 2;
  else if (fp64_)
    tail_ = full ? (args_.size() == 1 ? kFullDouble : kFullSample) : kQuickPerExponentDouble * 2047 * 2;
  else
    tail_ = full ? kFullSample : kQuickPerExponent * 255 * 2;
}

// The double counterpart of random_arg: the first double argument of lane
// LANE has sign LANE & 1 and exponent field (LANE >> 1) mod 2047
// (subnormals included); the others an exponent within 26 binades of the
// first's half of the time, any exponent otherwise.
uint64_t InputPlan::random_double(unsigned arg, uint64_t lane, uint64_t first_bits) const {
  if (arg == 0) return first_double(lane);
  const uint64_t r = counter_bits(seed_, stream_, lane * 4 + arg);
  const uint64_t mant = counter_bits(mantissa_seed(), stream_, lane * 4 + arg) & ref::Double::mantissa_mask;
  uint64_t e;
  if (args_[0] != Arg::Double) {
    e = (r >> 16) % 2047;
  } else if (r & 2) {
    const int near = int((first_bits >> 52) & 0x7FF) + int((r >> 8) % 53) - 26;
    e = uint64_t(std::clamp(near, 0, 2046));
  } else {
    e = (r >> 16) % 2047;
  }
  return (r & 1 ? ref::Double::sign_mask : 0) | e << 52 | mant;
}

// The half counterpart of random_arg: the first half argument of lane LANE
// has sign LANE & 1 and exponent field (LANE >> 1) mod 31 (subnormals
// included); the others an exponent within 6 binades of the first's half of
// the time, any exponent otherwise.
uint64_t InputPlan::random_half(unsigned arg, uint64_t lane, uint64_t first_bits) const {
  const uint64_t r = counter_bits(seed_, stream_, lane * 4 + arg);
  const uint64_t mant = (r >> 40) & 0x3FF;
  if (arg == 0) return (lane & 1 ? 0x8000u : 0) | ((lane >> 1) % 31) << 10 | mant;
  uint64_t e;
  if ((r & 2) && args_[0] == Arg::Half) {
    const int near = int((first_bits >> 10) & 0x1F) + int((r >> 8) % 13) - 6;
    e = uint64_t(std::clamp(near, 0, 30));
  } else {
    e = (r >> 16) % 31;
  }
  return (r & 1 ? 0x8000u : 0) | e << 10 | mant;
}

// Argument ARG of random lane LANE. The first float argument is stratified:
// lane r has sign r & 1 and exponent field (r >> 1) mod 255 (denormals
// included), so every exponent gets the same share; the others take an
// exponent near the first's half of the time (where fmod, atan2, hypot,
// pow, ... do their interesting work) and any exponent otherwise.
uint64_t InputPlan::random_arg(unsigned arg, uint64_t lane, uint64_t first_bits) const {
  if (args_[arg] == Arg::Double) return random_double(arg, lane, first_bits);
  if (args_[arg] == Arg::Half) return random_half(arg, lane, first_bits);
  const uint64_t r = counter_bits(seed_, stream_, lane * 4 + arg);
  if (args_[arg] == Arg::Ulong) return r;
  if (args_[arg] == Arg::Uint) return uint32_t(r >> 32);
  if (args_[arg] == Arg::Ushort) return (r >> 32) & 0xFFFF;
  if (args_[arg] == Arg::Int) {
    if ((r & 3) == 0) return uint32_t(r >> 32);  // any int
    const int64_t span = int_sets_[arg] == "int:ldexp" ? (half_ ? 48 : 320) : (half_ ? 24 : 64);
    return uint32_t(int32_t(int64_t((r >> 8) % uint64_t(2 * span + 1)) - span));
  }
  const uint32_t mant = uint32_t(r >> 40) & Float::mantissa_mask;
  if (arg == 0) {
    const uint32_t e = uint32_t((lane >> 1) % 255);
    return (lane & 1 ? kSign : 0) | e << 23 | mant;
  }
  uint32_t e;
  if (r & 2) {
    const int near = int((first_bits >> 23) & 0xFF) + int((r >> 8) % 25) - 12;
    e = uint32_t(std::clamp(near, 0, 254));
  } else {
    e = uint32_t((r >> 16) % 255);
  }
  return (r & 1 ? kSign : 0) | e << 23 | mant;
}

Tuple InputPlan::at(uint64_t lane) const {
  if (lane < fixed_.size()) return fixed_[lane];
  const uint64_t k = lane - fixed_.size();
  Tuple t;
  if (exhaustive_) {
    t.bits[0] = half_ ? (k & 0xFFFF) : uint32_t(k);
    return t;
  }
  t.bits[0] = random_arg(0, k, 0);
  // nan(ulong) and the like: only the first argument is stratified.
  for (unsigned a = 1; a < args_.size(); ++a) t.bits[a] = random_arg(a, k, t.bits[0]);
  return t;
}

void InputPlan::random_doubles(uint64_t lane, size_t n, uint64_t* out) const {
  const uint64_t k0 = lane - fixed_.size();
  const uint64_t z0 = counter_start(mantissa_seed(), stream_) + k0 * 4 * kCounterStep;
  const size_t done = cpu_has_avx512dq() ? random_doubles8(z0, k0, n, out) : 0;
  const uint64_t k = k0 + done;
  uint64_t z = z0 + done * 4 * kCounterStep;
  uint64_t sign = k & 1, exponent = (k >> 1) % 2047;
  for (size_t i = done; i < n; ++i) {
    out[i] = sign << 63 | exponent << 52 | (counter_mix(z) & ref::Double::mantissa_mask);
    z += 4 * kCounterStep;
    exponent += sign;
    exponent = exponent == 2047 ? 0 : exponent;
    sign ^= 1;
  }
}

}  // namespace clconform::suites::math
