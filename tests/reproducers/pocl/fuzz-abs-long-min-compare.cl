// abs(LONG_MIN) compared with its complement: PoCL gives 0 (false). OpenCL C
// 3.0 6.15.3: abs returns |x| as ulong, so abs(LONG_MIN) is
// 0x8000000000000000 (PoCL returns that when abs is the result), and
// 0x8000000000000000 > ~0x8000000000000000 = 0x7fffffffffffffff is 1 (6.5.6).
// The compiler seems to treat abs(LONG_MIN) as impossible (as LLVM's abs with
// an undefined INT_MIN result does) and folds the comparison. Found by
// `clconform fuzz --seed 7` (program 830), reduced from 20 operations.
//@ kernel: k
//@ global: 1
//@ arg 0 in 64: 8000000000000000
//@ arg 1 out 32: 1
//@ expect 1: 00000001
__kernel void k(__global const long* a, __global int* out)
{
  ulong m = abs(a[get_global_id(0)]);
  out[get_global_id(0)] = m > ~m;
}
