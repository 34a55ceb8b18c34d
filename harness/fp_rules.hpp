// The numerical freedoms a build gives every judge of floating-point
// results, read from the build options and the device's floating-point
// configuration in this one place. The options and what each implies are a
// table (fp_rules.cpp), each row citing the API spec's text; the suites read
// the result through CaseRun::fp_options and CaseRun::may_flush_denormals.
#pragma once

#include <CL/cl.h>

#include <string>
#include <vector>

namespace clconform {

// What the device reports (CL_DEVICE_PROFILE, CL_DEVICE_{HALF,SINGLE,DOUBLE}_FP_CONFIG).
struct DeviceFp {
  bool embedded = false;
  cl_device_fp_config half = 0, single = 0, dbl = 0;
};

struct FpRules {
  bool embedded = false;         // 7.4's embedded-profile tables
  bool relaxed = false;          // 7.4's relaxed table (float) and no edge-case behaviour (API: unsafe (c), (d))
  bool finite_only = false;      // no verdict on NaN or infinite arguments or results
  bool no_signed_zeros = false;  // the sign of a zero result is not significant
  // divide and sqrt correctly rounded at float (the option, on a device
  // whose single config has CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)
  bool fp32_cr_divide_sqrt = false;
  // Denormal arguments and results of a format may be flushed (7.5.3's
  // readings): index by element size, see may_flush().
  bool flush_half = false, flush_float = false, flush_double = false;
  bool may_flush(unsigned elem_size) const {
    return elem_size == 8 ? flush_double : elem_size == 2 ? flush_half : flush_float;
  }
};

// The options of BUILD_OPTIONS (whitespace-separated words; a word counts
// only whole) with every option they imply, in the table's order.
std::vector<std::string> effective_fp_options(const std::string& build_options);

FpRules fp_rules(const std::string& build_options, const DeviceFp& device);

}  // namespace clconform
