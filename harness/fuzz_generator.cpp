#include "fuzz_generator.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "errors.hpp"
#include "install_paths.hpp"
#include "repro.hpp"

#ifndef CLCONFORM_FUZZ_SCRIPT
#define CLCONFORM_FUZZ_SCRIPT ""
#endif

namespace clconform {
namespace {

std::string temp_path(const char* what) {
  const char* dir = std::getenv("TMPDIR");
  std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/clconform-fuzz-" + what + "-XXXXXX";
  const int fd = mkstemp(pattern.data());
  if (fd < 0) throw SetupError("cannot make a temporary file in " + std::string(dir && *dir ? dir : "/tmp"));
  close(fd);
  return pattern;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string first_line(const std::string& text) {
  std::string last;
  std::istringstream in(text);
  // Python's traceback ends with the error itself: that line says most.
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) last = line;
  }
  return last.empty() ? "(no message)" : last;
}

}  // namespace

FuzzGenerator::FuzzGenerator(std::string script) : script_(std::move(script)) {
  const char* py = std::getenv("CLCONFORM_PYTHON");
  python_ = py && *py ? py : "python3";
  if (script_.empty()) {
    const std::string share = installed_share();
    script_ = share.empty() ? CLCONFORM_FUZZ_SCRIPT : share + "/generators/fuzz/fuzz.py";
  }
  if (access(script_.c_str(), R_OK) != 0) throw SetupError("no fuzz generator at " + script_);
}

std::string FuzzGenerator::run(const std::string& args, const std::string& stdin_text) const {
  const std::string in_path = temp_path("in"), out_path = temp_path("out"), err_path = temp_path("err");
  {
    std::ofstream in(in_path, std::ios::binary);
    in << stdin_text;
  }
  const std::string cmd = shell_quote(python_) + " " + shell_quote(script_) + " " + args + " <" + shell_quote(in_path) +
                          " >" + shell_quote(out_path) + " 2>" + shell_quote(err_path);
  const int status = std::system(cmd.c_str());
  const std::string out = read_all(out_path), err = read_all(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  if (status != 0) {
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    throw SetupError("the fuzz generator (" + script_ + ") failed with exit " + std::to_string(code) + ": " +
                     first_line(err));
  }
  return out;
}

std::vector<json::Value> FuzzGenerator::programs(const std::string& args, const std::string& stdin_text) const {
  std::vector<json::Value> programs;
  std::istringstream lines(run(args, stdin_text));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    try {
      programs.push_back(json::parse(line));
    } catch (const json::ParseError& e) {
      throw SetupError(std::string("the fuzz generator wrote a line that is not JSON: ") + e.what());
    }
  }
  return programs;
}

std::vector<json::Value> FuzzGenerator::generate(uint64_t seed, uint64_t first, size_t count, const FuzzCaps& caps,
                                                 const std::string& build_options) const {
  std::string args = "generate --seed " + std::to_string(seed) + " --first " + std::to_string(first) + " --count " +
                     std::to_string(count);
  if (caps.fp64) args += " --fp64";
  if (caps.fp16) args += " --fp16";
  if (!build_options.empty()) args += " --build-options=" + shell_quote(build_options);  // "=": the value begins with a dash
  return programs(args, "");
}

std::vector<json::Value> FuzzGenerator::shrink(const json::Value& program) const {
  return programs("shrink", program.dump() + "\n");
}

std::string FuzzGenerator::print(const json::Value& program) const { return run("print", program.dump() + "\n"); }

}  // namespace clconform
