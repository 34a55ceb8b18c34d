// A tiny OpenCL host program for the shim's unit test: runs
// out[i] = in[i] * 2 (float) over 16 work-items on the first device and
// prints the 16 results as hex bit patterns on one line. With "map" it reads
// the results the way clconform reads a CPU device's sweep (a
// CL_MEM_ALLOC_HOST_PTR buffer mapped after the kernel); with "read",
// through clEnqueueReadBuffer. Outputs start as 0xA5 bytes.
// Exit 0 on success, 3 when no OpenCL device could be used.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

const char* kSource =
    "__kernel void twice(__global const float* in, __global float* out)\n"
    "{ size_t i = get_global_id(0); out[i] = in[i] * 2.0f; }\n";

int fail(const char* what, cl_int err) {
  std::fprintf(stderr, "shim_probe: %s failed (%d)\n", what, err);
  return 3;
}

}  // namespace

int main(int argc, char** argv) {
  const bool map = argc > 1 && std::string(argv[1]) == "map";
  constexpr size_t n = 16;
  // Zeros, normals of both signs, a value whose neighbours are easy to see.
  std::vector<float> in = {1.0f, 0.0f, -0.0f, 3.0f, -1.5f, 0.25f, 100.0f, 7.0f,
                           -2.0f, 0.5f, 1e-3f, 42.0f, -8.0f, 9.0f, 1.0f, 0.125f};
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = clGetPlatformIDs(1, &platform, nullptr);
  if (err != CL_SUCCESS) return fail("clGetPlatformIDs", err);
  err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
  if (err != CL_SUCCESS) return fail("clGetDeviceIDs", err);
  cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  if (err != CL_SUCCESS) return fail("clCreateContext", err);
  cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
  if (err != CL_SUCCESS) return fail("clCreateCommandQueue", err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, nullptr, &err);
  if (err != CL_SUCCESS) return fail("clCreateProgramWithSource", err);
  err = clBuildProgram(prog, 1, &device, "", nullptr, nullptr);
  if (err != CL_SUCCESS) return fail("clBuildProgram", err);
  cl_kernel k = clCreateKernel(prog, "twice", &err);
  if (err != CL_SUCCESS) return fail("clCreateKernel", err);

  cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(float), in.data(), &err);
  if (err != CL_SUCCESS) return fail("clCreateBuffer", err);
  std::vector<uint8_t> sentinel(n * sizeof(float), 0xA5);
  const cl_mem_flags out_flags = CL_MEM_READ_WRITE | (map ? CL_MEM_ALLOC_HOST_PTR : CL_MEM_COPY_HOST_PTR);
  cl_mem bout = clCreateBuffer(ctx, out_flags, n * sizeof(float), map ? nullptr : sentinel.data(), &err);
  if (err != CL_SUCCESS) return fail("clCreateBuffer", err);
  if (map) {
    err = clEnqueueWriteBuffer(q, bout, CL_TRUE, 0, sentinel.size(), sentinel.data(), 0, nullptr, nullptr);
    if (err != CL_SUCCESS) return fail("clEnqueueWriteBuffer", err);
  }
  err = clSetKernelArg(k, 0, sizeof bin, &bin);
  if (err == CL_SUCCESS) err = clSetKernelArg(k, 1, sizeof bout, &bout);
  if (err != CL_SUCCESS) return fail("clSetKernelArg", err);
  const size_t global = n;
  err = clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr);
  if (err != CL_SUCCESS) return fail("clEnqueueNDRangeKernel", err);

  std::vector<uint32_t> out(n);
  if (map) {
    void* p = clEnqueueMapBuffer(q, bout, CL_TRUE, CL_MAP_READ, 0, n * sizeof(float), 0, nullptr, nullptr, &err);
    if (err != CL_SUCCESS) return fail("clEnqueueMapBuffer", err);
    std::memcpy(out.data(), p, n * sizeof(float));
    clEnqueueUnmapMemObject(q, bout, p, 0, nullptr, nullptr);
  } else {
    err = clEnqueueReadBuffer(q, bout, CL_TRUE, 0, n * sizeof(float), out.data(), 0, nullptr, nullptr);
    if (err != CL_SUCCESS) return fail("clEnqueueReadBuffer", err);
  }
  clFinish(q);
  for (size_t i = 0; i < n; ++i) std::printf("%s0x%08" PRIx32, i ? " " : "", out[i]);
  std::printf("\n");
  clReleaseMemObject(bin);
  clReleaseMemObject(bout);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return 0;
}
