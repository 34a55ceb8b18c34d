// get_fence of a generic pointer whose address space the compiler cannot
// see statically returns the wrong fence: CLK_GLOBAL_MEM_FENCE alone for a
// pointer into local memory. OpenCL C 3.0 spec 6.15.10 (Address Space
// Qualifier Functions): get_fence "Returns a valid memory fence value for
// ptr", that is, flags that make a fence order the accesses to the memory
// ptr points into; 6.15.8 (Synchronization Functions): that is
// CLK_LOCAL_MEM_FENCE for local memory, CLK_GLOBAL_MEM_FENCE for global.
// SPIR-V's instruction for the same query, OpGenericPtrMemSemantics, says
// it outright: its result includes the bits of the pointer's own storage
// class.
// Each work-item keeps generic pointers to a global, a local and a private
// int in an array and calls get_fence on each in a loop; it writes 1 where
// the fence covers the pointer's space (global: CLK_GLOBAL_MEM_FENCE set;
// local: CLK_LOCAL_MEM_FENCE set; private: any fence, always 1), else 0.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 2
//@ local: 2
//@ arg 0 in 32: 11 12
//@ arg 1 out 32: 6
//@ expect 1: 1 1 1 1 1 1
__kernel void k(__global int* g, __global uint* out)
{
  __local int l[2];
  int p = 7;
  size_t i = get_local_id(0);
  l[i] = 5;
  int* gp[3] = {&g[i], &l[i], &p};
  for (int s = 0; s < 3; ++s) {
    cl_mem_fence_flags f = get_fence(gp[s]);
    uint covers = s == 0 ? (f & CLK_GLOBAL_MEM_FENCE) != 0 : s == 1 ? (f & CLK_LOCAL_MEM_FENCE) != 0 : 1u;
    out[3 * i + s] = covers;
  }
}
