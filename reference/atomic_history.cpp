#include "atomic_history.hpp"

#include <numeric>
#include <stdexcept>
#include <unordered_map>

#include "format_convert.hpp"
#include "fp_bits.hpp"

namespace clconform::ref {
namespace {

std::string hex(uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  bool started = false;
  for (int i = 60; i >= 0; i -= 4) {
    unsigned d = (v >> i) & 15;
    if (d || started || i == 0) {
      s += digits[d];
      started = true;
    }
  }
  return s;
}

int64_t as_signed(uint64_t v, unsigned bits) {
  return bits == 64 ? int64_t(v) : int64_t(int32_t(uint32_t(v)));
}

}  // namespace

std::string serial_history_error(uint64_t initial, uint64_t final_value, const std::vector<AtomicEdge>& edges) {
  if (edges.empty()) {
    return initial == final_value ? "" : "no operation ran, yet the value changed from " + hex(initial) + " to " +
                                             hex(final_value);
  }
  // Vertex numbering, balance and union-find over the values seen.
  std::unordered_map<uint64_t, size_t> id;
  std::vector<uint64_t> value;
  auto vertex = [&](uint64_t v) {
    auto [it, fresh] = id.emplace(v, value.size());
    if (fresh) value.push_back(v);
    return it->second;
  };
  std::vector<std::pair<size_t, size_t>> e;
  e.reserve(edges.size());
  for (const auto& x : edges) e.push_back({vertex(x.old_value), vertex(x.new_value)});
  const size_t start = vertex(initial), end = vertex(final_value);
  std::vector<int64_t> balance(value.size(), 0);
  std::vector<size_t> parent(value.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](size_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const auto& [a, b] : e) {
    ++balance[a];
    --balance[b];
    parent[find(a)] = find(b);
  }
  for (size_t v = 0; v < value.size(); ++v) {
    const int64_t want = int64_t(v == start) - int64_t(v == end);
    if (balance[v] != want) {
      const int64_t extra = balance[v] - want;
      return "value " + hex(value[v]) + " was returned as an old value " + std::to_string(extra > 0 ? extra : -extra) +
             (extra > 0 ? " more" : " fewer") + " time(s) than any serial order allows (stored by the operations, "
             "plus the initial value " + hex(initial) + ", minus the final value " + hex(final_value) + ")";
    }
  }
  const size_t root = find(start);
  for (const auto& [a, b] : e) {
    if (find(a) != root) {
      return "old value " + hex(value[a]) + " is never reached from the initial value " + hex(initial) +
             " by the operations' own results";
    }
  }
  if (find(end) != root) return "the final value " + hex(final_value) + " is not reached from the initial value";
  return "";
}

namespace {

// cl_ext_float_atomics' add, sub, min and max on a half, float or double
// (BITS 16, 32 or 64): each correctly rounded (7.4), which the host's IEEE arithmetic is
// (a float sum computed in double and rounded to float is the correctly
// rounded float sum: double carries more than twice float's precision).
// min and max take no NaN and no zero of either sign against the other.
uint64_t float_new_value(const std::string& op, unsigned bits, uint64_t old, uint64_t operand) {
  if (bits != 16 && bits != 32 && bits != 64) throw std::invalid_argument("float atomics: 16, 32 or 64 bits");
  const auto value = [&](uint64_t b) {
    return bits == 16 ? half_to_double(uint16_t(b)) : bits == 32 ? double(float_from_bits(uint32_t(b))) : double_from_bits(b);
  };
  const double a = value(old), x = value(operand);
  const double r = op == "fadd" ? a + x : op == "fsub" ? a - x : op == "fmin" ? (x < a ? x : a) : (x > a ? x : a);
  if (bits == 16) return double_to_half(r, Rounding::NearestEven);  // a half sum in double is exact
  return bits == 32 ? to_bits(float(r)) : to_bits(r);
}

}  // namespace

uint64_t atomic_new_value(const std::string& op, unsigned bits, bool is_signed, uint64_t old, uint64_t operand,
                          uint64_t compare) {
  const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  old &= mask;
  operand &= mask;
  uint64_t r;
  if (op == "add") r = old + operand;
  else if (op == "sub") r = old - operand;
  else if (op == "xchg") r = operand;
  else if (op == "inc") r = old + 1;
  else if (op == "dec") r = old - 1;
  else if (op == "cmpxchg") r = old == (compare & mask) ? operand : old;
  else if (op == "and") r = old & operand;
  else if (op == "or") r = old | operand;
  else if (op == "xor") r = old ^ operand;
  else if (op == "min" || op == "max") {
    const bool less = is_signed ? as_signed(operand, bits) < as_signed(old, bits) : operand < old;
    r = (op == "min") == less ? operand : old;
  } else if (op == "fadd" || op == "fsub" || op == "fmin" || op == "fmax") {
    return float_new_value(op, bits, old, operand);
  } else {
    throw std::invalid_argument("unknown atomic operation " + op);
  }
  return r & mask;
}

}  // namespace clconform::ref
