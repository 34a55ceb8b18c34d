#include "sweep.hpp"

#include "host_cores.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <numeric>
#include <thread>

namespace clconform {

// One array of a slot. Staged path (a discrete device): a device buffer and
// the pinned host buffer it is uploaded from or downloaded into, mapped for
// the sweep's whole life. Zero-copy path (a device sharing host memory, such
// as a CPU device): one CL_MEM_ALLOC_HOST_PTR buffer the kernels use
// directly, mapped while the host works on it and unmapped while the device
// does, which costs no copy.
struct SweepArray {
  cl::Buffer device;
  uint8_t* host = nullptr;  // valid while the host owns the slot
  size_t bytes = 0;
  StagedBuffer staged;  // staged path: what the session's pool lent (its device buffer and mapped pinned one above)
};

// Each command's kind, for SweepTimes.
enum class Command { Upload, Fill, Kernel, Download };

struct Sweep::Slot {
  SweepChunk chunk;
  std::vector<SweepArray> in;
  std::vector<std::vector<SweepArray>> out;  // [kernel][array]
  std::vector<cl::Event> ready;              // the host may use the slot once these end
  std::vector<std::pair<Command, cl::Event>> commands;
};

namespace {

// Lanes per chunk: large enough that per-chunk overheads vanish, small
// enough that SLOTS slots of every array fit the device comfortably. A CPU
// device shares the host's caches and cores, so it gets smaller chunks.
// On a GPU, 2^22: pinning the slots' host memory, and freeing it, takes
// time in proportion to their size, and per-chunk overheads grow as
// chunks shrink. Since the host threads stopped ending every chunk
// together, a chunk costs little: on a lent H100 host the four benchmark
// conversions took 9.36-9.64 s in all with 2^22 lanes against 9.88-10.24 s
// with 2^23, the two half stores 3.94-4.24 s against 4.16-4.68 s, and
// float and double sin the same (bench/README.md).
size_t pick_chunk(const DeviceHandle& h, bool cpu, size_t bytes_per_lane, size_t biggest_elem, unsigned slots) {
  const DeviceInfo& d = h.info;
  size_t lanes = cpu ? size_t(1) << 20 : size_t(1) << 22;
  while (lanes > 4096 &&
         (lanes * biggest_elem > d.max_alloc_bytes || 2 * slots * lanes * bytes_per_lane > d.global_mem_bytes))
    lanes /= 2;
  return lanes;
}

uint8_t* map(cl::CommandQueue& q, const cl::Buffer& b, size_t bytes, bool blocking, cl::Event* done) {
  return static_cast<uint8_t*>(
      q.enqueueMapBuffer(b, blocking ? CL_TRUE : CL_FALSE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, nullptr, done));
}

}  // namespace

Sweep::Sweep(CaseRun& run, std::vector<cl::Kernel> kernels, SweepShape shape, size_t chunk_lanes)
    : run_(run), kernels_(std::move(kernels)), shape_(std::move(shape)), threads_(sweep_threads(run.opts.host_processes)) {
  const double start = now();
  cl::CommandQueue& q = run_.session.queue;
  profiling_ = (q.getInfo<CL_QUEUE_PROPERTIES>() & CL_QUEUE_PROFILING_ENABLE) != 0;
  const cl::Device& dev = run_.session.handle.device;
  // $CLCONFORM_SWEEP_PATH overrides the choice: for a device that
  // misreports unified memory, and so that tests run both paths anywhere.
  const char* forced = std::getenv("CLCONFORM_SWEEP_PATH");
  if (forced && std::string(forced) == "staged") zero_copy_ = false;
  else if (forced && std::string(forced) == "zero-copy") zero_copy_ = true;
  else zero_copy_ = dev.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>() == CL_TRUE;
  size_t per_lane = 0, biggest = 1;
  for (unsigned e : shape_.in_elem) per_lane += e, biggest = std::max<size_t>(biggest, e);
  for (unsigned e : shape_.out_elem) per_lane += e * kernels_.size(), biggest = std::max<size_t>(biggest, e);
  // Every chunk is a whole number of work-items of every width.
  granule_ = 1;
  for (unsigned w : shape_.widths) granule_ = std::lcm(granule_, size_t(w));
  const bool cpu = (dev.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
  size_t lanes = chunk_lanes ? chunk_lanes : pick_chunk(run_.session.handle, cpu, per_lane, biggest, kSlots);
  // $CLCONFORM_SWEEP_CHUNK sets the lanes per chunk, for measuring what
  // the chunk size costs (bench/README.md).
  if (const char* c = std::getenv("CLCONFORM_SWEEP_CHUNK"); c && std::atoll(c) > 0) lanes = size_t(std::atoll(c));
  chunk_lanes_ = std::max(granule_, lanes / granule_ * granule_);

  if (!zero_copy_) {
    setup_queue_ = cl::CommandQueue(run_.session.context, dev);
    upload_queue_ = cl::CommandQueue(run_.session.context, dev, profiling_ ? CL_QUEUE_PROFILING_ENABLE : 0);
  }
  make_slot(0, zero_copy_ ? q : setup_queue_);
  if (zero_copy_) {
    // Nothing to pin: the other slots cost as little as the first.
    for (unsigned s = 1; s < kSlots; ++s) make_slot(s, q);
    made_ = kSlots;
  } else {
    maker_ = std::thread([this] {
      const double t0 = now();
      try {
        for (unsigned s = 1; s < kSlots; ++s) {
          make_slot(s, setup_queue_);
          std::lock_guard<std::mutex> lock(made_mutex_);
          made_ = s + 1;
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(made_mutex_);
        make_error_ = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(made_mutex_);
      late_setup_s_ = now() - t0;
    });
  }
  times_.setup_s = now() - start;
}

Sweep::~Sweep() {
  if (maker_.joinable()) maker_.join();
  try {
    cl::CommandQueue& q = run_.session.queue;
    for (auto& slot : slots_) {
      if (!slot) continue;
      if (!slot->ready.empty()) cl::Event::waitForEvents(slot->ready);
      auto unmap = [&](SweepArray& a) {
        if (a.host && zero_copy_) q.enqueueUnmapMemObject(a.device, a.host);
      };
      for (auto& a : slot->in) unmap(a);
      for (auto& arrays : slot->out)
        for (auto& a : arrays) unmap(a);
    }
    q.finish();
    if (!zero_copy_) {
      setup_queue_.finish(), upload_queue_.finish();
      // No command uses the staged buffers any more: the next sweep may.
      for (auto& slot : slots_) {
        if (!slot) continue;
        for (auto& a : slot->in) run_.session.staged_buffers.give_back(std::move(a.staged));
        for (auto& arrays : slot->out)
          for (auto& a : arrays) run_.session.staged_buffers.give_back(std::move(a.staged));
      }
    }
  } catch (const cl::Error&) {
    // The buffers go with the context; a failing unmap changes no verdict.
  }
}

void Sweep::make_slot(unsigned s, cl::CommandQueue& q) {
  const cl::Context& context = run_.session.context;
  auto make = [&](SweepArray& a, size_t bytes, bool output) {
    a.bytes = bytes;
    if (zero_copy_) {
      a.device = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
      a.host = map(q, a.device, bytes, true, nullptr);
      // Zero-copy outputs start as sentinels; the verifier restores them.
      if (output) std::memset(a.host, 0xA5, bytes);
    } else {
      a.staged = run_.session.staged_buffers.take(bytes, output, q);
      a.device = a.staged.device;
      a.host = a.staged.host;
      (a.staged.reused ? buffers_reused_ : buffers_made_) += 1;
    }
  };
  // The slot is in place before its arrays are made, so that the
  // destructor unmaps whatever was mapped if making one fails.
  slots_[s] = std::make_unique<Slot>();
  Slot& slot = *slots_[s];
  slot.in.resize(shape_.in_elem.size());
  slot.out.assign(kernels_.size(), std::vector<SweepArray>(shape_.out_elem.size()));
  for (size_t a = 0; a < slot.in.size(); ++a) make(slot.in[a], chunk_lanes_ * shape_.in_elem[a], false);
  for (auto& arrays : slot.out)
    for (size_t o = 0; o < arrays.size(); ++o) make(arrays[o], chunk_lanes_ * shape_.out_elem[o], true);
}

void Sweep::collect_slots() {
  std::lock_guard<std::mutex> lock(made_mutex_);
  if (make_error_) std::rethrow_exception(make_error_);
  for (; collected_ < made_; ++collected_) free_.push_back(collected_);
}

double Sweep::now() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One run of the pipeline: what the host threads share, under one lock.
// Each thread loops over next_piece(): the lock is held while it looks for
// work and released while a piece (or a device call) runs.
class Sweep::Pipeline {
 public:
  Pipeline(Sweep& sweep, uint64_t first, uint64_t total, unsigned threads, const ChunkRange& fill,
           const ChunkRange& verify)
      : sw_(sweep), first_(first), total_(total), chunks_((total + sweep.chunk_lanes_ - 1) / sweep.chunk_lanes_),
        n_(threads), max_fillers_(std::max(1u, threads / kFillShare)), fill_(fill), verify_(verify), spent_(threads) {}

  // Thread T's share of the sweep, until every chunk is verified or a
  // thread fails; the first failure is kept for rethrow().
  void run_thread(unsigned t) {
    std::unique_lock<std::mutex> lock(m_, std::defer_lock);
    try {
      lock.lock();
      while (!error_ && next_piece(t, lock)) {
      }
    } catch (...) {
      if (!lock.owns_lock()) lock.lock();
      if (!error_) error_ = std::current_exception();
      changed_.notify_all();
    }
  }

  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

  // Thread-seconds over THREADS writing inputs (and launching) and verifying.
  double fill_s(unsigned threads) const { return sum(&Spent::fill) / threads; }
  double verify_s(unsigned threads) const { return sum(&Spent::verify) / threads; }
  uint64_t chunks() const { return chunks_; }

 private:
  // Where a slot's chunk stands. Inputs are written in many small pieces.
  // Verification takes pieces that shrink as a chunk runs out, from an
  // eighth of each thread's share down to 4096 lanes, so that the last
  // pieces of a chunk end close together; pieces are whole multiples of
  // 4096 lanes, so a verifier's blocks stay whole.
  struct Progress {
    size_t fill_piece = 0, fill_pieces = 0, fill_taken = 0, fill_done = 0;
    size_t verify_at = 0, verify_done = 0;  // lanes handed out, lanes verified
  };
  struct alignas(64) Spent {
    double fill = 0, verify = 0;
  };

  // One piece of work for thread T, if there is any, else a wait for the
  // device or for another thread; false once the sweep is done.
  bool next_piece(unsigned t, std::unique_lock<std::mutex>& lock) {
    start_chunk();
    if (take_fill(t, lock) || take_verify(t, lock)) return true;
    // Nothing to do but wait for the device, which one thread does.
    if (!on_device_.empty() && !waiting_) {
      wait_for_oldest(lock);
      return true;
    }
    if (next_ == chunks_ && filling_.empty() && on_device_.empty() && verifying_.empty()) {
      changed_.notify_all();
      return false;
    }
    changed_.wait(lock);
    return true;
  }

  // A free slot takes the next chunk, one chunk being written at a time.
  void start_chunk() {
    sw_.collect_slots();
    if (!filling_.empty() || next_ == chunks_ || sw_.free_.empty()) return;
    const unsigned s = sw_.free_.front();
    sw_.free_.pop_front();
    const uint64_t lane0 = first_ + next_ * sw_.chunk_lanes_;
    sw_.prepare(s, lane0, size_t(std::min<uint64_t>(sw_.chunk_lanes_, first_ + total_ - lane0)));
    const size_t valid = sw_.slots_[s]->chunk.valid;
    Progress& p = progress_[s];
    p = Progress();
    p.fill_piece = std::max<size_t>(4096, (valid / (size_t(n_) * 16) + 4095) / 4096 * 4096);
    p.fill_pieces = (valid + p.fill_piece - 1) / p.fill_piece;
    filling_.push_back(s);
    ++next_;
  }

  // Inputs come first, so that the device never waits for them: a few
  // threads write them while there is verification to do, every thread
  // when there is not. The thread that writes the last piece launches the
  // chunk; FILLING_ keeps the slot until then, so that launches go in order.
  bool take_fill(unsigned t, std::unique_lock<std::mutex>& lock) {
    if (filling_.empty()) return false;
    const unsigned s = filling_.front();
    Progress& p = progress_[s];
    if (p.fill_taken == p.fill_pieces || (fillers_ >= max_fillers_ && verify_left())) return false;
    const SweepChunk& ch = sw_.slots_[s]->chunk;
    const size_t lo = p.fill_taken++ * p.fill_piece, hi = std::min(ch.valid, lo + p.fill_piece);
    ++fillers_;
    lock.unlock();
    const double w0 = sw_.now();
    fill_(ch, lo, hi, t);
    lock.lock();
    --fillers_;
    const bool last = ++p.fill_done == p.fill_pieces;
    if (last) {
      lock.unlock();
      sw_.launch(s);
      lock.lock();
      filling_.pop_front();
      on_device_.push_back(s);
      changed_.notify_all();
    }
    spent_[t].fill += sw_.now() - w0;
    return true;
  }

  // Whether slot S's chunk has verification pieces not yet handed out.
  bool has_pieces(unsigned s) const { return progress_[s].verify_at < sw_.slots_[s]->chunk.count; }
  bool verify_left() const {
    return std::any_of(verifying_.begin(), verifying_.end(), [&](unsigned s) { return has_pieces(s); });
  }

  // A piece of the oldest chunk with pieces left. A slot is free again
  // once all of its chunk is verified.
  bool take_verify(unsigned t, std::unique_lock<std::mutex>& lock) {
    const auto with_pieces =
        std::find_if(verifying_.begin(), verifying_.end(), [&](unsigned s) { return has_pieces(s); });
    if (with_pieces == verifying_.end()) return false;
    const unsigned s = *with_pieces;
    Progress& p = progress_[s];
    const SweepChunk& ch = sw_.slots_[s]->chunk;
    const size_t lo = p.verify_at;
    const size_t piece = std::max<size_t>(4096, (ch.count - lo) / (size_t(n_) * 8) / 4096 * 4096);
    const size_t hi = std::min(ch.count, lo + piece);
    p.verify_at = hi;
    // With the chunk's last piece handed out, the next chunk, if the
    // device has already given it back, is made ready for the threads that
    // come next, so that they need not wait for a thread to wake them.
    if (hi == ch.count && !on_device_.empty() && !waiting_ && sw_.landed(on_device_.front())) wait_for_oldest(lock);
    lock.unlock();
    const double w0 = sw_.now();
    verify_(ch, lo, hi, t);
    spent_[t].verify += sw_.now() - w0;
    lock.lock();
    p.verify_done += hi - lo;
    if (p.verify_done == ch.count) {
      verifying_.erase(std::find(verifying_.begin(), verifying_.end(), s));
      sw_.free_.push_back(s);
      changed_.notify_all();
    }
    return true;
  }

  // Waits for the oldest chunk on the device (its downloads), then hands
  // it to the verifying threads.
  void wait_for_oldest(std::unique_lock<std::mutex>& lock) {
    waiting_ = true;
    const unsigned s = on_device_.front();
    lock.unlock();
    sw_.finish(s);
    lock.lock();
    waiting_ = false;
    on_device_.pop_front();
    verifying_.push_back(s);
    changed_.notify_all();
  }

  double sum(double Spent::*field) const {
    double total = 0;
    for (const Spent& sp : spent_) total += sp.*field;
    return total;
  }

  Sweep& sw_;
  const uint64_t first_, total_, chunks_;
  const unsigned n_, max_fillers_;
  const ChunkRange& fill_;
  const ChunkRange& verify_;
  std::mutex m_;
  std::condition_variable changed_;
  Progress progress_[kSlots];
  std::deque<unsigned> filling_;    // the slot whose inputs are being written and launched (one at most)
  std::deque<unsigned> on_device_;  // launched, oldest first
  std::deque<unsigned> verifying_;  // results back, not all verified, oldest first
  uint64_t next_ = 0;               // the next chunk to write
  unsigned fillers_ = 0;            // threads writing inputs now
  bool waiting_ = false;            // a thread waits for on_device_.front()
  std::exception_ptr error_;
  std::vector<Spent> spent_;  // each thread's own
};

void Sweep::pipeline(uint64_t first, uint64_t total, const ChunkRange& fill, const ChunkRange& verify) {
  const double t0 = now();
  // A small sweep (a quick case's: thousands per run) is not worth waking
  // the team.
  const unsigned n = total < 65536 ? 1 : threads_;
  Pipeline p(*this, first, total, n, fill, verify);
  if (n == 1) {
    p.run_thread(0);
  } else {
    if (!team_) team_ = std::make_unique<ThreadTeam>(threads_);
    team_->run([&](unsigned t) { p.run_thread(t); });
  }
  p.rethrow();
  const double wall = now() - t0;
  times_.host_fill_s += p.fill_s(threads_);
  times_.host_verify_s += p.verify_s(threads_);
  times_.host_idle_s += wall - p.fill_s(threads_) - p.verify_s(threads_);
  times_.chunks += p.chunks();
  times_.wall_s += wall;
}

void Sweep::restore_sentinels(const SweepChunk& ch, size_t lo, size_t hi) {
  if (!zero_copy_) return;  // the device fills staged outputs itself
  for (auto& arrays : ch.out) {
    for (size_t o = 0; o < arrays.size(); ++o) {
      const unsigned e = shape_.out_elem[o];
      std::memset(const_cast<uint8_t*>(arrays[o]) + lo * e, 0xA5, (hi - lo) * e);
    }
  }
}

void Sweep::prepare(unsigned s, uint64_t first, size_t valid) {
  Slot& slot = *slots_[s];
  SweepChunk& ch = slot.chunk;
  ch.first = first;
  ch.valid = valid;
  ch.count = (valid + granule_ - 1) / granule_ * granule_;
  ch.in.clear();
  for (auto& a : slot.in) ch.in.push_back(a.host);
}

void Sweep::launch(unsigned s) {
  Slot& slot = *slots_[s];
  SweepChunk& ch = slot.chunk;
  for (size_t a = 0; a < slot.in.size(); ++a) {  // padding lanes: defined bits
    const unsigned e = shape_.in_elem[a];
    std::memset(ch.in[a] + ch.valid * e, 0, (ch.count - ch.valid) * e);
  }

  cl::CommandQueue& q = run_.session.queue;
  slot.ready.clear();
  slot.commands.clear();
  auto record = [&](Command kind) {
    slot.commands.emplace_back(kind, cl::Event());
    return &slot.commands.back().second;
  };
  const size_t nin = slot.in.size();
  std::vector<cl::Event> uploaded;
  if (zero_copy_) {
    for (auto& a : slot.in) q.enqueueUnmapMemObject(a.device, a.host);
    for (auto& arrays : slot.out)
      for (auto& a : arrays) q.enqueueUnmapMemObject(a.device, a.host);
  } else {
    // Inputs go up on a queue of their own, so that a chunk's upload runs
    // beside the download of the chunk before it (a GPU copies both ways
    // at once); the chunk's first kernel waits for it.
    for (size_t a = 0; a < nin; ++a) {
      cl::Event* e = record(Command::Upload);
      upload_queue_.enqueueWriteBuffer(slot.in[a].device, CL_FALSE, 0, ch.count * shape_.in_elem[a], slot.in[a].host,
                                       nullptr, e);
      uploaded.push_back(*e);
    }
    upload_queue_.flush();
  }
  for (size_t k = 0; k < kernels_.size(); ++k) {
    cl::Kernel& kern = kernels_[k];
    for (size_t a = 0; a < nin; ++a) kern.setArg(cl_uint(a), slot.in[a].device);
    for (size_t o = 0; o < slot.out[k].size(); ++o) {
      if (!zero_copy_) {
        q.enqueueFillBuffer(slot.out[k][o].device, uint8_t(0xA5), 0, ch.count * shape_.out_elem[o], nullptr,
                            record(Command::Fill));
      }
      kern.setArg(cl_uint(nin + o), slot.out[k][o].device);
    }
    q.enqueueNDRangeKernel(kern, cl::NullRange, cl::NDRange(ch.count / shape_.widths[k]), cl::NullRange,
                           k == 0 && !uploaded.empty() ? &uploaded : nullptr, record(Command::Kernel));
    if (zero_copy_) continue;
    for (size_t o = 0; o < slot.out[k].size(); ++o) {
      cl::Event* e = record(Command::Download);
      q.enqueueReadBuffer(slot.out[k][o].device, CL_FALSE, 0, ch.count * shape_.out_elem[o], slot.out[k][o].host,
                          nullptr, e);
      slot.ready.push_back(*e);
    }
  }
  if (zero_copy_) {  // hand the slot back to the host once the kernels end
    for (auto& a : slot.in) {
      cl::Event* e = record(Command::Download);
      a.host = map(q, a.device, a.bytes, false, e);
      slot.ready.push_back(*e);
    }
    for (auto& arrays : slot.out) {
      for (auto& a : arrays) {
        cl::Event* e = record(Command::Download);
        a.host = map(q, a.device, a.bytes, false, e);
        slot.ready.push_back(*e);
      }
    }
  }
  ch.out.assign(kernels_.size(), {});
  for (size_t k = 0; k < kernels_.size(); ++k)
    for (auto& a : slot.out[k]) ch.out[k].push_back(a.host);
  ch.in.clear();
  for (auto& a : slot.in) ch.in.push_back(a.host);
  q.flush();
}

bool Sweep::landed(unsigned s) const {
  for (const cl::Event& e : slots_[s]->ready)
    if (e.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() != CL_COMPLETE) return false;
  return true;
}

void Sweep::finish(unsigned s) {
  Slot& slot = *slots_[s];
  const double w0 = now();
  cl::Event::waitForEvents(slot.ready);
  times_.wait_s += now() - w0;
  if (!profiling_) return;
  for (auto& [kind, e] : slot.commands) {
    const double t = double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                            e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
    (kind == Command::Kernel ? times_.kernel_s
     : kind == Command::Download ? times_.download_s
     : kind == Command::Upload ? times_.upload_s
                               : times_.fill_s) += t;
  }
}

json::Value Sweep::times_json() const {
  json::Value v = json::Value::object();
  v["setup_s"] = times_.setup_s;
  {
    std::lock_guard<std::mutex> lock(made_mutex_);
    v["late_setup_s"] = late_setup_s_;  // pinning the other slots beside the sweep (staged path)
  }
  v["wall_s"] = times_.wall_s;
  v["host_fill_s"] = times_.host_fill_s;
  v["host_verify_s"] = times_.host_verify_s;
  v["wait_s"] = times_.wait_s;
  v["host_idle_s"] = times_.host_idle_s;
  if (profiling_) {
    v["kernel_s"] = times_.kernel_s;
    v["download_s"] = times_.download_s;
    v["upload_s"] = times_.upload_s;
    v["fill_s"] = times_.fill_s;
    v["floor_s"] = times_.floor_s();
  }
  v["path"] = zero_copy_ ? "zero-copy" : "staged";
  if (!zero_copy_) {
    v["buffers_made"] = static_cast<unsigned long long>(buffers_made_.load());
    v["buffers_reused"] = static_cast<unsigned long long>(buffers_reused_.load());
  }
  v["chunks"] = static_cast<unsigned long long>(times_.chunks);
  v["chunk_lanes"] = static_cast<unsigned long long>(chunk_lanes_);
  v["threads"] = threads_;
  return v;
}

}  // namespace clconform
