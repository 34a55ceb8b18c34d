// With -cl-fast-relaxed-math, fmod(x, y) is not exact: fmod(-0x1.6ca05cp+88,
// 0x1.2015acp+4) = 0x5e9df7b0 where the exact remainder is -152639.75
// (0xc8150ff0; C fmodf and MPFR agree), and fmod(0x1.6f0afap+28, -0x1.774722p-69)
// = 0xc0a39518 (exact 0x1c9eba46). fmod is not in the relaxed table of OpenCL C
// 3.0 7.4: 0 ulp applies. Work-item g computes case g % 2; out 2 is 1 where allowed.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: ebb6502e 4db7857d ebb6502e 4db7857d ebb6502e 4db7857d ebb6502e 4db7857d ebb6502e 4db7857d ebb6502e 4db7857d ebb6502e 4db7857d ebb6502e 4db7857d
//@ arg 1 in 32: 49900ad6 9d3ba391 49900ad6 9d3ba391 49900ad6 9d3ba391 49900ad6 9d3ba391 49900ad6 9d3ba391 49900ad6 9d3ba391 49900ad6 9d3ba391 49900ad6 9d3ba391
//@ arg 2 out 32: 16
//@ arg 3 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* a, __global const float* b, __global int* ok, __global uint* r)
{
  size_t g = get_global_id(0);
  uint u = as_uint(fmod(a[g], b[g]));
  r[g] = u;
  ok[g] = u == ((g % 2) ? 0x1c9eba46u : 0xc8150ff0u);
}
