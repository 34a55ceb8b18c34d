#include "inputs.hpp"

#include <cstring>

namespace clconform {

uint64_t case_stream(const std::string& id) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : id) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

namespace {

std::vector<uint64_t> float_edges(unsigned bytes) {
  // the mantissa field's width in binary16, binary32 and binary64
  const unsigned mant = bytes == 2 ? 10 : bytes == 4 ? 23 : 52;
  const unsigned bits = bytes * 8;
  const uint64_t sign = uint64_t(1) << (bits - 1);
  const uint64_t exp_mask = ((uint64_t(1) << (bits - 1 - mant)) - 1) << mant;
  const uint64_t mant_mask = (uint64_t(1) << mant) - 1;
  const uint64_t quiet = uint64_t(1) << (mant - 1);
  const uint64_t one = (exp_mask >> 1) & exp_mask;  // biased exponent of 1.0
  std::vector<uint64_t> e = {
      0,                                   // +0
      sign,                                // -0
      exp_mask,                            // +inf
      sign | exp_mask,                     // -inf
      exp_mask | quiet,                    // canonical quiet NaN
      sign | exp_mask | quiet | 1,         // negative quiet NaN with a payload
      exp_mask | 1,                        // signalling NaN, smallest payload
      exp_mask | (quiet >> 1) | 5,         // signalling NaN, other payload
      sign | exp_mask | mant_mask,         // all-ones NaN
      1,                                   // smallest denormal
      sign | 1,
      mant_mask,                           // largest denormal
      sign | mant_mask,
      uint64_t(1) << mant,                 // smallest normal
      exp_mask - 1,                        // largest finite
      sign | (exp_mask - 1),
      one,                                 // 1.0
      sign | one,
      one | quiet,                         // 1.5
  };
  return e;
}

std::vector<uint64_t> integer_edges(unsigned bytes, bool is_signed) {
  const unsigned bits = bytes * 8;
  const uint64_t all = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  const uint64_t top = uint64_t(1) << (bits - 1);
  std::vector<uint64_t> e = {0, 1, all, top, top - 1, top + 1, 2, all - 1, 0x5555555555555555ull & all,
                             0xAAAAAAAAAAAAAAAAull & all};
  (void)is_signed;  // the same patterns are the extremes of both signednesses
  return e;
}

}  // namespace

std::vector<uint64_t> edge_patterns(const TypeDesc& t) {
  return t.kind == TypeDesc::Kind::Float ? float_edges(t.elem_size) : integer_edges(t.elem_size, t.kind == TypeDesc::Kind::Int);
}

uint64_t lane_bits(const TypeDesc& t, const std::vector<uint64_t>& edges, uint64_t seed, uint64_t stream,
                   uint64_t vector, unsigned lane) {
  if (vector < edges.size()) return edges[(vector + lane) % edges.size()];
  uint64_t bits = counter_bits(seed, stream, vector * 16 + lane);
  return t.elem_size == 8 ? bits : bits & ((uint64_t(1) << (8 * t.elem_size)) - 1);
}

std::vector<uint8_t> make_vectors(const TypeDesc& t, uint64_t seed, uint64_t stream, uint64_t first, size_t count) {
  std::vector<uint64_t> edges = edge_patterns(t);
  std::vector<uint8_t> out(count * t.size());
  for (size_t v = 0; v < count; ++v) {
    for (unsigned l = 0; l < t.storage_n(); ++l) {
      uint64_t bits = lane_bits(t, edges, seed, stream, first + v, l);
      std::memcpy(&out[(v * t.storage_n() + l) * t.elem_size], &bits, t.elem_size);  // little-endian host
    }
  }
  return out;
}

uint64_t read_lane(const std::vector<uint8_t>& buf, const TypeDesc& t, size_t vector, unsigned lane) {
  uint64_t bits = 0;
  std::memcpy(&bits, &buf[(vector * t.storage_n() + lane) * t.elem_size], t.elem_size);
  return bits;
}

}  // namespace clconform
