// Registers the vectors suite's checks; each lives in its own file.
#include "vectors_checks.hpp"

namespace clconform::suites {

void register_vectors_checks() {
  vectors::register_gather_check();
  vectors::register_operator_checks();
  vectors::register_shuffle_check();
  vectors::register_loadstore_check();
  vectors::register_selftest_check();
}

}  // namespace clconform::suites
