// The cost of the math verdict (reference/math/judge.hpp) as an exhaustive
// sweep pays it: the math suite's verifier (suites/math/math_checks.cpp)
// prepares 512 inputs at a time (Judge::prepare_many), then judges the
// result of every vector width (six) against each shared point. Inputs of
// one-argument functions come as a 2^32 sweep sees them: runs of 512
// consecutive float bit patterns, from random starts (every exponent field
// equally often, NaNs and infinities included); two-argument functions get
// random bit patterns, as their stratified samples do. The device results
// are the correctly rounded float (MPFR, computed before timing) at every
// width, except one width in eight that is a float off (either way).
//
// Times are per-thread CPU time (CLOCK_THREAD_CPUTIME_ID), the best of
// --repeats runs, so that other processes on a shared machine distort them
// less than wall time would; read them as "measured under load" there.
// prepare = the prepare pass alone; judge = (prepare and judge pass -
// prepare pass) / 6. With --threads T, every thread runs the whole
// workload at once and the wall time gives inputs verified per second
// (six widths each) on T threads, and what 2^32 inputs would take.
//
//   math_judge_bench [--points N] [--repeats R] [--threads T] [--functions sin,exp,...]
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "judge_bench_options.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/judge.hpp"
#include "reference/math/mpfr_eval.hpp"

namespace math = clconform::ref::math;
using clconform::ref::Float;

namespace {

constexpr size_t kWidths = 6;   // 1, 2, 3, 4, 8, 16
constexpr size_t kBatch = 512;  // as suites/math/math_checks.cpp prepares

struct Case {
  const char* name;
  math::Bound bound;  // the full profile's bound (OpenCL C spec 7.4), or correct rounding
  const char* label;
};

const Case kCases[] = {
    {"sin", {math::Bound::Kind::Ulps, 4}, "ulp=4"},
    {"cos", {math::Bound::Kind::Ulps, 4}, "ulp=4"},
    {"exp", {math::Bound::Kind::Ulps, 3}, "ulp=3"},
    {"log", {math::Bound::Kind::Ulps, 3}, "ulp=3"},
    {"pow", {math::Bound::Kind::Ulps, 16}, "ulp=16"},
    {"sqrt", {math::Bound::Kind::Ulps, 3}, "ulp=3"},
    {"sqrt", {math::Bound::Kind::CorrectlyRounded, 0}, "cr"},
    {"divide", {math::Bound::Kind::Ulps, 2.5}, "ulp=2.5"},
    {"divide", {math::Bound::Kind::CorrectlyRounded, 0}, "cr"},
    {"rootn", {math::Bound::Kind::Ulps, 16}, "ulp=16"},
};


struct Workload {
  std::vector<math::Judge::Point> inputs;  // args only
  std::vector<uint32_t> got;               // kWidths results per input
};

Workload make_workload(const Case& c, size_t points, uint64_t seed) {
  const math::Fn f = math::fn_of(math::function_id(c.name));
  const size_t arity = math::functions()[static_cast<size_t>(f)].args.size();
  std::mt19937_64 rng(seed);
  Workload w;
  w.inputs.resize(points);
  w.got.resize(points * kWidths);
  uint32_t next = 0;
  for (size_t i = 0; i < points; ++i) {
    if (i % kBatch == 0) next = static_cast<uint32_t>(rng());
    for (size_t k = 0; k < arity; ++k) {
      const uint32_t bits = arity == 1 ? next++ : static_cast<uint32_t>(rng());
      w.inputs[i].args[k] = clconform::ref::float_from_bits(bits);
      // An int argument (rootn's n), as the suite draws one: any int one
      // time in four, else in [-64, 64].
      if (math::functions()[static_cast<size_t>(f)].args[k] == math::ArgKind::Int)
        w.inputs[i].args[k] = (bits & 3) == 0 ? double(int32_t(bits)) : double(int((bits >> 8) % 129) - 64);
    }
    const uint32_t cr = math::enclose(f, w.inputs[i].args, 128).lo.round_to<Float>();
    for (size_t k = 0; k < kWidths; ++k) w.got[i * kWidths + k] = cr;
    // One width in eight (rotating) is a float off, either way.
    const size_t off = i % 8;
    if (off < kWidths)
      w.got[i * kWidths + off] = (i & 1) ? clconform::ref::next_up<Float>(cr) : clconform::ref::next_down<Float>(cr);
  }
  return w;
}

struct Tally {
  long fallbacks = 0, failures = 0;
};

// One pass over the workload in the verifier's batches; JUDGE false: the
// prepare work alone.
Tally run_pass(const math::Judge& judge, const Workload& w, const math::Bound& bound, bool judge_results) {
  Tally t;
  std::vector<math::Judge::Point> batch(kBatch);
  const size_t n = w.inputs.size();
  for (size_t b = 0; b < n; b += kBatch) {
    const size_t count = std::min(kBatch, n - b);
    for (size_t i = 0; i < count; ++i) std::memcpy(batch[i].args, w.inputs[b + i].args, sizeof batch[i].args);
    judge.prepare_many(batch.data(), count);
    if (!judge_results) continue;
    for (size_t i = 0; i < count; ++i) {
      for (size_t k = 0; k < kWidths; ++k) {
        const math::Verdict v = judge.judge(batch[i], w.got[(b + i) * kWidths + k], bound);
        t.fallbacks += v.used_mpfr;
        t.failures += !v.pass;
      }
    }
  }
  return t;
}

struct Figures {
  double prepare_ns = 1e300, judge_ns = 1e300;
  Tally tally;
  double inputs_per_second = 0;  // with --threads
};

Figures measure(const Case& c, size_t points, int repeats, unsigned threads, uint64_t seed) {
  const math::Judge judge(c.name, math::Denormals::Kept);
  const Workload w = make_workload(c, points, seed);
  Figures fig;
  double prepare_s = 1e300, both_s = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = bench::thread_seconds();
    run_pass(judge, w, c.bound, false);
    const double t1 = bench::thread_seconds();
    fig.tally = run_pass(judge, w, c.bound, true);
    const double t2 = bench::thread_seconds();
    prepare_s = std::min(prepare_s, t1 - t0);
    both_s = std::min(both_s, t2 - t1);
  }
  fig.prepare_ns = 1e9 * prepare_s / static_cast<double>(points);
  fig.judge_ns = 1e9 * (both_s - prepare_s) / static_cast<double>(points * kWidths);
  if (threads > 0) {
    const double best = bench::best_parallel_wall(repeats, threads, [&] { run_pass(judge, w, c.bound, true); });
    fig.inputs_per_second = static_cast<double>(points) * threads / best;
  }
  return fig;
}

}  // namespace

int main(int argc, char** argv) {
  const bench::JudgeBenchOptions opt = bench::parse_judge_bench_options(argc, argv, "math_judge_bench", 1 << 16, 5);
  const size_t points = opt.points;
  const int repeats = opt.repeats;
  const unsigned threads = opt.threads;
  const std::string& only = opt.only;
  std::printf("%-7s %-8s %11s %9s %15s %17s", "func", "bound", "prepare ns", "judge ns", "input+6 widths ns",
              "MPFR fallbacks");
  if (threads > 0) std::printf("  %u threads: inputs/s, 2^32 inputs", threads);
  std::printf("\n");
  for (const Case& c : kCases) {
    if (!only.empty() && only.find("," + std::string(c.name) + ",") == std::string::npos) continue;
    uint64_t seed = 0x6a75;  // per function name, so both bounds of one function see the same inputs
    for (const char* n = c.name; *n; ++n) seed = seed * 131 + static_cast<unsigned char>(*n);
    const Figures f = measure(c, points, repeats, threads, seed);
    std::printf("%-7s %-8s %11.1f %9.2f %15.1f %9ld/%-7zu", c.name, c.label, f.prepare_ns, f.judge_ns,
                f.prepare_ns + kWidths * f.judge_ns, f.tally.fallbacks, points * kWidths);
    if (threads > 0) std::printf("  %.3g, %.2f s", f.inputs_per_second, 0x1p32 / f.inputs_per_second);
    std::printf("  (%ld results failed)\n", f.tally.failures);
  }
  return 0;
}
