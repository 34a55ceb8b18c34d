// An opened device: the context, queue and program cache that every case of
// one worker process shares.
#pragma once

#include <CL/opencl.hpp>

#include "device.hpp"
#include "program_cache.hpp"
#include "staged_buffers.hpp"

namespace clconform {

struct Session {
  DeviceHandle handle;
  cl::Context context;
  cl::CommandQueue queue;
  ProgramCache programs;
  StagedBufferPool staged_buffers;  // the staged sweeps' buffers (sweep.hpp), kept between cases

  Session(DeviceHandle h, const std::string& build_options);
  const DeviceInfo& info() const { return handle.info; }
};

}  // namespace clconform
