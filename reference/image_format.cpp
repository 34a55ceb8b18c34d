#include "image_format.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "format_convert.hpp"
#include "fp_bits.hpp"

namespace clconform::ref {
namespace {

enum class Kind { Unorm, Snorm, Sint, Uint, Half, Float };

Kind kind_of(const std::string& dtype) {
  if (dtype.rfind("UNORM", 0) == 0) return Kind::Unorm;
  if (dtype.rfind("SNORM", 0) == 0) return Kind::Snorm;
  if (dtype.rfind("SIGNED", 0) == 0) return Kind::Sint;
  if (dtype.rfind("UNSIGNED", 0) == 0) return Kind::Uint;
  if (dtype == "HALF_FLOAT") return Kind::Half;
  return Kind::Float;
}

unsigned type_bits(const std::string& dtype) {
  if (dtype.find("INT8") != std::string::npos) return 8;
  if (dtype.find("INT16") != std::string::npos || dtype == "HALF_FLOAT") return 16;
  return 32;
}

int64_t sign_extend(uint32_t raw, unsigned bits) {
  if (bits >= 32) return int32_t(raw);
  const uint32_t sign = uint32_t(1) << (bits - 1);
  return int64_t(raw ^ sign) - int64_t(sign);
}

float f32(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// The float spacing at |q| (q's binade), as the read bound's ulp (7.4's
// definition for a value that is a float: the gap above it).
double float_ulp(double q) {
  double a = std::fabs(q);
  if (a < std::ldexp(1.0, -126)) return std::ldexp(1.0, -149);
  int e;
  std::frexp(a, &e);  // a in [2^(e-1), 2^e)
  return std::ldexp(1.0, e - 1 - 23);
}

// The half spacing at |q|, for read_imageh's bound (8.3.1.2).
double half_ulp(double q) {
  double a = std::fabs(q);
  if (a < std::ldexp(1.0, -14)) return std::ldexp(1.0, -24);
  int e;
  std::frexp(a, &e);
  return std::ldexp(1.0, e - 1 - 10);
}

}  // namespace

bool ImageFormat::packed() const { return dtype == "UNORM_SHORT_565" || dtype == "UNORM_SHORT_555" || dtype == "UNORM_INT_101010"; }

bool describe_image_format(const std::string& order, const std::string& dtype, ImageFormat& out, std::string& error) {
  out = ImageFormat{};
  out.order = order;
  out.dtype = dtype;
  static const char* const types[] = {"SNORM_INT8",   "SNORM_INT16",   "UNORM_INT8",    "UNORM_INT16",
                                      "UNORM_SHORT_565", "UNORM_SHORT_555", "UNORM_INT_101010", "SIGNED_INT8",
                                      "SIGNED_INT16", "SIGNED_INT32",  "UNSIGNED_INT8", "UNSIGNED_INT16",
                                      "UNSIGNED_INT32", "HALF_FLOAT",   "FLOAT"};
  bool known = false;
  for (const char* t : types) known = known || dtype == t;
  if (!known) {
    error = "unknown channel data type " + dtype;
    return false;
  }
  const Kind k = kind_of(dtype);
  out.access = k == Kind::Sint ? 'i' : k == Kind::Uint ? 'u' : 'f';
  if (out.packed()) {
    if (order != "RGB" && order != "RGBx") {
      error = dtype + " goes only with RGB and RGBx";
      return false;
    }
    // API spec, image format descriptor: 565 red in bits 15:11, green 10:5,
    // blue 4:0; 555 bit 15 unused, then 5 bits each; 101010 bits 31:30
    // unused, red 29:20, green 19:10, blue 9:0. Listed here from bit 0 up.
    if (dtype == "UNORM_SHORT_565") {
      out.channels = {'b', 'g', 'r'};
      out.bits = {5, 6, 5};
      out.texel_bytes = 2;
    } else if (dtype == "UNORM_SHORT_555") {
      out.channels = {'b', 'g', 'r', 'x'};
      out.bits = {5, 5, 5, 1};
      out.texel_bytes = 2;
    } else {
      out.channels = {'b', 'g', 'r', 'x'};
      out.bits = {10, 10, 10, 2};
      out.texel_bytes = 4;
    }
    return true;
  }
  static const std::pair<const char*, const char*> orders[] = {
      {"R", "r"},   {"Rx", "rx"},    {"A", "a"},       {"INTENSITY", "i"}, {"LUMINANCE", "l"}, {"RG", "rg"},
      {"RGx", "rgx"}, {"RA", "ra"}, {"RGBA", "rgba"}, {"ARGB", "argb"},     {"BGRA", "bgra"}};
  const char* layout = nullptr;
  for (const auto& [name, l] : orders) {
    if (order == name) layout = l;
  }
  if (!layout) {
    error = "channel order " + order + " needs a packed data type or is unknown";
    return false;
  }
  if ((order == "INTENSITY" || order == "LUMINANCE") && (k == Kind::Sint || k == Kind::Uint)) {
    error = order + " goes only with normalized and floating-point types";
    return false;
  }
  if ((order == "ARGB" || order == "BGRA") && type_bits(dtype) != 8) {
    error = order + " goes only with 8-bit types";
    return false;
  }
  for (const char* c = layout; *c; ++c) {
    out.channels.push_back(*c);
    out.bits.push_back(type_bits(dtype));
  }
  out.texel_bytes = unsigned(out.channels.size()) * type_bits(dtype) / 8;
  return true;
}

std::vector<uint32_t> unpack_texel(const ImageFormat& f, const uint8_t* texel) {
  std::vector<uint32_t> raw;
  if (f.packed()) {
    uint32_t word = 0;
    std::memcpy(&word, texel, f.texel_bytes);  // little-endian host and device layout
    unsigned shift = 0;
    for (unsigned b : f.bits) {
      raw.push_back((word >> shift) & ((uint32_t(1) << b) - 1));
      shift += b;
    }
    return raw;
  }
  const unsigned bytes = f.bits[0] / 8;
  for (size_t c = 0; c < f.channels.size(); ++c) {
    uint32_t v = 0;
    std::memcpy(&v, texel + c * bytes, bytes);
    raw.push_back(v);
  }
  return raw;
}

void pack_texel(const ImageFormat& f, const std::vector<uint32_t>& raw, uint8_t* texel) {
  if (f.packed()) {
    uint32_t word = 0;
    unsigned shift = 0;
    for (size_t c = 0; c < f.bits.size(); ++c) {
      word |= (raw[c] & ((uint32_t(1) << f.bits[c]) - 1)) << shift;
      shift += f.bits[c];
    }
    std::memcpy(texel, &word, f.texel_bytes);
    return;
  }
  const unsigned bytes = f.bits[0] / 8;
  for (size_t c = 0; c < f.channels.size(); ++c) std::memcpy(texel + c * bytes, &raw[c], bytes);
}

bool ReadExpect::accepts(uint32_t got) const {
  if (integer) return got == bits;
  const float g = f32(got);
  if (any_nan) return std::isnan(g);
  if (zero_too && g == 0) return true;
  return !std::isnan(g) && g >= lo && g <= hi;
}

std::string ReadExpect::describe() const {
  char buf[160];
  if (integer) {
    std::snprintf(buf, sizeof buf, "%u (0x%08x)", bits, bits);
  } else if (any_nan) {
    std::snprintf(buf, sizeof buf, "a NaN");
  } else if (lo == hi) {
    std::snprintf(buf, sizeof buf, "%.9g%s", double(lo), zero_too ? " or 0" : "");
  } else {
    std::snprintf(buf, sizeof buf, "%.9g within 1.5 ulp: [%.9g, %.9g]", value, double(lo), double(hi));
  }
  return buf;
}

std::array<ReadExpect, 4> read_expect(const ImageFormat& f, const std::vector<uint32_t>& raw) {
  const Kind k = kind_of(f.dtype);
  auto channel = [&](size_t c) {
    ReadExpect e;
    const uint32_t r = raw[c];
    const unsigned b = f.bits[c];
    switch (k) {
      case Kind::Unorm: {
        // 8.3.1.1: c / (2^b - 1) within 1.5 ulp; 0 and the maximum exact.
        const uint32_t max = (uint32_t(1) << b) - 1;
        e.value = double(r) / double(max);
        if (r == 0 || r == max) {
          e.lo = e.hi = float(e.value);
        } else {
          const double u = 1.5 * float_ulp(e.value);
          e.lo = float(e.value - u);
          e.hi = float(e.value + u);
          // Round the bounds inward: floats strictly beyond 1.5 ulp are out.
          if (double(e.lo) < e.value - u) e.lo = std::nextafter(e.lo, 2.0f);
          if (double(e.hi) > e.value + u) e.hi = std::nextafter(e.hi, -2.0f);
        }
        break;
      }
      case Kind::Snorm: {
        // 8.3.1.1: max(-1, c / (2^(b-1) - 1)); -2^(b-1), -(2^(b-1) - 1), 0 and 2^(b-1) - 1 exact.
        const int64_t v = sign_extend(r, b);
        const int64_t max = (int64_t(1) << (b - 1)) - 1;
        e.value = std::max(-1.0, double(v) / double(max));
        if (v <= -max || v == 0 || v == max) {
          e.lo = e.hi = float(e.value);
        } else {
          const double u = 1.5 * float_ulp(e.value);
          e.lo = float(e.value - u);
          e.hi = float(e.value + u);
          if (double(e.lo) < e.value - u) e.lo = std::nextafter(e.lo, 2.0f);
          if (double(e.hi) > e.value + u) e.hi = std::nextafter(e.hi, -2.0f);
        }
        break;
      }
      case Kind::Half: {
        // 8.3.2: half to float is lossless.
        const float v = half_to_float(uint16_t(r));
        if (std::isnan(v)) e.any_nan = true;
        e.value = v;
        e.lo = e.hi = v;
        break;
      }
      case Kind::Float: {
        // 8.3.3: NaNs may become any NaN, denormals may be flushed, the rest is preserved.
        const float v = f32(r);
        if (std::isnan(v)) e.any_nan = true;
        e.value = v;
        e.lo = e.hi = v;
        e.zero_too = v != 0 && std::fpclassify(v) == FP_SUBNORMAL;
        break;
      }
      case Kind::Sint:
        // 8.3.4: sign extension to 32 bits.
        e.integer = true;
        e.bits = uint32_t(int32_t(sign_extend(r, b)));
        break;
      case Kind::Uint:
        e.integer = true;
        e.bits = r;
        break;
    }
    return e;
  };
  auto constant = [&](double v) {
    ReadExpect e;
    if (k == Kind::Sint || k == Kind::Uint) {
      e.integer = true;
      e.bits = uint32_t(v);
    } else {
      e.value = v;
      e.lo = e.hi = float(v);
    }
    return e;
  };
  // 6.15.15.7: missing red, green, blue read as 0, missing alpha as 1.
  std::array<ReadExpect, 4> out = {constant(0), constant(0), constant(0), constant(1)};
  for (size_t c = 0; c < f.channels.size(); ++c) {
    switch (f.channels[c]) {
      case 'r': out[0] = channel(c); break;
      case 'g': out[1] = channel(c); break;
      case 'b': out[2] = channel(c); break;
      case 'a': out[3] = channel(c); break;
      case 'i': out = {channel(c), channel(c), channel(c), channel(c)}; break;
      case 'l': out[0] = out[1] = out[2] = channel(c); break;
      default: break;
    }
  }
  return out;
}

std::array<ReadExpect, 4> read_expect_half(const ImageFormat& f, const std::vector<uint32_t>& raw) {
  std::array<ReadExpect, 4> e = read_expect(f, raw);
  const Kind k = kind_of(f.dtype);
  if (k != Kind::Unorm && k != Kind::Snorm) return e;
  // 8.3.1.2: round_to_half of the same quotient within 1.5 ulp of half; the
  // values read_imagef must give exactly stay exact (lo == hi there).
  for (ReadExpect& x : e) {
    if (x.integer || x.lo == x.hi) continue;
    const double u = 1.5 * half_ulp(x.value);
    x.lo = float(x.value - u);
    x.hi = float(x.value + u);
    if (double(x.lo) < x.value - u) x.lo = std::nextafter(x.lo, 2.0f);
    if (double(x.hi) > x.value + u) x.hi = std::nextafter(x.hi, -2.0f);
  }
  return e;
}

std::array<float, 4> border_color(const std::string& order) {
  if (order == "R" || order == "RG" || order == "RGB" || order == "LUMINANCE") return {0, 0, 0, 1};
  return {0, 0, 0, 0};
}

bool WriteExpect::accepts(uint32_t raw, const ImageFormat& f, size_t channel) const {
  if (any) return true;
  const Kind k = kind_of(f.dtype);
  if (k == Kind::Half || k == Kind::Float) {
    if (any_nan) {
      return k == Kind::Half ? std::isnan(half_to_float(uint16_t(raw))) : std::isnan(f32(raw));
    }
    for (uint32_t e : exact) {
      if (e == raw) return true;
    }
    return false;
  }
  const int64_t v = (k == Kind::Snorm || k == Kind::Sint) ? sign_extend(raw, f.bits[channel]) : int64_t(raw);
  return v >= lo && v <= hi;
}

std::string WriteExpect::describe() const {
  if (any) return "anything";
  if (any_nan) return "a NaN";
  std::string s;
  if (!exact.empty()) {
    for (uint32_t e : exact) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%x", e);
      s += (s.empty() ? "" : " or ") + std::string(buf);
    }
    return s;
  }
  if (lo == hi) return std::to_string(lo);
  return std::to_string(lo) + ".." + std::to_string(hi);
}

std::vector<WriteExpect> write_expect(const ImageFormat& f, const std::array<uint32_t, 4>& color) {
  const Kind k = kind_of(f.dtype);
  std::vector<WriteExpect> out;
  for (size_t c = 0; c < f.channels.size(); ++c) {
    WriteExpect e;
    const char ch = f.channels[c];
    const int comp = ch == 'g' ? 1 : ch == 'b' ? 2 : ch == 'a' ? 3 : 0;  // r, i, l: the x component
    if (ch == 'x') {
      e.any = true;
      out.push_back(e);
      continue;
    }
    const uint32_t in = color[size_t(comp)];
    const unsigned b = f.bits[c];
    switch (k) {
      case Kind::Unorm:
      case Kind::Snorm: {
        // 8.3.1.3: convert_<t>_sat_rte(f * scale), or another rounding within
        // 0.6 of it; taken as within 0.6 of the exact clamped product, which
        // also holds the preferred result (see suites/images/README.md).
        const float fv = f32(in);
        const bool snorm = k == Kind::Snorm;
        const double scale = snorm ? double((int64_t(1) << (b - 1)) - 1) : double((int64_t(1) << b) - 1);
        const double min = snorm ? -double(int64_t(1) << (b - 1)) : 0.0;
        const double max = scale;
        if (std::isnan(fv)) {
          e.lo = e.hi = 0;  // 6.2.3.3: a NaN converts to 0 under _sat
          break;
        }
        const double x = std::min(max, std::max(min, double(fv) * scale));
        const double pref = std::min(max, std::max(min, double(std::nearbyint(fv * float(scale)))));
        e.lo = int64_t(std::ceil(x - 0.6));
        e.hi = int64_t(std::floor(x + 0.6));
        e.lo = std::max<int64_t>(int64_t(min), std::min<int64_t>(e.lo, int64_t(pref)));
        e.hi = std::min<int64_t>(int64_t(max), std::max<int64_t>(e.hi, int64_t(pref)));
        break;
      }
      case Kind::Half: {
        // 8.3.2: round to nearest even or toward zero; a half denormal may be
        // flushed to zero; NaN to a NaN, infinity to infinity.
        const float fv = f32(in);
        if (std::isnan(fv)) {
          e.any_nan = true;
          break;
        }
        for (Rounding r : {Rounding::NearestEven, Rounding::TowardZero}) {
          const uint16_t h = float_to_half(fv, r);
          e.exact.push_back(h);
          if ((h & 0x7c00) == 0 && (h & 0x3ff) != 0) e.exact.push_back(h & 0x8000u);
        }
        break;
      }
      case Kind::Float: {
        // 8.3.3: NaN to a NaN, denormals may be flushed, the rest preserved.
        const float fv = f32(in);
        if (std::isnan(fv)) {
          e.any_nan = true;
          break;
        }
        e.exact.push_back(in);
        if (std::fpclassify(fv) == FP_SUBNORMAL) {
          e.exact.push_back(0);
          e.exact.push_back(0x80000000u);
        }
        break;
      }
      case Kind::Sint: {
        // 8.3.4: convert_char_sat, convert_short_sat, or the int itself.
        const int64_t v = int32_t(in);
        const int64_t lo = b >= 32 ? std::numeric_limits<int32_t>::min() : -(int64_t(1) << (b - 1));
        const int64_t hi = b >= 32 ? std::numeric_limits<int32_t>::max() : (int64_t(1) << (b - 1)) - 1;
        e.lo = e.hi = std::min(hi, std::max(lo, v));
        break;
      }
      case Kind::Uint: {
        const int64_t v = in;
        const int64_t hi = b >= 32 ? int64_t(0xffffffffu) : (int64_t(1) << b) - 1;
        e.lo = e.hi = std::min(hi, v);
        break;
      }
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace clconform::ref
