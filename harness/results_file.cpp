#include "results_file.hpp"

#include <unistd.h>

#include <fstream>

#include "errors.hpp"

namespace clconform {

ResultsFile::ResultsFile(const std::string& path) : path_(path) {
  f_ = std::fopen(path.c_str(), "ab");
  if (!f_) throw SetupError("cannot write results to " + path);
}

ResultsFile::~ResultsFile() {
  if (f_) std::fclose(f_);
}

void ResultsFile::append(const json::Value& record) {
  std::string line = record.dump() + "\n";
  if (std::fwrite(line.data(), 1, line.size(), f_) != line.size() || std::fflush(f_) != 0) {
    throw SetupError("cannot append to " + path_ + " (disk full?)");
  }
  fsync(fileno(f_));
}

std::set<std::string> recorded_cases(const std::string& path) {
  std::set<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    try {
      json::Value v = json::parse(line);
      out.insert(v.at("case").as_string());
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
