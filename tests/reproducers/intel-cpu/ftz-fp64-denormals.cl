// With -cl-denorms-are-zero, double built-ins give results that no reading of
// OpenCL C 3.0 7.5.3 allows. The API spec lets -cl-denorms-are-zero flush
// double denormals on a device with fp64; 7.5.3 then allows the unflushed
// result, the result with a subnormal argument read as +-0, or a result that
// is subnormal before rounding flushed to +-0, nothing else. Work-item g
// checks case g % 8 (out 2 is 1 where the result is allowed, out 3 holds it):
//  0 fmax(-0x0.fffffffffffffp-1022, +0x0.fffffffffffffp-1022): the positive one or +-0
//  1 cbrt(0x0.8p-1022): 0x1p-341 (0x2aa0000000000000, within 2 ulp) or +-0
//  2 ilogb(0x0.0000000000001p-1022): -1074 or FP_ILOGB0 (INT_MIN or -INT_MAX), as a double
//  3 exp(-708.39...): just below 2^-1022, within 3 ulp of 0x000ffffffffffa7c, or +-0
//  4 pow(+inf, 0x0.0000000000001p-1022): +inf, or 1 with y read as +-0
//  5 remainder(0x0.fffffffffffffp-1022, 0x1p-1022): -0x0.0000000000001p-1022 or +-0
//  6 nextafter(+0x0.fffffffffffffp-1022, -0x0.fffffffffffffp-1022): 0x0.ffffffffffffep-1022,
//    or nextafter with an argument read as +-0 (+-0, -0x0.0000000000001p-1022, 7.5.3's
//    alternatives), never y itself
//  7 minmag(0x0.0000000000001p-1022, +0): +0 or -0
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 64: 800fffffffffffff 0008000000000000 0000000000000001 c086232bdd7abcd5 7ff0000000000000 000fffffffffffff 000fffffffffffff 0000000000000001 800fffffffffffff 0008000000000000 0000000000000001 c086232bdd7abcd5 7ff0000000000000 000fffffffffffff 000fffffffffffff 0000000000000001
//@ arg 1 in 64: 000fffffffffffff 0000000000000000 0000000000000000 0000000000000000 0000000000000001 0010000000000000 800fffffffffffff 0000000000000000 000fffffffffffff 0000000000000000 0000000000000000 0000000000000000 0000000000000001 0010000000000000 800fffffffffffff 0000000000000000
//@ arg 2 out 32: 16
//@ arg 3 out 64: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static int near(ulong u, ulong want, ulong tol)
{
  if ((u ^ want) & 0x8000000000000000ul) return 0;
  ulong a = u & 0x7ffffffffffffffful, w = want & 0x7ffffffffffffffful;
  return (a > w ? a - w : w - a) <= tol;
}
static int is_zero(ulong u) { return (u & 0x7ffffffffffffffful) == 0; }
__kernel void k(__global const double* a, __global const double* b, __global int* ok, __global ulong* r)
{
  size_t g = get_global_id(0);
  double x = a[g], y = b[g], v;
  int good;
  switch (g % 8) {
  case 0: v = fmax(x, y); good = as_ulong(v) == 0x000ffffffffffffful || is_zero(as_ulong(v)); break;
  case 1: v = cbrt(x); good = near(as_ulong(v), 0x2aa0000000000000ul, 2) || is_zero(as_ulong(v)); break;
  case 2: v = (double)ilogb(x); good = v == -1074.0 || v == -2147483648.0 || v == -2147483647.0; break;
  case 3: v = exp(x); good = near(as_ulong(v), 0x000ffffffffffa7cul, 3) || is_zero(as_ulong(v)); break;
  case 4: v = pow(x, y); good = as_ulong(v) == 0x7ff0000000000000ul || v == 1.0; break;
  case 5: v = remainder(x, y); good = as_ulong(v) == 0x8000000000000001ul || is_zero(as_ulong(v)); break;
  case 6: v = nextafter(x, y); good = as_ulong(v) != as_ulong(y); break;
  default: v = minmag(x, y); good = is_zero(as_ulong(v)); break;
  }
  r[g] = as_ulong(v); ok[g] = good;
}
