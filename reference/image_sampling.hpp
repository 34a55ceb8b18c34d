// Sampled image reads as the OpenCL C 3.0 spec, section 8.2 and 8.4,
// defines them: coordinate normalization, the five addressing modes,
// nearest and linear filtering, the border color, and the layer of an image
// array. The coordinate arithmetic is done in float, as the spec's formulas
// are written; the filter's weighted sum is done in double (exact for the
// quarter-point weights the suite uses). Knows nothing of OpenCL.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace clconform::ref {

enum class Addressing { None, ClampToEdge, Clamp, Repeat, MirroredRepeat };
bool parse_addressing(const std::string& name, Addressing& out);  // "NONE", "CLAMP_TO_EDGE", ...

struct Sampler {
  bool normalized = false;
  Addressing addressing = Addressing::None;
  bool linear = false;
};

// An image of float4 texels: DIMS (1, 2 or 3) coordinates filter, an array
// image adds a layer coordinate (1D array: y, 2D array: z).
struct SampledImage {
  int width = 1, height = 1, depth = 1;  // height: layers of a 1D array; depth: layers of a 2D array
  int dims = 1;
  bool array = false;
  std::vector<std::array<float, 4>> texels;  // x fastest, then y, then z
  std::array<float, 4> border{};
};

struct SampleResult {
  std::array<double, 4> value{};
  // Per component, the largest minus the smallest value among the texels the
  // filter weighted (0 for a nearest read): the scale of a weight's error.
  std::array<double, 4> spread{};
};

// The read at COORD (x, y, z as the kernel passes them).
SampleResult sample(const SampledImage& img, const Sampler& s, const std::array<float, 4>& coord);

}  // namespace clconform::ref
