// --device by name: a whole name wins over a part of one, and a name that
// several devices share is refused rather than resolved to the first.
#include <gtest/gtest.h>

#include "device.hpp"
#include "errors.hpp"

namespace clconform {
namespace {

DeviceInfo device(const std::string& selector, const std::string& name, const std::string& platform,
                  const std::string& vendor) {
  DeviceInfo d;
  d.selector = selector;
  d.name = name;
  d.platform = platform;
  d.vendor = vendor;
  return d;
}

// What this machine shows with PoCL and Intel's CPU runtime registered.
std::vector<DeviceInfo> pocl_and_intel() {
  return {device("0:0", "pthread-skylake-avx512-Intel(R) Xeon(R) Processor", "Portable Computing Language",
                 "GenuineIntel"),
          device("1:0", "Intel(R) Xeon(R) Processor", "Intel(R) OpenCL", "Intel(R) Corporation")};
}

TEST(DeviceSelect, WholeNameWinsOverContainingName) {
  EXPECT_EQ(pick_device(pocl_and_intel(), "Intel(R) Xeon(R) Processor"), 1u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "intel(r) xeon(r) processor"), 1u);
}

TEST(DeviceSelect, PlatformAndVendorNamesSelect) {
  EXPECT_EQ(pick_device(pocl_and_intel(), "Intel(R) OpenCL"), 1u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "Portable Computing Language"), 0u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "portable"), 0u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "Corporation"), 1u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "skylake"), 0u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "Portable Computing Language pthread"), 0u);
  EXPECT_EQ(pick_device(pocl_and_intel(), "OpenCL Intel(R) Xeon"), 1u);
}

TEST(DeviceSelect, AmbiguousPartIsRefusedWithTheMatches) {
  try {
    pick_device(pocl_and_intel(), "Xeon");
    FAIL() << "two devices contain 'Xeon'";
  } catch (const SetupError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("matches 2 devices"), std::string::npos) << what;
    EXPECT_NE(what.find("0:0"), std::string::npos) << what;
    EXPECT_NE(what.find("1:0"), std::string::npos) << what;
  }
  EXPECT_THROW(pick_device(pocl_and_intel(), "intel"), SetupError);
}

TEST(DeviceSelect, TwoDevicesOfOneNameAreRefusedByName) {
  std::vector<DeviceInfo> two = {device("0:0", "NVIDIA H100 80GB HBM3", "NVIDIA CUDA", "NVIDIA Corporation"),
                                 device("0:1", "NVIDIA H100 80GB HBM3", "NVIDIA CUDA", "NVIDIA Corporation")};
  EXPECT_THROW(pick_device(two, "NVIDIA H100 80GB HBM3"), SetupError);
  EXPECT_THROW(pick_device(two, "H100"), SetupError);
  EXPECT_EQ(pick_device(two, "0:1"), 1u);
  EXPECT_EQ(pick_device(two, "1"), 1u);
}

TEST(DeviceSelect, NoMatchIsRefused) {
  EXPECT_THROW(pick_device(pocl_and_intel(), "Radeon"), SetupError);
  EXPECT_THROW(pick_device(pocl_and_intel(), "7"), SetupError);
  EXPECT_EQ(pick_device(pocl_and_intel(), ""), 0u);
}

}  // namespace
}  // namespace clconform
