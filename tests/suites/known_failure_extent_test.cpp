// The full-mode extents of known-failure entries scoped by their inputs: an
// entry may excuse at most one wrong value per lane its inputs cover and
// per width, so its max_count_full must be 6 times those lanes of the full
// plan of every case it covers, counted here from the plan itself.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "conversions/conversion_inputs.hpp"
#include "conversions/explicit_verifier.hpp"
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

bool is_nan_double(uint64_t bits) { return (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (bits << 12) != 0; }

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

}  // namespace
