// The fuzz oracle (reference/fuzz/): each rule one step inside and one step
// outside. Expected values come from MPFR directly or from the IEEE
// formats' definitions, never from the math reference the oracle uses.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>

#include "reference/fuzz/oracle.hpp"

namespace {

using namespace clconform::ref::fuzz;

uint32_t fbits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

const Elem kFloat{true, 32, true};
const Elem kInt{false, 32, true};
const Elem kUint{false, 32, false};
const Elem kChar{false, 8, true};

// A one-work-item program built node by node.
struct Builder {
  Program p;
  explicit Builder(std::vector<Type> args, std::vector<std::vector<uint64_t>> inputs) {
    p.args = std::move(args);
    p.inputs = std::move(inputs);
    p.items = 1;
  }
  int add(Node n) {
    p.nodes.push_back(std::move(n));
    return static_cast<int>(p.nodes.size()) - 1;
  }
  int arg(int i) {
    Node n;
    n.op = Op::Arg;
    n.arg = i;
    n.type = p.args[static_cast<size_t>(i)];
    return add(n);
  }
  int constant(Type t, std::vector<uint64_t> bits) {
    Node n;
    n.op = Op::Const;
    n.type = t;
    n.bits = std::move(bits);
    return add(n);
  }
  int op(Op o, Type t, std::vector<int> in) {
    Node n;
    n.op = o;
    n.type = t;
    n.in = std::move(in);
    return add(n);
  }
  int call(const std::string& fn, Type t, std::vector<int> in, Bound b = {}) {
    Node n;
    n.op = Op::Call;
    n.fn = fn;
    n.type = t;
    n.in = std::move(in);
    n.bound = b;
    return add(n);
  }
  // if (c) float constant THEN else float constant ELSE: the endif node.
  int if_else(int c, uint32_t then_bits, uint32_t else_bits) {
    Node head;
    head.op = Op::If;
    head.type = {kFloat, 1};
    head.in = {c};
    const int i = add(head);
    Node els;
    els.op = Op::Else;
    els.type = {kFloat, 1};
    els.block = i;
    els.in = {constant({kFloat, 1}, {then_bits})};
    add(els);
    Node end;
    end.op = Op::EndIf;
    end.type = {kFloat, 1};
    end.block = i;
    end.in = {constant({kFloat, 1}, {else_bits})};
    return add(end);
  }
  std::vector<Set> eval(int ret, Rules rules = {}) {
    p.ret = ret;
    p.result = p.nodes[static_cast<size_t>(ret)].type;
    return Oracle(p, rules).evaluate(0);
  }
};

Bound ulps(double v) {
  Bound b;
  b.kind = Bound::Kind::Ulps;
  b.ulps = v;
  return b;
}

TEST(FuzzOracle, SinWithinFourUlpIsExactlyTheWindow) {
  Builder b({{kFloat, 1}}, {{fbits(1.0f)}});
  const Set s = b.eval(b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4)))[0];
  ASSERT_TRUE(s.known());
  // sin(1) is in [0.5, 1): its ulp is 2^-24. The window is [sin(1) - 4u, sin(1) + 4u].
  mpfr_t x, lo, hi;
  mpfr_inits2(256, x, lo, hi, nullptr);
  mpfr_set_d(x, 1.0, MPFR_RNDN);
  mpfr_sin(x, x, MPFR_RNDN);
  mpfr_sub_d(lo, x, 4 * std::ldexp(1.0, -24), MPFR_RNDN);
  mpfr_add_d(hi, x, 4 * std::ldexp(1.0, -24), MPFR_RNDN);
  const float lo_f = mpfr_get_flt(lo, MPFR_RNDU), hi_f = mpfr_get_flt(hi, MPFR_RNDD);
  mpfr_clears(x, lo, hi, nullptr);
  EXPECT_TRUE(contains(s, fbits(lo_f), kFloat));
  EXPECT_TRUE(contains(s, fbits(hi_f), kFloat));
  EXPECT_FALSE(contains(s, fbits(std::nextafter(lo_f, 0.0f)), kFloat));
  EXPECT_FALSE(contains(s, fbits(std::nextafter(hi_f, 2.0f)), kFloat));
  EXPECT_FALSE(s.nan);
}

TEST(FuzzOracle, AddIsCorrectlyRoundedToNearestEven) {
  // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: the even one, 1, only.
  Builder b({{kFloat, 1}, {kFloat, 1}}, {{fbits(1.0f)}, {fbits(std::ldexp(1.0f, -24))}});
  const Set s = b.eval(b.op(Op::Add, {kFloat, 1}, {b.arg(0), b.arg(1)}))[0];
  EXPECT_TRUE(s.is_point());
  EXPECT_TRUE(contains(s, fbits(1.0f), kFloat));
  EXPECT_FALSE(contains(s, fbits(std::nextafter(1.0f, 2.0f)), kFloat));
}

TEST(FuzzOracle, SubnormalResultMayFlushOnlyWhenTheRulesSay) {
  // 2^-126 * 0.5 = 2^-127, a subnormal float.
  Builder b({{kFloat, 1}, {kFloat, 1}}, {{fbits(std::ldexp(1.0f, -126))}, {fbits(0.5f)}});
  const int mul = b.op(Op::Mul, {kFloat, 1}, {b.arg(0), b.arg(1)});
  const Set kept = b.eval(mul)[0];
  EXPECT_TRUE(contains(kept, fbits(std::ldexp(1.0f, -127)), kFloat));
  EXPECT_FALSE(contains(kept, fbits(0.0f), kFloat));
  Rules flush;
  flush.flush_float = true;
  const Set flushed = b.eval(mul, flush)[0];
  EXPECT_TRUE(contains(flushed, fbits(0.0f), kFloat));
  EXPECT_TRUE(contains(flushed, fbits(-0.0f), kFloat));
  EXPECT_TRUE(contains(flushed, fbits(std::ldexp(1.0f, -127)), kFloat));
  EXPECT_FALSE(contains(flushed, fbits(std::ldexp(1.0f, -126)), kFloat));
}

TEST(FuzzOracle, ZerosAreTwoValuesUnlessSignsAreNotSignificant) {
  Builder b({{kFloat, 1}}, {{fbits(-0.0f)}});
  const int neg = b.op(Op::Neg, {kFloat, 1}, {b.arg(0)});
  const Set s = b.eval(neg)[0];
  EXPECT_TRUE(contains(s, fbits(0.0f), kFloat));
  EXPECT_FALSE(contains(s, fbits(-0.0f), kFloat));
  Rules nsz;
  nsz.no_signed_zeros = true;
  EXPECT_TRUE(contains(b.eval(neg, nsz)[0], fbits(-0.0f), kFloat));
}

TEST(FuzzOracle, ComparisonOfOverlappingRangesIsUndecided) {
  // sin(1) within 4 ulp against the float nearest sin(1): either order is possible.
  const float near = static_cast<float>(std::sin(1.0));
  Builder b({{kFloat, 1}, {kFloat, 1}}, {{fbits(1.0f)}, {fbits(near)}});
  const int s = b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4));
  const Set lt = b.eval(b.op(Op::Lt, {kInt, 1}, {s, b.arg(1)}))[0];
  EXPECT_EQ(lt.lo, 0);
  EXPECT_EQ(lt.hi, 1);
  // Against 2.0 it is decided: true, the scalar's 1.
  const int two = b.constant({kFloat, 1}, {fbits(2.0f)});
  const Set decided = b.eval(b.op(Op::Lt, {kInt, 1}, {s, two}))[0];
  EXPECT_TRUE(decided.is_point());
  EXPECT_EQ(decided.lo, 1);
}

TEST(FuzzOracle, UndecidedBranchLeavesTheLaneUnjudged) {
  const float near = static_cast<float>(std::sin(1.0));
  Builder b({{kFloat, 1}, {kFloat, 1}}, {{fbits(1.0f)}, {fbits(near)}});
  const int s = b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4));
  const int c = b.op(Op::Lt, {kInt, 1}, {s, b.arg(1)});
  const int e = b.if_else(c, fbits(1.0f), fbits(2.0f));
  const Set r = b.eval(e)[0];
  EXPECT_FALSE(r.known());
  EXPECT_EQ(r.unknown, Unknown::Branch);
}

TEST(FuzzOracle, DecidedBranchTakesItsArm) {
  Builder b({{kInt, 1}}, {{0}});
  const Set r = b.eval(b.if_else(b.arg(0), fbits(1.0f), fbits(2.0f)))[0];
  ASSERT_TRUE(r.is_point());
  EXPECT_TRUE(contains(r, fbits(2.0f), kFloat));
}

TEST(FuzzOracle, LoopRunsItsBodyCountTimes) {
  // acc = 5; three times: acc = acc + iter  ->  5 + 0 + 1 + 2 = 8 (uint).
  Builder b({{kUint, 1}}, {{5}});
  Node loop;
  loop.op = Op::Loop;
  loop.type = {kUint, 1};
  loop.count = 3;
  loop.in = {b.arg(0)};
  const int l = b.add(loop);
  Node iter;
  iter.op = Op::Iter;
  iter.type = {kInt, 1};
  iter.block = l;
  const int it = b.add(iter);
  Node conv;
  conv.op = Op::Convert;
  conv.type = {kUint, 1};
  conv.in = {it};
  const int k = b.add(conv);
  const int next = b.op(Op::Add, {kUint, 1}, {l, k});
  Node end;
  end.op = Op::EndLoop;
  end.type = {kUint, 1};
  end.block = l;
  end.in = {next};
  const Set r = b.eval(b.add(end))[0];
  ASSERT_TRUE(r.is_point());
  EXPECT_EQ(static_cast<long long>(r.lo), 8);
}

TEST(FuzzOracle, SaturatingConversionClampsAndMapsNanToZero) {
  Builder b({{kFloat, 2}}, {{fbits(300.5f), 0x7fc00000u}});
  Node conv;
  conv.op = Op::Convert;
  conv.type = {kChar, 2};
  conv.sat = true;
  conv.in = {b.arg(0)};
  const auto r = b.eval(b.add(conv));
  EXPECT_TRUE(r[0].is_point());
  EXPECT_EQ(static_cast<long long>(r[0].lo), 127);
  EXPECT_EQ(static_cast<long long>(r[1].lo), 0);  // 6.4.3.3: NaN converts to 0 with _sat
}

TEST(FuzzOracle, AsTypeNeedsExactBits) {
  Builder b({{kFloat, 1}}, {{fbits(1.5f)}});
  Node as;
  as.op = Op::As;
  as.type = {kUint, 1};
  as.in = {b.arg(0)};
  const Set exact = b.eval(b.add(as))[0];
  ASSERT_TRUE(exact.is_point());
  EXPECT_EQ(static_cast<uint64_t>(exact.lo), 0x3fc00000u);
  const int s = b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4));
  Node as2 = as;
  as2.in = {s};
  const Set bits_of_range = b.eval(b.add(as2))[0];
  EXPECT_FALSE(bits_of_range.known());
}

TEST(FuzzOracle, MonotoneFunctionOfAWideRangeUsesItsEnds) {
  // exp over [1, 1 + 1000 ulp] (far more values than are enumerated): the
  // window of exp(1) below and of exp(1 + 1000u) above, and nothing beyond.
  const float top = from_bits(fbits(1.0f) + 1000);
  Builder b({{kFloat, 1}, {kFloat, 1}}, {{fbits(1.0f)}, {fbits(top)}});
  // Any value of [1, top]: select(a0, a1, c) with c undecided.
  const int s = b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4));
  const int c = b.op(Op::Lt, {kInt, 1}, {s, b.constant({kFloat, 1}, {fbits(static_cast<float>(std::sin(1.0)))})});
  Node sel;
  sel.op = Op::Select;
  sel.type = {kFloat, 1};
  sel.in = {b.arg(0), b.arg(1), c};
  const int range = b.add(sel);
  const Set e = b.eval(b.call("exp", {kFloat, 1}, {range}, ulps(3)))[0];
  ASSERT_TRUE(e.known());
  EXPECT_TRUE(contains(e, fbits(static_cast<float>(std::exp(1.0))), kFloat));
  EXPECT_TRUE(contains(e, fbits(static_cast<float>(std::exp(static_cast<double>(top)))), kFloat));
  EXPECT_FALSE(contains(e, fbits(2.7f), kFloat));
  EXPECT_FALSE(contains(e, fbits(static_cast<float>(std::exp(static_cast<double>(top)) * 1.0001)), kFloat));
  // sin is not monotone: over that range it is not evaluated.
  const Set s2 = b.eval(b.call("sin", {kFloat, 1}, {range}, ulps(4)))[0];
  EXPECT_EQ(s2.unknown, Unknown::Wide);
}

TEST(FuzzOracle, LogOfARangeReachingBelowZeroMayBeNan) {
  Builder b({{kFloat, 1}, {kFloat, 1}}, {{fbits(-1.0f)}, {fbits(4.0f)}});
  const int s = b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4));
  const int c = b.op(Op::Lt, {kInt, 1}, {s, b.constant({kFloat, 1}, {fbits(static_cast<float>(std::sin(-1.0)))})});
  Node sel;
  sel.op = Op::Select;
  sel.type = {kFloat, 1};
  sel.in = {b.arg(0), b.arg(1), c};
  const Set l = b.eval(b.call("log", {kFloat, 1}, {b.add(sel)}, ulps(3)))[0];
  ASSERT_TRUE(l.known());
  EXPECT_TRUE(l.nan);
  EXPECT_TRUE(contains(l, fbits(-INFINITY), kFloat));  // log(+-0) = -inf lies inside [-1, 4]
  EXPECT_TRUE(contains(l, fbits(static_cast<float>(std::log(4.0))), kFloat));
  EXPECT_FALSE(contains(l, fbits(2.0f), kFloat));
}

TEST(FuzzOracle, RelaxedRulesBoundAnExactZeroInsteadOfPrescribingIt) {
  Builder b({{kFloat, 1}}, {{fbits(0.0f)}});
  const int s = b.call("sin", {kFloat, 1}, {b.arg(0)}, ulps(4));
  const Set strict = b.eval(s)[0];
  EXPECT_TRUE(strict.is_point());  // C99 F.9.1.6 via 7.5.1: sin(+0) = +0
  Rules relaxed;
  relaxed.relaxed = true;
  const Set loose = b.eval(s, relaxed)[0];
  EXPECT_TRUE(contains(loose, 1, kFloat));   // the smallest subnormal: within 4 ulp(0)
  EXPECT_TRUE(contains(loose, fbits(-0.0f), kFloat));
  EXPECT_FALSE(contains(loose, 5, kFloat));  // 5 ulp(0) away
}

TEST(FuzzOracle, FiniteMathOnlyGivesNoVerdictOnInfinities) {
  Builder b({{kFloat, 1}}, {{fbits(INFINITY)}});
  const int e = b.call("exp", {kFloat, 1}, {b.arg(0)}, ulps(3));
  EXPECT_TRUE(b.eval(e)[0].is_point());
  Rules finite;
  finite.finite_only = true;
  EXPECT_EQ(b.eval(e, finite)[0].unknown, Unknown::NonFinite);
}

TEST(FuzzOracle, MadEnableLeavesAProductsSumUnbounded) {
  Builder b({{kFloat, 1}}, {{fbits(3.0f)}});
  const int m = b.op(Op::Mul, {kFloat, 1}, {b.arg(0), b.arg(0)});
  const int a = b.op(Op::Add, {kFloat, 1}, {m, b.arg(0)});
  EXPECT_TRUE(b.eval(a)[0].is_point());
  Rules mad;
  mad.mad_enable = true;
  EXPECT_EQ(b.eval(a, mad)[0].unknown, Unknown::Unbounded);
}

TEST(FuzzOracle, IntegerBuiltinsAreExactAndJudgedBitForBit) {
  Builder b({{kChar, 1}, {kChar, 1}}, {{100}, {100}});
  const Set s = b.eval(b.call("add_sat", {kChar, 1}, {b.arg(0), b.arg(1)}))[0];
  ASSERT_TRUE(s.is_point());
  EXPECT_EQ(static_cast<long long>(s.lo), 127);
  const ItemVerdict right = judge({s}, {127}, kChar);
  const ItemVerdict wrong = judge({s}, {126}, kChar);
  EXPECT_EQ(right.wrong, 0u);
  EXPECT_EQ(wrong.wrong, 1u);
  EXPECT_EQ(wrong.first_wrong, 0);
}

TEST(FuzzOracle, VectorComparisonIsMinusOneAndSelectReadsTheTopBit) {
  Builder b({{kFloat, 2}, {kFloat, 2}}, {{fbits(1.0f), fbits(3.0f)}, {fbits(2.0f), fbits(2.0f)}});
  const int lt = b.op(Op::Lt, {kInt, 2}, {b.arg(0), b.arg(1)});
  const auto c = b.eval(lt);
  EXPECT_EQ(static_cast<long long>(c[0].lo), -1);
  EXPECT_EQ(static_cast<long long>(c[1].lo), 0);
  Node sel;
  sel.op = Op::Select;
  sel.type = {kFloat, 2};
  sel.in = {b.arg(0), b.arg(1), lt};
  const auto r = b.eval(b.add(sel));
  EXPECT_TRUE(contains(r[0], fbits(2.0f), kFloat));  // top bit set: b
  EXPECT_TRUE(contains(r[1], fbits(3.0f), kFloat));  // clear: a
}

TEST(FuzzOracle, CopysignFromANanAllowsEitherSign) {
  // A NaN's sign bit is not kept in a set: copysign(0, -NaN) may be -0 or +0.
  const double neg_nan = -std::nan("");
  uint64_t nb;
  std::memcpy(&nb, &neg_nan, sizeof nb);
  const Elem kDouble{true, 64, true};
  Builder b({{kDouble, 1}, {kDouble, 1}}, {{0}, {nb}});
  Bound exact;
  exact.kind = Bound::Kind::Exact;
  const Set s = b.eval(b.call("copysign", {kDouble, 1}, {b.arg(0), b.arg(1)}, exact))[0];
  EXPECT_TRUE(contains(s, 0x8000000000000000ull, kDouble));
  EXPECT_TRUE(contains(s, 0, kDouble));
  EXPECT_FALSE(contains(s, 1, kDouble));
}

TEST(FuzzOracle, MalformedProgramIsRefused) {
  Builder b({{kFloat, 1}}, {{fbits(1.0f)}});
  b.arg(0);
  Node bad;
  bad.op = Op::Neg;
  bad.type = {kFloat, 1};
  bad.in = {5};  // not an earlier node
  b.add(bad);
  b.p.ret = 1;
  b.p.result = {kFloat, 1};
  EXPECT_THROW(Oracle(b.p, Rules{}), std::invalid_argument);
}

}  // namespace
