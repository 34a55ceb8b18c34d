// Device discovery, selection and the capabilities the suites depend on.
#pragma once

#include <CL/opencl.hpp>

#include <string>
#include <vector>

#include "fp_rules.hpp"
#include "json.hpp"

namespace clconform {

struct DeviceInfo {
  std::string selector;  // "P:D", the index form that selects this device again
  std::string name, vendor, platform, platform_version, driver_version, version, c_version;
  std::vector<std::string> extensions;
  bool fp16 = false, fp64 = false;
  bool images = false;  // CL_DEVICE_IMAGE_SUPPORT
  bool embedded_profile = false;  // CL_DEVICE_PROFILE is EMBEDDED_PROFILE (7.4's embedded tables)
  cl_device_fp_config single_fp_config = 0, double_fp_config = 0, half_fp_config = 0;
  cl_uint address_bits = 0, compute_units = 0;
  cl_ulong max_alloc_bytes = 0, global_mem_bytes = 0;
  size_t max_work_group_size = 0;
  // OpenCL C versions the compiler accepts ("1.2", "3.0"): CL_DEVICE_OPENCL_C_ALL_VERSIONS
  // on an OpenCL 3.0 device, else the one CL_DEVICE_OPENCL_C_VERSION names.
  std::vector<std::string> c_versions;
  std::vector<std::string> c_features;  // CL_DEVICE_OPENCL_C_FEATURES (OpenCL 3.0 devices)
  bool non_uniform_work_groups = false;  // OpenCL 2.x, or CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT on 3.0
  // cl_ext_float_atomics: CL_DEVICE_{HALF,SINGLE,DOUBLE}_FP_ATOMIC_CAPABILITIES_EXT
  // (0 without the extension). Their compilers define the matching
  // __opencl_c_ext_fp<N>_<space>_atomic_<op> macros without listing them in
  // CL_DEVICE_OPENCL_C_FEATURES, so supports() reads these.
  cl_ulong fp16_atomic_caps = 0, fp32_atomic_caps = 0, fp64_atomic_caps = 0;
  cl_device_svm_capabilities svm_caps = 0;  // CL_DEVICE_SVM_CAPABILITIES (OpenCL 2.0 and later)
  int version_major = 0;                 // of the device's OpenCL version (CL_DEVICE_VERSION)
  // The device's PCI address as Linux's sysfs names it ("0000:1b:00.0"),
  // from cl_khr_pci_bus_info or NVIDIA's cl_nv_device_attribute_query; ""
  // when the device reports neither.
  std::string pci_address;

  bool has_extension(const std::string& ext) const;
  // Capability names used by manifests: "fp64", "fp16", "images"
  // (CL_DEVICE_IMAGE_SUPPORT), an extension name,
  // "opencl_c_2.0" (an OpenCL C 2.0 or later compiler), "non_uniform_work_groups",
  // "cl_khr_subgroups or __opencl_c_subgroups" (the extension, or an OpenCL
  // C 3.0 compiler with the feature: OpenCL C 2.0 itself has no sub-group
  // functions), "EXT or OpenCL C 3.1" (the extension, or an OpenCL C 3.1
  // compiler, in which EXT's functions are core),
  // "svm_atomics" (fine-grained SVM buffers with SVM atomics),
  // "__opencl_c_ext_fp32_global_atomic_add" and the other cl_ext_float_atomics
  // macros (from the capability queries above),
  // and the OpenCL C 3.0 feature macros ("__opencl_c_atomic_order_seq_cst"),
  // which a 3.0 compiler lists and a 2.x compiler has all of (OpenCL C 3.0
  // spec 6.2.1: every feature is implied by OpenCL C 2.0, fp64 aside).
  bool supports(const std::string& capability) const;
  // The -cl-std option that selects the newest OpenCL C >= 2.0 the device
  // accepts; "" when it accepts none.
  std::string cl_std_2x_option() const;
  // The floating-point configuration the build-option rules read (fp_rules.hpp).
  DeviceFp fp() const;
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
// platforms, or a device, platform or vendor name, ignoring case: a name
// that some device has whole, else a part of one. A name that selects
// several devices is refused with the list of them.
// Empty SEL means $CLCONFORM_DEVICE, or else the first device.
DeviceHandle select_device(const std::string& sel);
// Which of ALL a selector names ('P:D', a number, or a name as above);
// throws SetupError when none does or several do.
size_t pick_device(const std::vector<DeviceInfo>& all, const std::string& sel);

std::string fp_config_names(cl_device_fp_config cfg);  // "denorm inf_nan ..."
std::string describe_devices(const std::vector<DeviceHandle>& devices);

// A CTest resource-spec file (ctest --resource-spec-file): one "opencl"
// resource per device, with the id dP_D for device P:D and one slot, so that
// no two tests share a device.
std::string ctest_resource_spec(const std::vector<DeviceHandle>& devices);

// The device CTest allocated to this test ("P:D", from
// CTEST_RESOURCE_GROUP_0_OPENCL="id:dP_D,slots:1"), or "" outside such a run.
std::string ctest_allocated_device();

}  // namespace clconform
