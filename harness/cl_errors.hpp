// Names for OpenCL error codes, so that messages say CL_INVALID_BUILD_OPTIONS
// rather than -43.
#pragma once

#include <string>

namespace clconform {

std::string cl_error_name(int code);

}  // namespace clconform
