// Builds each program once per run and remembers the outcome, a failure and
// its log included, so that every case of a program that does not build is
// reported with the same log without building it again.
#pragma once

#include <CL/opencl.hpp>

#include <map>
#include <string>

#include "manifest.hpp"

namespace clconform {

struct BuiltProgram {
  bool ok = false;
  int error = 0;  // the OpenCL error of a failed build (CL_BUILD_PROGRAM_FAILURE, ...)
  cl::Program program;
  std::string log;
  std::string source;
  double seconds = 0;
};

// The line of a build log a reader wants first: the first that says
// "error", else the first non-blank one.
std::string build_log_headline(const std::string& log);

class ProgramCache {
 public:
  // CL_STD_2X is the -cl-std option for programs that ask for OpenCL C 2.0 or later.
  ProgramCache(cl::Context context, cl::Device device, std::string options, std::string cl_std_2x = "")
      : context_(std::move(context)),
        device_(std::move(device)),
        options_(std::move(options)),
        cl_std_2x_(std::move(cl_std_2x)) {}

  const BuiltProgram& get(const Suite& suite, const ProgramDesc& program);
  const std::string& options() const { return options_; }
  // Seconds spent building programs so far (a case's share is the
  // difference across it).
  double build_seconds() const { return build_seconds_; }

 private:
  cl::Context context_;
  cl::Device device_;
  std::string options_;
  std::string cl_std_2x_;
  std::map<std::string, BuiltProgram> built_;  // key: suite/program
  double build_seconds_ = 0;
};

}  // namespace clconform
