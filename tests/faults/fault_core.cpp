#include "fault_core.hpp"

#include <cctype>
#include <cstring>
#include <map>

namespace clconform::faults {

namespace {

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

bool parse_int(const std::string& s, int64_t& v) {
  if (s.empty()) return false;
  char* end = nullptr;
  v = std::strtoll(s.c_str(), &end, 10);
  return *end == '\0';
}

uint64_t load(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian host, as every device here
  return v;
}

void store(uint8_t* p, unsigned bytes, uint64_t v) { std::memcpy(p, &v, bytes); }

// IEEE binary16/32/64 fields by byte size.
struct FloatFields {
  unsigned mant_bits, exp_bits;
  uint64_t sign() const { return uint64_t(1) << (mant_bits + exp_bits); }
  uint64_t exp_max() const { return (uint64_t(1) << exp_bits) - 1; }
  uint64_t exponent(uint64_t b) const { return (b >> mant_bits) & exp_max(); }
  uint64_t mantissa(uint64_t b) const { return b & ((uint64_t(1) << mant_bits) - 1); }
  uint64_t magnitude(uint64_t b) const { return b & (sign() - 1); }
};

FloatFields fields(unsigned bytes) {
  return bytes == 2 ? FloatFields{10, 5} : bytes == 8 ? FloatFields{52, 11} : FloatFields{23, 8};
}

uint64_t mask(unsigned bytes) { return bytes == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * bytes)) - 1; }

// The new bits of one element under a one-element fault, or nothing when
// the fault does not apply to it.
std::optional<uint64_t> mutate(const Fault& fault, const ElemFormat& f, uint64_t b) {
  const bool is_float = f.kind == 'f';
  const FloatFields ff = fields(f.bytes);
  switch (fault.kind) {
    case FaultKind::Zero:  // a float -0 counts as zero: flipping its sign is signzero's job
      if (is_float ? ff.magnitude(b) == 0 : b == 0) return std::nullopt;
      return uint64_t(0);
    case FaultKind::Ulp: {
      if (!is_float) return (b + uint64_t(fault.k)) & mask(f.bytes);
      const uint64_t e = ff.exponent(b);
      if (e == 0 || e == ff.exp_max()) return std::nullopt;  // zero, subnormal, inf, NaN
      const int64_t mag = int64_t(ff.magnitude(b)) + fault.k;
      if (mag <= 0) return std::nullopt;
      const uint64_t moved = uint64_t(mag);
      const uint64_t e2 = ff.exponent(moved);
      if (moved >= ff.sign() || e2 == 0 || e2 == ff.exp_max()) return std::nullopt;
      return (b & ff.sign()) | moved;
    }
    case FaultKind::SignZero:
      if (!is_float || ff.magnitude(b) != 0) return std::nullopt;
      return b ^ ff.sign();
    case FaultKind::NanPayload: {
      if (!is_float || ff.exponent(b) != ff.exp_max() || ff.mantissa(b) == 0) return std::nullopt;
      uint64_t m = ff.mantissa(b) ^ 1;
      if (m == 0) m = ff.mantissa(b) ^ 2;
      return (b & ~(ff.mantissa(~uint64_t(0)))) | m;
    }
    default:
      return std::nullopt;
  }
}

bool padding(const ElemFormat& f, size_t i) { return f.width == 3 && i % 4 == 3; }

}  // namespace

std::optional<ElemFormat> element_format(std::string t) {
  // "float4*", "const float4 *", "__global float4*": keep the type's own name.
  t = trim(t);
  if (t.empty() || t.back() != '*') return std::nullopt;
  t = trim(t.substr(0, t.size() - 1));
  for (const std::string q : {"const ", "volatile ", "restrict ", "__global ", "global "}) {
    size_t p;
    while ((p = t.find(q)) != std::string::npos) t.erase(p, q.size());
  }
  t = trim(t);
  // Spelled-out unsigned types.
  static const std::map<std::string, std::string> spelled = {
      {"unsigned char", "uchar"}, {"unsigned short", "ushort"}, {"unsigned int", "uint"}, {"unsigned long", "ulong"}};
  size_t digits = t.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(t[digits - 1]))) --digits;
  std::string base = t.substr(0, digits);
  unsigned width = 1;
  if (digits < t.size()) width = unsigned(std::stoul(t.substr(digits)));
  if (auto it = spelled.find(base); it != spelled.end()) base = it->second;
  static const std::map<std::string, std::pair<char, unsigned>> known = {
      {"char", {'i', 1}},  {"uchar", {'u', 1}}, {"short", {'i', 2}}, {"ushort", {'u', 2}},
      {"int", {'i', 4}},   {"uint", {'u', 4}},  {"long", {'i', 8}},  {"ulong", {'u', 8}},
      {"half", {'f', 2}},  {"float", {'f', 4}}, {"double", {'f', 8}}};
  auto it = known.find(base);
  if (it == known.end()) return std::nullopt;
  if (width != 1 && width != 2 && width != 3 && width != 4 && width != 8 && width != 16) return std::nullopt;
  return ElemFormat{it->second.first, it->second.second, width, base};
}

const char* fault_name(FaultKind k) {
  switch (k) {
    case FaultKind::Zero: return "zero";
    case FaultKind::Ulp: return "ulp";
    case FaultKind::SignZero: return "signzero";
    case FaultKind::NanPayload: return "nanpayload";
    case FaultKind::Swap: return "swap";
    case FaultKind::Drop: return "drop";
  }
  return "?";
}

std::optional<Fault> parse_fault(const std::string& text, std::string& error) {
  Fault f;
  bool have_fault = false;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find(';', pos);
    if (end == std::string::npos) end = text.size();
    const std::string field = trim(text.substr(pos, end - pos));
    pos = end + 1;
    if (field.empty()) continue;
    const size_t eq = field.find('=');
    if (eq == std::string::npos) {
      error = "field '" + field + "' is not NAME=VALUE";
      return std::nullopt;
    }
    const std::string key = trim(field.substr(0, eq)), value = trim(field.substr(eq + 1));
    if (key == "kernel") {
      if (value.empty()) {
        error = "kernel= needs a glob";
        return std::nullopt;
      }
      f.kernel = value;
    } else if (key == "fault") {
      const size_t colon = value.find(':');
      const std::string name = value.substr(0, colon);
      const std::string param = colon == std::string::npos ? "" : value.substr(colon + 1);
      static const std::map<std::string, FaultKind> names = {
          {"zero", FaultKind::Zero},           {"ulp", FaultKind::Ulp},   {"signzero", FaultKind::SignZero},
          {"nanpayload", FaultKind::NanPayload}, {"swap", FaultKind::Swap}, {"drop", FaultKind::Drop}};
      auto it = names.find(name);
      if (it == names.end()) {
        error = "unknown fault '" + name + "' (zero, ulp:K, signzero, nanpayload, swap, drop)";
        return std::nullopt;
      }
      f.kind = it->second;
      if (f.kind == FaultKind::Ulp) {
        if (!parse_int(param, f.k) || f.k == 0) {
          error = "fault=ulp needs a nonzero distance, e.g. ulp:5";
          return std::nullopt;
        }
      } else if (!param.empty()) {
        error = "fault=" + name + " takes no parameter";
        return std::nullopt;
      }
      have_fault = true;
    } else if (key == "items") {
      int64_t n = 0;
      if (value == "first") f.items = {Items::First, 1};
      else if (value == "all") f.items = {Items::All, 1};
      else if (value.rfind("every:", 0) == 0 && parse_int(value.substr(6), n) && n > 0)
        f.items = {Items::Every, uint64_t(n)};
      else {
        error = "items=" + value + " is not first, all or every:N";
        return std::nullopt;
      }
    } else if (key == "out") {
      int64_t n = 0;
      if (value == "all") f.out = -1;
      else if (parse_int(value, n) && n >= 0 && n < 64) f.out = int(n);
      else {
        error = "out=" + value + " is not an output number or all";
        return std::nullopt;
      }
    } else {
      error = "unknown field '" + key + "' (kernel, fault, items, out)";
      return std::nullopt;
    }
  }
  if (!have_fault) {
    error = "no fault= given";
    return std::nullopt;
  }
  return f;
}

std::vector<Change> apply_fault(const Fault& fault, const ElemFormat& f, uint8_t* data, size_t bytes,
                                const uint8_t* before) {
  std::vector<Change> changes;
  const size_t n = bytes / f.bytes;
  uint64_t k = 0;  // applicable elements seen so far, in the fault's order
  if (fault.kind == FaultKind::Swap) {
    for (size_t j = 0; j + 1 < n; j += 2) {
      if (padding(f, j) || padding(f, j + 1)) continue;
      const uint64_t a = load(data + j * f.bytes, f.bytes), b = load(data + (j + 1) * f.bytes, f.bytes);
      if (a == b) continue;
      if (fault.items.chosen(k++)) {
        store(data + j * f.bytes, f.bytes, b);
        store(data + (j + 1) * f.bytes, f.bytes, a);
        changes.push_back({j, a, b});
        changes.push_back({j + 1, b, a});
        if (fault.items.mode == Items::First) break;
      }
    }
    return changes;
  }
  if (fault.kind == FaultKind::Drop) {
    if (!before) return changes;
    for (size_t j = n; j-- > 0;) {
      if (padding(f, j)) continue;
      const uint64_t now = load(data + j * f.bytes, f.bytes), old = load(before + j * f.bytes, f.bytes);
      if (now == old) continue;
      if (fault.items.chosen(k++)) {
        store(data + j * f.bytes, f.bytes, old);
        changes.push_back({j, now, old});
        if (fault.items.mode == Items::First) break;
      }
    }
    return changes;
  }
  for (size_t j = 0; j < n; ++j) {
    if (padding(f, j)) continue;
    const uint64_t b = load(data + j * f.bytes, f.bytes);
    const std::optional<uint64_t> m = mutate(fault, f, b);
    if (!m) continue;
    if (fault.items.chosen(k++)) {
      store(data + j * f.bytes, f.bytes, *m);
      changes.push_back({j, b, *m});
      if (fault.items.mode == Items::First) break;
    }
  }
  return changes;
}

}  // namespace clconform::faults
