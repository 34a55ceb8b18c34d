// The verdicts that decide nearly every lane of a sweep, for a whole block
// of prepared points at once, four lanes per instruction (the first look
// of an unsettled block eight, where the CPU has AVX-512): the points whose
// every result (one array per vector width) is the same float, and which
// Judge::judge passes without MPFR. A device result is such a pass when
//  (a) it is the float the fast tier certainly rounds to, under a bound
//      that accepts the correctly rounded result (judge's first case; a
//      bound of 0 ulp is correct rounding), or
//  (b) under an ULP bound, it is finite, the point's enclosure is finite,
//      and its error stays within the bound at both ends of the enclosure
//      (fast_verdict's pass, with the same arithmetic in the same order).
// Its error is then the one judge gives: |result - approx| * ulp_scale.
// So does, at 0 ulp, every width's NaN for a NaN real result, and every
// width's infinity for an infinite approx of that sign or a real value
// whose enclosure lies at or beyond 2^128 on that side.
// Every other point is left undecided for Judge::judge, point by point;
// nothing here fails a result.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

struct BlockPasses {
  static constexpr size_t kWords = Judge::Block::kCapacity / 64;
  uint64_t passed[kWords];  // bit i: every result of point i passes, with error ulp[i]
  uint64_t large[kWords];   // passed points whose error is at least the caller's LARGE
  uint64_t huge[kWords];    // passed points whose error is at least the caller's HUGE (at least 1 ulp)
  alignas(32) double ulp[Judge::Block::kCapacity];  // set for passed points
  uint64_t count = 0;       // passed points
  uint64_t by_mpfr = 0;     // passed points that MPFR prepared
  double max_ulp = -1;      // the largest error of a passed point (-1: none passed)

  // The first passed point with the largest error (when one passed).
  size_t max_point() const;
};

// Whether pass_block needs a settled block under BOUND (Judge::Block:
// nearest, certain): correct rounding, or an ULP bound below 1.5. Above
// it, the certain nearest float (within half an ulp and a bit) passes
// the bound test itself, with the same error, and settling the block
// would cost more than anything else pass_block does.
bool needs_settled_block(const Bound& bound);

// Point I of a prepared block whose results differ between widths (as a
// CPU device's may): true when the result of every width passes as
// pass_block would pass it were it every width's, with its error in
// ULP[k]; false (ULP unset) when any needs Judge::judge, or MPFR prepared
// the point (judge counts MPFR once per run of equal results).
bool pass_each_width(const Judge::Block& b, size_t i, const uint32_t* const* results, size_t widths,
                     const Bound& bound, double* ulp);

// The passes of points [0, B.n) of a prepared block whose results at width
// k are RESULTS[k][i], k < WIDTHS, under BOUND. Points from the last
// multiple of four on, every point under a bound that does not accept the
// correctly rounded float (an absolute bound, an ULP bound between 0 and
// half an ulp), every point of an unsettled block where the bound needs a
// settled one, and every point on a CPU without AVX2 and FMA, are left
// undecided. Passed points of an error of at least LARGE, and of at least
// HUGE (at least 1: a correctly rounded pass is never huge), are marked.
void pass_block(const Judge::Block& b, const uint32_t* const* results, size_t widths, const Bound& bound,
                double large, double huge, BlockPasses& out);

// Bit i of EQUAL (one word per 64 points) set when every width k < WIDTHS
// returned WANT[i] (RESULTS[k][i]), for points [0, N), N at most a block:
// the lanes of an exact integer result that need no further look. Eight
// lanes per instruction where the CPU has AVX2.
void equal_to_block(const uint32_t* want, const uint32_t* const* results, size_t widths, size_t n,
                    uint64_t (&equal)[BlockPasses::kWords]);

// Bit i of NAN (one word per 64 points) set when every width k < WIDTHS
// returned a NaN at point i (RESULTS[k][i]), for points [0, N), N at most
// a block; QUIET counts the quiet NaNs among those lanes' results (one
// per width). What nan()'s result needs, eight floats or four doubles per
// instruction where the CPU has AVX2.
void nan_results_block(const uint32_t* const* results, size_t widths, size_t n,
                       uint64_t (&nan)[BlockPasses::kWords], uint64_t* quiet);
void nan_results_block(const uint64_t* const* results, size_t widths, size_t n,
                       uint64_t (&nan)[BlockPasses::kWords], uint64_t* quiet);

// The wrong values of an exact integer result, eight lanes at a time: a
// group of lanes [8g, 8g + 8) of points [0, N) whose every lane with a
// wrong value (a width k < WIDTHS <= 16 whose RESULTS[k][i] is not WANT[i]) is
// set in PLAIN, returned no UNWRITTEN result and has one exact value V is
// offered to TAKE(CONTEXT, V, COUNT), COUNT its wrong values; where TAKE
// counts them (true), the group's lanes with a wrong value are set in
// TAKEN and each width's wrong values added to WRONG[k]. Other groups,
// the lanes past the last whole group, and every lane on a CPU without
// AVX2, are left to the caller. A defect that makes a wrong value in
// most lanes (NVIDIA's lgamma_r signs) costs a sweep a few instructions
// per lane.
using TakeWrongGroup = bool (*)(void* context, uint32_t v, uint64_t count);
void count_wrong_groups(const uint32_t* want, const uint32_t* const* results, size_t widths, size_t n,
                        const uint64_t* plain, uint32_t unwritten, TakeWrongGroup take, void* context,
                        uint64_t (&taken)[BlockPasses::kWords], uint64_t* wrong);

}  // namespace clconform::ref::math
