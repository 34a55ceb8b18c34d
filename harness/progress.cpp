#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace clconform {

Progress::Progress(size_t total)
    : enabled_(isatty(STDERR_FILENO) != 0), total_(total), start_(std::chrono::steady_clock::now()), last_(start_) {}

Progress::~Progress() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
}

void Progress::update(size_t done, uint64_t values, const std::string& current) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  double elapsed = std::chrono::duration<double>(now - start_).count();
  // Start drawing after a couple of seconds and redraw at most 4 times a second.
  if (elapsed < 2 || std::chrono::duration<double>(now - last_).count() < 0.25) return;
  last_ = now;
  drawn_ = true;
  double left = done ? elapsed / double(done) * double(total_ - done) : 0;
  std::fprintf(stderr, "\r\033[K%zu/%zu cases, %.3g values, %.3g values/s, ~%.0f s left  %s", done, total_,
               double(values), double(values) / elapsed, left, current.c_str());
  std::fflush(stderr);
}

}  // namespace clconform
