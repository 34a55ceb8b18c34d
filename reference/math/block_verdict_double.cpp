#include "reference/math/block_verdict_double.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "reference/fp_bits.hpp"
#include "reference/math/block_passes_avx2.hpp"
#include "reference/math/double_double_avx2.hpp"

namespace clconform::ref::math {
namespace {

using Block = DoubleJudge::Block;
static_assert(Block::kCapacity == Judge::Block::kCapacity, "BlockPasses holds a block of either format");

#define AVX2 __attribute__((target("avx2,fma")))

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

// The lanes of four points, with errors U, whose errors the margins of a
// coarse block settle (passes_one's tests).
__attribute__((target("avx2,fma"), always_inline)) inline __m256i coarse_settles(__m256d u,
                                                                                __m256d err, double large,
                                                                                double huge, double max_so_far) {
  const __m256d margin = _mm256_add_pd(_mm256_add_pd(err, err), _mm256_mul_pd(_mm256_set1_pd(0x1p-49), u));
  const __m256d lo = _mm256_sub_pd(u, margin), hi = _mm256_add_pd(u, margin);
  const __m256d at_least = _mm256_cmp_pd(lo, _mm256_set1_pd(large), _CMP_GE_OQ);
  const __m256i same_key = _mm256_cmpeq_epi64(_mm256_srli_epi64(_mm256_castpd_si256(lo), 50),
                                              _mm256_srli_epi64(_mm256_castpd_si256(hi), 50));
  const __m256d same = _mm256_or_pd(
      _mm256_or_pd(_mm256_cmp_pd(hi, _mm256_set1_pd(large), _CMP_LT_OQ), _mm256_cmp_pd(lo, _mm256_set1_pd(huge), _CMP_GE_OQ)),
      _mm256_and_pd(at_least, _mm256_castsi256_pd(same_key)));
  const __m256d below = _mm256_cmp_pd(hi, _mm256_set1_pd(max_so_far), _CMP_LT_OQ);
  return _mm256_castpd_si256(_mm256_and_pd(same, below));
}

// passes_one on points [0, B.n / 4 * 4), four at a time (COARSE: B is a
// coarse block).
template <bool Cr, bool MarkHuge, bool Coarse>
AVX2 void pass_avx2(const Block& b, const uint64_t* const* results, size_t widths, double ulps, double large,
                    double huge, double max_so_far, BlockPasses& out) {
  const size_t n4 = b.n / 4 * 4;
  const __m256i magnitude_mask = _mm256_set1_epi64x(int64_t(~Double::sign_mask));
  const __m256i infinity = _mm256_set1_epi64x(int64_t(Double::infinity_bits));
  const __m256i fast_kind = _mm256_set1_epi64x(Block::kFast), nan_kind = _mm256_set1_epi64x(Block::kNanResult);
  const __m256i inf_kind = _mm256_set1_epi64x(Block::kPlusInf), zero_kind = _mm256_set1_epi64x(Block::kZero);
  const __m256d abs_mask = _mm256_castsi256_pd(magnitude_mask);
  const __m256d none = _mm256_set1_pd(-1), at_least = _mm256_set1_pd(large), beyond = _mm256_set1_pd(huge);
  const __m256d bound = _mm256_set1_pd(ulps);
  const __m256d slack = _mm256_set1_pd(1 + 0x1p-46), tiny = _mm256_set1_pd(0x1p-46);
  __m256d max = none;
  for (size_t i = 0; i < n4; i += 4) {
    const __m256i g = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(results[0] + i));
    __m256i same = _mm256_set1_epi64x(-1);
    for (size_t k = 1; k < widths; ++k)
      same = _mm256_and_si256(same, _mm256_cmpeq_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(results[k] + i)), g));
    if (_mm256_testz_si256(same, same)) continue;
    const __m256i kind = _mm256_load_si256(reinterpret_cast<const __m256i*>(b.kind + i));
    __m256i fast = _mm256_cmpeq_epi64(kind, fast_kind), coarse = _mm256_setzero_si256();
    if constexpr (Coarse) {
      coarse = _mm256_cmpeq_epi64(kind, _mm256_set1_epi64x(Block::kCoarse));
      fast = _mm256_or_si256(fast, coarse);
    }
    fast = _mm256_and_si256(same, fast);
    __m256d passes = _mm256_setzero_pd();
    __m256d u = _mm256_setzero_pd();
    if (!_mm256_testz_si256(fast, fast)) {
      const __m256d a = _mm256_load_pd(b.approx + i);
      const __m256d diff = _mm256_sub_pd(_mm256_castsi256_pd(g), a);
      const __m256d scaled = _mm256_mul_pd(_mm256_mul_pd(diff, _mm256_load_pd(b.prescale + i)), _mm256_load_pd(b.scale + i));
      const __m256d d = _mm256_and_pd(_mm256_sub_pd(scaled, _mm256_load_pd(b.resid + i)), abs_mask);
      u = _mm256_div_pd(d, _mm256_load_pd(b.ulp_q + i));
      const __m256d err = _mm256_load_pd(b.err + i);
      __m256i ok;
      if (Cr) {
        ok = _mm256_cmpeq_epi64(g, _mm256_castpd_si256(a));
      } else {
        const __m256i finite = _mm256_xor_si256(_mm256_cmpeq_epi64(_mm256_and_si256(g, infinity), infinity),
                                                _mm256_set1_epi64x(-1));
        __m256d reach = _mm256_add_pd(d, err);
        if constexpr (Coarse) {
          const __m256d spread = _mm256_add_pd(_mm256_add_pd(err, err), _mm256_mul_pd(_mm256_set1_pd(0x1p-49), d));
          reach = _mm256_add_pd(reach, _mm256_and_pd(spread, _mm256_castsi256_pd(coarse)));
        }
        const __m256d worst =
            _mm256_add_pd(_mm256_mul_pd(_mm256_div_pd(reach, _mm256_load_pd(b.ulp_min + i)), slack), tiny);
        ok = _mm256_and_si256(finite, _mm256_castpd_si256(_mm256_cmp_pd(worst, bound, _CMP_LE_OQ)));
      }
      if constexpr (Coarse)
        ok = _mm256_and_si256(ok, _mm256_or_si256(_mm256_xor_si256(coarse, _mm256_set1_epi64x(-1)),
                                                  coarse_settles(u, err, large, huge, max_so_far)));
      passes = _mm256_castsi256_pd(_mm256_and_si256(fast, ok));
    }
    // (c): the other kinds of point, at 0 ulp.
    const __m256i magnitude = _mm256_and_si256(g, magnitude_mask);
    const __m256i special = _mm256_and_si256(
        same, _mm256_or_si256(
                  _mm256_or_si256(_mm256_and_si256(_mm256_cmpeq_epi64(kind, nan_kind), _mm256_cmpgt_epi64(magnitude, infinity)),
                                  _mm256_and_si256(_mm256_cmpeq_epi64(kind, inf_kind), _mm256_cmpeq_epi64(g, infinity))),
                  _mm256_and_si256(_mm256_cmpeq_epi64(kind, zero_kind),
                                   _mm256_cmpeq_epi64(magnitude, _mm256_setzero_si256()))));
    u = _mm256_andnot_pd(_mm256_castsi256_pd(special), u);
    passes = _mm256_or_pd(passes, _mm256_castsi256_pd(special));
    record_passes4<MarkHuge>(out, i, passes, u, at_least, beyond, none, max);
  }
  finish_max(out, max);
}

}  // namespace

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
  if (dd::cpu_has_avx2_fma()) {
    // No pass can be huge where the bound is below HUGE: its error is within the bound.
    const bool mark_huge = !cr && bound.value >= huge;
    const double ulps = cr ? 0 : bound.value;
    auto run = [&](auto cr_tag, auto huge_tag) {
      constexpr bool kCr = decltype(cr_tag)::value, kHuge = decltype(huge_tag)::value;
      if (b.coarse) {
        pass_avx2<kCr, kHuge, true>(b, results, widths, ulps, large, huge, max_so_far, out);
      } else {
        pass_avx2<kCr, kHuge, false>(b, results, widths, ulps, large, huge, max_so_far, out);
      }
    };
    if (cr) {
      run(std::true_type{}, std::false_type{});
    } else if (mark_huge) {
      run(std::false_type{}, std::true_type{});
    } else {
      run(std::false_type{}, std::false_type{});
    }
    from = b.n / 4 * 4;
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
