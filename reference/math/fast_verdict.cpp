#include "reference/math/fast_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/fp_bits.hpp"
#include "reference/math/grid_bits.hpp"

namespace clconform::ref::math {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Float's overflow threshold 2^(emax+1): an infinite result stands for
// every real beyond it (reference/ulp.hpp).
constexpr double kBeyondFloat = 0x1p128;
constexpr double kSmallestNormal = 0x1p-126;

FastVerdict decided(bool pass, double ulp, double absolute) {
  FastVerdict v;
  v.decided = true;
  v.verdict.pass = pass;
  v.verdict.ulp = ulp;
  v.verdict.absolute = absolute;
  return v;
}

}  // namespace

FastVerdict fast_verdict(const Judge::Point& p, uint32_t got, const Bound& bound, bool flush) {
  if (p.error < 0) return {};
  const double a = p.approx, e = p.error;
  const double g = float_bits_to_double(got);
  // Under flushing a failure may still be accepted through a flushed
  // argument (any result) or a flushed result (a zero): MPFR decides those.
  const bool failure_is_final = !flush || (!p.subnormal_arg && g != 0);
  const auto fail = [&](double ulp, double absolute) {
    return failure_is_final ? decided(false, ulp, absolute) : FastVerdict{};
  };

  if (std::isnan(a)) return std::isnan(g) ? decided(true, 0, 0) : fail(kInf, kInf);
  if (std::isnan(g)) return fail(kInf, kInf);
  if (std::isinf(a)) {
    // The real value is that infinity or beyond 2^1023: only the same
    // infinity is within an ULP bound of it, or correctly rounded. An
    // absolute bound on a finite huge value is another matter: MPFR.
    if (bound.kind == Bound::Kind::Absolute) return {};
    const bool same = std::isinf(g) && std::signbit(g) == std::signbit(a);
    return same ? decided(true, 0, 0) : fail(kInf, kInf);
  }

  const double lo = a - e, hi = a + e;
  // A zero that fails as a value passes as a flushed result (error 0,
  // mpfr_verdict.cpp's check_point_with_flush) when every real value in
  // the enclosure is subnormal before rounding: 0 < |r| < 2^-126 (7.5.3).
  const auto fail_unless_flushed = [&](double ulp, double absolute) {
    const bool subnormal_real = (lo > 0 && hi < kSmallestNormal) || (hi < 0 && lo > -kSmallestNormal);
    if (flush && g == 0 && subnormal_real) return decided(true, 0, 0);
    return fail(ulp, absolute);
  };
  // Errors in ulps are distances times 2^-ulp_exponent (exact scalings;
  // approx's prepared once per point).
  const double scale = p.ulp_scale;
  // An absolute bound: an infinity is infinitely far from a finite value.
  // The device value as a real: an infinity counts from 2^128 (ulp.hpp).
  double target = g;
  if (std::isinf(g)) {
    target = std::copysign(kBeyondFloat, g);
    // An absolute bound: an infinity is infinitely far from a finite value.
    if (g > 0 ? lo >= kBeyondFloat : hi <= -kBeyondFloat)
      return bound.kind == Bound::Kind::Absolute ? fail(0, kInf) : decided(true, 0, kInf);
    if (lo <= target && target <= hi) return {};
  }
  const double d = std::fabs(target - a);
  const double absolute = std::isinf(g) ? kInf : d;

  switch (bound.kind) {
    case Bound::Kind::CorrectlyRounded:
      if (!p.certain) return {};
      // Zeros of either sign are equal here (mpfr_verdict.cpp says why).
      if (got == p.nearest || (g == 0 && (p.nearest & 0x7fffffffu) == 0)) return decided(true, d * scale, absolute);
      return fail_unless_flushed(d * scale, absolute);
    case Bound::Kind::Absolute: {
      if (std::isinf(g)) return fail(d * scale, kInf);
      if ((d + e) * (1 + kFastVerdictSlack) <= bound.value) return decided(true, d * scale, absolute);
      if ((d - e) * (1 - kFastVerdictSlack) > bound.value) return fail(d * scale, absolute);
      return {};
    }
    case Bound::Kind::Ulps: {
      // Correctly rounded is within half an ulp, at any binade or overflow.
      if (p.certain && got == p.nearest && bound.value >= 0.5) return decided(true, d * scale, absolute);
      // ulp grows with |x|, so over [lo, hi] it lies between its values at
      // the ends (down to the subnormal spacing when [lo, hi] holds 0); the
      // error is then at most (d + e) / smallest ulp and at least
      // (d - e) / largest ulp. At a binade edge this still decides all but
      // the results whose error lands between the two readings.
      const int at_lo = float_ulp_exponent(lo), at_hi = float_ulp_exponent(hi);
      const int smallest = lo < 0 && hi > 0 ? Float::subnormal_exponent : std::min(at_lo, at_hi);
      if ((d + e) * (1 + kFastVerdictSlack) * float_scale_of(smallest) <= bound.value) return decided(true, d * scale, absolute);
      if ((d - e) * (1 - kFastVerdictSlack) * float_scale_of(std::max(at_lo, at_hi)) > bound.value)
        return fail_unless_flushed(d * scale, absolute);
      return {};
    }
  }
  return {};
}

}  // namespace clconform::ref::math
