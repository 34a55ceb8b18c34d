// The integer suite's host verification (suites/integer/integer_verify.hpp)
// block by block against the same verification lane by lane, on synthetic
// device results with wrong values injected: the same counts per width, the
// same unjudged lanes (garbage where clamp's bounds are crossed or a 24-bit
// operand is out of range stays unjudged), the same sign probes and the
// same failure records, in the same order. Also: the fill's fast loop for
// exhaustive domains writes the input plan's tuples.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "integer_verify.hpp"
#include "json.hpp"

namespace clconform::suites::integer {
namespace {

namespace ri = ref::integer;

std::string arg(const char* type, unsigned bits, bool is_signed, const char* role = "any") {
  return std::string("{\"type\":\"") + type + "\",\"bits\":" + std::to_string(bits) +
         ",\"signed\":" + (is_signed ? "true" : "false") + ",\"role\":\"" + role + "\"}";
}

// A case's params, as generators/clgen/emit_integer.py writes them (the fields the verifier reads).
json::Value params(const char* fn, const std::vector<std::string>& args, const char* rtype, unsigned rbits,
                   bool rsigned, const char* widths = "[1,2,3,4,8,16]", const char* broadcast = "[]",
                   bool probe = false, const char* sorted = "[]") {
  std::string a;
  for (const auto& s : args) a += (a.empty() ? "" : ",") + s;
  return json::parse(std::string("{\"function\":\"") + fn + "\",\"args\":[" + a + "],\"result\":" +
                     arg(rtype, rbits, rsigned) + ",\"widths\":" + widths + ",\"broadcast\":" + broadcast +
                     ",\"block\":48,\"sign_probe\":" + (probe ? "true" : "false") + ",\"sorted_args\":" + sorted + "}");
}

uint64_t load(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

void expect_same(const Mismatch& a, const Mismatch& b) {
  EXPECT_EQ(a.index, b.index);
  EXPECT_EQ(a.lane, b.lane);
  EXPECT_EQ(a.inputs, b.inputs);
  EXPECT_EQ(a.output, b.output);
  EXPECT_EQ(a.expected, b.expected);
  EXPECT_EQ(a.note, b.note);
  EXPECT_EQ(a.edge, b.edge);
  EXPECT_EQ(a.score, b.score);
  ASSERT_EQ(a.bits.has_value(), b.bits.has_value());
  if (!a.bits) return;
  EXPECT_EQ(a.bits->in_format, b.bits->in_format);
  EXPECT_EQ(a.bits->out_format, b.bits->out_format);
  EXPECT_EQ(a.bits->in_bytes, b.bits->in_bytes);
  EXPECT_EQ(a.bits->out_bytes, b.bits->out_bytes);
  EXPECT_EQ(a.bits->width, b.bits->width);
  EXPECT_EQ(a.bits->inputs, b.bits->inputs);
  EXPECT_EQ(a.bits->output, b.bits->output);
  EXPECT_EQ(a.bits->expected, b.bits->expected);
}

struct Scenario {
  json::Value p;
  bool full;
  uint64_t first;  // the chunk's first lane
  size_t lanes;
  // Share of lanes given a wrong value in one width (or sign probe). Mostly
  // low, so that many blocks hold a single wrong value, which the block
  // path must find on its own (a block with any goes to the per-lane path).
  double wrong_rate;
};

class IntegerVerify : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    keep_ = FailureTally::keep_limit();
    FailureTally::set_keep_limit(1u << 20);  // every record, to compare them all
  }
  void TearDown() override { FailureTally::set_keep_limit(keep_); }
  size_t keep_ = 16;
};

void run_scenario(const Scenario& s, uint64_t seed) {
  const Verifier v(s.p, s.full, 1, 0x5eed);
  const SweepShape shape = v.shape();
  const size_t nk = shape.widths.size(), n = s.lanes, count = (n + 47) / 48 * 48;
  const ref::IntFormat f{unsigned(s.p.at("args").as_array()[0].at("bits").as_int()),
                         s.p.at("args").as_array()[0].at("signed").as_bool()};
  const ref::IntFormat r{unsigned(s.p.at("result").at("bits").as_int()), s.p.at("result").at("signed").as_bool()};
  const ri::Fn fn = *ri::function_named(s.p.at("function").as_string());
  const unsigned rb = r.bits / 8;
  const uint64_t ones = r.bits == 64 ? ~uint64_t(0) : (uint64_t(1) << r.bits) - 1;
  std::vector<unsigned> bcast;
  for (const auto& b : s.p.at("broadcast").as_array()) bcast.push_back(unsigned(b.as_int()));

  std::vector<std::vector<uint8_t>> in, out;
  SweepChunk ch;
  ch.first = s.first;
  ch.valid = n;
  ch.count = count;
  for (unsigned e : shape.in_elem) in.emplace_back(count * e);
  for (auto& b : in) ch.in.push_back(b.data());
  ch.out.resize(nk);
  for (size_t k = 0; k < nk; ++k)
    for (unsigned e : shape.out_elem) {
      out.emplace_back(count * e);
      ch.out[k].push_back(out.back().data());
    }
  v.fill(ch, 0, n / 3);  // the fill in two pieces, as two threads would
  v.fill(ch, n / 3, n);

  // The fill wrote the plan's tuples, broadcast arguments from the block's first lane.
  for (size_t i = 0; i < n; ++i) {
    uint64_t t[3] = {0, 0, 0}, b[3] = {0, 0, 0};
    const uint64_t lane = s.first + i;
    v.plan().at(lane, t);
    v.plan().at(lane - lane % 48, b);
    for (unsigned k : bcast) t[k] = b[k];
    for (size_t a = 0; a < shape.in_elem.size(); ++a)
      ASSERT_EQ(load(ch.in[a] + shape.in_elem[a] * i, shape.in_elem[a]), t[a]) << "lane " << lane << " arg " << a;
  }

  // The synthetic device: right where defined, garbage where not, and
  // wrong values (results and sign probes) at random lanes.
  std::mt19937_64 rng(seed);
  uint64_t wrong = 0, undefined = 0, defined_lanes = 0;
  for (size_t i = 0; i < n; ++i) {
    uint64_t a[3] = {0, 0, 0};
    for (size_t k = 0; k < shape.in_elem.size(); ++k) a[k] = load(ch.in[k] + shape.in_elem[k] * i, shape.in_elem[k]);
    const bool def = ri::defined(fn, f, a);
    const uint64_t want = ri::eval(fn, f, a);
    undefined += !def;
    defined_lanes += def;
    for (size_t k = 0; k < nk; ++k) {
      uint64_t got = fn == ri::Fn::OpLt && shape.widths[k] > 1 && want ? ones : want;
      if (!def) got = rng() & ones;
      std::memcpy(out[k * shape.out_elem.size()].data() + rb * i, &got, rb);
      if (shape.out_elem.size() > 1) out[k * 2 + 1][i] = uint8_t(r.is_signed && (want >> (r.bits - 1)) & 1);
    }
    if (std::uniform_real_distribution<double>(0, 1)(rng) >= s.wrong_rate) continue;
    const size_t k = rng() % nk;
    const bool probe = shape.out_elem.size() > 1 && shape.widths[k] == 1 && rng() % 2;
    uint8_t* p = probe ? out[k * 2 + 1].data() + i : out[k * shape.out_elem.size()].data() + rb * i + rng() % (probe ? 1 : rb);
    *p ^= probe ? uint8_t(1 + rng() % 255) : uint8_t(1u << (rng() % 8));
    wrong += def;
  }

  // Three threads' ranges, of uneven sizes, through both paths.
  const size_t cut[4] = {0, n / 7, n / 7 + 1 + n / 2, n};
  std::vector<VerifyAcc> block(3), lane(3);
  for (int t = 0; t < 3; ++t) {
    v.verify(ch, cut[t], cut[t + 1], block[t]);
    v.verify_lanes(ch, cut[t], cut[t + 1], lane[t]);
  }
  uint64_t found = 0, unjudged = 0, checked = 0;
  for (int t = 0; t < 3; ++t) {
    SCOPED_TRACE("thread " + std::to_string(t));
    const VerifyAcc &b = block[t], &l = lane[t];
    for (size_t k = 0; k < kMaxWidths; ++k) {
      EXPECT_EQ(b.checked[k], l.checked[k]) << "width index " << k;
      EXPECT_EQ(b.failed[k], l.failed[k]) << "width index " << k;
      checked += b.checked[k];
    }
    EXPECT_EQ(b.unjudged, l.unjudged);
    EXPECT_EQ(b.probes, l.probes);
    EXPECT_EQ(b.probe_failed, l.probe_failed);
    EXPECT_EQ(b.disagreements, 0u);
    EXPECT_EQ(b.failures.failed(), l.failures.failed());
    ASSERT_EQ(b.failures.worst().size(), l.failures.worst().size());
    for (size_t m = 0; m < b.failures.worst().size(); ++m) expect_same(b.failures.worst()[m], l.failures.worst()[m]);
    found += b.failures.failed();
    unjudged += b.unjudged;
  }
  // And against what was injected, counted independently of both paths.
  EXPECT_EQ(found, wrong);
  EXPECT_EQ(unjudged, undefined * nk);
  EXPECT_EQ(checked, defined_lanes * nk);
  if (s.wrong_rate > 0) {
    EXPECT_GT(wrong, 0u);
  }
}

std::vector<Scenario> scenarios() {
  const auto s16 = arg("short", 16, true), u16 = arg("ushort", 16, false), c8 = arg("char", 8, true);
  const auto i32 = arg("int", 32, true), u32 = arg("uint", 32, false), l64 = arg("long", 64, true);
  return {
      // Every 16-bit pair (full mode), around the middle of the domain.
      {params("add_sat", {s16, s16}, "short", 16, true), true, (uint64_t(1) << 31) - 5000, 120000, 0.0005},
      {params("mul_hi", {u16, u16}, "ushort", 16, false), true, (uint64_t(1) << 32) - 20000, 80000, 0.0005},
      // clamp: minval > maxval is not judged; every 8-bit triple in full mode, edges and samples in quick.
      {params("clamp", {c8, c8, c8}, "char", 8, true), true, 5000000, 160000, 0.0005},
      {params("clamp", {i32, i32, i32}, "int", 32, true, "[1,2,3,4,8,16]", "[]", false, "[1,2]"), false, 0, 240000, 0.0005},
      // The scalar-bound forms: bounds shared by blocks of 48 lanes.
      {params("clamp", {s16, s16, s16}, "short", 16, true, "[2,3,4,8,16]", "[1,2]"), false, 0, 200000, 0.0005},
      {params("max", {u16, u16}, "ushort", 16, false, "[2,3,4,8,16]", "[1]"), true, 123456 * 48, 120000, 0.0005},
      // 24-bit operands out of range are not judged.
      {params("mad24", {arg("int", 32, true, "mul24"), arg("int", 32, true, "mul24"), i32}, "int", 32, true), false, 0,
       240000, 0.0005},
      {params("mul24", {arg("uint", 32, false, "mul24"), arg("uint", 32, false, "mul24")}, "uint", 32, false), false,
       0, 240000, 0.0005},
      // Result types other than the argument's, with the scalar sign probe.
      {params("upsample", {c8, arg("uchar", 8, false)}, "short", 16, true, "[1,2,3,4,8,16]", "[]", true), false, 0,
       65536, 0.0005},
      {params("abs_diff", {l64, l64}, "ulong", 64, false, "[1,2,3,4,8,16]", "[]", true), false, 0, 120000, 0.0005},
      // Relational: 1 on scalars, -1 on vectors; division's undefined lanes.
      {params("op_lt", {i32, i32}, "int", 32, true), false, 0, 120000, 0.0005},
      {params("op_div", {s16, s16}, "short", 16, true, "[2,3,4,8,16]"), true, 0, 280000, 0.0005},
      {params("op_shl", {i32, arg("int", 32, true, "count")}, "int", 32, true), false, 0, 120000, 0.0005},
      // Many wrong values in every block; a clean chunk; every lane wrong somewhere.
      {params("upsample", {arg("short", 16, true), u16}, "int", 32, true, "[1,2,3,4,8,16]", "[]", true), false, 0,
       65536, 0.02},
      {params("clamp", {c8, c8, c8}, "char", 8, true), true, 7000000, 40000, 0.01},
      {params("rotate", {u32, arg("uint", 32, false, "count")}, "uint", 32, false), false, 0, 30000, 0.0},
      {params("hadd", {s16, s16}, "short", 16, true), true, 77777, 5000, 1.0},
  };
}

TEST_P(IntegerVerify, BlockPathGivesThePerLaneVerdicts) {
  const Scenario s = scenarios().at(size_t(GetParam()));
  SCOPED_TRACE(s.p.at("function").as_string());
  run_scenario(s, 1234 + GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, IntegerVerify, ::testing::Range(0, int(scenarios().size())));

}  // namespace
}  // namespace clconform::suites::integer
