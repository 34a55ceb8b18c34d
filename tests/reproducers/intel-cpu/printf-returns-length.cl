// printf returns the number of characters it wrote (C99's result), not 0:
// the three calls below print the right text and return 2, 13 and 4.
// OpenCL C 3.0 spec 6.15.14 (printf): "printf returns 0 if it was executed
// successfully and -1 otherwise"; 6.15.14.3 (Differences Between OpenCL C
// and C99 printf) sets this against C99's count of characters printed.
// Each call's return value is stored in out[i]: all must be 0.
//@ kernel: k
//@ global: 1
//@ arg 0 out 32: 3
//@ expect 0: 0 0 0
//@ expect-printf: 0
//@ expect-printf: %| 1.50|1,-2
//@ expect-printf: abc
__kernel void k(__global int* out)
{
  out[0] = printf("%d\n", 0);
  out[1] = printf("%%|%5.2f|%v2hhd\n", 1.5f, (char2)(1, -2));
  out[2] = printf("abc\n");
}
