#include "stdout_capture.hpp"

#include <unistd.h>

#include <iostream>

namespace clconform::suites {

StdoutCapture::StdoutCapture() {
  std::cout.flush();
  std::fflush(stdout);
  file_ = std::tmpfile();
  if (!file_) return;
  saved_ = dup(STDOUT_FILENO);
  if (saved_ < 0 || dup2(fileno(file_), STDOUT_FILENO) < 0) {
    if (saved_ >= 0) close(saved_);
    saved_ = -1;
  }
}

StdoutCapture::~StdoutCapture() { finish(); }

std::string StdoutCapture::finish() {
  std::string text;
  if (saved_ >= 0) {
    std::cout.flush();
    std::fflush(stdout);
    dup2(saved_, STDOUT_FILENO);
    close(saved_);
    saved_ = -1;
    std::rewind(file_);
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, file_)) > 0;) text.append(buf, n);
  }
  if (file_) std::fclose(file_);
  file_ = nullptr;
  return text;
}

}  // namespace clconform::suites
