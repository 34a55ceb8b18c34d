// cbrt at double as a double-double hi + lo, for the fast tier of the double
// judge (judge_double.cpp), where binary128 arithmetic in software costs
// over a microsecond a point: the host's cube root y (glibc documents 4
// ulps at most), corrected by one Newton step in double-double arithmetic,
// y + (x - y^3) / (3 y^2). With y = r (1 + e), r the real root, the step
// leaves r (1 + e^2 + O(e^3)), 2^-100 for |e| <= 2^-50; y^3 is a
// double-double within 2^-106 of itself, x - y^3 loses 2^-53 of itself (at
// most 2^-48 of x) in one rounding, and the quotient another 2^-53 of a
// correction at most 2^-50 of y: about 2^-100 in all (the test saw
// 2^-100.9), stated as kDdCbrtRelError with room for a worse host root.
// Arguments below 2^-900 in magnitude are scaled by 2^300 first, so that no
// term underflows, and those above 2^1000 by 2^-300, so that y^3 cannot
// round beyond the double range (cbrt(2^300 x) = 2^100 cbrt(x), exactly).
#pragma once

namespace clconform::ref::math {

// |hi + lo - real| <= kDdCbrtRelError * |hi + lo|; tests/reference/
// test_math_dd_cbrt.cpp checks it against MPFR.
inline constexpr double kDdCbrtRelError = 0x1p-97;

// cbrt(X) into *HI + *LO for finite nonzero X; false otherwise, or on a CPU
// without FMA.
bool dd_cbrt(double x, double* hi, double* lo);

}  // namespace clconform::ref::math
