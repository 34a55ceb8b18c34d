// How many random samples a reference test draws. The sanitizer build runs
// these tests to find memory errors, not to widen their sampling: there
// CLCONFORM_SAMPLE_DIVISOR (CMakePresets.json, test preset asan-unit) draws
// one sample in that many, so every function, format and code path is still
// reached while the run fits CI's time; the least count a test demands of
// itself scales the same way. Every other build draws them all.
#pragma once

#include <cstdlib>

namespace sample_scale {

// The divisor, read once: the tests ask for samples() in their loop
// conditions.
inline long divisor() {
  static const long d = [] {
    const char* e = std::getenv("CLCONFORM_SAMPLE_DIVISOR");
    return e ? std::strtol(e, nullptr, 10) : 1L;
  }();
  return d;
}

inline int samples(int n) {
  const long d = divisor();
  if (d <= 1) return n;
  const long m = n / d;
  return m < 64 ? (n < 64 ? n : 64) : static_cast<int>(m);
}

}  // namespace sample_scale
