// half.store: one vstore_half* / vstorea_half* built-in at one width, from
// float or double, in the default mode or one explicit rounding mode (OpenCL
// C 3.0 spec 6.15.7), into __global, __local or __private memory. Each lane
// must be the correctly rounded half (judge_store), and the layout must be
// the spec's: vstore_half3 packs 3 halves and writes nothing beyond;
// vstorea_half3 writes 3 of each aligned 4-half group, whose fourth half is
// the half3's padding (6.3.5 gives half3 the storage of 4 halves, and "the
// half3 value is written" does not forbid writing it), counted in the detail
// but not judged. Four sentinel halves after the last vector must stay
// untouched. For __local and __private the kernel stores into a 4-half slot
// filled with 0xA5A5 and copies the whole slot out, so halves beyond the
// vector are checked there too.
//
// Inputs, in quick and full mode alike: the edge values and a seeded random
// sample (store_inputs.hpp), about 24,000 lanes. The exhaustive float sweep
// is the half.store_sweep cases' job, for every width at once.
#include <algorithm>

#include "checks.hpp"
#include "half_bits.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "store_inputs.hpp"

namespace clconform::suites::half {

void check_store(CaseRun& run) {
  const auto& p = run.c.params;
  const unsigned n = unsigned(p.at("n").as_int());
  const unsigned stride = unsigned(p.at("stride").as_int());
  const bool padding_may_change = p.at("padding_may_change").as_bool();
  const bool dbl = p.at("from").as_string() == "double";
  const unsigned esz = dbl ? 8 : 4;
  const StoreRule rule{dbl, *ref::parse_rounding(p.at("rounding").as_string()), run.may_flush_denormals(esz)};
  cl::Kernel k = run.kernel();

  const std::vector<uint64_t> edges = store_edges(dbl);
  const uint64_t stream = case_stream(run.c.id);
  auto lane_value = [&](uint64_t e) -> uint64_t {
    if (e < edges.size()) return edges[e];
    return random_lane(dbl, counter_bits(run.opts.seed, stream, e));
  };
  const uint64_t total_lanes = edges.size() + kQuickRandom;
  const size_t count = run.opts.index ? 1 : size_t((total_lanes + n - 1) / n);  // vectors
  const uint64_t first = run.first();
  std::vector<uint8_t> in(count * n * esz);
  for (size_t i = 0; i < count * n; ++i) {
    const uint64_t x = lane_value(first * n + i);
    if (dbl) put_le<uint64_t>(in, i, x); else put_le<uint32_t>(in, i, uint32_t(x));
  }
  // Four halves beyond the last vector catch a store that writes past it.
  const auto out = run.launch(k, {&in}, {count * stride * 2 + 8}, count);
  const auto& o = out[0];
  for (unsigned t = 0; t < 4; ++t) {
    const uint16_t got = get_le<uint16_t>(o, count * stride + t);
    if (got == kUntouched) {
      run.result.pass();
    } else {
      Mismatch m{first + count - 1, -1, {}, hex_bits(got, 2), hex_bits(kUntouched, 2),
                 "wrote past the last vector's halves (half " + std::to_string(t) + " beyond the end)", 1e9};
      m.kind = "wrote_outside";
      run.result.fail(std::move(m));
    }
  }

  uint64_t nan_lanes = 0, padding_kept = 0, flushed = 0;
  const std::string fn = p.at("fn").as_string();
  for (size_t v = 0; v < count; ++v) {
    for (unsigned l = 0; l < stride; ++l) {
      const uint16_t got = get_le<uint16_t>(o, v * stride + l);
      if (l >= n) {
        if (padding_may_change) {
          padding_kept += got == kUntouched;
        } else if (got == kUntouched) {
          run.result.pass();
        } else {
          Mismatch m{first + v, int(l), {}, hex_bits(got, 2), hex_bits(kUntouched, 2),
                     fn + " wrote half " + std::to_string(l) + " of its slot, beyond its " + std::to_string(n) +
                         " halves", 1e9};
          m.kind = "wrote_outside";
          run.result.fail(std::move(m));
        }
        continue;
      }
      const uint64_t x = dbl ? get_le<uint64_t>(in, v * n + l) : get_le<uint32_t>(in, v * n + l);
      const uint16_t want = store_reference(rule, x);
      switch (judge_store(rule, x, got, want)) {
        case StoreVerdict::Exact: run.result.pass(); break;
        case StoreVerdict::NaN: ++nan_lanes; run.result.pass(); break;
        case StoreVerdict::Flushed: ++flushed; run.result.pass(); break;
        case StoreVerdict::Wrong:
        {
          Mismatch m{first + v, int(l), {hex_bits(x, esz)}, hex_bits(got, 2), hex_bits(want, 2),
                     ref::is_nan<ref::Half>(want) ? "a NaN must store as a NaN"
                                                  : std::string("not correctly rounded (") +
                                                        ref::rounding_name(rule.rounding) + ")",
                     double(std::abs(int(got & 0x7FFF) - int(want & 0x7FFF)))};
          m.bits = WrongBits{dbl ? 'd' : 'f', 'h', esz, 2, n, {x}, got, want};
          run.result.fail(std::move(m));
        }
      }
    }
  }
  run.result.detail = fn + " from " + (dbl ? "double" : "float") + " into __" + p.at("space").as_string() + ", " +
                      ref::rounding_name(rule.rounding) + ": " + std::to_string(run.result.checked) +
                      " values checked (" + std::to_string(edges.size()) + " edge values + " +
                      std::to_string(kQuickRandom) + " seeded random; " + std::to_string(nan_lanes) +
                      " NaN lanes accepted as any NaN)";
  if (rule.flush_inputs)
    run.result.detail += "; " + std::to_string(flushed) + " denormal operands flushed to zero (allowed: the build may flush)";
  if (padding_may_change)
    run.result.detail += "; 4th half of each aligned group (may be written) left untouched in " +
                         std::to_string(padding_kept) + " of " + std::to_string(count);
  if (run.result.failed()) run.result.detail = std::to_string(run.result.failed()) + " wrong; " + run.result.detail;
}

}  // namespace clconform::suites::half
