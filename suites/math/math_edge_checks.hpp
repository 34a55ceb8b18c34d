// The catalog's edge-case checks (OpenCL C spec 7.5.1 and 7.5.2, and the
// C99 TC2 Annex F.9 cases 7.5 adopts): named checks, each one or more
// argument tuples and the value every output must have there. They run as
// the first lanes of the case's sweep, at every width.
//
// The prescribed value is exact ("the usual allowances for rounding error or
// flushing behavior shall not apply", 7.5.1), with four exceptions taken
// from the build: -cl-unsafe-math-optimizations (and -cl-fast-relaxed-math,
// which sets it) "may violate edge case behavior" (API spec, optimization
// options), so every check but a plain bound ("ref") is skipped;
// -cl-finite-math-only (or -cl-fast-relaxed-math) lets the
// compiler assume no NaN or infinite argument or result, so checks with one
// are skipped; -cl-no-signed-zeros (implied by -cl-unsafe-math-optimizations)
// makes a zero's sign insignificant; and where denormals may be flushed,
// nextafter may follow 7.5.3's alternative table (ftz_alt).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "json.hpp"
#include "math_bounds.hpp"
#include "math_inputs.hpp"

namespace clconform::suites::math {

struct EdgeCheck {
  std::string name, section;
  std::vector<Tuple> tuples;
  std::vector<json::Value> expect;    // per output: text, int, list of ints, or null
  std::vector<std::string> ftz_alt;   // per output ("" when none)
};

// Throws std::runtime_error for a malformed check.
std::vector<EdgeCheck> parse_edge_checks(const json::Value& rules, const std::vector<Arg>& args);

enum class Outcome { Pass, Fail, Skip, Numeric };

// The verdict on output bits GOT of FORMAT (float, double or half) for
// check C's tuple T, output OUT.
// Numeric: the check names a value that is only known within the bound
// ('ref'); the caller judges it like any other lane.
Outcome check_float(const EdgeCheck& c, size_t out, const Tuple& t, const std::vector<Arg>& args, uint64_t got,
                    const Regime& regime, ref::math::Format format = ref::math::Format::Float);
Outcome check_int(const EdgeCheck& c, size_t out, const Tuple& t, const std::vector<Arg>& args, int32_t got,
                  const Regime& regime);

// What the check expects of output OUT, for a failure record, and the bits
// of that value at tuple T where it is one value (the first of a list).
std::string expected_text(const EdgeCheck& c, size_t out);
std::optional<uint64_t> expected_bits(const EdgeCheck& c, size_t out, const Tuple& t,
                                      ref::math::Format format = ref::math::Format::Float);

}  // namespace clconform::suites::math
