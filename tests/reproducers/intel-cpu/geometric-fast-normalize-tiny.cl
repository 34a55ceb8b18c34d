// fast_normalize(p) returns +-inf elements where p is not all zero but its
// sum of squares is below FLT_MIN (apparently p * rsqrt of a sum that
// underflowed to 0). OpenCL C 3.0 6.15.5 allows only a result within 8192
// ulp of p / sqrt(p.x*p.x + ...) (a unit vector) or, for a sum of squares
// below FLT_MIN, p itself: never an infinity. Work-item g computes
// fast_normalize of float4 case g % 4, writes it (out 1) and 1 where an
// element is infinite or NaN (out 2):
//   0: (-1.05e-19, 4.5e-38, -3.7e-29, -1.1e-30)   (sum of squares 1.1e-38)
//   1: (1.2e-19, 0, 0, 0)    2: (-3.3e-20, 2.9e-20, 0, 0)
//   3: (1, 2, 3, 4) control
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: 9ff89af2 0172ee15 90393421 8dbadc68  1ff89af2 0 0 0  9f1c5b0c 1f08b6a2 0 0  3f800000 40000000 40400000 40800000
//@ arg 1 out 32: 64
//@ arg 2 out 32: 16
//@ expect 2: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
__kernel void k(__global const float* in, __global float* out, __global int* bad)
{
  size_t g = get_global_id(0);
  float4 r = fast_normalize(vload4(g % 4, in));
  vstore4(r, g, out);
  bad[g] = any(isinf(r) || isnan(r));
}
