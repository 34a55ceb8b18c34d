// Reading JSON: nlohmann/json's SAX parser feeds json::Value directly (no
// second tree), and the handler enforces the limits of json.hpp. The parser
// itself keeps no recursion, so depth costs no stack; the limit keeps the
// Value tree (whose copy and destruction do recurse) shallow.
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "json.hpp"

namespace clconform::json {

// Named Parser: json.hpp makes it a friend of Value, so it fills arrays and
// objects in place.
class Parser : public nlohmann::json_sax<nlohmann::json> {
 public:
  Value take() { return std::move(root_); }
  const std::string &error() const { return error_; }

  bool null() override { return put(Value()); }
  bool boolean(bool v) override { return put(Value(v)); }
  bool number_integer(number_integer_t v) override { return put(Value(static_cast<long long>(v))); }
  bool number_unsigned(number_unsigned_t v) override { return put(Value(static_cast<unsigned long long>(v))); }
  bool number_float(number_float_t v, const string_t &text) override {
    // nlohmann reads an integer beyond 64 bits as a double; bit patterns
    // must not round, so that is an error.
    if (text.find_first_of(".eE") == std::string::npos) return fail("integer " + text + " does not fit in 64 bits");
    return put(Value(double(v)));
  }
  bool string(string_t &s) override {
    if (s.size() > kMaxStringBytes) return too_long();
    return put(Value(std::move(s)));
  }
  bool binary(binary_t &) override { return fail("binary data is not JSON"); }
  bool start_object(std::size_t) override { return open(Value::object()); }
  bool key(string_t &k) override {
    if (k.size() > kMaxStringBytes) return too_long();
    key_ = std::move(k);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(Value::array()); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string &, const nlohmann::json::exception &e) override {
    // "[json.exception.parse_error.101] parse error at line 2, column 7: ..."
    std::string what = e.what();
    if (what.rfind("[json.exception.", 0) == 0 && what.find("] ") != std::string::npos) {
      what = what.substr(what.find("] ") + 2);
    }
    return fail(what);
  }

 private:
  // Places V in the open array or object (or as the document) and returns
  // where it now lives.
  Value *place(Value v) {
    if (open_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Value &parent = *open_.back();
    if (parent.kind_ == Value::Kind::Array) {
      parent.arr_->push_back(std::move(v));
      return &parent.arr_->back();
    }
    Value &slot = (*parent.obj_)[key_];  // a repeated key: the last one counts
    slot = std::move(v);
    return &slot;
  }
  bool put(Value v) {
    place(std::move(v));
    return true;
  }
  bool open(Value container) {
    if (open_.size() >= kMaxDepth) {
      throw LimitError("arrays and objects nested deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    // The open container's address stays valid: nothing is added to its
    // parent until it closes.
    open_.push_back(place(std::move(container)));
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
  bool too_long() { throw LimitError("a string longer than " + std::to_string(kMaxStringBytes >> 20) + " MiB"); }
  bool fail(const std::string &what) {
    error_ = what;
    return false;
  }

  Value root_;
  std::vector<Value *> open_;
  std::string key_;
  std::string error_;
};

Value parse(const std::string &text) {
  if (text.size() > kMaxDocumentBytes) {
    throw LimitError("a document of " + std::to_string(text.size()) + " bytes, more than the " +
                     std::to_string(kMaxDocumentBytes >> 20) + " MiB limit");
  }
  Parser p;
  if (!nlohmann::json::sax_parse(text, &p)) throw ParseError(p.error().empty() ? "not JSON" : p.error());
  return p.take();
}

std::string read_file(const std::string &path, uint64_t max_bytes) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) throw ParseError("cannot read " + path + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw ParseError(path + " is a directory, not a file");
  if (!S_ISREG(st.st_mode)) throw ParseError(path + " is not a regular file");
  if (uint64_t(st.st_size) > max_bytes) {
    throw LimitError(path + " is " + std::to_string(st.st_size) + " bytes, more than the " +
                     std::to_string(max_bytes >> 20) + " MiB limit");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError("cannot read " + path + ": " + std::strerror(errno));
  std::string text(size_t(st.st_size), '\0');
  in.read(text.data(), std::streamsize(text.size()));
  if (in.gcount() != std::streamsize(text.size())) throw ParseError("cannot read " + path + ": it changed while read");
  return text;
}

Value parse_file(const std::string &path) {
  const std::string text = read_file(path);
  try {
    return parse(text);
  } catch (const LimitError &e) {
    throw LimitError(path + ": " + e.what());
  } catch (const ParseError &e) {
    throw ParseError(path + ": " + e.what());
  }
}

}  // namespace clconform::json
