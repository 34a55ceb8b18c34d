// half.reject: the uses of half that OpenCL C 3.0 spec 6.3.1 forbids
// without cl_khr_fp16 (a half variable or array, dereferencing a half
// pointer) must fail to build. On a device with cl_khr_fp16 they are legal,
// so the case is unsupported there.
#include "checks.hpp"

namespace clconform::suites::half {

void check_reject(CaseRun& run) {
  if (run.device().fp16) {
    run.result.status = "unsupported";
    run.result.detail = "the device has cl_khr_fp16, where this is legal";
    return;
  }
  find_check("compile.reject")->fn(run);
}

}  // namespace clconform::suites::half
