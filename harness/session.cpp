#include "session.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>

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

// What the staged sweeps' buffers may keep between cases, device and
// pinned halves together: a quarter of the device's memory and an eighth
// of the host's, at most 16 GiB. A double sweep's three slots take about
// 1.4 GB (two halves of 0.7), a float one's half that.
size_t staged_keep_bytes(const DeviceInfo& info) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  const uint64_t host = pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
  return size_t(std::min<uint64_t>({info.global_mem_bytes / 4, host / 8, uint64_t(16) << 30}));
}

}  // namespace

Session::Session(DeviceHandle h, const std::string& build_options)
    : handle(std::move(h)),
      context(make_context(handle)),
      queue(context, handle.device, CL_QUEUE_PROFILING_ENABLE),  // sweeps report device time
      programs(context, handle.device, build_options, handle.info.cl_std_2x_option()),
      staged_buffers(context, queue, staged_keep_bytes(handle.info)) {
  // Inputs and outputs are laid out on the host in little-endian order.
  if (!handle.device.getInfo<CL_DEVICE_ENDIAN_LITTLE>()) {
    throw SetupError(handle.info.name + " is big-endian, which clconform does not support yet");
  }
}

}  // namespace clconform
