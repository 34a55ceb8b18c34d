#include "program_cache.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "cl_errors.hpp"
#include "errors.hpp"
#include "stderr_capture.hpp"

namespace clconform {

namespace {

std::string key_of(const Suite& suite, const ProgramDesc& desc) { return suite.name + "/" + desc.id; }

bool blank(const std::string& s) { return s.find_first_not_of(" \n\r\t") == std::string::npos; }

std::optional<std::string> read_source(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

ProgramCache::~ProgramCache() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  for (std::thread& t : builders_) t.join();
}

// CAPTURE_CHATTER: what the compiler printed to stderr becomes the log of
// a build that left none. Only one thread may redirect the process's
// stderr, so the background builders do not.
BuiltProgram ProgramCache::build(const Suite& suite, const ProgramDesc& desc, bool capture_chatter) const {
  BuiltProgram b;
  const std::string path = suite.source_path(desc);
  std::optional<std::string> source = read_source(path);
  if (!source) {
    b.setup_error = "kernel source " + path + " is missing; rebuild to regenerate it";
    return b;
  }
  b.source = std::move(*source);

  auto start = std::chrono::steady_clock::now();
  std::optional<StderrCapture> compiler_chatter;
  if (capture_chatter) compiler_chatter.emplace();
  try {
    b.program = cl::Program(context_, b.source);
    b.program.build({device_}, options_of(desc).c_str());
    b.ok = true;
  } catch (const cl::BuildError& e) {
    b.error = e.err();
    for (const auto& [dev, log] : e.getBuildLog()) b.log += log;
  } catch (const cl::Error& e) {
    b.error = e.err();
  }
  std::string chatter = compiler_chatter ? compiler_chatter->finish() : "";
  if (b.log.empty()) {
    // CL_INVALID_BUILD_OPTIONS and a successful build come without a
    // BuildError's log; ask for whatever the device kept.
    try {
      b.log = b.program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
    } catch (const cl::Error&) {
    }
  }
  if (blank(b.log)) b.log = chatter;
  if (!b.ok && blank(b.log)) b.log = cl_error_name(b.error) + " (the device gave no build log)";
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return b;
}

std::string ProgramCache::options_of(const ProgramDesc& desc) const {
  std::string options = options_;
  if (!desc.cl_std.empty()) options += (options.empty() ? "" : " ") + cl_std_2x_;
  return options;
}

BuiltProgram ProgramCache::build_through(BuildServer& server, const Suite& suite, const ProgramDesc& desc) const {
  std::optional<std::string> source = read_source(suite.source_path(desc));
  if (!source) return build(suite, desc, false);  // which says it is missing
  const auto start = std::chrono::steady_clock::now();
  const std::string options = options_of(desc);
  const auto binary = server.binary(*source, options);
  if (!binary) return build(suite, desc, false);  // its log is made here
  BuiltProgram b;
  b.source = std::move(*source);
  try {
    b.program = cl::Program(context_, {device_}, cl::Program::Binaries{*binary});
    b.program.build({device_}, options.c_str());
    b.log = b.program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
  } catch (const cl::Error&) {
    return build(suite, desc, false);
  }
  b.ok = true;
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return b;
}

void ProgramCache::build_ahead(const std::vector<Upcoming>& upcoming, unsigned threads,
                               const std::string& server_program, const std::string& device_selector) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (threads == 0 || !builders_.empty()) return;
  std::map<std::string, size_t> rank;
  size_t largest = 0;
  for (const Upcoming& u : upcoming) {
    const auto [it, fresh] = rank.emplace(key_of(*u.suite, *u.program), queue_.size());
    if (fresh) queue_.push_back(u);
    largest = std::max(largest, it->second);
    if (rank_from_.empty() || rank_from_.back().second != largest) rank_from_.push_back({u.at, largest});
  }
  // Eight programs per builder: a slow compile (the vectors suite's
  // literal programs take 10 to 27 s each on NVIDIA's compiler) among
  // programs that build and run in a second is then started well before
  // its case comes, where a narrow window would start it only as the run
  // reached it.
  window_ = 8 * size_t(threads);
  for (unsigned t = 0; t < threads; ++t)
    builders_.emplace_back([this, server_program, device_selector] { builder(server_program, device_selector); });
}

void ProgramCache::reached(size_t at) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // The last step at or before AT (positions ascend).
    auto it = std::upper_bound(rank_from_.begin(), rank_from_.end(), std::make_pair(at, SIZE_MAX));
    if (it != rank_from_.begin()) reached_ = std::prev(it)->second;
  }
  changed_.notify_all();
}

void ProgramCache::builder(std::string server_program, std::string device_selector) {
  std::unique_ptr<BuildServer> server;
  if (!server_program.empty()) {
    try {
      server = std::make_unique<BuildServer>(server_program, device_selector);
    } catch (const std::runtime_error&) {
      // Builds here, as without servers.
    }
  }
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || (next_ < queue_.size() && next_ < reached_ + window_); });
    if (stopping_) return;
    const Upcoming u = queue_[next_++];
    const std::string key = key_of(*u.suite, *u.program);
    if (built_.count(key) || in_flight_.count(key)) continue;
    in_flight_.insert(key);
    lock.unlock();
    BuiltProgram b = server ? build_through(*server, *u.suite, *u.program) : build(*u.suite, *u.program, false);
    b.built_ahead = true;
    lock.lock();
    built_.emplace(key, std::move(b));
    in_flight_.erase(key);
    changed_.notify_all();
  }
}

const BuiltProgram& ProgramCache::get(const Suite& suite, const ProgramDesc& desc) {
  const std::string key = key_of(suite, desc);
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return in_flight_.count(key) == 0; });
  auto it = built_.find(key);
  // A failed build from a background builder is built again here, where
  // the compiler's chatter can be captured for its log.
  if (it != built_.end() && it->second.built_ahead && !it->second.ok && it->second.setup_error.empty()) {
    built_.erase(it);
    it = built_.end();
  }
  if (it == built_.end()) {
    in_flight_.insert(key);  // a builder that reaches it now skips it
    lock.unlock();
    BuiltProgram b = build(suite, desc, true);
    lock.lock();
    in_flight_.erase(key);
    it = built_.emplace(key, std::move(b)).first;
    changed_.notify_all();
  }
  build_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!it->second.setup_error.empty()) throw SetupError(it->second.setup_error);
  return it->second;
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
