#include "fuzz_device.hpp"

#include <chrono>
#include <cstring>

#include "cl_errors.hpp"
#include "stderr_capture.hpp"

namespace clconform {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<uint8_t> pack(const std::vector<uint64_t>& bits, unsigned elem_bytes) {
  std::vector<uint8_t> bytes(bits.size() * elem_bytes);
  for (size_t i = 0; i < bits.size(); ++i) std::memcpy(&bytes[i * elem_bytes], &bits[i], elem_bytes);  // little-endian host
  return bytes;
}

}  // namespace

FuzzLaunch launch_fuzz_program(const cl::Context& context, const cl::Device& device, const cl::CommandQueue& queue,
                               const ref::fuzz::Program& p, const std::string& options) {
  FuzzLaunch r;
  auto t0 = std::chrono::steady_clock::now();
  cl::Program program;
  // The compiler's warnings go to the build log, not the terminal.
  StderrCapture chatter;
  try {
    program = cl::Program(context, p.source);
    program.build({device}, options.c_str());
  } catch (const cl::BuildError& e) {
    for (const auto& [dev, log] : e.getBuildLog()) r.log += log;
    r.failed_call = "clBuildProgram: " + cl_error_name(e.err());
  } catch (const cl::Error& e) {
    r.failed_call = std::string(e.what()) + ": " + cl_error_name(e.err());
  }
  const std::string said = chatter.finish();
  if (r.log.empty()) r.log = said;
  r.build_s = seconds_since(t0);
  if (!r.failed_call.empty()) return r;
  r.built = true;
  t0 = std::chrono::steady_clock::now();
  const unsigned eb = p.result.elem.bits / 8;
  // A sentinel in every result byte, so a value the kernel never wrote is
  // seen as what it is.
  std::vector<uint8_t> result(p.items * p.result.width * eb, 0xA5);
  try {
    cl::Kernel kernel(program, "fuzz");
    std::vector<cl::Buffer> buffers;
    for (size_t a = 0; a < p.args.size(); ++a) {
      std::vector<uint8_t> bytes = pack(p.inputs[a], p.args[a].elem.bits / 8);
      buffers.emplace_back(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes.size(), bytes.data());
      kernel.setArg(static_cast<cl_uint>(a), buffers.back());
    }
    cl::Buffer out(context, CL_MEM_WRITE_ONLY | CL_MEM_COPY_HOST_PTR, result.size(), result.data());
    kernel.setArg(static_cast<cl_uint>(p.args.size()), out);
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(p.items), cl::NullRange);
    queue.enqueueReadBuffer(out, CL_TRUE, 0, result.size(), result.data());
  } catch (const cl::Error& e) {
    r.failed_call = std::string(e.what()) + ": " + cl_error_name(e.err());
    return r;
  }
  r.run_s = seconds_since(t0);
  r.ran = true;
  r.out.resize(p.items * p.result.width);
  for (size_t i = 0; i < r.out.size(); ++i) std::memcpy(&r.out[i], &result[i * eb], eb);
  return r;
}

}  // namespace clconform
