// The cost of the math verdict (reference/math/judge.hpp) as an exhaustive
// sweep pays it: one Judge::prepare per input (in batches, as the math
// suite's verifier calls prepare_many), then one Judge::judge per vector
// width (six) against that shared point. Inputs are uniformly random float
// bit patterns (what a 2^32 sweep sees: every exponent field equally often,
// NaNs and infinities included); the device results are the correctly
// rounded float (MPFR, computed before timing) at every width, except one
// width in eight that is a float off (either way).
//
// Times are per-thread CPU time (CLOCK_THREAD_CPUTIME_ID), the best of
// --repeats runs, so that other processes on a shared machine distort them
// less than wall time would; read them as "measured under load" there.
//
//   math_judge_bench [--points N] [--repeats R] [--functions sin,exp,...]
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

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
    {"sin", {math::Bound::Kind::Ulps, 4}, "4 ulp"},
    {"cos", {math::Bound::Kind::Ulps, 4}, "4 ulp"},
    {"exp", {math::Bound::Kind::Ulps, 3}, "3 ulp"},
    {"log", {math::Bound::Kind::Ulps, 3}, "3 ulp"},
    {"pow", {math::Bound::Kind::Ulps, 16}, "16 ulp"},
    {"sqrt", {math::Bound::Kind::Ulps, 3}, "3 ulp"},
    {"sqrt", {math::Bound::Kind::CorrectlyRounded, 0}, "cr"},
    {"divide", {math::Bound::Kind::Ulps, 2.5}, "2.5 ulp"},
    {"divide", {math::Bound::Kind::CorrectlyRounded, 0}, "cr"},
};

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct Figures {
  double prepare_ns = 1e300, judge_ns = 1e300;
  long fallbacks = 0, failures = 0;
};

Figures measure(const Case& c, size_t points, int repeats, uint64_t seed) {
  const math::Judge judge(c.name, math::Denormals::Kept);
  const size_t arity = judge.info().args.size();
  std::mt19937_64 rng(seed);
  std::vector<math::Judge::Point> pts(points);
  std::vector<uint32_t> got(points * kWidths);
  for (size_t i = 0; i < points; ++i) {
    for (size_t k = 0; k < arity; ++k) pts[i].args[k] = clconform::ref::float_from_bits(static_cast<uint32_t>(rng()));
    const math::Fn f = math::fn_of(math::function_id(c.name));
    const uint32_t cr = math::enclose(f, pts[i].args, 128).lo.round_to<Float>();
    for (size_t w = 0; w < kWidths; ++w) got[i * kWidths + w] = cr;
    // One width in eight (rotating) is a float off, either way.
    const size_t off = (i % 8 < 6) ? i % 8 : kWidths;
    if (off < kWidths)
      got[i * kWidths + off] = (i & 1) ? clconform::ref::next_up<Float>(cr) : clconform::ref::next_down<Float>(cr);
  }
  Figures fig;
  for (int r = 0; r < repeats; ++r) {
    double t0 = thread_seconds();
    for (size_t b = 0; b < points; b += kBatch) judge.prepare_many(pts.data() + b, std::min(kBatch, points - b));
    double t1 = thread_seconds();
    long fallbacks = 0, failures = 0;
    for (size_t i = 0; i < points; ++i) {
      for (size_t w = 0; w < kWidths; ++w) {
        const math::Verdict v = judge.judge(pts[i], got[i * kWidths + w], c.bound);
        fallbacks += v.used_mpfr;
        failures += !v.pass;
      }
    }
    double t2 = thread_seconds();
    fig.prepare_ns = std::min(fig.prepare_ns, 1e9 * (t1 - t0) / static_cast<double>(points));
    fig.judge_ns = std::min(fig.judge_ns, 1e9 * (t2 - t1) / static_cast<double>(points * kWidths));
    fig.fallbacks = fallbacks;
    fig.failures = failures;
  }
  return fig;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "math_judge_bench: %s\nusage: math_judge_bench [--points N] [--repeats R] [--functions a,b]\n",
               why);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  size_t points = 1 << 16;
  int repeats = 5;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + a).c_str());
    const char* v = argv[++i];
    if (a == "--points") points = std::strtoull(v, nullptr, 10);
    else if (a == "--repeats") repeats = std::atoi(v);
    else if (a == "--functions") only = "," + std::string(v) + ",";
    else usage(("unknown option " + a).c_str());
  }
  if (points == 0 || repeats <= 0) usage("--points and --repeats must be positive");
  std::printf("%-7s %-8s %12s %12s %14s %10s\n", "func", "bound", "prepare ns", "judge ns", "input+6 widths",
              "fallbacks");
  for (const Case& c : kCases) {
    if (!only.empty() && only.find("," + std::string(c.name) + ",") == std::string::npos) continue;
    uint64_t seed = 0x6a75;  // per function name, so both bounds of one function see the same inputs
    for (const char* n = c.name; *n; ++n) seed = seed * 131 + static_cast<unsigned char>(*n);
    const Figures f = measure(c, points, repeats, seed);
    std::printf("%-7s %-8s %12.1f %12.1f %14.1f %6ld/%zu  (%ld results failed)\n", c.name, c.label, f.prepare_ns,
                f.judge_ns, f.prepare_ns + kWidths * f.judge_ns, f.fallbacks, points * kWidths, f.failures);
  }
  return 0;
}
