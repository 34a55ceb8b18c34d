// With -cl-denorms-are-zero, rsqrt(0x1.000002p+126) returns 0x1.177400p-62
// (0x208bba00) in kernels the runtime vectorizes across work-items (16 here); the
// real value is 0x1.fffffep-64 to nearest (0x1fffffff). OpenCL C 3.0 7.4: rsqrt
// <= 2 ulp; neither argument nor result is subnormal, so 7.5.3 allows nothing
// else. Without the option the same kernel is right. out 1 is 1 where allowed.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001 7e800001
//@ arg 1 out 32: 16
//@ arg 2 out 32: 16
//@ expect 1: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1

static int within(uint u, uint want, uint tol)
{
  /* same sign, and at most TOL representable floats from WANT */
  if ((u ^ want) & 0x80000000u) return 0;
  uint a = u & 0x7fffffffu, w = want & 0x7fffffffu;
  return (a > w ? a - w : w - a) <= tol;
}
static int is_zero(uint u) { return (u & 0x7fffffffu) == 0; }
__kernel void k(__global const float* a, __global int* ok, __global uint* r)
{
  size_t g = get_global_id(0);
  uint u = as_uint(rsqrt(a[g]));
  r[g] = u;
  ok[g] = within(u, 0x1fffffffu, 2);
}
