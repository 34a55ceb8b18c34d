// What the benchmarks share: the judge benchmarks' options
// (math_judge_bench.cpp, math_double_judge_bench.cpp) and a thread's CPU
// clock (those two and verify_bench.cpp), and their multi-thread timing.
#pragma once

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace bench {

struct JudgeBenchOptions {
  size_t points = 0;
  int repeats = 0;
  unsigned threads = 0;
  std::string only;  // ",sin,exp," or empty: every function
};

// --points N --repeats R --threads T --functions a,b; NAME for messages. A
// bad option prints one line and the usage, and exits 2.
inline JudgeBenchOptions parse_judge_bench_options(int argc, char** argv, const char* name, size_t points,
                                                   int repeats) {
  JudgeBenchOptions o;
  o.points = points;
  o.repeats = repeats;
  auto usage = [&](const std::string& why) {
    std::fprintf(stderr, "%s: %s\nusage: %s [--points N] [--repeats R] [--threads T] [--functions a,b]\n", name,
                 why.c_str(), name);
    std::exit(2);
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage("missing value after " + a);
    const char* v = argv[++i];
    if (a == "--points") o.points = std::strtoull(v, nullptr, 10);
    else if (a == "--repeats") o.repeats = std::atoi(v);
    else if (a == "--threads") o.threads = static_cast<unsigned>(std::atoi(v));
    else if (a == "--functions") o.only = "," + std::string(v) + ",";
    else usage("unknown option " + a);
  }
  if (o.points == 0 || o.repeats <= 0) usage("--points and --repeats must be positive");
  return o;
}

// This thread's CPU time, in seconds: on a shared machine it is distorted
// less by other processes than wall time.
inline double thread_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// The best of REPEATS wall times of THREADS threads each running FN once.
template <class Fn>
double best_parallel_wall(int repeats, unsigned threads, Fn fn) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(fn);
    for (std::thread& t : pool) t.join();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

}  // namespace bench
