// Sweeps: one or more kernels run over a long sequence of input lanes (up to
// every one of 2^32 float bit patterns), in chunks, with the device and the
// host working at once, three slots deep: while every host thread verifies
// chunk c-1, the device computes chunk c and a quarter of the host threads
// write the inputs of chunk c+1, which is launched as soon as they are
// written. Writing inputs waits on memory more than on a core (sixteen
// threads doing only that took a tenth of an exhaustive sin sweep on the
// H200), and with two slots the device's latency for a chunk (an upload,
// the kernels, the results back) plus the writing outlasted the
// verification of the one before, so the host waited (bench/README.md).
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
// CLCONFORM_SWEEP_THREADS=N sets the host threads (default: one per core).
#pragma once

#include <CL/opencl.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "case_run.hpp"
#include "sweep_chunk.hpp"

namespace clconform {

struct SweepShape {
  std::vector<unsigned> in_elem;   // bytes per lane of each input array
  std::vector<unsigned> out_elem;  // bytes per lane of each output array of every kernel
  std::vector<unsigned> widths;    // lanes per work-item of each kernel
};

// Where the time of a sweep went, for benchmarks and the case's metrics.
// Device times come from event profiling (0 when the queue lacks it).
struct SweepTimes {
  double setup_s = 0;        // allocating and mapping the buffers, before the sweep
  double wall_s = 0;         // the whole sweep
  double host_fill_s = 0;    // host threads writing inputs (from the second chunk on, beside verifying)
  double host_verify_s = 0;  // host threads verifying (and, beside it, writing the next chunk's inputs)
  double wait_s = 0;         // the host idle, waiting for the device
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
  using Range = std::function<void(size_t lo, size_t hi, unsigned thread)>;
  // Sets up the slot's chunk: lanes from FIRST, VALID of them.
  void prepare(unsigned slot, uint64_t first, size_t valid);
  // Pads the slot's filled chunk and enqueues its upload, kernels and
  // downloads.
  void launch(unsigned slot);
  void finish(unsigned slot);  // waits for the slot's downloads
  SweepChunk* chunk_view(unsigned slot);
  void restore_sentinels(const SweepChunk& ch, size_t lo, size_t hi);
  // On the host threads: FILL over [0, fill_count), in pieces that at most
  // FILLERS threads take, first; then DONE, once, on the thread that wrote
  // the last piece; and VERIFY over [0, verify_count), on every thread.
  void work(size_t fill_count, unsigned fillers, const Range& fill, const std::function<void()>& done,
            size_t verify_count, const Range& verify);
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
  SweepTimes times_;
};

template <class Acc>
std::vector<Acc> Sweep::run(uint64_t first, uint64_t total, const Fill& fill, const Verify<Acc>& verify,
                            const Acc& proto) {
  // Each thread's accumulator is copied from PROTO by that thread, on its
  // first chunk, into a slot of its own cache lines: the heap blocks of
  // accumulators copied one after another by one thread would share cache
  // lines, and the counters every lane updates would bounce between cores.
  struct alignas(128) Slot {
    std::optional<Acc> acc;
  };
  std::vector<Slot> slots(threads_);
  const double t0 = now();
  const uint64_t chunks = (total + chunk_lanes_ - 1) / chunk_lanes_;
  const auto slot_of = [](uint64_t chunk) { return unsigned(chunk % kSlots); };
  // Writes chunk L's inputs (FILLERS threads) and launches it, beside the
  // verification of CHECKED when there is one.
  const auto step = [&](uint64_t l, unsigned fillers, const SweepChunk* checked) {
    const double w0 = now();
    const SweepChunk* filled = nullptr;
    if (l < chunks) {
      const uint64_t lane0 = first + l * chunk_lanes_;
      prepare(slot_of(l), lane0, size_t(std::min<uint64_t>(chunk_lanes_, first + total - lane0)));
      filled = chunk_view(slot_of(l));
    }
    const std::function<void()> launch_filled = [&] {
      times_.host_fill_s += now() - w0;
      launch(slot_of(l));
    };
    work(
        filled ? filled->valid : 0, fillers, [&](size_t lo, size_t hi, unsigned) { fill(*filled, lo, hi); },
        filled ? launch_filled : std::function<void()>(), checked ? checked->count : 0,
        [&](size_t lo, size_t hi, unsigned t) {
          if (!slots[t].acc) slots[t].acc.emplace(proto);
          if (lo < checked->valid) verify(*checked, lo, std::min(hi, checked->valid), *slots[t].acc);
          restore_sentinels(*checked, lo, hi);
        });
    if (checked) times_.host_verify_s += now() - w0;
  };
  // The first chunks, every thread writing them; then, for each chunk
  // c - 1 verified, chunk c + kSlots - 2 written beside it by a few
  // threads, the ones between it and c - 1 being on their way.
  for (uint64_t l = 0; l + 1 < kSlots; ++l) step(l, threads_, nullptr);
  for (uint64_t c = 1; c <= chunks; ++c) {
    finish(slot_of(c - 1));
    step(c + kSlots - 2, std::max(1u, threads_ / kFillShare), chunk_view(slot_of(c - 1)));
  }
  times_.chunks += chunks;
  times_.wall_s += now() - t0;
  std::vector<Acc> acc;
  for (Slot& slot : slots) acc.push_back(slot.acc ? std::move(*slot.acc) : proto);
  return acc;
}

}  // namespace clconform
