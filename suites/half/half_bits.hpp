// Little helpers the half suite's checks share: little-endian element access
// in byte buffers, and NaN/denormal tests on bit patterns of any format.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "reference/fp_bits.hpp"

namespace clconform::suites::half {

template <typename T>
T get_le(const uint8_t* buf, size_t elem) {
  T v;
  std::memcpy(&v, buf + elem * sizeof(T), sizeof(T));
  return v;
}

template <typename T>
T get_le(const std::vector<uint8_t>& buf, size_t elem) {
  return get_le<T>(buf.data(), elem);
}

template <typename T>
void put_le(uint8_t* buf, size_t elem, T v) {
  std::memcpy(buf + elem * sizeof(T), &v, sizeof(T));
}

template <typename T>
void put_le(std::vector<uint8_t>& buf, size_t elem, T v) {
  put_le<T>(buf.data(), elem, v);
}

// The value every output half starts as (CaseRun::launch and Sweep fill
// outputs with 0xA5 bytes), so a half nobody wrote reads as this.
constexpr uint16_t kUntouched = 0xA5A5;

}  // namespace clconform::suites::half
