#include "reference/math/judge.hpp"

#include <cmath>
#include <stdexcept>

#include "reference/fp_bits.hpp"
#include "reference/math/fast_tier.hpp"
#include "reference/math/fast_verdict.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/math/mpfr_verdict.hpp"
#include "reference/ulp.hpp"

namespace clconform::ref::math {
namespace {

// The precision of the MPFR value that stands in for the fast tier where
// there is none (its error is then under one double ulp).
constexpr mpfr_prec_t kPreparePrecision = 96;

// Fills nearest/certain: the real value lies in [approx - error, approx +
// error], so when both ends round to the same float, every value between
// does too (rounding is monotone).
void settle_nearest(Judge::Point& p) {
  const double lo = p.approx - p.error, hi = p.approx + p.error;
  const float flo = static_cast<float>(lo), fhi = static_cast<float>(hi);
  p.nearest = to_bits(static_cast<float>(p.approx));
  p.certain = std::isnan(p.approx) || (to_bits(flo) == to_bits(fhi));
}

}  // namespace

Judge::Judge(const std::string& function, Denormals float_denormals)
    : info_(find_function(function)), denormals_(float_denormals), id_(function_id(function)) {
  if (info_ == nullptr) throw std::invalid_argument("reference/math: unknown function '" + function + "'");
  if (info_->integer_result)
    throw std::invalid_argument("reference/math: '" + function + "' has an integer result; use exact_int_accepts");
}

Judge::Point Judge::prepare(const double* args) const {
  Point p;
  for (size_t k = 0; k < 3; ++k) p.args[k] = args[k];
  prepare_many(&p, 1);
  return p;
}

void Judge::prepare_many(Point* points, size_t n) const {
  const Fn f = fn_of(id_);
  const FastSpec spec = fast_spec(f);
  for (size_t i = 0; i < n; ++i) {
    Point& p = points[i];
    p.prepared_by_mpfr = false;
    p.certain = false;
    p.error = -1;
    // Several accepted real results (mad, rsqrt(-0), nextafter's
    // flush-to-zero variants): MPFR decides in judge.
    if (alternatives(f, p.args, denormals_ == Denormals::MayFlush) != 1) continue;
    if (spec.available && fast_value(f, p.args, &p.approx)) {
      p.error = spec.error_dulps * double_spacing(p.approx);
    } else {
      const Enclosure e = enclose(f, p.args, kPreparePrecision);
      p.approx = e.lo.to_double();  // correctly rounded; the enclosure is far narrower than a double ulp
      p.error = double_spacing(p.approx);
      p.prepared_by_mpfr = true;
    }
    settle_nearest(p);
  }
}

Verdict Judge::judge(const Point& point, uint32_t got, const Bound& bound) const {
  const bool flush = denormals_ == Denormals::MayFlush;
  bool subnormal_args = false;
  if (flush) {
    for (size_t k = 0; k < info_->args.size(); ++k) {
      const double v = point.args[k];
      subnormal_args |= info_->args[k] == ArgKind::Float && v != 0 && std::fabs(v) < 0x1p-126;
    }
  }
  const FastVerdict fast = fast_verdict(point, got, bound, flush, subnormal_args);
  if (fast.decided) {
    Verdict v = fast.verdict;
    v.used_mpfr = point.prepared_by_mpfr;
    return v;
  }
  return mpfr_verdict(fn_of(id_), point.args, got, bound, denormals_);
}

}  // namespace clconform::ref::math
