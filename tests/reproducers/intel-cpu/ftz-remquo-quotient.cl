// With -cl-denorms-are-zero, remquo(0x1p-149, 0x007fffff) gives quo = 1 and
// remquo(0x007fffff, 0x1p-149) gives quo = 1. OpenCL C 3.0 6.15.2 and 7.5.3:
// unflushed, x/y rounds to 0 (quo 0) and to 8388607 (low 7 bits 127, quo 127);
// with an argument read as +-0, remquo(+-0, y) has quotient 0 and remquo(x, 0)
// gives quo 0 (7.5.1); quo need only hold the sign and the 7 low bits of the
// quotient. Work-item g computes case g % 2; out 2 is 1 where quo is
// allowed, out 3 holds quo.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 32: 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff
//@ arg 1 in 32: 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001 007fffff 00000001
//@ arg 2 out 32: 16
//@ arg 3 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* a, __global const float* b, __global int* ok, __global int* quo)
{
  size_t g = get_global_id(0);
  int q;
  float r = remquo(a[g], b[g], &q);
  quo[g] = q;
  ok[g] = q >= 0 && (q & 127) == ((g % 2) ? 127 : 0) || q == 0;
}
