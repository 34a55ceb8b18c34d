// The cost of the double-precision math verdict (reference/math/
// judge_double.hpp) as a full double sweep pays it: the math suite's
// verifier prepares 512 inputs at a time (DoubleJudge::prepare_many), then
// judges each vector width's result; widths that returned the same bits
// share one verdict (suites/math/math_checks.cpp), so a sweep whose device
// is right at every width pays one judge per input. Inputs are drawn as the
// suite's full mode draws them (suites/math/math_inputs.cpp): the first
// argument's sign and exponent field (0 to 2046, subnormals included) are
// stratified, so every binade gets the same share; a second argument has an
// exponent within 26 of the first's half of the time, any otherwise. The
// device result is the reference value rounded to double (MPFR at 128 bits,
// before timing); one input in eight gets a result a double off at one
// width (a second verdict).
//
// Per-thread CPU time, best of --repeats: prepare = the prepare pass, judge
// = the judge pass per input (all its verdicts); MPFR = inputs prepared or
// judged by MPFR. With --threads T every thread runs the whole workload and
// the wall time gives inputs per second on T threads and the time 2^32
// inputs would take.
//
//   math_double_judge_bench [--points N] [--repeats R] [--threads T] [--functions sin,exp,...]
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
#include "reference/math/judge_double.hpp"
#include "reference/math/mpfr_eval.hpp"

namespace math = clconform::ref::math;

namespace {

constexpr size_t kBatch = 512;  // as suites/math/math_checks.cpp prepares

struct Case {
  const char* name;
  math::Bound bound;  // OpenCL C spec 7.4, double table
  const char* label;
};

const Case kCases[] = {
    {"sin", {math::Bound::Kind::Ulps, 4}, "ulp=4"},
    {"cos", {math::Bound::Kind::Ulps, 4}, "ulp=4"},
    {"exp", {math::Bound::Kind::Ulps, 3}, "ulp=3"},
    {"log", {math::Bound::Kind::Ulps, 3}, "ulp=3"},
    {"pow", {math::Bound::Kind::Ulps, 16}, "ulp=16"},
    {"divide", {math::Bound::Kind::CorrectlyRounded, 0}, "cr"},
    {"pown", {math::Bound::Kind::Ulps, 16}, "ulp=16"},
    {"rootn", {math::Bound::Kind::Ulps, 16}, "ulp=16"},
    {"remquo", {math::Bound::Kind::CorrectlyRounded, 0}, "exact"},
    {"nextafter", {math::Bound::Kind::CorrectlyRounded, 0}, "exact"},
};


struct Workload {
  std::vector<math::DoubleJudge::Point> inputs;  // args only
  std::vector<uint64_t> got;                     // the result all widths share
  std::vector<uint64_t> off;                     // a second width's result, or the same
};

uint64_t stratified(std::mt19937_64& rng, uint64_t lane, int arg, uint64_t first_bits) {
  const uint64_t r = rng(), mant = rng() & clconform::ref::Double::mantissa_mask;
  uint64_t e;
  bool negative;
  if (arg == 0) {
    e = (lane >> 1) % 2047;
    negative = lane & 1;
  } else {
    e = (r & 2) ? uint64_t(std::clamp(int((first_bits >> 52) & 0x7FF) + int((r >> 8) % 53) - 26, 0, 2046))
                : (r >> 16) % 2047;
    negative = r & 1;
  }
  return (negative ? clconform::ref::Double::sign_mask : 0) | e << 52 | mant;
}

Workload make_workload(const Case& c, size_t points, uint64_t seed) {
  const math::Fn f = math::fn_of(math::function_id(c.name));
  const size_t arity = math::functions()[static_cast<size_t>(f)].args.size();
  std::mt19937_64 rng(seed);
  Workload w;
  w.inputs.resize(points);
  w.got.resize(points);
  w.off.resize(points);
  const uint64_t start = rng();
  for (size_t i = 0; i < points; ++i) {
    uint64_t first = 0;
    for (size_t k = 0; k < arity; ++k) {
      const uint64_t b = stratified(rng, start + i, int(k), first);
      if (k == 0) first = b;
      w.inputs[i].args[k] = clconform::ref::double_from_bits(b);
      // An int argument (pown's and rootn's n), as the suite draws one:
      // any int one time in four, else in [-64, 64].
      if (math::functions()[static_cast<size_t>(f)].args[k] == math::ArgKind::Int)
        w.inputs[i].args[k] = (b & 3) == 0 ? double(int32_t(b >> 20)) : double(int64_t((b >> 8) % 129) - 64);
    }
    const math::Enclosure e = math::enclose(f, w.inputs[i].args, 128, 0, math::Format::Double);
    const uint64_t near = clconform::ref::to_bits(e.lo.to_double());
    w.got[i] = near;
    w.off[i] = i % 8 == 0 ? near + ((i & 8) ? 1 : -1) : near;
  }
  return w;
}

struct Tally {
  long mpfr = 0, failures = 0, verdicts = 0;
};

Tally run_pass(const math::DoubleJudge& judge, const Workload& w, const math::Bound& bound, bool judge_results) {
  Tally t;
  std::vector<math::DoubleJudge::Point> batch(kBatch);
  const size_t n = w.inputs.size();
  for (size_t b = 0; b < n; b += kBatch) {
    const size_t count = std::min(kBatch, n - b);
    for (size_t i = 0; i < count; ++i) std::memcpy(batch[i].args, w.inputs[b + i].args, sizeof batch[i].args);
    judge.prepare_many(batch.data(), count);
    if (!judge_results) {
      for (size_t i = 0; i < count; ++i) t.mpfr += batch[i].prepared_by_mpfr;
      continue;
    }
    for (size_t i = 0; i < count; ++i) {
      bool mpfr = false;
      const uint64_t results[2] = {w.got[b + i], w.off[b + i]};
      for (int k = 0; k < (results[1] == results[0] ? 1 : 2); ++k) {
        const math::Verdict v = judge.judge(batch[i], results[k], bound);
        mpfr |= v.used_mpfr;
        t.failures += !v.pass;
        ++t.verdicts;
      }
      t.mpfr += mpfr;
    }
  }
  return t;
}

struct Figures {
  double prepare_ns = 1e300, judge_ns = 1e300;
  Tally prepared, judged;
  double inputs_per_second = 0;
};

Figures measure(const Case& c, size_t points, int repeats, unsigned threads, uint64_t seed) {
  const math::DoubleJudge judge(c.name, math::Denormals::Kept);
  const Workload w = make_workload(c, points, seed);
  Figures fig;
  double prepare_s = 1e300, both_s = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = bench::thread_seconds();
    fig.prepared = run_pass(judge, w, c.bound, false);
    const double t1 = bench::thread_seconds();
    fig.judged = run_pass(judge, w, c.bound, true);
    const double t2 = bench::thread_seconds();
    prepare_s = std::min(prepare_s, t1 - t0);
    both_s = std::min(both_s, t2 - t1);
  }
  fig.prepare_ns = 1e9 * prepare_s / static_cast<double>(points);
  fig.judge_ns = 1e9 * (both_s - prepare_s) / static_cast<double>(points);
  if (threads > 0) {
    const double best = bench::best_parallel_wall(repeats, threads, [&] { run_pass(judge, w, c.bound, true); });
    fig.inputs_per_second = static_cast<double>(points) * threads / best;
  }
  return fig;
}

}  // namespace

int main(int argc, char** argv) {
  const bench::JudgeBenchOptions opt = bench::parse_judge_bench_options(argc, argv, "math_double_judge_bench", 1 << 14, 3);
  const size_t points = opt.points;
  const int repeats = opt.repeats;
  const unsigned threads = opt.threads;
  const std::string& only = opt.only;
  std::printf("%-7s %-7s %11s %12s %14s %16s %15s", "func", "bound", "prepare ns", "judge ns/in", "input ns",
              "MPFR prepared", "MPFR in all");
  if (threads > 0) std::printf("  %u threads: inputs/s, 2^32 inputs", threads);
  std::printf("\n");
  for (const Case& c : kCases) {
    if (!only.empty() && only.find("," + std::string(c.name) + ",") == std::string::npos) continue;
    uint64_t seed = 0x6a75;
    for (const char* n = c.name; *n; ++n) seed = seed * 131 + static_cast<unsigned char>(*n);
    const Figures f = measure(c, points, repeats, threads, seed);
    std::printf("%-7s %-7s %11.1f %12.1f %14.1f %9ld/%-6zu %8ld/%-6zu", c.name, c.label, f.prepare_ns, f.judge_ns,
                f.prepare_ns + f.judge_ns, f.prepared.mpfr, points, f.judged.mpfr, points);
    if (threads > 0) std::printf("  %.3g, %.1f s", f.inputs_per_second, 0x1p32 / f.inputs_per_second);
    std::printf("  (%ld of %ld verdicts failed)\n", f.judged.failures, f.judged.verdicts);
  }
  return 0;
}
