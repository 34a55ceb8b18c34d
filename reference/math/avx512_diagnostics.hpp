// Around code written with AVX-512 intrinsics: GCC 12's intrinsics start
// from an undefined vector (_mm512_undefined_*), which GCC then reports as
// uninitialised (-Wuninitialized, -Wmaybe-uninitialized) wherever such an
// intrinsic is inlined. CLC_AVX512_CODE_BEGIN silences those two warnings
// until CLC_AVX512_CODE_END; clang has no -Wmaybe-uninitialized group.
#pragma once

#ifdef __clang__
#define CLC_AVX512_CODE_BEGIN \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")
#else
#define CLC_AVX512_CODE_BEGIN                                                         \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"") \
      _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#endif
#define CLC_AVX512_CODE_END _Pragma("GCC diagnostic pop")
