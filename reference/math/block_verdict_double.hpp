// The verdicts that decide nearly every lane of a double sweep, for a
// whole block of points prepared together (DoubleJudge::prepare_block), four
// lanes per instruction: the points whose every result (one array per
// vector width) is the same double, and which DoubleJudge::judge passes
// without MPFR. A device result is such a pass when
//  (a) at a kFast point under a correctly rounded bound, it is the
//      certain nearest double;
//  (b) at a kFast point under an ULP bound, it is finite and the judge's
//      double arithmetic passes it (DoubleJudge::fast_passes, the same
//      operations in the same order);
//  (c) it is any NaN for a NaN real result, +inf for exp's and pow's
//      results beyond 2^1024, a zero for those below 2^-2164 (at 0 ulp).
// Its error is the one judge gives: fast_distance / ulp_q for (a) and (b),
// 0 for (c). Every other point is left undecided for DoubleJudge::judge,
// point by point; nothing here fails a result.
//
// In a coarse block (DoubleJudge::Block::coarse) the kFast fields come from
// a wider enclosure than judge's, so an error computed from them may differ
// from judge's by a little (below 2 err + 2^-49 of itself, in ulps). Such
// a point passes only where that cannot show: judge's double arithmetic
// passes it too; every error within that margin lies in the same quarter
// of a binade (below LARGE: all below LARGE; from HUGE on: all at least
// HUGE), so in the same bin of any histogram whose edges from LARGE on
// start quarters of binades; it stays below MAX_SO_FAR, the largest error
// counted so far, so it is no new maximum. (A kCoarse point is at a power
// of two with the side of it left open by its enclosure only where the
// real result's side is known and both tiers' values lie on it, so that
// judge's ulp, which follows that side, is the same: prepare_block sees to
// it.) Every other
// point goes to judge, whose error is the one the double-double tier
// gives.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reference/math/block_verdict.hpp"
#include "reference/math/judge_double.hpp"

namespace clconform::ref::math {

// The passes of points [0, B.n) of a prepared block whose results at width
// k are RESULTS[k][i], k < WIDTHS, under BOUND, which must accept the
// correctly rounded double (correct rounding, or an ULP bound of at least
// half an ulp: otherwise nothing passes here). Passed points have
// errors OUT.ulp; those of at least LARGE are marked in OUT.large, those of
// at least HUGE (at least 1: a correctly rounded pass is never huge) in
// OUT.huge. MAX_SO_FAR matters to a coarse block only (above).
void pass_double_block(const DoubleJudge::Block& b, const uint64_t* const* results, size_t widths,
                       const Bound& bound, double large, double huge, double max_so_far, BlockPasses& out);

// Point I of a prepared block whose results differ between widths: true
// when the result of every width passes as pass_double_block would pass
// it were it every width's (with LARGE, HUGE and MAX_SO_FAR as there), its
// error in ULP[k]; false (ULP partly set) when any needs DoubleJudge::judge.
// Without it each such point is prepared again for the judge, at about a
// tenth of a microsecond per point of a double-double tier.
bool pass_double_each_width(const DoubleJudge::Block& b, size_t i, const uint64_t* const* results, size_t widths,
                            const Bound& bound, double large, double huge, double max_so_far, double* ulp);

}  // namespace clconform::ref::math
