#include "fp16_inputs.hpp"

#include <climits>

#include "inputs.hpp"

namespace clconform::suites::half {
namespace {

const std::vector<uint16_t> kSpecialHalves = {
    0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x83FF, 0x3800, 0x4000, 0xC200,  // first 12: fma's
    0x0400, 0x8400, 0x03FF, 0x8001, 0x7BFF, 0xFBFF, 0x7C01, 0x3BFF, 0x3C01, 0x3555, 0x4248, 0xC248,
    0x4900, 0x5640, 0xD640, 0x1400, 0x6400, 0x3E00, 0xBE00};
const std::vector<int32_t> kSpecialInts = {0,   1,   -1,  2,   -2,  3,    -3,   4,   5,       7,      10,
                                           15,  16,  17,  24,  25,  30,   31,   32,  40,      -14,    -15,
                                           -24, -25, -40, 127, -127, 1000, -1000, INT_MAX, INT_MIN};

}  // namespace

Fp16Inputs::Fp16Inputs(std::string kinds, uint64_t seed, uint64_t stream, uint64_t random)
    : kinds_(std::move(kinds)), seed_(seed), stream_(stream) {
  if (kinds_ == "h") {
    combos_ = total_ = 65536;
    return;
  }
  combos_ = 1;
  for (char k : kinds_) combos_ *= k == 'i' ? kSpecialInts.size() : specials().size();
  total_ = combos_ + random;
}

const std::vector<uint16_t>& Fp16Inputs::specials() const {
  // Three arguments: the first 12 specials, so the combinations stay few.
  static const std::vector<uint16_t> few(kSpecialHalves.begin(), kSpecialHalves.begin() + 12);
  return kinds_.size() == 3 ? few : kSpecialHalves;
}

std::vector<ref::half_math::Arg> Fp16Inputs::lane(uint64_t e) const {
  std::vector<ref::half_math::Arg> args(kinds_.size());
  if (kinds_ == "h") {
    args[0].half = uint16_t(e);
    return args;
  }
  if (e < combos_) {
    for (size_t i = 0; i < kinds_.size(); ++i) {
      if (kinds_[i] == 'i') {
        args[i].is_half = false;
        args[i].integer = kSpecialInts[e % kSpecialInts.size()];
        e /= kSpecialInts.size();
      } else {
        args[i].half = specials()[e % specials().size()];
        e /= specials().size();
      }
    }
    return args;
  }
  const uint64_t r = counter_bits(seed_, stream_, e);
  for (size_t i = 0; i < kinds_.size(); ++i) {
    const uint16_t bits = uint16_t(r >> (16 * i));
    if (kinds_[i] == 'i') {
      // Mostly small exponents and powers, where results stay in half's range.
      args[i].is_half = false;
      args[i].integer = (r >> 63) ? int32_t(uint32_t(r >> 16)) : int32_t(bits % 81) - 40;
    } else {
      args[i].half = bits;
    }
  }
  return args;
}

std::vector<uint64_t> integer_edges(unsigned bits, bool is_signed) {
  const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  std::vector<uint64_t> out;
  auto add = [&](int64_t v) { out.push_back(uint64_t(v) & mask); };
  for (int64_t v : {0, 1, 2, 3, 65504, 65505, 65519, 65520, 65521, 65535, 2047, 2049, 2051, 4097, 4098, 4099, 4100})
    add(v), add(-v);
  for (unsigned p = 1; p < bits; ++p) {
    const int64_t v = int64_t(uint64_t(1) << p);
    for (int64_t d : {-1, 0, 1}) add(v + d), add(-(v + d));
  }
  if (is_signed) {
    add(int64_t(mask >> 1));
    out.push_back(mask ^ (mask >> 1));  // the most negative value
  } else {
    out.push_back(mask);
    out.push_back(mask - 1);
  }
  return out;
}

}  // namespace clconform::suites::half
