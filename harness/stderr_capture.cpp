#include "stderr_capture.hpp"

#include <unistd.h>

namespace clconform {

StderrCapture::StderrCapture() {
  std::fflush(stderr);
  file_ = std::tmpfile();
  if (!file_) return;  // no temporary file: leave stderr alone
  saved_ = dup(STDERR_FILENO);
  dup2(fileno(file_), STDERR_FILENO);
}

StderrCapture::~StderrCapture() { finish(); }

std::string StderrCapture::finish() {
  std::string text;
  if (saved_ < 0) return text;
  std::fflush(stderr);
  dup2(saved_, STDERR_FILENO);
  close(saved_);
  saved_ = -1;
  std::rewind(file_);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, file_)) > 0;) text.append(buf, n);
  std::fclose(file_);
  file_ = nullptr;
  return text;
}

}  // namespace clconform
