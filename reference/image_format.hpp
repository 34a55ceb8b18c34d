// Image channel formats and the conversion rules of the OpenCL C 3.0 spec,
// section 8.3, and the channel mapping of 6.15.15.7: how a texel's bytes
// hold its channels, which values read_image{f,i,ui} may return for them,
// and which stored values write_image{f,i,ui} may produce from a color.
// Knows nothing of OpenCL: formats are named by their CL_ names without the
// prefix ("RGBA", "UNORM_INT8").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace clconform::ref {

struct ImageFormat {
  std::string order, dtype;
  char access = 'f';           // 'f' read_imagef/write_imagef, 'i' ..i, 'u' ..ui
  unsigned texel_bytes = 0;
  std::vector<char> channels;  // stored channels in memory order: r g b a i (intensity) l (luminance) x (unused)
  std::vector<unsigned> bits;  // bits of each stored channel

  bool packed() const;
};

// False (and a reason) for an order/type pair the API spec's table does not list.
bool describe_image_format(const std::string& order, const std::string& dtype, ImageFormat& out, std::string& error);

// The stored channels of one texel (raw bits, zero-extended) and back.
std::vector<uint32_t> unpack_texel(const ImageFormat& f, const uint8_t* texel);
void pack_texel(const ImageFormat& f, const std::vector<uint32_t>& raw, uint8_t* texel);

// What one component of a read may be.
struct ReadExpect {
  bool integer = false;
  uint32_t bits = 0;        // integer: the exact value
  double value = 0;         // float: the exact value of the conversion
  float lo = 0, hi = 0;     // float: the accepted interval
  bool any_nan = false;     // a NaN channel: any NaN
  bool zero_too = false;    // a denormal channel that may be flushed: +-0 too
  bool accepts(uint32_t got_bits) const;  // got_bits: the component's 32 bits (float or int)
  std::string describe() const;
};

// read_image{f,i,ui} of a texel with these stored channels (8.3; the
// mapping to (r, g, b, a) of 6.15.15.7). A denormal CL_FLOAT channel may
// always read as a zero (8.3.3, "Denorms can be flushed to zero"): the
// device's denormal support and the build options play no part, since the
// API spec's -cl-denorms-are-zero "does not apply to reading from or writing
// to image objects".
std::array<ReadExpect, 4> read_expect(const ImageFormat& f, const std::vector<uint32_t>& raw);

// read_imageh of the same texel (cl_khr_fp16; 8.3.1.2): the normalized
// types within 1.5 ulp of half, their exact values as for read_imagef, half
// channels lossless. Returned as floats, every half being one. Only the
// normalized, packed and CL_HALF_FLOAT types are defined for read_imageh.
std::array<ReadExpect, 4> read_expect_half(const ImageFormat& f, const std::vector<uint32_t>& raw);
// The border color of CLK_ADDRESS_CLAMP (6.15.15.1.1).
std::array<float, 4> border_color(const std::string& order);

// What one stored channel may hold after write_image{f,i,ui} of COLOR
// (float bits for 'f', int or uint bits otherwise), 8.3.
struct WriteExpect {
  bool any = false;             // an unused (x) channel
  int64_t lo = 0, hi = 0;       // integer and normalized channels: accepted values (signed for SNORM and SIGNED)
  std::vector<uint32_t> exact;  // half and float channels: accepted bit patterns
  bool any_nan = false;         // half and float: any NaN
  bool accepts(uint32_t raw, const ImageFormat& f, size_t channel) const;
  std::string describe() const;
};
std::vector<WriteExpect> write_expect(const ImageFormat& f, const std::array<uint32_t, 4>& color);

}  // namespace clconform::ref
