// The sync suite's checks (OpenCL C 3.0 spec 6.15.8, 6.15.9, 6.15.12.5).
// exchange and reduce: every work-item's result against sync_expect's,
// which holds only if every barrier made the other work-items' stores
// visible. fence: whenever a consumer saw its producer's flag, it must read
// the producer's data. selftest: the exchange without barriers must be
// caught by the same comparison.
#include <string>
#include <vector>

#include "checks.hpp"
#include "inputs.hpp"
#include "sync_expect.hpp"

namespace clconform::suites {
namespace {

Mismatch wrong_value(uint64_t index, int lane, const std::string& where, uint32_t got, uint32_t want,
                     const std::string& note) {
  Mismatch m;
  m.index = index;
  m.lane = lane;
  m.inputs = {where};
  m.output = hex_bits(got, 4);
  m.expected = hex_bits(want, 4);
  m.note = note;
  m.score = 1;
  m.bits = WrongBits{'u', 'u', 4, 4, 1, {}, got, want};
  return m;
}

cl::Buffer buffer(CaseRun& run, std::vector<uint32_t>& v) {
  return cl::Buffer(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, v.size() * 4, v.data());
}

std::vector<uint32_t> random_words(CaseRun& run, uint64_t launch, size_t n) {
  std::vector<uint32_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint32_t(counter_bits(run.opts.seed, case_stream(run.c.id) + launch, i));
  return v;
}

// Runs the exchange or reduce kernel LAUNCHES times; returns the number of
// wrong values and reports each through REPORT (fail) unless COUNT_ONLY.
uint64_t run_exchange(CaseRun& run, bool count_only) {
  const json::Value& p = run.c.params;
  const size_t local = p.at("local_size").as_uint(), groups = p.at("groups").as_uint(), n = local * groups;
  const unsigned phases = unsigned(p.at("phases").as_uint());
  const bool reduce = p.at("kernel_kind").as_string() == "reduce";
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, local)) return 0;
  uint64_t wrong = 0;
  const uint64_t launches = p.at("launches").as_uint();
  for (uint64_t l = 0; l < launches; ++l) {
    std::vector<uint32_t> in = random_words(run, l, n), scratch(n, 0), out(n, 0xA5A5A5A5u);
    cl::Buffer bi = buffer(run, in), bs = buffer(run, scratch), bo = buffer(run, out);
    k.setArg(0, bi);
    k.setArg(1, bs);
    k.setArg(2, bo);
    run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(n), cl::NDRange(local));
    run.session.queue.enqueueReadBuffer(bo, CL_TRUE, 0, n * 4, out.data());
    for (size_t g = 0; g < groups; ++g) {
      std::vector<uint32_t> group(in.begin() + g * local, in.begin() + (g + 1) * local);
      const std::vector<uint32_t> want = reduce ? sync::expected_reduce(group) : sync::expected_exchange(group, phases);
      for (size_t i = 0; i < local; ++i) {
        const uint32_t got = out[g * local + i];
        if (got == want[i]) {
          if (!count_only) run.result.pass();
          continue;
        }
        ++wrong;
        if (!count_only) {
          run.result.fail(wrong_value(l * n + g * local + i, int(i),
                                      "launch " + std::to_string(l) + ", group " + std::to_string(g) +
                                          ", local id " + std::to_string(i),
                                      got, want[i], reduce ? "group sum" : "value after the exchange phases"));
        }
      }
    }
  }
  return wrong;
}

void check_exchange(CaseRun& run) {
  const json::Value& p = run.c.params;
  run_exchange(run, false);
  if (run.result.status == "unsupported") return;
  const size_t local = p.at("local_size").as_uint(), groups = p.at("groups").as_uint();
  run.result.detail = p.at("kernel_kind").as_string() + " through " + p.at("space").as_string() + " memory with " +
                      p.at("barrier").as_string() + ": " + std::to_string(p.at("launches").as_uint()) +
                      " launches of " + std::to_string(groups) + " work-groups of " + std::to_string(local) +
                      (p.at("kernel_kind").as_string() == "exchange"
                           ? ", " + std::to_string(p.at("phases").as_uint()) + " phases"
                           : "");
}

// The barrier-free exchange must give wrong values: work-items then read
// slots their neighbours have not written yet in this phase (or wrote in a
// later one). Passing means the comparison caught the missing barrier.
void check_selftest(CaseRun& run) {
  const json::Value& p = run.c.params;
  const uint64_t total = p.at("launches").as_uint() * p.at("global_items").as_uint();
  const uint64_t wrong = run_exchange(run, true);
  if (run.result.status == "unsupported") return;
  if (wrong > 0) {
    run.result.pass(total);
    run.result.detail = "without its barriers the exchange gave " + std::to_string(wrong) + " wrong values of " +
                        std::to_string(total) + ": the exchange check detects a missing barrier";
  } else {
    run.result.status = "info";
    run.result.detail = "without its barriers the exchange still gave all " + std::to_string(total) +
                        " values right on this device, so the check could not be shown failing here";
  }
}

// Message passing (6.15.12.5 with the OpenCL C 2.0 memory model): the
// producer stores data, fences with release (or acq_rel) order, then sets a
// relaxed atomic flag; a consumer that reads the flag, then fences with
// acquire order, must read the data. A consumer that did not see the flag
// within its bounded wait gives no verdict.
void check_fence(CaseRun& run) {
  const json::Value& p = run.c.params;
  const size_t local = p.at("local_size").as_uint(), groups = p.at("groups").as_uint();
  const size_t rounds = p.at("rounds").as_uint(), half = local / 2, n = groups * rounds * half;
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, local)) return;
  uint64_t observed = 0, missed = 0;
  const uint64_t launches = p.at("launches").as_uint();
  for (uint64_t l = 0; l < launches; ++l) {
    std::vector<uint32_t> tokens = random_words(run, l, n);
    for (size_t i = 0; i < n; ++i) {
      // Never the consumer's "not seen" marker, never the initial 0, and
      // different from the pair's previous round.
      tokens[i] = (tokens[i] % 0x7FFFFFFEu) * 2 + 2;
      if (i >= half * 1 && (i / half) % rounds != 0 && tokens[i] == tokens[i - half]) tokens[i] ^= 4;
    }
    std::vector<uint32_t> data(groups * half, 0), flags(groups * half, 0), out(n, 0xA5A5A5A5u);
    cl::Buffer bt = buffer(run, tokens), bd = buffer(run, data), bf = buffer(run, flags), bo = buffer(run, out);
    k.setArg(0, bt);
    k.setArg(1, bd);
    k.setArg(2, bf);
    k.setArg(3, bo);
    run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(groups * local), cl::NDRange(local));
    run.session.queue.enqueueReadBuffer(bo, CL_TRUE, 0, n * 4, out.data());
    for (size_t i = 0; i < n; ++i) {
      if (out[i] == 0xFFFFFFFFu) {
        ++missed;
        continue;
      }
      ++observed;
      if (out[i] == tokens[i]) run.result.pass();
      else run.result.fail(wrong_value(l * n + i, int(i % half),
                                       "launch " + std::to_string(l) + ", group " + std::to_string(i / (rounds * half)) +
                                           ", round " + std::to_string((i / half) % rounds) + ", pair " +
                                           std::to_string(i % half),
                                       out[i], tokens[i], "data read after seeing the flag"));
    }
  }
  run.result.detail = p.at("producer").as_string() + " / " + p.at("consumer").as_string() + " on " +
                      p.at("space").as_string() + " data: " + std::to_string(observed) + " messages observed, " +
                      std::to_string(missed) + " flags not seen within the bounded wait (no verdict)";
  if (observed == 0 && run.result.status == "pass") run.result.status = "info";
}

}  // namespace

void register_sync_checks() {
  register_check("sync.exchange", check_exchange);
  register_check("sync.selftest", check_selftest);
  register_check("sync.fence", check_fence);
}

}  // namespace clconform::suites
