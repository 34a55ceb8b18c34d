#include "image_sampling.hpp"

#include <algorithm>
#include <cmath>

namespace clconform::ref {
namespace {

// One axis's texel indices and weight of the second, per 8.2.
struct Axis {
  int i0 = 0, i1 = 0;
  double a = 0;  // weight of i1 (linear); nearest uses i0
};

int clamp_int(int a, int b, int c) { return a < b ? b : (a > c ? c : a); }

// 8.2, addressing other than REPEAT / MIRRORED_REPEAT: address_mode of a
// texel index; out-of-image indices stay out (the border color is used).
int address(Addressing m, int i, int size) {
  switch (m) {
    case Addressing::ClampToEdge: return clamp_int(i, 0, size - 1);
    case Addressing::Clamp: return clamp_int(i, -1, size);
    default: return i;
  }
}

Axis axis(const Sampler& s, float coord, int size) {
  Axis r;
  const float fsize = float(size);
  if (s.addressing == Addressing::Repeat) {
    const float u = (coord - std::floor(coord)) * fsize;
    if (!s.linear) {
      int i = int(std::floor(u));
      if (i > size - 1) i -= size;
      r.i0 = i;
      return r;
    }
    int i0 = int(std::floor(u - 0.5f));
    int i1 = i0 + 1;
    if (i0 < 0) i0 += size;
    if (i1 > size - 1) i1 -= size;
    r.i0 = i0;
    r.i1 = i1;
    const float t = u - 0.5f;
    r.a = double(t - std::floor(t));
    return r;
  }
  if (s.addressing == Addressing::MirroredRepeat) {
    float sp = 2.0f * std::rint(0.5f * coord);
    sp = std::fabs(coord - sp);
    const float u = sp * fsize;
    if (!s.linear) {
      r.i0 = std::min(int(std::floor(u)), size - 1);
      return r;
    }
    int i0 = int(std::floor(u - 0.5f));
    int i1 = i0 + 1;
    r.i0 = std::max(i0, 0);
    r.i1 = std::min(i1, size - 1);
    const float t = u - 0.5f;
    r.a = double(t - std::floor(t));
    return r;
  }
  const float u = s.normalized ? coord * fsize : coord;
  if (!s.linear) {
    r.i0 = address(s.addressing, int(std::floor(u)), size);
    return r;
  }
  const float t = u - 0.5f;
  const int f = int(std::floor(t));
  r.i0 = address(s.addressing, f, size);
  r.i1 = address(s.addressing, f + 1, size);
  r.a = double(t - std::floor(t));
  return r;
}

}  // namespace

bool parse_addressing(const std::string& name, Addressing& out) {
  if (name == "NONE") out = Addressing::None;
  else if (name == "CLAMP_TO_EDGE") out = Addressing::ClampToEdge;
  else if (name == "CLAMP") out = Addressing::Clamp;
  else if (name == "REPEAT") out = Addressing::Repeat;
  else if (name == "MIRRORED_REPEAT") out = Addressing::MirroredRepeat;
  else return false;
  return true;
}

SampleResult sample(const SampledImage& img, const Sampler& s, const std::array<float, 4>& coord) {
  const int sizes[3] = {img.width, img.height, img.depth};
  Axis ax[3];
  for (int d = 0; d < img.dims; ++d) ax[d] = axis(s, coord[size_t(d)], sizes[d]);
  // 8.4: the layer of an array is clamp(rint(coordinate), 0, layers - 1), never normalized.
  int layer = 0;
  if (img.array) {
    const int layers = sizes[img.dims];
    layer = clamp_int(int(std::rint(coord[size_t(img.dims)])), 0, layers - 1);
  }
  auto texel = [&](int x, int y, int z) -> std::array<float, 4> {
    int idx[3] = {x, y, z};
    for (int d = 0; d < img.dims; ++d) {
      if (idx[d] < 0 || idx[d] >= sizes[d]) return img.border;
    }
    if (img.array) idx[img.dims] = layer;
    return img.texels[size_t((idx[2] * img.height + idx[1]) * img.width + idx[0])];
  };
  SampleResult r;
  const int corners = s.linear ? (1 << img.dims) : 1;
  std::array<double, 4> lo, hi;
  lo.fill(INFINITY);
  hi.fill(-INFINITY);
  for (int k = 0; k < corners; ++k) {
    int idx[3] = {0, 0, 0};
    double w = 1;
    for (int d = 0; d < img.dims; ++d) {
      const bool second = s.linear && ((k >> d) & 1);
      idx[d] = second ? ax[d].i1 : ax[d].i0;
      if (s.linear) w *= second ? ax[d].a : 1 - ax[d].a;
    }
    const auto t = texel(idx[0], idx[1], idx[2]);
    for (size_t c = 0; c < 4; ++c) {
      r.value[c] += w * double(t[c]);
      lo[c] = std::min(lo[c], double(t[c]));
      hi[c] = std::max(hi[c], double(t[c]));
    }
  }
  for (size_t c = 0; c < 4; ++c) r.spread[c] = hi[c] - lo[c];
  return r;
}

}  // namespace clconform::ref
