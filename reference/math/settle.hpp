// The last step of preparing points: from each point's enclosure
// [approx - error, approx + error], the float it certainly rounds to
// (nearest, certain) and 2^-u for approx's float ulp exponent u
// (ulp_scale), four points at a time with AVX2 where the CPU has it. Both
// paths give identical fields (tests/reference/test_math_grid_bits.cpp).
#pragma once

#include <cstdint>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

// Points [0, B.n), and B.settled: when both ends of an enclosure round to
// the same float, every value between does too (rounding is monotone), so
// that float is certain; without an enclosure (a negative error) nothing
// is. With AVX2 when VECTOR is set (which needs cpu_has_avx2_fma(),
// fast_batch.hpp).
void settle_block(Judge::Block& b, bool vector);

// The same for one enclosure: *CERTAIN is all ones or 0.
void settle_one(double approx, double error, uint32_t* nearest, uint32_t* certain, double* ulp_scale);

}  // namespace clconform::ref::math
