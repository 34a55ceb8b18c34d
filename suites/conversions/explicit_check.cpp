// conversions.explicit: one conversion (e.g. convert_int_rte from float) in
// all six widths over one sweep of source lanes (conversion_inputs.hpp).
// Each lane is converted once on the host (conversion_values.hpp) and the
// six device results must equal it; NaN results may be any NaN; where the
// spec leaves a result to the implementation (out of range or NaN without
// _sat, OpenCL C 3.0 spec 6.4.3.3) it is counted, not judged; where
// denormals may be flushed, 7.5.3's extra zeros are accepted and counted.
#include <CL/opencl.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "checks.hpp"
#include "conversion_inputs.hpp"
#include "conversion_values.hpp"
#include "conversions_checks.hpp"
#include "inputs.hpp"
#include "sweep.hpp"

namespace clconform::suites::conversions {
namespace {

struct Tally {
  uint64_t passed = 0, undefined = 0, undefined_wrap = 0, flushed = 0, nan = 0;
  FailureTally failures;
  void merge(Tally& o) {
    passed += o.passed, undefined += o.undefined, undefined_wrap += o.undefined_wrap;
    flushed += o.flushed, nan += o.nan;
    failures.merge(std::move(o.failures));
  }
};

std::string vec(const TypeDesc& t, unsigned n) { return n == 1 ? t.name : t.name + std::to_string(n); }

// "convert_int_rte" at width 4 is "convert_int4_rte".
std::string at_width(const std::string& fn, const TypeDesc& dst, unsigned n) {
  const size_t head = std::string("convert_").size() + dst.name.size();
  return fn.substr(0, head) + (n == 1 ? "" : std::to_string(n)) + fn.substr(head);
}

// What the per-lane loops need of the case.
struct Job {
  const TypeDesc &src, &dst;
  ref::Rounding rnd;
  bool sat, flush_src, flush_dst;
  const std::string& fn;
  const std::vector<unsigned>& widths;
  const SourceLanes& lanes;
};

template <unsigned Bytes>
uint64_t load(const uint8_t* base, size_t lane) {
  uint64_t v = 0;
  std::memcpy(&v, base + lane * Bytes, Bytes);  // a constant size: one load
  return v;
}

// The per-lane loops with the element sizes fixed at compile time: a full
// sweep verifies 6 * 2^32 results, so these are the hot loops of the suite.
template <unsigned S>
void fill_lanes(const Job& job, const SweepChunk& ch, size_t lo, size_t hi) {
  for (size_t i = lo; i < hi; ++i) {
    const uint64_t v = job.lanes.at(ch.first + i);
    std::memcpy(ch.in[0] + i * S, &v, S);
  }
}

// One result judged in full: implementation-defined, NaN, flushed or wrong.
template <unsigned S>
void judge_lane(const Job& job, const SweepChunk& ch, size_t i, size_t k, uint64_t got, const Expected& want,
                Tally& t) {
  const uint64_t x = load<S>(ch.in[0], i);
  if (!want.defined) {
    ++t.undefined;
    t.undefined_wrap += got == want.bits;
    return;
  }
  if (got == want.bits || (want.nan && is_float_nan(job.dst, got))) {
    ++t.passed;
    t.nan += want.nan;
    return;
  }
  if ((job.flush_src || job.flush_dst) &&
      flush_allows(job.src, job.dst, x, got, job.rnd, job.sat, job.flush_src, job.flush_dst)) {
    ++t.passed;
    ++t.flushed;
    return;
  }
  const unsigned n = job.widths[k];
  Mismatch m{ch.first + i, int(i % n), {show(job.src, x)}, show(job.dst, got), show(job.dst, want.bits),
             at_width(job.fn, job.dst, n) + "(" + vec(job.src, n) + ")" +
                 (want.nan                    ? ": a NaN is due"
                  : is_float_nan(job.src, x)  ? ": NaN with _sat gives 0 (6.4.3.3)"
                  : want.out_of_range         ? ": out of range, clamped (6.4.3.3)"
                                              : ""),
             1};
  m.bits = WrongBits{job.src.bits_format(), job.dst.bits_format(), job.src.elem_size, job.dst.elem_size, n, {x}, got,
                     want.bits};
  t.failures.add(std::move(m));
}

// Blocks of lanes: the references of a block first (once for every width),
// then each width's results compared with them in one tight loop; only a
// block with a difference, a NaN or an implementation-defined result is
// looked at result by result.
template <unsigned S, unsigned D>
void verify_lanes(const Job& job, const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
  constexpr size_t kBlock = 1024;
  Expected want[kBlock];
  uint64_t bits[kBlock];
  uint8_t exact[kBlock];  // 1: defined and not a NaN, so the bits must match
  for (size_t b0 = lo; b0 < hi; b0 += kBlock) {
    const size_t n = std::min(kBlock, hi - b0);
    for (size_t i = 0; i < n; ++i) {
      want[i] = convert_scalar(job.src, job.dst, load<S>(ch.in[0], b0 + i), job.rnd, job.sat);
      bits[i] = want[i].bits;
      exact[i] = want[i].defined && !want[i].nan;
    }
    for (size_t k = 0; k < ch.out.size(); ++k) {
      const uint8_t* out = ch.out[k][0];
      size_t same = 0;
      for (size_t i = 0; i < n; ++i) same += (load<D>(out, b0 + i) == bits[i]) & exact[i];
      if (same == n) {
        t.passed += n;
        continue;
      }
      for (size_t i = 0; i < n; ++i) {
        const uint64_t got = load<D>(out, b0 + i);
        if (exact[i] && got == bits[i]) {
          ++t.passed;
          continue;
        }
        judge_lane<S>(job, ch, b0 + i, k, got, want[i], t);
      }
    }
  }
}

struct Lanes {
  void (*fill)(const Job&, const SweepChunk&, size_t, size_t);
  void (*verify)(const Job&, const SweepChunk&, size_t, size_t, Tally&);
};

template <unsigned S>
Lanes lanes_from(unsigned dst_bytes) {
  switch (dst_bytes) {
    case 1: return {fill_lanes<S>, verify_lanes<S, 1>};
    case 2: return {fill_lanes<S>, verify_lanes<S, 2>};
    case 4: return {fill_lanes<S>, verify_lanes<S, 4>};
    default: return {fill_lanes<S>, verify_lanes<S, 8>};
  }
}

Lanes lanes_for(unsigned src_bytes, unsigned dst_bytes) {
  switch (src_bytes) {
    case 1: return lanes_from<1>(dst_bytes);
    case 2: return lanes_from<2>(dst_bytes);
    case 4: return lanes_from<4>(dst_bytes);
    default: return lanes_from<8>(dst_bytes);
  }
}

void check_explicit(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc src = TypeDesc::from_json(p.at("src")), dst = TypeDesc::from_json(p.at("dst"));
  const bool sat = p.at("saturate").as_bool();
  const ref::Rounding rnd = *ref::parse_rounding(p.at("rounding").as_string());
  const std::string fn = p.at("function").as_string();
  std::vector<unsigned> widths;
  for (const auto& w : p.at("widths").as_array()) widths.push_back(unsigned(w.as_int()));

  const BuiltProgram& prog = run.program();
  if (!prog.ok) throw BuildFailed{&prog};
  std::vector<cl::Kernel> kernels;
  const cl_uint which = cl_uint(p.at("which_base").as_int());
  for (size_t k = 0; k < widths.size(); ++k) {
    kernels.emplace_back(prog.program, run.c.kernel.c_str());
    kernels.back().setArg(2, cl_uint(which + k));
  }

  const SweepPlan plan = plan_sweep(run);
  const SourceLanes lanes(src, run.opts.full(), run.opts.seed, case_stream(run.c.id), plan.quick_lanes);
  const CaseRun::Range range = run.range(lanes.total());
  Sweep sweep(run, kernels, SweepShape{{src.elem_size}, {dst.elem_size}, widths},
              plan.chunk_lanes(range.size()));
  const bool flush_src = src.kind == TypeDesc::Kind::Float && run.may_flush_denormals(src.elem_size);
  const bool flush_dst = dst.kind == TypeDesc::Kind::Float && run.may_flush_denormals(dst.elem_size);

  const Job job{src, dst, rnd, sat, flush_src, flush_dst, fn, widths, lanes};
  const Lanes fns = lanes_for(src.elem_size, dst.elem_size);
  auto fill = [&](const SweepChunk& ch, size_t lo, size_t hi) { fns.fill(job, ch, lo, hi); };
  Sweep::Verify<Tally> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
    fns.verify(job, ch, lo, hi, t);
  };
  std::vector<Tally> tallies =
      sweep.run<Tally>(range.begin, range.size(), fill, verify, Tally{0, 0, 0, 0, 0, run.result.tally()});
  Tally all;
  for (Tally& t : tallies) all.merge(t);
  const uint64_t failed = all.failures.failed();
  run.result.pass(all.passed + failed);
  run.result.merge(std::move(all.failures));

  const uint64_t suite_functions = p.at("functions_in_suite").as_uint();
  std::string detail = fn + "(" + src.name + ") in " + std::to_string(widths.size()) + " widths (1 of " +
                       std::to_string(suite_functions / widths.size()) + " conversions, " +
                       std::to_string(suite_functions) + " functions in the suite): " +
                       std::to_string(range.size()) + " lanes (" + lanes.describe() + "), " +
                       std::to_string(all.passed + failed) + " results checked";
  if (all.nan) detail += "; " + std::to_string(all.nan) + " NaN results (any NaN accepted)";
  if (all.undefined) {
    detail += "; " + std::to_string(all.undefined) +
              " implementation-defined results (out of range or NaN without _sat, 6.4.3.3) not judged, " +
              std::to_string(all.undefined_wrap) + " of them equal to the " +
              (src.kind == TypeDesc::Kind::Float ? "rounded value modulo 2^N" : "two's complement wrap");
  }
  if (flush_src || flush_dst)
    detail += "; " + std::to_string(all.flushed) + " denormals flushed to zero (allowed by 7.5.3: the build may flush)";
  if (failed) detail = std::to_string(failed) + " wrong; " + detail;
  run.result.detail = detail;
  run.result.metrics = json::Value::object();
  run.result.metrics["sweep"] = sweep.times_json();
  run.result.metrics["implementation_defined"] = static_cast<unsigned long long>(all.undefined);
}

}  // namespace

void register_explicit_check() { register_check("conversions.explicit", check_explicit); }

}  // namespace clconform::suites::conversions
