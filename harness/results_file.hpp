// The results stream: one JSON record per case, appended and flushed (and
// fsync'ed) as soon as the case ends, so a crash or kill loses nothing that
// finished.
#pragma once

#include <cstdio>
#include <set>
#include <string>

#include "json.hpp"

namespace clconform {

class ResultsFile {
 public:
  explicit ResultsFile(const std::string& path);  // opens for appending; throws SetupError
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  void append(const json::Value& record);

 private:
  std::string path_;
  std::FILE* f_ = nullptr;
};

// Case ids that already have a record (for --resume and worker restarts). A
// truncated last line, left by a kill mid-write, is ignored.
std::set<std::string> recorded_cases(const std::string& path);

// Writes TEXT to PATH through a temporary file and a rename, so readers never
// see half a file.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace clconform
