// The host's share of an exhaustive sweep, without a device: a suite's own
// verifier (the code a `--mode full` run calls on every chunk) checks
// synthetic device results at the given widths: the math suite's
// (suites/math/math_verifier.hpp) for a float built-in, the conversions
// suite's (suites/conversions/explicit_verifier.hpp) for a conversion.
// Nothing here judges anything itself, so the figure is what the suite's
// verification costs.
//
// Inputs: the case's full-mode input sequence (every float for a
// one-argument built-in or a float source), in blocks of consecutive lanes
// from seeded random starts, as a sweep's chunks see them. Device results,
// computed before any timing: the right value (math: the correctly rounded
// float of the real result, MPFR where the reference's fast tier is not
// certain; conversions: the host's conversion) at every width; then,
// seeded, one lane in eight (math: off by an ulp or so is what a conforming
// device returns) or in 65536 (conversions: any difference is a defect) has
// one width a float (or an integer step) off, either way, one in a
// thousand of those 2 to 3 off; with --same-widths every width of that
// lane takes the same value instead, as on a GPU, whose widths share their
// code (a CPU device's may differ). A math result moves only as far as the
// case's bound allows (not at all for an exact or correctly rounded
// built-in), only from a normal value and within its binade, so that the
// results are a conforming device's. NaN and infinite
// results come from the inputs (NaN arguments, overflow).
//
// Each of T threads verifies its own share of the blocks with its own
// accumulator, as the sweep's threads do. Printed: the thread CPU time per
// input (all widths of one input), the wall time, the values verified per
// second on T threads, and the verdict totals, so two builds can be
// compared for identical results too; and the time one thread takes to
// write the inputs (the sweep's fill).
//
// F is a math built-in ("sin", "fp64.sin" for its double case) or a
// conversion case without its suite ("convert_int_rte.float").
//
//   verify_bench --function sin [--widths 1,2,3,4,8,16] [--inputs N] [--threads T] [--repeats R] [--seed S]
//                [--same-widths] [--defects N [--defect-output J] [--split-defects]] [--far N]
//                [--known-failures FILE]
//
// With --repeats R the whole verification runs R times (fresh accumulators
// each time) and the fastest run is reported.
//
// A device defect, for the cost of wrong values: with --defects N one lane
// in N (seeded) returns, at every width and in every output (or only in
// output J with --defect-output J: lgamma_r's sign, as NVIDIA's), the right
// bits with bit 8 flipped (a wrong value of the same class, 256 steps off
// for a float; for nan(), whose right result is a quiet NaN, the number
// with the exponent's top bit cleared). With --split-defects the widths of a defective lane
// disagree, as NVIDIA's lgamma_r signs often do: the first width returns
// that value, and the others, on one such lane in two, the right bits with
// bit 9 flipped, else the right bits. With --known-failures FILE the
// entries of FILE that apply to device "verify_bench", driver "bench" and
// the case excuse what they describe, as in a run
// (bench/excuse_wrong_values.json excuses every wrong value), and the
// failures are printed with how many were excused.
//
// Results far off, as an implementation-defined built-in may return them
// (the NVIDIA driver's native_sin: 87% of its results 65536 ulp or more
// off): with --far N one lane in N (seeded) of a result that the spec does
// not bound (native_) returns, at every width, the right bits with bit 21
// and some of the 16 lowest flipped: 2^21 steps off, give or take 2^16,
// within the binade.
//
// The case's parameters come from the generated manifests ($CLCONFORM_DATA,
// else the build tree's kernels).
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "install_paths.hpp"
#include "known_failures.hpp"
#include "judge_bench_options.hpp"
#include "manifest.hpp"
#include "conversions/conversion_values.hpp"
#include "conversions/explicit_verifier.hpp"
#include "math/math_verifier.hpp"
#include "reference/fp_bits.hpp"
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
  bool same_widths = false;
  uint64_t defects = 0;         // one lane in N wrong at every width; 0: none
  int defect_output = -1;       // the one output the defects go to; -1: every output
  bool split_defects = false;   // a defect's widths disagree
  uint64_t far = 0;             // one lane in N of an unbounded result far off; 0: none
  std::string known_failures;  // "": no entries
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr,
               "verify_bench: %s\nusage: verify_bench --function F [--widths 1,2,...] [--inputs N] [--threads T] "
               "[--repeats R] [--seed S] [--same-widths] [--defects N [--defect-output J] [--split-defects]] [--far N] "
               "[--known-failures FILE]\n",
               why.c_str());
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--same-widths") {
      o.same_widths = true;
      continue;
    }
    if (a == "--split-defects") {
      o.split_defects = true;
      continue;
    }
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
    } else if (a == "--defects") {
      o.defects = std::stoull(v);
    } else if (a == "--defect-output") {
      o.defect_output = std::stoi(v);
    } else if (a == "--far") {
      o.far = std::stoull(v);
    } else if (a == "--known-failures") {
      o.known_failures = v;
    } else {
      usage("unknown option " + a);
    }
  }
  if (o.widths.empty() || o.inputs == 0 || o.threads == 0 || o.repeats == 0) usage("widths, inputs, threads and repeats must not be empty or 0");
  return o;
}


// One block of lanes laid out as a chunk: inputs and every width's results
// (one array per width and output).
struct Block {
  SweepChunk chunk;
  std::vector<std::vector<uint8_t>> in;
  std::vector<std::vector<std::vector<uint8_t>>> out;  // [width][output]
};

// Blocks at seeded random starts in [0, TOTAL), each a whole number of
// work-items of every width; FILL writes a block's inputs.
template <class Fill>
std::vector<Block> make_blocks(const Options& o, uint64_t total, const std::vector<unsigned>& in_bytes, Fill fill) {
  const size_t nblocks = size_t((o.inputs + kBlock - 1) / kBlock);
  std::vector<Block> blocks(nblocks);
  std::mt19937_64 rng(o.seed);
  for (Block& b : blocks) {
    b.chunk.first = total > kBlock ? rng() % (total - kBlock) : 0;
    b.chunk.count = b.chunk.valid = size_t(std::min<uint64_t>(kBlock, total - b.chunk.first));
    for (unsigned bytes : in_bytes) {
      b.in.emplace_back(size_t(bytes) * b.chunk.count);
      b.chunk.in.push_back(b.in.back().data());
    }
    fill(b.chunk);
  }
  return blocks;
}

// Output J's result at every width is WANT[i], except for the seeded
// perturbations the header describes, in one lane of every ONE_IN, by at
// most MAX_OFF steps, at one width or (EVERY_WIDTH) at all; only lanes
// with MOVABLE[i] set are perturbed; one such lane in FAR (0: none) is
// instead about 2^21 steps off at every width (bit 21 and some of the 16
// lowest flipped). One lane in DEFECTS (0: none) is wrong at every width instead
// (the bits of DEFECT flipped), or with SPLIT as the header says. Output J is added to the
// block's arrays, and the chunk shows every output added so far.
void set_results(Block& b, size_t nw, unsigned bytes, const std::vector<uint64_t>& want,
                 const std::vector<bool>& movable, std::mt19937_64& rng, uint64_t one_in, uint64_t max_off,
                 bool every_width, uint64_t defects, bool split, uint64_t far = 0, uint64_t defect = 0x100) {
  const size_t n = b.chunk.count;
  b.out.resize(nw);
  for (auto& outputs : b.out) outputs.emplace_back(size_t(bytes) * n);
  const size_t j = b.out[0].size() - 1;
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < nw; ++k) std::memcpy(b.out[k][j].data() + bytes * i, &want[i], bytes);
    const uint64_t r = rng();
    if (max_off > 0 && movable[i] && r % one_in == 0) {
      const size_t k = (r >> 8) % nw;
      const uint64_t off = std::min(max_off, (r >> 16) % 1000 == 0 ? 2 + (r >> 32) % 2 : 1);
      const uint64_t got = (r >> 40) & 1 || want[i] < off ? want[i] + off : want[i] - off;
      for (size_t w = every_width ? 0 : k; w < (every_width ? nw : k + 1); ++w)
        std::memcpy(b.out[w][j].data() + bytes * i, &got, bytes);
    }
    if (far > 0 && movable[i] && rng() % far == 0) {
      const uint64_t f = rng();
      const uint64_t got = want[i] ^ (uint64_t(1) << 21) ^ ((f >> 8) & 0xffff);
      for (size_t w = 0; w < nw; ++w) std::memcpy(b.out[w][j].data() + bytes * i, &got, bytes);
    }
    if (defects > 0 && rng() % defects == 0) {
      const uint64_t wrong = want[i] ^ defect;
      const uint64_t others = !split ? wrong : rng() % 2 == 0 ? want[i] ^ 0x200 : want[i];
      for (size_t w = 0; w < nw; ++w) std::memcpy(b.out[w][j].data() + bytes * i, w == 0 ? &wrong : &others, bytes);
    }
  }
  b.chunk.out.assign(nw, {});
  for (size_t k = 0; k < nw; ++k)
    for (auto& output : b.out[k]) b.chunk.out[k].push_back(output.data());
}

// Verifies every block on T threads, R times, and keeps the fastest run's
// thread CPU time (summed) and wall time, and the last run's accumulators.
template <class Acc, class Verify>
std::vector<Acc> time_verification(const Options& o, std::vector<Block>& blocks, const Acc& proto, Verify verify,
                                   double* cpu_total, double* wall) {
  std::vector<Acc> accs;
  for (unsigned r = 0; r < o.repeats; ++r) {
    // As in a sweep (harness/sweep.hpp): each thread copies its own
    // accumulator, into a slot of its own cache lines.
    struct alignas(128) Slot {
      std::optional<Acc> acc;
    };
    std::vector<Slot> slots(o.threads);
    std::vector<double> cpu(o.threads, 0);
    const auto w0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < o.threads; ++t) {
      pool.emplace_back([&, t] {
        const double c0 = bench::thread_seconds();
        slots[t].acc.emplace(proto);
        for (size_t i = t; i < blocks.size(); i += o.threads) verify(blocks[i].chunk, *slots[t].acc);
        cpu[t] = bench::thread_seconds() - c0;
      });
    }
    for (auto& th : pool) th.join();
    std::vector<Acc> run_accs;
    for (Slot& slot : slots) run_accs.push_back(std::move(*slot.acc));
    const double run_wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    double run_cpu = 0;
    for (double c : cpu) run_cpu += c;
    if (r == 0 || run_cpu < *cpu_total) *cpu_total = run_cpu, *wall = run_wall;
    accs = std::move(run_accs);
  }
  return accs;
}

void print_speed(const Options& o, const std::string& id, uint64_t inputs, double cpu_total, double wall) {
  std::printf("%s: %llu inputs x %zu widths, %u threads\n", id.c_str(), (unsigned long long)inputs, o.widths.size(),
              o.threads);
  std::printf("%.2f ns per input per thread\n", 1e9 * cpu_total / double(inputs));
  std::printf("wall %.3f s, %.3g values verified per second\n", wall, double(inputs * o.widths.size()) / wall);
}

// The entries of --known-failures that apply to case ID, as a run matches
// them on device "verify_bench", driver "bench", in full mode.
struct Excuses {
  KnownFailures known;
  CaseExcuses for_case;
  Excuses(const Options& o, const std::string& id)
      : known(KnownFailures::load(o.known_failures)), for_case(known.for_case("verify_bench", "bench", id, "", true)) {}
};

void print_failures(const FailureTally& t) {
  std::printf("failures: %llu, %llu excused, %zu kept\n", (unsigned long long)t.failed(),
              (unsigned long long)(t.failed() - t.unexcused()), t.worst().size() + t.excused().size());
  // The worst few not excused, so that a failure of the verifier itself can be looked at.
  for (size_t i = 0; i < t.worst().size() && i < 3; ++i) {
    const Mismatch& m = t.worst()[i];
    std::string in;
    for (const std::string& s : m.inputs) in += (in.empty() ? "" : ", ") + s;
    std::printf("  (%s): %s, expected %s, %s\n", in.c_str(), m.output.c_str(), m.expected.c_str(), m.note.c_str());
  }
}

json::Value with_widths(json::Value params, const Options& o) {
  json::Value widths = json::Value::array();
  for (unsigned w : o.widths) widths.push_back(w);
  params["widths"] = widths;
  return params;
}

// The float or double result the reference rounds the real value to, for
// synthetic device results: the fast tier's when certain, else MPFR's.
uint64_t nearest_result(const rm::Judge::Point& p, const std::string& fn) {
  if (p.certain) return p.nearest;
  const rm::Enclosure e = rm::enclose(rm::fn_of(rm::function_id(fn)), p.args, 128);
  const float f = float(e.lo.to_double());
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}
uint64_t nearest_result(const rm::DoubleJudge::Point& p, const std::string& fn) {
  if (p.certain) return p.nearest;
  const rm::Enclosure e = rm::enclose(rm::fn_of(rm::function_id(fn)), p.args, 200, 0, rm::Format::Double);
  const double d = e.lo.to_double();
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return bits;
}

// How many steps (floats, doubles) off the correctly rounded result a
// conforming device may return, from an output's full-profile bound: none
// for an exact or correctly rounded built-in, at most three within an ulp
// bound, three where the spec sets none ("info": lgamma's "undefined").
uint64_t conforming_offset(const json::Value& bound) {
  if (bound.has("ulp")) return uint64_t(std::min(3.0, std::floor(bound.at("ulp").as_double())));
  if (bound.has("info")) return 3;
  return 0;
}

// A result whose neighbours up to three steps away lie in its own binade:
// not a NaN, an infinity or a zero (whose neighbours are infinitely many
// ulps from an exact zero), and not within three steps of a power of two
// (where a step of the binade above is two ulps of the one below).
template <class Fmt>
bool movable_result(uint64_t bits) {
  const int mantissa_bits = Fmt::fp64 ? 52 : 23;
  const uint64_t mantissa = bits & ((uint64_t(1) << mantissa_bits) - 1);
  const uint64_t exponent = (bits >> mantissa_bits) & (Fmt::fp64 ? 0x7ff : 0xff);
  const uint64_t top = Fmt::fp64 ? 0x7ff : 0xff;
  return exponent != 0 && exponent != top && mantissa >= 3 && mantissa <= (uint64_t(1) << mantissa_bits) - 4;
}

template <class Fmt>
int bench_math(const Options& o, const Case& c) {
  const json::Value params = with_widths(c.params, o);
  // A full-profile device that keeps denormals, as on the NVIDIA driver.
  const sm::Regime regime;
  const sm::MathVerifier<Fmt> v(params, regime, true, o.seed, case_stream(c.id));
  // Every output: a floating-point result (its judge), an integer one
  // (frexp's exponent, lgamma_r's sign: exact_int) or nan()'s (no judge).
  const json::Value& outputs = params.at("outputs");
  std::vector<std::unique_ptr<typename Fmt::Judge>> judges;
  for (const json::Value& out : outputs.as_array()) {
    const bool numeric = out.at("kind").as_string() != "int" && !out.at("judge").is_null();
    judges.push_back(numeric ? std::make_unique<typename Fmt::Judge>(out.at("judge").as_string(), rm::Denormals::Kept)
                             : nullptr);
  }
  std::vector<unsigned> in_bytes;
  for (sm::Arg a : v.args()) in_bytes.push_back(sm::arg_bytes(a));
  const uint64_t total = v.total();
  std::vector<Block> blocks = make_blocks(o, total, in_bytes, [&](SweepChunk& ch) { v.fill(ch, 0, ch.count, total); });
  // The sweep's other host share, writing the inputs: the blocks once
  // more, on this thread.
  const double fill0 = bench::thread_seconds();
  for (Block& b : blocks) v.fill(b.chunk, 0, b.chunk.count, total);
  const double fill_ns = 1e9 * (bench::thread_seconds() - fill0) / double(uint64_t(blocks.size()) * kBlock);
  std::mt19937_64 rng(o.seed + 1);
  for (Block& b : blocks) {
    const size_t n = b.chunk.count;
    std::vector<typename Fmt::Judge::Point> points(n);
    for (size_t i = 0; i < n; ++i) {
      for (size_t a = 0; a < v.args().size(); ++a) {
        uint64_t bits = 0;
        std::memcpy(&bits, b.in[a].data() + sm::arg_bytes(v.args()[a]) * i, sm::arg_bytes(v.args()[a]));
        double value = 0;
        switch (v.args()[a]) {
          case sm::Arg::Float: value = double(clconform::ref::float_from_bits(uint32_t(bits))); break;
          case sm::Arg::Double: value = clconform::ref::double_from_bits(bits); break;
          case sm::Arg::Int: value = double(int32_t(uint32_t(bits))); break;
          case sm::Arg::Uint: value = double(uint32_t(bits)); break;
          case sm::Arg::Ulong: value = double(bits); break;
          case sm::Arg::Half: value = sm::half_value(bits); break;
          case sm::Arg::Ushort: value = double(uint16_t(bits)); break;
        }
        points[i].args[a] = value;
      }
    }
    for (size_t j = 0; j < judges.size(); ++j) {
      const json::Value& judge = outputs.as_array().at(j).at("judge");
      const std::string name = judge.is_null() ? "" : judge.as_string();
      std::vector<uint64_t> want(n);
      std::vector<bool> movable(n, false);  // an integer result is exact: never moved
      uint64_t defect = 0x100;              // a wrong value: WANT with this bit flipped
      if (judge.is_null()) {
        // nan(): a quiet NaN, and for a wrong value the number whose
        // exponent's top bit is clear.
        std::fill(want.begin(), want.end(), Fmt::quiet_nan);
        defect = Fmt::fp64 ? uint64_t(1) << 62 : uint64_t(1) << 30;
      } else if (judges[j]) {
        std::vector<typename Fmt::Judge::Point> prepared = points;
        judges[j]->prepare_many(prepared.data(), n);
        for (size_t i = 0; i < n; ++i) {
          want[i] = nearest_result(prepared[i], name);
          movable[i] = movable_result<Fmt>(want[i]);
        }
      } else {
        for (size_t i = 0; i < n; ++i) want[i] = uint32_t(int32_t(rm::exact_int(name, points[i].args)));
      }
      const json::Value& bound = params.at("bounds").at("full").as_array().at(j);
      const bool defective = o.defect_output < 0 || size_t(o.defect_output) == j;
      set_results(b, o.widths.size(), v.out_bytes()[j], want, movable, rng, 8, conforming_offset(bound),
                  o.same_widths, defective ? o.defects : 0, o.split_defects, bound.has("info") ? o.far : 0, defect);
    }
  }
  const Excuses excuses(o, c.id);
  double cpu = 0, wall = 0;
  std::vector<sm::Acc> accs = time_verification(
      o, blocks, v.start(FailureTally(&excuses.for_case)),
      [&](const SweepChunk& ch, sm::Acc& acc) { v.verify(ch, 0, ch.valid, acc); }, &cpu, &wall);
  const sm::Acc all = v.merge(accs);
  print_speed(o, c.id, uint64_t(blocks.size()) * kBlock, cpu, wall);
  std::printf("fill %.2f ns per input (one thread)\n", fill_ns);
  uint64_t checked = 0, failed = 0;
  double max_ulp = 0;
  for (const auto& w : all.widths) checked += w.checked, failed += w.failed, max_ulp = std::max(max_ulp, w.max_ulp);
  std::printf("results: %llu checked, %llu failed, max %.4g ulp, %llu MPFR fallbacks, %llu unjudged\n",
              (unsigned long long)checked, (unsigned long long)failed, max_ulp, (unsigned long long)all.mpfr,
              (unsigned long long)all.unjudged);
  std::printf("histogram:");
  for (uint64_t h : all.hist) std::printf(" %llu", (unsigned long long)h);
  std::printf("\n");
  print_failures(all.failures);
  return 0;
}

int bench_conversion(const Options& o, const Case& c) {
  namespace cv = clconform::suites::conversions;
  const json::Value& p = c.params;
  const auto [src, dst, rnd, sat, fn] = cv::Conversion::from_params(p);
  const cv::SourceLanes lanes(src, true, o.seed, case_stream(c.id), 1 << 16);
  const cv::Job job{src, dst, rnd, sat, false, false, false, fn, o.widths, lanes};
  const cv::Lanes fns = cv::lanes_for(src.elem_size, dst.elem_size);
  std::vector<Block> blocks =
      make_blocks(o, lanes.total(), {src.elem_size}, [&](SweepChunk& ch) { fns.fill(job, ch, 0, ch.count); });
  std::mt19937_64 rng(o.seed + 1);
  for (Block& b : blocks) {
    const size_t n = b.chunk.count;
    std::vector<uint64_t> want(n);
    std::vector<bool> finite(n);
    for (size_t i = 0; i < n; ++i) {
      uint64_t x = 0;
      std::memcpy(&x, b.in[0].data() + size_t(src.elem_size) * i, src.elem_size);
      const cv::Expected e = cv::convert_scalar(src, dst, x, rnd, sat);
      want[i] = e.bits;
      finite[i] = e.defined && !e.nan;
    }
    set_results(b, o.widths.size(), dst.elem_size, want, finite, rng, 1 << 16, 3, o.same_widths, o.defects,
                o.split_defects);
  }
  const Excuses excuses(o, c.id);
  double cpu = 0, wall = 0;
  cv::Tally proto;
  proto.failures = FailureTally(&excuses.for_case);
  std::vector<cv::Tally> accs = time_verification(
      o, blocks, proto, [&](const SweepChunk& ch, cv::Tally& t) { fns.verify(job, ch, 0, ch.valid, t); }, &cpu,
      &wall);
  cv::Tally all;
  for (cv::Tally& t : accs) all.merge(t);
  print_speed(o, c.id, uint64_t(blocks.size()) * kBlock, cpu, wall);
  std::printf("results: %llu passed, %llu failed, %llu implementation-defined, %llu NaN\n",
              (unsigned long long)all.passed, (unsigned long long)all.failures.failed(),
              (unsigned long long)all.undefined, (unsigned long long)all.nan);
  print_failures(all.failures);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const std::string data = default_data_dir(CLCONFORM_BENCH_DATA);
  try {
    const Suite math = load_suite(data, "math");
    if (const Case* c = math.find_case("math." + o.function)) {
      const json::Value& f = c->params.get("format");
      if (f.is_string() && f.as_string() == "double") return bench_math<sm::DoubleFormat>(o, *c);
      return bench_math<sm::FloatFormat>(o, *c);
    }
    const Suite conversions = load_suite(data, "conversions");
    if (const Case* c = conversions.find_case("conversions." + o.function)) {
      if (c->check != "conversions.explicit") usage(c->id + " is not a conversion sweep");
      return bench_conversion(o, *c);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "verify_bench: %s\n", e.what());
    return 2;
  }
  usage("no float math case math." + o.function + " and no conversion case conversions." + o.function + " in " +
        data);
}
