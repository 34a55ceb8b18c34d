#include "known_failures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <tuple>

#include "errors.hpp"
#include "glob.hpp"

namespace clconform {
namespace {

const char* const kKinds[] = {"wrong_value", "flushed",       "sign_of_zero",     "nan_instead",   "value_instead_of_nan",
                              "unwritten",   "wrote_outside", "build_failure",    "accepted_illegal"};
const char* const kClasses[] = {"zero", "subnormal", "normal", "inf", "nan"};
constexpr unsigned kWidths[] = {1, 2, 3, 4, 8, 16};

template <size_t N>
int index_of(const char* const (&names)[N], const std::string& s) {
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) return int(i);
  return -1;
}

// A value read as a number of its format, and its class.
struct Decoded {
  double value;
  int cls;  // index into kClasses
};

Decoded decode(uint64_t bits, char format, unsigned bytes) {
  switch (format) {
    case 'h': {
      const unsigned e = (bits >> 10) & 0x1f, m = bits & 0x3ff;
      const double sign = (bits & 0x8000) ? -1 : 1;
      if (e == 31) return {m ? NAN : sign * INFINITY, m ? 4 : 3};
      if (e == 0) return {sign * std::ldexp(double(m), -24), m ? 1 : 0};
      return {sign * std::ldexp(double(m | 0x400), int(e) - 25), 2};
    }
    case 'f': {
      float f;
      const uint32_t b = uint32_t(bits);
      std::memcpy(&f, &b, 4);
      const int c = std::fpclassify(f);
      return {f, c == FP_ZERO ? 0 : c == FP_SUBNORMAL ? 1 : c == FP_NORMAL ? 2 : c == FP_INFINITE ? 3 : 4};
    }
    case 'd': {
      double d;
      std::memcpy(&d, &bits, 8);
      const int c = std::fpclassify(d);
      return {d, c == FP_ZERO ? 0 : c == FP_SUBNORMAL ? 1 : c == FP_NORMAL ? 2 : c == FP_INFINITE ? 3 : 4};
    }
    default: {  // integers: only zero and "normal"
      const unsigned shift = 64 - 8 * std::min(bytes, 8u);
      const double v = format == 'i' ? double(int64_t(bits << shift) >> shift) : double((bits << shift) >> shift);
      return {v, v == 0 ? 0 : 2};
    }
  }
}

bool is_float(char format) { return format == 'h' || format == 'f' || format == 'd'; }

// Whether V is finite and has no fraction: every double from 2^52 on, and
// below that one the conversion to int64 keeps (std::trunc is a libm call
// on a plain x86-64 build, and a sweep may ask this of billions of values).
bool is_integral(double v) {
  if (!std::isfinite(v)) return false;
  return std::fabs(v) >= 0x1p52 || double(int64_t(v)) == v;
}

bool value_fits(const ValueCondition& c, uint64_t bits, char format, unsigned bytes) {
  const Decoded d = decode(bits, format, bytes);
  if (c.classes && !(c.classes & (1u << d.cls))) return false;
  if (c.integer && !is_integral(d.value)) return false;
  if (c.has_range && !(d.value >= c.lo && d.value <= c.hi)) return false;
  if (c.has_abs_range && !(std::fabs(d.value) >= c.abs_lo && std::fabs(d.value) <= c.abs_hi)) return false;
  if (!c.bits.empty() && std::find(c.bits.begin(), c.bits.end(), bits) == c.bits.end()) return false;
  return true;
}

// Validation of one entry: every fault is a SetupError naming the file,
// the entry and the field.
class EntryReader {
 public:
  EntryReader(const std::string& file, size_t n, const json::Value& e) : e_(e) {
    where_ = "known-failures file " + file + ": entry " + std::to_string(n + 1);
    if (!e.is_object()) fault("is not an object");
    if (e.get("case").is_string()) where_ += " (case " + e.get("case").as_string() + ")";
  }

  [[noreturn]] void fault(const std::string& what) const { throw SetupError(where_ + ": " + what); }

  void only(const json::Value& obj, std::set<std::string> allowed, const std::string& in) const {
    for (const auto& [k, v] : obj.as_object())
      if (!allowed.count(k)) fault("unknown field '" + k + "'" + in);
  }

  // EMPTY_OK: "" is a meaningful value (build_options "" is a run without options).
  std::string text(const json::Value& obj, const std::string& key, const char* fallback, bool empty_ok = false) const {
    const json::Value& v = obj.get(key);
    if (v.is_null()) {
      if (!fallback) fault("missing '" + key + "'");
      return fallback;
    }
    if (!v.is_string() || (v.as_string().empty() && !empty_ok)) fault("'" + key + "' must be a non-empty string");
    return v.as_string();
  }

  uint64_t count(const json::Value& obj, const std::string& key, bool required) const {
    const json::Value& v = obj.get(key);
    if (v.is_null()) {
      if (required) fault("missing '" + key + "' (the most wrong values it excuses in one run)");
      return 0;
    }
    if (v.kind() != json::Value::Kind::Int && v.kind() != json::Value::Kind::Uint) fault("'" + key + "' must be an integer");
    if (v.kind() == json::Value::Kind::Int && v.as_int() < 1) fault("'" + key + "' must be at least 1");
    return v.as_uint();
  }

  double number(const json::Value& v, const std::string& what) const {
    if (v.is_number()) return v.as_double();
    if (v.is_string()) {
      const std::string& s = v.as_string();
      char* end = nullptr;
      const double d = std::strtod(s.c_str(), &end);
      if (!s.empty() && end && *end == 0) return d;
    }
    fault(what + " must be a number or a decimal/hex-float string");
  }

  std::pair<double, double> range(const json::Value& v, const std::string& key) const {
    if (!v.is_array() || v.size() != 2) fault("'" + key + "' must be [lo, hi]");
    const double lo = number(v.as_array()[0], key), hi = number(v.as_array()[1], key);
    if (!(lo <= hi)) fault("'" + key + "' has lo > hi");
    return {lo, hi};
  }

  template <size_t N>
  unsigned name_set(const json::Value& v, const char* const (&names)[N], const std::string& key) const {
    if (!v.is_array() || v.size() == 0) fault("'" + key + "' must be a non-empty list");
    unsigned set = 0;
    for (const auto& x : v.as_array()) {
      const int i = x.is_string() ? index_of(names, x.as_string()) : -1;
      if (i < 0) {
        std::string all;
        for (const char* n : names) all += std::string(all.empty() ? "" : ", ") + n;
        fault("'" + key + "' has " + (x.is_string() ? "'" + x.as_string() + "'" : x.dump()) + "; allowed: " + all);
      }
      set |= 1u << i;
    }
    return set;
  }

  KnownFailure read() const {
    only(e_, {"device", "driver", "build_options", "build_options_except", "case", "reason", "excuses", "evidence"}, "");
    KnownFailure f;
    f.device = text(e_, "device", nullptr);
    f.driver = text(e_, "driver", "*");
    f.build_options = text(e_, "build_options", "*", true);
    if (e_.has("build_options_except")) {
      const json::Value& x = e_.get("build_options_except");
      if (!x.is_array() || x.size() == 0) fault("'build_options_except' must be a non-empty list of globs");
      for (const auto& g : x.as_array()) {
        if (!g.is_string() || g.as_string().empty()) fault("'build_options_except' must be a non-empty list of globs");
        f.build_options_except.push_back(g.as_string());
      }
    }
    f.case_pattern = text(e_, "case", nullptr);
    f.reason = text(e_, "reason", nullptr);
    if (!e_.get("evidence").is_object()) fault("missing 'evidence' object (input, device output, correct value, reproducer)");
    f.evidence = e_.at("evidence");
    const json::Value& x = e_.get("excuses");
    if (!x.is_object()) fault("missing 'excuses' object: which wrong values the defect accounts for");
    only(x, {"kinds", "widths", "inputs", "expected", "edge", "output", "max_ulp", "max_count", "max_count_full"},
         " in 'excuses'");
    if (x.get("kinds").is_null()) fault("missing 'kinds' in 'excuses'");
    f.kinds = name_set(x.get("kinds"), kKinds, "kinds");
    if (x.has("widths")) {
      const json::Value& w = x.get("widths");
      if (!w.is_array() || w.size() == 0) fault("'widths' must be a non-empty list");
      for (const auto& v : w.as_array()) {
        // Compared as a double: a number outside unsigned's range must not
        // be converted before it is known to be a width.
        const double d = v.is_number() ? v.as_double() : 0;
        const auto* n = std::find_if(std::begin(kWidths), std::end(kWidths), [d](unsigned w) { return double(w) == d; });
        if (n == std::end(kWidths)) fault("'widths' may hold only 1, 2, 3, 4, 8, 16");
        f.widths.push_back(*n);
      }
    }
    if (x.has("inputs")) {
      f.has_inputs = true;
      f.inputs = condition(x.get("inputs"), "inputs");
    }
    if (x.has("expected")) {
      f.has_expected = true;
      f.expected = condition(x.get("expected"), "expected");
      if (f.expected.arg >= 0) fault("'arg' belongs in 'inputs', not 'expected'");
    }
    if (x.has("edge")) f.edge = text(x, "edge", nullptr);
    if (x.has("output")) {
      f.output = text(x, "output", nullptr);
      f.output_is_glob = f.output.find_first_of("*?") != std::string::npos;
    }
    if (x.has("max_ulp")) {
      f.max_ulp = number(x.get("max_ulp"), "'max_ulp'");
      if (!(f.max_ulp >= 0)) fault("'max_ulp' must be at least 0");
    }
    f.max_count = count(x, "max_count", true);
    f.max_count_full = count(x, "max_count_full", false);
    return f;
  }

  // A condition on values: "inputs" (which may name an argument) or "expected".
  ValueCondition condition(const json::Value& in, const std::string& key) const {
    if (!in.is_object() || in.size() == 0) fault("'" + key + "' must be a non-empty object");
    only(in, {"arg", "class", "integer", "range", "abs_range", "bits"}, " in '" + key + "'");
    ValueCondition c;
    if (in.has("arg")) {
      const json::Value& a = in.get("arg");
      if (a.kind() != json::Value::Kind::Int && a.kind() != json::Value::Kind::Uint) fault("'arg' must be an argument index");
      if (a.as_int() < 0 || a.as_int() > 15) fault("'arg' must be an argument index from 0");
      c.arg = int(a.as_int());
    }
    if (in.has("integer")) {
      if (in.get("integer").kind() != json::Value::Kind::Bool || !in.get("integer").as_bool())
        fault("'integer' may only be true");
      c.integer = true;
    }
    if (in.has("class")) c.classes = name_set(in.get("class"), kClasses, "class");
    if (in.has("range")) {
      std::tie(c.lo, c.hi) = range(in.get("range"), "range");
      c.has_range = true;
    }
    if (in.has("abs_range")) {
      std::tie(c.abs_lo, c.abs_hi) = range(in.get("abs_range"), "abs_range");
      c.has_abs_range = true;
    }
    if (in.has("bits")) {
      const json::Value& b = in.get("bits");
      if (!b.is_array() || b.size() == 0) fault("'bits' must be a non-empty list of \"0x...\" strings");
      for (const auto& s : b.as_array()) {
        char* end = nullptr;
        const std::string t = s.is_string() ? s.as_string() : "";
        const unsigned long long v = std::strtoull(t.c_str(), &end, 16);
        if (t.rfind("0x", 0) != 0 || t.size() < 3 || *end) fault("'bits' holds " + s.dump() + ", not a \"0x...\" string");
        c.bits.push_back(v);
      }
    }
    return c;
  }

 private:
  const json::Value& e_;
  std::string where_;
};

}  // namespace

bool KnownFailure::applies_to_options(const std::string& options) const {
  if (!glob_match(build_options, options)) return false;
  for (const auto& g : build_options_except)
    if (glob_match(g, options)) return false;
  return true;
}

std::string KnownFailure::describe() const {
  return device + " / " + driver + " / " + case_pattern + (build_options == "*" ? "" : " / options " + build_options);
}

namespace {

// The kind of a wrong value without a kind of its own, from its bits: an
// index into kKinds.
enum DerivedKind { kWrongValue = 0, kFlushed = 1, kSignOfZero = 2, kNanInstead = 3, kValueInsteadOfNan = 4, kUnwritten = 5 };
int derived_kind(const Mismatch& m) {
  if (!m.bits) return kWrongValue;
  const WrongBits& b = *m.bits;
  if (unwritten_value(b.output, b.expected, b.out_bytes)) return kUnwritten;
  if (!is_float(b.out_format)) return kWrongValue;
  const Decoded got = decode(b.output, b.out_format, b.out_bytes), want = decode(b.expected, b.out_format, b.out_bytes);
  if (got.cls == 4 && want.cls != 4) return kNanInstead;
  if (got.cls != 4 && want.cls == 4) return kValueInsteadOfNan;
  if (got.cls == 0 && want.cls == 0) return kSignOfZero;
  if (got.cls == 0 && want.cls == 1) return kFlushed;
  return kWrongValue;
}

}  // namespace

std::string wrong_kind(const Mismatch& m) { return m.kind.empty() ? kKinds[derived_kind(m)] : m.kind; }

uint64_t CaseExcuses::max_count(size_t i) const {
  const KnownFailure& e = *entries_[i];
  return full_ && e.max_count_full ? e.max_count_full : e.max_count;
}

namespace {

// Whether entry E's input condition holds for a wrong value's N INPUTS.
bool inputs_fit(const KnownFailure& e, const uint64_t* inputs, size_t n, char format, unsigned bytes) {
  const ValueCondition& c = e.inputs;
  if (c.arg >= 0) return size_t(c.arg) < n && value_fits(c, inputs[size_t(c.arg)], format, bytes);
  for (size_t i = 0; i < n; ++i)
    if (value_fits(c, inputs[i], format, bytes)) return true;
  return false;
}

// Whether entry E names OUTPUT_NAME, or no output.
bool names_output(const KnownFailure& e, const std::string& output_name) {
  if (e.output.empty()) return true;
  return e.output_is_glob ? !output_name.empty() && glob_match(e.output, output_name) : e.output == output_name;
}

}  // namespace

int CaseExcuses::cover(const Mismatch& m) const {
  if (entries_.empty()) return -1;
  const int k = m.kind.empty() ? derived_kind(m) : index_of(kKinds, m.kind);
  for (size_t i = 0; i < entries_.size(); ++i) {
    const KnownFailure& e = *entries_[i];
    if (k < 0 || !(e.kinds & (1u << k))) continue;
    if (!e.widths.empty() &&
        (!m.bits || std::find(e.widths.begin(), e.widths.end(), m.bits->width) == e.widths.end()))
      continue;
    if (!e.edge.empty()) {
      if (m.edge_unnamed) {
        if (!e.has_inputs && !e.has_expected && (e.kinds & (1u << kWrongValue))) continue;
      } else if (m.edge.empty() || !glob_match(e.edge, m.edge)) {
        continue;
      }
    }
    if (!names_output(e, m.output_name)) continue;
    if (e.max_ulp >= 0 && !(m.ulp >= 0 && m.ulp <= e.max_ulp)) continue;
    if (e.has_inputs) {
      if (!m.bits) continue;
      const WrongBits& b = *m.bits;
      if (!inputs_fit(e, b.inputs.data(), b.inputs.size(), b.in_format, b.in_bytes)) continue;
    }
    if (e.has_expected && (!m.bits || !value_fits(e.expected, m.bits->expected, m.bits->out_format, m.bits->out_bytes)))
      continue;
    return int(i);
  }
  return -1;
}

std::vector<int> CaseExcuses::integer_candidates(const std::string& output_name) const {
  std::vector<int> out;
  for (size_t i = 0; i < entries_.size(); ++i) {
    const KnownFailure& e = *entries_[i];
    // An entry that names widths is matched width by width (names_widths);
    // an edge, or an error bound (an integer's error is infinite), never
    // describes such a value.
    if (!e.widths.empty() || !e.edge.empty() || e.max_ulp >= 0 || !names_output(e, output_name)) continue;
    out.push_back(int(i));
  }
  return out;
}

int CaseExcuses::cover_integer(const std::vector<int>& candidates, const uint64_t* inputs, size_t n, char in_format,
                               unsigned in_bytes, uint32_t output, uint32_t expected) const {
  // derived_kind of a 4-byte integer.
  const int k = unwritten_value(output, expected, 4) ? kUnwritten : kWrongValue;
  for (int i : candidates) {
    const KnownFailure& e = *entries_[size_t(i)];
    if (!(e.kinds & (1u << k))) continue;
    if (e.has_inputs && !inputs_fit(e, inputs, n, in_format, in_bytes)) continue;
    if (e.has_expected && !value_fits(e.expected, expected, 'i', 4)) continue;
    return i;
  }
  return -1;
}

IntegerCover::IntegerCover(const CaseExcuses& excuses, const std::string& output_name)
    : excuses_(&excuses), candidates_(excuses.integer_candidates(output_name)) {
  for (int i : candidates_) reads_inputs_ = reads_inputs_ || excuses.entry(size_t(i)).has_inputs;
}

int IntegerCover::cover(const uint64_t* inputs, size_t n, char in_format, unsigned in_bytes, uint32_t output,
                        uint32_t expected) {
  if (reads_inputs_) return excuses_->cover_integer(candidates_, inputs, n, in_format, in_bytes, output, expected);
  return cover_pair(output, expected);
}

int IntegerCover::remember(bool unwritten, uint32_t expected) {
  // One output of that kind stands for them all: the pattern, or any
  // value but it and EXPECTED. No candidate reads the inputs: none are
  // passed.
  const uint32_t pattern = uint32_t(kUnwrittenPattern);
  const uint32_t output = unwritten ? pattern : (expected ^ 1u) == pattern ? expected ^ 2u : expected ^ 1u;
  const int e = excuses_->cover_integer(candidates_, nullptr, 0, 'f', 4, output, expected);
  recent_[unwritten][slot(expected)] = {true, expected, e};
  return e;
}

void KnownFailures::read_file(const std::string& path) {
  json::Value doc;
  try {
    doc = json::parse_file(path);
  } catch (const json::ParseError& e) {
    throw SetupError(std::string("unreadable known-failures file: ") + e.what());
  }
  if (!doc.is_object() || !doc.get("entries").is_array())
    throw SetupError("known-failures file " + path + ": expected an object with an \"entries\" list");
  for (const auto& [k, v] : doc.as_object())
    if (k != "entries" && k != "$schema" && k != "about")
      throw SetupError("known-failures file " + path + ": unknown field '" + k + "'");
  const auto& list = doc.at("entries").as_array();
  for (size_t n = 0; n < list.size(); ++n) {
    KnownFailure f = EntryReader(path, n, list[n]).read();
    f.source = path + ": entry " + std::to_string(n + 1);
    entries_.push_back(std::move(f));
  }
}

KnownFailures KnownFailures::load(const std::string& path) {
  namespace fs = std::filesystem;
  KnownFailures k;
  if (path.empty()) return k;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    k.read_file(path);
    return k;
  }
  std::vector<std::string> files;
  std::error_code ignored;  // a folder without a list is no error
  if (fs::is_regular_file(fs::path(path) / "known_failures.json", ignored)) files.push_back(path + "/known_failures.json");
  for (const auto& d : fs::directory_iterator(path, ec)) {
    const fs::path f = d.path() / "known_failures.json";
    if (d.is_directory(ignored) && fs::is_regular_file(f, ignored)) files.push_back(f.string());
  }
  if (ec) throw SetupError("unreadable known-failures folder " + path + ": " + ec.message());
  if (files.empty())
    throw SetupError("known-failures path " + path + " is a directory without any <suite>/known_failures.json");
  std::sort(files.begin(), files.end());
  for (const auto& f : files) k.read_file(f);
  return k;
}

CaseExcuses KnownFailures::for_case(const std::string& device, const std::string& driver, const std::string& case_id,
                                    const std::string& build_options, bool full_mode) const {
  std::vector<const KnownFailure*> list;
  for (const auto& e : entries_) {
    if (glob_match(e.device, device) && glob_match(e.driver, driver) && glob_match(e.case_pattern, case_id) &&
        e.applies_to_options(build_options))
      list.push_back(&e);
  }
  return CaseExcuses(std::move(list), full_mode);
}

std::vector<const KnownFailure*> KnownFailures::for_builtin(const std::string& device, const std::string& driver,
                                                            const std::string& builtin,
                                                            const std::string& build_options) const {
  std::vector<const KnownFailure*> list;
  for (const auto& e : entries_) {
    if (!glob_match(e.device, device) || !glob_match(e.driver, driver) || !e.applies_to_options(build_options)) continue;
    // The built-in must match a whole component of the case pattern, as
    // "mad_sat" does "integer.builtins.mad_sat.long" and "convert_uint4_sat"
    // does "half.fp16.convert.convert_uint*_sat.half"; a component of
    // wildcards alone names no built-in.
    size_t start = 0;
    for (size_t dot; start <= e.case_pattern.size(); start = dot + 1) {
      dot = e.case_pattern.find('.', start);
      if (dot == std::string::npos) dot = e.case_pattern.size();
      const std::string part = e.case_pattern.substr(start, dot - start);
      if (part.find_first_not_of("*?") != std::string::npos && glob_match(part, builtin)) {
        list.push_back(&e);
        break;
      }
    }
  }
  return list;
}

namespace {

// The settlement both apply() and settle_merged() make: STATUS is the check's
// own (pass or fail), FAILED its wrong values, UNEXCUSED those no entry
// describes, OVER the first entry whose count exceeds its max_count ("" when
// none does).
void settle(json::Value& record, json::Value& note, const std::string& status, uint64_t failed, uint64_t unexcused,
            const std::string& over) {
  note["check_status"] = status;
  note["wrong_values"] = static_cast<unsigned long long>(failed);
  note["excused"] = static_cast<unsigned long long>(failed - unexcused);
  note["unexcused"] = static_cast<unsigned long long>(unexcused);
  if (status == "pass") {
    record["status"] = "xpass";
  } else if (failed > 0 && unexcused == 0 && over.empty()) {
    record["status"] = "known_fail";
  } else {
    std::string why = failed == 0 ? "the failure is not a wrong value that a known failure can describe"
                      : !over.empty() ? over
                                      : std::to_string(unexcused) + " of " + std::to_string(failed) +
                                            " wrong values are not described by any known failure";
    note["not_excused"] = why;
    record["status"] = "fail";
    const std::string d = record.get("detail").is_string() ? record.get("detail").as_string() : "";
    record["detail"] = d + (d.empty() ? "" : "; ") + why;
  }
}

std::string over_count(const std::string& source, uint64_t excused, uint64_t max_count) {
  return source + " describes " + std::to_string(excused) + " wrong values, more than its max_count " +
         std::to_string(max_count);
}

uint64_t count_of(const json::Value& v, const char* key) {
  return v.get(key).is_number() ? v.at(key).as_uint() : 0;
}

}  // namespace

void KnownFailures::apply(json::Value& record, const CaseResult& result) {
  const CaseExcuses* ex = result.excuses();
  if (!ex || ex->empty()) return;
  const std::string status = record.at("status").as_string();
  if (status != "fail" && status != "pass") return;
  const FailureTally& t = result.failures();
  json::Value note = json::Value::object();
  json::Value entries = json::Value::array();
  std::string over;
  for (size_t i = 0; i < ex->size(); ++i) {
    const KnownFailure& e = ex->entry(i);
    json::Value j = json::Value::object();
    j["entry"] = e.describe();
    j["source"] = e.source;
    j["reason"] = e.reason;
    j["excused"] = static_cast<unsigned long long>(t.per_entry()[i]);
    j["max_count"] = static_cast<unsigned long long>(ex->max_count(i));
    if (t.per_entry()[i] > 0 && t.entry_max_ulp()[i] > 0 && std::isfinite(t.entry_max_ulp()[i]))
      j["max_ulp_seen"] = t.entry_max_ulp()[i];
    j["evidence"] = e.evidence;
    entries.push_back(j);
    if (t.per_entry()[i] > ex->max_count(i)) over = over_count(e.source, t.per_entry()[i], ex->max_count(i));
  }
  note["entries"] = entries;
  // The first entry's reason, for readers that show one line.
  note["reason"] = ex->entry(0).reason;
  settle(record, note, status, t.failed(), t.unexcused(), over);
  record["known_failure"] = note;
}

bool KnownFailures::settle_merged(json::Value& record, const std::vector<const json::Value*>& parts) {
  if (parts.empty()) return false;
  std::string status = "pass";
  uint64_t failed = 0, unexcused = 0;
  std::vector<uint64_t> excused;
  for (const json::Value* p : parts) {
    const json::Value& note = p->get("known_failure");
    if (!note.is_object() || !note.get("check_status").is_string() || !note.get("entries").is_array()) return false;
    const std::string& s = note.at("check_status").as_string();
    // A failure that is no wrong value stays the shard's verdict.
    if (s == "fail" && count_of(note, "wrong_values") == 0) return false;
    if (s == "fail") status = "fail";
    failed += count_of(note, "wrong_values");
    unexcused += count_of(note, "unexcused");
    const auto& es = note.at("entries").as_array();
    if (p == parts.front()) excused.assign(es.size(), 0);
    if (es.size() != excused.size()) return false;  // not one list of entries
    for (size_t i = 0; i < es.size(); ++i) excused[i] += count_of(es[i], "excused");
  }
  // The first shard's note with the campaign's counts: the entries, their
  // reasons and evidence are the same in every shard.
  const json::Value& first = parts.front()->at("known_failure");
  json::Value note = json::Value::object();
  for (const auto& [key, v] : first.as_object())
    if (key != "not_excused" && key != "entries") note[key] = v;
  json::Value entries = json::Value::array();
  std::string over;
  const auto& es = first.at("entries").as_array();
  for (size_t i = 0; i < es.size(); ++i) {
    json::Value e = es[i];
    e["excused"] = static_cast<unsigned long long>(excused[i]);
    const uint64_t max_count = count_of(es[i], "max_count");
    if (excused[i] > max_count && over.empty())
      over = over_count(es[i].get("source").is_string() ? es[i].at("source").as_string() : "an entry", excused[i],
                        max_count);
    entries.push_back(e);
  }
  note["entries"] = entries;
  settle(record, note, status, failed, unexcused, over);
  record["known_failure"] = note;
  return true;
}

}  // namespace clconform
