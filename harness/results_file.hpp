// The results stream: one JSON record per case, appended and flushed as
// soon as the case ends, so a crash or kill of the process loses nothing
// that finished. The file is also fsync'ed, at most once a second and when
// it is closed: a shard of a full-mode campaign writes about 7,000 records,
// most of them in microseconds (cases another shard runs, or unsupported),
// and a sync per record cost it about 14 s on the lent GPU host. A crash of
// the machine itself can lose the last second's records, which --resume
// then runs again.
#pragma once

#include <chrono>
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
  static constexpr std::chrono::seconds kSyncEvery{1};
  std::string path_;
  std::FILE* f_ = nullptr;
  std::chrono::steady_clock::time_point synced_{};  // the last fsync
};

// Case ids that already have a record (for --resume and worker restarts). A
// truncated last line, left by a kill mid-write, is ignored.
std::set<std::string> recorded_cases(const std::string& path);

// Writes TEXT to PATH through a temporary file and a rename, so readers never
// see half a file.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace clconform
