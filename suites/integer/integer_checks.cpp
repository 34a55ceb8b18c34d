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
#include "integer_inputs.hpp"
#include "reference/integer.hpp"
#include "sweep.hpp"

namespace clconform::suites {
namespace {

namespace ri = ref::integer;
using integer::ArgSpec;
using integer::InputPlan;

constexpr size_t kMaxWidths = 8;

struct Acc {
  uint64_t checked[kMaxWidths] = {}, failed[kMaxWidths] = {};
  uint64_t unjudged = 0, probes = 0, probe_failed = 0;
  FailureTally failures;  // every wrong value, matched against the known failures
}; 

uint64_t load(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian hosts and devices, as the sweep's layout assumes
  return v;
}

class IntegerCase {
 public:
  explicit IntegerCase(CaseRun& run) : run_(run), params_(run.c.params) {
    name_ = params_.at("function").as_string();
    const auto fn = ri::function_named(name_);
    if (!fn) throw std::runtime_error("reference/integer has no function '" + name_ + "'");
    fn_ = *fn;
    std::vector<ArgSpec> specs;
    for (const auto& a : params_.at("args").as_array()) {
      ArgSpec s;
      s.bits = unsigned(a.at("bits").as_int());
      s.is_signed = a.at("signed").as_bool();
      s.role = a.at("role").as_string();
      specs.push_back(s);
      arg_bytes_.push_back(s.bits / 8);
    }
    if (specs.size() != ri::arity(fn_)) throw std::runtime_error("argument count differs from the reference's");
    format_ = {specs[0].bits, specs[0].is_signed};
    result_ = {unsigned(params_.at("result").at("bits").as_int()), params_.at("result").at("signed").as_bool()};
    const ref::IntFormat expect = fn_ == ri::Fn::OpLt ? result_ : ri::result_format(fn_, format_);
    if (expect.bits != result_.bits || expect.is_signed != result_.is_signed)
      throw std::runtime_error("the manifest's result type differs from the reference's");
    for (const auto& w : params_.at("widths").as_array()) widths_.push_back(unsigned(w.as_int()));
    if (widths_.size() > kMaxWidths) throw std::runtime_error("too many widths");
    for (const auto& b : params_.at("broadcast").as_array()) broadcast_.push_back(unsigned(b.as_int()));
    block_ = unsigned(params_.at("block").as_int());
    probe_ = params_.at("sign_probe").as_bool();
    std::vector<unsigned> sorted;
    for (const auto& s : params_.at("sorted_args").as_array()) sorted.push_back(unsigned(s.as_int()));
    plan_ = std::make_unique<InputPlan>(specs, run.opts.full(), run.opts.seed, case_stream(run.c.id), sorted);
  }

  void run() {
    const auto& program = run_.program();
    if (!program.ok) throw BuildFailed{&program};
    std::vector<cl::Kernel> kernels;
    for (unsigned w : widths_) kernels.emplace_back(program.program, (run_.c.kernel + "_" + std::to_string(w)).c_str());
    SweepShape shape;
    shape.in_elem = arg_bytes_;
    shape.out_elem = {result_.bits / 8};
    if (probe_) shape.out_elem.push_back(1);
    shape.widths = widths_;
    CaseRun::Range range = run_.range(plan_->total());
    if (!broadcast_.empty()) {
      // Scalar arguments are shared by a work-item's lanes: runs start and
      // end on blocks of BLOCK lanes, so each block is one tuple of them.
      range.begin -= range.begin % block_;
      range.end = std::min(plan_->total(), (range.end + block_ - 1) / block_ * block_);
    }
    const size_t chunk = range.size() < (uint64_t(1) << 20) ? size_t(range.size()) + 48 : 0;
    Sweep sweep(run_, kernels, shape, chunk);
    Sweep::Fill fill = [&](const SweepChunk& ch, size_t lo, size_t hi) {
      uint64_t t[3] = {0, 0, 0};
      for (size_t i = lo; i < hi; ++i) {
        const uint64_t lane = ch.first + i;
        if (lane < range.end) tuple(lane, t);
        for (size_t a = 0; a < arg_bytes_.size(); ++a) std::memcpy(ch.in[a] + arg_bytes_[a] * i, &t[a], arg_bytes_[a]);
      }
    };
    Sweep::Verify<Acc> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) { verify_lanes(ch, lo, hi, acc); };
    Acc proto;
    proto.failures = run_.result.tally();
    auto accs = sweep.run<Acc>(range.begin, range.size(), fill, verify, proto);
    report(accs, range, sweep);
  }

 private:
  void tuple(uint64_t lane, uint64_t* t) const {
    plan_->at(lane, t);
    if (broadcast_.empty()) return;
    uint64_t b[3] = {0, 0, 0};
    plan_->at(lane - lane % block_, b);
    for (unsigned k : broadcast_) t[k] = b[k];
  }

  Mismatch mismatch(uint64_t lane, unsigned w, const uint64_t* a, uint64_t got, uint64_t want, const std::string& what) const {
    Mismatch m;
    m.index = lane;
    m.lane = int(lane % w);
    for (size_t k = 0; k < arg_bytes_.size(); ++k) m.inputs.push_back(hex_bits(a[k], arg_bytes_[k]));
    m.output = hex_bits(got, result_.bits / 8);
    m.expected = hex_bits(want, result_.bits / 8);
    m.note = "width " + std::to_string(w) + ": " + what;
    m.score = 1;
    const char in_format = format_.is_signed ? 'i' : 'u', out_format = result_.is_signed ? 'i' : 'u';
    m.bits = WrongBits{in_format, out_format, arg_bytes_[0], result_.bits / 8, w,
                       std::vector<uint64_t>(a, a + arg_bytes_.size()), got, want};
    return m;
  }

  void verify_lanes(const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) const {
    const unsigned rb = result_.bits / 8;
    const uint64_t all_ones = result_.bits == 64 ? ~uint64_t(0) : (uint64_t(1) << result_.bits) - 1;
    const size_t nk = widths_.size();
    for (size_t i = lo; i < hi; ++i) {
      uint64_t a[3] = {0, 0, 0};
      for (size_t k = 0; k < arg_bytes_.size(); ++k) a[k] = load(ch.in[k] + arg_bytes_[k] * i, arg_bytes_[k]);
      const uint64_t lane = ch.first + i;
      if (!ri::defined(fn_, format_, a)) {
        acc.unjudged += nk;
        continue;
      }
      const uint64_t want = ri::eval(fn_, format_, a);
      for (size_t k = 0; k < nk; ++k) {
        // A relational is 1 on scalars and -1 (all bits) on vectors (6.5.6).
        const uint64_t expected = fn_ == ri::Fn::OpLt && widths_[k] > 1 && want ? all_ones : want;
        const uint64_t got = load(ch.out[k][0] + rb * i, rb);
        ++acc.checked[k];
        if (got != expected) {
          ++acc.failed[k];
          acc.failures.add(mismatch(lane, widths_[k], a, got, expected, name_ + ": wrong result"));
        }
      }
      if (probe_) {
        // The scalar kernel's `CALL < 0`, in the type the call really returned.
        const bool negative = result_.is_signed && (want >> (result_.bits - 1)) & 1;
        for (size_t k = 0; k < nk; ++k) {
          if (widths_[k] != 1) continue;
          const uint8_t got = ch.out[k][1][i];
          ++acc.probes;
          if (got != uint8_t(negative)) {
            ++acc.probe_failed;
            ++acc.failed[k];
            Mismatch m = mismatch(lane, 1, a, got, negative, "");
            m.output = std::to_string(got);
            m.expected = std::to_string(int(negative));
            m.note = "width 1: " + name_ + "(...) < 0 evaluated in the call's own type; the result type is " +
                     params_.at("result").at("type").as_string() + " (6.15.3): the built-in returns another type";
            m.edge = "result_type_sign";
            m.bits->out_bytes = 1;
            acc.failures.add(std::move(m));
          }
        }
      }
    }
  }

  void report(std::vector<Acc>& accs, const CaseRun::Range& range, const Sweep& sweep) {
    Acc all;
    all.failures = run_.result.tally();
    for (Acc& a : accs) {
      for (size_t k = 0; k < widths_.size(); ++k) {
        all.checked[k] += a.checked[k];
        all.failed[k] += a.failed[k];
      }
      all.unjudged += a.unjudged;
      all.probes += a.probes;
      all.probe_failed += a.probe_failed;
      all.failures.merge(std::move(a.failures));
    }
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
    m["plan"] = plan_->describe();
    m["unjudged"] = static_cast<unsigned long long>(all.unjudged);
    m["sign_probes"] = static_cast<unsigned long long>(all.probes);
    m["sweep"] = sweep.times_json();
    if (params_.get("overloads").is_object()) m["overloads"] = params_.get("overloads");
    r.metrics = m;

    const std::string type = params_.at("args").as_array().at(0).at("type").as_string();
    std::string d = name_ + " on " + type + " (" + params_.at("section").as_string() + "): " + std::to_string(range.size()) +
                    " inputs (" + plan_->describe() + ") x " + std::to_string(widths_.size()) + " widths, " +
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
  std::string name_;
  ri::Fn fn_ = ri::Fn::Abs;
  ref::IntFormat format_{32, true}, result_{32, true};
  std::vector<unsigned> arg_bytes_, widths_, broadcast_;
  unsigned block_ = 48;
  bool probe_ = false;
  std::unique_ptr<InputPlan> plan_;
};

void check_sweep(CaseRun& run) {
  IntegerCase c(run);
  c.run();
}

}  // namespace

void register_integer_checks() { register_check("integer.sweep", check_sweep); }

}  // namespace clconform::suites
