// The host's share of an exhaustive math sweep, without a device: the math
// suite's own verifier (suites/math/math_verifier.hpp, the code a
// `--mode full` run calls on every chunk) checks synthetic device results
// for a float built-in at the given widths. Nothing here judges anything
// itself, so the figure is what the suite's verification costs.
//
// Inputs: the case's full-mode input sequence (every float for a
// one-argument built-in), in blocks of consecutive lanes from seeded random
// starts, as a sweep's chunks see them. Device results, computed before any
// timing: the correctly rounded float of the real result (MPFR where the
// reference's fast tier is not certain) at every width; then, seeded, one
// lane in eight has one width a float off (either way), one in a thousand
// a width 2 to 3 floats off. NaN and infinite results come from the inputs
// (NaN arguments, overflow).
//
// Each of T threads verifies its own share of the blocks with its own
// accumulator, as the sweep's threads do. Printed: the thread CPU time per
// input (all widths of one input), the wall time, the values verified per
// second on T threads, and the verdict totals, so two builds can be
// compared for identical results too.
//
//   verify_bench --function sin [--widths 1,2,3,4,8,16] [--inputs N] [--threads T] [--repeats R] [--seed S]
//
// With --repeats R the whole verification runs R times (fresh accumulators
// each time) and the fastest run is reported.
//
// The case's parameters come from the generated math manifest
// ($CLCONFORM_DATA, else the build tree's kernels).
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "install_paths.hpp"
#include "manifest.hpp"
#include "math/math_verifier.hpp"
#include "reference/math/mpfr_eval.hpp"

namespace {

using namespace clconform;
namespace sm = clconform::suites::math;
namespace rm = clconform::ref::math;

constexpr size_t kBlock = size_t(1) << 16;  // consecutive lanes per block

struct Options {
  std::string function = "sin";
  std::vector<unsigned> widths = {1, 2, 3, 4, 8, 16};
  uint64_t inputs = uint64_t(1) << 22;
  unsigned threads = 1;
  unsigned repeats = 1;
  uint64_t seed = 1;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "verify_bench: %s\nusage: verify_bench --function F [--widths 1,2,...] [--inputs N] [--threads T] [--repeats R] [--seed S]\n",
               why.c_str());
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage("option " + a + " needs a value");
    const std::string v = argv[++i];
    if (a == "--function") {
      o.function = v;
    } else if (a == "--widths") {
      o.widths.clear();
      for (size_t p = 0; p < v.size();) {
        const size_t q = v.find(',', p);
        o.widths.push_back(unsigned(std::stoul(v.substr(p, q - p))));
        p = q == std::string::npos ? v.size() : q + 1;
      }
    } else if (a == "--inputs") {
      o.inputs = std::stoull(v);
    } else if (a == "--threads") {
      o.threads = unsigned(std::stoul(v));
    } else if (a == "--repeats") {
      o.repeats = unsigned(std::stoul(v));
    } else if (a == "--seed") {
      o.seed = std::stoull(v);
    } else {
      usage("unknown option " + a);
    }
  }
  if (o.widths.empty() || o.inputs == 0 || o.threads == 0 || o.repeats == 0) usage("widths, inputs, threads and repeats must not be empty or 0");
  return o;
}

double thread_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// One block: its inputs and every width's results, laid out as a chunk.
struct Block {
  SweepChunk chunk;
  std::vector<std::vector<uint8_t>> in;
  std::vector<std::vector<uint8_t>> out;  // [width], one float output
};

// The correctly rounded float results of the block's lanes, with the
// seeded perturbations the header describes.
void make_results(const sm::MathVerifier<sm::FloatFormat>& v, const rm::Judge& judge, const std::string& fn,
                  Block& b, std::mt19937_64& rng) {
  const size_t n = b.chunk.count, nw = v.widths().size();
  std::vector<rm::Judge::Point> points(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t a = 0; a < v.args().size(); ++a) {
      uint32_t bits;
      std::memcpy(&bits, b.in[a].data() + 4 * i, 4);
      float f;
      std::memcpy(&f, &bits, 4);
      points[i].args[a] = v.args()[a] == sm::Arg::Float ? double(f) : double(int32_t(bits));
    }
  }
  judge.prepare_many(points.data(), n);
  b.out.assign(nw, std::vector<uint8_t>(4 * n));
  for (size_t i = 0; i < n; ++i) {
    uint32_t want;
    if (points[i].certain) {
      want = points[i].nearest;
    } else {  // the fast tier cannot tell: MPFR rounds the real value
      const rm::Enclosure e = rm::enclose(rm::fn_of(rm::function_id(fn)), points[i].args, 128);
      const float f = float(e.lo.to_double());
      std::memcpy(&want, &f, 4);
    }
    for (size_t k = 0; k < nw; ++k) std::memcpy(b.out[k].data() + 4 * i, &want, 4);
    const uint64_t r = rng();
    const bool finite = (want & 0x7f800000u) != 0x7f800000u;
    if (finite && r % 8 == 0) {
      const size_t k = (r >> 8) % nw;
      const uint32_t off = (r >> 16) % 1000 == 0 ? 2 + (r >> 32) % 2 : 1;
      uint32_t got = (r >> 40) & 1 ? want + off : want - off;
      if ((want & 0x7fffffffu) < off) got = want + off;  // stay on this side of zero
      std::memcpy(b.out[k].data() + 4 * i, &got, 4);
    }
  }
  b.chunk.out.assign(nw, {});
  for (size_t k = 0; k < nw; ++k) b.chunk.out[k].push_back(b.out[k].data());
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const std::string data = default_data_dir(CLCONFORM_BENCH_DATA);
  Suite suite;
  try {
    suite = load_suite(data, "math");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "verify_bench: %s\n", e.what());
    return 2;
  }
  const Case* found = nullptr;
  for (const Case& c : suite.cases)
    if (c.id == "math." + o.function) found = &c;
  if (!found) usage("the math manifest in " + data + " has no float case math." + o.function);
  json::Value params = found->params;
  json::Value widths = json::Value::array();
  for (unsigned w : o.widths) widths.push_back(w);
  params["widths"] = widths;

  // A full-profile device that keeps denormals, as on the NVIDIA driver.
  const sm::Regime regime;
  const sm::MathVerifier<sm::FloatFormat> v(params, regime, true, o.seed, case_stream(found->id));
  if (v.out_bytes().size() != 1 || v.out_bytes()[0] != 4) usage(o.function + " has no single float result");
  const std::string judge_name = params.at("outputs").as_array().at(0).at("judge").as_string();
  const rm::Judge judge(judge_name, rm::Denormals::Kept);

  // Blocks at random starts past the edge-case lanes, each a whole number
  // of work-items of every width.
  const uint64_t total = v.total();
  const size_t nblocks = size_t((o.inputs + kBlock - 1) / kBlock);
  std::vector<Block> blocks(nblocks);
  std::mt19937_64 rng(o.seed);
  std::fprintf(stderr, "verify_bench: preparing %zu blocks of %zu lanes of %s...\n", nblocks, kBlock, found->id.c_str());
  for (Block& b : blocks) {
    b.chunk.first = total > kBlock ? rng() % (total - kBlock) : 0;
    b.chunk.count = b.chunk.valid = size_t(std::min<uint64_t>(kBlock, total - b.chunk.first));
    for (size_t a = 0; a < v.args().size(); ++a) {
      b.in.emplace_back(size_t(sm::arg_bytes(v.args()[a])) * b.chunk.count);
      b.chunk.in.push_back(b.in.back().data());
    }
    v.fill(b.chunk, 0, b.chunk.count, total);
    make_results(v, judge, judge_name, b, rng);
  }

  std::vector<sm::Acc> accs;
  double wall = 0, cpu_total = 0;
  for (unsigned r = 0; r < o.repeats; ++r) {
    std::vector<sm::Acc> run_accs(o.threads, v.start(FailureTally()));
    std::vector<double> cpu(o.threads, 0);
    const auto w0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < o.threads; ++t) {
      pool.emplace_back([&, t] {
        const double c0 = thread_seconds();
        for (size_t i = t; i < nblocks; i += o.threads) v.verify(blocks[i].chunk, 0, blocks[i].chunk.valid, run_accs[t]);
        cpu[t] = thread_seconds() - c0;
      });
    }
    for (auto& th : pool) th.join();
    const double run_wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    double run_cpu = 0;
    for (double c : cpu) run_cpu += c;
    if (r == 0 || run_cpu < cpu_total) cpu_total = run_cpu, wall = run_wall;
    accs = std::move(run_accs);
  }

  uint64_t inputs = 0;
  for (const Block& b : blocks) inputs += b.chunk.valid;
  const sm::Acc all = v.merge(accs);
  uint64_t checked = 0, failed = 0;
  double max_ulp = 0;
  for (const auto& w : all.widths) checked += w.checked, failed += w.failed, max_ulp = std::max(max_ulp, w.max_ulp);
  std::printf("%s: %llu inputs x %zu widths, %u threads\n", found->id.c_str(), (unsigned long long)inputs,
              o.widths.size(), o.threads);
  std::printf("%.2f ns per input per thread\n", 1e9 * cpu_total / double(inputs));
  std::printf("wall %.3f s, %.3g values verified per second\n", wall, double(inputs * o.widths.size()) / wall);
  std::printf("results: %llu checked, %llu failed, max %.4g ulp, %llu MPFR fallbacks, %llu unjudged\n",
              (unsigned long long)checked, (unsigned long long)failed, max_ulp, (unsigned long long)all.mpfr,
              (unsigned long long)all.unjudged);
  std::printf("histogram:");
  for (uint64_t c : all.hist) std::printf(" %llu", (unsigned long long)c);
  std::printf("\n");
  return 0;
}
