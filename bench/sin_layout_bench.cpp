// How the layout of a sin kernel and its work-group size change its time
// on a device, width by width: the math suite's layout (vloadn/vstoren from
// packed float arrays, "vl_N") against typed vector pointers ("tp_N", as
// some other suites write them), each with the work-group size left to the
// implementation (0), 64 and 256. 2^22 floats spread over every exponent
// (NaNs and infinities included); the best of three runs, from event
// profiling. Measures the device only: no verification runs.
//
//   sin_layout_bench        (the default OpenCL device)
#include <CL/opencl.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
const char* src = R"(
__kernel void vl_1(__global const float* in0, __global float* out0){ size_t i=get_global_id(0); out0[i]=sin(in0[i]); }
__kernel void vl_2(__global const float* in0, __global float* out0){ size_t i=get_global_id(0); vstore2(sin(vload2(i,in0)),i,out0); }
__kernel void vl_3(__global const float* in0, __global float* out0){ size_t i=get_global_id(0); vstore3(sin(vload3(i,in0)),i,out0); }
__kernel void vl_4(__global const float* in0, __global float* out0){ size_t i=get_global_id(0); vstore4(sin(vload4(i,in0)),i,out0); }
__kernel void vl_8(__global const float* in0, __global float* out0){ size_t i=get_global_id(0); vstore8(sin(vload8(i,in0)),i,out0); }
__kernel void vl_16(__global const float* in0, __global float* out0){ size_t i=get_global_id(0); vstore16(sin(vload16(i,in0)),i,out0); }
__kernel void tp_2(__global const float2* in0, __global float2* out0){ size_t i=get_global_id(0); out0[i]=sin(in0[i]); }
__kernel void tp_4(__global const float4* in0, __global float4* out0){ size_t i=get_global_id(0); out0[i]=sin(in0[i]); }
__kernel void tp_8(__global const float8* in0, __global float8* out0){ size_t i=get_global_id(0); out0[i]=sin(in0[i]); }
__kernel void tp_16(__global const float16* in0, __global float16* out0){ size_t i=get_global_id(0); out0[i]=sin(in0[i]); }
)";
int main() {
  std::printf("%s\n", cl::Device::getDefault().getInfo<CL_DEVICE_NAME>().c_str());
  cl::Context ctx(CL_DEVICE_TYPE_DEFAULT);
  cl::Device dev = ctx.getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  cl::Program p(ctx, src); p.build();
  const size_t n = size_t(1) << 22;
  std::vector<float> h(n);
  for (size_t i = 0; i < n; ++i) {  // every 1024th float bit pattern, from 0.5 on (wrapping)
    const uint32_t b = uint32_t(i) * 1024u + 0x3f000000u;
    std::memcpy(&h[i], &b, 4);
  }
  cl::Buffer in(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, h.data()), out(ctx, CL_MEM_WRITE_ONLY, n * 4);
  for (const char* name : {"vl_1","vl_2","tp_2","vl_3","vl_4","tp_4","vl_8","tp_8","vl_16","tp_16"}) {
    const unsigned w = std::stoi(std::string(name).substr(3));
    for (size_t local : {size_t(0), size_t(64), size_t(256)}) {
      cl::Kernel k(p, name); k.setArg(0, in); k.setArg(1, out);
      double best = 1e9;
      for (int r = 0; r < 3; ++r) {
        cl::Event e;
        const size_t items = n / w / 256 * 256;  // a whole number of work-groups of every size tried
        q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), local ? cl::NDRange(local) : cl::NullRange, nullptr, &e);
        e.wait();
        best = std::min(best, (e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9);
      }
      std::printf("%-6s local %3zu: %.3f s (%.2f ns per value)\n", name, local, best, best * 1e9 / double(n / w / 256 * 256 * w));
    }
  }
}
