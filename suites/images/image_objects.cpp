#include "image_objects.hpp"

#include <map>
#include <stdexcept>
#include <vector>

namespace clconform::suites {

cl_channel_order channel_order_value(const std::string& name) {
  static const std::map<std::string, cl_channel_order> v = {
      {"R", CL_R},     {"Rx", CL_Rx},       {"A", CL_A},   {"INTENSITY", CL_INTENSITY}, {"LUMINANCE", CL_LUMINANCE},
      {"RG", CL_RG},   {"RGx", CL_RGx},     {"RA", CL_RA}, {"RGB", CL_RGB},             {"RGBx", CL_RGBx},
      {"RGBA", CL_RGBA}, {"ARGB", CL_ARGB}, {"BGRA", CL_BGRA}};
  auto it = v.find(name);
  if (it == v.end()) throw std::runtime_error("unknown channel order " + name);
  return it->second;
}

cl_channel_type channel_type_value(const std::string& name) {
  static const std::map<std::string, cl_channel_type> v = {
      {"SNORM_INT8", CL_SNORM_INT8},           {"SNORM_INT16", CL_SNORM_INT16},
      {"UNORM_INT8", CL_UNORM_INT8},           {"UNORM_INT16", CL_UNORM_INT16},
      {"UNORM_SHORT_565", CL_UNORM_SHORT_565}, {"UNORM_SHORT_555", CL_UNORM_SHORT_555},
      {"UNORM_INT_101010", CL_UNORM_INT_101010}, {"SIGNED_INT8", CL_SIGNED_INT8},
      {"SIGNED_INT16", CL_SIGNED_INT16},       {"SIGNED_INT32", CL_SIGNED_INT32},
      {"UNSIGNED_INT8", CL_UNSIGNED_INT8},     {"UNSIGNED_INT16", CL_UNSIGNED_INT16},
      {"UNSIGNED_INT32", CL_UNSIGNED_INT32},   {"HALF_FLOAT", CL_HALF_FLOAT},
      {"FLOAT", CL_FLOAT}};
  auto it = v.find(name);
  if (it == v.end()) throw std::runtime_error("unknown channel data type " + name);
  return it->second;
}

cl_mem_object_type image_type_value(const std::string& name) {
  static const std::map<std::string, cl_mem_object_type> v = {
      {"image1d", CL_MEM_OBJECT_IMAGE1D},       {"image1d_buffer", CL_MEM_OBJECT_IMAGE1D_BUFFER},
      {"image1d_array", CL_MEM_OBJECT_IMAGE1D_ARRAY}, {"image2d", CL_MEM_OBJECT_IMAGE2D},
      {"image2d_array", CL_MEM_OBJECT_IMAGE2D_ARRAY}, {"image3d", CL_MEM_OBJECT_IMAGE3D}};
  auto it = v.find(name);
  if (it == v.end()) throw std::runtime_error("unknown image type " + name);
  return it->second;
}

ImageObject::~ImageObject() {
  if (image) clReleaseMemObject(image);
  if (buffer) clReleaseMemObject(buffer);
}

void create_image(cl::Context& ctx, const std::string& type, const cl_image_format& fmt,
                  const std::array<size_t, 3>& extent, cl_mem_flags flags, void* host, ImageObject& out) {
  cl_image_desc desc{};
  desc.image_type = image_type_value(type);
  desc.image_width = extent[0];
  cl_int err = CL_SUCCESS;
  switch (desc.image_type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY: desc.image_array_size = extent[1]; break;
    case CL_MEM_OBJECT_IMAGE2D: desc.image_height = extent[1]; break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
      desc.image_height = extent[1];
      desc.image_array_size = extent[2];
      break;
    case CL_MEM_OBJECT_IMAGE3D:
      desc.image_height = extent[1];
      desc.image_depth = extent[2];
      break;
    default: break;
  }
  if (desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
    // The texel size of the format times the width; the buffer carries the data.
    size_t texel = 0;
    const size_t channels = fmt.image_channel_order == CL_R || fmt.image_channel_order == CL_A ||
                                    fmt.image_channel_order == CL_INTENSITY || fmt.image_channel_order == CL_LUMINANCE
                                ? 1
                            : fmt.image_channel_order == CL_RG || fmt.image_channel_order == CL_RA ||
                                    fmt.image_channel_order == CL_Rx
                                ? 2
                            : fmt.image_channel_order == CL_RGx ? 3
                                                               : 4;
    switch (fmt.image_channel_data_type) {
      case CL_SNORM_INT8: case CL_UNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: texel = channels; break;
      case CL_UNORM_SHORT_565: case CL_UNORM_SHORT_555: texel = 2; break;
      case CL_UNORM_INT_101010: texel = 4; break;
      case CL_SIGNED_INT32: case CL_UNSIGNED_INT32: case CL_FLOAT: texel = 4 * channels; break;
      default: texel = 2 * channels; break;
    }
    cl_mem_flags bflags = CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0);
    out.buffer = clCreateBuffer(ctx(), bflags, texel * extent[0], host, &err);
    if (err != CL_SUCCESS) throw cl::Error(err, "clCreateBuffer");
    desc.buffer = out.buffer;
    flags &= ~cl_mem_flags(CL_MEM_COPY_HOST_PTR);
    host = nullptr;
  }
  out.image = clCreateImage(ctx(), flags, &fmt, &desc, host, &err);
  if (err != CL_SUCCESS) throw cl::Error(err, "clCreateImage");
}

bool format_supported(cl::Context& ctx, const std::string& type, const cl_image_format& fmt, cl_mem_flags flags) {
  cl_uint n = 0;
  const cl_mem_object_type t = image_type_value(type);
  if (clGetSupportedImageFormats(ctx(), flags, t, 0, nullptr, &n) != CL_SUCCESS || n == 0) return false;
  std::vector<cl_image_format> all(n);
  if (clGetSupportedImageFormats(ctx(), flags, t, n, all.data(), nullptr) != CL_SUCCESS) return false;
  for (const auto& f : all) {
    if (f.image_channel_order == fmt.image_channel_order && f.image_channel_data_type == fmt.image_channel_data_type)
      return true;
  }
  return false;
}

std::array<size_t, 3> image_region(const std::string& type, const std::array<size_t, 3>& extent) {
  const cl_mem_object_type t = image_type_value(type);
  if (t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER) return {extent[0], 1, 1};
  if (t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D) return {extent[0], extent[1], 1};
  return extent;
}

}  // namespace clconform::suites
