// half.fp16.convert (cl_khr_fp16): convert_halfN[_rtX](T) from float,
// double and every integer type, and convert_TN[_sat][_rtX](half) to them
// (OpenCL C 3.0 spec 6.4.3: correctly rounded in the given mode, _rte by
// default to floating point and _rtz to integers; out-of-range and NaN
// results without _sat are implementation-defined, counted and not judged;
// _sat clamps and turns NaN into 0). Expected values: reference/
// format_convert (float, double, int64 to half; half to float and double,
// exact) and reference/half_to_int.
//
// Inputs: from half, every one of the 65536 patterns; from float and
// double, the store suite's edge values (every half rounding boundary) and
// seeded random lanes; from integers, edges around every power of two and
// random bits. Flush to zero (7.5.3): a float or double denormal operand
// may become a zero where the build or device may flush them; a half
// denormal operand or result may be a zero where half lacks CL_FP_DENORM.
#include <algorithm>
#include <cstring>

#include "checks.hpp"
#include "fp16_inputs.hpp"
#include "half_bits.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/half_to_int.hpp"
#include "store_inputs.hpp"

namespace clconform::suites::half {
namespace {

using ref::Double;
using ref::Float;
using ref::Half;

constexpr uint64_t kFullRandom = uint64_t(1) << 22;  // quick mode: store_inputs' kQuickRandom

struct TypeOf {
  unsigned size;  // bytes
  bool is_float, is_signed;
  char format() const { return is_float ? (size == 2 ? 'h' : size == 8 ? 'd' : 'f') : is_signed ? 'i' : 'u'; }
};

TypeOf type_of(const std::string& t) {
  if (t == "half") return {2, true, true};
  if (t == "float") return {4, true, true};
  if (t == "double") return {8, true, true};
  const bool u = t[0] == 'u';
  const std::string base = u ? t.substr(1) : t;
  const unsigned size = base == "char" ? 1 : base == "short" ? 2 : base == "int" ? 4 : base == "long" ? 8 : 0;
  if (!size) throw std::invalid_argument("unknown type '" + t + "'");
  return {size, false, !u};
}

uint64_t get_elem(const std::vector<uint8_t>& b, size_t i, unsigned size) {
  uint64_t v = 0;
  std::memcpy(&v, b.data() + i * size, size);  // little-endian host
  return v;
}

int64_t sign_extend(uint64_t v, unsigned size) {
  const unsigned shift = 64 - 8 * size;
  return int64_t(v << shift) >> shift;
}

enum class Outcome { Pass, Flushed, Undefined, Wrong };

struct Expect {
  Outcome outcome;
  uint64_t want;
};

}  // namespace

void check_fp16_convert(CaseRun& run) {
  const auto& p = run.c.params;
  const std::string from = p.at("from").as_string(), to = p.at("to").as_string();
  const TypeOf src = type_of(from), dst = type_of(to);
  const unsigned n = unsigned(p.at("n").as_int());
  const ref::Rounding rnd = *ref::parse_rounding(p.at("rounding").as_string());
  const bool sat = p.at("sat").as_bool();
  const FpRules rules = run.fp_rules();
  const bool half_flush = rules.may_flush(2);  // CL_DEVICE_HALF_FP_CONFIG alone
  const bool src_flush = src.is_float && src.size > 2 && rules.may_flush(src.size);
  // -cl-finite-math-only: a NaN or infinite half, source or result, has no
  // verdict (API spec, optimization options; harness/fp_rules.hpp).
  const bool finite_only = rules.finite_only;
  cl::Kernel k = run.kernel();

  // Lane values (source bit patterns).
  std::vector<uint64_t> edges;
  if (from == "float" || from == "double") edges = store_edges(from == "double");
  else if (!src.is_float) edges = integer_edges(8 * src.size, src.is_signed);
  const uint64_t stream = case_stream(run.c.id);
  const uint64_t total = from == "half" ? 65536 : edges.size() + (run.opts.full() ? kFullRandom : kQuickRandom);
  auto lane_value = [&](uint64_t e) -> uint64_t {
    if (from == "half") return e & 0xFFFF;
    if (e < edges.size()) return edges[e];
    const uint64_t r = counter_bits(run.opts.seed, stream, e);
    if (src.is_float) return random_lane(from == "double", r);
    return src.size == 8 ? r : r & ((uint64_t(1) << (8 * src.size)) - 1);
  };

  // The verdict on one lane.
  auto judge = [&](uint64_t x, uint64_t got) -> Expect {
    if (to == "half") {
      uint16_t want;
      if (from == "float") want = ref::convert<Float, Half>(uint32_t(x), rnd);
      else if (from == "double") want = ref::convert<Double, Half>(x, rnd);
      else if (src.is_signed) want = ref::from_int64<Half>(sign_extend(x, src.size), rnd);
      else want = ref::from_uint64<Half>(x, rnd);
      const uint16_t g = uint16_t(got);
      if (finite_only && !ref::is_finite<Half>(want)) return {Outcome::Undefined, want};
      if (ref::is_nan<Half>(want)) return {ref::is_nan<Half>(g) ? Outcome::Pass : Outcome::Wrong, want};
      if (g == want) return {Outcome::Pass, want};
      const bool denorm_in = from == "float" ? ref::is_subnormal<Float>(uint32_t(x))
                                             : from == "double" && ref::is_subnormal<Double>(x);
      const bool zero = ref::is_zero<Half>(g);
      if (zero && ((src_flush && denorm_in) || (half_flush && ref::is_subnormal<Half>(want))))
        return {Outcome::Flushed, want};
      return {Outcome::Wrong, want};
    }
    const uint16_t h = uint16_t(x);
    if (finite_only && !ref::is_finite<Half>(h)) return {Outcome::Undefined, 0};
    const bool denorm_in = ref::is_subnormal<Half>(h);
    if (dst.is_float) {
      const uint64_t want = dst.size == 4 ? ref::convert<Half, Float>(h) : ref::convert<Half, Double>(h);
      const bool nan_ok = dst.size == 4 ? ref::is_nan<Float>(uint32_t(got)) : ref::is_nan<Double>(got);
      if (ref::is_nan<Half>(h)) return {nan_ok ? Outcome::Pass : Outcome::Wrong, want};
      if (got == want) return {Outcome::Pass, want};
      const bool zero = dst.size == 4 ? ref::is_zero<Float>(uint32_t(got)) : ref::is_zero<Double>(got);
      if (half_flush && denorm_in && zero) return {Outcome::Flushed, want};
      return {Outcome::Wrong, want};
    }
    const ref::IntType it{8 * dst.size, dst.is_signed};
    const std::optional<uint64_t> want = ref::half_to_int(h, it, rnd, sat);
    if (!want) return {Outcome::Undefined, 0};
    if (got == *want) return {Outcome::Pass, *want};
    if (half_flush && denorm_in && got == 0) return {Outcome::Flushed, *want};
    return {Outcome::Wrong, *want};
  };

  const size_t count = run.opts.index ? 1 : size_t((total + n - 1) / n);
  const uint64_t first = run.first();
  std::vector<uint8_t> in(count * n * src.size);
  for (size_t i = 0; i < count * n; ++i) {
    const uint64_t x = lane_value(first * n + i);
    std::memcpy(in.data() + i * src.size, &x, src.size);
  }
  const auto out = run.launch(k, {&in}, {count * n * dst.size}, count);
  uint64_t flushed = 0, undefined = 0;
  for (size_t i = 0; i < count * n; ++i) {
    const uint64_t x = get_elem(in, i, src.size), got = get_elem(out[0], i, dst.size);
    const Expect e = judge(x, got);
    switch (e.outcome) {
      case Outcome::Pass: run.result.pass(); break;
      case Outcome::Flushed: ++flushed; run.result.pass(); break;
      case Outcome::Undefined: ++undefined; break;
      case Outcome::Wrong:
      {
        Mismatch m{first + i / n, int(i % n), {hex_bits(x, src.size)}, hex_bits(got, dst.size),
                   hex_bits(e.want, dst.size),
                   std::string("not the correctly rounded conversion (") + ref::rounding_name(rnd) + ")"};
        m.bits = WrongBits{src.format(), dst.format(), src.size, dst.size, n, {x}, got, e.want};
        run.result.fail(std::move(m));
      }
    }
  }
  run.result.detail = "convert " + from + " -> " + to + (sat ? " _sat" : "") + ", " + ref::rounding_name(rnd) + ": " +
                      std::to_string(run.result.checked) + " values checked";
  if (undefined) run.result.detail += "; " + std::to_string(undefined) + " not judged (out of range or NaN without _sat, implementation-defined; or a NaN or an infinity under "
                                 "-cl-finite-math-only)";
  if (flushed) run.result.detail += "; " + std::to_string(flushed) + " denormals flushed to zero (allowed here)";
  if (run.result.failed()) run.result.detail = std::to_string(run.result.failed()) + " wrong; " + run.result.detail;
}

}  // namespace clconform::suites::half
