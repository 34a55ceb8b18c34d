#include "reference/math/mpfr_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/fp_bits.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/ulp.hpp"

namespace clconform::ref::math {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr mpfr_prec_t kFirstPrecision = 128;
// From here on the verdict is taken at the enclosure's midpoint (see decide).
constexpr mpfr_prec_t kMidpointPrecision = 2048;

template <typename F>
constexpr typename F::Bits largest_subnormal() { return F::min_normal_bits - 1; }

template <typename F>
constexpr Format format_of() {
  return sizeof(typename F::Bits) == 8 ? Format::Double : sizeof(typename F::Bits) == 2 ? Format::Half : Format::Float;
}

struct PointCheck {
  bool pass = false;
  double ulp = 0;
  double absolute = 0;
};

// |got - r| for a finite value of F and a finite real, rounded in direction RND,
// at a precision that makes it exact whenever the two are within 2^16
// binades of each other (farther apart, the rounding cannot matter to a
// comparison with a double bound: the difference is then the larger value
// to within 2^-65000).
template <typename F>
Mpfr distance(typename F::Bits got, const Mpfr& r, mpfr_rnd_t rnd) {
  const Mpfr g = Mpfr::from_bits<F>(got, F::precision);
  long top = 0, bottom = 0;
  bool any = false;
  for (const Mpfr* v : {&g, &r}) {
    if (v->is_zero()) continue;
    const long e = v->floor_log2();
    top = any ? std::max(top, e) : e;
    bottom = any ? std::min(bottom, e - static_cast<long>(v->precision())) : e - static_cast<long>(v->precision());
    any = true;
  }
  const long span = std::min<long>(top - bottom + 4, 1 << 16);
  Mpfr d = Mpfr::with_precision(std::max<long>(span, 64));
  mpfr_sub(d.get(), g.get(), r.get(), rnd);
  mpfr_abs(d.get(), d.get(), MPFR_RNDN);
  return d;
}

// The verdict against one real value R known exactly.
template <typename F>
PointCheck check_point(typename F::Bits got, const Mpfr& r, const Bound& bound) {
  PointCheck c;
  c.ulp = ulp_error<F>(got, r);
  switch (bound.kind) {
    case Bound::Kind::Ulps:
      c.pass = within_ulps<F>(got, r, bound.value);
      break;
    case Bound::Kind::CorrectlyRounded:
      // The sign of a zero is an edge-case rule (spec 7.5.1), not a
      // rounding matter, as for ULP errors (reference/ulp.hpp).
      c.pass = is_correctly_rounded<F>(got, r) ||
               (is_zero<F>(got) && !r.is_nan() && is_zero<F>(r.round_to<F>()));
      break;
    case Bound::Kind::Absolute:
      if (r.is_nan() || is_nan<F>(got)) {
        c.pass = r.is_nan() && is_nan<F>(got);
        c.absolute = c.pass ? 0 : kInf;
      } else if (r.is_inf() || is_inf<F>(got)) {
        c.pass = r.is_inf() && is_inf<F>(got) && r.signbit() == sign_bit<F>(got);
        c.absolute = c.pass ? 0 : kInf;
      } else {
        const Mpfr d = distance<F>(got, r, MPFR_RNDU);
        c.absolute = mpfr_get_d(d.get(), MPFR_RNDU);
        c.pass = mpfr_cmp_d(d.get(), bound.value) <= 0;
      }
      break;
  }
  if (bound.kind != Bound::Kind::Absolute && !r.is_nan() && !r.is_inf() && is_finite<F>(got)) {
    const Mpfr d = distance<F>(got, r, MPFR_RNDU);
    c.absolute = mpfr_get_d(d.get(), MPFR_RNDU);
  }
  return c;
}

// Spec 7.5.3, cases 2 and 4: a zero of either sign may replace a result
// that is subnormal before rounding (0 < |r| < 2^emin), or replace any
// conforming result that is subnormal (the largest subnormal of r's sign is
// the one nearest a normal r, so it is the one to try).
template <typename F>
bool flushable(const Mpfr& r, const Bound& bound) {
  if (r.is_nan() || r.is_inf() || r.is_zero()) return false;
  if (mpfr_cmpabs(r.get(), Mpfr::pow2(F::emin, 2).get()) < 0) return true;
  const typename F::Bits s = largest_subnormal<F>() | (r.signbit() ? F::sign_mask : 0);
  return check_point<F>(s, r, bound).pass;
}

template <typename F>
PointCheck check_point_with_flush(typename F::Bits got, const Mpfr& r, const Bound& bound, bool flush) {
  PointCheck c = check_point<F>(got, r, bound);
  if (!c.pass && flush && is_zero<F>(got) && flushable<F>(r, bound)) {
    c.pass = true;
    c.ulp = 0;
    c.absolute = 0;
  }
  return c;
}

bool contains(const Mpfr& lo, const Mpfr& hi, const Mpfr& v) {
  return mpfr_lessequal_p(lo.get(), v.get()) && mpfr_lessequal_p(v.get(), hi.get());
}

// Whether the verdict can change inside (lo, hi): the error in ulps is a
// convex function of the real value between powers of two (where ulp
// jumps), with its minimum at the device value, so it can only if the
// enclosure holds a power of two, the device value, or (for the flush
// rule) the subnormal tried.
template <typename F>
bool has_critical_point(const Enclosure& e, typename F::Bits got, bool flush) {
  if (e.lo.is_zero() || e.hi.is_zero() || e.lo.signbit() != e.hi.signbit()) return true;
  if (e.lo.floor_log2() != e.hi.floor_log2() || e.lo.is_power_of_two() || e.hi.is_power_of_two())
    return true;
  if (is_finite<F>(got) && contains(e.lo, e.hi, Mpfr::from_bits<F>(got, F::precision))) return true;
  if (flush) {
    const typename F::Bits s = largest_subnormal<F>() | (e.lo.signbit() ? F::sign_mask : 0);
    if (contains(e.lo, e.hi, Mpfr::from_bits<F>(s, F::precision))) return true;
  }
  return false;
}

// The verdict against alternative ALT at READING, refined until certain.
//
// Why the midpoint settles it at kMidpointPrecision: lo and hi are adjacent
// numbers of that precision and the real value lies strictly between them
// (MPFR said inexact). Every point where the verdict can change (a power of
// two, the device value, the device value +- bound * ulp, the flush rule's
// subnormal, +- an absolute bound) is a dyadic number of fewer bits than
// that (a double result and a double bound span at most ~1300 bits), so none lies
// strictly between lo and hi, and the verdict is the same for every real in
// the open interval, the midpoint included. The refinement before it is
// only quicker. This also decides values such as erfc(-1e30) = 2 - 1e-(10^59),
// which no precision separates from the power of two next to it.
template <typename F>
PointCheck decide(Fn f, const double* reading, int alt, typename F::Bits got, const Bound& bound, bool flush) {
  constexpr Format fmt = format_of<F>();
  for (mpfr_prec_t prec = kFirstPrecision; prec < kMidpointPrecision; prec *= 2) {
    const Enclosure e = enclose(f, reading, prec, alt, fmt);
    if (e.exact) return check_point_with_flush<F>(got, e.lo, bound, flush);
    if (has_critical_point<F>(e, got, flush)) continue;
    const PointCheck lo = check_point_with_flush<F>(got, e.lo, bound, flush);
    const PointCheck hi = check_point_with_flush<F>(got, e.hi, bound, flush);
    if (lo.pass != hi.pass) continue;
    PointCheck c = lo;
    c.ulp = std::max(lo.ulp, hi.ulp);
    c.absolute = std::max(lo.absolute, hi.absolute);
    return c;
  }
  const Enclosure e = enclose(f, reading, kMidpointPrecision, alt, fmt);
  if (e.exact) return check_point_with_flush<F>(got, e.lo, bound, flush);
  Mpfr mid = Mpfr::with_precision(kMidpointPrecision + 1);
  mpfr_add(mid.get(), e.lo.get(), e.hi.get(), MPFR_RNDN);  // exact at one more bit
  mpfr_div_2ui(mid.get(), mid.get(), 1, MPFR_RNDN);
  return check_point_with_flush<F>(got, mid, bound, flush);
}

template <typename F>
Verdict verdict_in(Fn f, const double* args, typename F::Bits got, const Bound& bound, Denormals denormals) {
  constexpr Format fmt = format_of<F>();
  const bool flush = denormals == Denormals::MayFlush;
  double readings[27][3];
  const int n = argument_readings(f, args, denormals, readings, fmt);
  Verdict v;
  v.used_mpfr = true;
  bool first = true;
  for (int i = 0; i < n; ++i) {
    const int alts = alternatives(f, readings[i], flush, fmt);
    for (int alt = 0; alt < alts; ++alt) {
      const PointCheck c = decide<F>(f, readings[i], alt, got, bound, flush);
      if (c.pass) {
        v.pass = true;
        v.ulp = c.ulp;
        v.absolute = c.absolute;
        return v;
      }
      // A failure reports its error against the unflushed arguments,
      // smallest over the alternatives.
      if (i == 0 && (first || c.ulp < v.ulp)) {
        v.ulp = c.ulp;
        v.absolute = c.absolute;
        first = false;
      }
    }
  }
  return v;
}

}  // namespace

int argument_readings(Fn f, const double* args, Denormals denormals, double (*out)[3], Format format) {
  const double min_normal = min_normal_of(format);
  const FunctionInfo& info = functions()[static_cast<size_t>(f)];
  int n = 1;
  for (int k = 0; k < 3; ++k) out[0][k] = args[k];
  if (denormals == Denormals::Kept) return 1;
  for (size_t k = 0; k < info.args.size(); ++k) {
    const double v = args[k];
    if (info.args[k] != ArgKind::Float || v == 0 || std::fabs(v) >= min_normal || std::isnan(v)) continue;
    // Each reading so far splits into itself, +0 and -0 in argument k.
    const int before = n;
    for (int i = 0; i < before; ++i) {
      for (const double zero : {0.0, -0.0}) {
        for (int j = 0; j < 3; ++j) out[n][j] = out[i][j];
        out[n][k] = zero;
        ++n;
      }
    }
  }
  return n;
}

Verdict mpfr_verdict(Fn f, const double* args, uint32_t got, const Bound& bound, Denormals denormals) {
  return verdict_in<Float>(f, args, got, bound, denormals);
}

Verdict mpfr_verdict_double(Fn f, const double* args, uint64_t got, const Bound& bound, Denormals denormals) {
  return verdict_in<Double>(f, args, got, bound, denormals);
}

Verdict mpfr_verdict_half(Fn f, const double* args, uint16_t got, const Bound& bound, Denormals denormals) {
  return verdict_in<Half>(f, args, got, bound, denormals);
}

}  // namespace clconform::ref::math
