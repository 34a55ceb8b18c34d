#include "integer_verify.hpp"

#include <cstring>
#include <stdexcept>

namespace clconform::suites::integer {
namespace {

namespace ri = ref::integer;

uint64_t load(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian hosts and devices, as the sweep's layout assumes
  return v;
}

}  // namespace

Verifier::Verifier(const json::Value& params, bool full, uint64_t seed, uint64_t stream) {
  name_ = params.at("function").as_string();
  const auto fn = ri::function_named(name_);
  if (!fn) throw std::runtime_error("reference/integer has no function '" + name_ + "'");
  fn_ = *fn;
  std::vector<ArgSpec> specs;
  for (const auto& a : params.at("args").as_array()) {
    ArgSpec s;
    s.bits = unsigned(a.at("bits").as_int());
    s.is_signed = a.at("signed").as_bool();
    s.role = a.at("role").as_string();
    specs.push_back(s);
    arg_bytes_.push_back(s.bits / 8);
  }
  if (specs.size() != ri::arity(fn_)) throw std::runtime_error("argument count differs from the reference's");
  format_ = {specs[0].bits, specs[0].is_signed};
  result_ = {unsigned(params.at("result").at("bits").as_int()), params.at("result").at("signed").as_bool()};
  result_type_ = params.at("result").at("type").as_string();
  const ref::IntFormat expect = fn_ == ri::Fn::OpLt ? result_ : ri::result_format(fn_, format_);
  if (expect.bits != result_.bits || expect.is_signed != result_.is_signed)
    throw std::runtime_error("the manifest's result type differs from the reference's");
  for (const auto& w : params.at("widths").as_array()) widths_.push_back(unsigned(w.as_int()));
  if (widths_.size() > kMaxWidths) throw std::runtime_error("too many widths");
  for (const auto& b : params.at("broadcast").as_array()) broadcast_.push_back(unsigned(b.as_int()));
  block_ = unsigned(params.at("block").as_int());
  probe_ = params.at("sign_probe").as_bool();
  std::vector<unsigned> sorted;
  for (const auto& s : params.at("sorted_args").as_array()) sorted.push_back(unsigned(s.as_int()));
  plan_ = std::make_unique<InputPlan>(specs, full, seed, stream, sorted);
}

void Verifier::align(uint64_t& begin, uint64_t& end) const {
  if (broadcast_.empty()) return;
  begin -= begin % block_;
  end = std::min(plan_->total(), (end + block_ - 1) / block_ * block_);
}

SweepShape Verifier::shape() const {
  SweepShape shape;
  shape.in_elem = arg_bytes_;
  shape.out_elem = {result_.bits / 8};
  if (probe_) shape.out_elem.push_back(1);
  shape.widths = widths_;
  return shape;
}

void Verifier::tuple(uint64_t lane, uint64_t* t) const {
  plan_->at(lane, t);
  if (broadcast_.empty()) return;
  uint64_t b[3] = {0, 0, 0};
  plan_->at(lane - lane % block_, b);
  for (unsigned k : broadcast_) t[k] = b[k];
}

void Verifier::fill(const SweepChunk& ch, size_t lo, size_t hi) const {
  uint64_t t[3] = {0, 0, 0};
  for (size_t i = lo; i < hi; ++i) {
    tuple(ch.first + i, t);
    for (size_t a = 0; a < arg_bytes_.size(); ++a) std::memcpy(ch.in[a] + arg_bytes_[a] * i, &t[a], arg_bytes_[a]);
  }
}

Mismatch Verifier::mismatch(uint64_t lane, unsigned w, const uint64_t* a, uint64_t got, uint64_t want,
                            const std::string& what) const {
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

void Verifier::verify(const SweepChunk& ch, size_t lo, size_t hi, VerifyAcc& acc) const {
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
                   result_type_ + " (6.15.3): the built-in returns another type";
          m.edge = "result_type_sign";
          m.bits->out_bytes = 1;
          acc.failures.add(std::move(m));
        }
      }
    }
  }
}

}  // namespace clconform::suites::integer
