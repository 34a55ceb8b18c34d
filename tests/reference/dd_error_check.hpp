// What the double-double tiers' tests (test_math_dd_trig.cpp,
// test_math_dd_exp_log.cpp) share: the relative error of a double-double
// value against MPFR's, a tally two threads add into, and the two threads.
#pragma once

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>

#include "oracle.hpp"

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

}  // namespace dd_check
