// Known failures excuse wrong values that fit their description, at most
// max_count of them; anything else keeps the case failing.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <random>
#include <set>
#include <fstream>

#include "errors.hpp"
#include "known_failures.hpp"

using namespace clconform;

namespace {

std::string write_temp(const std::string& text, const std::string& name = "known_failures_test.json") {
  std::string path = testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// One entry on device "dev", driver "1.0", case "math.sin", with EXCUSES.
std::string one_entry(const std::string& excuses, const std::string& extra = "") {
  return R"({"entries": [{"device": "dev", "driver": "1.*", "case": "math.sin", "reason": "r",)" + extra +
         R"( "excuses": )" + excuses + R"(, "evidence": {"input": "0x0"}}]})";
}

// A float result of width W: input X, output GOT, reference WANT, ULP error.
Mismatch wrong_float(uint32_t x, uint32_t got, uint32_t want, unsigned w = 1, double ulp = 5) {
  Mismatch m;
  m.ulp = ulp;
  m.bits = WrongBits{'f', 'f', 4, 4, w, {x}, got, want};
  return m;
}

json::Value record(const std::string& status) {
  json::Value r = json::Value::object();
  r["case"] = "math.sin";
  r["status"] = status;
  return r;
}

// The status the record ends with after the case saw the wrong values MS.
std::string settle(const KnownFailures& k, const std::vector<Mismatch>& ms, bool full = false) {
  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", full);
  CaseResult r(&ex);
  for (const auto& m : ms) r.fail(m);
  json::Value rec = record(r.status);
  KnownFailures::apply(rec, r);
  return rec.at("status").as_string();
}

constexpr uint32_t kSubnormal = 0x00000123, kOne = 0x3f800000, kTwo = 0x40000000;

}  // namespace

TEST(KnownFailures, AppliesByDeviceDriverCaseAndOptions) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 5})",
                                                    R"( "build_options": "*-cl-denorms-are-zero*",)")));
  EXPECT_EQ(k.for_case("dev", "1.0", "math.sin", "-cl-denorms-are-zero", false).size(), 1u);
  EXPECT_TRUE(k.for_case("dev", "1.0", "math.sin", "", false).empty());
  EXPECT_TRUE(k.for_case("dev", "2.0", "math.sin", "-cl-denorms-are-zero", false).empty());
  EXPECT_TRUE(k.for_case("other", "1.0", "math.sin", "-cl-denorms-are-zero", false).empty());
  EXPECT_TRUE(k.for_case("dev", "1.0", "math.cos", "-cl-denorms-are-zero", false).empty());
}

// An entry for every option but those whose rules accept its values.
TEST(KnownFailures, BuildOptionsExceptLeavesOutTheListedOptions) {
  auto k = KnownFailures::load(write_temp(one_entry(
      R"({"kinds": ["sign_of_zero"], "max_count": 5})",
      R"( "build_options": "*", "build_options_except": ["*-cl-no-signed-zeros*", "*-cl-fast-relaxed-math*"],)")));
  EXPECT_EQ(k.for_case("dev", "1.0", "math.sin", "", false).size(), 1u);
  EXPECT_EQ(k.for_case("dev", "1.0", "math.sin", "-cl-denorms-are-zero", false).size(), 1u);
  EXPECT_TRUE(k.for_case("dev", "1.0", "math.sin", "-cl-no-signed-zeros", false).empty());
  EXPECT_TRUE(k.for_case("dev", "1.0", "math.sin", "-cl-mad-enable -cl-fast-relaxed-math", false).empty());
  EXPECT_THROW(KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 5})",
                                                        R"( "build_options_except": [],)"))),
               SetupError);
  EXPECT_THROW(KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 5})",
                                                        R"( "build_options_except": "*",)"))),
               SetupError);
}

TEST(KnownFailures, ExcusesOnlyTheDescribedInputs) {
  auto k = KnownFailures::load(
      write_temp(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"class": ["subnormal"]}, "max_count": 10})")));
  EXPECT_EQ(settle(k, {wrong_float(kSubnormal, kTwo, kOne)}), "known_fail");
  // The same defect plus one wrong value at a normal input: the case fails.
  EXPECT_EQ(settle(k, {wrong_float(kSubnormal, kTwo, kOne), wrong_float(kOne, kTwo, kOne)}), "fail");
  // Every result moved (the 5-ulp fault): nothing at normal inputs is excused.
  EXPECT_EQ(settle(k, {wrong_float(kOne, kOne + 5, kOne)}), "fail");
}

TEST(KnownFailures, CountsAreBounded) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 2, "max_count_full": 3})")));
  const Mismatch m = wrong_float(kOne, kTwo, kOne);
  EXPECT_EQ(settle(k, {m, m}), "known_fail");
  EXPECT_EQ(settle(k, {m, m, m}), "fail");
  EXPECT_EQ(settle(k, {m, m, m}, true), "known_fail");
  EXPECT_EQ(settle(k, {m, m, m, m}, true), "fail");
}

TEST(KnownFailures, WidthsRangesBitsArgumentsAndErrors) {
  auto widths = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "widths": [3, 16], "max_count": 9})")));
  EXPECT_EQ(settle(widths, {wrong_float(kOne, kTwo, kOne, 3)}), "known_fail");
  EXPECT_EQ(settle(widths, {wrong_float(kOne, kTwo, kOne, 4)}), "fail");

  auto range = KnownFailures::load(
      write_temp(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"abs_range": ["0", "0x1p-100"]}, "max_count": 9})")));
  EXPECT_EQ(settle(range, {wrong_float(kSubnormal | 0x80000000u, kTwo, kOne)}), "known_fail");
  EXPECT_EQ(settle(range, {wrong_float(kOne, kTwo, kOne)}), "fail");

  auto bits = KnownFailures::load(
      write_temp(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"bits": ["0x3f800000"]}, "max_count": 9})")));
  EXPECT_EQ(settle(bits, {wrong_float(kOne, kTwo, kOne)}), "known_fail");
  EXPECT_EQ(settle(bits, {wrong_float(kTwo, kOne, kTwo)}), "fail");

  auto ulp = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_ulp": 2, "max_count": 9})")));
  EXPECT_EQ(settle(ulp, {wrong_float(kOne, kOne + 2, kOne, 1, 2)}), "known_fail");
  EXPECT_EQ(settle(ulp, {wrong_float(kOne, kOne + 5, kOne, 1, 5)}), "fail");

  // "arg" names which argument must fit; without it any argument may.
  auto arg = KnownFailures::load(
      write_temp(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"arg": 1, "class": ["zero"]}, "max_count": 9})")));
  Mismatch two_args = wrong_float(0, kTwo, kOne);
  two_args.bits->inputs = {0, kOne};  // the zero is argument 0
  EXPECT_EQ(settle(arg, {two_args}), "fail");
  two_args.bits->inputs = {kOne, 0};
  EXPECT_EQ(settle(arg, {two_args}), "known_fail");
}

TEST(KnownFailures, KindsAreDerivedFromTheBits) {
  EXPECT_EQ(wrong_kind(wrong_float(kOne, 0x80000000u, 0)), "sign_of_zero");
  EXPECT_EQ(wrong_kind(wrong_float(kOne, 0, kSubnormal)), "flushed");
  EXPECT_EQ(wrong_kind(wrong_float(kOne, 0x7fc00000u, kOne)), "nan_instead");
  EXPECT_EQ(wrong_kind(wrong_float(kOne, kOne, 0x7fc00000u)), "value_instead_of_nan");
  EXPECT_EQ(wrong_kind(wrong_float(kOne, 0xa5a5a5a5u, kOne)), "unwritten");
  EXPECT_EQ(wrong_kind(wrong_float(kOne, kTwo, kOne)), "wrong_value");
  Mismatch named = wrong_float(kOne, kTwo, kOne);
  named.kind = "accepted_illegal";
  EXPECT_EQ(wrong_kind(named), "accepted_illegal");
  EXPECT_EQ(wrong_kind(Mismatch{}), "wrong_value");  // no bits: nothing more can be said

  auto sign = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["sign_of_zero"], "max_count": 9})")));
  EXPECT_EQ(settle(sign, {wrong_float(kOne, 0x80000000u, 0)}), "known_fail");
  EXPECT_EQ(settle(sign, {wrong_float(kOne, kTwo, kOne)}), "fail");  // a wrong value is not a wrong sign
}

TEST(KnownFailures, EdgeEntriesNameTheEdgeCase) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["sign_of_zero"], "edge": "sinpi(+-n)*", "max_count": 9})")));
  Mismatch m = wrong_float(kOne, 0x80000000u, 0);
  EXPECT_EQ(settle(k, {m}), "fail");  // not an edge-case lane
  m.edge = "sinpi(+-n) = +-0";
  EXPECT_EQ(settle(k, {m}), "known_fail");
  m.edge = "sinpi(-0) = -0";
  EXPECT_EQ(settle(k, {m}), "fail");
}

// A value whose edge case is not named (a fuzz finding): an edge-scoped
// entry describes it by its other conditions where it has some beyond the
// kind wrong_value, and not at all where its edge is its only scope.
TEST(KnownFailures, UnnamedEdgesMeetOnlyEntriesScopedOtherwise) {
  auto by_kind = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["sign_of_zero"], "edge": "sinpi(+-n)*", "max_count": 9})")));
  Mismatch m = wrong_float(kOne, 0x80000000u, 0);
  m.edge_unnamed = true;
  EXPECT_EQ(settle(by_kind, {m}), "known_fail");  // -0 for +0: a sign_of_zero value
  Mismatch other = wrong_float(kOne, kTwo, 0);
  other.edge_unnamed = true;
  EXPECT_EQ(settle(by_kind, {other}), "fail");  // a wrong_value: not the kind
  auto by_edge = KnownFailures::load(
      write_temp(one_entry(R"({"kinds": ["wrong_value"], "edge": "tanh(+-inf)*", "max_count": 9})"), "edge_only.json"));
  EXPECT_EQ(settle(by_edge, {other}), "fail");  // its edge is all that scopes it
  auto by_input = KnownFailures::load(write_temp(
      one_entry(R"({"kinds": ["wrong_value"], "edge": "tanh(+-inf)*", "inputs": {"class": ["inf"]}, "max_count": 9})"),
      "edge_input.json"));
  Mismatch at_inf = wrong_float(0x7f800000u, kTwo, kOne);
  at_inf.edge_unnamed = true;
  EXPECT_EQ(settle(by_input, {at_inf}), "known_fail");
  EXPECT_EQ(settle(by_input, {other}), "fail");  // input 1.0: not infinite
  at_inf.edge_unnamed = false;
  EXPECT_EQ(settle(by_input, {at_inf}), "fail");  // a suite's value that names no edge
}

// An entry that names one output of a built-in with several (lgamma_r's
// sign) excuses no wrong value of another (its lgamma value), even one
// that fits every other condition, nor a value that names no output.
TEST(KnownFailures, OutputEntriesExcuseOnlyThatOutput) {
  auto k = KnownFailures::load(write_temp(one_entry(
      R"({"kinds": ["wrong_value"], "output": "lgamma_r.sign", "expected": {"range": ["-1", "1"]}, "max_count": 9})")));
  Mismatch sign = wrong_float(kOne, kTwo, kOne);
  sign.output_name = "lgamma_r.sign";
  EXPECT_EQ(settle(k, {sign}), "known_fail");
  Mismatch value = sign;
  value.output_name = "lgamma_r";
  EXPECT_EQ(settle(k, {value}), "fail");
  value.output_name.clear();
  EXPECT_EQ(settle(k, {value}), "fail");
  // The same with a pattern rather than a name.
  auto glob = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "output": "*.sign", "max_count": 9})")));
  EXPECT_EQ(settle(glob, {sign}), "known_fail");
  value.output_name = "lgamma_r";
  EXPECT_EQ(settle(glob, {value}), "fail");
  value.output_name.clear();
  EXPECT_EQ(settle(glob, {value}), "fail");
  EXPECT_THROW(KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "output": "", "max_count": 9})"))),
               SetupError);
}

TEST(KnownFailures, PassWithAnEntryIsXpassAndRecordSaysWhatMatched) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"class": ["subnormal"]}, "max_count": 10})")));
  EXPECT_EQ(settle(k, {}), "xpass");

  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
  CaseResult r(&ex);
  r.fail(wrong_float(kSubnormal, kTwo, kOne));
  r.fail(wrong_float(kOne, kTwo, kOne));
  json::Value rec = record(r.status);
  KnownFailures::apply(rec, r);
  const json::Value& note = rec.at("known_failure");
  EXPECT_EQ(note.at("excused").as_uint(), 1u);
  EXPECT_EQ(note.at("unexcused").as_uint(), 1u);
  EXPECT_EQ(note.at("entries").as_array().at(0).at("excused").as_uint(), 1u);
  EXPECT_NE(rec.at("detail").as_string().find("1 of 2 wrong values are not described"), std::string::npos);
  const json::Value out = r.to_json();
  EXPECT_EQ(out.at("failures").size(), 1u);          // the unexcused value, kept first
  EXPECT_EQ(out.at("excused_failures").size(), 1u);  // and the excused one, as an example
}

TEST(KnownFailures, ThreadTalliesMergeTheirEntryCounts) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 3})")));
  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
  CaseResult r(&ex);
  FailureTally a = r.tally(), b = r.tally(), empty;
  a.add(wrong_float(kOne, kTwo, kOne));
  b.add(wrong_float(kOne, kTwo, kOne));
  b.add(wrong_float(kOne, kTwo, kOne));
  empty.merge(std::move(a));  // an accumulator without entries takes them from what it merges
  r.merge(std::move(empty));
  r.merge(std::move(b));
  EXPECT_EQ(r.failed(), 3u);
  EXPECT_EQ(r.failures().per_entry().at(0), 3u);
  json::Value rec = record(r.status);
  KnownFailures::apply(rec, r);
  EXPECT_EQ(rec.at("status").as_string(), "known_fail");
}

// A tally writes a wrong value's text only for a value it keeps: every value
// is counted (and matched against the entries), but a value that ranks
// below the kept worst never gets its text written.
TEST(KnownFailures, TalliesWriteTextOnlyForTheValuesTheyKeep) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 1000,
                                                        "inputs": {"bits": ["0x3f800000"]}})")));
  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
  FailureTally t(&ex);
  size_t written = 0;
  // Worst first: the first kKeepExcused excused and keep_limit() unexcused
  // values are kept, and nothing after them.
  for (int i = 0; i < 100; ++i) {
    Mismatch m = wrong_float(i % 2 ? kOne : kTwo, kSubnormal, kOne, 1, 1000 - i);
    m.score = m.ulp;
    m.index = uint64_t(i);
    t.add(m, [&](Mismatch& kept) {
      ++written;
      kept.note = "text of " + std::to_string(i);
    });
  }
  EXPECT_EQ(t.failed(), 100u);
  EXPECT_EQ(t.unexcused(), 50u);
  EXPECT_EQ(t.per_entry().at(0), 50u);
  EXPECT_EQ(written, FailureTally::kKeepExcused + FailureTally::keep_limit());
  ASSERT_EQ(t.excused().size(), FailureTally::kKeepExcused);
  ASSERT_EQ(t.worst().size(), FailureTally::keep_limit());
  EXPECT_EQ(t.excused().front().note, "text of 1");
  EXPECT_EQ(t.excused().front().excused_by, 0);
  EXPECT_EQ(t.worst().front().note, "text of 0");
  EXPECT_EQ(t.worst().front().excused_by, -1);
  EXPECT_EQ(t.worst().back().note, "text of " + std::to_string(2 * (FailureTally::keep_limit() - 1)));
  // Each value worse than all before it is kept when it comes, so each is written.
  FailureTally rising(&ex);
  written = 0;
  for (int i = 0; i < 40; ++i) {
    Mismatch m = wrong_float(kTwo, kSubnormal, kOne, 1, i);
    m.score = m.ulp;
    rising.add(m, [&](Mismatch&) { ++written; });
  }
  EXPECT_EQ(written, 40u);
  EXPECT_EQ(rising.worst().front().ulp, 39);
}

// A value wrong at several widths of one lane, added at once, tallies as
// the same value added once per width: the same counts per entry, the same
// kept values with the same lanes, widths and texts, under entries that do
// not name widths (matched once) and under one that does.
TEST(KnownFailures, WidthsAddedAtOnceTallyAsOneByOne) {
  const unsigned widths[] = {1, 2, 3, 4, 8, 16};
  for (const char* excuses : {R"({"kinds": ["wrong_value"], "max_count": 1000, "inputs": {"bits": ["0x3f800000"]}})",
                              R"({"kinds": ["wrong_value"], "max_count": 1000, "widths": [3, 8]})"}) {
    auto k = KnownFailures::load(write_temp(one_entry(excuses)));
    const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
    FailureTally one(&ex), many(&ex);
    size_t written_one = 0, written_many = 0;
    for (int i = 0; i < 60; ++i) {
      const uint64_t lane = uint64_t(1000 + 7 * i);
      Mismatch m = wrong_float(i % 3 ? kOne : kTwo, kSubnormal, kOne, 1, double((i * 37) % 23));
      m.score = m.ulp;
      m.index = lane;
      const size_t n = 1 + size_t(i) % 6;
      for (size_t w = 0; w < n; ++w) {
        Mismatch each = m;
        each.lane = int(lane % widths[w]);
        each.bits->width = widths[w];
        one.add(each, [&](Mismatch& kept) {
          ++written_one;
          kept.note = "width " + std::to_string(kept.bits->width);
        });
      }
      many.add_widths(m, lane, widths, n, [&](Mismatch& kept) {
        ++written_many;
        kept.note = "width " + std::to_string(kept.bits->width);
      });
    }
    EXPECT_EQ(many.failed(), one.failed());
    EXPECT_EQ(many.unexcused(), one.unexcused());
    EXPECT_EQ(many.per_entry(), one.per_entry());
    EXPECT_EQ(many.entry_max_ulp(), one.entry_max_ulp());
    EXPECT_EQ(written_many, written_one);
    for (const auto& [a, b] : {std::pair{&many.worst(), &one.worst()}, std::pair{&many.excused(), &one.excused()}}) {
      ASSERT_EQ(a->size(), b->size());
      for (size_t i = 0; i < a->size(); ++i) {
        EXPECT_EQ((*a)[i].index, (*b)[i].index);
        EXPECT_EQ((*a)[i].lane, (*b)[i].lane);
        EXPECT_EQ((*a)[i].bits->width, (*b)[i].bits->width);
        EXPECT_EQ((*a)[i].note, (*b)[i].note);
        EXPECT_EQ((*a)[i].excused_by, (*b)[i].excused_by);
      }
    }
    EXPECT_GT(one.per_entry().at(0), 0u);
    EXPECT_GT(one.unexcused(), 0u);
  }
}

// cover_integer answers for a wrong 4-byte integer what cover() answers for
// the Mismatch a math case builds of it (ulp infinite, no edge): over
// entries of every kind of condition, in order, for inputs on both sides
// of each range and outputs that are and are not the unwritten pattern.
TEST(KnownFailures, IntegerCoverIsCoverOfTheWrongValue) {
  auto k = KnownFailures::load(write_temp(R"({"entries": [
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "output": "lgamma_r.sign", "inputs": {"range": ["-inf", "0"], "integer": true}, "max_count": 9}},
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "max_ulp": 3, "max_count": 9}},
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "edge": "*", "max_count": 9}},
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["unwritten"], "output": "lgamma*", "max_count": 9}},
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "expected": {"range": ["-1", "1"]}, "inputs": {"class": ["normal"]}, "max_count": 9}}]})"));
  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
  const uint32_t inputs[] = {0x00000000, 0x80000000, 0xc0400000, 0xc0500000, 0x3f800000, 0x00000001, 0x7f800000};
  const int32_t values[] = {0, 1, -1, 2, -7, int32_t(0xA5A5A5A5u)};
  size_t excused = 0;
  for (const char* output : {"lgamma_r.sign", "frexp.exponent", ""}) {
    const std::vector<int> candidates = ex.integer_candidates(output);
    for (uint32_t x : inputs)
      for (int32_t got : values)
        for (int32_t want : values) {
          if (got == want) continue;
          Mismatch m;
          m.ulp = HUGE_VAL;
          m.output_name = output;
          m.bits = WrongBits{'f', 'i', 4, 4, 1, {x}, uint32_t(got), uint32_t(want)};
          const uint64_t in = x;
          const int c = ex.cover_integer(candidates, &in, 1, 'f', 4, uint32_t(got), uint32_t(want));
          EXPECT_EQ(c, ex.cover(m)) << output << " x " << x << " got " << got << " want " << want;
          excused += c >= 0;
        }
  }
  EXPECT_GT(excused, 0u);
}

// IntegerCover answers as cover_integer does, whether it remembers answers
// (no candidate reads the inputs) or not, over more pairs of output and
// expected value than it has places for, in an order that comes back to
// each, and so does cover_written for any written value; the second list
// reads the inputs in its second entry.
TEST(KnownFailures, IntegerCoverAnswersAsCoverInteger) {
  const char* lists[] = {R"({"entries": [
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "output": "lgamma_r.sign", "expected": {"range": ["-1", "1"], "integer": true}, "max_count": 9}},
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["unwritten"], "max_count": 9}}]})",
                         R"({"entries": [
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "expected": {"range": ["0", "0"]}, "max_count": 9}},
    {"device": "dev", "case": "math.sin", "reason": "r", "evidence": {},
     "excuses": {"kinds": ["wrong_value"], "inputs": {"range": ["-inf", "0"]}, "max_count": 9}}]})"};
  const uint32_t inputs[] = {0x3f800000, 0xbf800000, 0x00000000};
  std::vector<int32_t> values = {0, 1, -1, 2, 257, -255, 513, -511, 7, int32_t(0xA5A5A5A5u), int32_t(0xcdcdcdcdu)};
  std::mt19937 rng(5);
  for (const char* list : lists) {
    auto k = KnownFailures::load(write_temp(list));
    const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
    IntegerCover cover(ex, "lgamma_r.sign");
    const std::vector<int> candidates = ex.integer_candidates("lgamma_r.sign");
    std::set<int> answers;
    for (int n = 0; n < 20000; ++n) {
      const int32_t got = values[rng() % values.size()], want = values[rng() % values.size()];
      const uint64_t x = inputs[rng() % 3];
      const int c = cover.cover(&x, 1, 'f', 4, uint32_t(got), uint32_t(want));
      ASSERT_EQ(c, ex.cover_integer(candidates, &x, 1, 'f', 4, uint32_t(got), uint32_t(want)))
          << "x " << x << " got " << got << " want " << want;
      if (!cover.reads_inputs() && uint32_t(got) != uint32_t(kUnwrittenPattern)) {
        ASSERT_EQ(cover.cover_written(uint32_t(want)), c) << "got " << got << " want " << want;
      }
      answers.insert(c);
    }
    EXPECT_EQ(answers.size(), 3u);  // each entry, and none
  }
}

// count_unkept counts values alike as add_widths counts them while the
// list that would hold them is full of worse ones, and refuses the rest.
TEST(KnownFailures, CountUnkeptIsAddWidthsForValuesNotKept) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 1000,
                                                        "inputs": {"bits": ["0x3f800000"]}})")));
  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
  const unsigned widths[] = {1, 2, 3};
  FailureTally quick(&ex), whole(&ex);
  size_t counted = 0;
  for (int i = 0; i < 200; ++i) {
    Mismatch m = wrong_float(i % 2 ? kOne : kTwo, kSubnormal, kOne, 1, HUGE_VAL);
    m.score = 1e300;
    m.index = uint64_t(i);
    const int e = ex.cover(m);
    whole.add_widths(m, m.index, widths, 3, [](Mismatch&) {});
    if (quick.count_unkept(e, 3, m.ulp, m.score, m.index)) {
      ++counted;
    } else {
      quick.add_widths(m, m.index, widths, 3, [](Mismatch&) {});
    }
  }
  EXPECT_GT(counted, 150u);
  EXPECT_EQ(quick.failed(), whole.failed());
  EXPECT_EQ(quick.unexcused(), whole.unexcused());
  EXPECT_EQ(quick.per_entry(), whole.per_entry());
  EXPECT_EQ(quick.entry_max_ulp(), whole.entry_max_ulp());
  ASSERT_EQ(quick.worst().size(), whole.worst().size());
  ASSERT_EQ(quick.excused().size(), whole.excused().size());
  for (size_t i = 0; i < quick.worst().size(); ++i) EXPECT_EQ(quick.worst()[i].index, whole.worst()[i].index);
  for (size_t i = 0; i < quick.excused().size(); ++i) EXPECT_EQ(quick.excused()[i].index, whole.excused()[i].index);
}

// --keep-failures 0: every wrong value is counted and none kept.
TEST(KnownFailures, AKeepLimitOfZeroKeepsNothing) {
  const size_t before = FailureTally::keep_limit();
  FailureTally::set_keep_limit(0);
  FailureTally t;
  for (int i = 0; i < 3; ++i) t.add(wrong_float(kOne, kSubnormal, kTwo));
  EXPECT_TRUE(t.count_unkept(-1, 2, 5, 5, 9));
  FailureTally::set_keep_limit(before);
  EXPECT_EQ(t.failed(), 5u);
  EXPECT_EQ(t.unexcused(), 5u);
  EXPECT_TRUE(t.worst().empty());
}

TEST(KnownFailures, FailuresThatAreNotWrongValuesAreNeverExcused) {
  auto k = KnownFailures::load(write_temp(one_entry(R"({"kinds": ["wrong_value"], "max_count": 3})")));
  const CaseExcuses ex = k.for_case("dev", "1.0", "math.sin", "", false);
  CaseResult r(&ex);
  r.status = "fail";  // set by a check without a wrong value to show for it
  json::Value rec = record(r.status);
  KnownFailures::apply(rec, r);
  EXPECT_EQ(rec.at("status").as_string(), "fail");
}

TEST(KnownFailures, MalformedEntriesAreRefusedWithTheirPlace) {
  auto message = [](const std::string& text) {
    try {
      KnownFailures::load(write_temp(text));
    } catch (const SetupError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(R"({"entries": [{"device": "x"}]})").find("entry 1: missing 'case'"), std::string::npos);
  EXPECT_NE(message(one_entry(R"({"kinds": ["wrong_value"]})")).find("missing 'max_count'"), std::string::npos);
  EXPECT_NE(message(one_entry(R"({"kinds": ["wrong"], "max_count": 1})")).find("'kinds' has 'wrong'"), std::string::npos);
  EXPECT_NE(message(one_entry(R"({"kinds": ["wrong_value"], "widths": [5], "max_count": 1})")).find("widths"),
            std::string::npos);
  for (const char* w : {"377777777777", "-1", "1e300", "2.5"}) {
    EXPECT_NE(message(one_entry(std::string(R"({"kinds": ["wrong_value"], "widths": [)") + w + R"(], "max_count": 1})"))
                  .find("'widths' may hold only"),
              std::string::npos)
        << w;
  }
  EXPECT_NE(message(one_entry(R"({"kinds": ["wrong_value"], "max_count": 1, "colour": 1})")).find("unknown field 'colour'"),
            std::string::npos);
  EXPECT_NE(message(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"range": ["1", "0"]}, "max_count": 1})"))
                .find("lo > hi"),
            std::string::npos);
  EXPECT_NE(message(one_entry(R"({"kinds": ["wrong_value"], "inputs": {"bits": ["12"]}, "max_count": 1})")).find("bits"),
            std::string::npos);
  EXPECT_NE(message(R"({"entries": [{"device": "d", "case": "c", "reason": "r", "evidence": {}}]})").find("missing 'excuses'"),
            std::string::npos);
  EXPECT_NE(message("not json").find("unreadable known-failures file"), std::string::npos);
  EXPECT_THROW(KnownFailures::load("/nonexistent/known.json"), SetupError);
  EXPECT_NO_THROW(KnownFailures::load(""));
}

TEST(KnownFailures, AFolderReadsEachSuitesList) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "kf_folder";
  fs::remove_all(dir);
  fs::create_directories(dir / "math");
  fs::create_directories(dir / "types");  // a suite without a list
  std::ofstream(dir / "math" / "known_failures.json") << one_entry(R"({"kinds": ["wrong_value"], "max_count": 1})");
  EXPECT_EQ(KnownFailures::load(dir.string()).size(), 1u);
}

// The project's own lists load: every entry is well formed.
TEST(KnownFailures, TheProjectsListsAreValid) {
  EXPECT_NO_THROW(KnownFailures::load(CLCONFORM_SOURCE_SUITES));
}
