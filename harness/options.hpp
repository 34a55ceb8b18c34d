// What `clconform run` was asked to do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clconform {

struct RunOptions {
  std::vector<std::string> suites;  // empty = every suite
  std::string device;               // selector; empty = $CLCONFORM_DEVICE or the first
  std::string mode = "quick";       // quick | full
  uint64_t seed = 1;
  std::string build_options;        // appended to every kernel build
  std::string filter;               // comma-separated globs on case ids
  std::string out_dir;
  bool resume = false;
  double timeout_s = 600;           // per case; 0 = none
  std::optional<uint64_t> index;    // run only this input vector (reproducers)
  uint64_t shard = 1, shards = 1;   // --shard K/N: this process runs the K-th of N slices of each sweep
  unsigned host_processes = 1;      // processes sweeping on this host at once (one per device of a multi-device run)
  bool build_ahead = true;          // programs built ahead in background threads where the host has cores to spare (host_cores.hpp)
  // The clconform binary whose `build-server` the background builders start
  // (build_server.hpp); "" keeps their builds in the worker. Set by the
  // command, never by a program that only links the harness.
  std::string build_server_program;
  std::string data_dir;             // generated manifests and kernels
  std::string known_failures;       // path; empty = none
  std::string baseline;             // file or folder of accuracy baselines; empty = none
  std::string update_baseline;      // write this run's measurements into this baseline file
  size_t keep_failures = 16;        // wrong values kept per case in its record
  bool write_reports = true;
  std::string command_line;         // as typed, for run.json

  bool full() const { return mode == "full"; }
};

}  // namespace clconform
