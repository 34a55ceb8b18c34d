// A bound spec of the manifest (generators/clgen/fn_bounds.py) for the
// profile this run uses, ready to judge with reference/fn_bound.hpp.
#pragma once

#include <stdexcept>
#include <string>

#include "fn_case.hpp"
#include "reference/fn_bound.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::suites::fn {

struct BoundSpec {
  enum class Kind { Exact, Ulp, Abs, AbsMaxSq, Info };
  Kind kind = Kind::Info;
  double ulp = 0, k = 0;
  int eps_log2 = 0;
  ref::Mpfr abs;  // the absolute tolerance, rounded toward zero from the table's decimal
  std::string text;
  // The entry's relaxed rule, for builds with -cl-unsafe-math-optimizations
  // (generators/clgen/fn_bounds.py): "squares_may_underflow" for length,
  // distance and normalize; its text and the sections it rests on.
  bool relaxed_squares = false;
  std::string relaxed_text, relaxed_section;
  bool judged() const { return kind != Kind::Info; }

  static BoundSpec of(const Overload& ov, const Regime& r) {
    const json::Value& v = ov.bound.at(r.profile());
    BoundSpec b;
    b.text = v.at("text").as_string();
    if (v.has("exact")) {
      b.kind = Kind::Exact;
    } else if (v.has("ulp")) {
      b.kind = Kind::Ulp;
      b.ulp = v.at("ulp").as_double();
    } else if (v.has("abs")) {
      b.kind = Kind::Abs;
      b.abs = ref::Mpfr::parse(v.at("abs_decimal").as_string(), 300, ref::Rounding::TowardZero);
    } else if (v.has("abs_max_sq")) {
      b.kind = Kind::AbsMaxSq;
      b.k = v.at("abs_max_sq").as_double();
      b.eps_log2 = int(v.at("eps_log2").as_int());
    }
    if (v.has("relaxed")) {
      const json::Value& x = v.at("relaxed");
      if (x.at("rule").as_string() != "squares_may_underflow")
        throw std::runtime_error("unknown relaxed bound rule '" + x.at("rule").as_string() + "' in " + ov.kernel);
      b.relaxed_squares = true;
      b.relaxed_text = x.at("text").as_string();
      b.relaxed_section = x.at("section").as_string();
    }
    return b;
  }

  Judge::BoundInfo info() const {
    return {kind == Kind::Ulp ? ulp : kind == Kind::Exact ? 0.0 : -1.0, text, judged()};
  }
};

// A lane's verdict from a reference/fn_bound.hpp verdict.
// EXPECTED_BITS: the reference rounded to the result's format.
inline Lane lane_of(const ref::fn::Verdict& v, bool judged, std::string expected, uint64_t expected_bits,
                    std::string rule) {
  Lane l;
  l.expected_bits = expected_bits;
  l.status = judged && !v.pass ? Lane::Status::Fail : Lane::Status::Pass;
  l.ulp = v.ulp;
  if (judged) l.ratio = v.ratio;
  l.expected = std::move(expected);
  l.rule = std::move(rule);
  return l;
}

}  // namespace clconform::suites::fn
