// convert_float of a ushort that abs(short) returned, after a swizzle: the
// NVIDIA driver gives -32768.0 for abs(-32768) = 32768. OpenCL C 3.0 6.15.3:
// abs returns |x| as ushort, so abs((short)-32768) is 32768 (the driver
// returns that when abs is the result), and convert_float of the ushort
// 32768 is 32768.0 (6.4.3); the conversion seems to read the 16 bits as
// signed. Found by `clconform fuzz --seed 11` on an H200 (driver 580.159.04,
// program 624), reduced to these operations.
//@ kernel: k
//@ global: 1
//@ arg 0 in 32: c73ae49f
//@ arg 1 out 32: 1
//@ expect 1: 47000000
__kernel void k(__global const float* a, __global float* out)
{
  short3 s = convert_short3_sat((float3)(a[0], a[0], a[0]));
  ushort3 m = abs(s);
  out[0] = convert_float3(m.s210).s2;
}
