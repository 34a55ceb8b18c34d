// Builds each program once per run and remembers the outcome, a failure and
// its log included, so that every case of a program that does not build is
// reported with the same log without building it again. Where the host has
// cores to spare, background threads build the programs of the cases to
// come while the current one runs (build_ahead): a driver's compiler takes
// about a second a program, and suites of many small cases (vectors, types)
// would otherwise spend most of their time waiting for it, one program
// after the other.
#pragma once

#include <CL/opencl.hpp>

#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "build_server.hpp"
#include "manifest.hpp"

namespace clconform {

struct BuiltProgram {
  bool ok = false;
  int error = 0;  // the OpenCL error of a failed build (CL_BUILD_PROGRAM_FAILURE, ...)
  cl::Program program;
  std::string log;
  std::string source;
  double seconds = 0;       // the build's own time
  bool built_ahead = false;  // by a background thread, whose build log holds no compiler chatter
  std::string setup_error;  // a build that could not start (its source missing): get() throws it
};

// The line of a build log a reader wants first: the first that says
// "error", else the first non-blank one.
std::string build_log_headline(const std::string& log);

class ProgramCache {
 public:
  // CL_STD_2X is the -cl-std option for programs that ask for OpenCL C 2.0 or later.
  ProgramCache(cl::Context context, cl::Device device, std::string options, std::string cl_std_2x = "")
      : context_(std::move(context)),
        device_(std::move(device)),
        options_(std::move(options)),
        cl_std_2x_(std::move(cl_std_2x)) {}
  ~ProgramCache();
  ProgramCache(const ProgramCache&) = delete;
  ProgramCache& operator=(const ProgramCache&) = delete;

  // The program of the case at the run's position `at`.
  struct Upcoming {
    const Suite* suite;
    const ProgramDesc* program;
    size_t at;
  };
  // Starts THREADS background builders (none for 0) on the programs of
  // UPCOMING (in the run's order), each program once, in the order the
  // cases first need them, at most 8 THREADS programs ahead of the case
  // the run has reached: many cases share a program (ten a program in the
  // vectors suite), and a window of cases would leave builders idle.
  // Each builder keeps a build server (build_server.hpp), the program
  // SERVER_PROGRAM's, on the device DEVICE_SELECTOR ("P:D"); none where
  // SERVER_PROGRAM is "".
  void build_ahead(const std::vector<Upcoming>& upcoming, unsigned threads, const std::string& server_program,
                   const std::string& device_selector);
  // The run has reached the case at position AT.
  void reached(size_t at);

  // The program, built now unless a background builder has built it or
  // is building it (then it waits). A build that could not start throws
  // SetupError.
  const BuiltProgram& get(const Suite& suite, const ProgramDesc& program);
  const std::string& options() const { return options_; }
  // Seconds the run has spent building or waiting for programs so far (a
  // case's share is the difference across it).
  double build_seconds() const { return build_seconds_; }

 private:
  BuiltProgram build(const Suite& suite, const ProgramDesc& desc, bool capture_chatter) const;
  // The same through SERVER: its binary loaded here, else build() above.
  BuiltProgram build_through(BuildServer& server, const Suite& suite, const ProgramDesc& desc) const;
  std::string options_of(const ProgramDesc& desc) const;
  void builder(std::string server_program, std::string device_selector);

  cl::Context context_;
  cl::Device device_;
  std::string options_;
  std::string cl_std_2x_;
  std::mutex mutex_;  // guards everything below
  std::condition_variable changed_;
  std::map<std::string, BuiltProgram> built_;  // key: suite/program
  std::set<std::string> in_flight_;  // keys a background builder is building
  std::vector<Upcoming> queue_;  // each program once, in the order the cases first need them
  // (position, rank): from the case at `position` on, the run needs queue_
  // entries up to `rank` (the largest rank of a case so far).
  std::vector<std::pair<size_t, size_t>> rank_from_;
  size_t next_ = 0;      // the first of queue_ no builder has taken
  size_t reached_ = 0;   // the rank the run's case needs
  size_t window_ = 0;    // programs built ahead of it
  bool stopping_ = false;
  std::vector<std::thread> builders_;
  double build_seconds_ = 0;
};

}  // namespace clconform
