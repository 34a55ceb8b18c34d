#include "math_edge_checks.hpp"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::suites::math {
namespace {

using ref::Double;
using ref::Float;

// A float written in the catalog: +0, -0, inf, -inf, nan, -nan, or a C
// literal (decimal or hex), rounded to nearest as strtof does.
uint32_t parse_float(const std::string& s) {
  if (s == "+0" || s == "0") return 0;
  if (s == "-0") return Float::sign_mask;
  if (s == "inf" || s == "+inf") return Float::infinity_bits;
  if (s == "-inf") return Float::infinity_bits | Float::sign_mask;
  if (s == "nan") return Float::quiet_nan_bits;
  if (s == "-nan") return Float::quiet_nan_bits | Float::sign_mask;
  char* end = nullptr;
  const float f = std::strtof(s.c_str(), &end);
  if (end == s.c_str() || *end) throw std::runtime_error("edge check: '" + s + "' is not a float");
  return ref::to_bits(f);
}

// The same for a double, rounded to nearest as strtod does.
uint64_t parse_double(const std::string& s) {
  if (s == "+0" || s == "0") return 0;
  if (s == "-0") return Double::sign_mask;
  if (s == "inf" || s == "+inf") return Double::infinity_bits;
  if (s == "-inf") return Double::infinity_bits | Double::sign_mask;
  if (s == "nan") return Double::quiet_nan_bits;
  if (s == "-nan") return Double::quiet_nan_bits | Double::sign_mask;
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) throw std::runtime_error("edge check: '" + s + "' is not a double");
  return ref::to_bits(d);
}

using ref::math::Format;

// The same for a half, rounded to nearest even; a literal must name a half
// value exactly or round to one (the catalog's half rules are written as
// halves).
uint64_t parse_half(const std::string& s) {
  if (s == "+0" || s == "0") return 0;
  if (s == "-0") return 0x8000;
  if (s == "inf" || s == "+inf") return 0x7C00;
  if (s == "-inf") return 0xFC00;
  if (s == "nan") return ref::Half::quiet_nan_bits;
  if (s == "-nan") return ref::Half::quiet_nan_bits | 0x8000;
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) throw std::runtime_error("edge check: '" + s + "' is not a half");
  return ref::Mpfr(d, 53).round_to<ref::Half>();
}

uint64_t parse_value(const std::string& s, Format f) {
  return f == Format::Double ? parse_double(s) : f == Format::Half ? parse_half(s) : parse_float(s);
}

uint64_t parse_arg(const std::string& s, Arg kind) {
  if (kind == Arg::Float) return parse_float(s);
  if (kind == Arg::Double) return parse_double(s);
  if (kind == Arg::Half) return parse_half(s);
  char* end = nullptr;
  if (kind == Arg::Ulong) {
    const unsigned long long u = std::strtoull(s.c_str(), &end, 0);
    if (end == s.c_str() || *end) throw std::runtime_error("edge check: '" + s + "' is not an integer");
    return u;
  }
  const long long v = std::strtoll(s.c_str(), &end, 0);
  if (end == s.c_str() || *end) throw std::runtime_error("edge check: '" + s + "' is not an integer");
  if (kind == Arg::Ushort) return uint16_t(v);
  return uint32_t(v);
}

// Bit tests of a value of format F.
uint64_t sign_mask(Format f) {
  return f == Format::Double ? Double::sign_mask : f == Format::Half ? uint64_t(0x8000) : uint64_t(Float::sign_mask);
}
uint64_t infinity_of(Format f) {
  return f == Format::Double ? Double::infinity_bits : f == Format::Half ? uint64_t(0x7C00) : uint64_t(Float::infinity_bits);
}
uint64_t abs_of(uint64_t b, Format f) { return b & ~sign_mask(f); }
bool is_zero(uint64_t b, Format f) { return abs_of(b, f) == 0; }
bool is_nan(uint64_t b, Format f) { return abs_of(b, f) > infinity_of(f); }
bool finite(uint64_t b, Format f) { return abs_of(b, f) < infinity_of(f); }
uint64_t quiet_nan_of(Format f) {
  return f == Format::Double ? Double::quiet_nan_bits : f == Format::Half ? uint64_t(ref::Half::quiet_nan_bits)
                                                                          : uint64_t(Float::quiet_nan_bits);
}
double value_of(uint64_t b, Format f) {
  return f == Format::Double ? ref::double_from_bits(b)
         : f == Format::Half ? half_value(b)
                             : double(ref::float_from_bits(uint32_t(b)));
}

Format format_of(Arg a) { return a == Arg::Double ? Format::Double : a == Arg::Half ? Format::Half : Format::Float; }

bool nonfinite_arg(const Tuple& t, const std::vector<Arg>& args) {
  for (size_t a = 0; a < args.size(); ++a)
    if ((args[a] == Arg::Float || args[a] == Arg::Double || args[a] == Arg::Half) &&
        !finite(t.bits[a], format_of(args[a])))
      return true;
  return false;
}

// The bits an expectation names at tuple T in format F: "nan" is the
// canonical quiet NaN (any NaN passes); "lt1" names no single value.
std::optional<uint64_t> named_bits(const std::string& want, const Tuple& t, Format f) {
  const uint64_t sign = sign_mask(f);
  if (want == "nan") return quiet_nan_of(f);
  if (want == "lt1" || want == "ref") return std::nullopt;
  if (want == "arg0" || want == "arg1") return t.bits[want == "arg0" ? 0 : 1];
  if (want == "absarg0") return abs_of(t.bits[0], f);
  if (want == "copysign0") return t.bits[0] & sign;
  if (want == "copysign0neg") return (t.bits[0] & sign) ^ sign;
  return parse_value(want, f);
}

}  // namespace

std::vector<EdgeCheck> parse_edge_checks(const json::Value& rules, const std::vector<Arg>& args) {
  std::vector<EdgeCheck> out;
  for (const auto& r : rules.as_array()) {
    EdgeCheck c;
    c.name = r.at("name").as_string();
    c.section = r.get("section").is_string() ? r.get("section").as_string() : "";
    for (const auto& tuple : r.at("args").as_array()) {
      const auto& a = tuple.as_array();
      if (a.size() != args.size()) throw std::runtime_error("edge check '" + c.name + "': wrong argument count");
      Tuple t;
      for (size_t i = 0; i < a.size(); ++i) t.bits[i] = parse_arg(a[i].as_string(), args[i]);
      c.tuples.push_back(t);
    }
    for (const auto& e : r.at("expect").as_array()) c.expect.push_back(e);
    c.ftz_alt.assign(c.expect.size(), "");
    if (r.get("ftz_alt").is_array()) {
      const auto& alt = r.get("ftz_alt").as_array();
      for (size_t i = 0; i < alt.size() && i < c.ftz_alt.size(); ++i) c.ftz_alt[i] = alt[i].as_string();
    }
    out.push_back(std::move(c));
  }
  return out;
}

Outcome check_float(const EdgeCheck& c, size_t out, const Tuple& t, const std::vector<Arg>& args, uint64_t got,
                    const Regime& regime, Format format) {
  const json::Value& e = c.expect[out];
  if (e.is_null()) return Outcome::Skip;
  const std::string& want = e.as_string();
  // -cl-unsafe-math-optimizations "may violate edge case behavior" (API
  // spec, optimization options (d)): a special value is not required.
  if (regime.relaxed && want != "ref") return Outcome::Skip;
  if (regime.finite_only) {
    // The compiler may assume no NaN or infinity in or out (-cl-finite-math-only).
    if (nonfinite_arg(t, args) || want == "nan" || want == "inf" || want == "-inf" || want == "+inf") return Outcome::Skip;
  }
  if (want == "ref") return Outcome::Numeric;
  if (want == "lt1") {
    const double v = value_of(got, format);
    return !is_nan(got, format) && v >= 0 && v < 1 ? Outcome::Pass : Outcome::Fail;
  }
  const uint64_t bits = *named_bits(want, t, format);
  // "nan", or a NaN argument passed through: any NaN.
  if ((want == "nan" || want == "arg0" || want == "arg1") && is_nan(bits, format))
    return is_nan(got, format) ? Outcome::Pass : Outcome::Fail;
  if (got == bits) return Outcome::Pass;
  if (regime.no_signed_zeros && is_zero(bits, format) && is_zero(got, format)) return Outcome::Pass;
  if (regime.denorms_may_flush && !c.ftz_alt[out].empty() && got == parse_value(c.ftz_alt[out], format))
    return Outcome::Pass;
  return Outcome::Fail;
}

Outcome check_int(const EdgeCheck& c, size_t out, const Tuple& t, const std::vector<Arg>& args, int32_t got,
                  const Regime& regime) {
  const json::Value& e = c.expect[out];
  if (e.is_null()) return Outcome::Skip;
  if (regime.relaxed) return Outcome::Skip;  // edge case behavior may be violated, as above
  if (regime.finite_only) {
    if (nonfinite_arg(t, args)) return Outcome::Skip;
    for (const auto& other : c.expect)  // a NaN or infinite result beside this one
      if (other.is_string() && (other.as_string() == "nan" || other.as_string().find("inf") != std::string::npos))
        return Outcome::Skip;
  }
  if (e.is_array()) {
    for (const auto& v : e.as_array())
      if (v.as_int() == got) return Outcome::Pass;
    return Outcome::Fail;
  }
  return e.as_int() == got ? Outcome::Pass : Outcome::Fail;
}

std::optional<uint64_t> expected_bits(const EdgeCheck& c, size_t out, const Tuple& t, Format format) {
  const json::Value& e = c.expect[out];
  if (e.is_string()) return named_bits(e.as_string(), t, format);
  if (e.is_array()) return e.as_array().empty() ? std::nullopt : std::optional<uint64_t>(uint32_t(e.as_array()[0].as_int()));
  if (e.is_null()) return std::nullopt;
  return uint32_t(e.as_int());
}

std::string expected_text(const EdgeCheck& c, size_t out) {
  const json::Value& e = c.expect[out];
  if (e.is_string()) return e.as_string();
  if (e.is_array()) {
    std::string s;
    for (const auto& v : e.as_array()) s += (s.empty() ? "" : " or ") + std::to_string(v.as_int());
    return s;
  }
  return e.is_null() ? "-" : std::to_string(e.as_int());
}

}  // namespace clconform::suites::math
