// Sweeps: one or more kernels run over a long sequence of input lanes (up to
// every one of 2^32 float bit patterns), in chunks, with the device and the
// host working at once, three slots deep: while the host threads verify
// chunk c-1, the device computes chunk c and a quarter of the host threads
// write the inputs of chunk c+1, which is launched as soon as they are
// written. Writing inputs waits on memory more than on a core (sixteen
// threads doing only that took a tenth of an exhaustive sin sweep on the
// H200), and with two slots the device's latency for a chunk (an upload,
// the kernels, the results back) plus the writing outlasted the
// verification of the one before, so the host waited (bench/README.md).
// On a discrete GPU the first chunks start with one slot, the other two
// being pinned beside them (Sweep's members say why).
//
// The host threads (one ThreadTeam) take pieces of work from the chunks as
// they come, with no step that all of them end together: a thread that
// finishes the last piece of chunk c-1 goes on to chunk c, so one thread
// that the system pauses (a driver's thread, another process, a virtual
// machine's neighbours) delays only its own piece and not every other
// thread with it. A slot is free for the next chunk once every piece of
// its chunk is verified.
//
// Why this shape: for an exhaustive sweep the device is fast and the host
// decides the speed, so (1) all kernels of a sweep share one input upload and
// one reference computation per lane (several vector widths of one built-in
// are verified together, lane by lane), (2) transfers go through pinned host
// memory (a mapped CL_MEM_ALLOC_HOST_PTR buffer, the fast path of discrete
// GPUs) or, on a device that shares host memory (CL_DEVICE_HOST_UNIFIED_MEMORY,
// a CPU device), through no copy at all: the kernels use the mapped buffers
// and the host maps them back, and (3) verification runs on every host
// thread with a per-thread accumulator, merged once at the end.
//
// Layout: every input and output array holds its lanes packed, lane after
// lane (kernels use vloadn/vstoren, so a 3-wide kernel reads 3 packed lanes).
// Kernel k handles widths[k] lanes per work-item; its arguments are the
// input arrays, then its output arrays, then whatever the caller set beyond.
// Output arrays hold 0xA5 bytes before every chunk's kernels run, so a lane
// the kernel never wrote shows up: the device fills staged outputs, and
// the host restores zero-copy outputs right after verifying them, while
// they are still in its cache. CLCONFORM_SWEEP_PATH=staged|zero-copy in
// the environment overrides the automatic choice of path, and
// CLCONFORM_SWEEP_THREADS=N sets the host threads (default: the cores the
// process may use, shared among the processes sweeping at once:
// host_cores.hpp).
#pragma once

#include <CL/opencl.hpp>

#include <atomic>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "case_run.hpp"
#include "sweep_chunk.hpp"
#include "thread_team.hpp"

namespace clconform {

struct SweepShape {
  std::vector<unsigned> in_elem;   // bytes per lane of each input array
  std::vector<unsigned> out_elem;  // bytes per lane of each output array of every kernel
  std::vector<unsigned> widths;    // lanes per work-item of each kernel
};

// Where the time of a sweep went, for benchmarks and the case's metrics.
// Device times come from event profiling (0 when the queue lacks it).
struct SweepTimes {
  double setup_s = 0;        // allocating and mapping the buffers before the sweep (the first slot's only
                             // on the staged path: the others are pinned beside the first chunks)
  double wall_s = 0;         // the whole sweep
  // What the host threads did, in thread-seconds over the threads, so that
  // the three add up to wall_s:
  double host_fill_s = 0;    // writing inputs and launching chunks
  double host_verify_s = 0;  // verifying
  double host_idle_s = 0;    // nothing to do: waiting for the device's results, or for a slot
  double wait_s = 0;         // of the sweep's wall, a thread waiting on the device's results
  double kernel_s = 0;       // the kernels
  double download_s = 0;     // results back to the host (maps, on the zero-copy path)
  double upload_s = 0;       // inputs to the device (staged path)
  double fill_s = 0;         // sentinel fills (staged path)
  uint64_t chunks = 0;

  // The device's own floor: computing the results and handing them back.
  double floor_s() const { return kernel_s + download_s; }
};

class Sweep {
 public:
  using Fill = std::function<void(const SweepChunk&, size_t lo, size_t hi)>;  // write input lanes [lo, hi)
  template <class Acc>
  using Verify = std::function<void(const SweepChunk&, size_t lo, size_t hi, Acc&)>;  // check lanes [lo, hi)

  // CHUNK_LANES = 0 picks a size from the device's memory (at most 2^24).
  Sweep(CaseRun& run, std::vector<cl::Kernel> kernels, SweepShape shape, size_t chunk_lanes = 0);
  ~Sweep();
  Sweep(const Sweep&) = delete;
  Sweep& operator=(const Sweep&) = delete;

  // Runs lanes [first, first + total) and returns one accumulator per host
  // thread (merge them), each starting as a copy of PROTO (which carries, for
  // instance, the case's FailureTally). FILL and VERIFY are called from
  // several threads at once, on disjoint lane ranges.
  template <class Acc>
  std::vector<Acc> run(uint64_t first, uint64_t total, const Fill& fill, const Verify<Acc>& verify,
                       const Acc& proto = Acc());

  unsigned threads() const { return threads_; }
  const SweepTimes& times() const { return times_; }
  // The times as a JSON object for CaseResult::metrics["sweep"].
  json::Value times_json() const;

 private:
  struct Slot;
  class Pipeline;  // one run of pipeline() (sweep.cpp)
  // Lanes [lo, hi) of a chunk, on host thread THREAD.
  using ChunkRange = std::function<void(const SweepChunk&, size_t lo, size_t hi, unsigned thread)>;
  // Makes slot S's arrays, mapped through Q.
  void make_slot(unsigned s, cl::CommandQueue& q);
  // Adds the slots made in the background since the last call to free_.
  void collect_slots();
  // Sets up the slot's chunk: lanes from FIRST, VALID of them.
  void prepare(unsigned slot, uint64_t first, size_t valid);
  // Pads the slot's filled chunk and enqueues its upload, kernels and
  // downloads.
  void launch(unsigned slot);
  bool landed(unsigned slot) const;  // whether the slot's downloads have ended (no wait)
  void finish(unsigned slot);        // waits for the slot's downloads
  void restore_sentinels(const SweepChunk& ch, size_t lo, size_t hi);
  // The sweep of lanes [FIRST, FIRST + TOTAL) on the host threads (sweep.cpp
  // says how they share it): FILL writes a chunk's inputs, VERIFY checks
  // its results, each on pieces of a chunk.
  void pipeline(uint64_t first, uint64_t total, const ChunkRange& fill, const ChunkRange& verify);
  double now() const;

  CaseRun& run_;
  std::vector<cl::Kernel> kernels_;
  SweepShape shape_;
  size_t chunk_lanes_;
  size_t granule_;  // lanes per chunk are a multiple: the lcm of the widths
  unsigned threads_;
  bool profiling_;
  bool zero_copy_;
  // Slots of the pipeline, and one host thread in kFillShare writing inputs
  // beside the verification (the header says why).
  static constexpr unsigned kSlots = 3;
  static constexpr unsigned kFillShare = 4;
  std::unique_ptr<Slot> slots_[kSlots];
  std::deque<unsigned> free_;  // slots that hold no chunk, oldest first (guarded by pipeline()'s lock)
  unsigned collected_ = 0;     // slots handed to free_ so far
  // On the staged path the first slot is pinned before the sweep and the
  // others by MAKER_ while it runs: pinning took about half a second per
  // GB on the lent GPU machines (0.3-0.4 s for a float sweep's three
  // slots, 0.6-0.8 s for a double one's; sixteen threads pinning at once
  // saved only a sixth of it), and the first chunks need only one slot.
  // SETUP_QUEUE_ maps every staged array, so that the maker never waits
  // behind the sweep's commands.
  cl::CommandQueue setup_queue_;
  cl::CommandQueue upload_queue_;  // the inputs' uploads (staged path; launch() says why)
  std::thread maker_;
  mutable std::mutex made_mutex_;
  unsigned made_ = 1;  // slots made (guarded by made_mutex_)
  std::exception_ptr make_error_;  // guarded by made_mutex_
  // How long the maker took (guarded by made_mutex_, and apart from
  // times_, which only run()'s thread writes and times() hands out).
  double late_setup_s_ = 0;
  // Staged arrays this sweep made, and those it took from the session's
  // pool (staged_buffers.hpp): the slots are made on two threads.
  std::atomic<uint64_t> buffers_made_{0}, buffers_reused_{0};
  // Made at the first step worth several threads: a quick case's sweep
  // (thousands per run) never needs one.
  std::unique_ptr<ThreadTeam> team_;
  SweepTimes times_;
};

template <class Acc>
std::vector<Acc> Sweep::run(uint64_t first, uint64_t total, const Fill& fill, const Verify<Acc>& verify,
                            const Acc& proto) {
  // Each thread's accumulator is copied from PROTO by that thread, on its
  // first piece, into a slot of its own cache lines: the heap blocks of
  // accumulators copied one after another by one thread would share cache
  // lines, and the counters every lane updates would bounce between cores.
  struct alignas(128) Slot {
    std::optional<Acc> acc;
  };
  std::vector<Slot> slots(threads_);
  pipeline(
      first, total, [&](const SweepChunk& ch, size_t lo, size_t hi, unsigned) { fill(ch, lo, hi); },
      [&](const SweepChunk& ch, size_t lo, size_t hi, unsigned t) {
        if (!slots[t].acc) slots[t].acc.emplace(proto);
        if (lo < ch.valid) verify(ch, lo, std::min(hi, ch.valid), *slots[t].acc);
        restore_sentinels(ch, lo, hi);
      });
  std::vector<Acc> acc;
  for (Slot& slot : slots) acc.push_back(slot.acc ? std::move(*slot.acc) : proto);
  return acc;
}

}  // namespace clconform
