// Registers the images suite's checks.
#include "checks.hpp"

namespace clconform::suites {

void register_images_format_check();
void register_images_sampler_check();

void register_images_checks() {
  register_images_format_check();
  register_images_sampler_check();
}

}  // namespace clconform::suites
