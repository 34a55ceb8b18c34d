// What the double-double tiers' tests (test_math_dd_trig.cpp,
// test_math_dd_exp_log.cpp, test_math_dd_cbrt.cpp) share: the relative
// error of a double-double value against MPFR's, a tally two threads add
// into, the two threads, and the whole check of a one-argument tier.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

#include "oracle.hpp"
#include "sample_scale.hpp"

namespace dd_check {

// |HI + LO - WANT| / |HI + LO|, rounded up; a zero value must be exact (0
// if it is, inf if not). GOT and ERR are scratch at WANT's precision, which
// holds HI + LO exactly (at least 320 bits).
inline double relative_error(double hi, double lo, mpfr_srcptr want, oracle::Num& got, oracle::Num& err) {
  mpfr_set_d(got.v, hi, MPFR_RNDN);
  mpfr_add_d(got.v, got.v, lo, MPFR_RNDN);
  mpfr_sub(err.v, got.v, want, MPFR_RNDN);
  if (mpfr_zero_p(got.v)) return mpfr_zero_p(err.v) ? 0.0 : HUGE_VAL;
  mpfr_div(err.v, err.v, got.v, MPFR_RNDN);
  return std::fabs(mpfr_get_d(err.v, MPFR_RNDU));
}

// Counts and the largest relative error over every thread of a check.
class Tally {
 public:
  void add(uint64_t checked, uint64_t refused, uint64_t over, double worst) {
    checked_ += checked;
    refused_ += refused;
    over_ += over;
    // Non-negative doubles order as their bits do.
    int64_t w = worst_bits_.load();
    const int64_t mine = int64_t(oracle::bits_of(worst));
    while (mine > w && !worst_bits_.compare_exchange_weak(w, mine)) {
    }
  }
  uint64_t checked() const { return checked_.load(); }
  uint64_t refused() const { return refused_.load(); }
  uint64_t over() const { return over_.load(); }
  double worst() const { return oracle::double_of(uint64_t(worst_bits_.load())); }

 private:
  std::atomic<uint64_t> checked_{0}, refused_{0}, over_{0};
  std::atomic<int64_t> worst_bits_{0};
};

// WORK(begin, step) on two threads, (0, 2) and (1, 2): each takes every
// other index, with its own MPFR variables.
template <typename Work>
void on_two_threads(Work work) {
  auto run = [&](size_t begin) {
    work(begin, size_t{2});
    mpfr_free_cache();  // this thread's cached constants: LeakSanitizer counts them at its exit
  };
  std::thread other(run, size_t{1});
  run(0);
  other.join();
}

// Checks the one-argument tier VALUE against REAL (MPFR at 320 bits) on
// every input of XS (every divisor()-th in the sanitizer build:
// sample_scale.hpp): each value it vouches for within BOUND of the real
// one, and at least MIN_CHECKED of them (scaled alike). Prints the counts
// and the worst relative error under NAME.
inline void check_one_argument(const char* name, const std::vector<double>& xs,
                               const std::function<bool(double, double*, double*)>& value,
                               int (*real)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), double bound, uint64_t min_checked) {
  Tally tally;
  on_two_threads([&](size_t begin, size_t step) {
    oracle::Num x(53), want(320), got(320), err(320);
    double worst = 0;
    uint64_t n = 0, no = 0, bad = 0;
    const size_t stride = step * size_t(sample_scale::divisor());
    for (size_t i = begin; i < xs.size(); i += stride) {
      double hi, lo;
      if (!value(xs[i], &hi, &lo)) {
        ++no;
        continue;
      }
      ++n;
      mpfr_set_d(x.v, xs[i], MPFR_RNDN);
      real(want.v, x.v, MPFR_RNDN);
      const double rel = relative_error(hi, lo, want.v, got, err);
      if (!(rel <= bound) && ++bad <= 5)
        ADD_FAILURE() << name << std::hexfloat << " at " << xs[i] << ": relative error " << rel;
      if (rel > worst) worst = rel;
    }
    tally.add(n, no, bad, worst);
  });
  std::printf("  %s: %llu values checked, %llu outside the tier's range, worst relative error 2^%.2f (bound 2^%.0f)\n",
              name, (unsigned long long)tally.checked(), (unsigned long long)tally.refused(), std::log2(tally.worst()),
              std::log2(bound));
  EXPECT_EQ(tally.over(), 0u) << name;
  EXPECT_GT(tally.checked(), min_checked / uint64_t(sample_scale::divisor())) << name;
}

// check_one_argument of the tier TIER, each of whose values must also be
// normalised (hi the double nearest hi + lo, as the judge reads it) and
// each of whose refusals one MAY_REFUSE allows (any, where it is null).
inline void check_tier(const char* name, const std::vector<double>& xs, bool (*tier)(double, double*, double*),
                       bool (*may_refuse)(double), int (*real)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), double bound,
                       uint64_t min_checked) {
  const auto value = [&](double x, double* hi, double* lo) {
    if (!tier(x, hi, lo)) {
      if (may_refuse) {
        EXPECT_TRUE(may_refuse(x)) << name << " refused " << std::hexfloat << x;
      }
      return false;
    }
    EXPECT_EQ(*hi, *hi + *lo) << name << " not normalised at " << std::hexfloat << x;
    return true;
  };
  check_one_argument(name, xs, value, real, bound, min_checked);
}

}  // namespace dd_check
