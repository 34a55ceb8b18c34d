// With -cl-denorms-are-zero, atan2(y, x) and atan2pi(y, x) return a NaN when both
// arguments are subnormal (here 0x1p-149, 0x1p-149). OpenCL C 3.0 7.5.3 allows
// the unflushed result (pi/4, 1/4 for atan2pi) or the result with either argument
// read as a zero of any sign: atan2(+-0, 0x1p-149) = +-0, atan2(0x1p-149, +-0) =
// pi/2, atan2(+-0, +-0) = +-0 or +-pi (7.5.1) -- never a NaN. out 2 is 1 where
// atan2 is not a NaN, out 3 the same for atan2pi; out 4, 5 hold the bits.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001
//@ arg 1 in 32: 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001
//@ arg 2 out 32: 16
//@ arg 3 out 32: 16
//@ arg 4 out 32: 16
//@ arg 5 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
//@ expect 3: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1

static int within(uint u, uint want, uint tol)
{
  /* same sign, and at most TOL representable floats from WANT */
  if ((u ^ want) & 0x80000000u) return 0;
  uint a = u & 0x7fffffffu, w = want & 0x7fffffffu;
  return (a > w ? a - w : w - a) <= tol;
}
static int is_zero(uint u) { return (u & 0x7fffffffu) == 0; }
__kernel void k(__global const float* y, __global const float* x,
                __global int* ok2, __global int* okpi, __global uint* r2, __global uint* rpi)
{
  size_t g = get_global_id(0);
  float a = atan2(y[g], x[g]), b = atan2pi(y[g], x[g]);
  r2[g] = as_uint(a); rpi[g] = as_uint(b);
  ok2[g] = (as_uint(a) & 0x7fffffffu) <= 0x7f800000u;
  okpi[g] = (as_uint(b) & 0x7fffffffu) <= 0x7f800000u;
}
