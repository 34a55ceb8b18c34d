// The half format of the math suite (math.fp16.<name>): the bounds its
// manifest carries are 7.4's half table, judged at their edge by the half
// judge (a result one half past the bound fails, the last one inside
// passes), with MPFR called directly here as the oracle; the edge rules'
// literals are halves and their prescribed values agree with MPFR; and a
// result between the half bound and the float bound fails through the
// whole verifier (it would pass if the half case carried the float bound).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "case_result.hpp"
#include "manifest.hpp"
#include "math/math_bounds.hpp"
#include "math/math_edge_checks.hpp"
#include "math/math_verifier.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/judge_half.hpp"
#include "reference/mpfr_value.hpp"

namespace {

using namespace clconform;
namespace sm = clconform::suites::math;
namespace rm = clconform::ref::math;
using ref::Half;

const Suite& math_suite() {
  static const Suite s = load_suite(CLCONFORM_TEST_DATA, "math");
  return s;
}

const Case& find_case(const std::string& id) {
  if (const Case* c = math_suite().find_case(id)) return *c;
  throw std::runtime_error("no case " + id);
}

// The half nearest V (V exactly representable in 64 bits), by MPFR at
// half's precision and exponent range.
uint16_t half_bits_of(mpfr_srcptr v) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-23);  // half: subnormals down to 2^-24, as MPFR numbers of exponent >= -23
  mpfr_set_emax(16);
  mpfr_t h;
  mpfr_init2(h, 11);
  int t = mpfr_set(h, v, MPFR_RNDN);
  t = mpfr_check_range(h, t, MPFR_RNDN);
  mpfr_subnormalize(h, t, MPFR_RNDN);
  const double d = mpfr_get_d(h, MPFR_RNDN);
  mpfr_clear(h);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  // Every half is a float: its bits from the float's.
  const uint32_t f = ref::to_bits(float(d));
  const uint16_t sign = uint16_t((f >> 16) & 0x8000);
  const double a = std::fabs(d);
  if (std::isinf(a)) return sign | 0x7C00;
  if (a < 0x1p-14) return uint16_t(sign | uint16_t(std::ldexp(a, 24)));
  const int e = std::ilogb(a);
  return uint16_t(sign | uint16_t((e + 15) << 10) | (uint16_t(std::ldexp(a, 10 - e)) & 0x3FF));
}

double half_value(uint16_t b) { return sm::half_value(b); }

// The error of half G against the real R in half ulps (7.4: the spacing of
// halves at R, 2^(max(floor(log2 |R|), -14) - 10)), rounded up.
double error_ulps(uint16_t g, mpfr_srcptr r) {
  mpfr_t d;
  mpfr_init2(d, 400);
  mpfr_set_d(d, half_value(g), MPFR_RNDN);
  mpfr_sub(d, d, r, MPFR_RNDN);  // exact: both within 400 bits of each other here
  mpfr_abs(d, d, MPFR_RNDN);
  const long e = std::max<long>(long(mpfr_get_exp(r)) - 1, -14);
  mpfr_mul_2si(d, d, 10 - e, MPFR_RNDN);
  const double u = mpfr_get_d(d, MPFR_RNDU);
  mpfr_clear(d);
  return u;
}

using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
int mpfr_ceil_rnd(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_ceil(r, x); }
using Binary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

struct Row {
  const char* id;       // the math.fp16 case
  double table_ulps;    // 7.4's half table, full profile (0.5: correctly rounded)
  Unary f1;
  Binary f2;
  std::vector<std::vector<double>> args;  // halves
};

// 7.4, "ULP Values for Half-Precision Floating-Point Arithmetic Operations".
std::vector<Row> rows() {
  return {
      {"math.fp16.sin", 2, mpfr_sin, nullptr, {{0.7001953125}, {2.900390625}, {-11.5}}},
      {"math.fp16.cos", 2, mpfr_cos, nullptr, {{0.7001953125}, {3.0}, {-100.0}}},
      {"math.fp16.tan", 2.5, mpfr_tan, nullptr, {{0.7001953125}, {1.5}, {-7.0}}},
      {"math.fp16.exp", 2, mpfr_exp, nullptr, {{0.7001953125}, {-3.25}, {9.5}}},
      {"math.fp16.exp2", 2, mpfr_exp2, nullptr, {{0.7001953125}, {-3.30078125}}},
      {"math.fp16.log", 2, mpfr_log, nullptr, {{0.7001953125}, {3.25}, {1000.0}}},
      {"math.fp16.log10", 2, mpfr_log10, nullptr, {{0.7001953125}, {3.25}}},
      {"math.fp16.atan", 2, mpfr_atan, nullptr, {{0.7001953125}, {-30.0}}},
      {"math.fp16.asin", 2, mpfr_asin, nullptr, {{0.7001953125}, {-0.25}}},
      {"math.fp16.sinh", 2, mpfr_sinh, nullptr, {{0.7001953125}, {-5.5}}},
      {"math.fp16.cbrt", 2, mpfr_cbrt, nullptr, {{0.7001953125}, {-300.0}}},
      {"math.fp16.erf", 4, mpfr_erf, nullptr, {{0.7001953125}, {-1.25}}},
      {"math.fp16.tgamma", 4, mpfr_gamma, nullptr, {{0.7001953125}, {5.5}}},
      {"math.fp16.sqrt", 1.5, mpfr_sqrt, nullptr, {{0.7001953125}, {3.0}, {1000.0}}},
      {"math.fp16.rsqrt", 1, mpfr_rec_sqrt, nullptr, {{0.7001953125}, {3.0}}},
      {"math.fp16.pow", 4, nullptr, mpfr_pow, {{0.7001953125, 3.5}, {2.5, -1.75}}},
      {"math.fp16.atan2", 2, nullptr, mpfr_atan2, {{0.7001953125, 3.5}, {-2.5, -1.75}}},
      {"math.fp16.hypot", 2, nullptr, mpfr_hypot, {{0.7001953125, 3.5}}},
      {"math.fp16.divide", 1, nullptr, mpfr_div, {{1.0, 3.0}, {-2.5, 0.7001953125}}},
      {"math.fp16.add", 0.5, nullptr, mpfr_add, {{1.0, 0x1p-11}, {1000.0, 0.3330078125}}},
      {"math.fp16.mul", 0.5, nullptr, mpfr_mul, {{1.0009765625, 3.001953125}}},
  };
}

rm::Bound manifest_bound(const Case& c, const double* args) {
  const json::Value& spec = c.params.at("bounds").at("full").as_array().at(0);
  const sm::LaneBound lb = sm::BoundSpec::parse(spec).at(args);
  return lb.bound;
}

TEST(MathHalf, ManifestBoundsAreTheHalfTable) {
  for (const Row& row : rows()) {
    SCOPED_TRACE(row.id);
    const Case& c = find_case(row.id);
    EXPECT_EQ(c.params.at("format").as_string(), "half");
    const double args[3] = {1, 1, 1};
    const rm::Bound b = manifest_bound(c, args);
    if (row.table_ulps == 0.5) {
      EXPECT_TRUE(b.kind == rm::Bound::Kind::CorrectlyRounded);
    } else {
      EXPECT_TRUE(b.kind == rm::Bound::Kind::Ulps);
      EXPECT_EQ(b.value, row.table_ulps);
    }
  }
}

// One half step inside and one outside the bound, on both sides of the
// real value, for every row and argument.
TEST(MathHalf, BoundsHoldOneStepInsideAndFailOneStepOutside) {
  for (const Row& row : rows()) {
    const Case& c = find_case(row.id);
    const std::string judge_name = c.params.at("outputs").as_array().at(0).at("judge").as_string();
    const rm::HalfJudge judge(judge_name, rm::Denormals::Kept);
    for (const auto& a : row.args) {
      SCOPED_TRACE(std::string(row.id) + " at " + std::to_string(a[0]));
      double args[3] = {a[0], a.size() > 1 ? a[1] : 0, 0};
      for (size_t k = 0; k < a.size(); ++k) ASSERT_EQ(half_value(half_bits_of(ref::Mpfr(a[k], 53).get())), a[k]);
      mpfr_t r, x, y;
      mpfr_inits2(300, r, x, y, (mpfr_ptr)0);
      mpfr_set_d(x, args[0], MPFR_RNDN);
      mpfr_set_d(y, args[1], MPFR_RNDN);
      if (row.f1) row.f1(r, x, MPFR_RNDN); else row.f2(r, x, y, MPFR_RNDN);
      const rm::Bound bound = manifest_bound(c, args);
      const double limit = bound.kind == rm::Bound::Kind::CorrectlyRounded ? 0.5 : bound.value;
      const rm::HalfJudge::Point p = judge.prepare(args);
      const uint16_t nearest = half_bits_of(r);
      for (const int dir : {+1, -1}) {
        // Halves of one sign away from the nearest, in DIR's direction of value.
        const auto step = [&](uint16_t b) {
          const bool up = (dir > 0) != bool(b & 0x8000);
          return uint16_t(up ? b + 1 : b - 1);
        };
        // Correctly rounded: only the nearest half, ties to even (a tie's
        // other half is outside); an ulp bound: every half within it.
        uint16_t inside = nearest;
        if (limit > 0.5) {
          if (error_ulps(inside, r) > limit) continue;  // the nearest is the other side's
          while (error_ulps(step(inside), r) <= limit) inside = step(inside);
        }
        const uint16_t outside = step(inside);
        EXPECT_TRUE(judge.judge(p, inside, bound).pass) << "inside " << std::hex << inside;
        EXPECT_FALSE(judge.judge(p, outside, bound).pass) << "outside " << std::hex << outside;
      }
      mpfr_clears(r, x, y, (mpfr_ptr)0);
    }
  }
}

// Every edge rule of every half case: its literals are halves (the parsed
// argument is the literal's value exactly), and where it prescribes one
// value of a one-output function that MPFR computes, MPFR agrees.
TEST(MathHalf, EdgeRuleLiteralsAreHalvesAndAgreeWithMpfr) {
  int checked = 0, by_mpfr = 0;
  const std::vector<std::pair<std::string, Unary>> unary = {
      {"sin", mpfr_sin}, {"tan", mpfr_tan}, {"sinpi", mpfr_sinpi}, {"tanpi", mpfr_tanpi}, {"cospi", mpfr_cospi},
      {"acos", mpfr_acos}, {"log", mpfr_log}, {"exp", mpfr_exp}, {"sqrt", mpfr_sqrt}, {"ceil", mpfr_ceil_rnd}};
  for (const Case& c : math_suite().cases) {
    const json::Value& f = c.params.get("format");
    if (!f.is_string() || f.as_string() != "half") continue;
    std::vector<sm::Arg> args;
    for (const auto& a : c.params.at("args").as_array()) args.push_back(sm::arg_kind(a.as_string()));
    const auto checks = sm::parse_edge_checks(c.params.at("rules"), args);
    const auto& raw = c.params.at("rules").as_array();
    ASSERT_EQ(checks.size(), raw.size());
    for (size_t i = 0; i < checks.size(); ++i) {
      for (size_t t = 0; t < checks[i].tuples.size(); ++t) {
        for (size_t a = 0; a < args.size(); ++a) {
          if (args[a] != sm::Arg::Half) continue;
          const std::string lit = raw[i].at("args").as_array()[t].as_array()[a].as_string();
          if (lit.find("nan") != std::string::npos || lit.find("inf") != std::string::npos) continue;
          const double want = std::strtod(lit.c_str(), nullptr);
          EXPECT_EQ(half_value(uint16_t(checks[i].tuples[t].bits[a])), want) << c.id << ": " << lit;
          ++checked;
        }
      }
      const std::string name = c.params.at("builtin").as_string();
      Unary fn = nullptr;
      for (const auto& [n, u] : unary)
        if (n == name) fn = u;
      if (!fn || checks[i].expect.size() != 1 || !checks[i].expect[0].is_string()) continue;
      const std::string e = checks[i].expect[0].as_string();
      if (e == "ref" || e == "lt1" || e.rfind("arg", 0) == 0 || e.rfind("copysign", 0) == 0 || e == "absarg0") continue;
      for (const sm::Tuple& t : checks[i].tuples) {
        mpfr_t r, x;
        mpfr_inits2(64, r, x, (mpfr_ptr)0);
        mpfr_set_d(x, half_value(uint16_t(t.bits[0])), MPFR_RNDN);
        fn(r, x, MPFR_RNDN);
        const std::optional<uint64_t> want = sm::expected_bits(checks[i], 0, t, rm::Format::Half);
        ASSERT_TRUE(want.has_value());
        ++by_mpfr;
        if (mpfr_nan_p(r)) {
          EXPECT_TRUE((*want & 0x7FFF) > 0x7C00) << c.id << ": " << checks[i].name;
        } else {
          EXPECT_EQ(half_bits_of(r), *want) << c.id << ": " << checks[i].name << " at " << std::hex << t.bits[0];
        }
        mpfr_clears(r, x, (mpfr_ptr)0);
      }
    }
  }
  EXPECT_GT(checked, 500);
  EXPECT_GT(by_mpfr, 60);
}

// The functions whose value names its format take half's: fract's cap is
// the largest half below 1 (6.15.2: min(x - floor(x), the largest value
// below 1): 0x1.ffcp-1 in half), nextafter steps to the next half. Values by hand.
TEST(MathHalf, FormatDependentFunctionsTakeHalfsOwnValues) {
  const rm::Bound exact{rm::Bound::Kind::Ulps, 0};
  const rm::Bound cr{rm::Bound::Kind::CorrectlyRounded, 0};
  {
    const rm::HalfJudge fract("fract", rm::Denormals::Kept);
    const double args[3] = {-0x1p-12, 0, 0};  // 1 - 2^-12 rounds to 1.0 in half: capped
    const auto p = fract.prepare(args);
    EXPECT_TRUE(fract.judge(p, 0x3BFF, cr).pass);
    EXPECT_FALSE(fract.judge(p, 0x3C00, cr).pass);
  }
  {
    const rm::HalfJudge next("nextafter", rm::Denormals::Kept);
    const double up[3] = {1.0, 2.0, 0}, tiny[3] = {0.0, 1.0, 0};
    EXPECT_TRUE(next.judge(next.prepare(up), 0x3C01, exact).pass);   // 1 + 2^-10
    EXPECT_FALSE(next.judge(next.prepare(up), 0x3C00, exact).pass);
    EXPECT_TRUE(next.judge(next.prepare(tiny), 0x0001, exact).pass);  // 2^-24
    EXPECT_FALSE(next.judge(next.prepare(tiny), 0x0000, exact).pass);
  }
}

// Flush to zero at half (7.5.3, for a device whose CL_DEVICE_HALF_FP_CONFIG
// lacks CL_FP_DENORM): a result below 2^-14 may be a zero of either sign,
// a subnormal argument may be read as a zero; a normal result may not be
// flushed, and nothing is flushed where denormals are kept.
TEST(MathHalf, HalfDenormalsFlushOnlyWhereAllowed) {
  const rm::Bound cr{rm::Bound::Kind::CorrectlyRounded, 0};
  const rm::HalfJudge kept("mul", rm::Denormals::Kept), flush("mul", rm::Denormals::MayFlush);
  const double sub[3] = {0x1p-14, 0.5, 0};  // 2^-15: 0x0200, subnormal
  EXPECT_TRUE(kept.judge(kept.prepare(sub), 0x0200, cr).pass);
  EXPECT_FALSE(kept.judge(kept.prepare(sub), 0x0000, cr).pass);
  EXPECT_TRUE(flush.judge(flush.prepare(sub), 0x0000, cr).pass);
  EXPECT_TRUE(flush.judge(flush.prepare(sub), 0x8000, cr).pass);
  const double normal[3] = {0x1p-13, 0.5, 0};  // 2^-14: the smallest normal
  EXPECT_FALSE(flush.judge(flush.prepare(normal), 0x0000, cr).pass);
  const rm::HalfJudge sqrt_kept("sqrt", rm::Denormals::Kept), sqrt_flush("sqrt", rm::Denormals::MayFlush);
  const rm::Bound b{rm::Bound::Kind::Ulps, 1.5};
  const double tiny[3] = {0x1p-24, 0, 0};  // sqrt = 2^-12 (0x0c00); read as +0: 0
  EXPECT_TRUE(sqrt_kept.judge(sqrt_kept.prepare(tiny), 0x0C00, b).pass);
  EXPECT_FALSE(sqrt_kept.judge(sqrt_kept.prepare(tiny), 0x0000, b).pass);
  EXPECT_TRUE(sqrt_flush.judge(sqrt_flush.prepare(tiny), 0x0000, b).pass);
}

// sin at half: 2 ulp (7.4's half table); at float 4 ulp. A half result
// about 3 ulp from the real value fails the half case through the whole
// verifier, and would pass had the case carried the float case's bound.
TEST(MathHalf, AResultBetweenTheHalfAndTheFloatBoundFails) {
  const Case& half_case = find_case("math.fp16.sin");
  const Case& float_case = find_case("math.sin");
  const double x = 0.7001953125;
  mpfr_t r, xm;
  mpfr_inits2(300, r, xm, (mpfr_ptr)0);
  mpfr_set_d(xm, x, MPFR_RNDN);
  mpfr_sin(r, xm, MPFR_RNDN);
  uint16_t got = half_bits_of(r);
  while (error_ulps(got, r) <= 2.5) ++got;  // positive: one step up is one half up
  const double err = error_ulps(got, r);
  mpfr_clears(r, xm, (mpfr_ptr)0);
  ASSERT_GT(err, 2.0);
  ASSERT_LE(err, 4.0);
  const uint16_t xbits = half_bits_of(ref::Mpfr(x, 53).get());

  const auto failures_with = [&](const json::Value& bounds) {
    json::Value params = half_case.params;
    params["bounds"] = bounds;
    const sm::MathVerifier<sm::HalfFormat> v(params, sm::Regime{}, false, 1, 0);
    const uint64_t lane = v.total() - 65536 + xbits;  // one half argument: every half, in order, last
    SweepChunk ch;
    ch.first = lane;
    ch.count = ch.valid = 1;
    std::vector<uint8_t> in(2);
    ch.in.push_back(in.data());
    v.fill(ch, 0, 1, lane + 1);
    uint16_t filled;
    std::memcpy(&filled, in.data(), 2);
    EXPECT_EQ(filled, xbits);
    std::vector<std::vector<uint8_t>> outs(v.widths().size(), std::vector<uint8_t>(2));
    for (auto& o : outs) {
      std::memcpy(o.data(), &got, 2);
      ch.out.push_back({o.data()});
    }
    std::vector<sm::Acc> accs(1, v.start(FailureTally()));
    v.verify(ch, 0, 1, accs[0]);
    return v.merge(accs).failures.failed();
  };
  EXPECT_EQ(failures_with(half_case.params.at("bounds")), half_case.params.at("widths").as_array().size());
  EXPECT_EQ(failures_with(float_case.params.at("bounds")), 0u);
}

}  // namespace
