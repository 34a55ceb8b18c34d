// Building a kernel that calls work_group_broadcast on a half kills the
// process: the runtime's compiler dies with SIGSEGV (its stack dump names the
// "vplan-vec" pass on the kernel; with CL_CONFIG_USE_VECTORIZER=False it
// dies in "sycl-kernel-group-builtin" instead). The same kernel on a float
// builds and runs. OpenCL C 3.0 spec 6.15.16 (Work-group Collective
// Functions): gentype of work_group_broadcast includes half where cl_khr_fp16
// is supported (this device reports it), so the program is legal and must
// build; here every work-item gets the value of local id 2.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 8
//@ local: 8
//@ arg 0 in 16: 3c00 4000 4200 4400 4500 4600 4700 4800
//@ arg 1 out 16: 8
//@ expect 1: 4200 4200 4200 4200 4200 4200 4200 4200
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* in, __global half* out)
{
  size_t i = get_global_id(0);
  out[i] = work_group_broadcast(in[i], 2);
}
