#include "integer_inputs.hpp"

#include <algorithm>
#include <utility>

#include "inputs.hpp"

namespace clconform::suites::integer {
namespace {

uint64_t mask_of(unsigned bits) { return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

// The value of a signed pattern.
int64_t value_of(uint64_t p, const ArgSpec& a) {
  if (a.bits == 64) return int64_t(p);
  const uint64_t sign = uint64_t(1) << (a.bits - 1);
  return int64_t((p ^ sign) - sign);
}

void dedupe(std::vector<uint64_t>& v) {
  std::vector<uint64_t> out;
  for (uint64_t x : v)
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
  v = std::move(out);
}

constexpr uint64_t kSampleQuick = uint64_t(1) << 14;
constexpr uint64_t kSampleFull = uint64_t(1) << 26;

}  // namespace

std::vector<uint64_t> edges(const ArgSpec& a, bool short_list) {
  const uint64_t m = mask_of(a.bits);
  std::vector<uint64_t> v;
  if (a.role == "mul24") {
    // The operand range of 6.15.3, its ends and neighbours, powers of two
    // inside it; then a few values just outside (not judged).
    const uint64_t lo = a.is_signed ? (uint64_t(0) - (uint64_t(1) << 23)) : 0;
    const uint64_t hi = a.is_signed ? (uint64_t(1) << 23) - 1 : (uint64_t(1) << 24) - 1;
    v = {0, 1, 2, lo & m, hi, (lo + 1) & m, hi - 1};
    if (a.is_signed) v.push_back(m);  // -1
    for (unsigned k = 1; k < (a.is_signed ? 23u : 24u); k += short_list ? 4 : 1) {
      for (uint64_t d : {uint64_t(0), uint64_t(1), ~uint64_t(0)}) {
        v.push_back(((uint64_t(1) << k) + d) & m);
        if (a.is_signed) v.push_back((uint64_t(0) - (uint64_t(1) << k) + d) & m);
      }
    }
    for (uint64_t x : {hi + 1, (lo - 1) & m, m >> 1}) v.push_back(x & m);
    dedupe(v);
    return v;
  }
  const uint64_t mn = a.is_signed ? uint64_t(1) << (a.bits - 1) : 0;
  const uint64_t mx = a.is_signed ? mn - 1 : m;
  v = {0, 1, m, 2, mn, mx, (mn + 1) & m, (mx - 1) & m};
  if (short_list) {
    const unsigned h = a.bits / 2;
    for (uint64_t x : {uint64_t(1) << h, (uint64_t(1) << h) - 1, (uint64_t(1) << h) + 1, uint64_t(1) << (a.bits - 2),
                       uint64_t(0) - (uint64_t(1) << h)})
      v.push_back(x & m);
  } else {
    for (unsigned k = 1; k < a.bits; ++k) {
      for (uint64_t d : {uint64_t(0), uint64_t(1), ~uint64_t(0)}) {
        v.push_back(((uint64_t(1) << k) + d) & m);
        if (a.is_signed) v.push_back((uint64_t(0) - (uint64_t(1) << k) + d) & m);
      }
    }
  }
  if (a.role == "count") {
    // Every count up to twice the width, and counts whose bits above
    // log2(bits) are set (they must be ignored).
    for (uint64_t c = 0; c <= 2 * a.bits + 1; ++c) v.push_back(c & m);
    for (uint64_t c : {uint64_t(a.bits - 1) | 0x40, uint64_t(a.bits) | 0x60, m - a.bits, m - 1}) v.push_back(c & m);
  }
  dedupe(v);
  return v;
}

InputPlan::InputPlan(std::vector<ArgSpec> args, bool full, uint64_t seed, uint64_t stream,
                     std::vector<unsigned> sorted)
    : args_(std::move(args)), seed_(seed), stream_(stream), sorted_(std::move(sorted)) {
  const size_t n = args_.size();
  for (const auto& a : args_) mul24_.push_back(a.role == "mul24");
  unsigned domain_bits = 0;
  bool small = true;  // 8- and 16-bit arguments only, none with a restricted range
  for (const auto& a : args_) {
    domain_bits += a.bits;
    small = small && a.role != "mul24" && a.bits <= 16;
  }
  // Whole domains of 8- and 16-bit arguments: up to 2^16 tuples always, up
  // to 2^32 in full mode (every 16-bit pair, every 8-bit triple).
  if (small && domain_bits <= (full ? 32u : 16u)) {
    exhaustive_ = uint64_t(1) << domain_bits;
    return;
  }
  for (const auto& a : args_) {
    full_.push_back(edges(a, false));
    short_.push_back(edges(a, true));
  }
  auto add_block = [&](std::vector<const std::vector<uint64_t>*> lists) {
    Block b{std::move(lists), 1};
    for (const auto* l : b.lists) b.size *= l->size();
    cross_ += b.size;
    blocks_.push_back(std::move(b));
  };
  if (n <= 2) {
    std::vector<const std::vector<uint64_t>*> l;
    for (size_t k = 0; k < n; ++k) l.push_back(&full_[k]);
    add_block(l);
  } else if (!full) {
    for (size_t k = 0; k < n; ++k) {
      std::vector<const std::vector<uint64_t>*> l;
      for (size_t j = 0; j < n; ++j) l.push_back(j == k ? &full_[j] : &short_[j]);
      add_block(l);
    }
  } else {
    for (size_t k = 0; k < n; ++k) {  // two arguments over every edge value, the third over the short list
      std::vector<const std::vector<uint64_t>*> l;
      for (size_t j = 0; j < n; ++j) l.push_back(j == k ? &short_[j] : &full_[j]);
      add_block(l);
    }
  }
  sample_ = full ? kSampleFull : kSampleQuick;
}

uint64_t InputPlan::sample_bits(size_t k, uint64_t r) const {
  const ArgSpec& a = args_[k];
  const uint64_t m = mask_of(a.bits);
  if (mul24_[k] && (r & 7) != 0) {  // 7 in 8 inside the 24-bit range
    r >>= 3;
    return (a.is_signed ? uint64_t(int64_t(r << 40) >> 40) : r & 0xFFFFFF) & m;
  }
  if (((r >> 60) & 3) == 0) {  // a quarter of the samples are small magnitudes, of either sign
    const uint64_t v = r & mask_of(unsigned(1 + ((r >> 50) & (a.bits - 1))));  // bits is a power of two: & is %
    return (a.is_signed && ((r >> 59) & 1) ? uint64_t(0) - v : v) & m;
  }
  return r & m;
}

void InputPlan::at(uint64_t lane, uint64_t* out) const {
  const size_t n = args_.size();
  if (lane < exhaustive_) {
    for (size_t k = 0; k < n; ++k) {
      out[k] = lane & mask_of(args_[k].bits);
      lane >>= args_[k].bits;
    }
    return;
  }
  lane -= exhaustive_;
  if (lane < cross_) {
    for (const Block& b : blocks_) {
      if (lane >= b.size) {
        lane -= b.size;
        continue;
      }
      for (size_t k = n; k-- > 0;) {
        const auto& l = *b.lists[k];
        out[k] = l[lane % l.size()];
        lane /= l.size();
      }
      return;
    }
  }
  lane -= cross_;
  for (size_t k = 0; k < n; ++k) out[k] = sample_bits(k, counter_bits(seed_, stream_ + k, lane));
  if (sorted_.size() == 2) {
    const ArgSpec& a = args_[sorted_[0]];
    uint64_t& x = out[sorted_[0]];
    uint64_t& y = out[sorted_[1]];
    if (a.is_signed ? value_of(x, a) > value_of(y, a) : x > y) std::swap(x, y);
  }
}

void InputPlan::sampled(uint64_t lane, size_t n, uint64_t* const* out) const {
  const uint64_t index = lane - exhaustive_ - cross_;
  // at()'s sampled branch, argument by argument: one loop each.
  for (size_t k = 0; k < args_.size(); ++k) {
    uint64_t* o = out[k];
    for (size_t i = 0; i < n; ++i) o[i] = sample_bits(k, counter_bits(seed_, stream_ + k, index + i));
  }
  if (sorted_.size() == 2) {
    const ArgSpec& a = args_[sorted_[0]];
    uint64_t* x = out[sorted_[0]];
    uint64_t* y = out[sorted_[1]];
    for (size_t i = 0; i < n; ++i)
      if (a.is_signed ? value_of(x[i], a) > value_of(y[i], a) : x[i] > y[i]) std::swap(x[i], y[i]);
  }
}

std::string InputPlan::describe() const {
  if (exhaustive()) return "every tuple (" + std::to_string(exhaustive_) + ")";
  return std::to_string(cross_) + " edge tuples + " + std::to_string(sample_) + " sampled";
}

}  // namespace clconform::suites::integer
