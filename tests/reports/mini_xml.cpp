#include "mini_xml.hpp"

#include <cstdint>

namespace clconform::testing {
namespace {

bool xml_char(uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.' || c == ':';
}

void put_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

class Reader {
 public:
  explicit Reader(const std::string& t) : t_(t) { check_chars(); }

  std::unique_ptr<XmlNode> document() {
    if (t_.compare(0, 5, "<?xml") == 0) {
      const size_t end = t_.find("?>");
      if (end == std::string::npos) fail("unterminated XML declaration");
      p_ = end + 2;
    }
    skip_misc();
    if (p_ >= t_.size() || t_[p_] != '<') fail("no root element");
    auto root = element();
    skip_misc();
    if (p_ != t_.size()) fail("content after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw XmlError(what + " at byte " + std::to_string(p_));
  }

  // Every character of the document must be a valid XML 1.0 Char in UTF-8.
  void check_chars() {
    for (size_t i = 0; i < t_.size();) {
      const auto c = static_cast<unsigned char>(t_[i]);
      size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
      if (n == 0 || i + n > t_.size()) {
        p_ = i;
        fail("invalid UTF-8");
      }
      uint32_t cp = n == 1 ? c : c & (0x7F >> n);
      for (size_t k = 1; k < n; ++k) {
        const auto b = static_cast<unsigned char>(t_[i + k]);
        if ((b & 0xC0) != 0x80) {
          p_ = i;
          fail("invalid UTF-8");
        }
        cp = (cp << 6) | (b & 0x3F);
      }
      if (!xml_char(cp)) {
        p_ = i;
        fail("character U+" + std::to_string(cp) + " is not allowed in XML 1.0");
      }
      i += n;
    }
  }

  void skip_ws() {
    while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\n' || t_[p_] == '\t' || t_[p_] == '\r')) ++p_;
  }

  void skip_misc() {
    for (;;) {
      skip_ws();
      if (t_.compare(p_, 4, "<!--") != 0) return;
      const size_t end = t_.find("-->", p_);
      if (end == std::string::npos) fail("unterminated comment");
      p_ = end + 3;
    }
  }

  std::string name() {
    const size_t start = p_;
    while (p_ < t_.size() && name_char(t_[p_])) ++p_;
    if (p_ == start) fail("expected a name");
    return t_.substr(start, p_ - start);
  }

  // Resolves one reference at t_[p_] == '&'.
  void reference(std::string& out) {
    const size_t end = t_.find(';', p_);
    if (end == std::string::npos || end - p_ > 12) fail("bare '&'");
    const std::string ref = t_.substr(p_ + 1, end - p_ - 1);
    if (ref == "lt") out += '<';
    else if (ref == "gt") out += '>';
    else if (ref == "amp") out += '&';
    else if (ref == "quot") out += '"';
    else if (ref == "apos") out += '\'';
    else if (ref.size() > 1 && ref[0] == '#') {
      const bool hex = ref[1] == 'x';
      const std::string digits = ref.substr(hex ? 2 : 1);
      if (digits.empty() || digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string::npos) {
        fail("bad character reference");
      }
      const uint32_t cp = uint32_t(std::stoul(digits, nullptr, hex ? 16 : 10));
      if (!xml_char(cp)) fail("character reference to a character XML 1.0 forbids");
      put_utf8(out, cp);
    } else {
      fail("unknown entity &" + ref + ";");
    }
    p_ = end + 1;
  }

  std::string attr_value() {
    if (p_ >= t_.size() || (t_[p_] != '"' && t_[p_] != '\'')) fail("expected a quoted value");
    const char quote = t_[p_++];
    std::string out;
    while (p_ < t_.size() && t_[p_] != quote) {
      if (t_[p_] == '<') fail("'<' in an attribute value");
      if (t_[p_] == '&') {
        reference(out);
        continue;
      }
      out += t_[p_++];
    }
    if (p_ >= t_.size()) fail("unterminated attribute value");
    ++p_;
    return out;
  }

  std::unique_ptr<XmlNode> element() {
    ++p_;  // '<'
    auto node = std::make_unique<XmlNode>();
    node->name = name();
    for (;;) {
      const size_t before = p_;
      skip_ws();
      if (p_ >= t_.size()) fail("unterminated start tag");
      if (t_.compare(p_, 2, "/>") == 0) {
        p_ += 2;
        return node;
      }
      if (t_[p_] == '>') {
        ++p_;
        break;
      }
      if (p_ == before) fail("expected white space before an attribute");
      const std::string key = name();
      skip_ws();
      if (p_ >= t_.size() || t_[p_] != '=') fail("expected '='");
      ++p_;
      skip_ws();
      if (!node->attrs.emplace(key, attr_value()).second) fail("duplicate attribute " + key);
    }
    for (;;) {
      if (p_ >= t_.size()) fail("unclosed element <" + node->name + ">");
      if (t_.compare(p_, 2, "</") == 0) {
        p_ += 2;
        if (name() != node->name) fail("mismatched end tag for <" + node->name + ">");
        skip_ws();
        if (p_ >= t_.size() || t_[p_] != '>') fail("expected '>'");
        ++p_;
        return node;
      }
      if (t_.compare(p_, 4, "<!--") == 0) {
        skip_misc();
      } else if (t_[p_] == '<') {
        node->children.push_back(element());
      } else if (t_[p_] == '&') {
        reference(node->text);
      } else {
        if (t_.compare(p_, 3, "]]>") == 0) fail("']]>' in character data");
        node->text += t_[p_++];
      }
    }
  }

  const std::string& t_;
  size_t p_ = 0;
};

}  // namespace

std::vector<const XmlNode*> XmlNode::all(const std::string& child_name) const {
  std::vector<const XmlNode*> out;
  for (const auto& c : children) {
    if (c->name == child_name) out.push_back(c.get());
  }
  return out;
}

std::unique_ptr<XmlNode> parse_xml(const std::string& text) { return Reader(text).document(); }

}  // namespace clconform::testing
