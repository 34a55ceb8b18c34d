#include "reference/fuzz/common_geometric.hpp"

#include <stdexcept>

#include "reference/common_fns.hpp"
#include "reference/fn_bound.hpp"
#include "reference/fuzz/enumerate.hpp"
#include "reference/geometric.hpp"
#include "reference/geometric_relaxed.hpp"

namespace clconform::ref::fuzz {
namespace {

namespace rc = ref::common;
namespace rg = ref::geometric;

bool named(const std::string& fn, std::initializer_list<const char*> names) {
  for (const char* n : names) {
    if (fn == n) return true;
  }
  return false;
}

// The values within BOUND ulp of the real WANT: a NaN gives the NaN set, an
// infinity (a real result, exactly) itself, anything else the window whose
// ulp is UNIT, or WANT's own when UNIT is null.
template <typename F>
Set ulp_set(const Mpfr& want, double bound, const Mpfr* unit = nullptr) {
  if (want.is_nan()) return nan_set();
  if (want.is_inf()) return float_point<F>(want.round_to<F>(Rounding::NearestEven));
  return within_ulps(want, want, unit ? *unit : ulp_in(want, F::total_bits), bound, F::total_bits);
}

template <typename F>
bool finite_all(const std::vector<typename F::Bits>& x) {
  for (auto b : x) {
    if (!is_finite<F>(b)) return false;
  }
  return true;
}

template <typename F>
Set eval_common_t(const std::string& fn, const Bound& bound, const std::vector<Set>& args, const Rules& rules) {
  using B = typename F::Bits;
  const unsigned fb = F::total_bits;
  const Elem elem{true, fb, true};
  for (const Set& a : args) {
    if (!a.known()) return a;
    if (rules.finite_only && (a.nan || has_infinity(a, fb))) return unknown_set(Unknown::NonFinite);
  }
  // Each of these is monotone in each argument wherever it is judged (mix
  // with a in [0, 1], smoothstep with edge0 < edge1), so a wide range is
  // evaluated at its ends and the zeros inside it.
  std::vector<std::vector<uint64_t>> vals(args.size());
  for (size_t i = 0; i < args.size(); ++i) values_of(args[i], elem, true, rules.may_flush(fb), kEnumerateLimit, &vals[i]);
  if (!product_fits(vals, kEnumerateLimit)) return unknown_set(Unknown::Wide);
  const bool exact = named(fn, {"clamp", "max", "min", "step", "sign"});
  // The table's decimal, rounded toward zero as suites/builtin_sweep reads it.
  const Mpfr tol = bound.kind == Bound::Kind::Absolute ? Mpfr::parse(bound.absolute, 300, Rounding::TowardZero) : Mpfr();
  Unknown why = Unknown::None;
  Set out;
  out.num = false;
  std::vector<Mpfr> wants;
  for_each_combination(vals, [&](const std::vector<uint64_t>& v) {
    const std::vector<B> x(v.begin(), v.end());
    if (exact) {
      B r = 0;
      if (fn == "clamp") {
        if (!rc::clamp_defined<F>(x[1], x[2])) why = Unknown::Undefined;  // "undefined if minval > maxval"
        r = rc::clamp<F>(x[0], x[1], x[2]);
      } else if (fn == "max" || fn == "min") {
        if (!finite_all<F>(x)) why = Unknown::Undefined;  // 6.15.4: undefined for infinite or NaN operands
        r = fn == "max" ? rc::max<F>(x[0], x[1]) : rc::min<F>(x[0], x[1]);
      } else if (fn == "step") {
        r = rc::step<F>(x[0], x[1]);
      } else {
        r = rc::sign<F>(x[0]);
      }
      Set s = float_point<F>(r);
      // 0 ulp is numeric, zeros of either sign equal, except sign's, which 6.15.4 prescribes.
      if (fn != "sign" && has_zero(s)) s = with_zeros(s);
      out = hull(out, s);
      return;
    }
    if (fn == "degrees" || fn == "radians") {
      wants.push_back(fn == "degrees" ? rc::degrees<F>(x[0]) : rc::radians<F>(x[0]));
      return;
    }
    if (fn == "mix") {
      const Mpfr a = Mpfr::from_bits<F>(x[2]);
      if (!finite_all<F>(x) || a < Mpfr(0, 2) || a > Mpfr(1, 2)) {
        why = Unknown::Undefined;  // a outside [0, 1]
        return;
      }
      if (bound.kind == Bound::Kind::Absolute && !rc::mix_attainable<F>(x[0], x[1], x[2], tol)) {
        if (why == Unknown::None) why = Unknown::Excluded;
        return;
      }
      wants.push_back(rc::mix<F>(x[0], x[1], x[2]));
      return;
    }
    // smoothstep
    if (!rc::smoothstep_judgeable<F>(x[0], x[1], x[2])) {
      const bool defined = finite_all<F>(x) && Mpfr::from_bits<F>(x[0]) < Mpfr::from_bits<F>(x[1]);
      if (why == Unknown::None || !defined) why = defined ? Unknown::Excluded : Unknown::Undefined;
      return;
    }
    wants.push_back(rc::smoothstep<F>(x[0], x[1], x[2]));
  });
  if (why != Unknown::None) return unknown_set(why);
  if (bound.kind == Bound::Kind::Ulps) {
    // In a range evaluated at its ends, a value inside may have a larger ulp
    // than the end nearest it, never a larger one than the largest end.
    Mpfr u = Mpfr::zero(false, 64);
    for (const Mpfr& w : wants) {
      if (!w.is_finite() || w.is_zero()) continue;
      const Mpfr uw = ulp_in(w, fb);
      if (uw > u) u = uw;
    }
    if (u.is_zero()) u = Mpfr::pow2(F::subnormal_exponent);
    for (const Mpfr& w : wants) out = hull(out, ulp_set<F>(w, bound.ulps, &u));
  } else if (bound.kind == Bound::Kind::Absolute) {
    for (const Mpfr& w : wants) out = hull(out, within(w, w, tol, fb));
  } else if (!wants.empty()) {
    throw std::invalid_argument("fuzz oracle: " + fn + " with a bound that is neither ulp nor absolute");
  }
  return settle_float(out, fb, rules);
}

// What the geometric suite accepts for one value of the operands (P1 null
// for the one-operand functions), component by component, into OUT (hulls);
// WHY when it judges nothing there.
template <typename F>
void accept_geometric(const std::string& fn, const Bound& bound, const typename F::Bits* p0,
                      const typename F::Bits* p1, unsigned n, bool flush, const Rules& rules, std::vector<Set>& out,
                      Unknown& why) {
  using B = typename F::Bits;
  const Mpfr fmax = Mpfr::from_bits<F>(F::max_finite_bits), fmin = Mpfr::from_bits<F>(F::min_normal_bits);
  const bool relaxed_squares = bound.squares_may_underflow && rules.relaxed;
  auto exclude = [&](Unknown u) {
    if (why == Unknown::None || u == Unknown::Undefined) why = u;
  };
  if (fn == "dot" || fn == "cross") {
    for (unsigned l = 0; l < out.size(); ++l) {
      if (fn == "cross" && l == 3) {
        out[l] = hull(out[l], with_zeros(float_point<F>(0)));  // cross(float4).w is 0.0
        continue;
      }
      const unsigned m = fn == "cross" ? 3 : n;
      const Mpfr mx = rg::max_abs<F>({p0, p1}, m);
      if (!mx.is_finite()) return exclude(Unknown::Excluded);  // no finite tolerance applies
      const Mpfr tol = ref::fn::max_sq_tolerance(mx, bound.k, bound.eps_log2);
      if (!rg::max_sq_judgeable<F>(mx, tol, bound.k, flush)) return exclude(Unknown::Excluded);
      const Mpfr want = fn == "dot" ? rg::dot<F>(p0, p1, n) : rg::cross<F>(p0, p1, l);
      out[l] = hull(out[l], within(want, want, tol, F::total_bits));
    }
    return;
  }
  if (fn == "length" || fn == "distance" || fn == "fast_length" || fn == "fast_distance") {
    if (fn[0] == 'f' || relaxed_squares) {
      // fast_: half_sqrt of the sum of squares, defined within [MIN, MAX];
      // relaxed: the formula overflows or underflows outright outside it.
      if (!rg::squares_in_range<F>(p0, p1, n)) return exclude(Unknown::Excluded);
    } else if (rg::nan_with_infinity<F>(p0, p1, n)) {
      return exclude(Unknown::Excluded);
    }
    out[0] = hull(out[0], ulp_set<F>(p1 ? rg::distance<F>(p0, p1, n) : rg::length<F>(p0, n), bound.ulps));
    if (relaxed_squares) {
      const unsigned small = rg::small_squares<F>(p0, p1, n);
      for (unsigned drop = small; drop; drop = (drop - 1) & small)
        out[0] = hull(out[0], ulp_set<F>(rg::length_without<F>(p0, p1, n, drop), bound.ulps));
    }
    return;
  }
  // normalize, fast_normalize
  bool zero = true, nan = false, inf = false;
  for (unsigned i = 0; i < n; ++i) {
    zero = zero && is_zero<F>(p0[i]);
    nan = nan || is_nan<F>(p0[i]);
    inf = inf || is_inf<F>(p0[i]);
  }
  if (zero) {  // 7.5.1: normalize(v) returns v if all elements of v are zero
    for (unsigned l = 0; l < n; ++l) out[l] = hull(out[l], float_point<F>(p0[l]));
    return;
  }
  if (nan) {  // 7.5.1: a NaN element gives a vector of NaNs
    for (unsigned l = 0; l < n; ++l) out[l] = hull(out[l], nan_set());
    return;
  }
  if (fn == "fast_normalize") {
    const Mpfr s = rg::sum_of_squares<F>(p0, n);
    if (inf || s > fmax) return exclude(Unknown::Undefined);  // 6.15.5: the result's values are undefined
    for (unsigned l = 0; l < n; ++l) {
      out[l] = hull(out[l], ulp_set<F>(rg::normalize<F>(p0, n, l), bound.ulps));
      if (s < fmin) out[l] = hull(out[l], float_point<F>(p0[l]));  // 6.15.5: below FLT_MIN p may be returned
    }
    return;
  }
  if (relaxed_squares && !rg::squares_in_range<F>(p0, nullptr, n)) return exclude(Unknown::Excluded);
  if (inf) {  // 7.5.1: infinities become copysign(1, v[i]), the others signed zeros
    const std::vector<B> y = rg::normalize_infinite_replacement<F>(p0, n);
    for (unsigned l = 0; l < n; ++l) out[l] = hull(out[l], ulp_set<F>(rg::normalize<F>(y.data(), n, l), bound.ulps));
    return;
  }
  for (unsigned l = 0; l < n; ++l) out[l] = hull(out[l], ulp_set<F>(rg::normalize<F>(p0, n, l), bound.ulps));
  if (relaxed_squares) {
    const unsigned small = rg::small_squares<F>(p0, nullptr, n);
    for (unsigned drop = small; drop; drop = (drop - 1) & small) {
      const Mpfr len = rg::length_without<F>(p0, nullptr, n, drop);
      if (len.is_zero()) continue;  // nothing left of the sum: the formula divides by zero
      for (unsigned l = 0; l < n; ++l)
        out[l] = hull(out[l], ulp_set<F>(div(Mpfr::from_bits<F>(p0[l]), len, rg::kPrecision), bound.ulps));
    }
  }
}

template <typename F>
std::vector<Set> eval_geometric_t(const std::string& fn, const Bound& bound, const std::vector<std::vector<Set>>& args,
                                  unsigned result_width, const Rules& rules) {
  using B = typename F::Bits;
  const unsigned fb = F::total_bits;
  const Elem elem{true, fb, true};
  const unsigned n = static_cast<unsigned>(args[0].size());
  std::vector<const Set*> comps;
  for (const auto& a : args) {
    if (a.size() != n) throw std::invalid_argument("fuzz oracle: " + fn + " operands of different widths");
    for (const Set& s : a) comps.push_back(&s);
  }
  for (const Set* s : comps) {
    if (!s->known()) return std::vector<Set>(result_width, *s);
    if (rules.finite_only && (s->nan || has_infinity(*s, fb)))
      return std::vector<Set>(result_width, unknown_set(Unknown::NonFinite));
  }
  const bool flush = rules.may_flush(fb);
  std::vector<std::vector<uint64_t>> vals(comps.size());
  for (size_t i = 0; i < comps.size(); ++i) {
    if (!values_of(*comps[i], elem, false, flush, kEnumerateLimit, &vals[i]))
      return std::vector<Set>(result_width, unknown_set(Unknown::Wide));
  }
  if (!product_fits(vals, kEnumerateLimit)) return std::vector<Set>(result_width, unknown_set(Unknown::Wide));
  Set empty;
  empty.num = false;
  std::vector<Set> out(result_width, empty);
  Unknown why = Unknown::None;
  const Mpfr small = Mpfr::pow2(F::emin / 2);  // |x| below it: x * x below MIN
  for_each_combination(vals, [&](const std::vector<uint64_t>& v) {
    std::vector<B> x(v.begin(), v.end());
    const B* p1 = args.size() > 1 ? x.data() + n : nullptr;
    accept_geometric<F>(fn, bound, x.data(), p1, n, flush, rules, out, why);
    if (!flush) return;
    // 7.5.3 on a flushing device: a square below MIN may flush, so the
    // components whose squares (of p0[i] - p1[i] for distances) are that
    // small may be taken as zeros (6.15.5 says as much for fast_normalize).
    std::vector<B> y = x;
    bool changed = false;
    for (unsigned i = 0; i < n; ++i) {
      if (!is_finite<F>(x[i]) || (p1 && !is_finite<F>(p1[i]))) continue;
      const Mpfr d = p1 ? sub(Mpfr::from_bits<F>(x[i], 4400), Mpfr::from_bits<F>(p1[i], 4400), 4400) : Mpfr::from_bits<F>(x[i]);
      if (d.is_zero() || !(d.abs() < small)) continue;
      y[i] = B(y[i] & F::sign_mask);
      if (p1) y[n + i] = B(y[n + i] & F::sign_mask);
      changed = true;
    }
    if (changed) accept_geometric<F>(fn, bound, y.data(), p1 ? y.data() + n : nullptr, n, flush, rules, out, why);
    // normalize: those squares flushed inside the length while the
    // components themselves are divided unflushed.
    if (changed && (fn == "normalize" || fn == "fast_normalize") && finite_all<F>(x)) {
      const Mpfr len = rg::length<F>(y.data(), n);
      if (!len.is_zero()) {
        for (unsigned l = 0; l < n; ++l)
          out[l] = hull(out[l], ulp_set<F>(div(Mpfr::from_bits<F>(x[l]), len, rg::kPrecision), bound.ulps));
      }
    }
  });
  if (why != Unknown::None) return std::vector<Set>(result_width, unknown_set(why));
  for (Set& s : out) s = settle_float(s, fb, rules);
  return out;
}

}  // namespace

bool is_common(const std::string& fn) {
  return named(fn, {"clamp", "degrees", "max", "min", "mix", "radians", "step", "smoothstep", "sign"});
}

bool is_geometric(const std::string& fn) {
  return named(fn, {"cross", "dot", "distance", "length", "normalize", "fast_distance", "fast_length", "fast_normalize"});
}

Set eval_common(const std::string& fn, const Bound& bound, unsigned format_bits, const std::vector<Set>& args,
                const Rules& rules) {
  if (!is_common(fn)) throw std::invalid_argument("fuzz oracle: no common function '" + fn + "'");
  if (format_bits == 16) return eval_common_t<Half>(fn, bound, args, rules);
  if (format_bits == 32) return eval_common_t<Float>(fn, bound, args, rules);
  return eval_common_t<Double>(fn, bound, args, rules);
}

std::vector<Set> eval_geometric(const std::string& fn, const Bound& bound, unsigned format_bits,
                                const std::vector<std::vector<Set>>& args, unsigned result_width, const Rules& rules) {
  if (!is_geometric(fn)) throw std::invalid_argument("fuzz oracle: no geometric function '" + fn + "'");
  if (format_bits == 16) return eval_geometric_t<Half>(fn, bound, args, result_width, rules);
  if (format_bits == 32) return eval_geometric_t<Float>(fn, bound, args, result_width, rules);
  return eval_geometric_t<Double>(fn, bound, args, result_width, rules);
}

}  // namespace clconform::ref::fuzz
