// Shared by the reports tests: where the recorded fixtures are, scratch
// folders that clean up after themselves, and file helpers.
#pragma once

#include <filesystem>
#include <string>

#include "reports/reports.hpp"

namespace clconform::testing {

// tests/reports/data/NAME, a recorded results folder (never written to).
std::string fixture(const std::string& name);

// A fresh folder under the system temp dir, removed with the object.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

  // Copies fixture NAME into this folder and returns the folder, so the
  // writers' output lands here and not in the source tree.
  std::string copy_fixture(const std::string& name) const;

 private:
  std::filesystem::path path_;
};

std::string read_file(const std::string& path);
void write_text(const std::string& path, const std::string& text);

// How often NEEDLE occurs in HAYSTACK.
size_t count_of(const std::string& haystack, const std::string& needle);

}  // namespace clconform::testing
