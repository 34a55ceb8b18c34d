#include "reference/math/judge_half.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/math/mpfr_verdict.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::ref::math {
namespace {

// The half nearest X (round to nearest even, overflow to infinity), as
// bits: the value MPFR rounds to (mpfr_value.hpp's round_to honours half's
// range and subnormals).
uint16_t half_nearest(double x) { return Mpfr(x, 53).round_to<Half>(); }

bool finite_half(uint16_t b) { return (b & Half::exponent_mask) != Half::exponent_mask; }

double half_value(uint16_t b) { return mpfr_get_d(Mpfr::from_bits<Half>(b, 53).get(), MPFR_RNDN); }

// Functions whose real result names its format (fract's cap below 1,
// nextafter's neighbour, mad's rounded product): the float tier's value is
// not the half one.
bool format_dependent(Fn f) { return f == Fn::fract || f == Fn::nextafter || f == Fn::mad; }

}  // namespace

double half_ulp_at(double x) {
  const double a = std::fabs(x);
  if (!(a >= 0x1p-14)) return 0x1p-24;
  if (std::isinf(a)) return 0x1p5;  // the last binade's spacing (65504 = 0x1.ffcp15)
  return std::ldexp(1.0, std::ilogb(a) - 10);
}

HalfJudge::HalfJudge(const std::string& function, Denormals half_denormals)
    : info_(find_function(function)), denormals_(half_denormals), id_(function_id(function)) {
  if (info_ == nullptr) throw std::invalid_argument("reference/math: unknown function '" + function + "'");
  if (info_->integer_result)
    throw std::invalid_argument("reference/math: '" + function + "' has an integer result; use exact_int_accepts");
  if (!format_dependent(fn_of(id_))) fast_ = std::make_unique<Judge>(function, Denormals::Kept);
}

HalfJudge::~HalfJudge() = default;

void HalfJudge::prepare_by_mpfr(Point& p) const {
  const Fn f = fn_of(id_);
  const Enclosure e = enclose(f, p.args, 128, 0, Format::Half);
  p.prepared_by_mpfr = true;
  p.approx = mpfr_get_d(e.lo.get(), MPFR_RNDN);
  if (e.is_nan()) {
    p.nearest = Half::quiet_nan_bits;
    p.certain = alternatives(f, p.args, false, Format::Half) == 1;
    return;
  }
  const uint16_t lo = e.lo.round_to<Half>(), hi = e.hi.round_to<Half>();
  p.nearest = lo;
  p.certain = lo == hi && alternatives(f, p.args, false, Format::Half) == 1;
}

HalfJudge::Point HalfJudge::prepare(const double* args) const {
  Point p;
  for (int k = 0; k < 3; ++k) p.args[k] = args[k];
  prepare_many(&p, 1);
  return p;
}

void HalfJudge::prepare_many(Point* points, size_t n) const {
  if (!fast_) {
    for (size_t i = 0; i < n; ++i) prepare_by_mpfr(points[i]);
    return;
  }
  std::vector<Judge::Point> fp(n);
  for (size_t i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) fp[i].args[k] = points[i].args[k];
  fast_->prepare_many(fp.data(), n);
  for (size_t i = 0; i < n; ++i) {
    Point& p = points[i];
    const Judge::Point& q = fp[i];
    // A NaN or an infinity the float tier is sure of is the real result
    // (an infinite real result, or one beyond double's range: beyond
    // half's too); a finite one is certain where its whole enclosure
    // rounds to one half.
    if (q.error < 0) {
      prepare_by_mpfr(p);
      continue;
    }
    p.approx = q.approx;
    p.prepared_by_mpfr = q.prepared_by_mpfr;
    if (std::isnan(q.approx)) {
      p.nearest = Half::quiet_nan_bits;
      p.certain = true;
    } else if (std::isinf(q.approx)) {
      p.nearest = q.approx > 0 ? Half::infinity_bits : uint16_t(Half::infinity_bits | Half::sign_mask);
      p.certain = true;
    } else {
      const uint16_t lo = half_nearest(q.approx - q.error), hi = half_nearest(q.approx + q.error);
      p.nearest = half_nearest(q.approx);
      p.certain = lo == hi && lo == p.nearest;
      if (!p.certain) prepare_by_mpfr(p);
    }
  }
}

Verdict HalfJudge::judge(const Point& p, uint16_t got, const Bound& bound) const {
  const bool allows_nearest = bound.kind == Bound::Kind::CorrectlyRounded ||
                              (bound.kind == Bound::Kind::Ulps && bound.value >= 0.5);
  const bool nan_got = is_nan<Half>(got);
  if (p.certain && std::isnan(p.approx) && nan_got) {
    Verdict v;
    v.pass = true;
    v.used_mpfr = p.prepared_by_mpfr;
    return v;
  }
  if (p.certain && std::isinf(p.approx) && got == p.nearest && bound.kind != Bound::Kind::Absolute) {
    Verdict v;
    v.pass = true;
    v.used_mpfr = p.prepared_by_mpfr;
    return v;
  }
  if (p.certain && got == p.nearest && allows_nearest && finite_half(got) && std::isfinite(p.approx)) {
    Verdict v;
    v.pass = true;
    v.absolute = std::fabs(half_value(got) - p.approx);
    v.ulp = v.absolute / half_ulp_at(p.approx);
    v.used_mpfr = p.prepared_by_mpfr;
    return v;
  }
  return mpfr_verdict_half(fn_of(id_), p.args, got, bound, denormals_);
}

}  // namespace clconform::ref::math
