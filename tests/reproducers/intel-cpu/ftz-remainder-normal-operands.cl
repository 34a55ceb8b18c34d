// With -cl-denorms-are-zero, remainder(0x56de17eb, 0x80e0ac0b), both normal, gives
// +0x1.f48b74p-127 (0x007d22dd): x - n*y for the wrong n. OpenCL C 3.0 6.15.2
// and 7.4 (0 ulp): the exact remainder is -0x1.8e24b8p-127 (0x8063892e, computed
// with MPFR and C fmodf/remainderf); 7.5.3 allows only that value or, being
// subnormal, +-0. out 2 is 1 where allowed, out 3 holds the bits.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb 56de17eb
//@ arg 1 in 32: 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b 80e0ac0b
//@ arg 2 out 32: 16
//@ arg 3 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* a, __global const float* b, __global int* ok, __global uint* r)
{
  size_t g = get_global_id(0);
  uint u = as_uint(remainder(a[g], b[g]));
  r[g] = u;
  ok[g] = u == 0x8063892eu || (u & 0x7fffffffu) == 0;
}
