// half.fp16.arith and half.fp16.math (cl_khr_fp16): + - * / and 1.0/x on
// half scalars and vectors, and the math built-ins on half, against the
// bounds of OpenCL C 3.0 spec 7.4's table "ULP Values for Half-Precision
// Floating-Point Arithmetic Operations" (the generator's data, in the
// case's params; the embedded profile's column on an embedded device).
// Each lane's verdict is reference/half_math's judge(): MPFR's real result,
// correctly rounded or within the bound in ulps (7.4's ulp definition,
// reference/ulp.hpp), with the flush-to-zero readings where the device may
// flush half denormals. Results the spec leaves undefined are counted, not
// judged.
#include <algorithm>
#include <cmath>

#include "checks.hpp"
#include "fp16_common.hpp"
#include "fp16_inputs.hpp"
#include "half_bits.hpp"
#include "inputs.hpp"

namespace clconform::suites::half {
namespace {

using ref::half_math::Arg;
using ref::half_math::Bound;
using ref::half_math::Verdict;

constexpr uint64_t kQuickRandom = 16384;
constexpr uint64_t kFullRandom = uint64_t(1) << 22;
constexpr uint64_t kLaunchLanes = uint64_t(1) << 20;

Bound bound_of(const json::Value& b) { return {b.at("correctly_rounded").as_bool(), b.at("ulps").as_double()}; }

std::string arg_text(const Arg& a) {
  return a.is_half ? hex_bits(a.half, 2) : std::to_string(a.integer);
}

struct Tally {
  uint64_t passed = 0, undefined = 0, flushed = 0;
  double max_ulp = 0;
  FailureTally failures;
};

void check_fp16_function(CaseRun& run) {
  const auto& p = run.c.params;
  const std::string fn = p.at("function").as_string();
  const std::string kinds = p.at("args").as_string();
  const unsigned n = unsigned(p.at("n").as_int());
  const bool embedded = run.session.handle.device.getInfo<CL_DEVICE_PROFILE>().find("EMBEDDED") != std::string::npos;
  const Bound bound = bound_of(p.at(embedded ? "embedded_bound" : "bound"));
  const auto denormals = half_denormals(run);
  if (!ref::half_math::known(fn)) throw std::invalid_argument("the half reference has no function '" + fn + "'");
  cl::Kernel k = run.kernel();

  const Fp16Inputs inputs(kinds, run.opts.seed, case_stream(run.c.id), run.opts.full() ? kFullRandom : kQuickRandom);
  const uint64_t vectors = run.opts.index ? 1 : (inputs.lanes() + n - 1) / n;
  const uint64_t per_launch = std::max<uint64_t>(1, kLaunchLanes / n);
  const unsigned threads = verify_threads();
  Tally all;
  for (uint64_t v0 = 0; v0 < vectors; v0 += per_launch) {
    const size_t count = size_t(std::min(per_launch, vectors - v0));
    const uint64_t first = run.first() + v0;  // vector number
    std::vector<std::vector<uint8_t>> in(kinds.size());
    for (size_t a = 0; a < kinds.size(); ++a) in[a].resize(count * n * (kinds[a] == 'i' ? 4 : 2));
    std::vector<std::vector<Arg>> lanes(count * n);
    for (size_t i = 0; i < lanes.size(); ++i) {
      lanes[i] = inputs.lane(first * n + i);
      for (size_t a = 0; a < kinds.size(); ++a) {
        if (lanes[i][a].is_half) put_le<uint16_t>(in[a], i, lanes[i][a].half);
        else put_le<int32_t>(in[a], i, lanes[i][a].integer);
      }
    }
    std::vector<const std::vector<uint8_t>*> ins;
    for (const auto& b : in) ins.push_back(&b);
    const auto out = run.launch(k, ins, {count * n * 2}, count);
    std::vector<Tally> tallies(threads, Tally{0, 0, 0, 0, run.result.tally()});
    parallel_lanes(lanes.size(), threads, [&](size_t lo, size_t hi, unsigned t) {
      Tally& tl = tallies[t];
      for (size_t i = lo; i < hi; ++i) {
        const uint16_t got = get_le<uint16_t>(out[0], i);
        const Verdict v = ref::half_math::judge(fn, lanes[i], got, bound, denormals);
        if (v.undefined) {
          ++tl.undefined;
          continue;
        }
        if (v.pass) {
          ++tl.passed;
          tl.flushed += v.flushed;
          if (std::isfinite(v.ulp)) tl.max_ulp = std::max(tl.max_ulp, v.ulp);
          continue;
        }
        Mismatch m{first + i / n, int(i % n), {}, hex_bits(got, 2), v.reference,
                   bound.correctly_rounded ? "not correctly rounded"
                                           : "error above the bound of " + std::to_string(bound.ulps) + " ulp",
                   v.ulp, v.ulp};
        // Integer arguments (pown's n, ldexp's k) are described as half
        // bits too: known-failure entries about fp16 name the half inputs.
        m.bits = WrongBits{'h', 'h', 2, 2, n, {}, got, v.nearest};
        for (const Arg& a : lanes[i]) {
          m.inputs.push_back(arg_text(a));
          m.bits->inputs.push_back(a.is_half ? a.half : uint64_t(uint32_t(a.integer)));
        }
        tl.failures.add(std::move(m));
      }
    });
    for (Tally& t : tallies) {
      all.passed += t.passed;
      all.undefined += t.undefined;
      all.flushed += t.flushed;
      all.max_ulp = std::max(all.max_ulp, t.max_ulp);
      run.result.checked += t.failures.failed();
      run.result.merge(std::move(t.failures));
    }
  }
  run.result.pass(all.passed);
  run.result.metrics = json::Value::object();
  run.result.metrics["max_ulp"] = all.max_ulp;
  run.result.metrics["bound"] = bound.correctly_rounded ? 0.5 : bound.ulps;
  const std::string bound_text =
      bound.correctly_rounded ? std::string("correctly rounded") : "<= " + std::to_string(bound.ulps) + " ulp";
  run.result.detail = fn + " on half" + (n > 1 ? std::to_string(n) : "") + " (" + bound_text +
                      (embedded ? ", embedded profile" : "") + "): " + std::to_string(run.result.checked) +
                      " results checked, max error " + std::to_string(all.max_ulp) + " ulp";
  if (all.undefined) run.result.detail += "; " + std::to_string(all.undefined) + " undefined by the spec, not judged";
  if (denormals == ref::half_math::Denormals::MayFlush)
    run.result.detail += "; " + std::to_string(all.flushed) + " passed through flushing half denormals (no CL_FP_DENORM)";
  if (run.result.failed()) run.result.detail = std::to_string(run.result.failed()) + " wrong; " + run.result.detail;
}

}  // namespace

void check_fp16_arith(CaseRun& run) { check_fp16_function(run); }
void check_fp16_math(CaseRun& run) { check_fp16_function(run); }

}  // namespace clconform::suites::half
