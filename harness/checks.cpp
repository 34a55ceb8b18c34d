#include "checks.hpp"

#include <map>

namespace clconform {
namespace {

std::map<std::string, Check>& registry() {
  static std::map<std::string, Check> r;
  return r;
}

}  // namespace

void register_check(const std::string& name, CheckFn fn, Sharding sharding) { registry()[name] = {fn, sharding}; }

const Check* find_check(const std::string& name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : &it->second;
}

uint64_t owner_shard(uint64_t ordinal, uint64_t shards) { return shards == 0 ? 1 : ordinal % shards + 1; }

}  // namespace clconform
