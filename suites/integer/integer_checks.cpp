// The integer suite's check, "integer.sweep": one built-in (or operator) on
// one element type at every width in one sweep (harness/sweep.hpp). The
// input tuples come from integer_inputs.hpp; each tuple's expected result
// is computed once on the host (reference/integer.hpp) and every width's
// result must equal it bit for bit, except where the spec leaves the result
// undefined (counted, never judged).
#include <CL/opencl.hpp>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "checks.hpp"
#include "inputs.hpp"
#include "integer_verify.hpp"
#include "sweep.hpp"

namespace clconform::suites {
namespace {

using integer::VerifyAcc;

class IntegerCase {
 public:
  explicit IntegerCase(CaseRun& run)
      : run_(run), params_(run.c.params), v_(params_, run.opts.full(), run.opts.seed, case_stream(run.c.id)) {}

  void run() {
    const auto& program = run_.program();
    if (!program.ok) throw BuildFailed{&program};
    std::vector<cl::Kernel> kernels;
    for (unsigned w : v_.widths()) kernels.emplace_back(program.program, (run_.c.kernel + "_" + std::to_string(w)).c_str());
    CaseRun::Range range = run_.range(v_.plan().total());
    v_.align(range.begin, range.end);
    const size_t chunk = range.size() < (uint64_t(1) << 20) ? size_t(range.size()) + 48 : 0;
    Sweep sweep(run_, kernels, v_.shape(), chunk);
    Sweep::Fill fill = [&](const SweepChunk& ch, size_t lo, size_t hi) { v_.fill(ch, lo, hi); };
    Sweep::Verify<VerifyAcc> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, VerifyAcc& acc) {
      v_.verify(ch, lo, hi, acc);
    };
    VerifyAcc proto;
    proto.failures = run_.result.tally();
    auto accs = sweep.run<VerifyAcc>(range.begin, range.size(), fill, verify, proto);
    report(accs, range, sweep);
  }

 private:
  void report(std::vector<VerifyAcc>& accs, const CaseRun::Range& range, const Sweep& sweep) {
    const std::vector<unsigned>& widths_ = v_.widths();
    const std::string& name_ = v_.name();
    VerifyAcc all;
    all.failures = run_.result.tally();
    for (VerifyAcc& a : accs) {
      for (size_t k = 0; k < widths_.size(); ++k) {
        all.checked[k] += a.checked[k];
        all.failed[k] += a.failed[k];
      }
      all.unjudged += a.unjudged;
      all.probes += a.probes;
      all.probe_failed += a.probe_failed;
      all.disagreements += a.disagreements;
      all.failures.merge(std::move(a.failures));
    }
    if (all.disagreements)
      throw std::runtime_error("internal error: reference/integer_block and reference/integer disagree on " +
                               std::to_string(all.disagreements) + " lanes");
    CaseResult& r = run_.result;
    uint64_t checked = all.probes;
    for (size_t k = 0; k < widths_.size(); ++k) checked += all.checked[k];
    const uint64_t failures = all.failures.failed();
    r.merge(std::move(all.failures));
    r.checked += checked;

    json::Value m = json::Value::object(), per_width = json::Value::object();
    std::string width_text;
    for (size_t k = 0; k < widths_.size(); ++k) {
      json::Value w = json::Value::object();
      w["checked"] = static_cast<unsigned long long>(all.checked[k]);
      w["failed"] = static_cast<unsigned long long>(all.failed[k]);
      per_width[std::to_string(widths_[k])] = w;
      if (all.failed[k]) width_text += " " + std::to_string(widths_[k]) + ":" + std::to_string(all.failed[k]);
    }
    m["widths"] = per_width;
    m["inputs"] = static_cast<unsigned long long>(range.size());
    m["plan"] = v_.plan().describe();
    m["unjudged"] = static_cast<unsigned long long>(all.unjudged);
    m["sign_probes"] = static_cast<unsigned long long>(all.probes);
    m["sweep"] = sweep.times_json();
    if (params_.get("overloads").is_object()) m["overloads"] = params_.get("overloads");
    r.metrics = m;

    const std::string type = params_.at("args").as_array().at(0).at("type").as_string();
    std::string d = name_ + " on " + type + " (" + params_.at("section").as_string() + "): " + std::to_string(range.size()) +
                    " inputs (" + v_.plan().describe() + ") x " + std::to_string(widths_.size()) + " widths, " +
                    std::to_string(checked) + " results compared exactly";
    if (all.probes) d += " (" + std::to_string(all.probes) + " of them scalar result-type probes)";
    if (all.unjudged) d += "; " + std::to_string(all.unjudged) + " results not judged: " + params_.at("undefined").as_string();
    if (params_.get("overloads").is_object()) {
      const json::Value& o = params_.get("overloads");
      d += "; overloads: " + std::to_string(o.at("case").as_int()) + " in this case, " +
           std::to_string(o.at("function").as_int()) + " of " + name_ + ", " +
           std::to_string(o.at("suite_opencl_c_1_2").as_int()) + " integer built-in overloads in OpenCL C 1.2 (" +
           std::to_string(o.at("suite_opencl_c_2_0").as_int()) + " with ctz, OpenCL C 2.0)";
    }
    if (failures) d = std::to_string(failures) + " of " + std::to_string(checked) + " results wrong (widths" + width_text + "); " + d;
    r.detail = d;
  }

  CaseRun& run_;
  const json::Value& params_;
  integer::Verifier v_;
};

void check_sweep(CaseRun& run) {
  IntegerCase c(run);
  c.run();
}

}  // namespace

void register_integer_checks() { register_check("integer.sweep", check_sweep, Sharding::Slices); }

}  // namespace clconform::suites
