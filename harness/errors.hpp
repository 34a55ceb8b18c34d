// Errors that end a run before or outside any case. The CLI prints the
// message as one line and exits 2; everything that goes wrong inside a case is
// recorded in that case's result instead.
#pragma once

#include <stdexcept>

namespace clconform {

struct SetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace clconform
