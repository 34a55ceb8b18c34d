// The last step of pass_block and pass_double_block for four lanes from I,
// shared: their errors U, the passes among them (lane masks), those of at
// least AT_LEAST and (MARK_HUGE: under a bound of at least BEYOND, else no
// pass can be) of at least BEYOND into OUT, the running maximum of the
// passed errors into MAX (NONE where no lane passed); then, once, the
// block's maximum.
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "reference/math/block_verdict.hpp"

namespace clconform::ref::math {

template <bool MarkHuge>
__attribute__((target("avx2,fma"), always_inline)) inline void record_passes4(BlockPasses& out, size_t i, __m256d passes,
                                                                               __m256d u, __m256d at_least,
                                                                               __m256d beyond, __m256d none,
                                                                               __m256d& max) {
  _mm256_store_pd(out.ulp + i, u);
  max = _mm256_max_pd(max, _mm256_blendv_pd(none, u, passes));
  const uint64_t pass = unsigned(_mm256_movemask_pd(passes));
  const uint64_t is_large = unsigned(_mm256_movemask_pd(_mm256_and_pd(passes, _mm256_cmp_pd(u, at_least, _CMP_GE_OQ))));
  out.passed[i / 64] |= pass << (i % 64);
  out.large[i / 64] |= is_large << (i % 64);
  if constexpr (MarkHuge) {
    const uint64_t is_huge = unsigned(_mm256_movemask_pd(_mm256_and_pd(passes, _mm256_cmp_pd(u, beyond, _CMP_GE_OQ))));
    out.huge[i / 64] |= is_huge << (i % 64);
  }
}

__attribute__((target("avx2,fma"), always_inline)) inline void finish_max(BlockPasses& out, __m256d max) {
  alignas(32) double m[4];
  _mm256_store_pd(m, max);
  out.max_ulp = std::max(std::max(m[0], m[1]), std::max(m[2], m[3]));
}

}  // namespace clconform::ref::math
