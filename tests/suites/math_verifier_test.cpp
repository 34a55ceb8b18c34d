// The math verifier's common-lane path against its per-lane path, for float
// and for double cases: the same lanes and synthetic device results
// verified both ways must give the same accumulator, field by field
// (counts, histogram, per-width maxima, worst result, MPFR fallbacks,
// edge-case outcomes, wrong values).
//
// The synthetic results are chosen to reach every branch: half the lanes
// have the certain nearest value at every width (the common case), a
// quarter one value at every width and a quarter one per width, each a mix
// of the nearest value, values 1 to 6 ulps away, the
// value on the other side of the real result (a rounding boundary: right or
// wrong under correct rounding, depending on how close the value is to the
// midpoint), NaNs, infinities, zeros, sign flips and random bits.
//
// CLCONFORM_EQUIV_LANES sets the lanes of each large full-mode sample
// (default 10^8; a sixteenth of it under AddressSanitizer).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "known_failures.hpp"
#include "manifest.hpp"
#include "math/math_verifier.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/mpfr_eval.hpp"

namespace {

using namespace clconform;
namespace sm = clconform::suites::math;
namespace rm = clconform::ref::math;

const Suite& math_suite() {
  static const Suite s = load_suite(CLCONFORM_TEST_DATA, "math");
  return s;
}

const Case* find_case(const std::string& id) { return math_suite().find_case(id); }

bool is_double_case(const Case& c) {
  const json::Value& f = c.params.get("format");
  return f.is_string() && f.as_string() == "double";
}
bool is_half_case(const Case& c) {
  const json::Value& f = c.params.get("format");
  return f.is_string() && f.as_string() == "half";
}
bool is_float_case(const Case& c) { return c.check == "math.builtin" && !is_double_case(c) && !is_half_case(c); }

using clconform::ref::to_bits;
float from_bits(uint32_t b) { return clconform::ref::float_from_bits(b); }

// One width's result near WANT (the reference's float) under choice R.
uint32_t perturb(uint32_t want, double approx, uint64_t r) {
  const bool finite = (want & 0x7f800000u) != 0x7f800000u;
  const unsigned c = unsigned(r % 100);
  const uint64_t s = r >> 8;
  if (c < 50 || !finite) return c < 95 || finite ? want : uint32_t(s);
  if (c < 64) return s & 1 ? want + 1 : want - 1;
  if (c < 70) return s & 1 ? want + 2 + uint32_t(s >> 1) % 5 : want - 2 - uint32_t(s >> 1) % 5;
  if (c < 80) {  // the float on the real value's other side
    const float w = from_bits(want);
    return to_bits(std::nextafter(w, approx > double(w) ? HUGE_VALF : -HUGE_VALF));
  }
  if (c < 84) return 0x7fc00000u;
  if (c < 87) return s & 1 ? 0x7f800000u : 0xff800000u;
  if (c < 90) return s & 1 ? 0x80000000u : 0u;
  if (c < 94) return want ^ 0x80000000u;
  return uint32_t(s);
}

// The same choices for a double result.
uint64_t perturb(uint64_t want, double approx, uint64_t r) {
  const uint64_t exponent = 0x7ff0000000000000u, sign = 0x8000000000000000u;
  const bool finite = (want & exponent) != exponent;
  const unsigned c = unsigned(r % 100);
  const uint64_t s = counter_bits(r, 1, 2);
  if (c < 50 || !finite) return c < 95 || finite ? want : s;
  if (c < 64) return s & 1 ? want + 1 : want - 1;
  if (c < 70) return s & 1 ? want + 2 + (s >> 1) % 5 : want - 2 - (s >> 1) % 5;
  if (c < 80) {  // the double on the real value's other side
    const double w = clconform::ref::double_from_bits(want);
    return to_bits(std::nextafter(w, approx > w ? HUGE_VAL : -HUGE_VAL));
  }
  if (c < 84) return 0x7ff8000000000000u;
  if (c < 87) return s & 1 ? exponent : exponent | sign;
  if (c < 90) return s & 1 ? sign : 0u;
  if (c < 94) return want ^ sign;
  return s;
}

// An argument's value as the reference reads it, from its bits.
double arg_value(sm::Arg kind, uint64_t b) {
  switch (kind) {
    case sm::Arg::Float: return double(from_bits(uint32_t(b)));
    case sm::Arg::Double: return clconform::ref::double_from_bits(b);
    case sm::Arg::Int: return double(int32_t(uint32_t(b)));
    case sm::Arg::Uint: return double(uint32_t(b));
    case sm::Arg::Ulong: return double(b);
    case sm::Arg::Half: return sm::half_value(b);
    case sm::Arg::Ushort: return double(uint16_t(b));
  }
  return 0;
}

// Lanes [FIRST, FIRST + N) of a case, filled by the verifier, with
// synthetic results of every output at every width.
struct Lanes {
  SweepChunk chunk;
  std::vector<std::vector<uint8_t>> in;
  std::vector<std::vector<std::vector<uint8_t>>> out;  // [width][output]
};

template <typename Fmt>
Lanes make_lanes(const sm::MathVerifier<Fmt>& v, const json::Value& params, uint64_t first, size_t n,
                 uint64_t seed) {
  using Bits = typename Fmt::Bits;
  using Judge = typename Fmt::Judge;
  Lanes l;
  l.chunk.first = first;
  l.chunk.count = l.chunk.valid = n;
  for (sm::Arg a : v.args()) {
    l.in.emplace_back(size_t(sm::arg_bytes(a)) * n);
    l.chunk.in.push_back(l.in.back().data());
  }
  v.fill(l.chunk, 0, n, first + n);
  const std::vector<unsigned> ob = v.out_bytes();
  const size_t nk = v.widths().size();
  l.out.assign(nk, std::vector<std::vector<uint8_t>>(ob.size()));
  for (size_t k = 0; k < nk; ++k)
    for (size_t j = 0; j < ob.size(); ++j) l.out[k][j].assign(size_t(ob[j]) * n, 0);

  // Each lane's arguments as the reference reads them.
  std::vector<typename Judge::Point> points(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t a = 0; a < v.args().size(); ++a) {
      const unsigned bytes = sm::arg_bytes(v.args()[a]);
      uint64_t b = 0;
      std::memcpy(&b, l.in[a].data() + bytes * i, bytes);
      points[i].args[a] = arg_value(v.args()[a], b);
    }
  }
  const auto& outputs = params.at("outputs").as_array();
  for (size_t j = 0; j < outputs.size(); ++j) {
    const json::Value& o = outputs[j];
    const bool nan_fn = o.at("judge").is_null();
    const bool is_int = o.at("kind").as_string() == "int";
    std::vector<typename Judge::Point> p = points;
    if (!nan_fn && !is_int) Judge(o.at("judge").as_string(), rm::Denormals::Kept).prepare_many(p.data(), n);
    for (size_t i = 0; i < n; ++i) {
      const uint64_t lane_r = counter_bits(seed, j, first + i);  // the same for a (seed, output, lane)
      const bool all_nearest = lane_r % 2 == 0;
      const bool shared = lane_r % 4 == 1;  // one perturbation for every width, as a GPU's widths share their code
      Bits want;
      if (nan_fn) {
        want = Bits(Fmt::quiet_nan);
      } else if (is_int) {
        want = uint32_t(int32_t(rm::exact_int(o.at("judge").as_string(), p[i].args)));
      } else if (p[i].certain) {
        want = Bits(p[i].nearest);
      } else {
        want = to_bits(typename Fmt::Value(p[i].approx));
      }
      for (size_t k = 0; k < nk; ++k) {
        Bits got = want;
        if (!all_nearest) {
          const uint64_t r = counter_bits(lane_r, shared ? 0 : k, 0);
          // An integer: one plus the exact value, or left as the harness
          // filled it (the unwritten pattern), or right.
          got = is_int ? Bits(r % 4 == 0 ? uint32_t(want) + 1 : r % 8 == 1 ? uint32_t(kUnwrittenPattern) : uint32_t(want))
                       : perturb(want, p[i].approx, r);
        }
        std::memcpy(l.out[k][j].data() + size_t(ob[j]) * i, &got, ob[j]);
      }
    }
  }
  l.chunk.out.assign(nk, {});
  for (size_t k = 0; k < nk; ++k)
    for (size_t j = 0; j < ob.size(); ++j) l.chunk.out[k].push_back(l.out[k][j].data());
  return l;
}

void expect_same(const sm::Acc& a, const sm::Acc& b, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(a.widths.size(), b.widths.size());
  for (size_t k = 0; k < a.widths.size(); ++k) {
    EXPECT_EQ(a.widths[k].checked, b.widths[k].checked) << "width index " << k;
    EXPECT_EQ(a.widths[k].failed, b.widths[k].failed) << "width index " << k;
    EXPECT_EQ(a.widths[k].max_ulp, b.widths[k].max_ulp) << "width index " << k;
  }
  EXPECT_EQ(a.hist, b.hist);
  EXPECT_EQ(a.mpfr, b.mpfr);
  EXPECT_EQ(a.unjudged, b.unjudged);
  EXPECT_EQ(a.nans, b.nans);
  EXPECT_EQ(a.quiet_nans, b.quiet_nans);
  EXPECT_EQ(a.worst.ulp, b.worst.ulp);
  EXPECT_EQ(a.worst.lane, b.worst.lane);
  EXPECT_EQ(a.worst.width, b.worst.width);
  EXPECT_EQ(a.worst.got, b.worst.got);
  EXPECT_EQ(a.worst.expected, b.worst.expected);
  EXPECT_EQ(a.check_pass, b.check_pass);
  EXPECT_EQ(a.check_fail, b.check_fail);
  EXPECT_EQ(a.check_skip, b.check_skip);
  EXPECT_EQ(a.failures.failed(), b.failures.failed());
  EXPECT_EQ(a.failures.unexcused(), b.failures.unexcused());
  EXPECT_EQ(a.failures.per_entry(), b.failures.per_entry());
  EXPECT_EQ(a.failures.entry_max_ulp(), b.failures.entry_max_ulp());
  const auto same_list = [](const std::vector<Mismatch>& x, const std::vector<Mismatch>& y) {
    ASSERT_EQ(x.size(), y.size());
    for (size_t m = 0; m < x.size(); ++m) {
      EXPECT_EQ(x[m].index, y[m].index);
      EXPECT_EQ(x[m].lane, y[m].lane);
      EXPECT_EQ(x[m].output, y[m].output);
      EXPECT_EQ(x[m].note, y[m].note);
      EXPECT_EQ(x[m].excused_by, y[m].excused_by);
    }
  };
  same_list(a.failures.worst(), b.failures.worst());
  same_list(a.failures.excused(), b.failures.excused());
}

// Verifies the lanes both ways, split into chunks across threads as a
// sweep does (each thread its own accumulators), and compares the merged
// results. Returns how many lanes went through the common path's
// eligibility (sanity: the test must exercise it).
template <typename Fmt>
void compare_paths(const json::Value& params, const sm::Regime& regime, bool full, uint64_t lanes_wanted,
                   const std::string& what, const CaseExcuses* excuses = nullptr) {
  using Verifier = sm::MathVerifier<Fmt>;
  Verifier fast(params, regime, full, 7, case_stream(what));
  Verifier slow(params, regime, full, 7, case_stream(what));
  slow.disable_common_case();
  const uint64_t total = fast.total();
  const uint64_t lanes = std::min(lanes_wanted, total);
  constexpr size_t kChunk = size_t(1) << 16;
  const size_t chunks = size_t((lanes + kChunk - 1) / kChunk);
  const unsigned threads = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), unsigned(chunks)));
  std::vector<sm::Acc> fast_acc(threads, fast.start(FailureTally(excuses))),
      slow_acc(threads, slow.start(FailureTally(excuses)));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      for (size_t c = t; c < chunks; c += threads) {
        // Whole runs of lanes, from the first (the edge-case checks) when
        // every lane is verified, else from seeded random starts.
        const uint64_t first = lanes == total ? c * kChunk : counter_bits(7, 0, c) % (total - kChunk);
        const size_t n = size_t(std::min<uint64_t>(kChunk, total - first));
        Lanes l = make_lanes(fast, params, first, n, 11);
        fast.verify(l.chunk, 0, n, fast_acc[t]);
        slow.verify(l.chunk, 0, n, slow_acc[t]);
      }
      mpfr_free_cache();  // this thread's cached constants: LeakSanitizer counts them at its exit
    });
  }
  for (auto& th : pool) th.join();
  const sm::Acc a = fast.merge(fast_acc), b = slow.merge(slow_acc);
  uint64_t checked = 0;
  for (const auto& w : a.widths) checked += w.checked;
  EXPECT_GT(checked, 0u) << what;
  expect_same(a, b, what);
}

// A full double sweep's fill (InputPlan::random_doubles, which walks the
// counters) writes at()'s bits lane for lane: from even and odd starts,
// across the exponent field's wrap from 2046 to 0 (every 4094 lanes), and
// at the far end of the 2^32 lanes.
TEST(MathVerifier, RandomDoublesFillWritesTheBitsOfAt) {
  for (const bool full : {true, false}) {
    const sm::InputPlan plan({sm::Arg::Double}, {}, {}, full, 7, case_stream("math.fp64.sin"), rm::Format::Double);
    ASSERT_TRUE(plan.one_random_double());
    const uint64_t fixed = plan.total() - (full ? sm::kFullDouble : 2 * 2047 * sm::kQuickPerExponentDouble);
    std::vector<uint64_t> starts = {fixed, fixed + 1, fixed + 4093, fixed + 3 * 4094 - 5};
    if (full) starts.push_back(plan.total() - 9000);
    for (uint64_t first : starts) {
      const size_t n = size_t(std::min<uint64_t>(9000, plan.total() - first));
      // Into memory aligned to a cache line (streamed stores) and not.
      std::vector<uint64_t> buffer(n + 16);
      uint64_t* aligned = buffer.data() + (8 - reinterpret_cast<uintptr_t>(buffer.data()) / 8 % 8) % 8;
      for (uint64_t* got : {aligned, aligned + 1}) {
        plan.random_doubles(first, n, got);
        for (size_t i = 0; i < n; ++i)
          ASSERT_EQ(got[i], plan.at(first + i).bits[0])
              << "lane " << first + i << (full ? " (full)" : " (quick)") << (got == aligned ? ", aligned" : "");
      }
    }
  }
}

// bin_of against its definition: the last edge at or below the error.
TEST(MathVerifier, BinOfIsTheBinWhoseLowerEdgeIsTheLastAtOrBelowTheError) {
  std::vector<double> us = {0, 1e-300, HUGE_VAL, 1e300};
  for (double e : sm::kEdges)
    for (double u : {e, std::nextafter(e, 0.0), std::nextafter(e, HUGE_VAL), e * 1.25 + 0.1}) us.push_back(u);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) us.push_back(std::ldexp(double(rng() >> 11) * 0x1p-53, int(rng() % 40) - 20));
  for (double u : us) {
    const size_t want = size_t(std::upper_bound(sm::kEdges.begin(), sm::kEdges.end(), u) - sm::kEdges.begin()) - 1;
    ASSERT_EQ(sm::bin_of(u), want) << u;
  }
}

TEST(MathVerifier, CommonPathEqualsPerLanePathOnEveryFloatCaseQuickInputs) {
  size_t cases = 0;
  for (const Case& c : math_suite().cases) {
    if (!is_float_case(c)) continue;
    ++cases;
    sm::Regime plain;
    compare_paths<sm::FloatFormat>(c.params, plain, false, UINT64_MAX, c.id + " (full profile)");
    sm::Regime ftz;
    ftz.denorms_may_flush = true;
    compare_paths<sm::FloatFormat>(c.params, ftz, false, UINT64_MAX, c.id + " (denormals may flush)");
  }
  EXPECT_GT(cases, 90u);  // every float built-in of the catalog
}

// A double case's quick inputs fit one chunk, which compare_paths verifies
// on one thread, and a double lane costs ten times a float one: the cases
// are shared among the host's threads instead.
TEST(MathVerifier, CommonPathEqualsPerLanePathOnEveryDoubleCaseQuickInputs) {
  std::vector<const Case*> cases;
  for (const Case& c : math_suite().cases)
    if (c.check == "math.builtin" && is_double_case(c)) cases.push_back(&c);
  EXPECT_GT(cases.size(), 70u);  // every double built-in of the catalog
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (size_t i = t; i < cases.size(); i += threads) {
        const Case& c = *cases[i];
        sm::Regime plain;
        compare_paths<sm::DoubleFormat>(c.params, plain, false, UINT64_MAX, c.id + " (full profile)");
        sm::Regime ftz;
        ftz.denorms_may_flush = true;
        compare_paths<sm::DoubleFormat>(c.params, ftz, false, UINT64_MAX, c.id + " (denormals may flush)");
      }
      mpfr_free_cache();  // this thread's cached constants: LeakSanitizer counts them at its exit
    });
  }
  for (auto& th : pool) th.join();
}

// Known-failure entries for the integer outputs' wrong values (the
// synthetic results' exact value plus one, at every width of a lane or at
// some): the block path counts most of them without building them (in
// bulk, MathVerifier::count_plain_lane, where no entry reads the inputs;
// else run by run of equal widths, int_lane), the per-lane path builds
// and matches each; counts per entry, unexcused values and the values
// kept must agree. Entries in order: lgamma_r's sign (at a negative
// argument with READ_INPUTS); any output's wrong value within 2 ulp
// (never an integer's); an expected integer in [-64, 64], and the same
// left unwritten. With NAME_WIDTHS the third names widths 1 and 2, which
// sends every wrong value down the width-by-width matching.
std::vector<KnownFailure> integer_entries(bool name_widths, bool read_inputs) {
  constexpr unsigned kWrongValue = 1u << 0, kUnwritten = 1u << 5;
  std::vector<KnownFailure> e(4);
  e[0].output = "lgamma_r.sign";
  e[0].has_inputs = read_inputs;
  e[0].inputs.has_range = true;
  e[0].inputs.lo = -HUGE_VAL;
  e[0].inputs.hi = 0;
  e[1].max_ulp = 2;
  e[2].has_expected = true;
  e[2].expected.integer = true;
  e[2].expected.has_range = true;
  e[2].expected.lo = -64;
  e[2].expected.hi = 64;
  if (name_widths) e[2].widths = {1, 2};
  e[3].has_expected = true;
  e[3].expected = e[2].expected;
  for (KnownFailure& k : e) {
    k.kinds = kWrongValue;
    k.max_count = UINT64_MAX;
  }
  e[3].kinds = kUnwritten;
  return e;
}

// For float and double cases alike (a double case's integer results take
// the same block code, with eight-byte arguments for the entries to read).
TEST(MathVerifier, ExcusedIntegerValuesCountAsPerLane) {
  size_t cases = 0, double_cases = 0;
  for (const Case& c : math_suite().cases) {
    const bool fp64 = is_double_case(c);
    if (!is_float_case(c) && !fp64) continue;
    bool has_int = false;
    for (const json::Value& o : c.params.at("outputs").as_array()) has_int |= o.at("kind").as_string() == "int";
    if (!has_int) continue;
    ++cases;
    double_cases += fp64;
    for (const auto& [name_widths, read_inputs] : {std::pair(false, true), std::pair(true, true), std::pair(false, false)}) {
      const std::vector<KnownFailure> entries = integer_entries(name_widths, read_inputs);
      std::vector<const KnownFailure*> list;
      for (const KnownFailure& k : entries) list.push_back(&k);
      const CaseExcuses excuses(list, false);
      const std::string how = std::string(name_widths ? " (an entry names widths)" : "") +
                              (read_inputs ? " (an entry reads the inputs)" : "");
      sm::Regime plain;
      sm::Regime ftz;
      ftz.denorms_may_flush = true;
      if (fp64) {
        compare_paths<sm::DoubleFormat>(c.params, plain, false, UINT64_MAX, c.id + how, &excuses);
        compare_paths<sm::DoubleFormat>(c.params, ftz, false, UINT64_MAX, c.id + " (denormals may flush)" + how,
                                        &excuses);
      } else {
        compare_paths<sm::FloatFormat>(c.params, plain, false, UINT64_MAX, c.id + how, &excuses);
        compare_paths<sm::FloatFormat>(c.params, ftz, false, UINT64_MAX, c.id + " (denormals may flush)" + how,
                                       &excuses);
      }
    }
  }
  EXPECT_GE(cases, 8u);         // ilogb, frexp, lgamma_r, remquo, at float and at double
  EXPECT_GE(double_cases, 4u);
}

// Under AddressSanitizer every lane costs several times more: a sixteenth.
#if defined(__SANITIZE_ADDRESS__)
constexpr uint64_t kSanitizerShare = 16;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr uint64_t kSanitizerShare = 16;
#else
constexpr uint64_t kSanitizerShare = 1;
#endif
#else
constexpr uint64_t kSanitizerShare = 1;
#endif

uint64_t large_lanes() {
  const char* e = std::getenv("CLCONFORM_EQUIV_LANES");
  return (e ? std::strtoull(e, nullptr, 10) : uint64_t(100000000)) / kSanitizerShare;
}

class LargeSample : public testing::TestWithParam<const char*> {};

TEST_P(LargeSample, CommonPathEqualsPerLanePath) {
  const std::string id = std::string("math.") + GetParam();
  const Case* c = find_case(id);
  ASSERT_NE(c, nullptr) << id;
  if (is_double_case(*c))
    compare_paths<sm::DoubleFormat>(c->params, sm::Regime(), true, large_lanes(), id + " (full mode sample)");
  else
    compare_paths<sm::FloatFormat>(c->params, sm::Regime(), true, large_lanes(), id + " (full mode sample)");
}

INSTANTIATE_TEST_SUITE_P(FullMode, LargeSample,
                         // Indices 5, 6, 8 and 11 on are named in tests/suites/CMakeLists.txt.
                         testing::Values("sin", "exp", "log", "sqrt", "divide", "fp64.sin", "fp64.cos", "fp64.exp", "fp64.log",
                                         "fp64.divide", "fp64.pow", "fp64.atanpi", "fp64.acospi", "fp64.cospi", "fp64.tanpi", "fp64.lgamma_r"));

}  // namespace

// The counts of an exhaustive sweep read as the integers they are: every
// float is 4294967296 inputs, and the fixed lanes in front of the sweep
// (edge values and edge-case checks, which repeat swept values) are counted
// apart, in the record's metrics and in its text, and in each shard's part.
TEST(MathVerifier, ExhaustiveCountsAreExactIntegers) {
  const Case* c = find_case("math.sin");
  ASSERT_NE(c, nullptr);
  const sm::MathVerifier<sm::FloatFormat> v(c->params, sm::Regime{}, true, 1, 0);
  const uint64_t total = v.total();
  ASSERT_GT(total, uint64_t(1) << 32);
  const uint64_t edge = total - (uint64_t(1) << 32);
  const auto report = [&](uint64_t begin, uint64_t end) {
    CaseResult r;
    std::vector<sm::Acc> accs(1, v.start(FailureTally()));
    v.report(v.merge(accs), begin, end, json::Value::object(), r);
    return r;
  };
  const CaseResult all = report(0, total);
  EXPECT_EQ(all.metrics.at("inputs").as_uint(), 4294967296u);
  EXPECT_EQ(all.metrics.at("edge_lanes").as_uint(), edge);
  EXPECT_NE(all.metrics.dump().find("\"inputs\":4294967296,"), std::string::npos) << all.metrics.dump();
  EXPECT_NE(all.detail.find("4294967296 inputs + " + std::to_string(edge) + " edge-case lanes"), std::string::npos)
      << all.detail;
  // Two shards, cut inside the fixed lanes and in the sweep: the parts add up.
  const CaseResult a = report(0, 1), b = report(1, total / 2), d = report(total / 2, total);
  EXPECT_EQ(a.metrics.at("inputs").as_uint() + b.metrics.at("inputs").as_uint() + d.metrics.at("inputs").as_uint(),
            4294967296u);
  EXPECT_EQ(a.metrics.at("edge_lanes").as_uint(), 1u);
  EXPECT_EQ(d.metrics.at("edge_lanes").as_uint(), 0u);
  // A sampled run: every lane is an input, the fixed ones among them.
  const sm::MathVerifier<sm::FloatFormat> q(c->params, sm::Regime{}, false, 1, 0);
  CaseResult r;
  std::vector<sm::Acc> accs(1, q.start(FailureTally()));
  q.report(q.merge(accs), 0, q.total(), json::Value::object(), r);
  EXPECT_EQ(r.metrics.at("inputs").as_uint(), q.total());
  EXPECT_GT(r.metrics.at("edge_lanes").as_uint(), 0u);
  EXPECT_LT(r.metrics.at("edge_lanes").as_uint(), q.total());
}

// The build options' edge-case rules, one step inside and outside each:
// sinpi(1) must be +0 exactly; -cl-no-signed-zeros lets -0 through but not
// a nonzero value; -cl-unsafe-math-optimizations skips the rule ("may
// violate edge case behavior") but keeps a plain bound ("ref") numeric.
TEST(MathEdgeChecks, BuildOptionRulesOneStepInsideAndOutside) {
  sm::EdgeCheck c;
  c.name = "sinpi(+n) = +0";
  sm::Tuple t;
  t.bits[0] = 0x3f800000;  // 1.0f
  c.tuples = {t};
  c.expect = {json::Value("+0")};
  c.ftz_alt = {""};
  const std::vector<sm::Arg> args = {sm::Arg::Float};
  const auto check = [&](uint64_t got, const sm::Regime& r) {
    return sm::check_float(c, 0, t, args, got, r, ref::math::Format::Float);
  };
  sm::Regime plain, nsz, relaxed;
  nsz.no_signed_zeros = true;
  relaxed.relaxed = relaxed.no_signed_zeros = true;
  EXPECT_EQ(check(0x00000000, plain), sm::Outcome::Pass);
  EXPECT_EQ(check(0x80000000, plain), sm::Outcome::Fail);
  EXPECT_EQ(check(0x80000000, nsz), sm::Outcome::Pass);
  EXPECT_EQ(check(0x00000001, nsz), sm::Outcome::Fail);
  EXPECT_EQ(check(0x3f800000, relaxed), sm::Outcome::Skip);
  c.expect = {json::Value("ref")};
  EXPECT_EQ(check(0x3f800000, relaxed), sm::Outcome::Numeric);
}
