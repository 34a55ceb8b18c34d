// The capabilities a case may require, read from what a device reports:
// the forms with "or" name two ways to have the same functions.
#include <gtest/gtest.h>

#include "device.hpp"

namespace clconform {
namespace {

DeviceInfo device(std::vector<std::string> c_versions, std::vector<std::string> extensions,
                  std::vector<std::string> c_features = {}) {
  DeviceInfo d;
  d.c_versions = std::move(c_versions);
  d.extensions = std::move(extensions);
  d.c_features = std::move(c_features);
  return d;
}

TEST(DeviceSupports, ExtensionOrOpenCLC31) {
  // 6.15.20.5 to 6.15.20.7: the extension, or OpenCL C 3.1, which made
  // these functions core.
  const std::string shuffle = "cl_khr_subgroup_shuffle or OpenCL C 3.1";
  EXPECT_TRUE(device({"1.2", "3.0"}, {"cl_khr_subgroup_shuffle"}).supports(shuffle));
  EXPECT_TRUE(device({"1.2", "3.0", "3.1"}, {}).supports(shuffle));
  EXPECT_FALSE(device({"1.2", "3.0"}, {"cl_khr_subgroup_shuffle_relative"}).supports(shuffle));
  EXPECT_FALSE(device({"1.2", "3.0"}, {}).supports(shuffle));
}

TEST(DeviceSupports, SubGroupsNeedTheExtensionOrTheFeature) {
  const std::string sg = "cl_khr_subgroups or __opencl_c_subgroups";
  EXPECT_TRUE(device({"1.2", "2.0"}, {"cl_khr_subgroups"}).supports(sg));
  EXPECT_TRUE(device({"1.2", "3.0"}, {}, {"__opencl_c_subgroups"}).supports(sg));
  EXPECT_FALSE(device({"1.2", "2.0"}, {}).supports(sg));  // OpenCL C 2.0 alone has no sub-group functions
  EXPECT_FALSE(device({"1.2", "3.0"}, {}).supports(sg));
}

TEST(DeviceSupports, DotProductFeaturesNeedTheExtension) {
  const std::string packed = "__opencl_c_integer_dot_product_input_4x8bit_packed";
  EXPECT_TRUE(device({"1.2", "3.0"}, {"cl_khr_integer_dot_product"}, {packed}).supports(packed));
  EXPECT_FALSE(device({"1.2", "3.0"}, {"cl_khr_integer_dot_product"}, {}).supports(packed));
  EXPECT_FALSE(device({"1.2", "2.0"}, {}).supports(packed));  // unlike 2.0's own features
  EXPECT_TRUE(device({"1.2", "2.0"}, {"cl_khr_integer_dot_product"}).supports(packed));
}

TEST(DeviceSupports, FloatAtomicsFromTheCapabilityBits) {
  // cl_ext_float_atomics: global add is bit 1, local min/max bit 18.
  DeviceInfo d = device({"1.2", "3.0"}, {"cl_ext_float_atomics"});
  d.fp32_atomic_caps = (1u << 1) | (1u << 18);
  EXPECT_TRUE(d.supports("__opencl_c_ext_fp32_global_atomic_add"));
  EXPECT_FALSE(d.supports("__opencl_c_ext_fp32_global_atomic_min_max"));
  EXPECT_TRUE(d.supports("__opencl_c_ext_fp32_local_atomic_min_max"));
  EXPECT_FALSE(d.supports("__opencl_c_ext_fp32_local_atomic_add"));
  EXPECT_FALSE(d.supports("__opencl_c_ext_fp64_global_atomic_add"));
}

}  // namespace
}  // namespace clconform
