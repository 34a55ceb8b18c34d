#include "thread_team.hpp"

namespace clconform {

ThreadTeam::ThreadTeam(unsigned size) {
  for (unsigned t = 1; t < size; ++t) workers_.emplace_back(&ThreadTeam::serve, this, t);
}

ThreadTeam::~ThreadTeam() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& w : workers_) w.join();
}

void ThreadTeam::run(const std::function<void(unsigned)>& fn) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &fn;
    running_ = unsigned(workers_.size());
    error_ = nullptr;
    ++generation_;
  }
  start_.notify_all();
  std::exception_ptr mine;
  try {
    fn(0);
  } catch (...) {
    mine = std::current_exception();
  }
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return running_ == 0; });
  if (mine) std::rethrow_exception(mine);
  if (error_) std::rethrow_exception(error_);
}

void ThreadTeam::serve(unsigned t) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    start_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    const std::function<void(unsigned)>* job = job_;
    lock.unlock();
    std::exception_ptr failed;
    try {
      (*job)(t);
    } catch (...) {
      failed = std::current_exception();
    }
    lock.lock();
    if (failed && !error_) error_ = failed;
    if (--running_ == 0) done_.notify_one();
  }
}

}  // namespace clconform
