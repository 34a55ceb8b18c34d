// Creating the images the images suite's checks use, through the C API
// (cl_image_desc covers every image type of OpenCL 1.2, and an image1d
// buffer needs its buffer kept alive), and asking the device which formats it
// supports (clGetSupportedImageFormats).
#pragma once

#include <CL/opencl.hpp>

#include <array>
#include <string>

namespace clconform::suites {

// CL_ constants of the catalog's names ("RGBA", "UNORM_INT8", "image2d").
cl_channel_order channel_order_value(const std::string& name);
cl_channel_type channel_type_value(const std::string& name);
cl_mem_object_type image_type_value(const std::string& name);

// An image and, for image1d_buffer, the buffer it lives in. Released on destruction.
class ImageObject {
 public:
  ImageObject() = default;
  ImageObject(const ImageObject&) = delete;
  ImageObject& operator=(const ImageObject&) = delete;
  ~ImageObject();
  cl_mem image = nullptr;
  cl_mem buffer = nullptr;
};

// EXTENT: width, then height or layers, then depth or layers, as the catalog
// gives them. HOST: tightly packed texels to copy in, or nullptr. Throws
// cl::Error on failure.
void create_image(cl::Context& ctx, const std::string& type, const cl_image_format& fmt,
                  const std::array<size_t, 3>& extent, cl_mem_flags flags, void* host, ImageObject& out);

// Whether the device lists FMT for TYPE with FLAGS (CL_MEM_READ_ONLY or CL_MEM_WRITE_ONLY).
bool format_supported(cl::Context& ctx, const std::string& type, const cl_image_format& fmt, cl_mem_flags flags);

// The region clEnqueueReadImage takes for an image of this extent.
std::array<size_t, 3> image_region(const std::string& type, const std::array<size_t, 3>& extent);

}  // namespace clconform::suites
