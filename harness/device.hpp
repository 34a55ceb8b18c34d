// Device discovery, selection and the capabilities the suites depend on.
#pragma once

#include <CL/opencl.hpp>

#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

struct DeviceInfo {
  std::string selector;  // "P:D", the index form that selects this device again
  std::string name, vendor, platform, platform_version, driver_version, version, c_version;
  std::vector<std::string> extensions;
  bool fp16 = false, fp64 = false;
  cl_device_fp_config single_fp_config = 0, double_fp_config = 0, half_fp_config = 0;
  cl_uint address_bits = 0, compute_units = 0;
  cl_ulong max_alloc_bytes = 0, global_mem_bytes = 0;
  size_t max_work_group_size = 0;

  bool has_extension(const std::string& ext) const;
  // Capability names used by manifests: "fp64", "fp16".
  bool supports(const std::string& capability) const;
  json::Value to_json() const;
};

struct DeviceHandle {
  cl::Platform platform;
  cl::Device device;
  DeviceInfo info;
};

// Every device of every platform. Throws SetupError when there is no platform.
std::vector<DeviceHandle> list_devices();

// SEL is "P:D" (platform P, device D), a bare device number counted across
// platforms, or a case-insensitive substring of "platform device" names.
// Empty SEL means $CLCONFORM_DEVICE, or else the first device.
DeviceHandle select_device(const std::string& sel);
// Which of ALL a selector names ('P:D', a number, or a name substring);
// throws SetupError when none does.
size_t pick_device(const std::vector<DeviceInfo>& all, const std::string& sel);

std::string fp_config_names(cl_device_fp_config cfg);  // "denorm inf_nan ..."
std::string describe_devices(const std::vector<DeviceHandle>& devices);

}  // namespace clconform
