// With -cl-fast-relaxed-math, hypot overflows or underflows like sqrt(x*x + y*y):
// hypot(0x1.a43ba8p+70, 0x1.e70d3cp+77) = +inf (real 0x66738809) and
// hypot(0x1.b59e76p-119, 0x1.62fae4p-113) = 0 (real 0x073185e0; MPFR). hypot is
// not in the relaxed table of OpenCL C 3.0 7.4: <= 4 ulp applies, and neither
// argument nor result is infinite, NaN or subnormal. Work-item g computes case
// g % 2; out 2 is 1 where allowed.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 62d21dd4 045acf3b 62d21dd4 045acf3b 62d21dd4 045acf3b 62d21dd4 045acf3b 62d21dd4 045acf3b 62d21dd4 045acf3b 62d21dd4 045acf3b 62d21dd4 045acf3b
//@ arg 1 in 32: 6673869e 07317d72 6673869e 07317d72 6673869e 07317d72 6673869e 07317d72 6673869e 07317d72 6673869e 07317d72 6673869e 07317d72 6673869e 07317d72
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
  uint u = as_uint(hypot(a[g], b[g]));
  r[g] = u;
  ok[g] = within(u, (g % 2) ? 0x073185e0u : 0x66738809u, 4);
}
