// Any bytes as a known-failures file: KnownFailures::load either refuses it
// with a SetupError or gives entries that can be matched against a record.
#include "errors.hpp"
#include "fuzz_support.hpp"
#include "known_failures.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  const std::string path = fuzz::scratch() + "/known_failures.json";
  fuzz::write(path, data, size);
  try {
    const KnownFailures k = KnownFailures::load(path);
    json::Value rec = json::parse(
        R"({"case":"math.sin.float4","suite":"math","status":"fail","checked":4,"failed":1,"build_options":""})");
    k.apply(rec, "pthread-cpu", "3.1");
  } catch (const SetupError&) {
  }
  return 0;
}
