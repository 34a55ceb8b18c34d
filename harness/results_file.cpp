#include "results_file.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "errors.hpp"

namespace clconform {
namespace {

// A kill mid-write leaves a last line with no newline; the next record
// appended would run into it and make one unreadable line of both. That
// case has no record, so the fragment goes.
void drop_cut_off_line(const std::string& path) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec || size == 0) return;
  std::ifstream in(path, std::ios::binary);
  uint64_t keep = 0;  // bytes up to and including the last newline
  std::string chunk(1 << 16, '\0');
  for (uint64_t at = 0; in.read(chunk.data(), std::streamsize(chunk.size())) || in.gcount() > 0;) {
    const size_t got = size_t(in.gcount());
    for (size_t i = 0; i < got; ++i) {
      if (chunk[i] == '\n') keep = at + i + 1;
    }
    at += got;
  }
  if (keep != size) std::filesystem::resize_file(path, keep, ec);
  if (ec) throw SetupError("cannot remove the cut-off last line of " + path + ": " + ec.message());
}

}  // namespace

ResultsFile::ResultsFile(const std::string& path) : path_(path) {
  drop_cut_off_line(path);
  f_ = std::fopen(path.c_str(), "ab");
  if (!f_) throw SetupError("cannot write results to " + path);
}

ResultsFile::~ResultsFile() {
  if (!f_) return;
  fsync(fileno(f_));
  std::fclose(f_);
}

void ResultsFile::append(const json::Value& record) {
  std::string line = record.dump() + "\n";
  if (std::fwrite(line.data(), 1, line.size(), f_) != line.size() || std::fflush(f_) != 0) {
    throw SetupError("cannot append to " + path_ + " (disk full?)");
  }
  const auto now = std::chrono::steady_clock::now();
  if (now - synced_ >= kSyncEvery) {
    fsync(fileno(f_));
    synced_ = now;
  }
}

std::set<std::string> recorded_cases(const std::string& path) {
  std::set<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    try {
      json::Value v = json::parse(line);
      out.insert(v.at("case").as_string());
    } catch (const json::LimitError& e) {
      throw SetupError(path + ": " + e.what());  // no kill leaves this behind
    } catch (const json::ParseError&) {
      // a line cut short by a kill; that case runs again
    }
  }
  return out;
}

void write_file_atomically(const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw SetupError("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw SetupError("cannot replace " + path);
}

}  // namespace clconform
