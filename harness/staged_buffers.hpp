// The staged sweep path's buffers, kept from one sweep to the next in a
// session. A staged array is a device buffer and a pinned host buffer
// mapped for the host's threads. Pinning takes about half a second per GB
// on the lent GPU hosts and unpinning takes time too, while a full-mode
// campaign shard runs a thousand sweeps of a fraction of a second each:
// made and released per sweep, the buffers took about half of such a
// shard's time (bench/README.md, "The first shards of a real campaign").
// A pinned buffer stays mapped while it waits here.
#pragma once

#include <CL/opencl.hpp>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace clconform {

struct StagedBuffer {
  cl::Buffer device, pinned;
  uint8_t* host = nullptr;  // the pinned buffer, mapped
  size_t capacity = 0;
  bool output = false;  // the device buffer is read-write (else read-only)
  bool reused = false;  // take() found it waiting rather than making it
};

class StagedBufferPool {
 public:
  // KEEP_BYTES bounds what waits here between sweeps (each buffer counted
  // once for its device half and once for its pinned half).
  StagedBufferPool(cl::Context context, cl::CommandQueue queue, size_t keep_bytes);
  ~StagedBufferPool();
  StagedBufferPool(const StagedBufferPool&) = delete;
  StagedBufferPool& operator=(const StagedBufferPool&) = delete;

  // A buffer of at least BYTES, of the kind OUTPUT says: a waiting one at
  // most twice as large, or else a new one mapped through MAP_QUEUE (when
  // making it fails, every waiting buffer is released and it is tried once
  // more). Safe to call from several threads.
  StagedBuffer take(size_t bytes, bool output, cl::CommandQueue& map_queue);
  // Gives B back once no command uses it any more; beyond KEEP_BYTES the
  // oldest waiting buffers are released.
  void give_back(StagedBuffer b);

  uint64_t made() const;   // buffers made so far
  uint64_t taken() const;  // buffers handed out so far, made or reused

 private:
  StagedBuffer make(size_t bytes, bool output, cl::CommandQueue& map_queue);
  void release(StagedBuffer& b);

  cl::Context context_;
  cl::CommandQueue queue_;  // unmaps what is released
  size_t keep_bytes_;
  mutable std::mutex m_;
  std::vector<StagedBuffer> waiting_;  // oldest first
  size_t waiting_bytes_ = 0;
  uint64_t made_ = 0, taken_ = 0;
};

}  // namespace clconform
