// normalize of finite half values is wrong: the scalar normalize(x) returns
// +1.0 for a negative x, and vectors of 2 to 4 elements get +-0 in elements
// whose value is far from 0, e.g. normalize((half2)(-0.02815, 0.000875))
// gives (-0.0, ...) instead of about (-0.9995, 0.0311). OpenCL C 3.0 6.15.5:
// normalize returns a vector in the same direction as p with length 1, within
// 1 + n ulp for half (7.4), without overflow or underflow (7.5.1). Work-item
// g computes case g % 4; out 1 gets the scalar result, out 2 the half2
// result, out 3 1 where the scalar has the sign of x and each half2 element
// is within 0.01 of p / |p| computed in float (much looser than the bound):
//   0: x = -0.1766  -> -1;   p = (-0.02815, 0.000875)  -> (-0.9995, 0.0311)
//   1: x = -1       -> -1;   p = (-0.02319, 0.1753)    -> (-0.1312, 0.9914)
//   2: x = -59.53   -> -1;   p = (-0.03232, -0.04489)  -> (-0.5843, -0.8116)
//   3: x = 2        ->  1;   p = (3, 4)                -> (0.6, 0.8) control
//@ kernel: k
//@ global: 16
//@ arg 0 in 16: b1a7 bc00 d371 4000
//@ arg 1 in 16: a735 132a  a5f0 319c  a823 a9bf  4200 4400
//@ arg 2 out 16: 16
//@ arg 3 out 16: 32
//@ arg 4 out 32: 16
//@ expect 4: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* xs, __global const half* ps, __global half* o1,
                __global half* o2, __global int* ok)
{
  size_t g = get_global_id(0), i = g % 4;
  half x = xs[i];
  half r1 = normalize(x);
  half2 p = vload2(i, ps);
  half2 r2 = normalize(p);
  o1[g] = r1;
  vstore2(r2, g, o2);
  float2 pf = convert_float2(p);
  float2 want = pf / sqrt(pf.x * pf.x + pf.y * pf.y);
  float2 err = fabs(convert_float2(r2) - want);
  ok[g] = (x < 0 ? r1 < 0 : r1 > 0) && err.x < 0.01f && err.y < 0.01f;
}
