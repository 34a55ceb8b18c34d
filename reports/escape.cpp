#include "reports/escape.hpp"

#include <cstdint>
#include <cstdio>

namespace clconform::reports {
namespace {

// Decodes one UTF-8 sequence at s[i]; returns its length, or 0 when the
// bytes there are not well-formed UTF-8 (overlong forms and surrogates too).
size_t utf8_length(std::string_view s, size_t i, uint32_t& cp) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  size_t n;
  uint32_t min;
  if (c < 0x80) { cp = c; return 1; }
  if ((c & 0xE0) == 0xC0) { n = 2; cp = c & 0x1F; min = 0x80; }
  else if ((c & 0xF0) == 0xE0) { n = 3; cp = c & 0x0F; min = 0x800; }
  else if ((c & 0xF8) == 0xF0) { n = 4; cp = c & 0x07; min = 0x10000; }
  else return 0;
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

bool forbidden(uint32_t cp) {
  if (cp < 0x20) return cp != '\t' && cp != '\n' && cp != '\r';
  return (cp >= 0x7F && cp <= 0x9F) || cp == 0xFFFE || cp == 0xFFFF;
}

std::string escape(std::string_view s, bool attr) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = utf8_length(s, i, cp);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is not UTF-8
      ++i;
      continue;
    }
    if (forbidden(cp)) {
      char buf[12];
      std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02X" : "\\u%04X", unsigned(cp));
      out += buf;
    } else if (n > 1) {
      out.append(s.data() + i, n);
    } else {
      switch (cp) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += attr ? "&quot;" : "\""; break;
        case '\'': out += attr ? "&#39;" : "'"; break;
        case '\t': out += attr ? "&#9;" : "\t"; break;
        case '\n': out += attr ? "&#10;" : "\n"; break;
        case '\r': out += "&#13;"; break;  // a raw CR in text would be read back as LF
        default: out += char(cp);
      }
    }
    i += n;
  }
  return out;
}

}  // namespace

std::string escape_text(std::string_view s) { return escape(s, false); }
std::string escape_attr(std::string_view s) { return escape(s, true); }

}  // namespace clconform::reports
