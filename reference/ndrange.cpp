#include "ndrange.hpp"

#include <stdexcept>

namespace clconform::ref {
namespace {

uint64_t groups(const NDRangeDesc& r, unsigned i) { return (r.global[i] + r.local[i] - 1) / r.local[i]; }

// The size of the work-group holding position X in dimension I: the enqueued
// size, except in the last group of a dimension it does not divide.
uint64_t local_size(const NDRangeDesc& r, const std::array<uint64_t, 3>& x, unsigned i) {
  if (i >= r.dims) return 1;
  const uint64_t group = x[i] / r.local[i];
  const uint64_t rem = r.global[i] % r.local[i];
  return rem != 0 && group == groups(r, i) - 1 ? rem : r.local[i];
}

}  // namespace

uint64_t expected_query(const NDRangeDesc& r, const std::array<uint64_t, 3>& x, const std::string& q, uint64_t d) {
  const bool valid = d < r.dims;
  const unsigned i = valid ? unsigned(d) : 0;
  if (q == "get_global_size") return valid ? r.global[i] : 1;
  if (q == "get_global_id") return valid ? r.offset[i] + x[i] : 0;
  if (q == "get_local_size") return valid ? local_size(r, x, i) : 1;
  if (q == "get_enqueued_local_size") return valid ? r.local[i] : 1;
  if (q == "get_local_id") return valid ? x[i] % r.local[i] : 0;
  if (q == "get_num_groups") return valid ? groups(r, i) : 1;
  if (q == "get_group_id") return valid ? x[i] / r.local[i] : 0;
  if (q == "get_global_offset") return valid ? r.offset[i] : 0;
  throw std::invalid_argument("unknown work-item query " + q);
}

uint64_t expected_scalar(const NDRangeDesc& r, const std::array<uint64_t, 3>& x, const std::string& name) {
  if (name == "get_work_dim") return r.dims;
  // Positions beyond dims are 0 and sizes 1, so one formula covers 1, 2 and 3 dimensions.
  if (name == "get_global_linear_id") return x[0] + r.global[0] * (x[1] + r.global[1] * x[2]);
  if (name == "get_local_linear_id") {
    const uint64_t l0 = local_size(r, x, 0), l1 = local_size(r, x, 1);
    return x[0] % r.local[0] + l0 * (x[1] % r.local[1] + l1 * (x[2] % r.local[2]));
  }
  throw std::invalid_argument("unknown work-item function " + name);
}

}  // namespace clconform::ref
