// With -cl-denorms-are-zero, fmax, fmin, minmag and nextafter compare subnormal
// arguments as zeros but return one of them unflushed, a value no reading allows:
// fmax(-0x1.fffffcp-127, +0x1.fffffcp-127) = the negative one; fmin and minmag
// mirror it; nextafter(0x007fffff, 0x807fffff) = 0x807fffff. OpenCL C 3.0 7.5.3:
// the result is the unflushed one (fmax: 0x007fffff), or that with either argument
// read as +-0 (fmax: 0x007fffff or +-0), or a subnormal result flushed to +-0;
// for nextafter also 0x007ffffe, 0x80000001 and 0x80800000 (7.5.3 alternative
// edge cases). Work-item g computes case g % 4; out 2 is 1 where allowed.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff 807fffff
//@ arg 1 in 32: 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff 007fffff
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
  float x = fmax(a[g], b[g]), n = fmin(b[g], a[g]), m = minmag(b[g], a[g]), t = nextafter(b[g], a[g]);
  uint u;
  int good;
  switch (g % 4) {
  case 0: u = as_uint(x); good = u == 0x007fffffu || is_zero(u); break;
  case 1: u = as_uint(n); good = u == 0x807fffffu || is_zero(u); break;
  case 2: u = as_uint(m); good = u == 0x807fffffu || is_zero(u); break;
  default: u = as_uint(t); good = u == 0x007ffffeu || u == 0x80000001u || u == 0x80800000u || is_zero(u); break;
  }
  r[g] = u; ok[g] = good;
}
