// The reference for arithmetic and math built-ins on the half type
// (cl_khr_fp16): the real result of each function, and the verdict on a
// device's half result against a bound of the half ULP table (OpenCL C spec
// 7.4, "ULP Values for Half-Precision Floating-Point Arithmetic Operations").
//
// evaluate() gives the real result with MPFR at Mpfr::default_precision
// (256 bits): exact for every function whose result is representable there
// (+ - * fma fdim ceil floor rint round trunc ldexp fmod remainder and the
// bit-level ones: all of half's correctly rounded and 0 ulp rows), within
// 2^-255 relatively otherwise (far inside any bound of 1 ulp or more, so a
// verdict cannot change). Special values follow C99 Annex F as MPFR does,
// and the OpenCL C edge-case rules (7.5.1) where those differ; a result the
// spec leaves undefined (max/min with an infinite or NaN argument, 6.15.4)
// is nullopt.
//
// Flush to zero, as data (7.5.3): with Denormals::MayFlush (a device whose
// CL_DEVICE_HALF_FP_CONFIG lacks CL_FP_DENORM), a half denormal argument may
// be read as a zero of either sign, and a result in the denormal range may
// be returned as a zero of either sign; the result passes if any reading
// passes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/mpfr_value.hpp"

namespace clconform::ref::half_math {

// Argument kinds as the generator writes them: 'h' a half, 'i' an int (the
// exponent of ldexp, the n of pown and rootn).
bool known(const std::string& function);                 // evaluate() can compute it
const std::vector<std::string>& known_functions();

// One argument: a half's bit pattern, or an int.
struct Arg {
  bool is_half = true;
  uint16_t half = 0;
  int32_t integer = 0;
};

// The real result of FUNCTION ("add", "sub", "mul", "div", "recip" or a
// built-in's name) at ARGS. Throws std::invalid_argument for an unknown
// function or the wrong number of arguments.
std::optional<Mpfr> evaluate(const std::string& function, const std::vector<Arg>& args);

enum class Denormals { Kept, MayFlush };

// A bound of the half table: correctly rounded (to nearest even, decided on
// bits: zero signs must match, ties exactly), or an error in ulps (0 = the
// exact result; zeros of either sign are equal).
struct Bound {
  bool correctly_rounded = false;
  double ulps = 0;
};

struct Verdict {
  bool pass = false;
  bool undefined = false;  // the spec leaves this result undefined: not judged
  bool flushed = false;    // passed only through a flush-to-zero reading
  double ulp = 0;          // the least error over the readings (ulp.hpp's ulp_error<Half>)
  std::string reference;   // the real result of the first reading, exact hex
  uint16_t nearest = 0;    // that result rounded to the nearest half
};

Verdict judge(const std::string& function, const std::vector<Arg>& args, uint16_t got, const Bound& bound,
              Denormals denormals);

}  // namespace clconform::ref::half_math
