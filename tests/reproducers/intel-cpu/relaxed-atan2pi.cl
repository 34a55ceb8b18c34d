// With -cl-fast-relaxed-math, atan2pi(y, x) returns values unrelated to its
// arguments when the runtime vectorizes across work-items: atan2pi(1, -1) = 0.25,
// atan2pi(2, 1) = 0.25, atan2pi(-1, 1) = -0.75 (atan2 of the same arguments is
// right). OpenCL C 3.0 7.4 relaxed table: atan2pi <= 8192 ulp, or derived as
// atan2(y, x) * M_1_PI_F; out 3 is 1 where the result is within 16384 ulp of
// the real value (in 2: 0.25, 0.75, -0.75, -0.25, atan2pi(2, 1), ...). Without
// the option the same kernel is right.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 3f800000 3f800000 bf800000 bf800000 40000000 3e800000 c1200000 3f800000 3f800000 3f800000 bf800000 bf800000 40000000 3e800000 c1200000 3f800000
//@ arg 1 in 32: 3f800000 bf800000 bf800000 3f800000 3f800000 40400000 3f000000 40000000 3f800000 bf800000 bf800000 3f800000 3f800000 40400000 3f000000 40000000
//@ arg 2 in 32: 3e800000 3f400000 bf400000 be800000 3eb46fec 3cd8cc73 bef7dba9 3e172029 3e800000 3f400000 bf400000 be800000 3eb46fec 3cd8cc73 bef7dba9 3e172029
//@ arg 3 out 32: 16
//@ arg 4 out 32: 16
//@ expect 3: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1

static int within(uint u, uint want, uint tol)
{
  /* same sign, and at most TOL representable floats from WANT */
  if ((u ^ want) & 0x80000000u) return 0;
  uint a = u & 0x7fffffffu, w = want & 0x7fffffffu;
  return (a > w ? a - w : w - a) <= tol;
}
static int is_zero(uint u) { return (u & 0x7fffffffu) == 0; }
__kernel void k(__global const float* y, __global const float* x, __global const uint* want,
                __global int* ok, __global uint* r)
{
  size_t g = get_global_id(0);
  uint u = as_uint(atan2pi(y[g], x[g]));
  r[g] = u;
  ok[g] = within(u, want[g], 16384);
}
