// With -cl-denorms-are-zero, several built-ins return a subnormal argument (or
// its negation) unchanged where neither the unflushed result nor a flushed one is
// that value: cbrt(0x007fffff) = 0x007fffff (2.3e-13 = 0x2a7fffff within 2 ulp,
// or +-0 if the argument is flushed); fract(-0x1p-149) = -0x1p-149 (0x3f7fffff,
// or +-0); remainder(0x007fffff, 0x00800000) = 0x007fffff (exactly -0x1p-149, or
// +-0). OpenCL C 3.0 7.5.3 allows only the unflushed result, a flushed argument
// read as +-0, and a subnormal result flushed to +-0. Work-item g computes case
// g % 3; out 2 is 1 where the result is allowed, out 3 holds its bits.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 007fffff 80000001 007fffff 007fffff 80000001 007fffff 007fffff 80000001 007fffff 007fffff 80000001 007fffff 007fffff 80000001 007fffff 007fffff
//@ arg 1 in 32: 3f800000 3f800000 00800000 3f800000 3f800000 00800000 3f800000 3f800000 00800000 3f800000 3f800000 00800000 3f800000 3f800000 00800000 3f800000
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
  float c = cbrt(a[g]), ip, f = fract(a[g], &ip), m = remainder(a[g], b[g]);
  uint u;
  int good;
  switch (g % 3) {
  case 0: u = as_uint(c); good = within(u, 0x2a7fffffu, 2) || is_zero(u); break;
  case 1: u = as_uint(f); good = u == 0x3f7fffffu || is_zero(u); break;
  default: u = as_uint(m); good = u == 0x80000001u || is_zero(u); break;
  }
  r[g] = u; ok[g] = good;
}
