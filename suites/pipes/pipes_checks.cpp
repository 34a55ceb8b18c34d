// The pipes suite's check (OpenCL C spec 6.15.18, unified numbering): every
// packet written through a pipe is read exactly once with its bytes intact,
// reservations keep their indices, a full pipe refuses writes and an empty
// one reads, and the queries report the pipe's size and fill.
// emit_pipes.py says what each form's kernels do.
#include <CL/cl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"

namespace clconform::suites {
namespace {

struct PacketType {
  std::string name;
  size_t bytes = 0;    // the packet's size
  size_t compared = 0;  // bytes that carry data (the struct's padding byte does not)
  char kind = 'i';     // 'i' integer bits, 'f' float, 'd' double, 'h' half
};

// Packet number U as bytes. Integer types hold U in their low bytes and a
// pattern from U and the seed above it; floating types hold U + 0.5, a
// normal number (a NaN or a denormal might not be copied bit for bit).
std::vector<uint8_t> packet_bytes(const PacketType& t, uint32_t u, uint64_t seed) {
  std::vector<uint8_t> b(t.bytes, 0);
  if (t.kind == 'f') {
    const float v = float(u) + 0.5f;
    std::memcpy(b.data(), &v, 4);
  } else if (t.kind == 'd') {
    const double v = double(u) + 0.5;
    std::memcpy(b.data(), &v, 8);
  } else if (t.kind == 'h') {
    const uint16_t h = ref::double_to_half(double(u) + 0.5, ref::Rounding::NearestEven);
    std::memcpy(b.data(), &h, 2);
  } else {
    const uint64_t pattern = counter_bits(seed, u, 0);
    for (size_t j = 0; j < t.bytes; ++j) b[j] = j < 4 ? uint8_t(u >> (8 * j)) : uint8_t(pattern >> (8 * (j % 8)));
  }
  return b;
}

// The packet number a packet's bytes carry, or -1 when they are no packet
// of this run (their other bytes differ from the ones written).
long packet_number(const PacketType& t, const uint8_t* b, uint32_t count, uint64_t seed) {
  uint32_t u = 0;
  if (t.kind == 'f') {
    float v;
    std::memcpy(&v, b, 4);
    u = v >= 0 && v < float(count) ? uint32_t(v) : count;
  } else if (t.kind == 'd') {
    double v;
    std::memcpy(&v, b, 8);
    u = v >= 0 && v < double(count) ? uint32_t(v) : count;
  } else if (t.kind == 'h') {
    uint16_t h;
    std::memcpy(&h, b, 2);
    const double v = ref::half_to_double(h);
    u = v >= 0 && v < double(count) ? uint32_t(v) : count;
  } else {
    for (size_t j = 0; j < std::min<size_t>(t.bytes, 4); ++j) u |= uint32_t(b[j]) << (8 * j);
  }
  if (u >= count) return -1;
  const auto want = packet_bytes(t, u, seed);
  return std::memcmp(want.data(), b, t.compared) == 0 ? long(u) : -1;
}

PacketType packet_type(const json::Value& p) {
  PacketType t;
  t.name = p.at("type").as_string();
  t.bytes = p.at("bytes").as_uint();
  t.compared = t.name == "struct" ? 7 : t.bytes;  // uint, ushort, uchar, then a byte of padding
  t.kind = t.name == "float" ? 'f' : t.name == "double" ? 'd' : t.name == "half" ? 'h' : 'i';
  return t;
}

class PipeRun {
 public:
  PipeRun(CaseRun& run, const PacketType& t, uint32_t packets, uint64_t seed)
      : run_(run), t_(t), packets_(packets), seed_(seed) {}

  cl_mem pipe(cl_uint capacity) {
    cl_int err = CL_SUCCESS;
    cl_mem p = clCreatePipe(run_.session.context(), CL_MEM_READ_WRITE, cl_uint(t_.bytes), capacity, nullptr, &err);
    if (err != CL_SUCCESS) throw cl::Error(err, "clCreatePipe");
    pipes_.emplace_back(p, true);
    return p;
  }

  cl::Kernel kernel(const std::string& name) {
    const BuiltProgram& bp = run_.program();
    if (!bp.ok) throw BuildFailed{&bp};
    return cl::Kernel(bp.program, name.c_str());
  }

  // Runs K over GLOBAL work-items in groups of LOCAL (0: the device's
  // choice) with argument PIPE_ARG the pipe and the buffers given; returns
  // the buffers' contents.
  std::vector<std::vector<uint8_t>> launch(cl::Kernel& k, cl_mem p, unsigned pipe_arg,
                                           std::vector<std::vector<uint8_t>> buffers, size_t global, size_t local = 0) {
    std::vector<cl::Buffer> bufs;
    unsigned arg = 0;
    for (size_t i = 0; i <= buffers.size(); ++i) {
      if (arg == pipe_arg) {
        if (clSetKernelArg(k(), arg, sizeof(cl_mem), &p) != CL_SUCCESS) throw std::runtime_error("clSetKernelArg(pipe)");
        ++arg;
      }
      if (i == buffers.size()) break;
      bufs.emplace_back(run_.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, buffers[i].size(),
                        buffers[i].data());
      k.setArg(arg++, bufs.back());
    }
    run_.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global),
                                            local ? cl::NDRange(local) : cl::NullRange);
    for (size_t i = 0; i < bufs.size(); ++i)
      run_.session.queue.enqueueReadBuffer(bufs[i], CL_TRUE, 0, buffers[i].size(), buffers[i].data());
    return buffers;
  }

  std::vector<uint8_t> packets(uint32_t first, uint32_t n) const {
    std::vector<uint8_t> b;
    for (uint32_t u = first; u < first + n; ++u) {
      const auto one = packet_bytes(t_, u, seed_);
      b.insert(b.end(), one.begin(), one.end());
    }
    return b;
  }

  long number(const std::vector<uint8_t>& out, size_t i) const {
    return packet_number(t_, &out[i * t_.bytes], packets_, seed_);
  }

  void fail(size_t index, const std::string& what, const std::string& got, const std::string& want,
            const std::string& edge) {
    Mismatch m;
    m.index = index;
    m.output = got;
    m.expected = want;
    m.note = what;
    m.edge = edge;
    m.kind = "wrong_value";
    m.score = 1;
    run_.result.fail(std::move(m));
  }

  void expect(bool ok, size_t index, const std::string& what, const std::string& got, const std::string& want,
              const std::string& edge) {
    if (ok) run_.result.pass();
    else fail(index, what, got, want, edge);
  }

  ~PipeRun() {
    for (auto& [p, own] : pipes_)
      if (own) clReleaseMemObject(p);
  }

 private:
  CaseRun& run_;
  PacketType t_;
  uint32_t packets_;
  uint64_t seed_;
  std::vector<std::pair<cl_mem, bool>> pipes_;
};

std::vector<int32_t> ints(const std::vector<uint8_t>& b) {
  std::vector<int32_t> v(b.size() / 4);
  std::memcpy(v.data(), b.data(), v.size() * 4);
  return v;
}

std::vector<uint8_t> fill(size_t bytes) { return std::vector<uint8_t>(bytes, 0xA5); }

// Every read packet number SEEN counted: each of the WANT packets must come
// exactly once, and nothing else.
void exactly_once(PipeRun& pr, const std::vector<long>& seen, const std::vector<uint32_t>& want, const std::string& form) {
  std::map<long, size_t> count;
  for (long u : seen) ++count[u];
  for (uint32_t u : want) {
    const size_t c = count.count(long(u)) ? count[long(u)] : 0;
    pr.expect(c == 1, u, form + ": packet " + std::to_string(u) + " read " + std::to_string(c) + " times", std::to_string(c),
              "1", "packet read once");
    count.erase(long(u));
  }
  for (const auto& [u, c] : count) {
    pr.fail(size_t(u < 0 ? 0 : u), form + (u < 0 ? ": a read packet whose bytes are no packet written"
                                                 : ": packet " + std::to_string(u) + " read but not written"),
            std::to_string(c) + " reads", "none", "packet read once");
  }
}

void check(CaseRun& run) {
  const json::Value& p = run.c.params;
  const PacketType t = packet_type(p);
  const std::string form = p.at("form").as_string();
  const uint32_t n = uint32_t(p.at("packets").as_uint()), k = uint32_t(p.at("reserve").as_uint());
  const size_t local = p.at("local").as_uint();
  const uint64_t seed = run.opts.seed ^ case_stream(run.c.id);
  PipeRun pr(run, t, n, seed);
  std::string detail;
  std::vector<uint32_t> all(n);
  for (uint32_t u = 0; u < n; ++u) all[u] = u;

  if (form == "basic" || form == "query") {
    cl_mem pipe = pr.pipe(n);
    cl::Kernel w = pr.kernel("w_basic"), r = pr.kernel("r_basic");
    auto wout = pr.launch(w, pipe, 1, {pr.packets(0, n), fill(n * 4)}, n);
    const auto wrc = ints(wout[1]);
    for (uint32_t g = 0; g < n; ++g)
      pr.expect(wrc[g] == 0, g, "write_pipe into a pipe with room", std::to_string(wrc[g]), "0", "write return");
    if (form == "query") {
      cl::Kernel q = pr.kernel("query"), qw = pr.kernel("query_w");
      for (cl::Kernel* kq : {&q, &qw}) {
        const auto qo = ints(pr.launch(*kq, pipe, 0, {fill(8)}, 1)[0]);
        const std::string via = kq == &q ? " (read_only pipe)" : " (write_only pipe)";
        pr.expect(uint32_t(qo[0]) == n, 0, "get_pipe_max_packets" + via, std::to_string(uint32_t(qo[0])),
                  std::to_string(n), "get_pipe_max_packets");
        pr.expect(uint32_t(qo[1]) == n, 0, "get_pipe_num_packets after " + std::to_string(n) + " writes" + via,
                  std::to_string(uint32_t(qo[1])), std::to_string(n), "get_pipe_num_packets");
      }
    }
    // More readers than packets: the surplus reads find the pipe empty.
    const size_t readers = n + 16;
    auto rout = pr.launch(r, pipe, 0, {fill(readers * t.bytes), fill(readers * 4)}, readers);
    const auto rrc = ints(rout[1]);
    std::vector<long> seen;
    size_t empty = 0;
    for (size_t g = 0; g < readers; ++g) {
      if (rrc[g] == 0) seen.push_back(pr.number(rout[0], g));
      else if (rrc[g] < 0) ++empty;
      else pr.fail(g, "read_pipe returned a positive value", std::to_string(rrc[g]), "0 or negative", "read return");
    }
    pr.expect(empty == readers - n, 0, "read_pipe of an empty pipe must return a negative value (" +
              std::to_string(readers) + " reads of " + std::to_string(n) + " packets)", std::to_string(empty) + " negative",
              std::to_string(readers - n) + " negative", "read of an empty pipe");
    exactly_once(pr, seen, all, "write_pipe then read_pipe");
    if (form == "query") {
      cl::Kernel q = pr.kernel("query");
      const auto qo = ints(pr.launch(q, pipe, 0, {fill(8)}, 1)[0]);
      pr.expect(qo[1] == 0, 0, "get_pipe_num_packets after every packet was read", std::to_string(uint32_t(qo[1])), "0",
                "get_pipe_num_packets");
      detail = "get_pipe_max_packets and get_pipe_num_packets through read_only and write_only pipes";
    } else {
      // A pipe of half the writers: half the writes must find it full.
      cl_mem half = pr.pipe(n / 2);
      auto hout = pr.launch(w, half, 1, {pr.packets(0, n), fill(n * 4)}, n);
      const auto hrc = ints(hout[1]);
      std::vector<uint32_t> written;
      for (uint32_t g = 0; g < n; ++g) {
        if (hrc[g] == 0) written.push_back(g);
        else if (hrc[g] > 0) pr.fail(g, "write_pipe returned a positive value", std::to_string(hrc[g]), "0 or negative", "write return");
      }
      pr.expect(written.size() == n / 2, 0, "write_pipe into a full pipe must return a negative value (" +
                std::to_string(n) + " writes into a pipe of " + std::to_string(n / 2) + ")",
                std::to_string(written.size()) + " succeeded", std::to_string(n / 2) + " succeeded", "write of a full pipe");
      const size_t r2 = n / 2 + 8;
      auto r2out = pr.launch(r, half, 0, {fill(r2 * t.bytes), fill(r2 * 4)}, r2);
      const auto r2rc = ints(r2out[1]);
      std::vector<long> seen2;
      for (size_t g = 0; g < r2; ++g)
        if (r2rc[g] == 0) seen2.push_back(pr.number(r2out[0], g));
      exactly_once(pr, seen2, written, "write_pipe into a full pipe then read_pipe");
      detail = "write_pipe and read_pipe: " + std::to_string(n) + " packets, " + std::to_string(readers - n) +
               " reads of the empty pipe, " + std::to_string(n) + " writes into a pipe of " + std::to_string(n / 2);
    }
  } else if (form == "reserve") {
    cl_mem pipe = pr.pipe(n);
    cl::Kernel w = pr.kernel("w_reserve"), r = pr.kernel("r_reserve");
    const uint32_t items = n / k;
    const auto wrc = ints(pr.launch(w, pipe, 1, {pr.packets(0, n), fill(items * (k + 1) * 4)}, items)[1]);
    auto rout = pr.launch(r, pipe, 0, {fill(n * t.bytes), fill(items * (k + 1) * 4)}, items);
    const auto rrc = ints(rout[1]);
    std::vector<long> seen;
    for (uint32_t g = 0; g < items; ++g) {
      pr.expect(wrc[(k + 1) * g] == 1, g, "reserve_write_pipe of " + std::to_string(k) + " in a pipe with room must be valid",
                std::to_string(wrc[(k + 1) * g]), "1", "reserve return");
      pr.expect(rrc[(k + 1) * g] == 1, g, "reserve_read_pipe of " + std::to_string(k) + " committed packets must be valid",
                std::to_string(rrc[(k + 1) * g]), "1", "reserve return");
      for (uint32_t i = 0; i < k; ++i) {
        pr.expect(wrc[(k + 1) * g + 1 + i] == 0, g, "write_pipe into a reservation", std::to_string(wrc[(k + 1) * g + 1 + i]), "0",
                  "write return");
        pr.expect(rrc[(k + 1) * g + 1 + i] == 0, g, "read_pipe from a reservation", std::to_string(rrc[(k + 1) * g + 1 + i]), "0",
                  "read return");
      }
      // The read reservation holds one write reservation's packets, index i from index i.
      std::vector<long> got(k);
      for (uint32_t i = 0; i < k; ++i) got[i] = pr.number(rout[0], size_t(g) * k + i);
      seen.insert(seen.end(), got.begin(), got.end());
      const long base = got[0] >= 0 ? got[0] - got[0] % long(k) : -1;
      bool same = base >= 0;
      for (uint32_t i = 0; i < k && same; ++i) same = got[i] == base + long(i);
      std::string text;
      for (long u : got) text += (text.empty() ? "" : " ") + std::to_string(u);
      pr.expect(same, g, "read reservation " + std::to_string(g) + ": its " + std::to_string(k) +
                " packets must be one write reservation's, at the indices written", text,
                base >= 0 ? std::to_string(base) + " .. " + std::to_string(base + k - 1) : "k w + 0 .. k w + " + std::to_string(k - 1),
                "reservation index");
    }
    exactly_once(pr, seen, all, "reserved writes then reserved reads");
    detail = std::to_string(items) + " work-items reserving " + std::to_string(k) +
             " packets each for writing (written in reverse index order) and for reading";
  } else {
    // work_group and sub_group: a reservation per work-group or sub-group.
    const bool sub = form == "sub_group";
    cl_mem pipe = pr.pipe(n);
    cl::Kernel w = pr.kernel("w_" + form), r = pr.kernel("r_" + form);
    if (!run.local_size_fits(w, local) || !run.local_size_fits(r, local)) return;
    std::vector<std::vector<uint8_t>> wb = {pr.packets(0, n), fill(n * 8)}, rb = {fill(n * t.bytes), fill(n * 8)};
    if (sub) {
      wb.push_back(fill(n * 12));
      rb.push_back(fill(n * 12));
    }
    const auto wout = pr.launch(w, pipe, 1, wb, n, local);
    auto rout = pr.launch(r, pipe, 0, rb, n, local);
    const auto wrc = ints(wout[1]), rrc = ints(rout[1]);
    std::vector<uint32_t> wid, rid;  // per work-item: its sub-group's size, its local id in it, the sub-group id
    if (sub) {
      const auto a = ints(wout[2]), b = ints(rout[2]);
      wid.assign(a.begin(), a.end());
      rid.assign(b.begin(), b.end());
    }
    // A block: the work-items of one reservation, as (block key, index in it).
    const auto block_of = [&](const std::vector<uint32_t>& ids, uint32_t g) -> std::pair<uint32_t, uint32_t> {
      if (!sub) return {g / uint32_t(local), g % uint32_t(local)};
      return {g / uint32_t(local) * 1024 + ids[3 * g + 2], ids[3 * g + 1]};  // (work-group, sub-group id)
    };
    bool aligned = true;
    for (uint32_t g = 0; g < n && sub; ++g) aligned = aligned && wid[3 * g] == rid[3 * g];
    std::vector<long> seen;
    std::map<uint32_t, std::vector<std::pair<uint32_t, long>>> read_blocks;
    for (uint32_t g = 0; g < n; ++g) {
      pr.expect(wrc[2 * g] == 1, g, form + "_reserve_write_pipe in a pipe with room must be valid", std::to_string(wrc[2 * g]), "1",
                "reserve return");
      pr.expect(rrc[2 * g] == 1, g, form + "_reserve_read_pipe of committed packets must be valid", std::to_string(rrc[2 * g]), "1",
                "reserve return");
      pr.expect(wrc[2 * g + 1] == 0, g, "write_pipe into a " + form + " reservation", std::to_string(wrc[2 * g + 1]), "0",
                "write return");
      pr.expect(rrc[2 * g + 1] == 0, g, "read_pipe from a " + form + " reservation", std::to_string(rrc[2 * g + 1]), "0",
                "read return");
      const long u = pr.number(rout[0], g);
      seen.push_back(u);
      const auto [key, index] = block_of(rid, g);
      read_blocks[key].push_back({index, u});
    }
    exactly_once(pr, seen, all, form + " reservations");
    // Each read reservation holds one write reservation's packets, index i
    // from index i (packet u was written by work-item u at its block index).
    if (aligned) {
      for (const auto& [key, items] : read_blocks) {
        long writer = -1;
        bool same = true;
        for (const auto& [index, u] : items) {
          if (u < 0) {
            same = false;
            break;
          }
          const auto [wkey, windex] = block_of(wid, uint32_t(u));
          if (writer < 0) writer = long(wkey);
          same = same && long(wkey) == writer && windex == index;
        }
        pr.expect(same, key, form + " read reservation " + std::to_string(key) +
                  ": its packets must be one write reservation's, at the indices written",
                  same ? "" : "packets of other reservations or indices", "one reservation, index i from index i",
                  "reservation index");
      }
    }
    detail = std::to_string(n / local) + " work-groups of " + std::to_string(local) + ", one " + form +
             " reservation each for writing and reading" +
             (sub && !aligned ? "; the two kernels' sub-groups differ in size, so reservations were not matched" : "");
  }
  run.result.detail = "pipe of " + t.name + " (" + std::to_string(t.bytes) + "-byte packets): " + detail + "; " +
                      std::to_string(p.at("cases_in_suite").as_uint()) + " cases in the suite";
}

}  // namespace

void register_pipes_checks() { register_check("pipes.check", check); }

}  // namespace clconform::suites
