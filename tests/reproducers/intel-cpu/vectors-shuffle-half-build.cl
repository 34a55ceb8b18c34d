// A kernel that shuffles a half16 by a mask read from memory does not build:
// the JIT reports "Symbols not found: [ _Z7shuffleDv16_DhDv4_t ... ]" (with a
// constant mask the compiler folds the shuffle, and it is right). OpenCL C
// spec 6.15.13 (Miscellaneous Vector Functions): gentypen shuffle(gentypem x,
// ugentypen mask) takes every gentype, halfn included with cl_khr_fp16,
// which the device reports. shuffle2 of half16 sources is missing the same way.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 1
//@ expect-build: succeed
//@ arg 0 in 16: 3c00 4000 4200 4400 4500 4600 4700 4800 4880 4900 4980 4a00 4a80 4b00 4b80 4c00
//@ arg 1 in 16: f e 0 1
//@ arg 2 out 16: 4
//@ expect 2: 4c00 4b80 3c00 4000
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* in, __global const ushort* mask, __global half* out)
{
  vstore4(shuffle(vload16(0, in), vload4(0, mask)), 0, out);
}
