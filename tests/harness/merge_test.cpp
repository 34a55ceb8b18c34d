// merge_shards on shard records built here: known-failure counts and xpass
// are judged on the campaign's added counts, not a shard's, a shard whose
// slice held no input gives no verdict, and a whole case's verdict is its
// owner's. (tests/campaign/merge_test.sh merges
// real shards of the default device.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checks.hpp"
#include "errors.hpp"
#include "merge.hpp"

namespace clconform {
namespace {

using json::Value;

Value run_json(int k, int n) {
  return json::parse(R"({"clconform_version": "t", "mode": "full", "seed": 1, "build_options": "",
      "filter": "*", "suites": ["math"], "cases_selected": 1, "known_failures": "kf",
      "started": "2026-01-01T00:00:00Z", "finished": "2026-01-01T00:01:00Z", "duration_s": 60,
      "device": {"name": "d", "vendor": "v", "platform": "p", "platform_version": "1", "driver_version": "1",
                 "version": "1"}, "shard": ")" +
                     std::to_string(k) + "/" + std::to_string(n) + "\"}");
}

// A sweep's record of one shard as the worker writes it: STATUS after the
// known-failure settlement, CHECK the check's own status, WRONG wrong values
// of which EXCUSED one entry (max_count MAX) describes.
Value sweep_record(const std::string& status, const std::string& check, uint64_t begin, uint64_t end,
                   uint64_t wrong, uint64_t excused, uint64_t max) {
  Value r = json::parse(R"({"case": "math.x", "suite": "math", "detail": "", "time_s": 1, "build_s": 0})");
  r["status"] = status;
  r["checked"] = static_cast<unsigned long long>(end - begin);
  r["failed"] = static_cast<unsigned long long>(wrong);
  Value s = Value::object();
  s["begin"] = static_cast<unsigned long long>(begin);
  s["end"] = static_cast<unsigned long long>(end);
  s["total"] = 96ull;
  r["slice"] = s;
  Value entry = json::parse(R"({"entry": "d / * / math.x", "source": "kf: entry 1", "reason": "r"})");
  entry["excused"] = static_cast<unsigned long long>(excused);
  entry["max_count"] = static_cast<unsigned long long>(max);
  Value note = Value::object();
  note["entries"].push_back(entry);
  note["check_status"] = check;
  note["wrong_values"] = static_cast<unsigned long long>(wrong);
  note["excused"] = static_cast<unsigned long long>(excused);
  note["unexcused"] = static_cast<unsigned long long>(wrong - excused);
  note["reason"] = "r";
  r["known_failure"] = note;
  return r;
}

Value merged_of(std::vector<Value> records) {
  std::vector<Shard> shards;
  for (size_t i = 0; i < records.size(); ++i) {
    Shard s;
    s.dir = "s" + std::to_string(i + 1);
    s.run = run_json(int(i) + 1, int(records.size()));
    s.records.push_back(records[i]);
    shards.push_back(std::move(s));
  }
  return merge_shards(std::move(shards)).records.at(0);
}

// One shard's record of a two-shard sweep, as sweep_record takes it.
struct Half {
  const char* status;
  const char* check;
  uint64_t wrong, excused;
};

// Two shards, inputs 0-47 and 48-95, one entry of max_count MAX.
Value merged_halves(const Half& a, const Half& b, uint64_t max) {
  return merged_of({sweep_record(a.status, a.check, 0, 48, a.wrong, a.excused, max),
                    sweep_record(b.status, b.check, 48, 96, b.wrong, b.excused, max)});
}

uint64_t entry_excused(const Value& rec) {
  return rec.at("known_failure").at("entries").as_array()[0].at("excused").as_uint();
}

// max_count 100: 40 + 40 and 50 + 50 fit; 50 + 51 do not, though each
// shard's count does.
TEST(Merge, KnownFailureCountIsTheCampaignsOneStepInsideAndOutside) {
  const Value inside = merged_halves({"known_fail", "fail", 40, 40}, {"known_fail", "fail", 40, 40}, 100);
  EXPECT_EQ(inside.at("status").as_string(), "known_fail");
  EXPECT_EQ(entry_excused(inside), 80u);
  const Value edge = merged_halves({"known_fail", "fail", 50, 50}, {"known_fail", "fail", 50, 50}, 100);
  EXPECT_EQ(edge.at("status").as_string(), "known_fail");
  const Value outside = merged_halves({"known_fail", "fail", 50, 50}, {"known_fail", "fail", 51, 51}, 100);
  EXPECT_EQ(outside.at("status").as_string(), "fail");
  EXPECT_EQ(entry_excused(outside), 101u);
  EXPECT_NE(outside.at("detail").as_string().find("101 wrong values, more than its max_count 100"), std::string::npos)
      << outside.at("detail").as_string();
}

// A shard that met none of the defect's inputs is xpass alone; the campaign
// is known_fail. Only when no shard found a wrong value is it xpass.
TEST(Merge, XpassOnlyWhenNoShardFoundAWrongValue) {
  const Value some = merged_halves({"xpass", "pass", 0, 0}, {"known_fail", "fail", 3, 3}, 10);
  EXPECT_EQ(some.at("status").as_string(), "known_fail");
  EXPECT_EQ(some.at("known_failure").at("wrong_values").as_uint(), 3u);
  const Value none = merged_halves({"xpass", "pass", 0, 0}, {"xpass", "pass", 0, 0}, 10);
  EXPECT_EQ(none.at("status").as_string(), "xpass");
  // A wrong value no entry describes fails the campaign.
  const Value unexcused = merged_halves({"xpass", "pass", 0, 0}, {"fail", "fail", 3, 2}, 10);
  EXPECT_EQ(unexcused.at("status").as_string(), "fail");
  EXPECT_EQ(unexcused.at("known_failure").at("unexcused").as_uint(), 1u);
}

// Shard 2 of 3 held none of the inputs: its info record is no verdict, and
// the campaign's is the other shards'.
TEST(Merge, AShardWithoutInputGivesNoVerdict) {
  Value empty = json::parse(R"({"case": "math.x", "suite": "math", "status": "info", "checked": 0, "failed": 0,
      "detail": "this shard holds none of the case's 96 inputs", "slice": {"begin": 48, "end": 48, "total": 96}})");
  Value a = sweep_record("xpass", "pass", 0, 48, 0, 0, 10), c = sweep_record("known_fail", "fail", 48, 96, 2, 2, 10);
  const Value m = merged_of({a, empty, c});
  EXPECT_EQ(m.at("status").as_string(), "known_fail");
  EXPECT_EQ(m.at("checked").as_uint(), 96u);
  // Without known failures: pass.
  for (Value* v : {&a, &c}) {
    (*v)["status"] = "pass";
    (*v)["failed"] = 0ull;
    (*v)["known_failure"] = Value();
  }
  EXPECT_EQ(merged_of({a, empty, c}).at("status").as_string(), "pass");
  // The same for a shard whose inputs all have undefined results: it holds
  // a slice, but compared nothing.
  Value undefined = json::parse(R"({"case": "math.x", "suite": "math", "status": "info", "checked": 0, "failed": 0,
      "detail": "all undefined", "slice": {"begin": 48, "end": 48, "total": 96}})");
  a["slice"]["end"] = 40ull;
  a["checked"] = 40ull;
  undefined["slice"]["begin"] = 40ull;
  const Value m2 = merged_of({a, undefined, c});
  EXPECT_EQ(m2.at("status").as_string(), "pass");
  EXPECT_EQ(m2.at("checked").as_uint(), 88u);
}

// A case that is no sweep, as shard K of N records it when shard OWNER runs
// it: the owner's verdict STATUS, the others' info without running it.
Value whole_record(uint64_t k, uint64_t owner, const std::string& status) {
  Value r = json::parse(R"({"case": "types.x", "suite": "types", "checked": 0, "failed": 0, "time_s": 1})");
  r["whole_in_shard"] = static_cast<unsigned long long>(owner);
  r["status"] = k == owner ? status : "info";
  r["detail"] = k == owner ? "ran" : "a whole case: shard " + std::to_string(owner) + " runs it";
  if (k == owner) r["checked"] = 7ull;
  return r;
}

// The merged record of a whole case is its owner's, whichever shard that is
// and whatever the others' info records say.
TEST(Merge, AWholeCaseTakesItsOwnersVerdict) {
  for (uint64_t owner = 1; owner <= 3; ++owner) {
    for (const char* status : {"pass", "fail", "crash"}) {
      std::vector<Value> parts;
      for (uint64_t k = 1; k <= 3; ++k) parts.push_back(whole_record(k, owner, status));
      const Value m = merged_of(parts);
      EXPECT_EQ(m.at("status").as_string(), status) << "owner " << owner;
      EXPECT_EQ(m.at("detail").as_string(), "ran") << "owner " << owner;
      EXPECT_EQ(m.at("checked").as_uint(), 7u);
    }
  }
}

// Shards that each left the case to another ran it nowhere: no verdict can
// be made, and merge refuses.
TEST(Merge, AWholeCaseThatNoShardRanIsRefused) {
  std::vector<Value> parts = {whole_record(1, 2, "pass"), whole_record(2, 3, "pass"), whole_record(3, 1, "pass")};
  for (Value& p : parts) p["status"] = "info";
  EXPECT_THROW(merged_of(parts), SetupError);
}

// The whole cases are dealt out in turn: N shards own the same number of
// them, give or take one, and each case has one owner among 1..N.
TEST(Merge, OwnerShardsDealWholeCasesInTurn) {
  for (uint64_t n : {1u, 2u, 3u, 7u, 64u}) {
    std::vector<uint64_t> owned(n + 1, 0);
    for (uint64_t i = 0; i < 1000; ++i) {
      const uint64_t k = owner_shard(i, n);
      ASSERT_GE(k, 1u);
      ASSERT_LE(k, n);
      ++owned[k];
    }
    for (uint64_t k = 1; k <= n; ++k) EXPECT_LE(owned[k] - 1000 / n, 1u) << k << " of " << n;
  }
}

}  // namespace
}  // namespace clconform
