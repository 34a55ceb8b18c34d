// The geometric suite's check, "geometric.builtin" (OpenCL C 3.0 spec,
// 6.15.5): one built-in over half, float or double, every width, through the
// shared engine (suites/builtin_sweep). References: reference/geometric.hpp
// (dot and cross exact; length, distance, normalize to 300 bits); bounds
// from the catalog's 7.4 formula at the overload's n.
//
// What is judged where intermediates overflow or underflow (README.md):
//  * length, distance, normalize: everywhere; 7.5.1 requires them to work
//    "without overflow or extraordinary precision loss due to underflow",
//    and an infinity passes only where 7.4's overflow rule allows it. Under
//    -cl-unsafe-math-optimizations (and -cl-fast-relaxed-math), which "may
//    violate edge case behavior" (API spec), 7.5.1's requirements lapse
//    where the catalog's entry carries the relaxed rule
//    "squares_may_underflow": not judged where the exact sum of squares lies
//    outside [MIN, MAX] of the format, and a result passes if it is within
//    the bound with any squares below MIN left out of the sum;
//  * length, distance with both a NaN and an infinity among the components
//    (of p0 - p1 for distance, a difference beyond the largest finite value
//    counting as infinite): not judged. The spec prescribes no result there:
//    sqrt of the sum of squares gives a NaN, while a length computed without
//    overflow as 7.5.1 asks follows hypot, +inf whatever the NaN (C99
//    F.9.4.3, which 7.5 adopts for the math functions);
//  * fast_length, fast_distance: not where the exact sum of squares lies
//    outside [FLT_MIN, FLT_MAX] (their definition is half_sqrt of that sum);
//  * fast_normalize: undefined for a sum of squares above FLT_MAX; below
//    FLT_MIN p itself is accepted as well (6.15.5);
//  * dot, cross: not where max * max (the tolerance's own scale) leaves the
//    format's range, or where the tolerance is below half the spacing of the
//    format's smallest values (the defining operations cannot meet it).
#include <cmath>
#include <memory>

#include "builtin_sweep/fn_bound_spec.hpp"
#include "builtin_sweep/fn_case.hpp"
#include "builtin_sweep/fn_inputs.hpp"
#include "checks.hpp"
#include "geometric/geometric_judge.hpp"
#include "reference/common_fns.hpp"
#include "reference/geometric.hpp"
#include "reference/geometric_relaxed.hpp"

namespace clconform::suites {
namespace {

using fn::BoundSpec;
using fn::Lane;
using fn::Overload;
using ref::Mpfr;
namespace rg = ref::geometric;

template <typename F>
class GeometricJudge : public fn::Judge {
  using B = typename F::Bits;

 public:
  GeometricJudge(std::string name, fn::Regime r) : name_(std::move(name)), r_(r), ftz_(r.ftz(sizeof(B))) {}

  uint64_t items(bool full) const override { return full ? 1 << 16 : 1024; }
  bool componentwise() const override { return false; }
  fn::Judge::BoundInfo bound(const Overload& ov) const override { return BoundSpec::of(ov, r_).info(); }

  void inputs(const Overload& ov, fn::Rng& rng, fn::Item& it) const override {
    constexpr unsigned bytes = sizeof(B);
    // Per work-item a magnitude class: moderate, the whole range, near the
    // overflow or underflow of a sum of squares, or a zero vector.
    const unsigned cls = unsigned(rng.below(8));
    for (size_t a = 0; a < ov.args.size(); ++a)
      for (auto& v : it.args[a]) {
        if (it.index < fn::kEdgeItems) v = rng.below(2) ? fn::any_float(rng, it.index, bytes) : fn::float_in_binades(rng, bytes, -3, 3);
        else if (cls == 0) v = fn::float_in_binades(rng, bytes, F::emax - 4, F::emax);
        else if (cls == 1) v = fn::float_in_binades(rng, bytes, F::emin, F::emin / 2 + 4);
        else if (cls == 2) v = fn::random_bits(rng, bytes);
        else if (cls == 3 && name_.find("normalize") != std::string::npos) v = rng.below(2) ? 0 : F::sign_mask;
        else v = fn::float_in_binades(rng, bytes, bytes == 2 ? -6 : -20, bytes == 2 ? 6 : 20);
      }
  }

  void judge(const Overload& ov, const fn::Item& it, std::vector<Lane>& lanes) const override {
    const BoundSpec b = BoundSpec::of(ov, r_);
    const unsigned n = ov.n;
    std::vector<std::vector<B>> x(it.args.size());
    for (size_t a = 0; a < it.args.size(); ++a)
      for (uint64_t v : it.args[a]) x[a].push_back(B(v));
    bool nonfinite = false;
    for (const auto& v : x)
      for (B e : v) nonfinite = nonfinite || !ref::is_finite<F>(e);
    for (size_t l = 0; l < lanes.size(); ++l) {
      if (r_.finite_only && nonfinite) {
        lanes[l].status = Lane::Status::Unjudged;
        continue;
      }
      lanes[l] = lane(b, x, n, unsigned(l), B(it.out[l]));
      // -cl-finite-math-only: results are assumed finite as well.
      if (r_.finite_only && want_nonfinite_) {
        lanes[l].status = Lane::Status::Unjudged;
        continue;
      }
      // A flushing device may treat subnormal inputs as zeros (7.5.3).
      if (lanes[l].status == Lane::Status::Fail && ftz_) {
        auto y = x;
        for (auto& v : y)
          for (B& e : v) e = ref::common::flush<F>(e);
        Lane alt = lane(b, y, n, unsigned(l), B(it.out[l]));
        // The squares of components below sqrt(FLT_MIN) are subnormal and
        // may flush as well (7.5.3; 6.15.5 says as much for fast_normalize):
        // judged as if those components (of p0 - p1 for distances) were zero.
        if (alt.status == Lane::Status::Fail) {
          const Mpfr small = Mpfr::pow2(F::emin / 2);
          for (unsigned i = 0; i < n && i < y[0].size(); ++i) {
            const Mpfr d = y.size() > 1 ? sub(Mpfr::from_bits<F>(y[0][i], 4400), Mpfr::from_bits<F>(y[1][i], 4400), 4400)
                                        : Mpfr::from_bits<F>(y[0][i]);
            if (d.abs() < small)
              for (auto& v : y) v[i] = B(v[i] & F::sign_mask);
          }
          alt = lane(b, y, n, unsigned(l), B(it.out[l]));
        }
        if (alt.status == Lane::Status::Fail && name_.find("normalize") != std::string::npos) {
          std::vector<B> z = x[0];
          for (B& e : z) e = ref::common::flush<F>(e);
          alt = small_squares_flushed(b, z, n, unsigned(l), B(it.out[l]));
        }
        if (alt.status != Lane::Status::Fail) lanes[l] = alt;
        else if (ref::is_zero<F>(B(it.out[l])) && result_tiny_) lanes[l].status = Lane::Status::Pass, lanes[l].ratio = 0;
      }
    }
  }

 private:
  static Lane unjudged() {
    Lane l;
    l.status = Lane::Status::Unjudged;
    return l;
  }

  Lane ulp_lane(const BoundSpec& b, B got, const Mpfr& want, std::string rule) const {
    result_tiny_ = want.abs() < Mpfr::from_bits<F>(F::min_normal_bits);
    want_nonfinite_ = !want.is_finite() || want.abs() > Mpfr::from_bits<F>(F::max_finite_bits);
    return fn::lane_of(ref::fn::judge_ulp<F>(got, want, b.judged() ? b.ulp : 0), b.judged(), want.to_decimal(12),
                       want.round_to<F>(), name_ + ": " + rule);
  }

  // EDGE names the edge case for known-failure entries.
  Lane exact_bits(B got, B want, std::string rule, std::string edge) const {
    Lane l;
    const bool ok = got == want || (r_.no_signed_zeros && ref::is_zero<F>(got) && ref::is_zero<F>(want)) ||
                    (ref::is_nan<F>(got) && ref::is_nan<F>(want));
    l.status = ok ? Lane::Status::Pass : Lane::Status::Fail;
    l.ratio = ok ? 0 : HUGE_VAL;
    l.expected = hex_bits(want, sizeof(B));
    l.expected_bits = want;
    l.rule = name_ + ": " + rule;
    l.edge = std::move(edge);
    return l;
  }

  // normalize and fast_normalize on a flushing device (7.5.3): the squares
  // below the normal range may flush to zero inside the length while the
  // components themselves are divided unflushed, giving p[l] / sqrt(sum of
  // the normal squares). Judged against that real value with the same bound,
  // for finite p whose normal squares are not all zero.
  Lane small_squares_flushed(const BoundSpec& b, const std::vector<B>& p, unsigned n, unsigned l, B got) const {
    Lane fail;
    fail.status = Lane::Status::Fail;
    std::vector<B> big(p.begin(), p.begin() + n);
    const Mpfr small = Mpfr::pow2(F::emin / 2);  // |x| < 2^(emin/2): x * x below 2^emin
    bool any = false;
    for (B& e : big) {
      if (!ref::is_finite<F>(e)) return fail;
      if (Mpfr::from_bits<F>(e).abs() < small) e = B(e & F::sign_mask);
      else any = true;
    }
    if (!any) return fail;
    const Mpfr want = div(Mpfr::from_bits<F>(p[l]), rg::length<F>(big.data(), n), rg::kPrecision);
    return ulp_lane(b, got, want, b.text + ", subnormal squares flushed in the length (7.5.3)");
  }

  Lane lane(const BoundSpec& b, const std::vector<std::vector<B>>& x, unsigned n, unsigned l, B got) const {
    result_tiny_ = false;
    want_nonfinite_ = false;
    const B* p0 = x[0].data();
    const B* p1 = x.size() > 1 ? x[1].data() : nullptr;
    const Mpfr fmax = Mpfr::from_bits<F>(F::max_finite_bits), fmin = Mpfr::from_bits<F>(F::min_normal_bits);
    if (name_ == "dot" || name_ == "cross") {
      if (name_ == "cross" && l == 3) return exact_bits(ref::is_zero<F>(got) ? B(0) : got, B(0), "w component is 0.0 (either sign)", "cross_w");
      const unsigned m = name_ == "cross" ? 3 : n;
      const Mpfr mx = rg::max_abs<F>({p0, p1}, m);
      if (!mx.is_finite()) return unjudged();  // NaN or infinite operands: no finite tolerance applies
      const Mpfr tol = ref::fn::max_sq_tolerance(mx, b.k, b.eps_log2);
      if (b.judged() && !rg::max_sq_judgeable<F>(mx, tol, b.k, ftz_)) return unjudged();
      const Mpfr want = name_ == "dot" ? rg::dot<F>(p0, p1, n) : rg::cross<F>(p0, p1, l);
      const auto v = ref::fn::judge_abs<F>(got, want, tol);
      Lane out = fn::lane_of(v, b.judged(), want.to_decimal(12), want.round_to<F>(), name_ + ": " + b.text);
      out.abs = v.abs;
      return out;
    }
    const bool relaxed_squares = r_.relaxed && b.relaxed_squares;
    if (name_ == "length" || name_ == "distance") {
      if (rg::nan_with_infinity<F>(p0, p1, n)) return unjudged();
      if (relaxed_squares && !rg::squares_in_range<F>(p0, p1, n)) return unjudged();
      Lane v = ulp_lane(b, got, p1 ? rg::distance<F>(p0, p1, n) : rg::length<F>(p0, n), b.text);
      return v.status == Lane::Status::Fail && relaxed_squares ? squares_dropped(b, p0, p1, n, -1, got, v) : v;
    }
    if (name_ == "fast_length" || name_ == "fast_distance") {
      if (!rg::squares_in_range<F>(p0, p1, n)) return unjudged();  // outside half_sqrt's domain
      return ulp_lane(b, got, p1 ? rg::distance<F>(p0, p1, n) : rg::length<F>(p0, n), b.text);
    }
    // normalize, fast_normalize
    bool zero = true, nan = false, inf = false;
    for (unsigned i = 0; i < n; ++i) {
      zero = zero && ref::is_zero<F>(p0[i]);
      nan = nan || ref::is_nan<F>(p0[i]);
      inf = inf || ref::is_inf<F>(p0[i]);
    }
    if (zero) return exact_bits(got, p0[l], "normalize(v) returns v if all elements are zero (7.5.1)",
                                  "normalize_zero");
    if (nan) {
      Lane e = exact_bits(got, F::quiet_nan_bits, "a NaN element gives a vector full of NaNs (7.5.1)",
                              "normalize_nan");
      return e;
    }
    if (name_ == "normalize" && relaxed_squares && !rg::squares_in_range<F>(p0, nullptr, n)) return unjudged();
    if (name_ == "fast_normalize") {
      const Mpfr s = rg::sum_of_squares<F>(p0, n);
      if (inf || s > fmax) return unjudged();  // "the result vector's values are undefined"
      Lane v = ulp_lane(b, got, rg::normalize<F>(p0, n, l), b.text);
      if (v.status == Lane::Status::Fail && s < fmin && got == p0[l]) v.status = Lane::Status::Pass, v.ratio = 0;
      return v;
    }
    if (inf) {
      const auto y = rg::normalize_infinite_replacement<F>(p0, n);
      Lane v = ulp_lane(b, got, rg::normalize<F>(y.data(), n, l), b.text + " after replacing infinities (7.5.1)");
      v.edge = "normalize_inf";
      return v;
    }
    Lane v = ulp_lane(b, got, rg::normalize<F>(p0, n, l), b.text);
    return v.status == Lane::Status::Fail && relaxed_squares ? squares_dropped(b, p0, nullptr, n, int(l), got, v) : v;
  }

  // The catalog's relaxed rule "squares_may_underflow" (README.md): GOT
  // against the function with any of the squares below MIN left out of the
  // sum (reference/geometric_relaxed.hpp); FAILED when none passes.
  Lane squares_dropped(const BoundSpec& b, const B* p0, const B* p1, unsigned n, int lane, B got, const Lane& failed) const {
    for (unsigned i = 0; i < n; ++i)
      if (!ref::is_finite<F>(p0[i]) || (p1 && !ref::is_finite<F>(p1[i]))) return failed;
    const auto v = rg::judge_small_squares_dropped<F>(got, p0, p1, n, lane, b.ulp);
    if (!v.verdict.pass) return failed;
    return ulp_lane(b, got, v.reference, b.text + "; " + b.relaxed_text + " (" + b.relaxed_section + ")");
  }

  std::string name_;
  fn::Regime r_;
  bool ftz_;
  // What the last reference computed on this thread was: below the normal
  // range, or infinite, NaN or beyond MAX. judge() reads them after lane();
  // per thread, because fn::run_case judges items on several at once.
  static thread_local bool result_tiny_;
  static thread_local bool want_nonfinite_;
};

template <class F>
thread_local bool GeometricJudge<F>::result_tiny_ = false;
template <class F>
thread_local bool GeometricJudge<F>::want_nonfinite_ = false;

void check_builtin(CaseRun& run) {
  const json::Value& p = run.c.params;
  const auto j = geometric_judge(p.at("builtin").as_string(), p.at("elem").as_string(), fn::regime_of(run));
  fn::run_case(run, *j);
}

}  // namespace

std::unique_ptr<fn::Judge> geometric_judge(const std::string& builtin, const std::string& elem, const fn::Regime& r) {
  if (elem == "double") return std::make_unique<GeometricJudge<ref::Double>>(builtin, r);
  if (elem == "half") return std::make_unique<GeometricJudge<ref::Half>>(builtin, r);
  return std::make_unique<GeometricJudge<ref::Float>>(builtin, r);
}

void register_geometric_checks() { register_check("geometric.builtin", check_builtin, Sharding::Slices); }

}  // namespace clconform::suites
