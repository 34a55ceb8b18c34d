// Shared by the fuzz targets: a scratch folder per process, where a target
// writes the input as the file clconform would read.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

namespace clconform::fuzz {

inline const std::string& scratch() {
  static const std::string dir = [] {
    std::string pattern = "/tmp/clconform-fuzz-XXXXXX";
    if (!mkdtemp(pattern.data())) std::abort();
    return pattern;
  }();
  return dir;
}

inline void write(const std::string& path, const uint8_t* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  if (!out) std::abort();
}

}  // namespace clconform::fuzz
