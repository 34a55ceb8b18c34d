// double_double.hpp's arithmetic on four values at once, one per lane of
// an AVX2 vector, for the block forms of the double-double tiers
// (dd_trig.cpp, dd_exp_log.cpp). Each function performs its scalar
// twin's operations in the same order: GCC's vector operators round each
// operation as written (the reference is compiled with -ffp-contract=off)
// and FMA is the intrinsic, so every lane gets the scalar function's bits.
// Compiled for AVX2 and FMA: callers check the CPU (cpu_has_avx2_fma())
// before using them.
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#define CLC_DD_AVX2 __attribute__((target("avx2,fma")))

namespace clconform::ref::math::dd {

using V4 = double __attribute__((vector_size(32)));
using M4 = long long __attribute__((vector_size(32)));  // a lane mask: all ones or zero
struct DD4 {
  V4 hi, lo;
};

// Whether this CPU has AVX2 and FMA, asked once.
inline bool cpu_has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

// Whether this CPU has AVX-512 (the foundation set) besides AVX2 and FMA,
// asked once: the block routines written for both (simd_lanes.inc) take
// the AVX-512 code there. CLCONFORM_NO_AVX512 set in the environment says
// no, so that tests and measurements can take the AVX2 code anywhere.
inline bool cpu_has_avx512() {
  static const bool has =
      __builtin_cpu_supports("avx512f") && cpu_has_avx2_fma() && std::getenv("CLCONFORM_NO_AVX512") == nullptr;
  return has;
}

// The four low bits of BITS (a movemask) as four bytes, 0 or 1, bit k in
// byte k: the shifted copies of BITS fall on disjoint bits, so nothing
// carries.
inline uint32_t byte_per_bit(unsigned bits) { return (bits * 0x204081u) & 0x01010101u; }

CLC_DD_AVX2 inline V4 broadcast4(double v) { return V4{v, v, v, v}; }
// Four consecutive doubles of P (any alignment) as a vector, and back.
CLC_DD_AVX2 inline V4 load4(const double* p) {
  V4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
CLC_DD_AVX2 inline void store4(double* p, V4 v) { std::memcpy(p, &v, sizeof v); }
CLC_DD_AVX2 inline V4 fma4(V4 a, V4 b, V4 c) {
  return reinterpret_cast<V4>(_mm256_fmadd_pd(reinterpret_cast<__m256d>(a), reinterpret_cast<__m256d>(b),
                                              reinterpret_cast<__m256d>(c)));
}
CLC_DD_AVX2 inline V4 select4(M4 mask, V4 a, V4 b) { return mask ? a : b; }
CLC_DD_AVX2 inline DD4 fast_two_sum4(V4 a, V4 b) {
  const V4 s = a + b;
  return {s, b - (s - a)};
}
CLC_DD_AVX2 inline DD4 two_sum4(V4 a, V4 b) {
  const V4 s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
CLC_DD_AVX2 inline DD4 add4(DD4 a, DD4 b) {
  DD4 s = two_sum4(a.hi, b.hi);
  const DD4 t = two_sum4(a.lo, b.lo);
  s.lo += t.hi;
  s = fast_two_sum4(s.hi, s.lo);
  s.lo += t.lo;
  return fast_two_sum4(s.hi, s.lo);
}
CLC_DD_AVX2 inline DD4 mul4(DD4 a, DD4 b) {
  const V4 p = a.hi * b.hi;
  V4 e = fma4(a.hi, b.hi, -p);
  e = fma4(a.hi, b.lo, e);
  e = fma4(a.lo, b.hi, e);
  return fast_two_sum4(p, e);
}

}  // namespace clconform::ref::math::dd
