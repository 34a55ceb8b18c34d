#include "sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>
#include <thread>

namespace clconform {

// A device buffer and the pinned host buffer it is uploaded from or
// downloaded into, mapped for the sweep's whole life.
struct PinnedPair {
  cl::Buffer device, pinned;
  uint8_t* host = nullptr;
};

struct Sweep::Slot {
  SweepChunk chunk;
  std::vector<PinnedPair> in;
  std::vector<std::vector<PinnedPair>> out;  // [kernel][array]
  std::vector<cl::Event> downloads;
  std::vector<cl::Event> all;  // every command, for the device's own time
};

namespace {

PinnedPair make_pair(Session& s, size_t bytes, cl_mem_flags device_flags) {
  PinnedPair p;
  p.device = cl::Buffer(s.context, device_flags, bytes);
  p.pinned = cl::Buffer(s.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
  p.host = static_cast<uint8_t*>(s.queue.enqueueMapBuffer(p.pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes));
  return p;
}

// Lanes per chunk: large enough that per-chunk overheads vanish, small
// enough that two slots of every array fit the device comfortably.
// A CPU device shares the host's caches and cores, so it gets smaller chunks.
size_t pick_chunk(const DeviceHandle& h, size_t bytes_per_lane, size_t biggest_elem) {
  const bool cpu = (h.device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
  const DeviceInfo& d = h.info;
  size_t lanes = cpu ? size_t(1) << 22 : size_t(1) << 24;
  while (lanes > 4096 && (lanes * biggest_elem > d.max_alloc_bytes || 4 * lanes * bytes_per_lane > d.global_mem_bytes))
    lanes /= 2;
  return lanes;
}

}  // namespace

Sweep::Sweep(CaseRun& run, std::vector<cl::Kernel> kernels, SweepShape shape, size_t chunk_lanes)
    : run_(run), kernels_(std::move(kernels)), shape_(std::move(shape)) {
  threads_ = std::max(1u, std::thread::hardware_concurrency());
  profiling_ = (run_.session.queue.getInfo<CL_QUEUE_PROPERTIES>() & CL_QUEUE_PROFILING_ENABLE) != 0;
  size_t per_lane = 0, biggest = 1;
  for (unsigned e : shape_.in_elem) per_lane += e, biggest = std::max<size_t>(biggest, e);
  for (unsigned e : shape_.out_elem) per_lane += e * kernels_.size(), biggest = std::max<size_t>(biggest, e);
  // Every chunk is a whole number of work-items of every width.
  size_t granule = 1;
  for (unsigned w : shape_.widths) granule = std::lcm(granule, size_t(w));
  size_t lanes = chunk_lanes ? chunk_lanes : pick_chunk(run_.session.handle, per_lane, biggest);
  chunk_lanes_ = std::max(granule, lanes / granule * granule);
  Session& s = run_.session;
  for (auto& slot : slots_) {
    slot = std::make_unique<Slot>();
    for (unsigned e : shape_.in_elem) slot->in.push_back(make_pair(s, chunk_lanes_ * e, CL_MEM_READ_ONLY));
    slot->out.resize(kernels_.size());
    for (auto& arrays : slot->out) {
      for (unsigned e : shape_.out_elem) arrays.push_back(make_pair(s, chunk_lanes_ * e, CL_MEM_READ_WRITE));
    }
  }
}

Sweep::~Sweep() {
  try {
    Session& s = run_.session;
    for (auto& slot : slots_) {
      for (auto& p : slot->in) s.queue.enqueueUnmapMemObject(p.pinned, p.host);
      for (auto& arrays : slot->out)
        for (auto& p : arrays) s.queue.enqueueUnmapMemObject(p.pinned, p.host);
    }
    s.queue.finish();
  } catch (const cl::Error&) {
    // The buffers go with the context; a failing unmap changes no verdict.
  }
}

double Sweep::now() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void Sweep::parallel(size_t count, const std::function<void(size_t, size_t, unsigned)>& fn) {
  // Small ranges are not worth a thread start.
  const unsigned n = count < 65536 ? 1 : threads_;
  if (n == 1) {
    fn(0, count, 0);
    return;
  }
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(fn, count * t / n, count * (t + 1) / n, t);
  fn(0, count / n, 0);
  for (auto& th : pool) th.join();
}

SweepChunk* Sweep::chunk_view(unsigned slot) { return &slots_[slot]->chunk; }

void Sweep::start(unsigned s, uint64_t first, size_t valid, const Fill& fill) {
  Slot& slot = *slots_[s];
  SweepChunk& ch = slot.chunk;
  size_t granule = 1;
  for (unsigned w : shape_.widths) granule = std::lcm(granule, size_t(w));
  ch.first = first;
  ch.valid = valid;
  ch.count = (valid + granule - 1) / granule * granule;
  ch.in.clear();
  for (auto& p : slot.in) ch.in.push_back(p.host);
  ch.out.assign(kernels_.size(), {});
  for (size_t k = 0; k < kernels_.size(); ++k)
    for (auto& p : slot.out[k]) ch.out[k].push_back(p.host);

  const double f0 = now();
  parallel(valid, [&](size_t lo, size_t hi, unsigned) { fill(ch, lo, hi); });
  for (size_t a = 0; a < slot.in.size(); ++a) {  // padding lanes: defined bits
    const unsigned e = shape_.in_elem[a];
    std::memset(ch.in[a] + valid * e, 0, (ch.count - valid) * e);
  }
  times_.host_fill_s += now() - f0;

  cl::CommandQueue& q = run_.session.queue;
  slot.downloads.clear();
  slot.all.clear();
  const size_t nin = slot.in.size();
  for (size_t a = 0; a < nin; ++a) {
    slot.all.emplace_back();
    q.enqueueWriteBuffer(slot.in[a].device, CL_FALSE, 0, ch.count * shape_.in_elem[a], slot.in[a].host, nullptr,
                         &slot.all.back());
  }
  for (size_t k = 0; k < kernels_.size(); ++k) {
    cl::Kernel& kern = kernels_[k];
    for (size_t a = 0; a < nin; ++a) kern.setArg(cl_uint(a), slot.in[a].device);
    for (size_t o = 0; o < slot.out[k].size(); ++o) {
      const size_t bytes = ch.count * shape_.out_elem[o];
      slot.all.emplace_back();
      q.enqueueFillBuffer(slot.out[k][o].device, uint8_t(0xA5), 0, bytes, nullptr, &slot.all.back());
      kern.setArg(cl_uint(nin + o), slot.out[k][o].device);
    }
    slot.all.emplace_back();
    q.enqueueNDRangeKernel(kern, cl::NullRange, cl::NDRange(ch.count / shape_.widths[k]), cl::NullRange, nullptr,
                           &slot.all.back());
    for (size_t o = 0; o < slot.out[k].size(); ++o) {
      slot.all.emplace_back();
      q.enqueueReadBuffer(slot.out[k][o].device, CL_FALSE, 0, ch.count * shape_.out_elem[o], slot.out[k][o].host,
                          nullptr, &slot.all.back());
      slot.downloads.push_back(slot.all.back());
    }
  }
  q.flush();
}

void Sweep::finish(unsigned s) {
  Slot& slot = *slots_[s];
  const double w0 = now();
  cl::Event::waitForEvents(slot.downloads);
  times_.wait_s += now() - w0;
  if (!profiling_) return;
  for (auto& e : slot.all) {
    times_.device_s += double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                              e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
  }
}

json::Value Sweep::times_json() const {
  json::Value v = json::Value::object();
  v["wall_s"] = times_.wall_s;
  v["host_fill_s"] = times_.host_fill_s;
  v["host_verify_s"] = times_.host_verify_s;
  v["wait_s"] = times_.wait_s;
  if (profiling_) v["device_s"] = times_.device_s;
  v["chunks"] = static_cast<unsigned long long>(times_.chunks);
  v["chunk_lanes"] = static_cast<unsigned long long>(chunk_lanes_);
  v["threads"] = threads_;
  return v;
}

}  // namespace clconform
