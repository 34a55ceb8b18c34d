#include "checks.hpp"
#include "suite_checks.hpp"

namespace clconform {

void register_all_checks() {
  suites::register_types_checks();
  suites::register_astype_checks();
  suites::register_half_checks();
  suites::register_compile_checks();
}

}  // namespace clconform
