// The math verdict on half results (cl_khr_fp16): is a device result of an
// OpenCL math built-in at half precision within its bound of the real
// value? The half form of judge.hpp: the same functions (functions()),
// bounds, verdicts, flush-to-zero rule (spec 7.5.3, for a device without
// CL_FP_DENORM in CL_DEVICE_HALF_FP_CONFIG) and MPFR definition
// (mpfr_verdict_half: the template of the float and double verdicts at
// Half), with the result rounded to half.
//
// Two tiers, one answer (DESIGN.md principle 3):
//  * prepare takes the float judge's fast tier (judge.hpp: a double value
//    and an error bound that tests/reference checks against MPFR): every
//    half value is a float, and the real result does not depend on the
//    format except for fract's cap, nextafter's neighbour and mad's rounded
//    product, which are prepared with MPFR at Format::Half. Where the
//    enclosure [approx - error, approx + error] rounds to one half, that
//    half is certain.
//  * judge passes the certain nearest half under a bound that accepts it
//    (correctly rounded, exact, or at least half an ulp), a NaN where the
//    real result is a NaN and the right infinity where it is one; every
//    other result is decided by mpfr_verdict_half (used_mpfr).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

class HalfJudge {
 public:
  // Throws std::invalid_argument for an unknown function or an integer one.
  HalfJudge(const std::string& function, Denormals half_denormals);
  ~HalfJudge();

  struct Point {
    double args[3] = {0, 0, 0};  // half (and int) argument values, exactly
    double approx = 0;           // the real result, to double precision (NaN, infinities as they are)
    uint16_t nearest = 0;        // the half bits the real result rounds to (nearest even), when certain
    bool certain = false;
    bool prepared_by_mpfr = false;  // the value came from MPFR, not the fast tier
  };
  Point prepare(const double* args) const;
  void prepare_many(Point* points, size_t n) const;

  // The verdict on half bits GOT at POINT under BOUND.
  Verdict judge(const Point& point, uint16_t got, const Bound& bound) const;

  const FunctionInfo& info() const { return *info_; }

 private:
  void prepare_by_mpfr(Point& p) const;

  const FunctionInfo* info_;
  Denormals denormals_;
  int id_;
  std::unique_ptr<Judge> fast_;  // the float judge whose fast tier prepares points; null: MPFR only
};

// The spacing of half values at |X| (spec 7.4's ulp: 2^(e - 10) for X in
// [2^e, 2^(e+1)), 2^-24 below 2^-14), for reported errors.
double half_ulp_at(double x);

}  // namespace clconform::ref::math
