#include <gtest/gtest.h>

#include "cli_args.hpp"
#include "errors.hpp"

using namespace clconform;

TEST(CliArgs, ValuesFlagsAndPositionals) {
  CliArgs a({"--suite", "astype", "--seed=9", "--no-report", "dir"}, {"suite", "seed"}, {"no-report"});
  EXPECT_EQ(a.get("suite"), "astype");
  EXPECT_EQ(a.get("seed"), "9");
  EXPECT_TRUE(a.has("no-report"));
  EXPECT_EQ(a.get("mode", "quick"), "quick");
  ASSERT_EQ(a.positional().size(), 1u);
  EXPECT_EQ(a.positional()[0], "dir");
}

TEST(CliArgs, BuildOptionsStartingWithDashesAreValues) {
  CliArgs a({"--build-options", "-cl-denorms-are-zero -DX=1"}, {"build-options"}, {});
  EXPECT_EQ(a.get("build-options"), "-cl-denorms-are-zero -DX=1");
}

TEST(CliArgs, MistakesAreSetupErrors) {
  EXPECT_THROW(CliArgs({"--bogus"}, {"suite"}, {}), SetupError);
  EXPECT_THROW(CliArgs({"--suite"}, {"suite"}, {}), SetupError);
  EXPECT_THROW(CliArgs({"--no-report=1"}, {}, {"no-report"}), SetupError);
}
