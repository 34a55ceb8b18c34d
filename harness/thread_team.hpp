// A fixed team of host threads that runs one function on every member at
// once, again and again, with the caller as one of them: a sweep runs its
// pipeline on one (Sweep::Pipeline), and the threads wait for each other
// only at the end of each run.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace clconform {

class ThreadTeam {
 public:
  // SIZE threads in all, the one that calls run() among them.
  explicit ThreadTeam(unsigned size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  unsigned size() const { return unsigned(workers_.size()) + 1; }

  // Calls FN(t) for every t < size() at once, t = 0 on the calling thread,
  // and returns once every call has; the first exception thrown by any of
  // them is thrown again here.
  void run(const std::function<void(unsigned)>& fn);

 private:
  void serve(unsigned t);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  uint64_t generation_ = 0;  // one more per run(): how a worker sees new work
  unsigned running_ = 0;     // workers still in the current job
  bool stop_ = false;
  std::exception_ptr error_;
};

}  // namespace clconform
