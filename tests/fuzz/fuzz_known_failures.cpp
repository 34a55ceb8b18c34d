// Any bytes as a known-failures file: KnownFailures::load either refuses it
// with a SetupError, or gives entries that judge a wrong value of a case
// and settle its record.
#include "case_result.hpp"
#include "errors.hpp"
#include "fuzz_support.hpp"
#include "known_failures.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  const std::string path = fuzz::scratch() + "/known_failures.json";
  fuzz::write(path, data, size);
  try {
    const KnownFailures k = KnownFailures::load(path);
    const CaseExcuses ex = k.for_case("pthread-cpu", "3.1", "math.sin", "", false);
    CaseResult r(&ex);
    Mismatch m{7, 2, {"0x00000001"}, "0x3c7ffd54", "0x00000001", "width 4"};
    m.ulp = 1e9;
    m.bits = WrongBits{'f', 'f', 4, 4, 4, {0x00000001}, 0x3c7ffd54, 0x00000001};
    r.fail(m);
    json::Value rec = json::parse(R"({"case":"math.sin","suite":"math","checked":4,"build_options":""})");
    rec["status"] = r.status;
    KnownFailures::apply(rec, r);
  } catch (const SetupError&) {
  }
  return 0;
}
