// printf's output goes to an implementation-defined stream, stdout on every
// implementation at hand (OpenCL C 3.0 spec 6.15.14.1). This redirects file
// descriptor 1 into a temporary file for the life of a capture, flushing the
// C and C++ streams at both ends so that text buffered by the OpenCL runtime
// in the process's stdout lands in the capture and nothing else does.
#pragma once

#include <cstdio>
#include <string>

namespace clconform::suites {

class StdoutCapture {
 public:
  StdoutCapture();
  ~StdoutCapture();
  StdoutCapture(const StdoutCapture&) = delete;
  StdoutCapture& operator=(const StdoutCapture&) = delete;

  bool ok() const { return saved_ >= 0; }
  std::string finish();  // restores stdout and returns what was written meanwhile

 private:
  int saved_ = -1;
  std::FILE* file_ = nullptr;
};

}  // namespace clconform::suites
