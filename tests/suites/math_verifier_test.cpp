// The math verifier's common-lane path against its per-lane path: the same
// lanes and synthetic device results verified both ways must give the same
// accumulator, field by field (counts, histogram, per-width maxima, worst
// result, MPFR fallbacks, edge-case outcomes, wrong values).
//
// The synthetic results are chosen to reach every branch: half the lanes
// have the certain nearest float at every width (the common case), the
// others per width a mix of the nearest float, floats 1 to 6 away, the
// float on the other side of the real value (a rounding boundary: right or
// wrong under correct rounding, depending on how close the value is to the
// midpoint), NaNs, infinities, zeros, sign flips and random bits.
//
// CLCONFORM_EQUIV_LANES sets the lanes of each large full-mode sample
// (default 10^8; a sixteenth of it under AddressSanitizer).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "manifest.hpp"
#include "math/math_verifier.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/mpfr_eval.hpp"

namespace {

using namespace clconform;
namespace sm = clconform::suites::math;
namespace rm = clconform::ref::math;
using Verifier = sm::MathVerifier<sm::FloatFormat>;

const Suite& math_suite() {
  static const Suite s = load_suite(CLCONFORM_TEST_DATA, "math");
  return s;
}

const Case* find_case(const std::string& id) {
  for (const Case& c : math_suite().cases)
    if (c.id == id) return &c;
  return nullptr;
}

bool is_float_case(const Case& c) {
  const json::Value& f = c.params.get("format");
  return c.check == "math.builtin" && !(f.is_string() && f.as_string() == "double");
}

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

// Lanes [FIRST, FIRST + N) of a case, filled by the verifier, with
// synthetic results of every output at every width.
struct Lanes {
  SweepChunk chunk;
  std::vector<std::vector<uint8_t>> in;
  std::vector<std::vector<std::vector<uint8_t>>> out;  // [width][output]
};

Lanes make_lanes(const Verifier& v, const json::Value& params, uint64_t first, size_t n, uint64_t seed) {
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
  std::vector<rm::Judge::Point> points(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t a = 0; a < v.args().size(); ++a) {
      uint32_t b = 0;
      std::memcpy(&b, l.in[a].data() + 4 * i, 4);
      const sm::Arg kind = v.args()[a];
      points[i].args[a] = kind == sm::Arg::Float ? double(from_bits(b))
                          : kind == sm::Arg::Int ? double(int32_t(b))
                                                 : double(b);
    }
  }
  const auto& outputs = params.at("outputs").as_array();
  for (size_t j = 0; j < outputs.size(); ++j) {
    const json::Value& o = outputs[j];
    const bool nan_fn = o.at("judge").is_null();
    const bool is_int = o.at("kind").as_string() == "int";
    std::vector<rm::Judge::Point> p = points;
    if (!nan_fn && !is_int) rm::Judge(o.at("judge").as_string(), rm::Denormals::Kept).prepare_many(p.data(), n);
    for (size_t i = 0; i < n; ++i) {
      const uint64_t lane_r = counter_bits(seed, j, first + i);  // the same for a (seed, output, lane)
      const bool all_nearest = lane_r % 2 == 0;
      uint32_t want;
      if (nan_fn) {
        want = 0x7fc00000u;
      } else if (is_int) {
        want = uint32_t(int32_t(rm::exact_int(o.at("judge").as_string(), p[i].args)));
      } else if (p[i].certain) {
        want = p[i].nearest;
      } else {
        want = to_bits(float(p[i].approx));
      }
      for (size_t k = 0; k < nk; ++k) {
        uint32_t got = want;
        if (!all_nearest) {
          const uint64_t r = counter_bits(lane_r, k, 0);
          got = is_int ? (r % 4 == 0 ? want + 1 : want) : perturb(want, p[i].approx, r);
        }
        std::memcpy(l.out[k][j].data() + 4 * i, &got, 4);
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
  ASSERT_EQ(a.failures.worst().size(), b.failures.worst().size());
  for (size_t m = 0; m < a.failures.worst().size(); ++m) {
    EXPECT_EQ(a.failures.worst()[m].index, b.failures.worst()[m].index);
    EXPECT_EQ(a.failures.worst()[m].output, b.failures.worst()[m].output);
    EXPECT_EQ(a.failures.worst()[m].note, b.failures.worst()[m].note);
  }
}

// Verifies the lanes both ways, split into chunks across threads as a
// sweep does (each thread its own accumulators), and compares the merged
// results. Returns how many lanes went through the common path's
// eligibility (sanity: the test must exercise it).
void compare_paths(const json::Value& params, const sm::Regime& regime, bool full, uint64_t lanes_wanted,
                   const std::string& what) {
  Verifier fast(params, regime, full, 7, case_stream(what));
  Verifier slow(params, regime, full, 7, case_stream(what));
  slow.disable_common_case();
  const uint64_t total = fast.total();
  const uint64_t lanes = std::min(lanes_wanted, total);
  constexpr size_t kChunk = size_t(1) << 16;
  const size_t chunks = size_t((lanes + kChunk - 1) / kChunk);
  const unsigned threads = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), unsigned(chunks)));
  std::vector<sm::Acc> fast_acc(threads, fast.start(FailureTally())), slow_acc(threads, slow.start(FailureTally()));
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

TEST(MathVerifier, CommonPathEqualsPerLanePathOnEveryFloatCaseQuickInputs) {
  size_t cases = 0;
  for (const Case& c : math_suite().cases) {
    if (!is_float_case(c)) continue;
    ++cases;
    sm::Regime plain;
    compare_paths(c.params, plain, false, UINT64_MAX, c.id + " (full profile)");
    sm::Regime ftz;
    ftz.denorms_may_flush = true;
    compare_paths(c.params, ftz, false, UINT64_MAX, c.id + " (denormals may flush)");
  }
  EXPECT_GT(cases, 90u);  // every float built-in of the catalog
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
  compare_paths(c->params, sm::Regime(), true, large_lanes(), id + " (full mode sample)");
}

INSTANTIATE_TEST_SUITE_P(FullMode, LargeSample, testing::Values("sin", "exp", "log", "sqrt", "divide"));

}  // namespace
