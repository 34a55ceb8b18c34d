// length and distance of half values are wrong two ways: (a) for vectors of
// 2 to 4 elements with a small sum of squares (the suite saw 6.2e-5 to 0.24,
// all well inside half's range) they return +inf, e.g.
// length((half2)(0.007706, -0.002708)) = +inf instead of about 0.008168;
// (b) the scalar forms return a signed value: length(x) = x, so
// length(-2) = -2 and length(-inf) = -inf, and distance(x, y) = x - y.
// OpenCL C 3.0 6.15.5: length is sqrt(p.x^2 + p.y^2 + ...), never negative,
// and distance is length(p0 - p1); 7.5.1: "length calculates the length of
// a vector without overflow or extraordinary precision loss due to
// underflow"; the half bound is 0.25 + 0.5n ulp (7.4). Work-item g computes
// case g % 4:
//   out 2: length(half2 in0[2i], in0[2i+1]); out 3: 1 where it is inf or NaN
//   out 4: length(half in0[8 + i]); out 5: distance(half in1[2i], in1[2i+1])
//   0: (0x1fe4, 0x998c) -> ~0.008168;  length(-inf) = +inf;  distance(-0.5615, +inf) = +inf
//   1: (0x89cd, 0x2046) -> ~0.008348;  length(+inf) = +inf;  distance(+inf, -0.5615) = +inf
//   2: (0x2179, 0x1ee6) -> ~0.01263;   length(-2) = 2;       distance(-2, 1) = 3
//   3: (1, 1) -> 1.414 (control);      length(1) = 1;        distance(1, 1) = 0
//@ kernel: k
//@ global: 16
//@ arg 0 in 16: 1fe4 998c  89cd 2046  2179 1ee6  3c00 3c00  fc00 7c00 c000 3c00
//@ arg 1 in 16: b87e 7c00  7c00 b87e  c000 3c00  3c00 3c00
//@ arg 2 out 16: 16
//@ arg 3 out 32: 16
//@ arg 4 out 16: 16
//@ arg 5 out 16: 16
//@ expect 3: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 4: 7c00 7c00 4000 3c00 7c00 7c00 4000 3c00 7c00 7c00 4000 3c00 7c00 7c00 4000 3c00
//@ expect 5: 7c00 7c00 4200 0000 7c00 7c00 4200 0000 7c00 7c00 4200 0000 7c00 7c00 4200 0000
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* in0, __global const half* in1, __global half* len2,
                __global int* len2_bad, __global half* len1, __global half* dist1)
{
  size_t g = get_global_id(0), i = g % 4;
  half r = length(vload2(i, in0));
  len2[g] = r;
  len2_bad[g] = isinf(r) || isnan(r);
  half x = in0[8 + i];
  len1[g] = length(x);
  dist1[g] = distance(in1[2 * i], in1[2 * i + 1]);
}
