// half.store_sweep: one store built-in (vstore_half or vstorea_half, from
// float or double, in one rounding mode) at every width in one harness
// Sweep: each input lane is uploaded once, its correctly rounded half
// computed once, and compared with the output of every width's kernel
// (OpenCL C 3.0 spec 6.15.7; the lane rule is judge_store's).
//
// A float lane's half comes from reference/convert_block.hpp (a block at
// a time), a double lane's from store_reference.
//
// Inputs: quick mode, the edge values and a seeded random sample
// (store_inputs.hpp), like the per-width cases but through the sweep path;
// full mode, from float, every one of the 2^32 float bit patterns (lane e is
// the pattern e); from double, the edge values and 2^28 seeded random lanes.
// --shard K/N takes its slice of the lanes, --index E lane E alone.
//
// The layout of the stores (packed vs aligned, the sentinels beyond the
// last vector) is the per-width half.store cases' job: a sweep's outputs are
// packed lanes, which for n = 2, 4, 8, 16 is the aligned layout too, and
// the vstorea_half3 kernel stores into an aligned private group and copies
// its three halves out. The case's metrics carry Sweep::times_json().
#include <algorithm>

#include "checks.hpp"
#include "half_bits.hpp"
#include "inputs.hpp"
#include "reference/convert_block.hpp"
#include "reference/format_convert.hpp"
#include "store_inputs.hpp"
#include "sweep.hpp"

namespace clconform::suites::half {
namespace {

struct SweepTally {
  uint64_t passed = 0, nan_lanes = 0, flushed = 0;
  FailureTally failures;
};

constexpr uint64_t kFullDoubleRandom = uint64_t(1) << 28;

}  // namespace

void check_store_sweep(CaseRun& run) {
  const auto& p = run.c.params;
  const bool dbl = p.at("from").as_string() == "double";
  const unsigned esz = dbl ? 8 : 4;
  const StoreRule rule{dbl, *ref::parse_rounding(p.at("rounding").as_string()), run.may_flush_denormals(esz)};
  const std::string fn = p.at("fn").as_string();

  const BuiltProgram& prog = run.program();
  if (!prog.ok) throw BuildFailed{&prog};
  std::vector<cl::Kernel> kernels;
  std::vector<unsigned> widths;
  std::vector<std::string> names;
  for (const auto& k : p.at("kernels").as_array()) kernels.emplace_back(prog.program, k.as_string().c_str());
  for (const auto& w : p.at("widths").as_array()) widths.push_back(unsigned(w.as_int()));
  for (const auto& c : p.at("calls").as_array()) names.push_back(c.as_string());

  const bool exhaustive = run.opts.full() && !dbl;
  const std::vector<uint64_t> edges = exhaustive ? std::vector<uint64_t>{} : store_edges(dbl);
  const uint64_t random_lanes = run.opts.full() ? kFullDoubleRandom : kQuickRandom;
  const uint64_t total = exhaustive ? uint64_t(1) << 32 : edges.size() + random_lanes;
  const uint64_t stream = case_stream(run.c.id);
  const uint64_t seed = run.opts.seed;
  auto lane_value = [&](uint64_t e) -> uint64_t {
    if (exhaustive) return uint32_t(e);
    if (e < edges.size()) return edges[e];
    return random_lane(dbl, counter_bits(seed, stream, e));
  };
  const CaseRun::Range range = run.range(total);

  Sweep sweep(run, kernels, SweepShape{{esz}, {2}, widths});
  const Sweep::Fill fill = [&](const SweepChunk& ch, size_t lo, size_t hi) {
    if (exhaustive) {  // lane e holds pattern e
      fill_counter(ch, lo, hi, ch.first);
      return;
    }
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t x = lane_value(ch.first + i);
      if (dbl) put_le<uint64_t>(ch.in[0], i, x); else put_le<uint32_t>(ch.in[0], i, uint32_t(x));
    }
  };
  // Blocks of lanes: the references of a block first (once for every
  // width), then each width's halves compared with them in one tight loop;
  // only a block with a difference is looked at lane by lane.
  constexpr size_t kBlock = 4096;
  const Sweep::Verify<SweepTally> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, SweepTally& t) {
    uint16_t want[kBlock];
    uint16_t plain[kBlock];  // all ones: not a NaN input, so the bits must match exactly
    for (size_t b0 = lo; b0 < hi; b0 += kBlock) {
      const size_t n = std::min(kBlock, hi - b0);
      size_t n_plain = 0;
      if (!dbl) {  // the block conversion, then the NaN lanes: vectorized loops
        ref::float_to_half_block(ch.in[0] + 4 * b0, n, rule.rounding, want);
        for (size_t i = 0; i < n; ++i) {
          const bool p = !ref::is_nan<ref::Float>(get_le<uint32_t>(ch.in[0], b0 + i));
          plain[i] = p ? 0xFFFF : 0;
          n_plain += p;
        }
      } else {
        for (size_t i = 0; i < n; ++i) {
          const uint64_t x = get_le<uint64_t>(ch.in[0], b0 + i);
          want[i] = store_reference(rule, x);
          const bool p = !ref::is_nan<ref::Double>(x);
          plain[i] = p ? 0xFFFF : 0;
          n_plain += p;
        }
      }
      for (size_t k = 0; k < ch.out.size(); ++k) {
        const uint8_t* out = ch.out[k][0] + 2 * b0;
        // Any bit that differs in a lane that must match: one OR per lane,
        // a loop the compiler vectorizes.
        uint16_t differ = 0;
        for (size_t i = 0; i < n; ++i) differ |= (get_le<uint16_t>(out, i) ^ want[i]) & plain[i];
        if (differ == 0 && n_plain == n) {
          t.passed += n;
          continue;
        }
        for (size_t i = 0; i < n; ++i) {
          const uint16_t got = get_le<uint16_t>(out, i);
          if (got == want[i] && plain[i] != 0) {
            ++t.passed;
            continue;
          }
          const uint64_t x = dbl ? get_le<uint64_t>(ch.in[0], b0 + i) : get_le<uint32_t>(ch.in[0], b0 + i);
          switch (judge_store(rule, x, got, want[i])) {
            case StoreVerdict::Exact: ++t.passed; break;
            case StoreVerdict::NaN: ++t.passed, ++t.nan_lanes; break;
            case StoreVerdict::Flushed: ++t.passed, ++t.flushed; break;
            case StoreVerdict::Wrong: {
              std::string note = names[k] + ": " + (ref::is_nan<ref::Half>(want[i])
                                                        ? std::string("a NaN must store as a NaN")
                                                        : std::string("not correctly rounded (") +
                                                              ref::rounding_name(rule.rounding) + ")");
              if (got == kUntouched) note += "; the half was never written";
              const uint64_t lane = ch.first + b0 + i;
              Mismatch m{lane, int((lane - range.begin) % widths[k]), {hex_bits(x, esz)}, hex_bits(got, 2),
                         hex_bits(want[i], 2), note, double(std::abs(int(got & 0x7FFF) - int(want[i] & 0x7FFF)))};
              m.bits = WrongBits{dbl ? 'd' : 'f', 'h', esz, 2, widths[k], {x}, got, want[i]};
              t.failures.add(std::move(m));
            }
          }
        }
      }
    }
  };
  std::vector<SweepTally> tallies =
      sweep.run<SweepTally>(range.begin, range.size(), fill, verify, SweepTally{0, 0, 0, run.result.tally()});

  uint64_t nan_lanes = 0, flushed = 0;
  for (SweepTally& t : tallies) {
    run.result.pass(t.passed + t.failures.failed());
    nan_lanes += t.nan_lanes;
    flushed += t.flushed;
    run.result.merge(std::move(t.failures));
  }
  run.result.metrics = json::Value::object();
  run.result.metrics["sweep"] = sweep.times_json();

  std::string widths_text;
  for (unsigned w : widths) widths_text += (widths_text.empty() ? "" : ",") + std::to_string(w);
  const std::string what = exhaustive ? "every float input" : std::to_string(edges.size()) + " edge values + " +
                                                                 std::to_string(random_lanes) + " seeded random";
  run.result.detail = fn + " from " + (dbl ? "double" : "float") + ", widths " + widths_text + ", " +
                      ref::rounding_name(rule.rounding) + ": lanes " + std::to_string(range.begin) + ".." +
                      std::to_string(range.end) + " of " + std::to_string(total) + " (" + what + "), " +
                      std::to_string(run.result.checked) + " values checked; " + std::to_string(nan_lanes) +
                      " NaN lanes accepted as any NaN";
  if (rule.flush_inputs)
    run.result.detail += "; " + std::to_string(flushed) + " denormal operands flushed to zero (allowed: the build may flush)";
  if (run.result.failed()) run.result.detail = std::to_string(run.result.failed()) + " wrong; " + run.result.detail;
}

}  // namespace clconform::suites::half
