#include "fp16_inputs.hpp"

namespace clconform::suites::half {

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
