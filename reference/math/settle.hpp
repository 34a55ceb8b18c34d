// The last step of Judge::prepare: from a point's enclosure [approx -
// error, approx + error], the float it certainly rounds to (nearest,
// certain) and 2^-u for approx's float ulp exponent u (ulp_scale), for a
// batch of points, four at a time with AVX2 where the CPU has it. Both
// paths give identical fields (tests/reference/test_math_grid_bits.cpp).
#pragma once

#include <cstddef>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

// One point: when both ends of the enclosure round to the same float, every
// value between does too (rounding is monotone), so that float is certain.
void settle_point(Judge::Point& p);

// Points [0, n), with AVX2 when VECTOR is set (which needs
// cpu_has_avx2_fma(), fast_batch.hpp).
void settle_points(Judge::Point* points, size_t n, bool vector);

}  // namespace clconform::ref::math
