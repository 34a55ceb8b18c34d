#include "device.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "cl_errors.hpp"
#include "errors.hpp"
#include "host_cores.hpp"

namespace clconform {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\0' || std::isspace(static_cast<unsigned char>(s.back())))) s.pop_back();
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

std::vector<std::string> split_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// A device that does not know a query (an older OpenCL version) answers with
// an error; such a capability is simply absent.
// (The C API, because the C++ wrapper throws on any error.)
template <cl_device_info Q, typename T>
T query_or(const cl::Device& d, T fallback) {
  T value{};
  return clGetDeviceInfo(d(), Q, sizeof value, &value, nullptr) == CL_SUCCESS ? value : fallback;
}

// cl_ext_float_atomics' queries and capability bits (OpenCL extension
// specification, cl_ext_float_atomics; the system's headers predate them).
constexpr cl_device_info kFp16AtomicCaps = 0x4233, kFp32AtomicCaps = 0x4231, kFp64AtomicCaps = 0x4232;

// An array-valued query (cl_name_version lists); empty when unknown.
template <typename T>
std::vector<T> query_array(const cl::Device& d, cl_device_info q) {
  size_t bytes = 0;
  if (clGetDeviceInfo(d(), q, 0, nullptr, &bytes) != CL_SUCCESS || bytes < sizeof(T)) return {};
  std::vector<T> v(bytes / sizeof(T));
  if (clGetDeviceInfo(d(), q, v.size() * sizeof(T), v.data(), nullptr) != CL_SUCCESS) return {};
  return v;
}

// "OpenCL C 1.2 PoCL" -> {1, 2}; "OpenCL 3.0 ..." -> {3, 0}.
std::pair<int, int> version_numbers(const std::string& s) {
  int major = 0, minor = 0;
  for (size_t i = 0; i + 2 < s.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(s[i])) && s[i + 1] == '.' &&
        std::isdigit(static_cast<unsigned char>(s[i + 2]))) {
      major = s[i] - '0';
      minor = s[i + 2] - '0';
      break;
    }
  }
  return {major, minor};
}

void probe_c_language(const cl::Device& d, DeviceInfo& info) {
  info.version_major = version_numbers(info.version).first;
  if (info.version_major >= 3) {
    for (const auto& nv : query_array<cl_name_version>(d, CL_DEVICE_OPENCL_C_ALL_VERSIONS)) {
      info.c_versions.push_back(std::to_string(CL_VERSION_MAJOR(nv.version)) + "." +
                                std::to_string(CL_VERSION_MINOR(nv.version)));
    }
    for (const auto& nv : query_array<cl_name_version>(d, CL_DEVICE_OPENCL_C_FEATURES)) {
      info.c_features.push_back(trim(nv.name));
    }
    info.non_uniform_work_groups = query_or<CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, cl_bool>(d, CL_FALSE) == CL_TRUE;
  } else {
    info.non_uniform_work_groups = info.version_major == 2;
  }
  auto [cmaj, cmin] = version_numbers(info.c_version);
  std::string named = std::to_string(cmaj) + "." + std::to_string(cmin);
  if (cmaj > 0 && std::find(info.c_versions.begin(), info.c_versions.end(), named) == info.c_versions.end()) {
    info.c_versions.push_back(named);
  }
}

// NVIDIA's cl_nv_device_attribute_query: the bus, the slot as
// (device << 3) | function, and, on newer drivers, the domain.
constexpr cl_device_info kNvPciBusId = 0x4008, kNvPciSlotId = 0x4009, kNvPciDomainId = 0x400A;

std::string pci_address_of(const cl::Device& d, const DeviceInfo& info) {
  unsigned domain = 0, bus = 0, device = 0, function = 0;
  cl_device_pci_bus_info_khr khr{};
  cl_uint nv_bus = 0, nv_slot = 0, nv_domain = 0;
  if (info.has_extension("cl_khr_pci_bus_info") &&
      clGetDeviceInfo(d(), CL_DEVICE_PCI_BUS_INFO_KHR, sizeof khr, &khr, nullptr) == CL_SUCCESS) {
    domain = khr.pci_domain, bus = khr.pci_bus, device = khr.pci_device, function = khr.pci_function;
  } else if (info.has_extension("cl_nv_device_attribute_query") &&
             clGetDeviceInfo(d(), kNvPciBusId, sizeof nv_bus, &nv_bus, nullptr) == CL_SUCCESS &&
             clGetDeviceInfo(d(), kNvPciSlotId, sizeof nv_slot, &nv_slot, nullptr) == CL_SUCCESS) {
    if (clGetDeviceInfo(d(), kNvPciDomainId, sizeof nv_domain, &nv_domain, nullptr) != CL_SUCCESS) nv_domain = 0;
    domain = nv_domain, bus = nv_bus & 0xff, device = (nv_slot >> 3) & 0x1f, function = nv_slot & 7;
  } else {
    return "";
  }
  char text[32];
  std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", domain & 0xffff, bus & 0xff, device & 0x1f, function & 7);
  return text;
}

DeviceInfo probe(const cl::Platform& p, const cl::Device& d, size_t pi, size_t di) {
  DeviceInfo info;
  info.selector = std::to_string(pi) + ":" + std::to_string(di);
  info.name = trim(d.getInfo<CL_DEVICE_NAME>());
  info.vendor = trim(d.getInfo<CL_DEVICE_VENDOR>());
  info.platform = trim(p.getInfo<CL_PLATFORM_NAME>());
  info.platform_version = trim(p.getInfo<CL_PLATFORM_VERSION>());
  info.driver_version = trim(d.getInfo<CL_DRIVER_VERSION>());
  info.version = trim(d.getInfo<CL_DEVICE_VERSION>());
  info.c_version = trim(d.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
  info.embedded_profile = d.getInfo<CL_DEVICE_PROFILE>().find("EMBEDDED") != std::string::npos;
  info.extensions = split_words(d.getInfo<CL_DEVICE_EXTENSIONS>());
  info.single_fp_config = query_or<CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config>(d, 0);
  info.svm_caps = query_or<CL_DEVICE_SVM_CAPABILITIES, cl_device_svm_capabilities>(d, 0);
  if (info.has_extension("cl_ext_float_atomics")) {
    info.fp16_atomic_caps = query_or<kFp16AtomicCaps, cl_ulong>(d, 0);
    info.fp32_atomic_caps = query_or<kFp32AtomicCaps, cl_ulong>(d, 0);
    info.fp64_atomic_caps = query_or<kFp64AtomicCaps, cl_ulong>(d, 0);
  }
  info.double_fp_config = query_or<CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config>(d, 0);
  info.half_fp_config = query_or<CL_DEVICE_HALF_FP_CONFIG, cl_device_fp_config>(d, 0);
  // fp64 is core-optional since OpenCL 1.2 (a non-zero double config) and an
  // extension before; either announces it.
  info.fp64 = info.double_fp_config != 0 || info.has_extension("cl_khr_fp64");
  info.fp16 = info.has_extension("cl_khr_fp16");
  info.images = d.getInfo<CL_DEVICE_IMAGE_SUPPORT>() == CL_TRUE;
  info.address_bits = d.getInfo<CL_DEVICE_ADDRESS_BITS>();
  info.compute_units = d.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  info.max_alloc_bytes = d.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  info.global_mem_bytes = d.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
  info.max_work_group_size = d.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  probe_c_language(d, info);
  info.pci_address = pci_address_of(d, info);
  return info;
}

json::Value string_array(const std::vector<std::string>& v) {
  json::Value a = json::Value::array();
  for (const auto& s : v) a.push_back(s);
  return a;
}

}  // namespace

bool DeviceInfo::has_extension(const std::string& ext) const {
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

bool DeviceInfo::supports(const std::string& capability) const {
  if (capability == "fp64") return fp64;
  if (capability == "images") return images;
  if (capability == "fp16") return fp16;
  if (capability == "opencl_c_2.0") return !cl_std_2x_option().empty();
  if (capability == "non_uniform_work_groups") return non_uniform_work_groups;
  if (capability == "svm_atomics") {
    const cl_device_svm_capabilities need = CL_DEVICE_SVM_FINE_GRAIN_BUFFER | CL_DEVICE_SVM_ATOMICS;
    return (svm_caps & need) == need;
  }
  if (capability == "cl_khr_subgroups or __opencl_c_subgroups") {
    // OpenCL C 3.0 spec 6.15.19: the sub-group functions need the
    // cl_khr_subgroups extension, or OpenCL C 3.0 with __opencl_c_subgroups;
    // unlike the other feature macros, it is not implied by OpenCL C 2.0.
    const bool c30 = std::find(c_versions.begin(), c_versions.end(), "3.0") != c_versions.end();
    return has_extension("cl_khr_subgroups") ||
           (c30 && std::find(c_features.begin(), c_features.end(), "__opencl_c_subgroups") != c_features.end());
  }
  // "X or OpenCL C 3.1": the extension X, whose functions OpenCL C 3.1
  // made core (6.15.20.5 to 6.15.20.7).
  if (const size_t at = capability.find(" or OpenCL C 3.1"); at != std::string::npos) {
    return has_extension(capability.substr(0, at)) ||
           std::find(c_versions.begin(), c_versions.end(), "3.1") != c_versions.end();
  }
  // The integer dot product features (6.15.3) come with
  // cl_khr_integer_dot_product, not with OpenCL C 2.0: an OpenCL C 3.0
  // compiler lists the ones the device has; an older one with the extension
  // is taken to have both.
  if (capability.rfind("__opencl_c_integer_dot_product", 0) == 0) {
    if (!has_extension("cl_khr_integer_dot_product")) return false;
    const bool c30 = std::find(c_versions.begin(), c_versions.end(), "3.0") != c_versions.end();
    return !c30 || std::find(c_features.begin(), c_features.end(), capability) != c_features.end();
  }
  // cl_ext_float_atomics: __opencl_c_ext_fp<16|32|64>_<global|local>_atomic_<load_store|add|min_max>,
  // one capability bit each (global at bits 0-2, local at 16-18).
  if (capability.rfind("__opencl_c_ext_fp", 0) == 0) {
    if (std::find(c_features.begin(), c_features.end(), capability) != c_features.end()) return true;
    const std::string rest = capability.substr(std::strlen("__opencl_c_ext_fp"));
    const cl_ulong caps = rest.rfind("16_", 0) == 0 ? fp16_atomic_caps : rest.rfind("32_", 0) == 0 ? fp32_atomic_caps
                        : rest.rfind("64_", 0) == 0 ? fp64_atomic_caps : 0;
    const unsigned base = rest.find("_local_") != std::string::npos ? 16 : 0;
    const unsigned bit = rest.find("_load_store") != std::string::npos ? 0 : rest.find("_add") != std::string::npos ? 1 : 2;
    return (caps >> (base + bit)) & 1;
  }
  if (capability.rfind("__opencl_c_", 0) == 0) {
    if (std::find(c_versions.begin(), c_versions.end(), "3.0") != c_versions.end()) {
      return std::find(c_features.begin(), c_features.end(), capability) != c_features.end();
    }
    return !cl_std_2x_option().empty() && capability != "__opencl_c_fp64";
  }
  return has_extension(capability);
}

std::string DeviceInfo::cl_std_2x_option() const {
  std::string best;
  for (const auto& v : c_versions) {
    if (v >= "2.0" && v > best) best = v;
  }
  return best.empty() ? "" : "-cl-std=CL" + best;
}

std::string fp_config_names(cl_device_fp_config cfg) {
  static const std::pair<cl_device_fp_config, const char*> names[] = {
      {CL_FP_DENORM, "denorm"},
      {CL_FP_INF_NAN, "inf_nan"},
      {CL_FP_ROUND_TO_NEAREST, "round_to_nearest"},
      {CL_FP_ROUND_TO_ZERO, "round_to_zero"},
      {CL_FP_ROUND_TO_INF, "round_to_inf"},
      {CL_FP_FMA, "fma"},
      {CL_FP_SOFT_FLOAT, "soft_float"},
      {CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, "correctly_rounded_divide_sqrt"},
  };
  std::string out;
  for (const auto& [bit, name] : names) {
    if (cfg & bit) out += (out.empty() ? "" : " ") + std::string(name);
  }
  return out.empty() ? "none" : out;
}

DeviceFp DeviceInfo::fp() const {
  DeviceFp f;
  f.embedded = embedded_profile;
  f.half = half_fp_config;
  f.single = single_fp_config;
  f.dbl = double_fp_config;
  return f;
}

json::Value DeviceInfo::to_json() const {
  json::Value v = json::Value::object();
  v["selector"] = selector;
  v["name"] = name;
  v["vendor"] = vendor;
  v["platform"] = platform;
  v["platform_version"] = platform_version;
  v["driver_version"] = driver_version;
  v["version"] = version;
  v["c_version"] = c_version;
  v["extensions"] = string_array(extensions);
  v["fp16"] = fp16;
  v["fp64"] = fp64;
  v["images"] = images;
  v["single_fp_config"] = string_array(split_words(fp_config_names(single_fp_config)));
  v["double_fp_config"] = string_array(split_words(fp_config_names(double_fp_config)));
  v["half_fp_config"] = string_array(split_words(fp_config_names(half_fp_config)));
  v["address_bits"] = address_bits;
  v["compute_units"] = compute_units;
  v["max_alloc_bytes"] = static_cast<unsigned long long>(max_alloc_bytes);
  v["global_mem_bytes"] = static_cast<unsigned long long>(global_mem_bytes);
  v["max_work_group_size"] = static_cast<unsigned long long>(max_work_group_size);
  v["c_versions"] = string_array(c_versions);
  v["c_features"] = string_array(c_features);
  v["non_uniform_work_groups"] = non_uniform_work_groups;
  return v;
}

std::vector<DeviceHandle> list_devices() {
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error& e) {
    throw SetupError("no OpenCL platform found (" + cl_error_name(e.err()) +
                     "); install an ICD such as pocl-opencl-icd, or check /etc/OpenCL/vendors and OCL_ICD_VENDORS");
  }
  if (platforms.empty()) throw SetupError("no OpenCL platform found; install an ICD such as pocl-opencl-icd");
  std::vector<DeviceHandle> out;
  for (size_t pi = 0; pi < platforms.size(); ++pi) {
    std::vector<cl::Device> devices;
    try {
      platforms[pi].getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } catch (const cl::Error&) {
      continue;  // a platform with no devices answers CL_DEVICE_NOT_FOUND
    }
    for (size_t di = 0; di < devices.size(); ++di) {
      out.push_back({platforms[pi], devices[di], probe(platforms[pi], devices[di], pi, di)});
    }
  }
  if (out.empty()) throw SetupError("OpenCL platforms were found but none has a device");
  return out;
}

namespace {
// The names a selector may match: the device's, its platform's, its
// vendor's, and "platform device" (the form `clconform devices` shows).
std::vector<std::string> selectable_names(const DeviceInfo& d) {
  return {d.name, d.platform, d.vendor, d.platform + " " + d.name};
}

std::string describe_matches(const std::vector<DeviceInfo>& all, const std::vector<size_t>& hits) {
  std::string out;
  for (size_t i : hits) out += (out.empty() ? "" : "; ") + all[i].selector + " " + all[i].name + " (" + all[i].platform + ")";
  return out;
}

// The devices one of whose names SEL equals (EXACT) or contains, ignoring case.
std::vector<size_t> name_matches(const std::vector<DeviceInfo>& all, const std::string& sel, bool exact) {
  std::vector<size_t> hits;
  const std::string want = lower(sel);
  for (size_t i = 0; i < all.size(); ++i) {
    for (const auto& n : selectable_names(all[i])) {
      const std::string have = lower(n);
      if (exact ? have == want : have.find(want) != std::string::npos) {
        hits.push_back(i);
        break;
      }
    }
  }
  return hits;
}
}  // namespace

size_t pick_device(const std::vector<DeviceInfo>& all, const std::string& sel) {
  if (all.empty()) throw SetupError("no OpenCL device found; 'clconform devices' lists what the ICD loader sees");
  if (sel.empty()) return 0;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].selector == sel) return i;
  }
  if (std::all_of(sel.begin(), sel.end(), ::isdigit)) {
    // Compared as text, so that no number is too long to read.
    const std::string n = sel.substr(std::min(sel.find_first_not_of('0'), sel.size() - 1));
    if (n.size() < 10 && std::stoul(n) < all.size()) return std::stoul(n);
    throw SetupError("no device number " + n.substr(0, 20) + "; 'clconform devices' lists " + std::to_string(all.size()));
  }
  // A name given whole wins over names that merely contain it: PoCL's device
  // name on an Intel host contains the Intel runtime's device name.
  for (bool exact : {true, false}) {
    const std::vector<size_t> hits = name_matches(all, sel, exact);
    if (hits.size() == 1) return hits[0];
    if (hits.size() > 1) {
      throw SetupError("'" + sel.substr(0, 60) + "' matches " + std::to_string(hits.size()) + " devices (" +
                       describe_matches(all, hits) + "); name one by its P:D selector or a longer name");
    }
  }
  throw SetupError("no device matches '" + sel.substr(0, 60) + "'; see 'clconform devices'");
}

DeviceHandle select_device(const std::string& requested) {
  std::string sel = requested;
  if (sel.empty()) sel = ctest_allocated_device();
  if (sel.empty()) {
    const char* env = std::getenv("CLCONFORM_DEVICE");
    if (env) sel = env;
  }
  std::vector<DeviceHandle> all = list_devices();
  std::vector<DeviceInfo> infos;
  for (const auto& d : all) infos.push_back(d.info);
  return all[pick_device(infos, sel)];
}

namespace {
std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}
}  // namespace

std::string describe_devices(const std::vector<DeviceHandle>& devices) {
  std::ostringstream out;
  for (const auto& h : devices) {
    const DeviceInfo& d = h.info;
    const std::vector<int> local = pci_local_cpus(d.pci_address);
    out << "[" << d.selector << "] " << d.name << "\n"
        << "    platform:        " << d.platform << " (" << d.platform_version << ")\n"
        << "    vendor, driver:  " << d.vendor << ", " << d.driver_version << "\n"
        << "    OpenCL:          " << d.version << "; " << d.c_version << "\n"
        << "    fp16, fp64:      " << (d.fp16 ? "yes" : "no") << ", " << (d.fp64 ? "yes" : "no") << "\n"
        << "    single fp:       " << fp_config_names(d.single_fp_config) << "\n"
        << "    double fp:       " << (d.fp64 ? fp_config_names(d.double_fp_config) : "not supported") << "\n"
        << "    address bits:    " << d.address_bits << "\n"
        << "    max alloc:       " << d.max_alloc_bytes / (1024 * 1024) << " MiB of "
        << d.global_mem_bytes / (1024 * 1024) << " MiB global\n"
        << "    max work-group:  " << d.max_work_group_size << "; compute units: " << d.compute_units << "\n"
        << "    OpenCL C:        " << join(d.c_versions) << "; non-uniform work-groups: "
        << (d.non_uniform_work_groups ? "yes" : "no") << "\n"
        << "    C features:      " << (d.c_features.empty() ? "none listed" : join(d.c_features)) << "\n"
        << "    PCI, host CPUs:  " << (d.pci_address.empty() ? "not reported" : d.pci_address) << ", "
        << (local.empty() ? "any" : cpu_list_text(local)) << "\n"
        << "    extensions:      ";
    for (size_t i = 0; i < d.extensions.size(); ++i) out << (i ? " " : "") << d.extensions[i];
    out << "\n";
  }
  return out.str();
}

std::string ctest_resource_spec(const std::vector<DeviceHandle>& devices) {
  // Resource ids may hold lower-case letters, digits and '_' only.
  std::string out = "{\n  \"version\": {\"major\": 1, \"minor\": 0},\n  \"local\": [{\n    \"opencl\": [\n";
  for (size_t i = 0; i < devices.size(); ++i) {
    std::string id = "d" + devices[i].info.selector;
    std::replace(id.begin(), id.end(), ':', '_');
    out += "      {\"id\": \"" + id + "\", \"slots\": 1}" + (i + 1 < devices.size() ? "," : "") + "\n";
  }
  return out + "    ]\n  }]\n}\n";
}

std::string ctest_allocated_device() {
  const char* env = std::getenv("CTEST_RESOURCE_GROUP_0_OPENCL");
  if (!env) return "";
  // "id:d0_1,slots:1"
  std::string v = env;
  size_t at = v.find("id:d");
  if (at == std::string::npos) return "";
  std::string id = v.substr(at + 4, v.find(',', at) == std::string::npos ? std::string::npos : v.find(',', at) - at - 4);
  std::replace(id.begin(), id.end(), '_', ':');
  return id;
}

}  // namespace clconform
