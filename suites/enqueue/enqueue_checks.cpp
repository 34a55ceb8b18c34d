// The enqueue suite's check (OpenCL C spec 6.15.19, unified numbering): a
// parent kernel enqueues blocks on the device's default queue, which the
// host creates; the host then checks what the children recorded
// (emit_enqueue.py says what each kernel does).
#include <CL/cl.h>

#include <cstring>
#include <string>
#include <vector>

#include "checks.hpp"

namespace clconform::suites {
namespace {

// The default device queue (out of order, as device queues are, with
// profiling for capture_event_profiling_info), kept for the case.
class DeviceQueue {
 public:
  explicit DeviceQueue(CaseRun& run) {
    const cl_queue_properties props[] = {
        CL_QUEUE_PROPERTIES,
        CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT | CL_QUEUE_PROFILING_ENABLE,
        0};
    cl_int err = CL_SUCCESS;
    q_ = clCreateCommandQueueWithProperties(run.session.context(), run.session.handle.device(), props, &err);
    if (err != CL_SUCCESS) throw cl::Error(err, "clCreateCommandQueueWithProperties(CL_QUEUE_ON_DEVICE_DEFAULT)");
  }
  ~DeviceQueue() { clReleaseCommandQueue(q_); }
  DeviceQueue(const DeviceQueue&) = delete;
  DeviceQueue& operator=(const DeviceQueue&) = delete;
  cl_command_queue get() const { return q_; }

 private:
  cl_command_queue q_ = nullptr;
};

std::vector<int32_t> ints(const std::vector<uint8_t>& b) {
  std::vector<int32_t> v(b.size() / 4);
  std::memcpy(v.data(), b.data(), v.size() * 4);
  return v;
}

// Runs the parent kernel over GLOBAL work-items in groups of LOCAL (0: any)
// with the buffers as its arguments from FIRST_ARG on; returns their contents.
std::vector<std::vector<uint8_t>> run_parent(CaseRun& run, cl::Kernel& k, std::vector<std::vector<uint8_t>> bufs,
                                             size_t global, size_t local = 0, unsigned first_arg = 0) {
  std::vector<cl::Buffer> b;
  for (size_t i = 0; i < bufs.size(); ++i) {
    b.emplace_back(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bufs[i].size(), bufs[i].data());
    k.setArg(cl_uint(first_arg + i), b.back());
  }
  run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), local ? cl::NDRange(local) : cl::NullRange);
  // A parent is complete only when its children are, so the reads see them.
  for (size_t i = 0; i < b.size(); ++i) run.session.queue.enqueueReadBuffer(b[i], CL_TRUE, 0, bufs[i].size(), bufs[i].data());
  return bufs;
}

std::vector<uint8_t> zeros(size_t n) { return std::vector<uint8_t>(n * 4, 0); }
std::vector<uint8_t> fill(size_t n) { return std::vector<uint8_t>(n * 4, 0xA5); }

void expect(CaseRun& run, bool ok, size_t index, const std::string& what, const std::string& got, const std::string& want,
            const std::string& edge) {
  if (ok) {
    run.result.pass();
    return;
  }
  Mismatch m;
  m.index = index;
  m.output = got;
  m.expected = want;
  m.note = what;
  m.edge = edge;
  m.kind = "wrong_value";
  m.score = 1;
  run.result.fail(std::move(m));
}

void expect_eq(CaseRun& run, int64_t got, int64_t want, size_t index, const std::string& what, const std::string& edge) {
  expect(run, got == want, index, what, std::to_string(got), std::to_string(want), edge);
}

std::vector<size_t> sizes(const json::Value& v) {
  std::vector<size_t> out;
  if (v.is_null()) return out;
  for (const auto& x : v.as_array()) out.push_back(x.as_uint());
  return out;
}

void check_ndrange(CaseRun& run, cl::Kernel& k) {
  const json::Value& p = run.c.params;
  const auto g = sizes(p.at("global")), l = sizes(p.at("local")), o = sizes(p.at("offset"));
  const size_t hits = p.at("hits").as_uint();
  const auto out = run_parent(run, k, {zeros(hits), fill(3 * hits), fill(4)}, 1);
  const auto h = ints(out[0]), info = ints(out[1]), rc = ints(out[2]);
  expect_eq(run, rc[0], 0, 0, "enqueue_kernel's return (CLK_SUCCESS)", "enqueue return");
  std::vector<bool> in_range(hits, false);
  const size_t dims = g.size();
  for (size_t z = 0; z < (dims > 2 ? g[2] : 1); ++z)
    for (size_t y = 0; y < (dims > 1 ? g[1] : 1); ++y)
      for (size_t x = 0; x < g[0]; ++x) {
        const size_t i = (x + o[0]) + 16 * (dims > 1 ? y + o[1] : 0) + 256 * (dims > 2 ? z + o[2] : 0);
        in_range[i] = true;
        expect_eq(run, h[i], 1, i, "child work-item at global id (" + std::to_string(x + o[0]) +
                  (dims > 1 ? ", " + std::to_string(y + o[1]) : "") + (dims > 2 ? ", " + std::to_string(z + o[2]) : "") +
                  ") must run once", "child ran once");
        for (size_t d = 0; d < 3; ++d) {
          const int64_t ls = info[3 * i + d];
          if (!l.empty()) {
            expect_eq(run, ls, int64_t(d < dims ? l[d] : l[0]), i, "get_local_size(" + std::to_string(d < dims ? d : 0) +
                      ") in the child: the ndrange's local size", "child local size");
          } else {
            expect(run, ls >= 1 && size_t(ls) <= (d < dims ? g[d] : g[0]), i, "get_local_size in the child: within the global size",
                   std::to_string(ls), "1 .. global", "child local size");
          }
        }
      }
  size_t stray = 0;
  for (size_t i = 0; i < hits; ++i) stray += !in_range[i] && h[i] != 0;
  expect_eq(run, int64_t(stray), 0, 0, "child work-items outside the ndrange", "child ran once");
  std::string r;
  for (size_t d = 0; d < dims; ++d) r += (d ? " x " : "") + std::to_string(g[d]);
  run.result.detail = "ndrange_" + std::to_string(dims) + "D over " + r +
                      (l.empty() ? "" : ", local size given") + (p.at("offset").as_array()[0].as_uint() ? ", with an offset" : "");
}

void check(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string kind = p.at("kind").as_string();
  cl::Kernel k = run.kernel();
  DeviceQueue dq(run);
  if (kind == "ndrange") {
    check_ndrange(run, k);
  } else if (kind == "flags") {
    const std::string flag = p.at("flag").as_string();
    if (flag == "wait_work_group") {
      if (!run.local_size_fits(k, 8)) return;
      const auto out = run_parent(run, k, {zeros(32), fill(4), fill(4)}, 32, 8);
      const auto seen = ints(out[1]), rc = ints(out[2]);
      for (size_t grp = 0; grp < 4; ++grp) {
        expect_eq(run, rc[grp], 0, grp, "enqueue_kernel's return (CLK_SUCCESS)", "enqueue return");
        expect_eq(run, seen[grp], 8, grp, "a WAIT_WORK_GROUP child must see the marks its whole work-group set after the enqueue",
                  "dependency");
      }
    } else {
      const auto out = run_parent(run, k, {zeros(1), zeros(1), fill(1)}, 1);
      expect_eq(run, ints(out[2])[0], 0, 0, "enqueue_kernel's return (CLK_SUCCESS)", "enqueue return");
      expect_eq(run, ints(out[1])[0], 1, 0,
                flag == "wait_kernel" ? "a WAIT_KERNEL child must see what the parent wrote after enqueuing it"
                                      : "the NO_WAIT child must run once",
                flag == "wait_kernel" ? "dependency" : "child ran once");
    }
    run.result.detail = "CLK_ENQUEUE_FLAGS_" + std::string(flag == "no_wait" ? "NO_WAIT" : flag == "wait_kernel" ? "WAIT_KERNEL" : "WAIT_WORK_GROUP");
  } else if (kind == "events") {
    const auto out = run_parent(run, k, {fill(16), fill(33), fill(8), fill(4)}, 1);
    const auto data = ints(out[0]), o = ints(out[1]), rc = ints(out[2]);
    uint64_t prof[2];
    std::memcpy(prof, out[3].data(), 16);
    for (int i : {0, 1, 3, 5}) expect_eq(run, rc[i], 0, i, "enqueue_kernel's return (CLK_SUCCESS)", "enqueue return");
    expect_eq(run, rc[2], 0, 2, "enqueue_marker's return (CLK_SUCCESS)", "enqueue return");
    expect_eq(run, rc[4], 1, 4, "is_valid_event of a user event", "is_valid_event");
    expect_eq(run, rc[6], 1, 6, "is_valid_event of an enqueue_kernel event", "is_valid_event");
    for (int i = 0; i < 16; ++i) {
      expect_eq(run, data[i], 3 * i + 1, i, "the first child's result", "child result");
      expect_eq(run, o[i], 2 * (3 * i + 1), i, "a child waiting on the first one's event must see its result", "dependency");
      expect_eq(run, o[16 + i], 3 * (3 * i + 1), i, "a child waiting on the marker must see both children's results", "dependency");
    }
    expect_eq(run, o[32], 77, 32, "a child waiting on a user event set to CL_COMPLETE must run", "user event");
    const uint64_t fill64 = 0xA5A5A5A5A5A5A5A5ull;
    expect(run, prof[0] != fill64 && prof[1] != fill64 && prof[1] >= prof[0], 0,
           "capture_event_profiling_info: end - start, then complete - start (at least as long)",
           std::to_string(prof[0]) + ", " + std::to_string(prof[1]), "two values, the second >= the first", "profiling");
    run.result.detail = "event dependencies, enqueue_marker, a user event, retain and release, profiling";
  } else if (kind == "local_args") {
    const auto out = run_parent(run, k, {fill(128), fill(2)}, 1);
    const auto o = ints(out[0]), rc = ints(out[1]);
    expect_eq(run, rc[0], 0, 0, "enqueue_kernel's return with local arguments", "enqueue return");
    expect_eq(run, rc[1], 0, 1, "enqueue_kernel's return with events and a local argument", "enqueue return");
    for (int g = 0; g < 64; ++g) {
      const int l = g % 16, base = g - l;
      expect_eq(run, o[g], (base + 15 - l) + 2 * (base + (l + 1) % 16), g, "two local arrays of a block, read across", "local arguments");
      expect_eq(run, o[64 + g], 5 * (base + (l + 3) % 16), g, "a local array of a block enqueued with events", "local arguments");
    }
    run.result.detail = "blocks with one and two local pointer arguments (16 ints each), with and without events";
  } else if (kind == "queue_arg") {
    cl_command_queue q = dq.get();
    if (clSetKernelArg(k(), 0, sizeof(cl_command_queue), &q) != CL_SUCCESS) throw std::runtime_error("clSetKernelArg(queue_t)");
    const auto out = run_parent(run, k, {zeros(64), fill(1)}, 1, 0, 1);
    const auto h = ints(out[0]);
    expect_eq(run, ints(out[1])[0], 0, 0, "enqueue_kernel's return (CLK_SUCCESS)", "enqueue return");
    for (int i = 0; i < 64; ++i) expect_eq(run, h[i], i < 32 ? 1 : 0, i, "child work-items on the queue_t argument", "child ran once");
    run.result.detail = "enqueue_kernel on a queue_t kernel argument (the host's device queue)";
  } else if (kind == "queries") {
    const auto q = ints(run_parent(run, k, {fill(2)}, 1)[0]);
    const int64_t max_wg = int64_t(run.device().max_work_group_size);
    expect(run, q[0] >= 1 && q[0] <= max_wg, 0, "get_kernel_work_group_size of a block: 1 .. CL_DEVICE_MAX_WORK_GROUP_SIZE",
           std::to_string(q[0]), "1 .. " + std::to_string(max_wg), "get_kernel_work_group_size");
    expect(run, q[1] >= 1 && q[1] <= q[0], 0, "get_kernel_preferred_work_group_size_multiple: 1 .. the work-group size",
           std::to_string(q[1]), "1 .. " + std::to_string(q[0]), "get_kernel_preferred_work_group_size_multiple");
    run.result.detail = "block work-group size " + std::to_string(q[0]) + ", preferred multiple " + std::to_string(q[1]);
  } else if (kind == "sub_group_queries") {
    const auto q = ints(run_parent(run, k, {fill(2)}, 1)[0]);
    // ndrange_1D(64, 16): sub-groups of at most 16, and enough of them to hold 16 work-items.
    expect(run, q[0] >= 1 && q[0] <= 16, 0, "get_kernel_max_sub_group_size_for_ndrange for work-groups of 16",
           std::to_string(q[0]), "1 .. 16", "get_kernel_max_sub_group_size_for_ndrange");
    expect(run, q[0] >= 1 && q[1] >= (16 + q[0] - 1) / q[0] && q[1] <= 16, 0,
           "get_kernel_sub_group_count_for_ndrange for work-groups of 16", std::to_string(q[1]),
           "ceil(16 / max size) .. 16", "get_kernel_sub_group_count_for_ndrange");
    run.result.detail = "max sub-group size " + std::to_string(q[0]) + ", sub-group count " + std::to_string(q[1]);
  } else {
    throw std::runtime_error("manifest: unknown enqueue kind " + kind);
  }
  run.result.detail += "; " + std::to_string(p.at("cases_in_suite").as_uint()) + " cases in the suite";
}

}  // namespace

void register_enqueue_checks() { register_check("enqueue.check", check); }

}  // namespace clconform::suites
