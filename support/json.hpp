// A small JSON value for manifests, the results stream, run.json and the
// known-failures file. Reading and writing go through nlohmann/json (see
// json_read.cpp, json_value.cpp). Numbers keep their integer value exactly
// when they have no fraction or exponent (64-bit bit patterns and counts must
// survive a round trip). Every file is read under the limits below, so a
// hostile or broken file gives a ParseError, never a crash.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace clconform::json {

struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A file or value beyond the limits below: no crash residue looks like this,
// so readers that forgive a damaged line still stop on it.
struct LimitError : ParseError {
  using ParseError::ParseError;
};

// The limits every read obeys (support/README.md says why these values).
inline constexpr size_t kMaxDepth = 64;                      // nested arrays and objects
inline constexpr size_t kMaxStringBytes = 16u << 20;         // one string or key
inline constexpr size_t kMaxDocumentBytes = 64u << 20;       // one document (a file, or a line of results.jsonl)
inline constexpr uint64_t kMaxResultsFileBytes = 1ull << 30;  // results.jsonl as a whole

class Value {
 public:
  enum class Kind { Null, Bool, Int, Uint, Real, String, Array, Object };
  using Array = std::vector<Value>;
  using Object = std::map<std::string, Value>;

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : kind_(Kind::Bool), int_(b) {}
  Value(int v) : kind_(Kind::Int), int_(v) {}
  Value(long v) : kind_(Kind::Int), int_(v) {}
  Value(long long v) : kind_(Kind::Int), int_(v) {}
  Value(unsigned v) : kind_(Kind::Uint), uint_(v) {}
  Value(unsigned long v) : kind_(Kind::Uint), uint_(v) {}
  Value(unsigned long long v) : kind_(Kind::Uint), uint_(v) {}
  Value(double v) : kind_(Kind::Real), real_(v) {}
  Value(const char* s) : kind_(Kind::String), str_(s) {}
  Value(std::string s) : kind_(Kind::String), str_(std::move(s)) {}
  Value(Array a) : kind_(Kind::Array), arr_(std::make_shared<Array>(std::move(a))) {}
  Value(Object o) : kind_(Kind::Object), obj_(std::make_shared<Object>(std::move(o))) {}

  static Value array() { return Value(Array{}); }
  static Value object() { return Value(Object{}); }

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_number() const { return kind_ == Kind::Int || kind_ == Kind::Uint || kind_ == Kind::Real; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_array() const { return kind_ == Kind::Array; }
  bool is_object() const { return kind_ == Kind::Object; }

  // Typed reads throw ParseError naming the expected kind, so a malformed
  // manifest gives a one-line reason instead of undefined behaviour.
  bool as_bool() const;
  int64_t as_int() const;
  uint64_t as_uint() const;
  double as_double() const;
  const std::string& as_string() const;
  const Array& as_array() const;
  Array& as_array();
  const Object& as_object() const;

  // Object access: at() throws when the key is missing, get() returns null.
  const Value& at(const std::string& key) const;
  const Value& get(const std::string& key) const;
  bool has(const std::string& key) const;
  Value& operator[](const std::string& key);  // makes this an object if null
  void push_back(Value v);                     // makes this an array if null
  size_t size() const;

  std::string dump() const;  // compact, one line
 private:
  void dump_to(std::string& out) const;
  Kind kind_ = Kind::Null;
  int64_t int_ = 0;
  uint64_t uint_ = 0;
  double real_ = 0;
  std::string str_;
  std::shared_ptr<Array> arr_;
  std::shared_ptr<Object> obj_;
  friend class Parser;
};

Value parse(const std::string& text);
Value parse_file(const std::string& path);  // ParseError carries the path
std::string quote(const std::string& s);     // a JSON string literal

// The whole of a regular file of at most MAX_BYTES. Throws ParseError (a
// LimitError when it is too large) naming the file: missing, unreadable, a
// directory, or too large.
std::string read_file(const std::string& path, uint64_t max_bytes = kMaxDocumentBytes);

}  // namespace clconform::json
