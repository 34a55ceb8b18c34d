#include <gtest/gtest.h>

#include "glob.hpp"

using clconform::filter_selects;
using clconform::glob_match;

TEST(Glob, Wildcards) {
  EXPECT_TRUE(glob_match("astype.float4.*", "astype.float4.int4"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("a*b*c", "aXXbYYc"));
  EXPECT_TRUE(glob_match("math.sin.float?", "math.sin.float4"));
  EXPECT_FALSE(glob_match("math.sin.float?", "math.sin.float16"));
  EXPECT_FALSE(glob_match("astype.float4.*", "astype.float3.int3"));
  EXPECT_TRUE(glob_match("*.reject.*", "astype.reject.int.short2"));
  EXPECT_FALSE(glob_match("abc", "abcd"));
}

TEST(Glob, FilterListsWithExclusions) {
  EXPECT_TRUE(filter_selects("", "anything"));
  EXPECT_TRUE(filter_selects("types.*,astype.int*", "astype.int4.float4"));
  EXPECT_FALSE(filter_selects("types.*,astype.int*", "astype.float4.int4"));
  EXPECT_FALSE(filter_selects("astype.*,-astype.reject.*", "astype.reject.int.short2"));
  EXPECT_TRUE(filter_selects("-astype.reject.*", "types.layout.int"));  // only exclusions: the rest stays
}
