// The full-mode extent of a known-failure entry scoped to NaN inputs: NVIDIA's
// saturated conversions of a NaN double (suites/conversions/known_failures.json)
// may excuse at most one wrong value per NaN lane and width in a full run,
// so its max_count_full must be 6 times the NaN lanes of the full source plan
// of every case it covers, counted here from the plan itself.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "conversions/conversion_inputs.hpp"
#include "conversions/explicit_verifier.hpp"
#include "glob.hpp"
#include "inputs.hpp"
#include "json.hpp"
#include "manifest.hpp"

namespace {

using namespace clconform;
namespace cv = clconform::suites::conversions;

bool is_nan_double(uint64_t bits) { return (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (bits << 12) != 0; }

TEST(ConversionsExtent, NanSaturationEntryStatesItsFullModeExtent) {
  const json::Value kf = json::parse_file(CLCONFORM_SOURCE_SUITES "/conversions/known_failures.json");
  const json::Value* entry = nullptr;
  for (const json::Value& e : kf.at("entries").as_array())
    if (e.at("case").as_string() == "conversions.convert_*_sat*.double" && e.at("device").as_string() == "NVIDIA *")
      entry = &e;
  ASSERT_NE(entry, nullptr);
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

}  // namespace
