// fast_normalize(p) of a scalar NaN returns -1.0 whatever the NaN's sign.
// OpenCL C 3.0 6.15.5 defines fast_normalize from p / sqrt(p.x*p.x + ...),
// which is a NaN for a NaN p, and 7.5.1: "normalize(v) returns a vector full
// of NaNs if any element is a NaN". Work-item g computes fast_normalize of
// element g % 4, writes it (out 1) and 1 where it is a NaN (out 2):
//   0: +qNaN   1: -qNaN   2: +qNaN with payload   3: 1.0 (control: 1.0)
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: 7fc00000 ffc00000 7fc9068b 3f800000
//@ arg 1 out 32: 16
//@ arg 2 out 32: 16
//@ expect 2: 1 1 1 0 1 1 1 0 1 1 1 0 1 1 1 0
__kernel void k(__global const float* in, __global float* out, __global int* nan)
{
  size_t g = get_global_id(0);
  float r = fast_normalize(in[g % 4]);
  out[g] = r;
  nan[g] = isnan(r);
}
