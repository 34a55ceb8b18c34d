#include "json.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace clconform::json {
namespace {

const char* kind_name(Value::Kind k) {
  switch (k) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return "a boolean";
    case Value::Kind::Int:
    case Value::Kind::Uint:
    case Value::Kind::Real: return "a number";
    case Value::Kind::String: return "a string";
    case Value::Kind::Array: return "an array";
    case Value::Kind::Object: return "an object";
  }
  return "?";
}

[[noreturn]] void wrong_kind(Value::Kind have, const char* want) {
  throw ParseError(std::string("expected ") + want + ", found " + kind_name(have));
}

}  // namespace

bool Value::as_bool() const {
  if (kind_ != Kind::Bool) wrong_kind(kind_, "a boolean");
  return int_ != 0;
}

int64_t Value::as_int() const {
  if (kind_ == Kind::Int) return int_;
  if (kind_ == Kind::Uint && uint_ <= uint64_t(INT64_MAX)) return int64_t(uint_);
  if (kind_ == Kind::Real && real_ == std::floor(real_) && std::fabs(real_) < 9.2e18) return int64_t(real_);
  wrong_kind(kind_, "an integer");
}

uint64_t Value::as_uint() const {
  if (kind_ == Kind::Uint) return uint_;
  if (kind_ == Kind::Int && int_ >= 0) return uint64_t(int_);
  if (kind_ == Kind::Real && real_ >= 0 && real_ == std::floor(real_) && real_ < 1.8e19) return uint64_t(real_);
  wrong_kind(kind_, "a non-negative integer");
}

double Value::as_double() const {
  if (kind_ == Kind::Real) return real_;
  if (kind_ == Kind::Int) return double(int_);
  if (kind_ == Kind::Uint) return double(uint_);
  wrong_kind(kind_, "a number");
}

const std::string& Value::as_string() const {
  if (kind_ != Kind::String) wrong_kind(kind_, "a string");
  return str_;
}

const Value::Array& Value::as_array() const {
  if (kind_ != Kind::Array) wrong_kind(kind_, "an array");
  return *arr_;
}

Value::Array& Value::as_array() {
  if (kind_ != Kind::Array) wrong_kind(kind_, "an array");
  if (arr_.use_count() > 1) arr_ = std::make_shared<Array>(*arr_);  // copy on write
  return *arr_;
}

const Value::Object& Value::as_object() const {
  if (kind_ != Kind::Object) wrong_kind(kind_, "an object");
  return *obj_;
}

const Value& Value::at(const std::string& key) const {
  const Object& o = as_object();
  auto it = o.find(key);
  if (it == o.end()) throw ParseError("missing key \"" + key + "\"");
  return it->second;
}

const Value& Value::get(const std::string& key) const {
  static const Value null;
  if (kind_ != Kind::Object) return null;
  auto it = obj_->find(key);
  return it == obj_->end() ? null : it->second;
}

bool Value::has(const std::string& key) const {
  return kind_ == Kind::Object && obj_->count(key) != 0;
}

Value& Value::operator[](const std::string& key) {
  if (kind_ == Kind::Null) *this = object();
  if (kind_ != Kind::Object) wrong_kind(kind_, "an object");
  if (obj_.use_count() > 1) obj_ = std::make_shared<Object>(*obj_);
  return (*obj_)[key];
}

void Value::push_back(Value v) {
  if (kind_ == Kind::Null) *this = array();
  as_array().push_back(std::move(v));
}

size_t Value::size() const {
  if (kind_ == Kind::Array) return arr_->size();
  if (kind_ == Kind::Object) return obj_->size();
  return 0;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);
        }
    }
  }
  return out + "\"";
}

void Value::dump_to(std::string& out) const {
  switch (kind_) {
    case Kind::Null: out += "null"; break;
    case Kind::Bool: out += int_ ? "true" : "false"; break;
    case Kind::Int: out += std::to_string(int_); break;
    case Kind::Uint: out += std::to_string(uint_); break;
    case Kind::Real: {
      if (!std::isfinite(real_)) {  // JSON has no inf/nan: write them as strings
        out += quote(std::isnan(real_) ? "nan" : (real_ > 0 ? "inf" : "-inf"));
        break;
      }
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.17g", real_);
      out += buf;
      if (std::string(buf).find_first_of(".eE") == std::string::npos) out += ".0";
      break;
    }
    case Kind::String: out += quote(str_); break;
    case Kind::Array: {
      out += '[';
      bool first = true;
      for (const Value& v : *arr_) {
        if (!first) out += ',';
        first = false;
        v.dump_to(out);
      }
      out += ']';
      break;
    }
    case Kind::Object: {
      out += '{';
      bool first = true;
      for (const auto& [k, v] : *obj_) {
        if (!first) out += ',';
        first = false;
        out += quote(k);
        out += ':';
        v.dump_to(out);
      }
      out += '}';
      break;
    }
  }
}

std::string Value::dump() const {
  std::string out;
  dump_to(out);
  return out;
}

class Parser {
 public:
  explicit Parser(const std::string& t) : t_(t) {}

  Value document() {
    Value v = value();
    skip_ws();
    if (p_ != t_.size()) fail("unexpected text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < p_ && i < t_.size(); ++i) {
      if (t_[i] == '\n') { ++line; col = 1; } else { ++col; }
    }
    throw ParseError(what + " at line " + std::to_string(line) + ", column " + std::to_string(col));
  }
  void skip_ws() {
    while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t' || t_[p_] == '\n' || t_[p_] == '\r')) ++p_;
  }
  bool eat(char c) {
    skip_ws();
    if (p_ < t_.size() && t_[p_] == c) { ++p_; return true; }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }
  bool literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (t_.compare(p_, n, word) == 0) { p_ += n; return true; }
    return false;
  }

  Value value() {
    skip_ws();
    if (p_ >= t_.size()) fail("unexpected end of input");
    char c = t_[p_];
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return Value(string());
    if (literal("true")) return Value(true);
    if (literal("false")) return Value(false);
    if (literal("null")) return Value();
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    fail("unexpected character");
  }

  Value object() {
    expect('{');
    Value v = Value::object();
    if (eat('}')) return v;
    do {
      skip_ws();
      if (p_ >= t_.size() || t_[p_] != '"') fail("expected a key");
      std::string key = string();
      expect(':');
      (*v.obj_)[key] = value();
    } while (eat(','));
    expect('}');
    return v;
  }

  Value array() {
    expect('[');
    Value v = Value::array();
    if (eat(']')) return v;
    do {
      v.arr_->push_back(value());
    } while (eat(','));
    expect(']');
    return v;
  }

  static void put_utf8(std::string& out, uint32_t cp) {
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

  uint32_t hex4() {
    if (p_ + 4 > t_.size()) fail("short \\u escape");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = t_[p_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= uint32_t(c - '0');
      else if (c >= 'a' && c <= 'f') v |= uint32_t(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= uint32_t(c - 'A' + 10);
      else fail("bad \\u escape");
    }
    return v;
  }

  std::string string() {
    ++p_;  // opening quote
    std::string out;
    while (true) {
      if (p_ >= t_.size()) fail("unterminated string");
      char c = t_[p_++];
      if (c == '"') break;
      if (c != '\\') { out += c; continue; }
      if (p_ >= t_.size()) fail("unterminated escape");
      char e = t_[p_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && t_.compare(p_, 2, "\\u") == 0) {
            p_ += 2;
            uint32_t lo = hex4();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          put_utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
    return out;
  }

  Value number() {
    size_t start = p_;
    if (t_[p_] == '-') ++p_;
    bool integral = true;
    while (p_ < t_.size()) {
      char c = t_[p_];
      if (c >= '0' && c <= '9') { ++p_; continue; }
      if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') { integral = false; ++p_; continue; }
      break;
    }
    std::string s = t_.substr(start, p_ - start);
    if (s == "-" ) fail("bad number");
    try {
      if (integral) {
        if (s[0] == '-') return Value(static_cast<long long>(std::stoll(s)));
        return Value(static_cast<unsigned long long>(std::stoull(s)));
      }
      return Value(std::stod(s));
    } catch (const std::exception&) {
      fail("bad number '" + s + "'");
    }
  }

  const std::string& t_;
  size_t p_ = 0;
};

Value parse(const std::string& text) { return Parser(text).document(); }

Value parse_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    return parse(ss.str());
  } catch (const ParseError& e) {
    throw ParseError(path + ": " + e.what());
  }
}

}  // namespace clconform::json
