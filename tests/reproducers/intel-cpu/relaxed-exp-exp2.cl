// With -cl-fast-relaxed-math, exp2(0) = 0x3f7ffb49 (1 - 7.2e-5) and
// exp(0x1.0a026cp+0) = 0x4034e15a. OpenCL C 3.0 7.4 relaxed table: exp and exp2
// <= 3 + floor(fabs(2 * x)) ulp, so exp2(0) within 3 ulp of 1 and exp(1.0391)
// within 5 ulp of 2.82667 (0x4034e82b, MPFR); the device is 1207 and 1745 ulp
// away. Work-item g computes case g % 2; out 2 is 1 where allowed.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 00000000 3f850136 00000000 3f850136 00000000 3f850136 00000000 3f850136 00000000 3f850136 00000000 3f850136 00000000 3f850136 00000000 3f850136
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
  uint e2 = as_uint(exp2(a[g])), e = as_uint(exp(a[g]));
  uint u = (g % 2) ? e : e2;
  r[g] = u;
  ok[g] = (g % 2) ? within(u, 0x4034e82bu, 5) : within(u, 0x3f800000u, 3);
}
