#include "program_cache.hpp"

#include <chrono>
#include <fstream>
#include <sstream>

#include "cl_errors.hpp"
#include "errors.hpp"
#include "stderr_capture.hpp"

namespace clconform {

const BuiltProgram& ProgramCache::get(const Suite& suite, const ProgramDesc& desc) {
  std::string key = suite.name + "/" + desc.id;
  auto it = built_.find(key);
  if (it != built_.end()) return it->second;

  BuiltProgram b;
  std::string path = suite.source_path(desc);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SetupError("kernel source " + path + " is missing; rebuild to regenerate it");
  std::stringstream ss;
  ss << in.rdbuf();
  b.source = ss.str();

  auto start = std::chrono::steady_clock::now();
  StderrCapture compiler_chatter;
  try {
    b.program = cl::Program(context_, b.source);
    std::string options = options_;
    if (!desc.cl_std.empty()) options += (options.empty() ? "" : " ") + cl_std_2x_;
    b.program.build({device_}, options.c_str());
    b.ok = true;
  } catch (const cl::BuildError& e) {
    b.error = e.err();
    for (const auto& [dev, log] : e.getBuildLog()) b.log += log;
  } catch (const cl::Error& e) {
    b.error = e.err();
  }
  std::string chatter = compiler_chatter.finish();
  if (b.log.empty()) {
    // CL_INVALID_BUILD_OPTIONS and a successful build come without a
    // BuildError's log; ask for whatever the device kept.
    try {
      b.log = b.program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
    } catch (const cl::Error&) {
    }
  }
  auto blank = [](const std::string& s) { return s.find_first_not_of(" \n\r\t") == std::string::npos; };
  if (blank(b.log)) b.log = chatter;
  if (!b.ok && blank(b.log)) b.log = cl_error_name(b.error) + " (the device gave no build log)";
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  build_seconds_ += b.seconds;
  return built_.emplace(key, std::move(b)).first->second;
}

std::string build_log_headline(const std::string& log) {
  size_t start = log.find_first_not_of(" \n\r\t");
  if (start == std::string::npos) return "";
  const size_t err = log.find("error");
  if (err != std::string::npos) {
    const size_t nl = log.rfind('\n', err);
    start = nl == std::string::npos ? 0 : nl + 1;
  }
  const size_t end = log.find('\n', start);
  return log.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

}  // namespace clconform
