// With -cl-denorms-are-zero, powr(0x1p-126, 0x1.000002p+0) returns 0x1p-126 (the
// smallest normal) where the real result 2^(-126 * (1 + 2^-23)) is subnormal,
// 0x007fffa9 to nearest. OpenCL C 3.0 7.4: powr <= 16 ulp; 7.5.3: a result
// subnormal before rounding may be flushed to +-0. 0x00800000 is 87 ulp away and
// not zero. out 2 is 1 where allowed, out 3 holds the bits.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000 00800000
//@ arg 1 in 32: 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001 3f800001
//@ arg 2 out 32: 16
//@ arg 3 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1

static int within(uint u, uint want, uint tol)
{
  /* same sign, and at most TOL representable floats from WANT */
  if ((u ^ want) & 0x80000000u) return 0;
  uint a = u & 0x7fffffffu, w = want & 0x7fffffffu;
  return (a > w ? a - w : w - a) <= tol;
}
static int is_zero(uint u) { return (u & 0x7fffffffu) == 0; }
__kernel void k(__global const float* a, __global const float* b, __global int* ok, __global uint* r)
{
  size_t g = get_global_id(0);
  uint u = as_uint(powr(a[g], b[g]));
  r[g] = u;
  ok[g] = within(u, 0x007fffa9u, 16) || is_zero(u);
}
