#include "reports/values.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace clconform::reports {
namespace {

enum class Kind { Signed, Unsigned, Float };

struct ScalarType {
  const char* name;
  int bits;
  Kind kind;
};

constexpr ScalarType kTypes[] = {
    {"char", 8, Kind::Signed},    {"uchar", 8, Kind::Unsigned}, {"short", 16, Kind::Signed},
    {"ushort", 16, Kind::Unsigned}, {"int", 32, Kind::Signed},  {"uint", 32, Kind::Unsigned},
    {"long", 64, Kind::Signed},   {"ulong", 64, Kind::Unsigned}, {"half", 16, Kind::Float},
    {"float", 32, Kind::Float},   {"double", 64, Kind::Float},
};

int width_slot(int bits) { return bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : bits == 64 ? 3 : -1; }

// "float4" -> float; "uint" -> uint; anything else (sat, rte, sin) -> null.
const ScalarType* scalar_of(const std::string& token) {
  size_t end = token.size();
  while (end > 0 && token[end - 1] >= '0' && token[end - 1] <= '9') --end;
  const std::string width = token.substr(end);
  if (!width.empty() && width != "2" && width != "3" && width != "4" && width != "8" && width != "16") {
    return nullptr;
  }
  const std::string base = token.substr(0, end);
  for (const ScalarType& t : kTypes) {
    if (base == t.name) return &t;
  }
  return nullptr;
}

// The bit pattern's value and width, from "0x..." with 2, 4, 8 or 16 digits.
bool parse_bits(const std::string& s, uint64_t& value, int& bits) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  const size_t digits = s.size() - 2;
  if (digits != 2 && digits != 4 && digits != 8 && digits != 16) return false;
  auto [ptr, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), value, 16);
  if (ec != std::errc() || ptr != s.data() + s.size()) return false;
  bits = int(digits * 4);
  return true;
}

// NaNs are told apart by their quiet bit: a signalling NaN that came back
// quiet is a finding of its own in as_type and conversion suites.
std::string nan_name(bool negative, bool quiet) {
  return std::string(negative ? "-" : "") + (quiet ? "nan" : "snan");
}

template <typename F>
std::string shortest(F x) {
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return ec == std::errc() ? std::string(buf, ptr) : std::string("?");
}

std::string float_text(uint64_t v, int bits) {
  if (bits == 16) {
    const bool neg = v & 0x8000;
    const int exp = int((v >> 10) & 0x1F);
    const unsigned mant = unsigned(v & 0x3FF);
    if (exp == 0x1F) return mant ? nan_name(neg, mant & 0x200) : (neg ? "-inf" : "inf");
    const double mag = exp == 0 ? std::ldexp(double(mant), -24) : std::ldexp(double(mant | 0x400), exp - 25);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.5g", neg ? -mag : mag);  // 5 digits tell every half apart
    return buf;
  }
  if (bits == 32) {
    const uint32_t u = uint32_t(v);
    float f;
    std::memcpy(&f, &u, sizeof f);
    if (std::isnan(f)) return nan_name(u >> 31, u & 0x400000);
    return shortest(f);
  }
  double d;
  std::memcpy(&d, &v, sizeof d);
  if (std::isnan(d)) return nan_name(v >> 63, v & (uint64_t(1) << 51));
  return shortest(d);
}

std::string int_text(uint64_t v, int bits, Kind kind) {
  if (kind == Kind::Unsigned) return std::to_string(v);
  const uint64_t sign = uint64_t(1) << (bits - 1);
  if (!(v & sign)) return std::to_string(v);
  // Two's complement of the narrow value, without overflow at the minimum.
  const uint64_t magnitude = (bits == 64 ? ~v : (~v & ((sign << 1) - 1))) + 1;
  return "-" + std::to_string(magnitude);
}

}  // namespace

std::string scalar_type_of(const std::string& token) {
  const ScalarType* t = scalar_of(token);
  return t ? t->name : "";
}

std::string Shown::plain() const {
  if (decimal.empty()) return bits;
  if (type.empty()) return decimal;
  return bits + " (" + type + " " + decimal + ")";
}

ValueReader::ValueReader(const CaseRecord& c) : c_(c) {
  const ScalarType* seen[4] = {};
  bool ambiguous[4] = {};
  std::string token;
  for (size_t i = 0; i <= c.id.size(); ++i) {
    if (i < c.id.size() && c.id[i] != '.' && c.id[i] != '_') {
      token += c.id[i];
      continue;
    }
    if (const ScalarType* t = scalar_of(token)) {
      const int slot = width_slot(t->bits);
      if (seen[slot] && seen[slot] != t) ambiguous[slot] = true;
      seen[slot] = t;
    }
    token.clear();
  }
  for (int i = 0; i < 4; ++i) {
    if (seen[i] && !ambiguous[i]) by_width_[i] = seen[i]->name;
  }
}

Shown ValueReader::decode(const std::string& bits, const std::string& declared) const {
  Shown s{bits, "", ""};
  uint64_t v = 0;
  int width = 0;
  if (!parse_bits(bits, v, width)) return s;
  const ScalarType* t = declared.empty() ? scalar_of(by_width_[width_slot(width)]) : scalar_of(declared);
  if (!t || t->bits != width) return s;  // a declared type that does not fit the bits decodes nothing
  s.type = t->name;
  s.decimal = t->kind == Kind::Float ? float_text(v, width) : int_text(v, width, t->kind);
  return s;
}

Shown ValueReader::input(size_t arg, const std::string& bits) const {
  const bool declared = c_.types && arg < c_.types->inputs.size();
  return decode(bits, declared ? c_.types->inputs[arg] : std::string());
}

Shown ValueReader::output(const std::string& bits) const {
  return decode(bits, c_.types ? c_.types->output : std::string());
}

Shown ValueReader::expected(const std::string& bits_or_value) const {
  uint64_t v = 0;
  int width = 0;
  if (!parse_bits(bits_or_value, v, width)) return Shown{"", "", bits_or_value};
  return output(bits_or_value);
}

}  // namespace clconform::reports
