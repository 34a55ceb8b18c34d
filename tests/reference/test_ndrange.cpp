// reference/ndrange against values worked out by hand from OpenCL C 3.0
// spec 6.15.1's descriptions.
#include <gtest/gtest.h>

#include "reference/ndrange.hpp"

using clconform::ref::expected_query;
using clconform::ref::expected_scalar;
using clconform::ref::NDRangeDesc;

TEST(NDRange, NonUniformLastGroup) {
  // 1-D, 100 work-items in groups of 16, offset 3: 7 groups, the last of 4.
  NDRangeDesc r;
  r.dims = 1;
  r.global = {100, 1, 1};
  r.local = {16, 1, 1};
  r.offset = {3, 0, 0};
  const std::array<uint64_t, 3> last{98, 0, 0}, first{5, 0, 0};
  EXPECT_EQ(expected_query(r, last, "get_global_id", 0), 101u);
  EXPECT_EQ(expected_query(r, last, "get_group_id", 0), 6u);
  EXPECT_EQ(expected_query(r, last, "get_local_id", 0), 2u);
  EXPECT_EQ(expected_query(r, last, "get_local_size", 0), 4u);
  EXPECT_EQ(expected_query(r, first, "get_local_size", 0), 16u);
  EXPECT_EQ(expected_query(r, last, "get_enqueued_local_size", 0), 16u);
  EXPECT_EQ(expected_query(r, last, "get_num_groups", 0), 7u);
  EXPECT_EQ(expected_query(r, last, "get_global_offset", 0), 3u);
  EXPECT_EQ(expected_scalar(r, last, "get_global_linear_id"), 98u);
}

TEST(NDRange, IndicesBeyondWorkDim) {
  NDRangeDesc r;
  r.dims = 2;
  r.global = {8, 6, 1};
  r.local = {4, 3, 1};
  r.offset = {1, 2, 0};
  const std::array<uint64_t, 3> x{7, 5, 0};
  for (uint64_t d : {2ull, 3ull, 31ull, 0xFFFFFFFFull}) {
    EXPECT_EQ(expected_query(r, x, "get_global_size", d), 1u);
    EXPECT_EQ(expected_query(r, x, "get_local_size", d), 1u);
    EXPECT_EQ(expected_query(r, x, "get_enqueued_local_size", d), 1u);
    EXPECT_EQ(expected_query(r, x, "get_num_groups", d), 1u);
    EXPECT_EQ(expected_query(r, x, "get_global_id", d), 0u);
    EXPECT_EQ(expected_query(r, x, "get_local_id", d), 0u);
    EXPECT_EQ(expected_query(r, x, "get_group_id", d), 0u);
    EXPECT_EQ(expected_query(r, x, "get_global_offset", d), 0u);
  }
  EXPECT_EQ(expected_scalar(r, x, "get_work_dim"), 2u);
  // (y - oy) * gsx + (x - ox) with ids (8, 7): 5 * 8 + 7.
  EXPECT_EQ(expected_scalar(r, x, "get_global_linear_id"), 47u);
  // local ids (3, 2): 2 * 4 + 3.
  EXPECT_EQ(expected_scalar(r, x, "get_local_linear_id"), 11u);
}

TEST(NDRange, ThreeDimensionsNonUniformLocalLinearId) {
  // 7x5x3 in 4x2x2 groups: position (6, 4, 2) is in the last group of every
  // dimension, sized (3, 1, 1); local id (2, 0, 0).
  NDRangeDesc r;
  r.dims = 3;
  r.global = {7, 5, 3};
  r.local = {4, 2, 2};
  const std::array<uint64_t, 3> x{6, 4, 2};
  EXPECT_EQ(expected_query(r, x, "get_local_size", 0), 3u);
  EXPECT_EQ(expected_query(r, x, "get_local_size", 1), 1u);
  EXPECT_EQ(expected_query(r, x, "get_local_size", 2), 1u);
  EXPECT_EQ(expected_scalar(r, x, "get_local_linear_id"), 2u);
  // position (5, 3, 1): local id (1, 1, 1) in a group sized (3, 2, 2).
  const std::array<uint64_t, 3> y{5, 3, 1};
  EXPECT_EQ(expected_scalar(r, y, "get_local_linear_id"), 1u + 3u * (1u + 2u * 1u));
  EXPECT_EQ(expected_scalar(r, y, "get_global_linear_id"), 5u + 7u * (3u + 5u * 1u));
}
