// With -cl-denorms-are-zero, ilogb(0x1p-149) returns -191 and frexp(0x1p-149)
// returns 0.5 with exponent -151 (0.5 * 2^-151 = 2^-152, not the argument).
// OpenCL C 3.0 7.5.3: the result is either the unflushed one (ilogb -149, frexp
// (0.5, -148)) or that of the argument read as +-0 (ilogb(0) = FP_ILOGB0, INT_MIN
// or -INT_MAX, 6.15.2.1; frexp(+-0) = (+-0, 0), C99 F.9.3.4). out 1 is 1 where
// ilogb is allowed, out 2 where frexp is; out 3, 4, 5 hold ilogb, exponent, mantissa.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001
//@ arg 1 out 32: 16
//@ arg 2 out 32: 16
//@ arg 3 out 32: 16
//@ arg 4 out 32: 16
//@ arg 5 out 32: 16
//@ expect 1: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* x, __global int* okl, __global int* okf,
                __global int* il, __global int* ex, __global uint* man)
{
  size_t g = get_global_id(0);
  int i = ilogb(x[g]), e;
  float m = frexp(x[g], &e);
  il[g] = i; ex[g] = e; man[g] = as_uint(m);
  okl[g] = i == -149 || i == (int)0x80000000 || i == -0x7fffffff;
  okf[g] = (as_uint(m) == 0x3f000000u && e == -148) || ((as_uint(m) & 0x7fffffffu) == 0 && e == 0);
}
