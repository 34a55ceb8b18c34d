// Building a kernel that calls get_kernel_max_sub_group_size_for_ndrange and
// get_kernel_sub_group_count_for_ndrange on a block never finishes: the
// program build hangs (no progress in 60 s; clBuildProgram of every other
// device-enqueue kernel of suites/enqueue takes well under a second). The
// device reports __opencl_c_device_enqueue and __opencl_c_subgroups, with
// which OpenCL C spec 6.15.19 (Enqueuing Kernels, unified numbering; 6.15.18
// in older revisions) gives both functions. Five seconds is the limit here.
// For ndrange_1D(64, 16) the results must be a maximum sub-group size in
// 1 .. 16 and a count that holds 16 work-items; the kernel stores 1 for each
// result in range.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 1
//@ time-limit: 5
//@ arg 0 out 32: 2
//@ expect 0: 1 1
__kernel void k(__global uint* out)
{
  void (^blk)(void) = ^{ };
  ndrange_t nd = ndrange_1D(64, 16);
  uint m = get_kernel_max_sub_group_size_for_ndrange(nd, blk);
  uint n = get_kernel_sub_group_count_for_ndrange(nd, blk);
  out[0] = m >= 1 && m <= 16;
  out[1] = m >= 1 && n >= (16 + m - 1) / m && n <= 16;
}
