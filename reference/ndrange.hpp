// What every work-item function of OpenCL C 3.0 spec 6.15.1 returns for one
// work-item of an NDRange, computed from the host's description of the
// NDRange alone. Knows nothing of OpenCL beyond the spec's arithmetic.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace clconform::ref {

struct NDRangeDesc {
  unsigned dims = 1;
  std::array<uint64_t, 3> global{1, 1, 1}, local{1, 1, 1}, offset{0, 0, 0};  // local: the enqueued size
};

// The work-item at zero-based position X (x[i] = global id - offset) asked
// QUERY ("get_global_size", ...) about dimension index D. Indices at or beyond
// dims give the values 6.15.1 fixes: 1 for sizes and counts, 0 for ids and
// offsets. Work-groups at the end of a dimension that the local size does
// not divide hold the remainder (non-uniform work-groups).
uint64_t expected_query(const NDRangeDesc& r, const std::array<uint64_t, 3>& x, const std::string& query, uint64_t d);

// get_work_dim, get_global_linear_id and get_local_linear_id (6.15.1).
uint64_t expected_scalar(const NDRangeDesc& r, const std::array<uint64_t, 3>& x, const std::string& name);

}  // namespace clconform::ref
