// The full-mode extents of known-failure entries scoped by their inputs: an
// entry may excuse at most one wrong value per lane its inputs cover and
// per width, so its max_count_full must be 6 times those lanes of the full
// plan of every case it covers, counted here from the plan itself.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "builtin_sweep/fn_case.hpp"
#include "builtin_sweep/fn_inputs.hpp"
#include "conversions/conversion_inputs.hpp"
#include "conversions/explicit_verifier.hpp"
#include "geometric/geometric_judge.hpp"
#include "glob.hpp"
#include "inputs.hpp"
#include "json.hpp"
#include "manifest.hpp"
#include "math/math_verifier.hpp"
#include "reference/fp_bits.hpp"

namespace {

using namespace clconform;
namespace cv = clconform::suites::conversions;

// The entry of SUITE's list for DEVICE and CASE (globs as written there).
const json::Value& entry_of(const std::string& suite, const std::string& device, const std::string& case_glob) {
  static std::vector<json::Value> lists;
  lists.push_back(json::parse_file(CLCONFORM_SOURCE_SUITES "/" + suite + "/known_failures.json"));
  for (const json::Value& e : lists.back().at("entries").as_array())
    if (e.at("case").as_string() == case_glob && e.at("device").as_string() == device) return e;
  throw std::runtime_error("no entry " + device + " / " + case_glob + " in " + suite);
}

bool is_nan_double(uint64_t bits) { return ref::is_nan<ref::Double>(bits); }

TEST(KnownFailureExtent, NanSaturationEntryStatesItsFullModeExtent) {
  const json::Value* entry = &entry_of("conversions", "NVIDIA *", "conversions.convert_*_sat*.double");
  ASSERT_EQ(entry->at("excuses").at("inputs").at("class").as_array().at(0).as_string(), "nan");
  const uint64_t stated = entry->at("excuses").at("max_count_full").as_uint();

  const Suite suite = load_suite(CLCONFORM_TEST_DATA, "conversions");
  size_t cases = 0;
  for (const Case& c : suite.cases) {
    if (!glob_match(entry->at("case").as_string(), c.id)) continue;
    ++cases;
    const auto [src, dst, rnd, sat, fn] = cv::Conversion::from_params(c.params);
    const cv::SourceLanes lanes(src, true, 1, case_stream(c.id), 1 << 16);
    // The plan's NaNs: the edge values', then the stratified lanes'. A
    // stratified lane takes exponent field k mod 2048 (conversion_inputs.cpp),
    // so only every 2048th can be a NaN; the others are checked on a sample.
    const uint64_t edges = cv::edge_values(src).size();
    uint64_t nans = 0;
    for (uint64_t i = 0; i < edges; ++i) nans += is_nan_double(lanes.at(i));
    for (uint64_t k = 2047; edges + k < lanes.total(); k += 2048) nans += is_nan_double(lanes.at(edges + k));
    for (uint64_t k = 0; edges + k < lanes.total(); k += 2048 * 97 + 1) {
      if (k % 2048 != 2047) {
        ASSERT_FALSE(is_nan_double(lanes.at(edges + k))) << c.id << " lane " << edges + k;
      }
    }
    EXPECT_EQ(6 * nans, stated) << c.id << ": " << nans << " NaN lanes of " << lanes.total();
  }
  EXPECT_EQ(cases, 40u);  // 8 integer destinations x 5 rounding modes
}

bool is_nan_float(uint64_t bits) { return ref::is_nan<ref::Float>(uint32_t(bits)); }

// NVIDIA's convert_long_sat and convert_ulong_sat of a float NaN: the full
// plan of a float source is every float once (lane i holds pattern i), so
// the NaN lanes are those whose exponent field is all ones, in two ranges.
TEST(KnownFailureExtent, FloatNanSaturationEntriesStateTheirFullModeExtent) {
  const Suite suite = load_suite(CLCONFORM_TEST_DATA, "conversions");
  for (const char* glob : {"conversions.convert_long_sat*.float", "conversions.convert_ulong_sat*.float"}) {
    const json::Value& entry = entry_of("conversions", "NVIDIA *", glob);
    ASSERT_EQ(entry.at("excuses").at("inputs").at("class").as_array().at(0).as_string(), "nan");
    const uint64_t stated = entry.at("excuses").at("max_count_full").as_uint();
    size_t cases = 0;
    for (const Case& c : suite.cases) {
      if (!glob_match(glob, c.id)) continue;
      ++cases;
      const auto [src, dst, rnd, sat, fn] = cv::Conversion::from_params(c.params);
      const cv::SourceLanes lanes(src, true, 1, case_stream(c.id), 1 << 16);
      ASSERT_TRUE(lanes.exhaustive()) << c.id;
      ASSERT_EQ(lanes.total(), uint64_t(1) << 32) << c.id;
      for (uint64_t i = 0; i < lanes.total(); i += 65521) ASSERT_EQ(lanes.at(i), i) << c.id;
      uint64_t nans = 0;
      for (const uint64_t first : {0x7F800000ull, 0xFF800000ull})
        for (uint64_t i = first; i < first + (1u << 23); ++i) nans += is_nan_float(lanes.at(i));
      EXPECT_EQ(6 * nans, stated) << c.id << ": " << nans << " NaN lanes";
    }
    EXPECT_EQ(cases, 5u) << glob;  // the five rounding modes
  }
}

// The double lgamma_r sign at zero and the negative integers on PoCL and the
// Intel runtime (suites/math/known_failures.json): inputs x <= 0 that are
// integers. The
// full plan's fixed lanes are counted one by one; a stratified lane k has
// sign k & 1 and exponent field (k >> 1) mod 2047 (math_inputs.cpp, checked
// here on a sample), and may hold such an x only when it is negative with
// an exponent field of 1023 or more (from 1075 on every double is an
// integer; below, only a random significand with zero low bits makes one),
// or its exponent field is 0 (a zero): the extent counts every such lane,
// whatever its significand, so it holds for any seed.
TEST(KnownFailureExtent, LgammaRSignEntriesStateTheirFullModeExtent) {
  const Suite suite = load_suite(CLCONFORM_TEST_DATA, "math");
  const Case* c = suite.find_case("math.fp64.lgamma_r");
  ASSERT_NE(c, nullptr);
  const suites::math::MathVerifier<suites::math::DoubleFormat> v(c->params, suites::math::Regime{}, true, 1,
                                                                   case_stream(c->id));
  const suites::math::InputPlan& plan = v.plan();
  const uint64_t fixed = plan.check_lanes() + plan.edge_lanes();
  ASSERT_EQ(plan.total() - fixed, uint64_t(1) << 32);
  uint64_t lanes = 0;
  for (uint64_t lane = 0; lane < fixed; ++lane) {
    const double x = ref::double_from_bits(plan.at(lane).bits[0]);
    lanes += std::isfinite(x) && x <= 0 && std::trunc(x) == x;
  }
  for (uint64_t k = 0; k < (uint64_t(1) << 32); k += 65537) {  // the stratification's rule, on a sample
    const uint64_t bits = plan.at(fixed + k).bits[0];
    ASSERT_EQ(bits >> 63, k & 1) << k;
    ASSERT_EQ((bits >> 52) & 0x7FF, (k >> 1) % 2047) << k;
  }
  const uint64_t halves = uint64_t(1) << 31;  // lanes of each sign; lane k's field is (k >> 1) mod 2047
  for (uint64_t e = 0; e < 2047; ++e) {
    const uint64_t with_field = (halves - 1 - e) / 2047 + 1;
    if (e >= 1023) lanes += with_field;         // negative ones
    if (e == 0) lanes += 2 * with_field;        // zeros and subnormals, both signs
  }
  // Every entry of this scope: PoCL 3.1's, PoCL 5's and the Intel runtime's.
  const json::Value list = json::parse_file(CLCONFORM_SOURCE_SUITES "/math/known_failures.json");
  size_t entries = 0;
  for (const json::Value& e : list.at("entries").as_array()) {
    const json::Value& in = e.at("excuses").get("inputs");
    if (e.at("case").as_string() != "math.fp64.lgamma_r" || !in.has("integer") || !in.has("range")) continue;
    ASSERT_EQ(in.at("range").as_array().at(1).as_string(), "0");
    ++entries;
    EXPECT_EQ(6 * lanes, e.at("excuses").at("max_count_full").as_uint()) << e.at("device").as_string() << ": " << lanes
                                                                          << " lanes";
  }
  EXPECT_EQ(entries, 3u);
}

// The lanes of a geometric case's full plan (seed 1, default regime) whose
// work-item's vector satisfies VECTOR, summed over the case's overloads.
template <typename Pred>
uint64_t geometric_full_lanes(const std::string& case_id, Pred vector, uint64_t seed = 1) {
  const Suite suite = load_suite(CLCONFORM_TEST_DATA, "geometric");
  const Case* c = suite.find_case(case_id);
  if (!c) throw std::runtime_error("no case " + case_id);
  const auto judge = suites::geometric_judge(c->params.at("builtin").as_string(), c->params.at("elem").as_string(), {});
  const auto overloads = suites::fn::overloads_of(c->params);
  const uint64_t stream = case_stream(c->id);
  uint64_t lanes = 0;
  for (size_t k = 0; k < overloads.size(); ++k) {
    const suites::fn::Overload& ov = overloads[k];
    suites::fn::Item it;
    for (uint64_t i = 0; i < judge->items(true); ++i) {
      suites::fn::draw_item(*judge, ov, seed, stream, k, i, it);
      lanes += vector(it.args[0], ov.args[0].bytes);
    }
  }
  return lanes;
}

// The suites' headroom for counts of seeded samples (suites/README.md).
uint64_t with_headroom(uint64_t count) { return (count * 5 + 3) / 4; }

// NVIDIA's normalize of an all-zero vector gives +0 where an element is -0
// (geometric entries with edge normalize_zero): a wrong value in each -0
// lane of each all-zero vector, one in eight of the work-items (the
// judge's magnitude class 3, each element +-0 at random) besides the edge
// values'. The full plan's count for seed 1, with the suites' headroom for
// other seeds (a seed moves it by about 300).
TEST(KnownFailureExtent, NormalizeZeroEntriesStateTheirFullModeExtent) {
  const auto negative_zero_lanes = [](const std::vector<uint64_t>& v, unsigned bytes) {
    uint64_t negative = 0;
    for (uint64_t e : v) {
      const double x = suites::fn::as_double(e, bytes);
      if (x != 0) return uint64_t(0);
      negative += std::signbit(x);
    }
    return negative;
  };
  const json::Value list = json::parse_file(CLCONFORM_SOURCE_SUITES "/geometric/known_failures.json");
  size_t entries = 0;
  for (const std::string elem : {"float", "double"}) {
    const std::string id = "geometric.normalize." + elem;
    const uint64_t lanes = geometric_full_lanes(id, negative_zero_lanes);
    // Four overloads (n = 1..4) of 65,536 work-items: 8,192 zero vectors each,
    // n/2 negative zeros per vector on average.
    EXPECT_NEAR(double(lanes), 40960.0, 1200.0) << id;
    for (const json::Value& e : list.at("entries").as_array()) {
      if (e.at("case").as_string() != id || e.at("device").as_string() != "NVIDIA *" ||
          !e.at("excuses").has("edge") || e.at("excuses").at("edge").as_string() != "normalize_zero")
        continue;
      ++entries;
      EXPECT_EQ(e.at("excuses").at("max_count_full").as_uint(), with_headroom(lanes))
          << id << " / " << e.at("build_options").as_string() << ": " << lanes << " lanes";
    }
  }
  EXPECT_EQ(entries, 4u);  // float and double, plain and -cl-denorms-are-zero
}

// NVIDIA's fast_normalize of a vector whose elements all lie below 2^-63 in
// magnitude (the entry's abs_range) gives infinities, and NaNs for its zero
// elements, where its squares underflow (the float rsqrt of a zero sum):
// every lane of each non-zero vector whose squares all round to zero in
// float is wrong, and no lane of a vector outside the scope or of a zero
// vector (p itself, right). The count between is the device's, so the entry
// states the full run's count with the suites' headroom; it must lie
// between those two extents of the plan (seed 1), with the same headroom.
TEST(KnownFailureExtent, FastNormalizeTinyEntryStatesItsFullModeExtent) {
  const auto vanishing_lanes = [](const std::vector<uint64_t>& v, unsigned bytes) {
    bool nonzero = false;
    for (uint64_t e : v) {
      const float x = float(suites::fn::as_double(e, bytes));
      if (x * x != 0.0f) return uint64_t(0);
      nonzero = nonzero || x != 0.0f;
    }
    return nonzero ? uint64_t(v.size()) : 0;
  };
  const auto in_scope_lanes = [](const std::vector<uint64_t>& v, unsigned bytes) {
    bool nonzero = false;
    for (uint64_t e : v) {
      const double x = suites::fn::as_double(e, bytes);
      if (std::fabs(x) > 0x1p-63) return uint64_t(0);
      nonzero = nonzero || x != 0;
    }
    return nonzero ? uint64_t(v.size()) : 0;
  };
  const std::string id = "geometric.fast_normalize.float";
  const uint64_t least = geometric_full_lanes(id, vanishing_lanes), most = geometric_full_lanes(id, in_scope_lanes);
  ASSERT_LT(least, most);
  const json::Value list = json::parse_file(CLCONFORM_SOURCE_SUITES "/geometric/known_failures.json");
  size_t entries = 0;
  for (const json::Value& e : list.at("entries").as_array()) {
    if (e.at("case").as_string() != id || e.at("device").as_string() != "NVIDIA *" ||
        e.at("build_options").as_string() != "" || !e.at("excuses").get("inputs").has("abs_range"))
      continue;
    ++entries;
    const uint64_t stated = e.at("excuses").at("max_count_full").as_uint();
    EXPECT_GE(stated, with_headroom(least));
    EXPECT_LE(stated, with_headroom(most));
  }
  EXPECT_EQ(entries, 1u);
}

}  // namespace

