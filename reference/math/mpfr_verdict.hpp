// The MPFR-only verdict: the definition every faster path must reproduce.
#pragma once

#include <cstdint>

#include "reference/math/functions.hpp"
#include "reference/math/judge.hpp"

namespace clconform::ref::math {

// The verdict on float bits GOT for F at ARGS under BOUND, decided with
// MPFR alone: every reading of the arguments the denormal treatment allows
// (spec 7.5.3), every accepted real result (mpfr_eval.hpp, alternatives),
// each decided exactly by refining the enclosure until the verdict cannot
// change inside it. used_mpfr is set.
Verdict mpfr_verdict(Fn f, const double* args, uint32_t got, const Bound& bound,
                     Denormals denormals);
// The same for double bits GOT of a double result at double ARGS (one
// definition for both formats: mpfr_verdict.cpp is a template over them).
Verdict mpfr_verdict_double(Fn f, const double* args, uint64_t got, const Bound& bound,
                            Denormals denormals);
// The same for half bits GOT of a half result at half (and int) ARGS.
Verdict mpfr_verdict_half(Fn f, const double* args, uint16_t got, const Bound& bound, Denormals denormals);

// The readings of ARGS under DENORMALS (spec 7.5.3: a subnormal float
// argument may be read as itself, +0 or -0); the first is ARGS itself.
// Returns how many were written to OUT (at most 27 = 3^3).
int argument_readings(Fn f, const double* args, Denormals denormals, double (*out)[3],
                      Format format = Format::Float);

}  // namespace clconform::ref::math
