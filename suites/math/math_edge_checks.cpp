#include "math_edge_checks.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "reference/fp_bits.hpp"

namespace clconform::suites::math {
namespace {

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

uint32_t parse_arg(const std::string& s, Arg kind) {
  if (kind == Arg::Float) return parse_float(s);
  char* end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 0);
  if (end == s.c_str() || *end) throw std::runtime_error("edge check: '" + s + "' is not an integer");
  return uint32_t(v);
}

bool is_zero(uint32_t b) { return ref::abs_bits<Float>(b) == 0; }
bool is_nan(uint32_t b) { return ref::is_nan<Float>(b); }
bool finite(uint32_t b) { return ref::abs_bits<Float>(b) < Float::infinity_bits; }

bool nonfinite_arg(const Tuple& t, const std::vector<Arg>& args) {
  for (size_t a = 0; a < args.size(); ++a)
    if (args[a] == Arg::Float && !finite(t.bits[a])) return true;
  return false;
}

// The bits a float expectation names at tuple T: "nan" is the canonical
// quiet NaN (any NaN passes); "lt1" names no single value.
std::optional<uint32_t> named_bits(const std::string& want, const Tuple& t) {
  if (want == "nan") return Float::quiet_bit | Float::infinity_bits;
  if (want == "lt1" || want == "ref") return std::nullopt;
  if (want == "arg0" || want == "arg1") return t.bits[want == "arg0" ? 0 : 1];
  if (want == "absarg0") return ref::abs_bits<Float>(t.bits[0]);
  if (want == "copysign0") return t.bits[0] & Float::sign_mask;
  if (want == "copysign0neg") return (t.bits[0] & Float::sign_mask) ^ Float::sign_mask;
  return parse_float(want);
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

Outcome check_float(const EdgeCheck& c, size_t out, const Tuple& t, const std::vector<Arg>& args, uint32_t got,
                    const Regime& regime) {
  const json::Value& e = c.expect[out];
  if (e.is_null()) return Outcome::Skip;
  const std::string& want = e.as_string();
  if (regime.finite_only) {
    // The compiler may assume no NaN or infinity in or out (-cl-finite-math-only).
    if (nonfinite_arg(t, args) || want == "nan" || want == "inf" || want == "-inf" || want == "+inf") return Outcome::Skip;
  }
  if (want == "ref") return Outcome::Numeric;
  if (want == "lt1") {
    const float v = ref::float_from_bits(got);
    return !is_nan(got) && v >= 0 && v < 1 ? Outcome::Pass : Outcome::Fail;
  }
  const uint32_t bits = *named_bits(want, t);
  // "nan", or a NaN argument passed through: any NaN.
  if ((want == "nan" || want == "arg0" || want == "arg1") && is_nan(bits)) return is_nan(got) ? Outcome::Pass : Outcome::Fail;
  if (got == bits) return Outcome::Pass;
  if (regime.no_signed_zeros && is_zero(bits) && is_zero(got)) return Outcome::Pass;
  if (regime.denorms_may_flush && !c.ftz_alt[out].empty() && got == parse_float(c.ftz_alt[out])) return Outcome::Pass;
  return Outcome::Fail;
}

Outcome check_int(const EdgeCheck& c, size_t out, const Tuple& t, const std::vector<Arg>& args, int32_t got,
                  const Regime& regime) {
  const json::Value& e = c.expect[out];
  if (e.is_null()) return Outcome::Skip;
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

std::optional<uint32_t> expected_bits(const EdgeCheck& c, size_t out, const Tuple& t) {
  const json::Value& e = c.expect[out];
  if (e.is_string()) return named_bits(e.as_string(), t);
  if (e.is_array()) return e.as_array().empty() ? std::nullopt : std::optional<uint32_t>(uint32_t(e.as_array()[0].as_int()));
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
