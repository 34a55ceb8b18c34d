#include "staged_buffers.hpp"

#include <utility>

namespace clconform {

StagedBufferPool::StagedBufferPool(cl::Context context, cl::CommandQueue queue, size_t keep_bytes)
    : context_(std::move(context)), queue_(std::move(queue)), keep_bytes_(keep_bytes) {}

StagedBufferPool::~StagedBufferPool() {
  try {
    for (auto& b : waiting_) release(b);
    queue_.finish();
  } catch (const cl::Error&) {
    // The buffers go with the context.
  }
}

StagedBuffer StagedBufferPool::take(size_t bytes, bool output, cl::CommandQueue& map_queue) {
  {
    std::lock_guard<std::mutex> lock(m_);
    ++taken_;
    size_t best = waiting_.size();
    for (size_t i = 0; i < waiting_.size(); ++i) {
      const StagedBuffer& w = waiting_[i];
      if (w.output != output || w.capacity < bytes || w.capacity / 2 > bytes) continue;
      if (best == waiting_.size() || w.capacity < waiting_[best].capacity) best = i;
    }
    if (best < waiting_.size()) {
      StagedBuffer b = std::move(waiting_[best]);
      waiting_.erase(waiting_.begin() + long(best));
      waiting_bytes_ -= 2 * b.capacity;
      b.reused = true;
      return b;
    }
    ++made_;
  }
  try {
    return make(bytes, output, map_queue);
  } catch (const cl::Error&) {
    // Out of device or pinned memory, perhaps because of what waits here:
    // release it all and try once more.
    std::vector<StagedBuffer> gone;
    {
      std::lock_guard<std::mutex> lock(m_);
      if (waiting_.empty()) throw;
      gone.swap(waiting_);
      waiting_bytes_ = 0;
    }
    for (auto& g : gone) release(g);
    queue_.finish();
    gone.clear();
    return make(bytes, output, map_queue);
  }
}

StagedBuffer StagedBufferPool::make(size_t bytes, bool output, cl::CommandQueue& map_queue) {
  StagedBuffer b;
  b.capacity = bytes;
  b.output = output;
  b.device = cl::Buffer(context_, output ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY, bytes);
  b.pinned = cl::Buffer(context_, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
  b.host = static_cast<uint8_t*>(
      map_queue.enqueueMapBuffer(b.pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, nullptr, nullptr));
  return b;
}

void StagedBufferPool::give_back(StagedBuffer b) {
  if (!b.host) return;
  b.reused = false;
  std::vector<StagedBuffer> gone;
  {
    std::lock_guard<std::mutex> lock(m_);
    waiting_bytes_ += 2 * b.capacity;
    waiting_.push_back(std::move(b));
    while (waiting_bytes_ > keep_bytes_ && !waiting_.empty()) {
      waiting_bytes_ -= 2 * waiting_.front().capacity;
      gone.push_back(std::move(waiting_.front()));
      waiting_.erase(waiting_.begin());
    }
  }
  for (auto& g : gone) release(g);
}

void StagedBufferPool::release(StagedBuffer& b) {
  if (b.host) queue_.enqueueUnmapMemObject(b.pinned, b.host);
  b.host = nullptr;
}

uint64_t StagedBufferPool::made() const {
  std::lock_guard<std::mutex> lock(m_);
  return made_;
}

uint64_t StagedBufferPool::taken() const {
  std::lock_guard<std::mutex> lock(m_);
  return taken_;
}

}  // namespace clconform
