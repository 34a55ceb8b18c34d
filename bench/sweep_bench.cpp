// The sweep engine's own ceiling: a kernel that costs almost nothing
// (out = in ^ 0x5A5A5A5A) over LANES uint lanes at every width the math
// suite uses, with a host check of every lane of every width. What this
// reaches is the most any exhaustive sweep can reach on a device; the
// device's own kernel and transfer time (event profiling) is its floor.
//
//   sweep_bench [--device SEL] [--lanes N] [--chunk N] [--widths 1,2,3,4,8,16]
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "case_run.hpp"
#include "cli_args.hpp"
#include "device.hpp"
#include "errors.hpp"
#include "sweep.hpp"

using namespace clconform;

namespace {

const char* kSource = R"(
#define vload1(i, p) (p)[i]
#define vstore1(v, i, p) ((p)[i] = (v))
#define K(N) __kernel void x##N(__global const uint* in, __global uint* out) { \
  size_t i = get_global_id(0); vstore##N(vload##N(i, in) ^ 0x5A5A5A5Au, i, out); }
K(1) K(2) K(3) K(4) K(8) K(16)
)";

struct Tally {
  uint64_t ok = 0, bad = 0;
};

std::vector<unsigned> parse_widths(const std::string& s) {
  std::vector<unsigned> out;
  for (size_t at = 0; at < s.size();) {
    size_t comma = s.find(',', at);
    if (comma == std::string::npos) comma = s.size();
    out.push_back(unsigned(std::stoul(s.substr(at, comma - at))));
    at = comma + 1;
  }
  return out;
}

int bench(const CliArgs& a) {
  const uint64_t lanes = std::stoull(a.get("lanes", "4294967296"));
  const size_t chunk = std::stoull(a.get("chunk", "0"));
  const std::vector<unsigned> widths = parse_widths(a.get("widths", "1,2,3,4,8,16"));

  const std::string dir = "/tmp/sweep_bench_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/x.cl") << kSource;
  Suite suite;
  suite.name = "bench";
  suite.dir = dir;
  suite.programs["x"] = ProgramDesc{"x", "x.cl", {}, ""};
  Case c;
  c.id = "bench.sweep";
  c.program = "x";
  RunOptions opts;
  Session session(select_device(a.get("device")), "");
  CaseResult result;
  CaseRun run(c, suite, session, opts, result);
  const BuiltProgram& p = run.program();
  std::filesystem::remove_all(dir);
  if (!p.ok) throw SetupError("the bench kernel did not build: " + p.log);
  std::vector<cl::Kernel> ks;
  for (unsigned w : widths) ks.emplace_back(p.program, ("x" + std::to_string(w)).c_str());

  Sweep sweep(run, ks, SweepShape{{4}, {4}, widths}, chunk);
  auto fill = [](const SweepChunk& ch, size_t lo, size_t hi) {
    uint32_t* in = reinterpret_cast<uint32_t*>(ch.in[0]);
    for (size_t i = lo; i < hi; ++i) in[i] = uint32_t(ch.first + i);
  };
  Sweep::Verify<Tally> verify = [](const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
    for (const auto& out : ch.out) {
      const uint32_t* o = reinterpret_cast<const uint32_t*>(out[0]);
      uint64_t ok = 0;
      for (size_t i = lo; i < hi; ++i) ok += o[i] == (uint32_t(ch.first + i) ^ 0x5A5A5A5Au);
      t.ok += ok;
      t.bad += (hi - lo) - ok;
    }
  };
  auto tallies = sweep.run<Tally>(0, lanes, fill, verify);
  Tally all;
  for (auto& t : tallies) all.ok += t.ok, all.bad += t.bad;
  const SweepTimes& tm = sweep.times();
  const double values = double(lanes) * widths.size();
  std::printf("device: %s (%s)\n", session.info().name.c_str(), session.info().driver_version.c_str());
  std::printf("lanes %llu x %zu widths, chunk %s, %u host threads\n", (unsigned long long)lanes, widths.size(),
              a.get("chunk", "auto").c_str(), sweep.threads());
  std::printf("wall %.3f s  floor (kernels + results back) %.3f s  waiting %.3f s  filling %.3f s  verifying %.3f s  chunks %llu\n",
              tm.wall_s, tm.floor_s(), tm.wait_s, tm.host_fill_s, tm.host_verify_s, (unsigned long long)tm.chunks);
  std::printf("verified %.3g values/s; wall / device floor %.2f; wrong %llu\n", values / tm.wall_s,
              tm.floor_s() > 0 ? tm.wall_s / tm.floor_s() : 0.0, (unsigned long long)all.bad);
  return all.bad == 0 && all.ok == uint64_t(values) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    return bench(CliArgs(args, {"device", "lanes", "chunk", "widths"}, {}));
  } catch (const SetupError& e) {
    std::fprintf(stderr, "sweep_bench: %s\n", e.what());
    return 2;
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "sweep_bench: OpenCL error %d in %s\n", e.err(), e.what());
    return 2;
  }
}
