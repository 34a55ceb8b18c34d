#include "printf_format.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace clconform::ref {
namespace {

// C99 5.2.4.2.2: DECIMAL_DIG for a double as the widest type, the digits
// past which 7.19.6.1p13 lets a conversion differ from the exact value.
constexpr int kDecimalDig = 17;

bool is_flag(char c) { return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0'; }

std::string host_int_spec(const PrintfSpec& s) {
  std::string out = "%" + s.flags;
  if (s.width >= 0) out += std::to_string(s.width);
  if (s.precision >= 0) out += "." + std::to_string(s.precision);
  return out;
}

template <typename... A>
std::string snprintf_string(const std::string& fmt, A... args) {
  int n = std::snprintf(nullptr, 0, fmt.c_str(), args...);
  std::string out(size_t(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), fmt.c_str(), args...);
  out.resize(size_t(n));
  return out;
}

bool upper(char conv) { return conv == 'F' || conv == 'E' || conv == 'G' || conv == 'A'; }

// The sign text C99 gives a value: '-' when negative, else '+' or ' ' per flags.
std::string sign_text(const PrintfSpec& s, bool negative) {
  if (negative) return "-";
  if (s.has_flag('+')) return "+";
  if (s.has_flag(' ')) return " ";
  return "";
}

// Splits FIELD into its padding and body: spaces after a '-' flagged body,
// spaces before a right-justified one. Padding is legal only up to WIDTH.
// SPACE_SIGN: the body starts with the space the ' ' flag puts where a
// positive value's sign goes.
bool strip_padding(const PrintfSpec& s, const std::string& field, std::string& body, std::string& why,
                   bool space_sign = false) {
  size_t first = 0, last = field.size();
  if (space_sign && !field.empty() && field[0] == ' ') first = 1;
  if (s.has_flag('-')) {
    while (last > first && field[last - 1] == ' ') --last;
  } else {
    while (first < field.size() && field[first] == ' ') ++first;
    if (space_sign && first > 0) --first;
  }
  body = field.substr(first, last - first);
  const size_t pad = field.size() - body.size();
  if (pad > 0 && int(field.size()) != s.width) {
    why = "padded to " + std::to_string(field.size()) + " characters, not the field width " + std::to_string(s.width);
    return false;
  }
  if (s.width > 0 && int(field.size()) < s.width) {
    why = "shorter than the field width " + std::to_string(s.width);
    return false;
  }
  return true;
}

bool iequal_word(const std::string& text, size_t pos, const char* word, bool up) {
  for (size_t k = 0; word[k]; ++k) {
    if (pos + k >= text.size()) return false;
    char want = up ? char(std::toupper(word[k])) : word[k];
    if (text[pos + k] != want) return false;
  }
  return true;
}

// Infinity or NaN per C99 7.19.6.1p8 and its footnote on flags.
std::string judge_special(const PrintfSpec& s, double v, const std::string& field) {
  // '0' has no effect (C99 7.19.6.1 footnote 241): padding is spaces.
  const bool nan = std::isnan(v);
  const bool space = s.has_flag(' ') && !s.has_flag('+');
  std::string body, why;
  // A NaN's sign may be either (see the header), so either reading of a
  // leading space (padding or the ' ' flag's sign) may be the right one.
  bool ok;
  if (nan && space) {
    ok = strip_padding(s, field, body, why, false);
    if (!ok || body.compare(0, 1, "-") != 0) ok = strip_padding(s, field, body, why, true);
  } else {
    ok = strip_padding(s, field, body, why, space && !std::signbit(v));
  }
  if (!ok) return why;
  const bool up = upper(s.conv);
  std::string sign_pos = sign_text(s, false);
  std::string sign_neg = "-";
  size_t pos = 0;
  if (nan) {
    if (body.compare(0, 1, sign_neg) == 0) pos = 1;
    else if (!sign_pos.empty() && body.compare(0, sign_pos.size(), sign_pos) == 0) pos = sign_pos.size();
    else if (!sign_pos.empty()) return "a NaN without the sign the flags ask for";
  } else {
    std::string want = sign_text(s, std::signbit(v));
    if (body.compare(0, want.size(), want) != 0) return "the sign of an infinity is not '" + want + "'";
    pos = want.size();
  }
  if (nan) {
    if (!iequal_word(body, pos, "nan", up)) return std::string("not a C99 form of NaN (") + (up ? "NAN" : "nan") + ")";
    pos += 3;
    if (pos == body.size()) return "";
    if (body[pos] != '(' || body.back() != ')') return "text after nan that is not (n-char-sequence)";
    for (size_t k = pos + 1; k + 1 < body.size(); ++k) {
      if (!std::isalnum(static_cast<unsigned char>(body[k])) && body[k] != '_') return "a NaN's n-char-sequence holds '" + std::string(1, body[k]) + "'";
    }
    return "";
  }
  if (iequal_word(body, pos, "infinity", up) && pos + 8 == body.size()) return "";
  if (iequal_word(body, pos, "inf", up) && pos + 3 == body.size()) return "";
  return std::string("not a C99 form of infinity (") + (up ? "INF or INFINITY" : "inf or infinity") + ")";
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A finite value under a or A (C99 7.19.6.1p8).
std::string judge_hexfloat(const PrintfSpec& s, double v, const std::string& field) {
  std::string body, why;
  if (!strip_padding(s, field, body, why, s.has_flag(' ') && !s.has_flag('+') && !std::signbit(v))) return why;
  const bool up = s.conv == 'A';
  std::string sign = sign_text(s, std::signbit(v));
  if (body.compare(0, sign.size(), sign) != 0) return "the sign is not '" + sign + "'";
  size_t pos = sign.size();
  if (body.compare(pos, 2, up ? "0X" : "0x") != 0) return std::string("no ") + (up ? "0X" : "0x") + " prefix";
  pos += 2;
  // Zeros the '0' flag inserts after the prefix, then one digit before the point.
  size_t int_begin = pos;
  while (pos < body.size() && hex_digit(body[pos]) >= 0) ++pos;
  size_t int_digits = pos - int_begin;
  if (int_digits == 0) return "no digit before the point";
  if (int_digits > 1) {
    bool zeros = true;
    for (size_t k = int_begin; k + 1 < pos; ++k) zeros = zeros && body[k] == '0';
    if (!zeros || !s.has_flag('0') || int(field.size()) != s.width) return "more than one digit before the point";
  }
  const char lead_char = body[pos - 1];
  uint64_t mant = uint64_t(hex_digit(lead_char));
  int frac_digits = 0;
  bool point = false;
  if (pos < body.size() && body[pos] == '.') {
    point = true;
    ++pos;
    while (pos < body.size() && hex_digit(body[pos]) >= 0) {
      if (up ? std::islower(static_cast<unsigned char>(body[pos])) : std::isupper(static_cast<unsigned char>(body[pos])))
        return "a hexadecimal digit in the wrong case";
      if (frac_digits >= 15) return "more hexadecimal digits than a double has";
      mant = mant * 16 + uint64_t(hex_digit(body[pos]));
      ++frac_digits;
      ++pos;
    }
  }
  if (s.precision >= 0 && frac_digits != s.precision) return "not " + std::to_string(s.precision) + " digits after the point";
  if (point && frac_digits == 0 && !s.has_flag('#')) return "a point without digits and without '#'";
  if (!point && s.has_flag('#')) return "no point although '#' is given";
  if (pos >= body.size() || body[pos] != (up ? 'P' : 'p')) return std::string("no ") + (up ? "P" : "p") + " exponent";
  ++pos;
  if (pos >= body.size() || (body[pos] != '+' && body[pos] != '-')) return "an exponent without its sign";
  const bool eneg = body[pos] == '-';
  ++pos;
  if (pos >= body.size()) return "an exponent without digits";
  long e = 0;
  for (; pos < body.size(); ++pos) {
    if (!std::isdigit(static_cast<unsigned char>(body[pos]))) return "text after the exponent";
    e = e * 10 + (body[pos] - '0');
    if (e > 100000) return "an exponent out of range";
  }
  if (eneg) e = -e;
  const double a = std::fabs(v);
  if (a == 0) {
    if (mant != 0) return "a zero printed as a nonzero value";
    if (e != 0) return "a zero with a nonzero exponent";
    return "";
  }
  if (std::isnormal(a) && lead_char == '0') return "a normalized value with 0 before the point";
  // value = mant * 2^(e - 4 * frac_digits), exact in long double (64-bit mantissa).
  const int unit_exp = int(e) - 4 * frac_digits;
  const long double got = std::ldexp((long double)mant, unit_exp);
  const long double diff = std::fabs(got - (long double)a);
  if (s.precision < 0) {
    if (diff != 0) return "not exact although no precision is given";
    return "";
  }
  // "correctly rounded to a hexadecimal floating number with the given precision" (6.15.14.2.2).
  if (diff > std::ldexp((long double)1, unit_exp - 1)) return "not correctly rounded to the given precision";
  return "";
}

// Finite e f g: the host text, or one that differs only past the
// DECIMAL_DIG-th significant digit.
bool decimal_equivalent(const std::string& want, const std::string& got) {
  if (want.size() != got.size()) return false;
  int significant = 0;
  bool started = false;
  for (size_t k = 0; k < want.size(); ++k) {
    const bool dw = std::isdigit(static_cast<unsigned char>(want[k])) != 0;
    const bool dg = std::isdigit(static_cast<unsigned char>(got[k])) != 0;
    if (dw != dg) return false;
    if (!dw) {
      if (want[k] != got[k]) return false;
      // The exponent's digits of e/E/g/G are not significant digits and must agree.
      if (want[k] == 'e' || want[k] == 'E') return want.compare(k, std::string::npos, got, k, std::string::npos) == 0;
      continue;
    }
    if (want[k] != '0') started = true;
    if (started) ++significant;
    if (want[k] != got[k] && significant <= kDecimalDig) return false;
  }
  return true;
}

}  // namespace

bool PrintfSpec::is_float() const {
  switch (conv) {
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': return true;
    default: return false;
  }
}

std::string PrintfSpec::text() const {
  std::string out = "%" + flags;
  if (width >= 0) out += std::to_string(width);
  if (precision >= 0) out += "." + std::to_string(precision);
  if (vector) out += "v" + std::to_string(vector);
  return out + length + conv;
}

bool parse_printf_format(const std::string& format, PrintfFormat& out, std::string& error) {
  out = PrintfFormat{};
  out.literals.emplace_back();
  for (size_t i = 0; i < format.size();) {
    if (format[i] != '%') {
      out.literals.back() += format[i++];
      continue;
    }
    ++i;
    if (i < format.size() && format[i] == '%') {
      out.literals.back() += '%';
      ++i;
      continue;
    }
    PrintfSpec s;
    while (i < format.size() && is_flag(format[i])) s.flags += format[i++];
    auto number = [&](int& v) {
      if (i < format.size() && format[i] == '*') return false;
      v = 0;
      while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i]))) v = v * 10 + (format[i++] - '0');
      return true;
    };
    if (i < format.size() && (std::isdigit(static_cast<unsigned char>(format[i])) || format[i] == '*')) {
      if (!number(s.width)) { error = "'*' field widths are not in OpenCL C (6.15.14.2)"; return false; }
    }
    if (i < format.size() && format[i] == '.') {
      ++i;
      if (!number(s.precision)) { error = "'*' precisions are not in OpenCL C (6.15.14.2)"; return false; }
    }
    if (i < format.size() && format[i] == 'v') {
      ++i;
      int n = 0;
      number(n);
      if (n != 2 && n != 3 && n != 4 && n != 8 && n != 16) { error = "vector specifier v" + std::to_string(n) + " is not 2, 3, 4, 8 or 16"; return false; }
      s.vector = n;
    }
    for (const char* m : {"hh", "hl", "h", "l"}) {
      if (format.compare(i, std::string(m).size(), m) == 0) {
        s.length = m;
        i += s.length.size();
        break;
      }
    }
    if (i >= format.size()) { error = "the format ends inside a conversion"; return false; }
    s.conv = format[i++];
    if (std::string("diouxXfFeEgGaAcsp").find(s.conv) == std::string::npos) {
      error = std::string("'") + s.conv + "' is not an OpenCL C conversion specifier (6.15.14.2)";
      return false;
    }
    const bool int_conv = std::string("diouxX").find(s.conv) != std::string::npos;
    if (s.vector) {
      if (s.length.empty()) { error = "a vector specifier needs a length modifier (6.15.14.2)"; return false; }
      if (!int_conv && !s.is_float()) { error = "a vector specifier with c, s or p"; return false; }
      if (s.is_float() && s.length == "hh") { error = "hh with a floating-point conversion"; return false; }
    } else {
      if (s.length == "hl") { error = "hl outside a vector specifier (6.15.14.2)"; return false; }
      if (!s.length.empty() && !int_conv && !(s.is_float() && s.length == "l")) {
        error = "a length modifier on " + std::string(1, s.conv);
        return false;
      }
    }
    out.specs.push_back(s);
    out.literals.emplace_back();
  }
  return true;
}

std::string render_c99(const PrintfSpec& s, const PrintfValue& v) {
  const std::string base = host_int_spec(s);
  switch (v.kind) {
    case PrintfValue::Kind::Int:
      if (!s.is_signed_int() && s.conv != 'c') {
        // o u x X print the value converted to the unsigned type of its size.
        const uint64_t mask = v.size >= 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * v.size)) - 1;
        return snprintf_string(base + "ll" + s.conv, (unsigned long long)(uint64_t(v.i) & mask));
      }
      return snprintf_string(base + "ll" + s.conv, (long long)v.i);
    case PrintfValue::Kind::Uint: return snprintf_string(base + "ll" + s.conv, (unsigned long long)v.u);
    case PrintfValue::Kind::Float: return snprintf_string(base + s.conv, v.f);
    case PrintfValue::Kind::String: return snprintf_string(base + "s", v.s.c_str());
    case PrintfValue::Kind::Pointer: return "";
  }
  return "";
}

std::string render_format(const PrintfFormat& fmt, const std::vector<std::vector<PrintfValue>>& args) {
  std::string out = fmt.literals[0];
  for (size_t k = 0; k < fmt.specs.size(); ++k) {
    const PrintfSpec& s = fmt.specs[k];
    for (size_t c = 0; c < args.at(k).size(); ++c) {
      if (c) out += ',';
      if (s.conv == 'c') {
        PrintfSpec cs = s;
        out += snprintf_string(host_int_spec(cs) + "c", int(static_cast<unsigned char>(args[k][c].i)));
      } else {
        out += render_c99(s, args[k][c]);
      }
    }
    out += fmt.literals[k + 1];
  }
  return out;
}

std::string judge_format(const PrintfFormat& fmt, const std::vector<std::vector<PrintfValue>>& args,
                         const std::string& text) {
  size_t pos = 0;
  auto literal = [&](const std::string& lit) {
    if (text.compare(pos, lit.size(), lit) != 0) return false;
    pos += lit.size();
    return true;
  };
  if (!literal(fmt.literals[0])) return "the text before the first conversion differs";
  for (size_t k = 0; k < fmt.specs.size(); ++k) {
    const PrintfSpec& s = fmt.specs[k];
    const auto& comps = args.at(k);
    for (size_t c = 0; c < comps.size(); ++c) {
      const PrintfValue& v = comps[c];
      if (c && !literal(",")) return s.text() + ": no comma before component " + std::to_string(c);
      // Where the field ends: the next comma, or the next literal's first character.
      const std::string& next = fmt.literals[k + 1];
      const bool flexible = (v.kind == PrintfValue::Kind::Float && (!std::isfinite(v.f) || s.conv == 'a' || s.conv == 'A')) ||
                            v.kind == PrintfValue::Kind::Pointer;
      const std::string where = s.text() + (comps.size() > 1 ? " component " + std::to_string(c) : std::string());
      if (flexible) {
        size_t end = c + 1 < comps.size() ? text.find(',', pos) : next.empty() ? text.size() : text.find(next[0], pos);
        if (end == std::string::npos) end = text.size();
        const std::string field = text.substr(pos, end - pos);
        std::string why;
        if (v.kind == PrintfValue::Kind::Pointer) {
          if (field.empty()) why = "no text for the pointer";
          for (char ch : field) {
            if (!std::isprint(static_cast<unsigned char>(ch))) why = "a character that does not print in the pointer's text";
          }
        } else if (!std::isfinite(v.f)) {
          why = judge_special(s, v.f, field);
        } else {
          why = judge_hexfloat(s, v.f, field);
        }
        if (!why.empty()) return where + ": '" + field + "': " + why;
        pos = end;
        continue;
      }
      std::string want = s.conv == 'c' ? snprintf_string(host_int_spec(s) + "c", int(static_cast<unsigned char>(v.i)))
                                       : render_c99(s, v);
      if (text.compare(pos, want.size(), want) == 0) {
        pos += want.size();
        continue;
      }
      const std::string got = text.substr(pos, want.size());
      if (v.kind == PrintfValue::Kind::Float && decimal_equivalent(want, got)) {
        pos += want.size();
        continue;
      }
      return where + ": expected '" + want + "', got '" + text.substr(pos, want.size() + 8) + "'";
    }
    if (!literal(fmt.literals[k + 1])) return "the text after " + s.text() + " differs";
  }
  if (pos != text.size()) return "extra text '" + text.substr(pos) + "'";
  return "";
}

}  // namespace clconform::ref
