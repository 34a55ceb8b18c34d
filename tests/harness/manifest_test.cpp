// Suite::program_in_mode: the program a case runs in quick and in full
// mode, which the program cache builds ahead of the case.
#include <gtest/gtest.h>

#include "json.hpp"
#include "manifest.hpp"

namespace clconform {
namespace {

Suite two_program_suite() {
  Suite s;
  s.name = "vectors";
  s.programs["small"] = {"small", "small.cl", {}, ""};
  s.programs["large"] = {"large", "large.cl", {}, ""};
  return s;
}

Case case_with(const std::string& params) {
  Case c;
  c.id = "vectors.x";
  c.program = "small";
  c.params = json::parse(params);
  return c;
}

TEST(Manifest, AFullVariantNamesTheProgramOfFullMode) {
  const Suite s = two_program_suite();
  const Case c = case_with(R"({"full": {"program": "large", "kernel": "k"}})");
  EXPECT_EQ(s.program_in_mode(c, false)->id, "small");
  EXPECT_EQ(s.program_in_mode(c, true)->id, "large");
}

TEST(Manifest, WithoutAFullVariantBothModesRunTheCasesProgram) {
  const Suite s = two_program_suite();
  for (const char* params : {"{}", R"({"full": {"kernel": "k"}})", "[]"}) {
    const Case c = case_with(params);
    EXPECT_EQ(s.program_in_mode(c, false)->id, "small") << params;
    EXPECT_EQ(s.program_in_mode(c, true)->id, "small") << params;
  }
}

TEST(Manifest, AnUnknownFullProgramIsNone) {
  const Suite s = two_program_suite();
  EXPECT_EQ(s.program_in_mode(case_with(R"({"full": {"program": "missing"}})"), true), nullptr);
}

}  // namespace
}  // namespace clconform
