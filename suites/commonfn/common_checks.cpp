// The common suite's check, "common.builtin" (OpenCL C 3.0 spec, 6.15.4):
// one built-in over half, float or double, every overload, through the shared
// engine (suites/builtin_sweep). Inputs follow the function's recipe (the
// catalog names it); verdicts come from reference/common_fns.hpp and the
// 7.4 bound of the overload (reference/fn_bound.hpp).
#include <cmath>
#include <memory>
#include <stdexcept>

#include "builtin_sweep/fn_bound_spec.hpp"
#include "builtin_sweep/fn_case.hpp"
#include "builtin_sweep/fn_inputs.hpp"
#include "checks.hpp"
#include "reference/common_fns.hpp"
#include "reference/ulp.hpp"

namespace clconform::suites {
namespace {

using fn::BoundSpec;
using fn::Lane;
using fn::Overload;
using ref::Mpfr;
namespace rc = ref::common;

template <typename F>
class CommonJudge : public fn::Judge {
  using B = typename F::Bits;

 public:
  CommonJudge(std::string name, std::string recipe, fn::Regime r)
      : name_(std::move(name)), recipe_(std::move(recipe)), r_(r), ftz_(r.ftz(sizeof(B))) {}

  uint64_t items(bool full) const override { return full ? 1 << 16 : 512; }

  fn::Judge::BoundInfo bound(const Overload& ov) const override { return BoundSpec::of(ov, r_).info(); }

  void inputs(const Overload& ov, fn::Rng& rng, fn::Item& it) const override {
    constexpr unsigned bytes = sizeof(B);
    const uint64_t idx = it.index;
    for (size_t a = 0; a < ov.args.size(); ++a)
      for (auto& v : it.args[a]) {
        if (recipe_ == "finite") v = fn::finite_float(rng, idx, bytes);
        else if (recipe_ == "mix" && a == 2) v = fn::unit_value(rng, bytes);
        else if (recipe_ == "mix" && rng.below(4)) v = fn::float_in_binades(rng, bytes, -12, 10);
        else if (recipe_ == "smoothstep") v = fn::float_in_binades(rng, bytes, -6, 6);
        else v = fn::any_float(rng, idx, bytes);
      }
    if (recipe_ == "clamp") order(it.args[1], it.args[2], rng);  // minval <= maxval, mostly
    if (recipe_ == "smoothstep") {
      order(it.args[0], it.args[1], rng);
      // x mostly between the edges, where the interpolation happens.
      for (size_t l = 0; l < it.args[2].size(); ++l) {
        const double e0 = val(it.args[0][it.args[0].size() == 1 ? 0 : l]);
        const double e1 = val(it.args[1][it.args[1].size() == 1 ? 0 : l]);
        if (rng.below(4)) it.args[2][l] = fn::from_double(e0 + (e1 - e0) * (1.2 * rng.uniform() - 0.1), bytes);
      }
      if (idx < fn::kEdgeItems)
        for (auto& v : it.args[2]) v = fn::any_float(rng, idx, bytes);
    }
  }

  void judge(const Overload& ov, const fn::Item& it, std::vector<Lane>& lanes) const override {
    const BoundSpec b = BoundSpec::of(ov, r_);
    for (size_t l = 0; l < lanes.size(); ++l) {
      std::vector<B> x;
      for (const auto& a : it.args) x.push_back(B(a[a.size() == 1 ? 0 : l]));
      lanes[l] = lane(b, x, B(it.out[l]));
    }
  }

 private:
  static double val(uint64_t bits) { return fn::as_double(bits, sizeof(B)); }

  // Swaps lanes so that lo <= hi (one pair in 8 made equal), where both are numbers.
  void order(std::vector<uint64_t>& lo, std::vector<uint64_t>& hi, fn::Rng& rng) const {
    for (size_t l = 0; l < lo.size() && l < hi.size(); ++l) {
      if (val(lo[l]) > val(hi[l])) std::swap(lo[l], hi[l]);
      if (rng.below(8) == 0) hi[l] = lo[l];
    }
  }

  bool any_nonfinite(const std::vector<B>& x) const {
    for (B v : x)
      if (!ref::is_finite<F>(v)) return true;
    return false;
  }

  std::vector<B> flushed(const std::vector<B>& x) const {
    std::vector<B> y = x;
    for (B& v : y) v = rc::flush<F>(v);
    return y;
  }

  static Lane unjudged() {
    Lane l;
    l.status = Lane::Status::Unjudged;
    return l;
  }

  // The exact functions: the result's value must be the reference's (0 ulp;
  // zeros of either sign equal), except sign(), whose zero signs the spec
  // prescribes. With denormals that may flush (7.5.3), the result of the
  // flushed inputs and a flushed result are accepted too.
  B exact_ref(const std::vector<B>& x) const {
    if (name_ == "clamp") return rc::clamp<F>(x[0], x[1], x[2]);
    if (name_ == "max") return rc::max<F>(x[0], x[1]);
    if (name_ == "min") return rc::min<F>(x[0], x[1]);
    if (name_ == "step") return rc::step<F>(x[0], x[1]);
    if (name_ == "sign") return rc::sign<F>(x[0]);
    throw std::runtime_error("common: no exact reference for " + name_);
  }

  bool same(B got, B want) const {
    if (ref::is_nan<F>(want)) return ref::is_nan<F>(got);
    if (name_ == "sign" && !r_.no_signed_zeros) return got == want;
    return !ref::is_nan<F>(got) && val(got) == val(want);
  }

  Lane exact_lane(const std::vector<B>& x, B got) const {
    const B want = exact_ref(x);
    bool ok = same(got, want);
    if (!ok && ftz_) {
      const B alt = exact_ref(flushed(x));
      // A subnormal operand or result may be read as a zero of its sign:
      // compare with both sides flushed.
      const B g = rc::flush<F>(got);
      ok = same(g, rc::flush<F>(want)) || same(g, rc::flush<F>(alt));
    }
    Lane l;
    l.status = ok ? Lane::Status::Pass : Lane::Status::Fail;
    l.ulp = ok ? 0 : ref::ulp_error<F>(got, Mpfr::from_bits<F>(want));
    l.ratio = ok ? 0 : HUGE_VAL;
    l.expected = hex_bits(want, sizeof(B));
    l.expected_bits = want;
    l.rule = name_ + ": 0 ulp (7.4)";
    if (name_ == "sign" && ref::is_zero<F>(x[0])) l.rule = "sign(+-0) = +-0 (6.15.4)", l.edge = "sign_of_zero";
    if (name_ == "sign" && ref::is_nan<F>(x[0])) l.rule = "sign(NaN) = 0.0 (6.15.4)", l.edge = "sign_of_nan";
    return l;
  }

  Mpfr real_ref(const std::vector<B>& x) const {
    if (name_ == "degrees") return rc::degrees<F>(x[0]);
    if (name_ == "radians") return rc::radians<F>(x[0]);
    if (name_ == "mix") return rc::mix<F>(x[0], x[1], x[2]);
    return rc::smoothstep<F>(x[0], x[1], x[2]);
  }

  Lane lane(const BoundSpec& b, const std::vector<B>& x, B got) const {
    if (r_.finite_only && any_nonfinite(x)) return unjudged();  // -cl-finite-math-only
    if (name_ == "clamp" && !rc::clamp_defined<F>(x[1], x[2])) return unjudged();  // minval > maxval
    if ((name_ == "max" || name_ == "min") && any_nonfinite(x)) return unjudged();  // 6.15.4: undefined
    if (b.kind == BoundSpec::Kind::Exact) return exact_lane(x, got);
    if (name_ == "mix") {
      const double a = val(x[2]);
      if (any_nonfinite(x) || !(a >= 0 && a <= 1)) return unjudged();  // a outside [0, 1]: undefined
      if (b.kind == BoundSpec::Kind::Abs && !rc::mix_attainable<F>(x[0], x[1], x[2], b.abs)) return unjudged();
    }
    if (name_ == "smoothstep" && !rc::smoothstep_judgeable<F>(x[0], x[1], x[2])) return unjudged();
    const Mpfr want = real_ref(x);
    Lane l = verdict(b, got, want);
    if (l.status == Lane::Status::Fail && ftz_) {
      Lane alt = verdict(b, got, real_ref(flushed(x)));
      if (alt.status != Lane::Status::Fail) return alt;
      // A result in the subnormal range may be flushed to a zero.
      if (ref::is_zero<F>(got) && want.abs() < Mpfr::from_bits<F>(F::min_normal_bits)) {
        l.status = Lane::Status::Pass;
        l.ratio = 0;
      }
    }
    if (r_.finite_only && !want.is_finite()) return unjudged();
    return l;
  }

  Lane verdict(const BoundSpec& b, B got, const Mpfr& want) const {
    const std::string expected = want.to_decimal(12);
    const uint64_t nearest = want.round_to<F>();
    if (b.kind == BoundSpec::Kind::Ulp)
      return fn::lane_of(ref::fn::judge_ulp<F>(got, want, b.ulp), true, expected, nearest, name_ + ": " + b.text);
    if (b.kind == BoundSpec::Kind::Abs) {
      Lane l = fn::lane_of(ref::fn::judge_abs<F>(got, want, b.abs), true, expected, nearest, name_ + ": " + b.text);
      l.abs = ref::fn::judge_abs<F>(got, want, b.abs).abs;
      return l;
    }
    // Implementation-defined: the error is measured and reported, never failed.
    return fn::lane_of(ref::fn::judge_ulp<F>(got, want, 0), false, expected, nearest, name_ + ": " + b.text);
  }

  std::string name_, recipe_;
  fn::Regime r_;
  bool ftz_;
};

void check_builtin(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string name = p.at("builtin").as_string(), recipe = p.at("inputs").as_string();
  const fn::Regime r = fn::regime_of(run);
  const std::string elem = p.at("elem").as_string();
  std::unique_ptr<fn::Judge> j;
  if (elem == "double") j = std::make_unique<CommonJudge<ref::Double>>(name, recipe, r);
  else if (elem == "half") j = std::make_unique<CommonJudge<ref::Half>>(name, recipe, r);
  else j = std::make_unique<CommonJudge<ref::Float>>(name, recipe, r);
  fn::run_case(run, *j);
}

}  // namespace

void register_commonfn_checks() { register_check("common.builtin", check_builtin, Sharding::Slices); }

}  // namespace clconform::suites
