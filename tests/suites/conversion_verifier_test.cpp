// The conversions sweep verifier's block compare against a lane-by-lane
// count written here from the rules alone: for every conversions.explicit
// case of the manifest (900: every source and destination type, rounding
// mode and saturation), its quick-mode lanes with synthetic device results
// (the host's conversion, except one width in eight per lane that is off by
// one bit, a random pattern, zero or a NaN) must give the same numbers of
// passed, implementation-defined, wrapped, NaN and wrong results.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "conversions/conversion_values.hpp"
#include "conversions/explicit_verifier.hpp"
#include "inputs.hpp"
#include "manifest.hpp"

namespace {

using namespace clconform;
namespace cv = clconform::suites::conversions;

struct Counts {
  uint64_t passed = 0, undefined = 0, wrap = 0, nan = 0, failed = 0;
};

TEST(ConversionVerifier, BlockCompareEqualsLaneByLaneCountOnEveryCase) {
  const Suite suite = load_suite(CLCONFORM_TEST_DATA, "conversions");
  size_t cases = 0;
  for (const Case& c : suite.cases) {
    if (c.check != "conversions.explicit") continue;
    ++cases;
    SCOPED_TRACE(c.id);
    const json::Value& p = c.params;
    const auto [src, dst, rnd, sat, fn] = cv::Conversion::from_params(p);
    const std::vector<unsigned> widths = {1, 2, 3, 4, 8, 16};
    // Quick mode with 2^12 lanes beyond the edge values: enough for whole
    // and partial blocks of the verifier (1024 lanes).
    const cv::SourceLanes lanes(src, false, 3, case_stream(c.id), 4096);
    const size_t n = size_t(std::min<uint64_t>(lanes.total(), 5000));
    const cv::Job job{src, dst, rnd, sat, false, false, false, fn, widths, lanes};
    const cv::Lanes fns = cv::lanes_for(src.elem_size, dst.elem_size);

    SweepChunk ch;
    ch.first = 0;
    ch.count = ch.valid = n;
    std::vector<uint8_t> in(size_t(src.elem_size) * n);
    ch.in.push_back(in.data());
    fns.fill(job, ch, 0, n);
    std::vector<std::vector<uint8_t>> out(widths.size(), std::vector<uint8_t>(size_t(dst.elem_size) * n));
    Counts want;
    for (size_t i = 0; i < n; ++i) {
      uint64_t x = 0;
      std::memcpy(&x, in.data() + i * src.elem_size, src.elem_size);
      const cv::Expected e = cv::convert_scalar(src, dst, x, rnd, sat);
      const uint64_t mask = dst.elem_size == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * dst.elem_size)) - 1;
      for (size_t k = 0; k < widths.size(); ++k) {
        uint64_t got = e.bits;
        const uint64_t r = counter_bits(cases, k, i);
        if (r % 8 == 0) {
          switch ((r >> 8) % 4) {
            case 0: got ^= 1; break;
            case 1: got = (r >> 16) & mask; break;
            case 2: got = 0; break;
            default: got = dst.elem_size == 8 ? 0x7ff8000000000001ull : dst.elem_size == 4 ? 0x7fc00001u : 0x7e01u;
          }
          got &= mask;
        }
        std::memcpy(out[k].data() + i * dst.elem_size, &got, dst.elem_size);
        // The rules, lane by lane: implementation-defined results are
        // counted (and whether they hold the wrapped value); a NaN is due
        // where the conversion gives one, and any NaN is right; else the
        // bits must be equal.
        if (!e.defined) {
          ++want.undefined;
          want.wrap += got == e.bits;
        } else if (e.nan ? cv::is_float_nan(dst, got) : got == e.bits) {
          ++want.passed;
          want.nan += e.nan;
        } else {
          ++want.failed;
        }
      }
    }
    ch.out.assign(widths.size(), {});
    for (size_t k = 0; k < widths.size(); ++k) ch.out[k].push_back(out[k].data());

    cv::Tally t;
    fns.verify(job, ch, 0, n, t);
    EXPECT_EQ(t.passed, want.passed);
    EXPECT_EQ(t.undefined, want.undefined);
    EXPECT_EQ(t.undefined_wrap, want.wrap);
    EXPECT_EQ(t.nan, want.nan);
    EXPECT_EQ(t.failures.failed(), want.failed);
    EXPECT_GT(want.failed, 0u);  // the perturbations reached the per-lane path
  }
  EXPECT_GT(cases, 0u);
}

// convert_uint_sat(float) of a NaN, +inf and 1.0 at width 1, the device
// giving GOT, verified with or without -cl-finite-math-only.
cv::Tally verify_nan_inf_one(const uint32_t (&got)[3], bool finite_only) {
  const Suite suite = load_suite(CLCONFORM_TEST_DATA, "conversions");
  const Case* c = suite.find_case("conversions.convert_uint_sat.float");
  cv::Tally t;
  EXPECT_NE(c, nullptr);
  if (c == nullptr) return t;
  const cv::Conversion conv = cv::Conversion::from_params(c->params);
  const std::vector<unsigned> widths = {1};
  const cv::SourceLanes lanes(conv.src, false, 3, 0, 16);
  const uint32_t x[3] = {0x7fc00000u, 0x7f800000u, 0x3f800000u};  // NaN, +inf, 1.0
  const cv::Job job{conv.src, conv.dst, conv.rnd, conv.sat, false, false, finite_only, conv.fn, widths, lanes};
  SweepChunk ch;
  ch.first = 0;
  ch.count = ch.valid = 3;
  std::vector<uint8_t> in(sizeof x), out(sizeof got);
  std::memcpy(in.data(), x, sizeof x);
  std::memcpy(out.data(), got, sizeof got);
  ch.in.push_back(in.data());
  ch.out.assign(1, {out.data()});
  cv::lanes_for(conv.src.elem_size, conv.dst.elem_size).verify(job, ch, 0, 3, t);
  return t;
}

// -cl-finite-math-only, one step inside and outside: convert_uint_sat of a
// NaN must give 0 (6.4.3.3) without the option, and has no verdict with it;
// a finite value's wrong result fails either way.
TEST(ConversionVerifier, FiniteMathOnlyLeavesNaNAndInfinityUnjudged) {
  const uint32_t got[3] = {0x80000000u, 0u, 2u};
  const cv::Tally strict = verify_nan_inf_one(got, false), finite = verify_nan_inf_one(got, true);
  // Without the option: NaN -> 0x80000000 is wrong, +inf -> 0 is wrong (UINT_MAX), 1.0 -> 2 is wrong.
  EXPECT_EQ(strict.failures.failed(), 3u);
  // With it: NaN and +inf have no verdict; 1.0 -> 2 is still wrong.
  EXPECT_EQ(finite.failures.failed(), 1u);
  EXPECT_EQ(finite.undefined, 2u);
}

// Right results (NaN -> 0 and +inf -> UINT_MAX with _sat, 1.0 -> 1): under
// -cl-finite-math-only the first two count as not judged, not as passed,
// whichever path compares them.
TEST(ConversionVerifier, FiniteMathOnlyCountsRightNaNAndInfinityLanesUnjudged) {
  const uint32_t got[3] = {0u, 0xffffffffu, 1u};
  const cv::Tally t = verify_nan_inf_one(got, true);
  EXPECT_EQ(t.failures.failed(), 0u);
  EXPECT_EQ(t.passed, 1u);
  EXPECT_EQ(t.undefined, 2u);
}

}  // namespace
