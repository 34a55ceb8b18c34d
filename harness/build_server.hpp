// Program builds in helper processes. A driver may compile one program at a
// time per process and hold every other thread's calls while it does:
// NVIDIA's 580 driver builds two programs of one process one after the
// other and keeps a third thread's small build waiting for a 15 s one,
// while two processes build at once (bench/kernel_first_use.cpp,
// docs/device-runs/nvidia-h200-campaign-5). So each background builder of
// the program cache (program_cache.hpp) keeps one server: a `clconform
// build-server` process with a context of its own on the same device, which
// builds the source with the run's options and returns the device binary;
// the builder then creates the program from that binary in the run's
// context. A server that cannot build or load a program, or that died,
// leaves the build to the builder itself, as without servers.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace clconform {

// The subcommand: serves build requests on file descriptor FD for the
// device DEVICE_SELECTOR ("P:D") until the other end closes it or PARENT,
// the process that started it, ends. Returns the exit code.
int build_server_main(const std::string& device_selector, int fd, long parent);

class BuildServer {
 public:
  // Starts `EXE build-server` for the device DEVICE_SELECTOR, EXE being a
  // clconform binary (the running one: this_executable()). Throws
  // std::runtime_error when the process cannot start.
  BuildServer(const std::string& exe, const std::string& device_selector);
  ~BuildServer();  // closes the connection and reaps the process
  BuildServer(const BuildServer&) = delete;
  BuildServer& operator=(const BuildServer&) = delete;

  // The binary of SOURCE built with OPTIONS; none when the build failed or
  // the server is gone (it is not asked again).
  std::optional<std::vector<unsigned char>> binary(const std::string& source, const std::string& options);

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
};

// The running program's path, from /proc/self/exe ("" when unreadable).
std::string this_executable();

// Whether `clconform run` has its background builders use servers: unless
// $CLCONFORM_BUILD_SERVERS is 0.
bool build_servers_enabled();

}  // namespace clconform
