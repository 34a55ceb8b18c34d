// The fast verdict: decides from a prepared point's double approximation
// and its error bound when, and only when, every real value within that
// error gives the same verdict as MPFR would.
#pragma once

#include <cstdint>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

// Relative slack on every comparison with the bound: covers the rounding of
// the double arithmetic (a few double ulps), and is far below any distance
// that matters (float ulps are 2^29 double ulps). block_verdict.cpp uses it
// too, for the same passes.
constexpr double kFastVerdictSlack = 0x1p-45;

struct FastVerdict {
  bool decided = false;
  Verdict verdict;
};

// FLUSH: Denormals::MayFlush. P must come from Judge::prepare (its
// ulp_scale and subnormal_arg are used). Under flushing, a failure is
// left to MPFR whenever a flushed reading could still accept the result.
FastVerdict fast_verdict(const Judge::Point& p, uint32_t got, const Bound& bound, bool flush);

}  // namespace clconform::ref::math
