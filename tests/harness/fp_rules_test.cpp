// The build options' rules (harness/fp_rules.hpp), each one step inside and
// one step outside: the option alone, an option that includes it, the
// option absent, a word that merely contains it, and the device
// configurations that decide flushing per format.
#include <gtest/gtest.h>

#include "fp_rules.hpp"

using namespace clconform;

namespace {

constexpr cl_device_fp_config kFull = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;

DeviceFp full_device() {
  DeviceFp d;
  d.half = d.single = d.dbl = kFull;
  return d;
}

}  // namespace

TEST(FpRules, NoOptionsOnADeviceWithDenormalsChangeNothing) {
  const FpRules r = fp_rules("", full_device());
  EXPECT_FALSE(r.relaxed || r.finite_only || r.no_signed_zeros || r.fp32_cr_divide_sqrt);
  EXPECT_FALSE(r.may_flush(2) || r.may_flush(4) || r.may_flush(8));
}

TEST(FpRules, DenormsAreZeroFlushesFloatAndDoubleNotHalf) {
  const FpRules r = fp_rules("-cl-denorms-are-zero", full_device());
  EXPECT_TRUE(r.may_flush(4));
  EXPECT_TRUE(r.may_flush(8));
  EXPECT_FALSE(r.may_flush(2));
  EXPECT_FALSE(r.relaxed || r.finite_only || r.no_signed_zeros);
}

TEST(FpRules, AFormatWithoutDenormalsMayFlushWithoutOptions) {
  DeviceFp d = full_device();
  d.half = CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST;
  EXPECT_TRUE(fp_rules("", d).may_flush(2));
  EXPECT_FALSE(fp_rules("", d).may_flush(4));
  d.single = CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST;
  EXPECT_TRUE(fp_rules("", d).may_flush(4));
  EXPECT_FALSE(fp_rules("", d).may_flush(8));
  // No cl_khr_fp16: no half configuration, nothing to flush.
  d.half = 0;
  EXPECT_FALSE(fp_rules("", d).may_flush(2));
}

TEST(FpRules, EachOptionAloneSetsItsOwnRule) {
  const DeviceFp d = full_device();
  EXPECT_TRUE(fp_rules("-cl-no-signed-zeros", d).no_signed_zeros);
  EXPECT_FALSE(fp_rules("-cl-no-signed-zeros", d).relaxed);
  EXPECT_TRUE(fp_rules("-cl-finite-math-only", d).finite_only);
  EXPECT_FALSE(fp_rules("-cl-finite-math-only", d).no_signed_zeros);
  const FpRules mad = fp_rules("-cl-mad-enable", d);
  EXPECT_FALSE(mad.relaxed || mad.finite_only || mad.no_signed_zeros || mad.may_flush(4));
}

TEST(FpRules, UnsafeMathIncludesItsThreeOptionsButNotFiniteOnly) {
  const FpRules r = fp_rules("-cl-unsafe-math-optimizations", full_device());
  EXPECT_TRUE(r.relaxed && r.no_signed_zeros && r.may_flush(4) && r.may_flush(8));
  EXPECT_EQ(effective_fp_options("-cl-unsafe-math-optimizations"),
            (std::vector<std::string>{"-cl-denorms-are-zero", "-cl-mad-enable", "-cl-no-signed-zeros",
                                      "-cl-unsafe-math-optimizations"}));
  EXPECT_FALSE(r.finite_only);
  EXPECT_FALSE(r.may_flush(2));
}

TEST(FpRules, FastRelaxedMathSetsFiniteOnlyAndUnsafeWithWhatUnsafeIncludes) {
  const FpRules r = fp_rules("-cl-fast-relaxed-math", full_device());
  EXPECT_TRUE(r.relaxed && r.finite_only && r.no_signed_zeros && r.may_flush(4));
  EXPECT_EQ(effective_fp_options("-cl-fast-relaxed-math").size(), 6u);
}

TEST(FpRules, CorrectlyRoundedDivideSqrtNeedsTheDeviceBit) {
  DeviceFp d = full_device();
  EXPECT_FALSE(fp_rules("-cl-fp32-correctly-rounded-divide-sqrt", d).fp32_cr_divide_sqrt);
  d.single |= CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
  EXPECT_TRUE(fp_rules("-cl-fp32-correctly-rounded-divide-sqrt", d).fp32_cr_divide_sqrt);
  EXPECT_FALSE(fp_rules("", d).fp32_cr_divide_sqrt);
}

TEST(FpRules, OnlyWholeWordsCount) {
  const DeviceFp d = full_device();
  EXPECT_FALSE(fp_rules("-cl-denorms-are-zeroes", d).may_flush(4));
  EXPECT_FALSE(fp_rules("-DOPT=-cl-fast-relaxed-math", d).relaxed);
  EXPECT_TRUE(fp_rules("-Werror  -cl-denorms-are-zero\t-cl-mad-enable", d).may_flush(4));
  EXPECT_EQ(effective_fp_options("-Werror  -cl-denorms-are-zero\t-cl-mad-enable").size(), 2u);
}
