#include "reference/fuzz/enumerate.hpp"

#include <algorithm>

#include "reference/fp_bits.hpp"
#include "reference/ulp.hpp"

namespace clconform::ref::fuzz {
namespace {

template <typename F>
Set within_t(const Mpfr& lo_real, const Mpfr& hi_real, const Mpfr& slack) {
  const mpfr_prec_t p = std::max(mpfr_get_prec(lo_real.get()), mpfr_get_prec(hi_real.get())) + mpfr_get_prec(slack.get()) + 8;
  Mpfr lo = Mpfr::with_precision(p), hi = Mpfr::with_precision(p);
  mpfr_sub(lo.get(), lo_real.get(), slack.get(), MPFR_RNDD);
  mpfr_add(hi.get(), hi_real.get(), slack.get(), MPFR_RNDU);
  const Mpfr over = Mpfr::pow2(F::emax + 1);
  Set s;
  s.lo = mpfr_cmp(lo.get(), (-over).get()) <= 0 ? float_key(F::infinity_bits | F::sign_mask, F::total_bits)
                                                  : float_key(lo.round_to<F>(Rounding::TowardPositive), F::total_bits);
  s.hi = mpfr_cmp(hi.get(), over.get()) >= 0 ? float_key(F::infinity_bits, F::total_bits)
                                             : float_key(hi.round_to<F>(Rounding::TowardNegative), F::total_bits);
  s.num = s.lo <= s.hi;
  return s;
}

}  // namespace

bool values_of(const Set& s, const Elem& e, bool corners, bool flush_zeros, uint64_t limit, std::vector<uint64_t>* out) {
  out->clear();
  if (s.nan) out->push_back(quiet_nan_bits(e.bits));
  if (s.num) {
    if (count(s, limit) <= limit) {
      for (__int128 k = s.lo; k <= s.hi; ++k) out->push_back(e.is_float ? float_bits(k, e.bits) : int_bits(k, e));
    } else if (corners) {
      for (__int128 k : {s.lo, s.hi}) out->push_back(e.is_float ? float_bits(k, e.bits) : int_bits(k, e));
      if (e.is_float) {
        if (s.lo <= -1 && s.hi >= -1) out->push_back(float_bits(-1, e.bits));  // -0
        if (s.lo <= 0 && s.hi >= 0) out->push_back(0);                        // +0
      }
    } else {
      return false;
    }
  }
  if (flush_zeros && e.is_float && has_subnormal(s, e.bits)) {
    out->push_back(float_bits(-1, e.bits));
    out->push_back(0);
  }
  std::sort(out->begin(), out->end());
  out->erase(std::unique(out->begin(), out->end()), out->end());
  return true;
}

bool product_fits(const std::vector<std::vector<uint64_t>>& vals, uint64_t limit) {
  uint64_t n = 1;
  for (const auto& v : vals) {
    n *= std::max<uint64_t>(v.size(), 1);
    if (n > limit) return false;
  }
  return true;
}

Set within(const Mpfr& lo, const Mpfr& hi, const Mpfr& slack, unsigned format_bits) {
  if (format_bits == 16) return within_t<Half>(lo, hi, slack);
  if (format_bits == 32) return within_t<Float>(lo, hi, slack);
  return within_t<Double>(lo, hi, slack);
}

Set within_ulps(const Mpfr& lo, const Mpfr& hi, const Mpfr& unit, double ulps, unsigned format_bits) {
  Mpfr slack = Mpfr::with_precision(mpfr_get_prec(unit.get()) + 64);
  mpfr_mul_d(slack.get(), unit.get(), ulps, MPFR_RNDU);
  return within(lo, hi, slack, format_bits);
}

Mpfr ulp_in(const Mpfr& x, unsigned format_bits) {
  if (format_bits == 16) return ulp_of<Half>(x);
  if (format_bits == 32) return ulp_of<Float>(x);
  return ulp_of<Double>(x);
}

}  // namespace clconform::ref::fuzz
