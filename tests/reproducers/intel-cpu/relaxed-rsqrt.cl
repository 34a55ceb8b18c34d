// With -cl-fast-relaxed-math, rsqrt keeps about 12 bits: rsqrt(0x1.6a8f68p-96)
// = 0x57572800 where the real value is 0x57571d57 to nearest (MPFR), 2729 ulp
// away. rsqrt is not in the relaxed table of OpenCL C 3.0 7.4, so its full
// profile bound applies: <= 2 ulp. out 1 is 1 where allowed.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4 0fb547b4
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
  ok[g] = within(u, 0x57571d57u, 2);
}
