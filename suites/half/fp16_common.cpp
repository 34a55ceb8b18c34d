#include "fp16_common.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace clconform::suites::half {

unsigned verify_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

void parallel_lanes(size_t count, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& fn) {
  if (threads <= 1 || count < 1024) {
    fn(0, count, 0);
    return;
  }
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(fn, count * t / threads, count * (t + 1) / threads, t);
  fn(0, count / threads, 0);
  for (auto& th : pool) th.join();
}

}  // namespace clconform::suites::half
