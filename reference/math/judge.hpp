// The math verdict interface (issue 6): is a device result of an OpenCL math
// built-in within its bound of the real value? This header is the contract
// between reference/math (which implements it) and suites/math (which
// calls it from every host thread of a sweep).
//
// Two tiers (DESIGN.md principle 3): a fast approximation in double, with an
// error bound that tests/reference checks against MPFR on millions of
// inputs, decides every verdict it can decide for certain; MPFR decides the
// rest (near the bound, near a rounding tie, at a binade edge where ulp
// changes, or when no fast tier exists). Every verdict is exactly what the
// MPFR-only verdict would be; fallbacks are counted.
//
// Flush to zero (OpenCL C spec 7.5.3), as data: when `float_denormals` is
// Denormals::MayFlush, a denormal argument may be read as a zero of either
// sign, and a denormal result may be returned as a zero of either sign; the
// result passes if any of those readings passes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clconform::ref::math {

enum class Denormals { Kept, MayFlush };

// One real-valued result of a built-in: "sin", "pow", "ldexp", the
// mantissa of "frexp" ("frexp.mantissa"), the "sincos.cos" part, ... Which
// components exist, and their argument kinds, is listed by functions().
enum class ArgKind { Float, Int };  // ints: ldexp's k, pown's and rootn's n

struct FunctionInfo {
  std::string name;              // as the catalog names it
  std::vector<ArgKind> args;
  bool exact = false;            // the result is always representable (fmin, frexp.mantissa, ...): bound is 0
  bool has_fast_tier = false;
  double fast_error_dulps = 0;   // fast tier's proven error bound, in double ulps of its result
};

// Every function the reference can judge.
const std::vector<FunctionInfo>& functions();
const FunctionInfo* find_function(const std::string& name);  // nullptr when unknown

// A bound: ULPs of the real result (the full and embedded profiles, and the
// relaxed table's ULP entries), or an absolute error (the relaxed table's
// "absolute error <= 2^-11" kind of entry). The suite computes a bound that
// depends on the input (relaxed exp: 3 + floor(fabs(2 * x)) ulp) per point.
struct Bound {
  enum class Kind { Ulps, Absolute } kind = Kind::Ulps;
  double value = 0;
};

// Integer results, exact: "ilogb", "frexp.exponent", "remquo.quo" (the
// sign and at least the 7 low bits of the integral quotient, as the spec
// asks: the device's value must agree in those bits), "lgamma_r.sign".
int64_t exact_int(const std::string& name, const double* args);

struct Verdict {
  bool pass = false;
  double ulp = 0;          // error in ulp of the real result (spec 7.4 definition; reference/ulp.hpp); inf for a wrong NaN/inf
  bool used_mpfr = false;  // the fast tier could not decide
};

// Judges float results of one function against a bound in ulps. Thread-safe:
// one Judge is shared by every verifying thread.
class Judge {
 public:
  // Throws std::invalid_argument for an unknown function.
  Judge(const std::string& function, Denormals float_denormals);

  // The reference for one argument tuple, computed once and shared by every
  // result judged against it (one per vector width). Args are the float or
  // int argument values, exactly, as doubles.
  struct Point {
    double args[3] = {0, 0, 0};
    double approx = 0;    // fast tier value (or MPFR's rounded to double)
    uint32_t nearest = 0;  // the float bits the fast tier says are correctly rounded, when certain
    bool certain = false;  // nearest is certain
  };
  Point prepare(const double* args) const;
  // The same for N points whose args the caller has set (a batch lets the
  // fast tier use SIMD).
  void prepare_many(Point* points, size_t n) const;

  // The verdict on float bits GOT at POINT under BOUND.
  Verdict judge(const Point& point, uint32_t got, const Bound& bound) const;

 private:
  const FunctionInfo* info_;
  Denormals denormals_;
};

}  // namespace clconform::ref::math
