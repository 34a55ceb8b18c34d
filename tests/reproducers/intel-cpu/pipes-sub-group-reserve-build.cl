// A kernel that reserves pipe packets for a sub-group does not build: the
// runtime's compiler reports "Symbols not found: [ __sub_group_commit_read_pipe,
// __sub_group_commit_write_pipe ... ]". The device claims pipes
// (__opencl_c_pipes) and sub-groups (__opencl_c_subgroups), with which
// OpenCL C spec 6.15.20 (Sub-Group Functions, unified numbering; 6.15.19 in
// older revisions) gives sub_group_reserve_read_pipe,
// sub_group_reserve_write_pipe, sub_group_commit_read_pipe and
// sub_group_commit_write_pipe.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 1
//@ expect-build: succeed
__kernel void k(read_only pipe int p, __global int* out)
{
  reserve_id_t r = sub_group_reserve_read_pipe(p, get_sub_group_size());
  if (is_valid_reserve_id(r)) {
    int v;
    read_pipe(p, r, get_sub_group_local_id(), &v);
    out[get_global_id(0)] = v;
    sub_group_commit_read_pipe(p, r);
  }
}
