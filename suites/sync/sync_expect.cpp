#include "sync_expect.hpp"

namespace clconform::suites::sync {

std::vector<uint32_t> expected_exchange(const std::vector<uint32_t>& in, unsigned phases) {
  const size_t n = in.size();
  std::vector<uint32_t> v = in, next(n);
  for (uint32_t p = 0; p < phases; ++p) {
    for (size_t i = 0; i < n; ++i) {
      const uint32_t w = v[(n - 1 - i + 3 * size_t(p)) % n];
      next[i] = w * 2654435761u + (v[i] ^ p);
    }
    v.swap(next);
  }
  return v;
}

std::vector<uint32_t> expected_reduce(const std::vector<uint32_t>& in) {
  uint32_t sum = 0;
  for (uint32_t x : in) sum += x;
  return std::vector<uint32_t>(in.size(), sum);
}

}  // namespace clconform::suites::sync
