// conversions.explicit: one conversion (e.g. convert_int_rte from float) in
// all six widths over one sweep of source lanes (conversion_inputs.hpp),
// verified by explicit_verifier.hpp.
// Each lane is converted once on the host (conversion_values.hpp) and the
// six device results must equal it; NaN results may be any NaN; where the
// spec leaves a result to the implementation (out of range or NaN without
// _sat, OpenCL C 3.0 spec 6.4.3.3) it is counted, not judged; where
// denormals may be flushed, 7.5.3's extra zeros are accepted and counted.
#include <CL/opencl.hpp>

#include <string>
#include <vector>

#include "checks.hpp"
#include "conversion_inputs.hpp"
#include "conversions_checks.hpp"
#include "explicit_verifier.hpp"
#include "inputs.hpp"
#include "sweep.hpp"

namespace clconform::suites::conversions {
namespace {

void check_explicit(CaseRun& run) {
  const json::Value& p = run.c.params;
  const auto [src, dst, rnd, sat, fn] = Conversion::from_params(p);
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
  const FpRules rules = run.fp_rules();
  const bool flush_src = src.kind == TypeDesc::Kind::Float && rules.may_flush(src.elem_size);
  const bool flush_dst = dst.kind == TypeDesc::Kind::Float && rules.may_flush(dst.elem_size);

  const Job job{src, dst, rnd, sat, flush_src, flush_dst, rules.finite_only, fn, widths, lanes};
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
              " results not judged (implementation-defined: out of range or NaN without _sat, 6.4.3.3; or a NaN or an "
              "infinity under -cl-finite-math-only), " +
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

void register_explicit_check() { register_check("conversions.explicit", check_explicit, Sharding::Slices); }

}  // namespace clconform::suites::conversions
