// The math suite's check, "math.builtin": one built-in (or arithmetic
// operator) at every width in one sweep (harness/sweep.hpp), at float or at
// double or at half (the case's "format"). MathVerifier (math_verifier.hpp) fills the
// inputs and judges the results; this file builds the kernels, reads the
// run's regime from its build options and device, and runs the sweep.
#include <CL/opencl.hpp>

#include <string>
#include <vector>

#include "checks.hpp"
#include "math_verifier.hpp"
#include "sweep.hpp"

namespace clconform::suites {
namespace {

using math::Regime;


template <class Fmt>
Regime regime_of(CaseRun& run) {
  const FpRules f = run.fp_rules();
  Regime r;
  r.embedded = f.embedded;
  r.relaxed = f.relaxed;
  r.finite_only = f.finite_only;
  r.no_signed_zeros = f.no_signed_zeros;
  // -cl-fp32-correctly-rounded-divide-sqrt is about float alone.
  r.cr_divide_sqrt = !Fmt::fp64 && !Fmt::half && !r.relaxed && f.fp32_cr_divide_sqrt;
  // Half follows CL_DEVICE_HALF_FP_CONFIG alone (CaseRun::may_flush_denormals).
  r.denorms_may_flush = run.may_flush_denormals(Fmt::bytes);
  return r;
}

template <class Fmt>
void run_case(CaseRun& run) {
  const auto& program = run.program();
  if (!program.ok) throw BuildFailed{&program};
  const math::MathVerifier<Fmt> v(run.c.params, regime_of<Fmt>(run), run.opts.full(), run.opts.seed,
                                  case_stream(run.c.id));
  std::vector<cl::Kernel> kernels;
  for (unsigned w : v.widths()) kernels.emplace_back(program.program, (run.c.kernel + "_" + std::to_string(w)).c_str());
  SweepShape shape;
  for (math::Arg a : v.args()) shape.in_elem.push_back(math::arg_bytes(a));
  shape.out_elem = v.out_bytes();
  shape.widths = v.widths();
  const CaseRun::Range range = run.range(v.total());
  // Small runs get a chunk of their own size rather than the device's default.
  const size_t chunk = range.size() < (uint64_t(1) << 20) ? size_t(range.size()) + 48 : 0;
  Sweep sweep(run, kernels, shape, chunk);
  using Acc = math::Acc;
  Sweep::Fill fill = [&](const SweepChunk& ch, size_t lo, size_t hi) { v.fill(ch, lo, hi, range.end); };
  Sweep::Verify<Acc> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) { v.verify(ch, lo, hi, acc); };
  auto accs = sweep.run<Acc>(range.begin, range.size(), fill, verify, v.start(run.result.tally()));
  v.report(v.merge(accs), range.begin, range.end, sweep.times_json(), run.result);
}

void check_builtin(CaseRun& run) {
  const json::Value& format = run.c.params.get("format");
  if (format.is_string() && format.as_string() == "double") {
    run_case<math::DoubleFormat>(run);
  } else if (format.is_string() && format.as_string() == "half") {
    run_case<math::HalfFormat>(run);
  } else {
    run_case<math::FloatFormat>(run);
  }
}

}  // namespace

void register_math_checks() { register_check("math.builtin", check_builtin, Sharding::Slices); }

}  // namespace clconform::suites
