// A program that calls dot on half values fails to build: the runtime's JIT
// reports "Symbols not found: [ _Z17__ocl_reduce_faddDh ]" (a half reduction
// helper it lacks). OpenCL C 3.0 6.15.5 declares half dot(gentypeh p0,
// gentypeh p1) for half, half2, half3 and half4 where cl_khr_fp16 is
// supported, and the device reports cl_khr_fp16, so the program is legal and
// must build; dot(1, 2) + dot((1,1), (2,3)) = 2 + 5 = 7.
//@ kernel: k
//@ expect-build: succeed
//@ global: 16
//@ arg 0 in 16: 3c00 4000 3c00 3c00 4000 4200
//@ arg 1 out 16: 16
//@ expect 1: 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700 4700
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* in, __global half* out)
{
  size_t g = get_global_id(0);
  out[g] = dot(in[0], in[1]) + dot(vload2(1, in), vload2(2, in));
}
