#include "supervisor.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include "errors.hpp"
#include "host_cores.hpp"
#include "json.hpp"
#include "known_failures.hpp"
#include "repro.hpp"
#include "results_file.hpp"
#include "resume_check.hpp"
#include "run_info.hpp"
#include "run_report.hpp"
#include "selection.hpp"
#include "worker.hpp"

namespace clconform {
namespace {

using Clock = std::chrono::steady_clock;

struct WorkerEnd {
  enum class How { Done, SetupFailed, Died, TimedOut } how;
  std::string in_case;  // the case it was in, if any
  std::string why;
};

// Runs one worker to its end, killing it if a case outlasts the limit.
WorkerEnd run_one_worker(const RunOptions& opts) {
  int fds[2];
  if (pipe(fds) != 0) throw SetupError("cannot create a pipe for the worker");
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) throw SetupError("cannot fork a worker process");
  if (pid == 0) {
    close(fds[0]);
    int rc = 2;
    try {
      rc = run_worker(opts, fds[1]);
    } catch (const SetupError& e) {
      std::fprintf(stderr, "clconform: %s\n", e.what());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "clconform: %s\n", e.what());
    }
    std::fflush(nullptr);
    _exit(rc);
  }
  close(fds[1]);

  std::string current, pending;
  Clock::time_point since = Clock::now();
  bool timed_out = false;
  while (true) {
    int wait_ms = -1;
    if (!current.empty() && opts.timeout_s > 0) {
      double left = opts.timeout_s - std::chrono::duration<double>(Clock::now() - since).count();
      if (left <= 0) {
        kill(pid, SIGKILL);
        timed_out = true;
        break;
      }
      wait_ms = int(left * 1000) + 1;
    }
    pollfd p{fds[0], POLLIN, 0};
    int n = poll(&p, 1, wait_ms);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) continue;  // the limit is checked at the top
    char buf[4096];
    ssize_t got = read(fds[0], buf, sizeof buf);
    if (got <= 0) break;  // the worker closed the pipe: it ended
    pending.append(buf, size_t(got));
    for (size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1)) {
      std::string line = pending.substr(0, nl);
      if (line.rfind("BEGIN ", 0) == 0) {
        current = line.substr(6);
        since = Clock::now();
      } else if (line.rfind("END ", 0) == 0) {
        current.clear();
      }
    }
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) return {WorkerEnd::How::TimedOut, current, ""};
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {WorkerEnd::How::Done, "", ""};
  if (WIFEXITED(status) && WEXITSTATUS(status) == 2) return {WorkerEnd::How::SetupFailed, "", ""};
  std::string why = WIFSIGNALED(status) ? std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                                              strsignal(WTERMSIG(status)) + ")"
                                        : "exited with status " + std::to_string(WEXITSTATUS(status));
  return {WorkerEnd::How::Died, current, why};
}

// The record the supervisor writes for a case the worker could not finish.
json::Value lost_case_record(const RunOptions& opts, const Selection& sel, const std::string& id,
                             const std::string& status, const std::string& detail) {
  json::Value rec = json::Value::object();
  rec["case"] = id;
  for (const auto& [suite, c] : sel.cases) {
    if (c->id != id) continue;
    rec["suite"] = suite->name;
    rec["group"] = c->group;
    json::Value labels = json::Value::array();
    for (const auto& l : c->labels) labels.push_back(l);
    rec["labels"] = labels;
    rec["program"] = suite->name + "/" + suite->program_of(*c).file;
    rec["kernel"] = c->kernel;
  }
  rec["status"] = status;
  rec["detail"] = detail;
  rec["checked"] = 0;
  rec["failed"] = 0;
  rec["build_options"] = opts.build_options;
  try {
    json::Value run = json::parse_file(opts.out_dir + "/run.json");
    rec["device"] = run.at("device").at("name");
    rec["driver"] = run.at("device").at("driver_version");
    if (rec.has("suite")) {
      rec["repro"] = repro_command(opts, rec.at("suite").as_string(), id,
                                   run.at("device").at("selector").as_string(), std::nullopt);
    }
  } catch (const json::ParseError&) {
    // no run.json: the worker died before opening the device
  }
  return rec;
}

}  // namespace

int supervise_run(const RunOptions& opts) {
  namespace fs = std::filesystem;
  Selection sel = select_cases(opts);  // unknown suites and bad manifests end here, before any device work
  if (sel.cases.empty()) throw SetupError("the filter '" + opts.filter + "' selects no case");
  // Bad input ends the run here, before anything is written: a folder with
  // a half-written run.json could later be taken for a started run.
  if (opts.resume) check_resumable(opts);
  try {
    KnownFailures::load(opts.known_failures);
  } catch (const SetupError& e) {
    // A schema error names the problem; the reader must also know the file.
    const std::string why = e.what();
    if (why.find(opts.known_failures) != std::string::npos) throw;
    throw SetupError(why + " (in " + opts.known_failures + ")");
  }
  std::error_code ec;
  fs::create_directories(opts.out_dir, ec);
  if (ec) throw SetupError("cannot create " + opts.out_dir + ": " + ec.message());
  if (!opts.resume) {
    fs::remove(opts.out_dir + "/results.jsonl", ec);
    fs::remove(opts.out_dir + "/run.json", ec);
  }

  auto start = Clock::now();
  // Each restart follows a case that got a timeout or crash record, or the
  // one crash that turns building ahead off, so the number of restarts is
  // bounded by the number of cases plus one.
  RunOptions worker_opts = opts;
  worker_opts.build_ahead = opts.build_ahead && build_threads(opts.host_processes, opts.full()) > 0;
  for (size_t attempt = 0; attempt <= sel.cases.size() + 1; ++attempt) {
    WorkerEnd end = run_one_worker(worker_opts);
    if (end.how == WorkerEnd::How::Done) break;
    if (end.how == WorkerEnd::How::SetupFailed) return 2;
    bool timeout = end.how == WorkerEnd::How::TimedOut;
    if (!timeout && worker_opts.build_ahead) {
      // A program built ahead in the background, not this case, may have
      // crashed the worker (between cases too): the case runs again, and
      // the rest of the run, with every program built in line, so that a
      // crash is its case's.
      worker_opts.build_ahead = false;
      std::fprintf(stderr, "clconform: %s: the worker %s; running again with programs built in line\n",
                   end.in_case.empty() ? "between cases" : end.in_case.c_str(), end.why.c_str());
      continue;
    }
    if (end.in_case.empty()) {
      std::fprintf(stderr, "clconform: the worker %s outside any case\n", end.why.c_str());
      return 2;
    }
    std::string detail = timeout ? "no result within the " + std::to_string(int(opts.timeout_s)) +
                                       " s limit; the worker was killed and the run went on"
                                 : "the worker " + end.why + " while running this case";
    ResultsFile(opts.out_dir + "/results.jsonl")
        .append(lost_case_record(opts, sel, end.in_case, timeout ? "timeout" : "crash", detail));
    std::fprintf(stderr, "clconform: %s: %s\n", end.in_case.c_str(), detail.c_str());
  }
  write_run_finished(opts, std::chrono::duration<double>(Clock::now() - start).count());
  return finish_run(opts);
}

}  // namespace clconform
