#include "integer_verify.hpp"

#include <algorithm>
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

// The low BYTES bytes of V at P (fixed-size copies, which compile to one store).
void store(uint8_t* p, unsigned bytes, uint64_t v) {
  switch (bytes) {
    case 1: *p = uint8_t(v); break;
    case 2: std::memcpy(p, &v, 2); break;
    case 4: std::memcpy(p, &v, 4); break;
    default: std::memcpy(p, &v, 8); break;
  }
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
  bcast_block_ = unsigned(params.at("block").as_int());
  probe_ = params.at("sign_probe").as_bool();
  std::vector<unsigned> sorted;
  for (const auto& s : params.at("sorted_args").as_array()) sorted.push_back(unsigned(s.as_int()));
  plan_ = std::make_unique<InputPlan>(specs, full, seed, stream, sorted);
  block_ = ri::block_eval(fn_, format_, result_);
  if (!block_) throw std::runtime_error("reference/integer_block has no form of '" + name_ + "' for these types");
}

void Verifier::align(uint64_t& begin, uint64_t& end) const {
  if (broadcast_.empty()) return;
  begin -= begin % bcast_block_;
  end = std::min(plan_->total(), (end + bcast_block_ - 1) / bcast_block_ * bcast_block_);
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
  plan_->at(lane - lane % bcast_block_, b);
  for (unsigned k : broadcast_) t[k] = b[k];
}

namespace {

// Lanes of the plan's exhaustive part: argument k of lane L is bits
// [s_k, s_k + bits_k) of L (InputPlan::at), or of L's block's first lane for
// a broadcast argument; one tight loop per argument.
template <class T>
void fill_bits(T* out, uint64_t first, size_t lo, size_t hi, unsigned shift, unsigned block) {
  if (block == 1) {
    for (size_t i = lo; i < hi; ++i) out[i] = T((first + i) >> shift);
  } else {
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t lane = first + i;
      out[i] = T((lane - lane % block) >> shift);
    }
  }
}

}  // namespace

void Verifier::fill_exhaustive(const SweepChunk& ch, size_t lo, size_t hi) const {
  unsigned shift = 0;
  for (size_t a = 0; a < arg_bytes_.size(); ++a) {
    bool bcast = false;
    for (unsigned k : broadcast_) bcast = bcast || k == a;
    const unsigned block = bcast ? bcast_block_ : 1;
    if (arg_bytes_[a] == 1) fill_bits(reinterpret_cast<uint8_t*>(ch.in[a]), ch.first, lo, hi, shift, block);
    else fill_bits(reinterpret_cast<uint16_t*>(ch.in[a]), ch.first, lo, hi, shift, block);
    shift += 8 * arg_bytes_[a];
  }
}

// Three kinds of lanes, in lane order: the exhaustive part, from the lane
// counter; the edge tuples, and every lane of a case with broadcast
// arguments, tuple by tuple (tuple()); the sampled part, a block of tuples
// at a time.
void Verifier::fill(const SweepChunk& ch, size_t lo, size_t hi) const {
  const uint64_t exhaustive = plan_->exhaustive_tuples();
  if (ch.first + lo < exhaustive) {
    const size_t end = size_t(std::min<uint64_t>(hi, exhaustive - ch.first));
    fill_exhaustive(ch, lo, end);
    lo = end;
  }
  const uint64_t sampled = plan_->sampled_from();
  size_t mid = hi;  // [mid, hi): sampled lanes
  if (broadcast_.empty() && ch.first + hi > sampled)
    mid = ch.first >= sampled ? lo : std::max(lo, size_t(sampled - ch.first));
  constexpr size_t kTuples = 256;
  uint64_t buf[3][kTuples];
  uint64_t* const cols[3] = {buf[0], buf[1], buf[2]};
  for (size_t at = mid; at < hi; at += kTuples) {
    const size_t n = std::min(kTuples, hi - at);
    plan_->sampled(ch.first + at, n, cols);
    for (size_t a = 0; a < arg_bytes_.size(); ++a) {
      uint8_t* dst = ch.in[a] + arg_bytes_[a] * at;
      switch (arg_bytes_[a]) {
        case 1: for (size_t i = 0; i < n; ++i) dst[i] = uint8_t(buf[a][i]); break;
        case 2: for (size_t i = 0; i < n; ++i) store(dst + 2 * i, 2, buf[a][i]); break;
        case 4: for (size_t i = 0; i < n; ++i) store(dst + 4 * i, 4, buf[a][i]); break;
        default: for (size_t i = 0; i < n; ++i) store(dst + 8 * i, 8, buf[a][i]); break;
      }
    }
  }
  hi = mid;
  uint64_t t[3] = {0, 0, 0};
  for (size_t i = lo; i < hi; ++i) {
    tuple(ch.first + i, t);
    for (size_t a = 0; a < arg_bytes_.size(); ++a) store(ch.in[a] + arg_bytes_[a] * i, arg_bytes_[a], t[a]);
  }
}

Mismatch& Verifier::bare_mismatch(FailureTally& tally, uint64_t lane, unsigned w, const uint64_t* a, uint64_t got,
                                  uint64_t want) const {
  Mismatch& m = tally.scratch();
  m.index = lane;
  m.lane = int(lane % w);
  m.score = 1;
  if (!m.bits) m.bits.emplace();
  WrongBits& b = *m.bits;
  b.in_format = format_.is_signed ? 'i' : 'u';
  b.out_format = result_.is_signed ? 'i' : 'u';
  b.in_bytes = arg_bytes_[0];
  b.out_bytes = result_.bits / 8;
  b.width = w;
  b.inputs.assign(a, a + arg_bytes_.size());
  b.output = got;
  b.expected = want;
  return m;
}

void Verifier::texts(Mismatch& m, unsigned w, const uint64_t* a, const char* what) const {
  for (size_t k = 0; k < arg_bytes_.size(); ++k) m.inputs.push_back(hex_bits(a[k], arg_bytes_[k]));
  m.output = hex_bits(m.bits->output, result_.bits / 8);
  m.expected = hex_bits(m.bits->expected, result_.bits / 8);
  m.note = "width " + std::to_string(w) + ": " + name_ + what;
}

namespace {

// Lanes per block: the block's expected results, masks and each width's
// results stay in the first-level cache.
constexpr size_t kBlock = 1024;

}  // namespace

// Whether every defined lane of [at, at + n) holds WANT at every width (and
// the sign probes are right); JUDGED gets the number of defined lanes.
template <class R>
bool Verifier::block_matches(const SweepChunk& ch, size_t at, size_t n, const R* want, const R* mask, R* want_vec,
                             uint64_t& judged) const {
  uint64_t defined = 0;
  for (size_t i = 0; i < n; ++i) defined += mask[i] & 1;
  judged = defined;
  if (fn_ == ri::Fn::OpLt) {  // a relational is 1 on scalars and -1 (all bits) on vectors (6.5.6)
    for (size_t i = 0; i < n; ++i) want_vec[i] = R(R(0) - want[i]);
  }
  for (size_t k = 0; k < widths_.size(); ++k) {
    const R* got = reinterpret_cast<const R*>(ch.out[k][0]) + at;
    const R* w = fn_ == ri::Fn::OpLt && widths_[k] > 1 ? want_vec : want;
    R diff = 0;
    for (size_t i = 0; i < n; ++i) diff |= R((got[i] ^ w[i]) & mask[i]);
    if (diff) return false;
    if (probe_ && widths_[k] == 1) {
      // The scalar kernel's `CALL < 0`: 1 where the result's sign bit is set
      // in a signed result type.
      const uint8_t* sign = ch.out[k][1] + at;
      const unsigned top = 8 * sizeof(R) - 1;
      const bool is_signed = result_.is_signed;
      uint8_t bad = 0;
      for (size_t i = 0; i < n; ++i)
        bad |= uint8_t((sign[i] ^ (is_signed ? uint8_t(want[i] >> top) & 1 : 0)) & uint8_t(mask[i]));
      if (bad) return false;
    }
  }
  return true;
}

// After a block went through verify_lanes: the two references must agree on
// which lanes are defined and on the defined lanes' results.
template <class R>
void Verifier::cross_check(const SweepChunk& ch, size_t at, size_t n, const R* want, const R* mask,
                           VerifyAcc& acc) const {
  for (size_t i = 0; i < n; ++i) {
    uint64_t a[3] = {0, 0, 0};
    for (size_t k = 0; k < arg_bytes_.size(); ++k) a[k] = load(ch.in[k] + arg_bytes_[k] * (at + i), arg_bytes_[k]);
    const bool defined = ri::defined(fn_, format_, a);
    if (defined != (mask[i] != 0) || (defined && uint64_t(want[i]) != ri::eval(fn_, format_, a))) ++acc.disagreements;
  }
}

void Verifier::verify(const SweepChunk& ch, size_t lo, size_t hi, VerifyAcc& acc) const {
  // Results and masks as unsigned patterns of the result's size.
  alignas(64) unsigned char want_b[8 * kBlock], mask_b[8 * kBlock], vec_b[8 * kBlock];
  const size_t nk = widths_.size();
  size_t probe_kernels = 0;
  for (unsigned w : widths_) probe_kernels += probe_ && w == 1;
  for (size_t at = lo; at < hi; at += kBlock) {
    const size_t n = std::min(kBlock, hi - at);
    const void* args[3] = {nullptr, nullptr, nullptr};
    for (size_t k = 0; k < arg_bytes_.size(); ++k) args[k] = ch.in[k] + arg_bytes_[k] * at;
    block_(args, n, want_b, mask_b);
    uint64_t judged = 0;
    bool ok = false;
    switch (result_.bits) {
      case 8: ok = block_matches(ch, at, n, reinterpret_cast<uint8_t*>(want_b), reinterpret_cast<uint8_t*>(mask_b), reinterpret_cast<uint8_t*>(vec_b), judged); break;
      case 16: ok = block_matches(ch, at, n, reinterpret_cast<uint16_t*>(want_b), reinterpret_cast<uint16_t*>(mask_b), reinterpret_cast<uint16_t*>(vec_b), judged); break;
      case 32: ok = block_matches(ch, at, n, reinterpret_cast<uint32_t*>(want_b), reinterpret_cast<uint32_t*>(mask_b), reinterpret_cast<uint32_t*>(vec_b), judged); break;
      default: ok = block_matches(ch, at, n, reinterpret_cast<uint64_t*>(want_b), reinterpret_cast<uint64_t*>(mask_b), reinterpret_cast<uint64_t*>(vec_b), judged); break;
    }
    if (ok) {
      for (size_t k = 0; k < nk; ++k) acc.checked[k] += judged;
      acc.unjudged += nk * (n - judged);
      acc.probes += probe_kernels * judged;
      continue;
    }
    verify_lanes(ch, at, at + n, acc);
    switch (result_.bits) {
      case 8: cross_check(ch, at, n, reinterpret_cast<uint8_t*>(want_b), reinterpret_cast<uint8_t*>(mask_b), acc); break;
      case 16: cross_check(ch, at, n, reinterpret_cast<uint16_t*>(want_b), reinterpret_cast<uint16_t*>(mask_b), acc); break;
      case 32: cross_check(ch, at, n, reinterpret_cast<uint32_t*>(want_b), reinterpret_cast<uint32_t*>(mask_b), acc); break;
      default: cross_check(ch, at, n, reinterpret_cast<uint64_t*>(want_b), reinterpret_cast<uint64_t*>(mask_b), acc); break;
    }
  }
}

void Verifier::verify_lanes(const SweepChunk& ch, size_t lo, size_t hi, VerifyAcc& acc) const {
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
        // The text only for a value the tally keeps: a defect across a
        // sweep costs no text per wrong value.
        acc.failures.add(bare_mismatch(acc.failures, lane, widths_[k], a, got, expected),
                         [&](Mismatch& kept) { texts(kept, widths_[k], a, ": wrong result"); });
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
          Mismatch& m = bare_mismatch(acc.failures, lane, 1, a, got, negative);
          m.edge = "result_type_sign";
          m.bits->out_bytes = 1;
          acc.failures.add(m, [&](Mismatch& kept) {
            texts(kept, 1, a, "");
            kept.output = std::to_string(got);
            kept.expected = std::to_string(int(negative));
            kept.note = "width 1: " + name_ + "(...) < 0 evaluated in the call's own type; the result type is " +
                        result_type_ + " (6.15.3): the built-in returns another type";
          });
        }
      }
    }
  }
}

}  // namespace clconform::suites::integer
