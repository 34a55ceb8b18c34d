// With -cl-fast-relaxed-math, log, log2 and log10 on [0.5, 2] err by about 2e-5:
// log(0x1.9501ap-1) = 0xbe701311 (real -0.2344275, 0xbe700dc6), log2(0x1.6ca3fap-1)
// = 0xbefab882 (real 0xbefab5e1), log10(0x1.c2eaaep-1) = 0xbd61faf7 (real
// 0xbd61fdbd; MPFR). OpenCL C 3.0 7.4 relaxed table: on [0.5, 2] the absolute
// error is <= 2^-21, which is 32, 16 and 128 ulp at these results. Work-item g
// computes case g % 3; out 2 is 1 where allowed.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 3f4a8085 3f3651fd 3f617557 3f4a8085 3f3651fd 3f617557 3f4a8085 3f3651fd 3f617557 3f4a8085 3f3651fd 3f617557 3f4a8085 3f3651fd 3f617557 3f4a8085
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
  uint l = as_uint(log(a[g])), l2 = as_uint(log2(a[g])), l10 = as_uint(log10(a[g]));
  uint u;
  int good;
  switch (g % 3) {
  case 0: u = l; good = within(u, 0xbe700dc6u, 32); break;
  case 1: u = l2; good = within(u, 0xbefab5e1u, 16); break;
  default: u = l10; good = within(u, 0xbd61fdbdu, 128); break;
  }
  r[g] = u; ok[g] = good;
}
