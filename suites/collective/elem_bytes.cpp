#include "elem_bytes.hpp"

#include <cstring>

#include "inputs.hpp"
#include "known_failures.hpp"

namespace clconform::suites {
namespace {

uint64_t chunk(const uint8_t* p, size_t bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

}  // namespace

ElemBytes elem_bytes(const json::Value& layout) {
  ElemBytes e;
  e.bytes = layout.at("bytes").as_uint();
  if (layout.has("float_lanes"))
    for (const auto& l : layout.at("float_lanes").as_array()) e.float_lanes.push_back(unsigned(l.as_uint()));
  if (layout.has("double_lanes"))
    for (const auto& l : layout.at("double_lanes").as_array()) e.double_lanes.push_back(unsigned(l.as_uint()));
  return e;
}

std::vector<uint8_t> random_elems(const ElemBytes& e, size_t n, uint64_t seed, uint64_t stream) {
  std::vector<uint8_t> v(n * e.bytes);
  for (size_t i = 0; i < v.size(); ++i) v[i] = uint8_t(counter_bits(seed, stream, i));
  for (size_t k = 0; k < n; ++k) {
    for (unsigned lane : e.float_lanes) {
      uint32_t b;
      std::memcpy(&b, &v[k * e.bytes + 4 * lane], 4);
      if (((b >> 23) & 0xFF) == 0xFF) b &= ~(1u << 30);  // an INF or NaN exponent made finite
      std::memcpy(&v[k * e.bytes + 4 * lane], &b, 4);
    }
    for (unsigned lane : e.double_lanes) {
      uint64_t b;
      std::memcpy(&b, &v[k * e.bytes + 8 * lane], 8);
      if (((b >> 52) & 0x7FF) == 0x7FF) b &= ~(1ull << 62);
      std::memcpy(&v[k * e.bytes + 8 * lane], &b, 8);
    }
  }
  return v;
}

std::vector<uint8_t> random_elems_unlike_fill(const ElemBytes& e, size_t n, uint64_t seed, uint64_t stream) {
  std::vector<uint8_t> v = random_elems(e, n, seed, stream);
  const size_t unit = e.bytes <= 8 ? e.bytes : 4;
  const uint64_t fill = kUnwrittenPattern >> (64 - 8 * unit);
  for (size_t at = 0; at + unit <= v.size(); at += unit) {
    if (chunk(&v[at], unit) == fill) v[at] ^= 1;  // the lowest bit (little-endian): a float's last significand bit
  }
  return v;
}

Mismatch wrong_elem(const ElemBytes& e, uint64_t index, int lane, const std::string& where, const uint8_t* got,
                    const uint8_t* want, const std::string& note, const std::string& edge) {
  Mismatch m;
  m.index = index;
  m.lane = lane;
  m.inputs = {where};
  m.note = note;
  m.edge = edge;
  m.score = 1;
  if (e.bytes <= 8) {
    const uint64_t g = chunk(got, e.bytes), w = chunk(want, e.bytes);
    m.output = hex_bits(g, unsigned(e.bytes));
    m.expected = hex_bits(w, unsigned(e.bytes));
    m.bits = WrongBits{'u', 'u', unsigned(e.bytes), unsigned(e.bytes), 1, {}, g, w};
  } else {
    size_t l = 0;
    while (l + 1 < e.bytes / 4 && std::memcmp(got + 4 * l, want + 4 * l, 4) == 0) ++l;
    const uint64_t g = chunk(got + 4 * l, 4), w = chunk(want + 4 * l, 4);
    m.output = "lane " + std::to_string(l) + ": " + hex_bits(g, 4);
    m.expected = "lane " + std::to_string(l) + ": " + hex_bits(w, 4);
    m.bits = WrongBits{'f', 'f', 4, 4, unsigned(e.bytes / 4), {}, g, w};
  }
  return m;
}

}  // namespace clconform::suites
