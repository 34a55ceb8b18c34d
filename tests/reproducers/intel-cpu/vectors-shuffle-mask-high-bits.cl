// shuffle(x, mask) from a 4-component vector of 64-bit elements (long4,
// ulong4, double4) to 4, 8 or 16 components lets bits 32 to 63 of a mask
// element change the result: the low 32 bits of result lane j come from
// x[mask[j] & 3], the high 32 bits from another element (with these masks,
// x[(mask[j] | mask[j] >> 32) & 3]). A 2-component result, inputs of 2, 8 or
// 16 components, and shuffle2 are right. OpenCL C 3.0 spec 6.15.13
// (Miscellaneous Vector Functions): for shuffle only the ilogb(2m-1) least
// significant bits of each mask element are considered (2 bits for m = 4),
// and "Other bits in the mask shall be ignored".
// Masks: 0x100000000, 0x100000001, 0x100000002, 0xffffffff00000000,
// 0x8000000000000001, 4, 5, 6 select x[0 1 2 0 1 0 1 2]; then 0..7 select
// x[0 1 2 3 0 1 2 3]. Element k of x is 0xAkkkkkkkAkkkkkkk.
//@ kernel: k
//@ global: 1
//@ arg 0 in 64: a0000000a0000000 a1111111a1111111 a2222222a2222222 a3333333a3333333
//@ arg 1 in 64: 100000000 100000001 100000002 ffffffff00000000 8000000000000001 4 5 6  0 1 2 3 4 5 6 7
//@ arg 2 out 64: 4
//@ arg 3 out 64: 8
//@ arg 4 out 64: 16
//@ arg 5 out 64: 4
//@ expect 2: a0000000a0000000 a1111111a1111111 a2222222a2222222 a0000000a0000000
//@ expect 3: a0000000a0000000 a1111111a1111111 a2222222a2222222 a0000000a0000000 a1111111a1111111 a0000000a0000000 a1111111a1111111 a2222222a2222222
//@ expect 4: a0000000a0000000 a1111111a1111111 a2222222a2222222 a0000000a0000000 a1111111a1111111 a0000000a0000000 a1111111a1111111 a2222222a2222222 a0000000a0000000 a1111111a1111111 a2222222a2222222 a3333333a3333333 a0000000a0000000 a1111111a1111111 a2222222a2222222 a3333333a3333333
//@ expect 5: a0000000a0000000 a1111111a1111111 a2222222a2222222 a0000000a0000000
__kernel void k(__global const long* x, __global const ulong* m, __global long* o4, __global long* o8,
                __global long* o16, __global double* od)
{
  long4 v = vload4(0, x);
  vstore4(shuffle(v, vload4(0, m)), 0, o4);
  vstore8(shuffle(v, vload8(0, m)), 0, o8);
  vstore16(shuffle(as_ulong4(v), vload16(0, m)), 0, (__global ulong*)o16);
  vstore4(shuffle(as_double4(v), vload4(0, m)), 0, od);
}
