// The images.sampler check: read_imagef through one sampler (normalized or
// unnormalized coordinates, one addressing mode, one filter) of a CL_RGBA
// CL_FLOAT image, against reference/image_sampling.hpp (OpenCL C 3.0 spec
// 8.2 and 8.4).
//
// 8.2's note makes only unnormalized coordinates with NEAREST filtering and
// NONE, CLAMP_TO_EDGE or CLAMP addressing exact; the precision of every other
// combination is not defined. Those cases are therefore judged at
// coordinates whose result does not depend on that precision: texel centres
// for NEAREST, and the quarter points between centres for LINEAR (weights 0,
// 1/4, 1/2, 3/4, exact in any fixed-point weight of 2 or more fraction bits),
// in images whose sides are powers of two so that the normalized coordinates
// are exact floats. A LINEAR result may differ from the weighted sum by
// 2^-8 of the spread of the texels it weights (a weight with 8 fraction
// bits), and by 2^-22 relative to the sum for the float arithmetic.
#include <cmath>
#include <cstring>

#include "checks.hpp"
#include "image_objects.hpp"
#include "inputs.hpp"
#include "reference/image_sampling.hpp"

namespace clconform::suites {
namespace {

using ref::Addressing;

// Coordinates along one axis of SIZE texels, unnormalized (the caller divides).
// Points FIRST .. FIRST + COUNT - 1 of the case's counter-based sequence.
std::vector<float> axis_points(const ref::Sampler& s, bool exact, int size, uint64_t seed, uint64_t stream,
                               unsigned axis, uint64_t first, size_t count) {
  std::vector<float> out;
  const bool none = s.addressing == Addressing::None;
  const bool wraps = s.addressing == Addressing::Repeat || s.addressing == Addressing::MirroredRepeat;
  for (uint64_t k = first; k < first + count; ++k) {
    const uint64_t r = counter_bits(seed, stream, k * 4 + axis);
    if (exact) {
      // Any float: integers, half-integers and random points, outside the
      // image too where the addressing mode defines the result.
      const double lo = none ? 0.0 : -2.0, hi = none ? double(size) : double(size) + 2.0;
      float v;
      switch (r % 4) {
        case 0: v = float(std::floor(lo + double((r >> 8) % uint64_t(hi - lo)))); break;
        case 1: v = float(std::floor(lo + double((r >> 8) % uint64_t(hi - lo)))) + 0.5f; break;
        default: v = float(lo + (hi - lo) * double((r >> 8) & 0xffffff) / 16777216.0);
      }
      if (none) v = std::min(v, std::nextafter(float(size), 0.0f));
      out.push_back(v);
      continue;
    }
    // Texel centres, or quarter points between two centres for LINEAR.
    int span_lo = none ? 0 : -2, span_hi = none ? size - 1 : size + 1;
    if (s.linear && none) span_hi = size - 2;  // both texels inside the image
    int i = span_lo + int((r >> 8) % uint64_t(span_hi - span_lo + 1));
    float v = float(i) + 0.5f;
    if (s.linear) v += float((r >> 40) % 4) * 0.25f;
    if (wraps) v += float(size) * float(int((r >> 48) % 5) - 2);  // other tiles
    out.push_back(v);
  }
  return out;
}

void check_sampler(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string type = p.at("image").as_string();
  ref::Sampler s;
  s.normalized = p.at("normalized").as_bool();
  s.linear = p.at("filter").as_string() == "LINEAR";
  if (!ref::parse_addressing(p.at("addressing").as_string(), s.addressing)) throw std::runtime_error("bad addressing mode");
  const bool exact = p.at("exact").as_bool();
  const cl_image_format fmt{CL_RGBA, CL_FLOAT};
  if (!format_supported(run.session.context, type, fmt, CL_MEM_READ_ONLY)) {
    run.result.status = "unsupported";
    run.result.detail = "the device does not list CL_RGBA CL_FLOAT for " + type + " reads";
    return;
  }
  ref::SampledImage img;
  const auto& ext = p.at("extent").as_array();
  img.width = int(ext[0].as_uint());
  img.height = int(ext[1].as_uint());
  img.depth = int(ext[2].as_uint());
  img.dims = int(p.at("dims").as_uint());
  img.array = p.at("array").as_bool();
  img.border = {0, 0, 0, 0};  // 6.15.15.1.1: CL_RGBA
  const uint64_t stream = case_stream(run.c.id);
  const size_t n_texels = size_t(img.width) * size_t(img.height) * size_t(img.depth);
  // Texel values k / 4096: sums with quarter weights stay exact in float.
  for (size_t t = 0; t < n_texels; ++t) {
    std::array<float, 4> v;
    for (size_t c = 0; c < 4; ++c) v[c] = float(counter_bits(run.opts.seed, stream, t * 4 + c) % 4097) / 4096.0f;
    img.texels.push_back(v);
  }

  const size_t n = run.count(512, 16384);
  const int sizes[3] = {img.width, img.height, img.depth};
  std::vector<std::array<float, 4>> coords(n, std::array<float, 4>{0, 0, 0, 0});
  for (int d = 0; d < img.dims; ++d) {
    auto pts = axis_points(s, exact, sizes[d], run.opts.seed, stream + 1, unsigned(d), run.first(), n);
    for (size_t k = 0; k < n; ++k) coords[k][size_t(d)] = s.normalized ? pts[k] / float(sizes[d]) : pts[k];
  }
  if (img.array) {
    // 8.4: layer = clamp(rint(coordinate), 0, layers - 1); halfway points round to even.
    static const float layer_points[] = {-1.0f, -0.5f, 0.0f, 0.4f, 0.5f, 1.0f, 1.5f, 1.6f, 2.0f, 2.5f, 3.5f, 7.0f};
    for (size_t k = 0; k < n; ++k)
      coords[k][size_t(img.dims)] =
          layer_points[counter_bits(run.opts.seed, stream + 2, run.first() + k) % std::size(layer_points)];
  }

  cl::Kernel k = run.kernel();
  ImageObject src;
  std::vector<float> data;
  for (const auto& t : img.texels) data.insert(data.end(), t.begin(), t.end());
  create_image(run.session.context, type, fmt, {size_t(img.width), size_t(img.height), size_t(img.depth)},
               CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, data.data(), src);
  std::vector<float> got(n * 4, -7.0f);
  {
    cl::Buffer in(run.session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 16, coords.data());
    cl::Buffer out(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 16, got.data());
    clSetKernelArg(k(), 0, sizeof(cl_mem), &src.image);
    k.setArg(1, in);
    k.setArg(2, out);
    run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(n));
    run.session.queue.enqueueReadBuffer(out, CL_TRUE, 0, n * 16, got.data());
  }
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    const auto want = ref::sample(img, s, coords[i]);
    for (size_t c = 0; c < 4; ++c) {
      const double g = got[i * 4 + c];
      const double tol = s.linear ? want.spread[c] * std::ldexp(1.0, -8) + std::fabs(want.value[c]) * std::ldexp(1.0, -22) : 0.0;
      const double err = std::fabs(g - want.value[c]);
      if (std::isfinite(g)) worst = std::max(worst, err);
      if (err <= tol) {
        run.result.pass();
        continue;
      }
      Mismatch m;
      m.index = run.first() + i;
      m.lane = int(c);
      char buf[64];
      for (int d = 0; d < 4; ++d) {
        std::snprintf(buf, sizeof buf, "%.9g", double(coords[i][size_t(d)]));
        m.inputs.push_back(buf);
      }
      std::snprintf(buf, sizeof buf, "%.9g", g);
      m.output = buf;
      std::snprintf(buf, sizeof buf, "%.9g", want.value[c]);
      m.expected = buf + (tol > 0 ? std::string(" within ") + std::to_string(tol) : std::string());
      m.note = std::string("component ") + "xyzw"[c] + " at coordinate (" + m.inputs[0] + ", " + m.inputs[1] + ", " +
               m.inputs[2] + ")";
      m.score = err;
      m.edge = std::string("component ") + "xyzw"[c];
      WrongBits b;
      b.in_format = b.out_format = 'f';
      b.width = 4;
      for (int d = 0; d < 4; ++d) {
        uint32_t cb;
        std::memcpy(&cb, &coords[i][size_t(d)], 4);
        b.inputs.push_back(cb);
      }
      const float gf = float(g), wf = float(want.value[c]);
      uint32_t ob, eb;
      std::memcpy(&ob, &gf, 4);
      std::memcpy(&eb, &wf, 4);
      b.output = ob;
      b.expected = eb;
      m.bits = b;
      run.result.fail(m);
    }
  }
  char buf[96];
  std::snprintf(buf, sizeof buf, "; largest difference %.3g", worst);
  run.result.detail = std::to_string(n) + " reads of a " + std::to_string(img.width) + "x" + std::to_string(img.height) +
                      "x" + std::to_string(img.depth) + " " + type + (exact ? " (exact per 8.2's note)" : " at precision-independent coordinates") +
                      buf + (run.result.failed() ? ", " + std::to_string(run.result.failed()) + " wrong" : "");
}

}  // namespace

void register_images_sampler_check() { register_check("images.sampler", check_sampler); }

}  // namespace clconform::suites
