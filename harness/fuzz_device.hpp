// One fuzz program on a device: build it, fill its argument buffers from the
// program's inputs, run one work-item per item, read the results back.
#pragma once

#include <CL/opencl.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "reference/fuzz/program.hpp"

namespace clconform {

struct FuzzLaunch {
  bool built = false;
  bool ran = false;
  std::string log;            // the build log (when the build failed)
  std::string failed_call;    // the OpenCL call that failed, with its error
  std::vector<uint64_t> out;  // items * width result patterns, zero-extended
  double build_s = 0, run_s = 0;
};

FuzzLaunch launch_fuzz_program(const cl::Context& context, const cl::Device& device, const cl::CommandQueue& queue,
                               const ref::fuzz::Program& program, const std::string& options);

}  // namespace clconform
