// With -cl-fast-relaxed-math, erf(0x1.282af0p-9) = 0x3b27117f (real 0x3b27182f,
// 1712 ulp away) and erfc(0x1.d3192ap+2) = 0x172e5546 (real 0x172e549a, 172 ulp
// away; MPFR). erf and erfc are not in the relaxed table of OpenCL C 3.0 7.4, so
// the full profile bound applies: <= 16 ulp. Work-item g computes case g % 2;
// out 2 is 1 where allowed.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 3b141578 40e98c95 3b141578 40e98c95 3b141578 40e98c95 3b141578 40e98c95 3b141578 40e98c95 3b141578 40e98c95 3b141578 40e98c95 3b141578 40e98c95
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
  uint e = as_uint(erf(a[g])), c = as_uint(erfc(a[g]));
  uint u = (g % 2) ? c : e;
  r[g] = u;
  ok[g] = (g % 2) ? within(u, 0x172e549au, 16) : within(u, 0x3b27182fu, 16);
}
