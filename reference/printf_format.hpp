// OpenCL C printf formats (OpenCL C 3.0 spec 6.15.14): parsing a format
// string, rendering the text C99 7.19.6.1 gives for its arguments with the
// host's snprintf, and judging a device's text against it with exactly the
// freedoms the two specifications leave an implementation:
// - infinity and NaN: "[-]inf" or "[-]infinity", "[-]nan" or
//   "[-]nan(n-char-sequence)" (upper case for F E G A), OpenCL C 6.15.14.2
//   (as C99 7.19.6.1p8); the '#' and '0' flags have no effect on them (the
//   spec's footnote there); the sign of a
//   NaN is not fixed by IEEE 754-2008 6.3 for the conversion to double that
//   the argument promotion performs, so either sign is taken;
// - a A: the digit before the point is unspecified unless the value is
//   normalized (then nonzero), OpenCL C 6.15.14.2 and C99 7.19.6.1p8, so the
//   text is judged by the value it denotes: exact without a precision,
//   correctly rounded with one (within half a unit of the last digit, as
//   6.15.14.2 requires), the exponent zero for a zero value;
// - p: "an implementation-defined manner" (6.15.14.2): any non-empty run of
//   printing characters;
// - e E f F g G: digits past the DECIMAL_DIG-th significant digit (17 for
//   double) may differ when the value is not exact at that many digits
//   (C99 7.19.6.1p13).
// Knows nothing of OpenCL: it works on texts and host values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clconform::ref {

struct PrintfSpec {
  std::string flags;   // any of "-+ #0", in the order written
  int width = -1;      // -1: none
  int precision = -1;  // -1: none; "." alone is 0
  int vector = 0;      // N of a vN vector specifier; 0 for a scalar
  std::string length;  // "", "hh", "h", "hl", "l"
  char conv = 0;       // d i o u x X f F e E g G a A c s p

  bool has_flag(char f) const { return flags.find(f) != std::string::npos; }
  bool is_float() const;
  bool is_signed_int() const { return conv == 'd' || conv == 'i'; }
  std::string text() const;  // the specification as written, with '%'
};

// A format: literal texts (with %% already turned into %) around the
// conversions; literals.size() == specs.size() + 1.
struct PrintfFormat {
  std::vector<std::string> literals;
  std::vector<PrintfSpec> specs;
};

// Parses FORMAT as OpenCL C 6.15.14.2 allows it. Returns false and sets
// ERROR for anything outside it (n, *, ll, hl without vN, vN without a
// length modifier where the spec needs one, a length modifier on c s p ...).
bool parse_printf_format(const std::string& format, PrintfFormat& out, std::string& error);

// One argument value, or one component of a vector argument.
struct PrintfValue {
  enum class Kind { Int, Uint, Float, String, Pointer } kind = Kind::Int;
  int64_t i = 0;      // Int: the value of the argument's type
  uint64_t u = 0;     // Uint
  double f = 0;       // Float (a float or half converted exactly)
  std::string s;      // String
  int size = 8;       // Int: bytes of the argument's type (o u x X print it unsigned)
};

// The text C99 gives for one scalar conversion of V (the host's snprintf).
std::string render_c99(const PrintfSpec& spec, const PrintfValue& v);

// The expected text of a whole format whose conversion K takes ARGS[K] (a
// vector argument: one value per component, printed separated by commas).
std::string render_format(const PrintfFormat& fmt, const std::vector<std::vector<PrintfValue>>& args);

// Judges TEXT, the device's output of the whole format, against the same
// arguments. Returns "" when it is one of the texts the specifications
// allow, else a one-line reason naming the first conversion that differs.
std::string judge_format(const PrintfFormat& fmt, const std::vector<std::vector<PrintfValue>>& args,
                         const std::string& text);

}  // namespace clconform::ref
