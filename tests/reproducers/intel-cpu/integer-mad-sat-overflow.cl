// mad_sat(a, b, c) on int, uint and long gives wrong results in kernels the
// runtime vectorizes across work-items (16 work-items here; with 4 the
// scalar code is right for int and uint): on int it returns INT_MAX for sums
// that fit (mad_sat(0, 0, -1), mad_sat(2, 3, -10)), on uint and long it wraps
// sums that overflow (mad_sat(1, 1, UINT_MAX) = 0, mad_sat(1, 1, LONG_MAX) =
// LONG_MIN). OpenCL C 3.0 6.15.3: mad_sat "Returns a * b + c and saturates
// the result": the exact a * b + c, clamped to the type's range.
// Work-item g computes case g % 4:
//   int:  (0,0,-1) = -1   (0,0,INT_MIN) = INT_MIN   (2,3,-10) = -4   (INT_MAX,2,0) = INT_MAX
//   uint: (1,1,UINT_MAX) = UINT_MAX   (1,UINT_MAX,2) = UINT_MAX   (3,4,5) = 17   (0x10000,0x10000,0) = UINT_MAX
//   long: (1,1,LONG_MAX) = LONG_MAX   (1,-1,LONG_MIN) = LONG_MIN  (2,3,-10) = -4   (0,0,-1) = -1
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: 0 0 ffffffff  0 0 80000000  2 3 fffffff6  7fffffff 2 0
//@ arg 1 in 32: 1 1 ffffffff  1 ffffffff 2  3 4 5  10000 10000 0
//@ arg 2 in 64: 1 1 7fffffffffffffff  1 ffffffffffffffff 8000000000000000  2 3 fffffffffffffff6  0 0 ffffffffffffffff
//@ arg 3 out 32: 16
//@ arg 4 out 32: 16
//@ arg 5 out 64: 16
//@ expect 3: ffffffff 80000000 fffffffc 7fffffff ffffffff 80000000 fffffffc 7fffffff ffffffff 80000000 fffffffc 7fffffff ffffffff 80000000 fffffffc 7fffffff
//@ expect 4: ffffffff ffffffff 11 ffffffff ffffffff ffffffff 11 ffffffff ffffffff ffffffff 11 ffffffff ffffffff ffffffff 11 ffffffff
//@ expect 5: 7fffffffffffffff 8000000000000000 fffffffffffffffc ffffffffffffffff 7fffffffffffffff 8000000000000000 fffffffffffffffc ffffffffffffffff 7fffffffffffffff 8000000000000000 fffffffffffffffc ffffffffffffffff 7fffffffffffffff 8000000000000000 fffffffffffffffc ffffffffffffffff
__kernel void k(__global const int* i32, __global const uint* u32, __global const long* i64,
                __global int* oi, __global uint* ou, __global long* ol)
{
  size_t g = get_global_id(0), i = g % 4;
  oi[g] = mad_sat(i32[3 * i], i32[3 * i + 1], i32[3 * i + 2]);
  ou[g] = mad_sat(u32[3 * i], u32[3 * i + 1], u32[3 * i + 2]);
  ol[g] = mad_sat(i64[3 * i], i64[3 * i + 1], i64[3 * i + 2]);
}
