#include "session.hpp"

#include "cl_errors.hpp"
#include "errors.hpp"

namespace clconform {

namespace {

cl::Context make_context(const DeviceHandle& h) {
  try {
    return cl::Context(h.device);
  } catch (const cl::Error& e) {
    throw SetupError("cannot create a context on " + h.info.name + ": " + cl_error_name(e.err()));
  }
}

}  // namespace

Session::Session(DeviceHandle h, const std::string& build_options)
    : handle(std::move(h)),
      context(make_context(handle)),
      queue(context, handle.device, CL_QUEUE_PROFILING_ENABLE),  // sweeps report device time
      programs(context, handle.device, build_options, handle.info.cl_std_2x_option()) {
  // Inputs and outputs are laid out on the host in little-endian order.
  if (!handle.device.getInfo<CL_DEVICE_ENDIAN_LITTLE>()) {
    throw SetupError(handle.info.name + " is big-endian, which clconform does not support yet");
  }
}

}  // namespace clconform
