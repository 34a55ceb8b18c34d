// Registers the half suite's checks (OpenCL C 3.0 spec 6.15.7, 6.3.1, and
// cl_khr_fp16's conversions; half arithmetic and math are the math suite's
// half format, math.fp16.*); each lives in its own file.
#include "checks.hpp"

namespace clconform::suites {
namespace half {
void check_load(CaseRun& run);
void check_store(CaseRun& run);
void check_store_sweep(CaseRun& run);
void check_reject(CaseRun& run);
void check_fp16_convert(CaseRun& run);
}  // namespace half

void register_half_checks() {
  register_check("half.load", half::check_load);
  register_check("half.store", half::check_store);
  register_check("half.store_sweep", half::check_store_sweep, Sharding::Slices);
  register_check("half.reject", half::check_reject);
  register_check("half.fp16.convert", half::check_fp16_convert);
}

}  // namespace clconform::suites
