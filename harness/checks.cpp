#include "checks.hpp"

#include <map>

namespace clconform {
namespace {

std::map<std::string, CheckFn>& registry() {
  static std::map<std::string, CheckFn> r;
  return r;
}

}  // namespace

void register_check(const std::string& name, CheckFn fn) { registry()[name] = fn; }

CheckFn find_check(const std::string& name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second;
}

}  // namespace clconform
