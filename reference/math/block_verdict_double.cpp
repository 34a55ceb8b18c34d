#include "reference/math/block_verdict_double.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "reference/fp_bits.hpp"
#include "reference/math/double_double_avx2.hpp"

namespace clconform::ref::math {
namespace {

using Block = DoubleJudge::Block;
static_assert(Block::kCapacity == Judge::Block::kCapacity, "BlockPasses holds a block of either format");

// Whether every error in [LO, HI] lies in one bin (block_verdict_double.hpp):
// all below LARGE, all at least HUGE, or all in one quarter of a binade
// (the same exponent and two leading fraction bits).
bool same_quarter(double lo, double hi, double large, double huge) {
  if (hi < large) return true;
  if (lo < large) return false;
  if (lo >= huge) return true;
  uint64_t a, b;
  std::memcpy(&a, &lo, 8);
  std::memcpy(&b, &hi, 8);
  return a >> 50 == b >> 50;
}

// Point I alone: whether its results pass as pass_double_block passes
// them, with the error in *U. CR: a correctly rounded bound, else an ULP
// bound of ULPS. The operations of DoubleJudge::fast_distance and
// fast_passes, in their order; in a coarse block, with the margins of
// block_verdict_double.hpp.
bool passes_one(const Block& b, size_t i, const uint64_t* const* results, size_t widths, bool cr, double ulps,
                double large, double huge, double max_so_far, double* u) {
  const uint64_t g = results[0][i];
  for (size_t k = 1; k < widths; ++k)
    if (results[k][i] != g) return false;
  const uint64_t magnitude = g & ~Double::sign_mask;
  *u = 0;
  switch (b.kind[i]) {
    case Block::kNanResult: return magnitude > Double::infinity_bits;
    case Block::kPlusInf: return g == Double::infinity_bits;
    case Block::kMinusInf: return g == (Double::sign_mask | Double::infinity_bits);
    case Block::kZero: return magnitude == 0;
    case Block::kFast: case Block::kCoarse: break;
    default: return false;
  }
  double gd;
  std::memcpy(&gd, &g, 8);
  const double d = std::fabs((gd - b.approx[i]) * b.prescale[i] * b.scale[i] - b.resid[i]);
  *u = d / b.ulp_q[i];
  uint64_t nearest;
  std::memcpy(&nearest, &b.approx[i], 8);
  double spread = 0;
  if (b.kind[i] == Block::kCoarse) {
    const double margin = 2 * b.err[i] + 0x1p-49 * *u;
    if (!same_quarter(*u - margin, *u + margin, large, huge) || !(*u + margin < max_so_far)) return false;
    spread = 2 * b.err[i] + 0x1p-49 * d;
  }
  if (cr) return g == nearest;
  if ((g & Double::infinity_bits) == Double::infinity_bits) return false;
  return (d + b.err[i] + spread) / b.ulp_min[i] * (1 + 0x1p-46) + 0x1p-46 <= ulps;
}

// The lanes' code, once for each instruction set
// (block_verdict_double_lanes.inc).
#define CLC_LANES_BODY "reference/math/block_verdict_double_lanes.inc"
#include "reference/math/simd_targets.inc"
#undef CLC_LANES_BODY

}  // namespace

bool pass_double_each_width(const Block& b, size_t i, const uint64_t* const* results, size_t widths,
                            const Bound& bound, double large, double huge, double max_so_far, double* ulp) {
  const bool cr = bound.correctly_rounded();
  if (!(cr || (bound.kind == Bound::Kind::Ulps && bound.value >= 0.5))) return false;
  for (size_t k = 0; k < widths; ++k) {
    const uint64_t* one[1] = {results[k]};
    if (!passes_one(b, i, one, 1, cr, bound.value, large, huge, max_so_far, &ulp[k])) return false;
  }
  return true;
}

void pass_double_block(const Block& b, const uint64_t* const* results, size_t widths, const Bound& bound,
                       double large, double huge, double max_so_far, BlockPasses& out) {
  std::fill(out.passed, out.passed + BlockPasses::kWords, 0);
  std::fill(out.large, out.large + BlockPasses::kWords, 0);
  std::fill(out.huge, out.huge + BlockPasses::kWords, 0);
  out.count = out.by_mpfr = 0;
  out.max_ulp = -1;
  const bool cr = bound.correctly_rounded();
  if (widths == 0 || !(cr || (bound.kind == Bound::Kind::Ulps && bound.value >= 0.5))) return;
  size_t from = 0;
  // No pass can be huge where the bound is below HUGE: its error is within the bound.
  const bool mark_huge = !cr && bound.value >= huge;
  const double ulps = cr ? 0 : bound.value;
  if (dd::cpu_has_avx512()) {
    from = avx512::pass_block_lanes(b, results, widths, cr, mark_huge, ulps, large, huge, max_so_far, out);
  } else if (dd::cpu_has_avx2_fma()) {
    from = avx2::pass_block_lanes(b, results, widths, cr, mark_huge, ulps, large, huge, max_so_far, out);
  }
  for (size_t i = from; i < b.n; ++i) {
    double u = 0;
    if (!passes_one(b, i, results, widths, cr, bound.value, large, huge, max_so_far, &u)) continue;
    out.ulp[i] = u;
    out.passed[i / 64] |= uint64_t(1) << (i % 64);
    if (u >= large) out.large[i / 64] |= uint64_t(1) << (i % 64);
    if (u >= huge) out.huge[i / 64] |= uint64_t(1) << (i % 64);
    out.max_ulp = std::max(out.max_ulp, u);
  }
  for (size_t w = 0; w < BlockPasses::kWords; ++w) out.count += uint64_t(__builtin_popcountll(out.passed[w]));
}

}  // namespace clconform::ref::math
