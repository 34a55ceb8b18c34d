// sin, cos and tan of a float2 get the small component wrong when the
// other component is large: sin((float2)(6.8e-35, -8.6e7)).x is 0.011,
// cos of it 0.99994 and tan 0.011, where they are 6.8e-35, 1.0 and
// 6.8e-35; beside 1.0 the same small value is right. OpenCL C 3.0 6.15.2:
// a math function of a vector applies to each component; 7.4: sin and cos
// within 4 ulp, tan within 5 (the bits below are the correctly rounded
// results, which PoCL gives in the healthy case). Found
// by `clconform fuzz --seed 7` in vector kernels; every |x| from 2^-8 down
// to 2^-126 beside -8.6e7 is wrong.
//@ kernel: k
//@ global: 2
//@ arg 0 in 32: 06b4fa6e cca40000 06b4fa6e 3f800000
//@ arg 1 out 32: 2
//@ arg 2 out 32: 2
//@ arg 3 out 32: 2
//@ expect 1: 06b4fa6e 06b4fa6e
//@ expect 2: 3f800000 3f800000
//@ expect 3: 06b4fa6e 06b4fa6e
__kernel void k(__global const float2* x, __global float* s, __global float* c, __global float* t)
{
  size_t i = get_global_id(0);
  s[i] = sin(x[i]).x;
  c[i] = cos(x[i]).x;
  t[i] = tan(x[i]).x;
}
