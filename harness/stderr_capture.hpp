// Some OpenCL compilers (PoCL's) print diagnostics straight to the process's
// stderr besides the build log. Capturing fd 2 around a build keeps the
// terminal clean and puts that text where it belongs: in the case's record.
#pragma once

#include <cstdio>
#include <string>

namespace clconform {

class StderrCapture {
 public:
  StderrCapture();
  ~StderrCapture();
  StderrCapture(const StderrCapture&) = delete;
  StderrCapture& operator=(const StderrCapture&) = delete;

  std::string finish();  // restores stderr and returns what was written meanwhile

 private:
  int saved_ = -1;
  std::FILE* file_ = nullptr;
};

}  // namespace clconform
