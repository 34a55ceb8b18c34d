// reference/image_format and image_sampling: the conversion rules of 8.3 and
// the sampling formulas of 8.2 at hand-worked points.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "reference/image_format.hpp"
#include "reference/image_sampling.hpp"

namespace clconform::ref {
namespace {

uint32_t fbits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

ImageFormat fmt(const std::string& o, const std::string& t) {
  ImageFormat f;
  std::string err;
  EXPECT_TRUE(describe_image_format(o, t, f, err)) << err;
  return f;
}

TEST(ImageFormat, FormatTableLimits) {
  ImageFormat f;
  std::string err;
  EXPECT_FALSE(describe_image_format("RGBA", "UNORM_SHORT_565", f, err));
  EXPECT_FALSE(describe_image_format("INTENSITY", "SIGNED_INT8", f, err));
  EXPECT_FALSE(describe_image_format("BGRA", "UNORM_INT16", f, err));
  EXPECT_TRUE(describe_image_format("RGBx", "UNORM_INT_101010", f, err));
  EXPECT_EQ(f.texel_bytes, 4u);
  EXPECT_EQ(fmt("RGBA", "FLOAT").texel_bytes, 16u);
  EXPECT_EQ(fmt("RGx", "UNORM_INT16").texel_bytes, 6u);
}

TEST(ImageFormat, PackRoundTrip) {
  ImageFormat f = fmt("RGB", "UNORM_SHORT_565");
  uint8_t t[2];
  pack_texel(f, {0x1f, 0x00, 0x01}, t);  // b, g, r from bit 0
  EXPECT_EQ(t[0] | (t[1] << 8), 0x081f);
  EXPECT_EQ(unpack_texel(f, t), (std::vector<uint32_t>{0x1f, 0, 1}));
}

TEST(ImageFormat, NormalizedReads) {
  ImageFormat f = fmt("R", "UNORM_INT8");
  auto e = read_expect(f, {255});
  EXPECT_TRUE(e[0].accepts(fbits(1.0f)));
  EXPECT_FALSE(e[0].accepts(fbits(std::nextafter(1.0f, 0.0f))));  // 255 must give exactly 1.0
  EXPECT_TRUE(e[3].accepts(fbits(1.0f)));                          // missing alpha
  EXPECT_TRUE(e[1].accepts(fbits(0.0f)));
  auto m = read_expect(f, {128});
  const float q = 128.0f / 255.0f;
  EXPECT_TRUE(m[0].accepts(fbits(q)));
  EXPECT_TRUE(m[0].accepts(fbits(std::nextafter(q, 1.0f))));
  const float far = q + 2 * (std::nextafter(q, 1.0f) - q);
  EXPECT_FALSE(m[0].accepts(fbits(far)));
  ImageFormat s = fmt("R", "SNORM_INT8");
  EXPECT_TRUE(read_expect(s, {0x80})[0].accepts(fbits(-1.0f)));  // -128 and -127 give -1
  EXPECT_TRUE(read_expect(s, {0x81})[0].accepts(fbits(-1.0f)));
  EXPECT_FALSE(read_expect(s, {0x81})[0].accepts(fbits(-0.99f)));
}

TEST(ImageFormat, HalfReadsWithinOneAndAHalfUlpOfHalf) {
  // 8.3.1.2: round_to_half(c / 255) within 1.5 ulp of half; 0 and 255 exact.
  const ImageFormat f = fmt("R", "UNORM_INT8");
  const auto e = read_expect_half(f, {128});
  const double q = 128.0 / 255.0;                  // in [0.5, 1): half spacing 2^-11
  const float h = float(std::ldexp(std::nearbyint(std::ldexp(q, 11)), -11));  // the nearest half, 0.016 steps below q
  const float step = std::ldexp(1.0f, -11);
  EXPECT_TRUE(e[0].accepts(fbits(h)));
  EXPECT_TRUE(e[0].accepts(fbits(h + step)));       // 0.98 half ulp from q
  EXPECT_FALSE(e[0].accepts(fbits(h + 2 * step)));  // 1.98 half ulp from q
  EXPECT_FALSE(e[0].accepts(fbits(h - 2 * step)));  // 2.02 half ulp from q
  // The same texel's float read is far narrower: the half bound is not the float one.
  EXPECT_FALSE(read_expect(f, {128})[0].accepts(fbits(h + step)));
  EXPECT_TRUE(read_expect_half(f, {255})[0].accepts(fbits(1.0f)));
  EXPECT_FALSE(read_expect_half(f, {255})[0].accepts(fbits(1.0f - std::ldexp(1.0f, -11))));
  EXPECT_TRUE(read_expect_half(f, {0})[0].accepts(fbits(0.0f)));
  const ImageFormat s = fmt("R", "SNORM_INT16");
  EXPECT_TRUE(read_expect_half(s, {0x8000})[0].accepts(fbits(-1.0f)));  // -32768 and -32767 give -1
  EXPECT_FALSE(read_expect_half(s, {0x8000})[0].accepts(fbits(-1.0f + std::ldexp(1.0f, -11))));
  // Half channels are lossless.
  const ImageFormat hf = fmt("R", "HALF_FLOAT");
  EXPECT_TRUE(read_expect_half(hf, {0x3555})[0].accepts(fbits(0.333251953125f)));
  EXPECT_FALSE(read_expect_half(hf, {0x3555})[0].accepts(fbits(std::nextafter(0.333251953125f, 1.0f))));
}

TEST(ImageFormat, ChannelMapping) {
  auto a = read_expect(fmt("A", "UNSIGNED_INT8"), {7});
  EXPECT_TRUE(a[0].accepts(0));
  EXPECT_TRUE(a[3].accepts(7));
  auto i = read_expect(fmt("INTENSITY", "FLOAT"), {fbits(0.5f)});
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(i[size_t(c)].accepts(fbits(0.5f)));
  auto l = read_expect(fmt("LUMINANCE", "FLOAT"), {fbits(0.5f)});
  EXPECT_TRUE(l[3].accepts(fbits(1.0f)));
  auto bgra = read_expect(fmt("BGRA", "SIGNED_INT8"), {1, 2, 3, 0xff});
  EXPECT_TRUE(bgra[0].accepts(3));
  EXPECT_TRUE(bgra[2].accepts(1));
  EXPECT_TRUE(bgra[3].accepts(0xffffffffu));  // sign extension
  EXPECT_EQ(border_color("R")[3], 1.0f);
  EXPECT_EQ(border_color("Rx")[3], 0.0f);
}

TEST(ImageFormat, Writes) {
  ImageFormat u8 = fmt("R", "UNORM_INT8");
  auto w = write_expect(u8, {fbits(0.5f), 0, 0, 0});  // 127.5: 127 or 128
  EXPECT_TRUE(w[0].accepts(127, u8, 0));
  EXPECT_TRUE(w[0].accepts(128, u8, 0));
  EXPECT_FALSE(w[0].accepts(126, u8, 0));
  auto sat = write_expect(u8, {fbits(2.0f), 0, 0, 0});
  EXPECT_TRUE(sat[0].accepts(255, u8, 0));
  EXPECT_FALSE(sat[0].accepts(254, u8, 0));
  ImageFormat s8 = fmt("R", "SIGNED_INT8");
  auto si = write_expect(s8, {uint32_t(-200), 0, 0, 0});
  EXPECT_TRUE(si[0].accepts(0x80, s8, 0));
  EXPECT_FALSE(si[0].accepts(0x38, s8, 0));  // -200 wrapped
  ImageFormat h = fmt("R", "HALF_FLOAT");
  auto hw = write_expect(h, {fbits(1.0f + 1.0f / 4096), 0, 0, 0});  // between halves 1 and 1+2^-10
  EXPECT_TRUE(hw[0].accepts(0x3c00, h, 0));
  EXPECT_FALSE(hw[0].accepts(0x3c01, h, 0));
}

TEST(ImageSampling, NearestAndAddressing) {
  SampledImage img;
  img.width = 4;
  img.dims = 1;
  for (int x = 0; x < 4; ++x) img.texels.push_back({float(x), 0, 0, 1});
  img.border = {9, 9, 9, 9};
  Sampler s;
  s.addressing = Addressing::ClampToEdge;
  EXPECT_EQ(sample(img, s, {-3.0f, 0, 0, 0}).value[0], 0);
  EXPECT_EQ(sample(img, s, {3.99f, 0, 0, 0}).value[0], 3);
  s.addressing = Addressing::Clamp;
  EXPECT_EQ(sample(img, s, {4.0f, 0, 0, 0}).value[0], 9);
  s.normalized = true;
  s.addressing = Addressing::Repeat;
  EXPECT_EQ(sample(img, s, {1.375f, 0, 0, 0}).value[0], 1);  // 0.375 * 4 = 1.5
  s.addressing = Addressing::MirroredRepeat;
  EXPECT_EQ(sample(img, s, {1.375f, 0, 0, 0}).value[0], 2);  // mirrored: 0.625 * 4 = 2.5
}

TEST(ImageSampling, LinearAndLayers) {
  SampledImage img;
  img.width = 2;
  img.height = 3;  // layers
  img.dims = 1;
  img.array = true;
  for (int l = 0; l < 3; ++l)
    for (int x = 0; x < 2; ++x) img.texels.push_back({float(10 * l + x), 0, 0, 0});
  Sampler s;
  s.linear = true;
  s.addressing = Addressing::ClampToEdge;
  auto r = sample(img, s, {0.75f, 1.0f, 0, 0});  // a = 0.25 between x 0 and 1 of layer 1
  EXPECT_DOUBLE_EQ(r.value[0], 10.25);
  EXPECT_DOUBLE_EQ(r.spread[0], 1.0);
  s.linear = false;
  EXPECT_EQ(sample(img, s, {0.5f, 0.5f, 0, 0}).value[0], 0);    // rint(0.5) = 0
  EXPECT_EQ(sample(img, s, {0.5f, 1.5f, 0, 0}).value[0], 20);   // rint(1.5) = 2
  EXPECT_EQ(sample(img, s, {0.5f, 7.0f, 0, 0}).value[0], 20);   // clamped
  s.normalized = true;
  EXPECT_EQ(sample(img, s, {0.25f, 1.0f, 0, 0}).value[0], 10);  // the layer is never normalized
}

// 8.3.3: a denormal CL_FLOAT channel reads as itself or as a zero of either
// sign, whatever the build options; the smallest normal is read as itself
// alone, and a denormal is not read as another denormal.
TEST(ImageFormat, FloatChannelDenormalMayReadAsZero) {
  const uint32_t denorm = 0x00000123, smallest_normal = 0x00800000;
  auto d = read_expect(fmt("R", "FLOAT"), {denorm});
  EXPECT_TRUE(d[0].accepts(denorm));
  EXPECT_TRUE(d[0].accepts(0x00000000));
  EXPECT_TRUE(d[0].accepts(0x80000000));
  EXPECT_FALSE(d[0].accepts(denorm + 1));
  auto n = read_expect(fmt("R", "FLOAT"), {smallest_normal});
  EXPECT_TRUE(n[0].accepts(smallest_normal));
  EXPECT_FALSE(n[0].accepts(0x00000000));
}

}  // namespace
}  // namespace clconform::ref
