#include "swizzle.hpp"

#include <stdexcept>

namespace clconform::suites::vectors {
namespace {

[[noreturn]] void illegal(const std::string& sel, unsigned n, const std::string& why) {
  throw std::invalid_argument("." + sel + " on a " + std::to_string(n) + "-component vector: " + why);
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<int> halves(const std::string& sel, unsigned n) {
  std::vector<int> lanes;
  for (unsigned i = 0; i < (n == 3 ? 4u : n); ++i) lanes.push_back(i < n ? int(i) : -1);
  size_t at = 0;
  while (at <= sel.size()) {
    size_t end = sel.find('.', at);
    if (end == std::string::npos) end = sel.size();
    const std::string part = sel.substr(at, end - at);
    if (lanes.size() < 2) illegal(sel, n, "a half of a scalar");
    const size_t half = lanes.size() / 2;
    std::vector<int> next;
    for (size_t i = 0; i < lanes.size(); ++i) {
      const bool take = part == "lo"     ? i < half
                        : part == "hi"   ? i >= half
                        : part == "even" ? i % 2 == 0
                        : part == "odd"  ? i % 2 == 1
                                         : (illegal(sel, n, "unknown suffix ." + part), false);
      if (take) next.push_back(lanes[i]);
    }
    lanes = next;
    at = end + 1;
  }
  return lanes;
}

}  // namespace

std::vector<int> selected_lanes(const std::string& sel, unsigned n) {
  if (sel.empty()) illegal(sel, n, "empty");
  const bool is_half = sel.rfind("lo", 0) == 0 || sel.rfind("hi", 0) == 0 || sel.rfind("even", 0) == 0 ||
                       sel.rfind("odd", 0) == 0;
  if (is_half) return halves(sel, n);
  std::vector<int> lanes;
  if (sel[0] == 's' || sel[0] == 'S') {
    for (size_t i = 1; i < sel.size(); ++i) {
      const int d = hex_digit(sel[i]);
      if (d < 0 || unsigned(d) >= n) illegal(sel, n, std::string("no component ") + sel[i]);
      lanes.push_back(d);
    }
  } else {
    static const std::string letters = "xyzw";
    for (char c : sel) {
      const size_t d = letters.find(c);
      if (d == std::string::npos || d >= n) illegal(sel, n, std::string("no component ") + c);
      lanes.push_back(int(d));
    }
    if (lanes.size() > 4) illegal(sel, n, "more than four .xyzw components");
  }
  const size_t k = lanes.size();
  if (k == 0 || !(k <= 4 || k == 8 || k == 16)) illegal(sel, n, "no vector type of that size");
  return lanes;
}

}  // namespace clconform::suites::vectors
