// json::Value's typed access and its writer. Strings are escaped by
// nlohmann/json; numbers are written as they always were (integers exactly,
// reals with 17 significant digits so their bits survive), since results
// files written before must keep comparing equal byte for byte.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "json.hpp"

namespace clconform::json {
namespace {

const char *kind_name(Value::Kind k) {
  switch (k) {
    case Value::Kind::Null:
      return "null";
    case Value::Kind::Bool:
      return "a boolean";
    case Value::Kind::Int:
    case Value::Kind::Uint:
    case Value::Kind::Real:
      return "a number";
    case Value::Kind::String:
      return "a string";
    case Value::Kind::Array:
      return "an array";
    case Value::Kind::Object:
      return "an object";
  }
  return "?";
}

[[noreturn]] void wrong_kind(Value::Kind have, const char *want) {
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

const std::string &Value::as_string() const {
  if (kind_ != Kind::String) wrong_kind(kind_, "a string");
  return str_;
}

const Value::Array &Value::as_array() const {
  if (kind_ != Kind::Array) wrong_kind(kind_, "an array");
  return *arr_;
}

Value::Array &Value::as_array() {
  if (kind_ != Kind::Array) wrong_kind(kind_, "an array");
  if (arr_.use_count() > 1) arr_ = std::make_shared<Array>(*arr_);  // copy on write
  return *arr_;
}

const Value::Object &Value::as_object() const {
  if (kind_ != Kind::Object) wrong_kind(kind_, "an object");
  return *obj_;
}

const Value &Value::at(const std::string &key) const {
  const Object &o = as_object();
  auto it = o.find(key);
  if (it == o.end()) throw ParseError("missing key \"" + key + "\"");
  return it->second;
}

const Value &Value::get(const std::string &key) const {
  static const Value null;
  if (kind_ != Kind::Object) return null;
  auto it = obj_->find(key);
  return it == obj_->end() ? null : it->second;
}

bool Value::has(const std::string &key) const { return kind_ == Kind::Object && obj_->count(key) != 0; }

Value &Value::operator[](const std::string &key) {
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

// Bytes that are not UTF-8 (a build log may hold any) become U+FFFD, so
// that every file clconform writes is JSON its own reader accepts.
std::string quote(const std::string &s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void Value::dump_to(std::string &out) const {
  switch (kind_) {
    case Kind::Null:
      out += "null";
      break;
    case Kind::Bool:
      out += int_ ? "true" : "false";
      break;
    case Kind::Int:
      out += std::to_string(int_);
      break;
    case Kind::Uint:
      out += std::to_string(uint_);
      break;
    case Kind::Real: {
      if (!std::isfinite(real_)) {  // JSON has no inf/nan: write them as strings
        out += quote(std::isnan(real_) ? "nan" : (real_ > 0 ? "inf" : "-inf"));
        break;
      }
      char buf[32];
      const int n = std::snprintf(buf, sizeof buf, "%.17g", real_);
      out.append(buf, size_t(n));
      if (std::string(buf).find_first_of(".eE") == std::string::npos) out += ".0";
      break;
    }
    case Kind::String:
      out += quote(str_);
      break;
    case Kind::Array: {
      out += '[';
      bool first = true;
      for (const Value &v : *arr_) {
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
      for (const auto &[k, v] : *obj_) {
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

}  // namespace clconform::json
