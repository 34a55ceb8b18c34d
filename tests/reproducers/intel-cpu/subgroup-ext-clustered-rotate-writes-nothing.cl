// A kernel holding sub_group_clustered_rotate calls whose delta is not a
// constant (sub-group id % 5 + 1, the same for every work-item of a
// sub-group, so dynamically uniform as 6.15.20.5 requires), with cluster
// sizes 8 and 16 each guarded by get_max_sub_group_size() >= the size,
// writes nothing at all: not even the stores before the calls. With a
// constant delta, or without the size-16 call, the same kernel is right.
// OpenCL C spec 6.15.20.5 (Built-in Sub-Group Rotation Functions): the
// result is the value of the work-item (cluster start) + (id in cluster +
// delta) % clustersize; a cluster size above the dispatch's maximum
// sub-group size is undefined behaviour of the call, and the guards keep
// every such call from running.
// Each work-item stores 1 first; with a maximum sub-group size of 8 (this
// runtime on AVX2 hosts) the size-8 call rotates sub-group 0 (work-items
// 0-7) by 1 and sub-group 1 (8-15) by 2.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 16
//@ local: 16
//@ arg 0 in 32: 0 1 2 3 4 5 6 7 8 9 a b c d e f
//@ arg 1 out 32: 32
//@ expect 1: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1  1 2 3 4 5 6 7 0 a b c d e f 8 9
__kernel void k(__global const int* in, __global int* out)
{
  size_t g = get_global_linear_id();
  uint m = get_max_sub_group_size();
  int delta = (int)(get_sub_group_id() % 5u) + 1;
  out[g] = 1;
  if (m >= 8u) out[16 + g] = sub_group_clustered_rotate(in[g], delta, 8);
  if (m >= 16u) out[16 + g] = sub_group_clustered_rotate(in[g], delta, 16);
}
