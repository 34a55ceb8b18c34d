// The images.format check: one image type with one channel order and data
// type. Texels filled on the host are read back by read_image{f,i,ui} three
// ways (sampler-less, and through an unnormalized CLAMP_TO_EDGE NEAREST
// sampler with integer and with float coordinates, which 8.2's note makes
// exact), colors written by write_image{f,i,ui} are read back on the host,
// and the get_image_* queries are compared with the image's description.
// Every value is judged by reference/image_format.hpp (OpenCL C 3.0 spec 8.3
// and 6.15.15.7).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "checks.hpp"
#include "image_objects.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/image_format.hpp"

namespace clconform::suites {
namespace {

using ref::ImageFormat;

std::string hex32(uint32_t v) { return hex_bits(v, 4); }

// Stored-channel values every format must be tried with: zeros, extremes,
// the values next to them, and for floats infinities, NaN, denormals.
std::vector<uint32_t> channel_edges(const ImageFormat& f, size_t c) {
  const unsigned b = f.bits[c];
  const uint32_t max = b >= 32 ? 0xffffffffu : (uint32_t(1) << b) - 1;
  if (f.dtype == "HALF_FLOAT") return {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x83ff, 0x7bff, 0x3555};
  if (f.dtype == "FLOAT")
    return {0, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u, 0x807fffffu,
            0x7f7fffffu, 0x3eaaaaabu};
  const uint32_t half = max >> 1;
  return {0, max, 1, max - 1, half, half + 1, half - 1};
}

// Colors every write must be tried with, as 32-bit patterns of one component.
std::vector<uint32_t> color_edges(const ImageFormat& f) {
  auto fb = [](float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  };
  if (f.access == 'f') {
    std::vector<uint32_t> e = {fb(0.0f), fb(-0.0f), fb(1.0f), fb(-1.0f), fb(0.5f), fb(2.0f), fb(-2.0f), fb(1e-30f),
                               fb(0.25f), fb(0.75f), fb(1.0f / 3)};
    if (f.dtype == "HALF_FLOAT" || f.dtype == "FLOAT") {
      for (uint32_t v : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0x477fe000u, 0x477ff000u, 0x33800000u, 0x38800000u,
                         0x387fc000u, 0x00000001u, 0x7f7fffffu})
        e.push_back(v);
    } else {
      // Halfway points of the scale, where rounding decides.
      const double scale = f.dtype.rfind("SNORM", 0) == 0 ? double((1u << (f.bits[0] - 1)) - 1)
                                                          : double((uint64_t(1) << f.bits[0]) - 1);
      for (double k : {0.5, 1.5, 2.5, scale - 0.5, scale - 1.5, -0.5, -1.5}) e.push_back(fb(float(k / scale)));
    }
    return e;
  }
  return {0, 1, 0xffffffffu, 127, 128, 0xffffff7fu, 0xffffff80u, 255, 256, 32767, 32768, 65535, 65536, 0x7fffffffu,
          0x80000000u, 0xffff7fffu};
}

// A random color component for a write to format F (float bits, or int bits).
uint32_t random_color(const ImageFormat& f, uint64_t r) {
  if (f.access != 'f') return uint32_t(r);
  float v;
  if (f.dtype == "FLOAT") {
    uint32_t b = uint32_t(r);
    return b;
  }
  if (f.dtype == "HALF_FLOAT") {
    // Floats spread over half's range, its denormals and a little past it.
    const int e = int((r >> 32) % 44) - 28;
    v = std::ldexp(1.0f + float(r & 0xffffff) / float(1 << 24), e) * ((r >> 40) & 1 ? -1.0f : 1.0f);
  } else {
    v = float(double(r & 0xffffffff) / 4294967296.0 * 1.5 - (f.dtype.rfind("SNORM", 0) == 0 ? 0.75 : 0.2)) *
        (f.dtype.rfind("SNORM", 0) == 0 ? 2.0f : 1.0f);
  }
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

const char* vec_name(char access) { return access == 'f' ? "float4" : access == 'i' ? "int4" : "uint4"; }

// Half colors every write_imageh must be tried with: zeros, +-1, 0.5, 2,
// the smallest denormal, 1/3, infinities, a NaN, the largest half, and for
// normalized types the half nearest each halfway point of the scale.
std::vector<uint16_t> half_color_edges(const ImageFormat& f) {
  std::vector<uint16_t> e = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4000, 0xc000, 0x0001, 0x3555,
                             0x7c00, 0xfc00, 0x7e00, 0x7bff};
  const bool normalized = f.dtype.find("NORM") != std::string::npos;
  if (normalized) {
    const double scale = f.dtype.rfind("SNORM", 0) == 0 ? double((1u << (f.bits[0] - 1)) - 1)
                                                        : double((uint64_t(1) << f.bits[0]) - 1);
    for (double k : {0.5, 1.5, 2.5, scale - 0.5, scale - 1.5, -0.5, -1.5})
      e.push_back(ref::double_to_half(k / scale, ref::Rounding::NearestEven));
  }
  return e;
}

// A random half color component: any bit pattern but NaNs, which are in the edges.
uint16_t random_half_color(uint64_t r) {
  uint16_t h = uint16_t(r);
  if ((h & 0x7c00) == 0x7c00 && (h & 0x03ff)) h &= 0xfbff;
  return h;
}

// What write_imageh of half COLOR (half bits) may store: CL_HALF_FLOAT keeps
// the half as it is (no conversion; a NaN any NaN); every other type converts
// as write_imagef of the same value does, since each half is a float and 8.3's
// rules for the two are the same bound (8.3.1.3 and 8.3.1.4: within 0.6 of the
// clamped product; 8.3.3: CL_FLOAT keeps the value).
std::vector<ref::WriteExpect> half_write_expect(const ImageFormat& f, const std::array<uint32_t, 4>& color) {
  std::array<uint32_t, 4> as_float{};
  for (size_t c = 0; c < 4; ++c) {
    const float v = ref::half_to_float(uint16_t(color[c]));
    std::memcpy(&as_float[c], &v, 4);
  }
  if (f.dtype != "HALF_FLOAT") return ref::write_expect(f, as_float);
  std::vector<ref::WriteExpect> want(f.channels.size());
  for (size_t c = 0; c < f.channels.size(); ++c) {
    const char ch = f.channels[c];
    if (ch == 'x') {
      want[c].any = true;
      continue;
    }
    // 6.15.15.7's mapping: r, intensity and luminance take the x component.
    const uint16_t h = uint16_t(color[ch == 'g' ? 1 : ch == 'b' ? 2 : ch == 'a' ? 3 : 0]);
    want[c].any_nan = (h & 0x7c00) == 0x7c00 && (h & 0x03ff);
    want[c].exact = {h};
  }
  return want;
}

// Every texel of the image runs whatever --index says: a texel's value
// depends on its position, and a failure's index is the texel's number.
void check_format(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string type = p.at("image").as_string();
  ImageFormat f;
  std::string error;
  if (!ref::describe_image_format(p.at("order").as_string(), p.at("dtype").as_string(), f, error))
    throw std::runtime_error("bad format in the manifest: " + error);
  const cl_image_format fmt{channel_order_value(f.order), channel_type_value(f.dtype)};
  const std::string fmt_name = "CL_" + f.order + " CL_" + f.dtype;
  if (!format_supported(run.session.context, type, fmt, CL_MEM_READ_ONLY)) {
    run.result.status = "unsupported";
    run.result.detail = "the device does not list " + fmt_name + " for " + type + " reads";
    return;
  }
  const auto& ext = p.at("extent").as_array();
  std::array<size_t, 3> extent = {size_t(ext[0].as_uint()), size_t(ext[1].as_uint()), size_t(ext[2].as_uint())};
  if (run.opts.full()) extent[0] *= size_t(p.at("full_width_factor").as_uint());
  const size_t n = extent[0] * extent[1] * extent[2];
  const uint64_t stream = case_stream(run.c.id);

  // Texels: edge channel values first (each channel a different one), then random bits.
  std::vector<std::vector<uint32_t>> raw(n, std::vector<uint32_t>(f.channels.size()));
  std::vector<uint8_t> data(n * f.texel_bytes);
  for (size_t t = 0; t < n; ++t) {
    for (size_t c = 0; c < f.channels.size(); ++c) {
      const auto edges = channel_edges(f, c);
      const uint32_t mask = f.bits[c] >= 32 ? 0xffffffffu : (uint32_t(1) << f.bits[c]) - 1;
      raw[t][c] = t < edges.size() ? edges[(t + c) % edges.size()] & mask
                                   : uint32_t(counter_bits(run.opts.seed, stream, t * 4 + c)) & mask;
    }
    ref::pack_texel(f, raw[t], &data[t * f.texel_bytes]);
  }

  ImageObject src;
  create_image(run.session.context, type, fmt, extent, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, data.data(), src);
  const bool only_queries = p.at("only_queries").as_bool();
  const bool sampled = p.at("sampled").as_bool();
  // read_imageh / write_imageh (cl_khr_fp16); read_imageh is undefined for CL_FLOAT.
  const bool half = p.has("half") && p.at("half").as_bool();
  const bool reads = !p.has("reads") || p.at("reads").as_bool();
  const std::string rw_suffix = half ? "h" : f.access == 'u' ? "ui" : std::string(1, f.access);
  if (!only_queries && reads) {
  // Reads.
  cl::Kernel read = run.kernel();
  std::vector<uint32_t> got(n * 3 * 4, 0xA5A5A5A5u);
  {
    cl::Buffer out(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, got.size() * 4, got.data());
    clSetKernelArg(read(), 0, sizeof(cl_mem), &src.image);
    read.setArg(1, out);
    read.setArg(2, cl_int(extent[0]));
    read.setArg(3, cl_int(extent[1]));
    run.session.queue.enqueueNDRangeKernel(read, cl::NullRange, cl::NDRange(n));
    run.session.queue.enqueueReadBuffer(out, CL_TRUE, 0, got.size() * 4, got.data());
  }
  static const char* const read_forms[3] = {"sampler-less, int coordinates", "sampler, int coordinates",
                                            "sampler, float coordinates at the texel centre"};
  for (size_t t = 0; t < n; ++t) {
    const auto want = half ? ref::read_expect_half(f, raw[t]) : ref::read_expect(f, raw[t]);
    std::vector<std::string> in;
    for (uint32_t r : raw[t]) in.push_back(hex32(r));
    for (size_t form = 0; form < (sampled ? 3u : 1u); ++form) {
      for (size_t c = 0; c < 4; ++c) {
        const uint32_t g = got[(t * 3 + form) * 4 + c];
        if (want[c].accepts(g)) {
          run.result.pass();
          continue;
        }
        Mismatch m;
        m.index = t;
        m.lane = int(c);
        m.inputs = in;
        float gf;
        std::memcpy(&gf, &g, 4);
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.9g (0x%08x)", double(gf), g);
        m.output = f.access == 'f' ? buf : std::to_string(f.access == 'i' ? int64_t(int32_t(g)) : int64_t(g));
        m.expected = want[c].describe();
        m.note = "read_image" + rw_suffix + " (" + read_forms[form] + "), component " + "xyzw"[c];
        m.edge = std::string("read component ") + "xyzw"[c];
        WrongBits b;
        b.in_format = 'u';
        b.in_bytes = std::max(1u, f.bits[0] / 8);
        b.out_format = f.access == 'f' ? 'f' : f.access == 'i' ? 'i' : 'u';
        b.width = 4;
        for (uint32_t r : raw[t]) b.inputs.push_back(r);
        b.output = g;
        b.expected = want[c].integer ? want[c].bits : [&] {
          uint32_t e;
          const float v = float(want[c].value);
          std::memcpy(&e, &v, 4);
          return e;
        }();
        m.bits = b;
        run.result.fail(m);
      }
    }
  }

  }

  // Queries (6.15.15.5): sizes, and the CLK_ constants of the order and type.
  if (!p.at("query_program").is_null()) {
    const BuiltProgram& qp = run.session.programs.get(run.suite, run.suite.programs.at(p.at("query_program").as_string()));
    if (!qp.ok) throw BuildFailed{&qp};
    cl::Kernel q(qp.program, "query");
    std::vector<int32_t> qo(64, -7);
    cl::Buffer out(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, qo.size() * 4, qo.data());
    clSetKernelArg(q(), 0, sizeof(cl_mem), &src.image);
    q.setArg(1, out);
    run.session.queue.enqueueNDRangeKernel(q, cl::NullRange, cl::NDRange(1));
    run.session.queue.enqueueReadBuffer(out, CL_TRUE, 0, qo.size() * 4, qo.data());
    auto expect_q = [&](const std::string& what, int64_t g, int64_t w) {
      if (g == w) {
        run.result.pass();
        return;
      }
      Mismatch m;
      m.output = std::to_string(g);
      m.expected = std::to_string(w);
      m.note = what;
      m.edge = "query " + what;
      run.result.fail(m);
    };
    std::vector<std::string> queries;
    for (const auto& v : p.at("queries").as_array()) queries.push_back(v.as_string());
    auto has = [&](const char* q) { return std::find(queries.begin(), queries.end(), q) != queries.end(); };
    const bool is_1d_array = type == "image1d_array";
    expect_q("get_image_width", qo[0], int64_t(extent[0]));
    if (has("height")) expect_q("get_image_height", qo[1], int64_t(extent[1]));
    if (has("depth")) expect_q("get_image_depth", qo[2], int64_t(extent[2]));
    if (has("array_size")) expect_q("get_image_array_size", qo[3], int64_t(is_1d_array ? extent[1] : extent[2]));
    if (has("dim2")) {
      expect_q("get_image_dim().x", qo[4], int64_t(extent[0]));
      expect_q("get_image_dim().y", qo[5], int64_t(extent[1]));
    }
    if (has("dim4")) {
      expect_q("get_image_dim().x", qo[4], int64_t(extent[0]));
      expect_q("get_image_dim().y", qo[5], int64_t(extent[1]));
      expect_q("get_image_dim().z", qo[6], int64_t(extent[2]));
      expect_q("get_image_dim().w", qo[7], 0);
    }
    // The value returned must be the CLK_ constant of the image's order and type.
    const auto& orders = p.at("order_constants").as_array();
    const auto& types = p.at("type_constants").as_array();
    for (size_t k = 0; k < orders.size(); ++k) {
      if (orders[k].as_string() == f.order) expect_q("get_image_channel_order == CLK_" + f.order, qo[9], qo[16 + k]);
    }
    for (size_t k = 0; k < types.size(); ++k) {
      if (types[k].as_string() == f.dtype) expect_q("get_image_channel_data_type == CLK_" + f.dtype, qo[8], qo[32 + k]);
    }
  }

  // Writes, where the device lists the format for writes and has what the program needs.
  std::string write_note;
  bool can_write = !only_queries && format_supported(run.session.context, type, fmt, CL_MEM_WRITE_ONLY);
  for (const auto& r : p.at("write_requires").as_array()) {
    if (!run.device().supports(r.as_string())) {
      can_write = false;
      write_note = "; writes not run: the device lacks " + r.as_string();
    }
  }
  if (!can_write && write_note.empty() && !only_queries)
    write_note = "; writes not run: the device does not list the format for writes";
  if (can_write) {
    const BuiltProgram& wp = run.session.programs.get(run.suite, run.suite.programs.at(p.at("write_program").as_string()));
    if (!wp.ok) throw BuildFailed{&wp};
    cl::Kernel write(wp.program, ("write_" + rw_suffix).c_str());
    const auto edges = color_edges(f);
    const auto hedges = half_color_edges(f);
    std::vector<std::array<uint32_t, 4>> colors(n);
    for (size_t t = 0; t < n; ++t) {
      for (size_t c = 0; c < 4; ++c) {
        const uint64_t r = counter_bits(run.opts.seed, stream + 1, t * 4 + c);
        if (half) colors[t][c] = t < hedges.size() ? hedges[(t + c) % hedges.size()] : random_half_color(r);
        else colors[t][c] = t < edges.size() ? edges[(t + c) % edges.size()] : random_color(f, r);
      }
      // One value for every component of an INTENSITY color, and for r g b of a LUMINANCE one,
      // so that which component the device stores does not matter (6.15.15.7).
      if (f.order == "INTENSITY") colors[t] = {colors[t][0], colors[t][0], colors[t][0], colors[t][0]};
      if (f.order == "LUMINANCE") colors[t] = {colors[t][0], colors[t][0], colors[t][0], colors[t][3]};
    }
    ImageObject dst;
    create_image(run.session.context, type, fmt, extent, CL_MEM_WRITE_ONLY, nullptr, dst);
    // write_imageh reads four halves per texel, the others a 16-byte vector.
    std::vector<uint16_t> half_colors;
    for (const auto& col : colors)
      for (uint32_t v : col) half_colors.push_back(uint16_t(v));
    cl::Buffer in = half ? cl::Buffer(run.session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 8,
                                      half_colors.data())
                         : cl::Buffer(run.session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 16,
                                      colors.data());
    clSetKernelArg(write(), 0, sizeof(cl_mem), &dst.image);
    write.setArg(1, in);
    write.setArg(2, cl_int(extent[0]));
    write.setArg(3, cl_int(extent[1]));
    run.session.queue.enqueueNDRangeKernel(write, cl::NullRange, cl::NDRange(n));
    std::vector<uint8_t> back(n * f.texel_bytes);
    const auto region = image_region(type, extent);
    const size_t origin[3] = {0, 0, 0};
    cl_int err = clEnqueueReadImage(run.session.queue(), dst.image, CL_TRUE, origin, region.data(), 0, 0, back.data(),
                                    0, nullptr, nullptr);
    if (err != CL_SUCCESS) throw cl::Error(err, "clEnqueueReadImage");
    for (size_t t = 0; t < n; ++t) {
      const auto stored = ref::unpack_texel(f, &back[t * f.texel_bytes]);
      const auto want = half ? half_write_expect(f, colors[t]) : ref::write_expect(f, colors[t]);
      for (size_t c = 0; c < stored.size(); ++c) {
        if (want[c].accepts(stored[c], f, c)) {
          run.result.pass();
          continue;
        }
        Mismatch m;
        m.index = t;
        m.lane = int(c);
        for (uint32_t v : colors[t]) m.inputs.push_back(hex32(v));
        m.output = hex32(stored[c]);
        m.expected = want[c].describe();
        m.note = "write_image" + rw_suffix + " of a " + (half ? std::string("half4") : vec_name(f.access)) +
                 ", stored channel " + std::string(1, f.channels[c]);
        m.edge = std::string("write channel ") + f.channels[c];
        WrongBits b;
        b.in_format = half ? 'h' : f.access == 'f' ? 'f' : f.access == 'i' ? 'i' : 'u';
        if (half) b.in_bytes = 2;
        b.out_format = 'u';
        b.out_bytes = std::max(1u, f.bits[c] / 8);
        b.width = 4;
        for (uint32_t v : colors[t]) b.inputs.push_back(v);
        b.output = stored[c];
        b.expected = uint64_t(want[c].lo) & 0xffffffffu;
        m.bits = b;
        run.result.fail(m);
      }
    }
    write_note = "; " + std::to_string(n) + " texels written";
  }
  const std::string read_text = only_queries ? "queries only"
                                : !reads    ? "no reads (read_imageh is undefined for this type)"
                                            : std::to_string(n) + " texels read " + (sampled ? "3 ways" : "sampler-less");
  const std::string queries = p.at("query_program").is_null() ? "; queries in images.query." + type + ".*" : "; queries";
  run.result.detail = fmt_name + " " + type + (half ? " (read_imageh, write_imageh)" : "") + ": " + read_text +
                      write_note + queries +
                      (run.result.failed() ? ", " + std::to_string(run.result.failed()) + " wrong" : "");
}

}  // namespace

void register_images_format_check() { register_check("images.format", check_format); }

}  // namespace clconform::suites
