#include "fp_rules.hpp"

#include <algorithm>
#include <sstream>

namespace clconform {
namespace {

// The floating-point build options and the options each one includes, from
// the API spec's "Math Intrinsics Options" and "Optimization Options"
// (section 5.8.6 of OpenCL 3.0). An option not listed here changes no rule.
struct OptionRow {
  const char* option;
  std::vector<const char*> includes;
};

const std::vector<OptionRow>& option_table() {
  static const std::vector<OptionRow> rows = {
      // "single precision denormalized numbers may be flushed to zero; double
      // precision denormalized numbers may also be flushed"; half is not named.
      {"-cl-denorms-are-zero", {}},
      // "Allow a * b + c to be replaced by a mad instruction." No kernel of
      // the suites writes a * b + c (each calls one built-in or operator),
      // so no verdict changes; the runs under it check that the built-ins
      // keep their bounds when the compiler may contract.
      {"-cl-mad-enable", {}},
      // "the sign of a zero result is not significant"
      {"-cl-no-signed-zeros", {}},
      // "assume that arguments and results are not NaNs, +Inf, -Inf"
      {"-cl-finite-math-only", {}},
      // "(c) relaxed numerical compliance ... (d) may violate edge case
      // behavior"; "includes -cl-no-signed-zeros, -cl-mad-enable and
      // -cl-denorms-are-zero" (the last from OpenCL 3.0.7 on)
      {"-cl-unsafe-math-optimizations", {"-cl-no-signed-zeros", "-cl-mad-enable", "-cl-denorms-are-zero"}},
      // "Sets the optimization options -cl-finite-math-only and -cl-unsafe-math-optimizations"
      {"-cl-fast-relaxed-math", {"-cl-finite-math-only", "-cl-unsafe-math-optimizations"}},
      // "single precision floating-point divide (x/y and 1/x) and sqrt ... are correctly rounded"
      {"-cl-fp32-correctly-rounded-divide-sqrt", {}},
  };
  return rows;
}

bool has(const std::vector<std::string>& v, const std::string& o) { return std::find(v.begin(), v.end(), o) != v.end(); }

}  // namespace

std::vector<std::string> effective_fp_options(const std::string& build_options) {
  std::vector<std::string> given;
  std::istringstream words(build_options);
  for (std::string w; words >> w;) given.push_back(w);
  // The closure of the "includes" relation (fast-relaxed includes unsafe,
  // which includes three more), then the table's order.
  std::vector<std::string> on;
  for (const auto& row : option_table())
    if (has(given, row.option)) on.push_back(row.option);
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& row : option_table()) {
      if (!has(on, row.option)) continue;
      for (const char* inc : row.includes)
        if (!has(on, inc)) on.push_back(inc), grew = true;
    }
  }
  std::vector<std::string> ordered;
  for (const auto& row : option_table())
    if (has(on, row.option)) ordered.push_back(row.option);
  return ordered;
}

FpRules fp_rules(const std::string& build_options, const DeviceFp& d) {
  const std::vector<std::string> on = effective_fp_options(build_options);
  FpRules r;
  r.embedded = d.embedded;
  r.relaxed = has(on, "-cl-unsafe-math-optimizations");
  r.finite_only = has(on, "-cl-finite-math-only");
  r.no_signed_zeros = has(on, "-cl-no-signed-zeros");
  // "can only be specified if CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT is set"
  r.fp32_cr_divide_sqrt =
      has(on, "-cl-fp32-correctly-rounded-divide-sqrt") && (d.single & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT);
  // A format without CL_FP_DENORM may flush (7.5.3) whatever the options;
  // the option "is ignored" for a format whose denormals the device lacks
  // and speaks of single and double precision only, so half follows
  // CL_DEVICE_HALF_FP_CONFIG alone (a device without cl_khr_fp16 reports
  // none, and has no half results to flush).
  const bool daz = has(on, "-cl-denorms-are-zero");
  r.flush_half = d.half != 0 && !(d.half & CL_FP_DENORM);
  r.flush_float = !(d.single & CL_FP_DENORM) || daz;
  r.flush_double = !(d.dbl & CL_FP_DENORM) || daz;
  return r;
}

}  // namespace clconform
