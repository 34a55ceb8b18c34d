// With -cl-denorms-are-zero, normalize of a subnormal scalar returns the
// subnormal unchanged: normalize(0x1p-149) = 0x1p-149. OpenCL C 3.0 7.5.3
// allows the result without flushing (+1.0 for a positive scalar, 6.15.5),
// or, with the argument flushed to zero, the result for a zero vector (7.5.1:
// normalize(v) returns v, here a zero), and a subnormal result flushed to
// zero; the unflushed argument is none of these. Out 1 is 1 where the result
// is +-1 or a zero, out 2 holds its bits.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 00000001 007fffff 001c61c2 00000001 007fffff 001c61c2 00000001 007fffff 001c61c2 00000001 007fffff 001c61c2 00000001 007fffff 001c61c2 00000001
//@ arg 1 out 32: 16
//@ arg 2 out 32: 16
//@ expect 1: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* x, __global int* ok, __global uint* bits)
{
  size_t g = get_global_id(0);
  uint u = as_uint(normalize(x[g]));
  ok[g] = u == 0x3f800000u || (u & 0x7fffffffu) == 0;
  bits[g] = u;
}
