// compile.reject: a program the spec makes illegal must fail to build. The
// failure only proves something when the compiler looked at the code, so a
// build that stopped at the options (CL_INVALID_BUILD_OPTIONS) is not a pass.
#include "checks.hpp"
#include "cl_errors.hpp"

namespace clconform::suites {
namespace {

void check_reject(CaseRun& run) {
  const BuiltProgram& p = run.program();
  std::string why = run.c.params.at("why").as_string();
  if (p.ok) {
    run.result.detail = "the compiler accepted illegal code: " + why;
    Mismatch m{0, -1, {}, "built", "build failure", why};
    m.kind = "accepted_illegal";
    run.result.fail(std::move(m));
    run.result.source = p.source;
    return;
  }
  if (p.error != CL_BUILD_PROGRAM_FAILURE) {
    run.result.detail = "the build stopped before compiling (" + cl_error_name(p.error) +
                        "), so the rejection of illegal code is unproven";
    run.result.build_log = p.log;
    Mismatch m{0, -1, {}, cl_error_name(p.error), "CL_BUILD_PROGRAM_FAILURE", why};
    m.kind = "build_failure";
    run.result.fail(std::move(m));
    return;
  }
  run.result.pass();
  run.result.detail = "rejected as it must be: " + build_log_headline(p.log);
}

}  // namespace

void register_common_checks() { register_check("compile.reject", check_reject); }

}  // namespace clconform::suites
