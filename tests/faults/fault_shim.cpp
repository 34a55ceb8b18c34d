// An LD_PRELOAD library that sits between a host program and the OpenCL ICD
// loader and alters what chosen kernels write (fault_core.hpp says how).
// It defines four of the loader's exported entry points and forwards every
// call to the next definition (dlsym(RTLD_NEXT)); all else goes straight to
// the loader. Without CLCONFORM_FAULT in the environment it only forwards.
//
//   clBuildProgram, clCompileProgram  append -cl-kernel-arg-info, so that
//                                     clGetKernelArgInfo can tell outputs
//   clSetKernelArg                    remembers the buffers of __global
//                                     pointer arguments
//   clEnqueueNDRangeKernel            for a chosen kernel: snapshots the
//                                     outputs (drop needs them), runs the
//                                     kernel, waits, reads the outputs,
//                                     alters them and writes them back
//                                     before returning
//
// Outputs are the non-const __global pointer arguments whose buffer is not
// CL_MEM_READ_ONLY. Because the alteration is written back with blocking
// commands before clEnqueueNDRangeKernel returns, whatever the host does
// next sees the altered values: a read into its own memory, or a map of a
// buffer it shares with a CPU device.
//
// CLCONFORM_FAULT_LOG=FILE appends one line per launch of a chosen kernel
// ("launch kernel=K arg=A type=T elements=N applied=M") and one per altered
// element for the first 8 of each launch ("change kernel=K arg=A type=T
// elem=I before=0x.. after=0x..").
#include <CL/cl.h>
#include <dlfcn.h>
#include <fnmatch.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "fault_core.hpp"

using namespace clconform::faults;

namespace {

template <class F>
F next(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

// Every OpenCL function the shim calls, from the next library in line.
struct Api {
  decltype(&clBuildProgram) build = next<decltype(&clBuildProgram)>("clBuildProgram");
  decltype(&clCompileProgram) compile = next<decltype(&clCompileProgram)>("clCompileProgram");
  decltype(&clSetKernelArg) set_arg = next<decltype(&clSetKernelArg)>("clSetKernelArg");
  decltype(&clEnqueueNDRangeKernel) ndrange = next<decltype(&clEnqueueNDRangeKernel)>("clEnqueueNDRangeKernel");
  decltype(&clGetKernelInfo) kernel_info = next<decltype(&clGetKernelInfo)>("clGetKernelInfo");
  decltype(&clGetKernelArgInfo) arg_info = next<decltype(&clGetKernelArgInfo)>("clGetKernelArgInfo");
  decltype(&clGetMemObjectInfo) mem_info = next<decltype(&clGetMemObjectInfo)>("clGetMemObjectInfo");
  decltype(&clEnqueueReadBuffer) read = next<decltype(&clEnqueueReadBuffer)>("clEnqueueReadBuffer");
  decltype(&clEnqueueWriteBuffer) write = next<decltype(&clEnqueueWriteBuffer)>("clEnqueueWriteBuffer");
  decltype(&clReleaseEvent) release_event = next<decltype(&clReleaseEvent)>("clReleaseEvent");
};

const Api& api() {
  static const Api a;
  return a;
}

struct State {
  bool active = false;
  Fault fault;
  std::string log_path;
  std::mutex mutex;
  std::map<cl_kernel, std::map<cl_uint, cl_mem>> buffers;  // __global pointer arguments per kernel
};

State& state() {
  static State s;
  return s;
}

// A driver may call its own exported entry points; those calls must pass
// straight through.
thread_local bool inside = false;

struct Inside {
  Inside() { inside = true; }
  ~Inside() { inside = false; }
};

__attribute__((constructor)) void configure() {
  const char* text = std::getenv("CLCONFORM_FAULT");
  if (!text || !*text) return;
  std::string error;
  std::optional<Fault> f = parse_fault(text, error);
  if (!f) {
    std::fprintf(stderr, "CLCONFORM_FAULT: %s\n", error.c_str());
    std::_Exit(2);
  }
  State& s = state();
  s.fault = *f;
  s.active = true;
  if (const char* log = std::getenv("CLCONFORM_FAULT_LOG")) s.log_path = log;
}

void log_lines(const std::string& lines) {
  const State& s = state();
  if (s.log_path.empty() || lines.empty()) return;
  // One append per launch; workers of one run may share the file.
  if (FILE* f = std::fopen(s.log_path.c_str(), "a")) {
    std::fwrite(lines.data(), 1, lines.size(), f);
    std::fclose(f);
  }
}

std::string with_arg_info(const char* options) {
  std::string o = options ? options : "";
  if (o.find("-cl-kernel-arg-info") == std::string::npos) o += o.empty() ? "-cl-kernel-arg-info" : " -cl-kernel-arg-info";
  return o;
}

std::string kernel_name(cl_kernel k) {
  size_t n = 0;
  if (api().kernel_info(k, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
  std::string name(n, '\0');
  if (api().kernel_info(k, CL_KERNEL_FUNCTION_NAME, n, name.data(), nullptr) != CL_SUCCESS) return "";
  name.resize(std::strlen(name.c_str()));
  return name;
}

bool global_pointer(cl_kernel k, cl_uint index) {
  cl_kernel_arg_address_qualifier q = 0;
  return api().arg_info(k, index, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof q, &q, nullptr) == CL_SUCCESS &&
         q == CL_KERNEL_ARG_ADDRESS_GLOBAL;
}

struct Output {
  cl_uint index;
  cl_mem mem;
  ElemFormat format;
  size_t bytes;
};

// The kernel's outputs in argument order.
std::vector<Output> outputs(cl_kernel k) {
  std::map<cl_uint, cl_mem> args;
  {
    State& s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.buffers.find(k);
    if (it != s.buffers.end()) args = it->second;
  }
  std::vector<Output> out;
  for (const auto& [index, mem] : args) {
    cl_kernel_arg_type_qualifier tq = 0;
    if (api().arg_info(k, index, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, nullptr) != CL_SUCCESS) continue;
    if (tq & CL_KERNEL_ARG_TYPE_CONST) continue;
    size_t n = 0;
    if (api().arg_info(k, index, CL_KERNEL_ARG_TYPE_NAME, 0, nullptr, &n) != CL_SUCCESS || n == 0) continue;
    std::string type(n, '\0');
    if (api().arg_info(k, index, CL_KERNEL_ARG_TYPE_NAME, n, type.data(), nullptr) != CL_SUCCESS) continue;
    type.resize(std::strlen(type.c_str()));
    std::optional<ElemFormat> f = element_format(type);
    if (!f) continue;
    cl_mem_flags flags = 0;
    size_t bytes = 0;
    if (api().mem_info(mem, CL_MEM_FLAGS, sizeof flags, &flags, nullptr) != CL_SUCCESS) continue;
    if (flags & CL_MEM_READ_ONLY) continue;
    if (api().mem_info(mem, CL_MEM_SIZE, sizeof bytes, &bytes, nullptr) != CL_SUCCESS) continue;
    out.push_back({index, mem, *f, bytes});
  }
  return out;
}

std::string hex(uint64_t v, unsigned bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, int(bytes * 2), v);
  return buf;
}

}  // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id* devices,
                                               const char* options,
                                               void(CL_CALLBACK* notify)(cl_program, void*), void* user_data) {
  if (!api().build) return CL_INVALID_OPERATION;
  if (inside || !state().active) return api().build(program, num_devices, devices, options, notify, user_data);
  Inside guard;
  const std::string o = with_arg_info(options);
  return api().build(program, num_devices, devices, o.c_str(), notify, user_data);
}

CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(cl_program program, cl_uint num_devices, const cl_device_id* devices,
                                                 const char* options, cl_uint num_headers,
                                                 const cl_program* headers, const char** header_names,
                                                 void(CL_CALLBACK* notify)(cl_program, void*), void* user_data) {
  if (!api().compile) return CL_INVALID_OPERATION;
  if (inside || !state().active)
    return api().compile(program, num_devices, devices, options, num_headers, headers, header_names, notify,
                         user_data);
  Inside guard;
  const std::string o = with_arg_info(options);
  return api().compile(program, num_devices, devices, o.c_str(), num_headers, headers, header_names, notify,
                       user_data);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint index, size_t size, const void* value) {
  if (!api().set_arg) return CL_INVALID_OPERATION;
  const cl_int err = api().set_arg(kernel, index, size, value);
  if (inside || !state().active || err != CL_SUCCESS) return err;
  Inside guard;
  State& s = state();
  // Only a __global pointer's value is a cl_mem; asking first keeps the
  // shim from reading a scalar argument's bytes as a handle.
  const bool buffer = size == sizeof(cl_mem) && value && global_pointer(kernel, index);
  std::lock_guard<std::mutex> lock(s.mutex);
  if (buffer) s.buffers[kernel][index] = *static_cast<const cl_mem*>(value);
  else if (auto it = s.buffers.find(kernel); it != s.buffers.end()) it->second.erase(index);
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dims,
                                                       const size_t* offset, const size_t* global,
                                                       const size_t* local, cl_uint num_events,
                                                       const cl_event* wait_list, cl_event* event) {
  if (!api().ndrange) return CL_INVALID_OPERATION;
  State& s = state();
  if (inside || !s.active) return api().ndrange(queue, kernel, dims, offset, global, local, num_events, wait_list, event);
  Inside guard;
  const std::string name = kernel_name(kernel);
  if (name.empty() || fnmatch(s.fault.kernel.c_str(), name.c_str(), 0) != 0)
    return api().ndrange(queue, kernel, dims, offset, global, local, num_events, wait_list, event);

  std::vector<Output> outs = outputs(kernel);
  if (s.fault.out >= 0) {
    if (size_t(s.fault.out) < outs.size()) outs = {outs[size_t(s.fault.out)]};
    else outs.clear();
  }
  // What the outputs hold before the kernel runs (drop puts it back).
  std::vector<std::vector<uint8_t>> before(outs.size());
  if (s.fault.kind == FaultKind::Drop) {
    for (size_t i = 0; i < outs.size(); ++i) {
      before[i].resize(outs[i].bytes);
      if (api().read(queue, outs[i].mem, CL_TRUE, 0, outs[i].bytes, before[i].data(), num_events, wait_list,
                     nullptr) != CL_SUCCESS)
        before[i].clear();
    }
  }
  cl_event done = nullptr;
  const cl_int err = api().ndrange(queue, kernel, dims, offset, global, local, num_events, wait_list, &done);
  if (err != CL_SUCCESS) return err;

  std::string lines;
  for (size_t i = 0; i < outs.size(); ++i) {
    const Output& o = outs[i];
    std::vector<uint8_t> data(o.bytes);
    size_t applied = 0;
    if (api().read(queue, o.mem, CL_TRUE, 0, o.bytes, data.data(), 1, &done, nullptr) == CL_SUCCESS) {
      const uint8_t* b = before[i].empty() ? nullptr : before[i].data();
      std::vector<Change> changes = apply_fault(s.fault, o.format, data.data(), o.bytes, b);
      if (!changes.empty() &&
          api().write(queue, o.mem, CL_TRUE, 0, o.bytes, data.data(), 0, nullptr, nullptr) == CL_SUCCESS) {
        applied = changes.size();
        for (size_t c = 0; c < changes.size() && c < 8; ++c) {
          lines += "change kernel=" + name + " arg=" + std::to_string(o.index) + " type=" + o.format.name +
                   " elem=" + std::to_string(changes[c].element) + " before=" +
                   hex(changes[c].before, o.format.bytes) + " after=" + hex(changes[c].after, o.format.bytes) +
                   "\n";
        }
      }
    }
    lines += "launch kernel=" + name + " arg=" + std::to_string(o.index) + " type=" + o.format.name +
             " elements=" + std::to_string(o.bytes / o.format.bytes) + " applied=" + std::to_string(applied) +
             " pid=" + std::to_string(getpid()) + "\n";
  }
  if (outs.empty()) lines += "launch kernel=" + name + " outputs=0 applied=0\n";
  log_lines(lines);
  if (event) *event = done;
  else api().release_event(done);
  return CL_SUCCESS;
}

}  // extern "C"
