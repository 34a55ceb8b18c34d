// Host references of the common built-ins (OpenCL C 3.0 spec, 6.15.4), on
// bit patterns of half, float or double. Exact where the spec's table says 0 ulp
// (clamp, max, min, step, sign: a value of the format, as bits); the real
// result otherwise (degrees, radians: to 300 bits; mix: exactly;
// smoothstep: to 300 bits), for reference/fn_bound.hpp to judge against.
// The functions' descriptions are the spec's; where it leaves a result
// undefined the caller decides not to judge (see the *_defined helpers).
#pragma once

#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::ref::common {

constexpr mpfr_prec_t kPrecision = 300;

// fmin(fmax(x, lo), hi) with C99 F.9.9.2/3's NaN rule (a NaN operand gives
// the other operand).
template <typename F>
typename F::Bits clamp(typename F::Bits x, typename F::Bits lo, typename F::Bits hi);
// "Results are undefined if minval > maxval."
template <typename F>
bool clamp_defined(typename F::Bits lo, typename F::Bits hi);

// "Returns y if x < y, otherwise it returns x" (max) and "y if y < x,
// otherwise x" (min); undefined for infinite or NaN operands.
template <typename F>
typename F::Bits max(typename F::Bits x, typename F::Bits y);
template <typename F>
typename F::Bits min(typename F::Bits x, typename F::Bits y);

// "Returns 0.0 if x < edge, otherwise it returns 1.0."
template <typename F>
typename F::Bits step(typename F::Bits edge, typename F::Bits x);

// 1.0 for x > 0, -0.0 for -0.0, +0.0 for +0.0, -1.0 for x < 0, 0.0 for NaN.
template <typename F>
typename F::Bits sign(typename F::Bits x);

// (180 / pi) * x and (pi / 180) * x, to kPrecision bits.
template <typename F>
Mpfr degrees(typename F::Bits x);
template <typename F>
Mpfr radians(typename F::Bits x);

// x + (y - x) * a, exactly (a finite input gives a finite result).
template <typename F>
Mpfr mix(typename F::Bits x, typename F::Bits y, typename F::Bits a);

// t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 * t), to
// kPrecision bits; defined for e0 < e1 and no NaN operand (6.15.4).
template <typename F>
Mpfr smoothstep(typename F::Bits e0, typename F::Bits e1, typename F::Bits x);

// Whether mix's defining expression x + (y - x) * a, each operation
// correctly rounded in F, can meet the absolute tolerance TOL: its rounding
// errors are at most half an ulp of y - x (scaled by a), of the product and
// of the result. Where they cannot, the tolerance is out of reach of any
// implementation of the spec's own formula, and the value is not judged.
// Finite operands.
template <typename F>
bool mix_attainable(typename F::Bits x, typename F::Bits y, typename F::Bits a, const Mpfr& tol);

// Whether smoothstep(e0, e1, x) is defined and its defining expression
// computable: finite operands ("undefined if edge0 >= edge1"; infinite ones
// make the quotient inf/inf or finite/inf), e0 < e1, and the differences
// x - e0 and e1 - e0 within the format's range.
template <typename F>
bool smoothstep_judgeable(typename F::Bits e0, typename F::Bits e1, typename F::Bits x);

// The bits with a subnormal flushed to a zero of its sign (7.5.3); others unchanged.
template <typename F>
typename F::Bits flush(typename F::Bits b);

}  // namespace clconform::ref::common
