// to_global, to_local and to_private return their argument, not NULL, for a
// generic pointer into another named address space. OpenCL C 3.0 spec
// 6.15.10 (Address Space Qualifier Functions): to_X "Returns a pointer that
// points to a region in the X address space if to_X can cast ptr to the X
// address space. Otherwise it returns NULL"; 6.7.9 (Address Space
// Conversions): the named spaces global, local and private are disjoint, so
// a pointer to an object in one of them can never be cast to another.
// Each work-item takes generic pointers to a global, a local and a private
// int and writes 1 where a to_X result is non-NULL, 0 where it is NULL, in
// the order to_global(local), to_global(private), to_local(global),
// to_local(private), to_private(global), to_private(local): all must be 0.
// Then to_global(global), to_local(local), to_private(private): all 1.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 2
//@ local: 2
//@ arg 0 in 32: 11 12
//@ arg 1 out 32: 18
//@ expect 1: 0 0 0 0 0 0 1 1 1 0 0 0 0 0 0 1 1 1
__kernel void k(__global int* g, __global uint* out)
{
  __local int l[2];
  int p = 7;
  size_t i = get_local_id(0);
  l[i] = 5;
  int* pg = &g[i];
  int* pl = &l[i];
  int* pp = &p;
  __global uint* o = out + 9 * i;
  o[0] = to_global(pl) != NULL;
  o[1] = to_global(pp) != NULL;
  o[2] = to_local(pg) != NULL;
  o[3] = to_local(pp) != NULL;
  o[4] = to_private(pg) != NULL;
  o[5] = to_private(pl) != NULL;
  o[6] = to_global(pg) != NULL;
  o[7] = to_local(pl) != NULL;
  o[8] = to_private(pp) != NULL;
}
