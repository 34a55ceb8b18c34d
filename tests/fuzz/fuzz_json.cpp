// Any bytes as one JSON document: json::parse either refuses them with a
// ParseError or gives a value whose dump() reads back to the same dump().
#include <cstdlib>
#include <string>

#include "json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  json::Value v;
  try {
    v = json::parse(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const json::ParseError&) {
    return 0;
  }
  const std::string once = v.dump();
  if (json::parse(once).dump() != once) std::abort();  // the writer and the reader disagree
  return 0;
}
