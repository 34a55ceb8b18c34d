#include "build_server.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CL/opencl.hpp>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "device.hpp"

extern char** environ;

namespace clconform {

namespace {

// Messages on the socket: a word and two strings, each sent as its length
// and its bytes. A request is kBuild with the options and the source; a
// reply is kBuilt with the binary, or kNotBuilt (the run builds the
// program itself, for its log).
bool send_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k, n -= size_t(k);
  }
  return true;
}

bool recv_all(int fd, void* data, size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    const ssize_t k = recv(fd, p, n, 0);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k, n -= size_t(k);
  }
  return true;
}

bool send_message(int fd, uint64_t word, const std::string& a, const std::string& b) {
  const uint64_t head[3] = {word, a.size(), b.size()};
  return send_all(fd, head, sizeof head) && send_all(fd, a.data(), a.size()) && send_all(fd, b.data(), b.size());
}

bool recv_message(int fd, uint64_t& word, std::string& a, std::string& b) {
  uint64_t head[3];
  if (!recv_all(fd, head, sizeof head)) return false;
  word = head[0];
  a.resize(head[1]);
  b.resize(head[2]);
  return recv_all(fd, a.data(), a.size()) && recv_all(fd, b.data(), b.size());
}

constexpr uint64_t kBuild = 0, kBuilt = 0, kNotBuilt = 1;

}  // namespace

int build_server_main(const std::string& device_selector, int fd, long parent) {
  // A server whose run was killed (a case past its time limit, a build that
  // hangs) must not outlive it: it dies with the thread that started it.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) return 0;  // the run ended before this line
  const DeviceHandle h = select_device(device_selector);
  const cl::Context context(h.device);
  uint64_t word = 0;
  std::string options, source;
  while (recv_message(fd, word, options, source)) {
    if (word != kBuild) return 2;
    std::string binary;
    try {
      cl::Program program(context, source);
      program.build({h.device}, options.c_str());
      const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
      if (binaries.size() == 1) binary.assign(binaries[0].begin(), binaries[0].end());
    } catch (const cl::Error&) {
    }
    if (!send_message(fd, binary.empty() ? kNotBuilt : kBuilt, binary, "")) return 0;
  }
  return 0;
}

std::string this_executable() {
  std::error_code ec;
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  return ec ? "" : exe;
}

BuildServer::BuildServer(const std::string& exe, const std::string& device_selector) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) throw std::runtime_error("socketpair failed");
  // The server's end becomes its fd 3; dup2 onto itself would keep CLOEXEC.
  if (sv[1] == 3) {
    const int moved = fcntl(sv[1], F_DUPFD_CLOEXEC, 4);
    close(sv[1]);
    sv[1] = moved;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  // The compiler's chatter goes nowhere; only the socket and the standard
  // streams stay open (the worker's progress pipe must not outlive it).
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, sv[1], 3);
  posix_spawn_file_actions_addclosefrom_np(&fa, 4);
  std::string sel = device_selector;
  std::string parent = std::to_string(getpid());
  char arg0[] = "clconform", arg1[] = "build-server", arg2[] = "--device", arg4[] = "--fd", arg5[] = "3",
       arg6[] = "--parent";
  char* argv[] = {arg0, arg1, arg2, sel.data(), arg4, arg5, arg6, parent.data(), nullptr};
  const int rc = exe.empty() ? ENOENT : posix_spawn(&pid_, exe.c_str(), &fa, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(sv[1]);
  if (rc != 0) {
    close(sv[0]);
    pid_ = -1;
    throw std::runtime_error("cannot start a build server: " + std::string(std::strerror(rc)));
  }
  fd_ = sv[0];
}

BuildServer::~BuildServer() {
  if (fd_ >= 0) close(fd_);
  if (pid_ > 0) {
    // A server in the middle of a build would finish it first: not waited for.
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

std::optional<std::vector<unsigned char>> BuildServer::binary(const std::string& source, const std::string& options) {
  if (fd_ < 0) return std::nullopt;
  uint64_t status = kNotBuilt;
  std::string reply, unused;
  if (!send_message(fd_, kBuild, options, source) || !recv_message(fd_, status, reply, unused)) {
    close(fd_);  // gone: the builder builds by itself from now on
    fd_ = -1;
    return std::nullopt;
  }
  if (status != kBuilt) return std::nullopt;
  return std::vector<unsigned char>(reply.begin(), reply.end());
}

bool build_servers_enabled() {
  const char* v = std::getenv("CLCONFORM_BUILD_SERVERS");
  return !v || std::string(v) != "0";
}

}  // namespace clconform
