// The workitem suite's check: one NDRange launch per case, every work-item
// recording every work-item function at every dimension index; the host
// matches records to work-items by their reported global ids and compares
// each value with reference/ndrange.hpp's (OpenCL C 3.0 spec 6.15.1).
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "reference/ndrange.hpp"

namespace clconform::suites {
namespace {

using ref::NDRangeDesc;

std::vector<std::string> strings(const json::Value& v) {
  std::vector<std::string> out;
  for (const auto& s : v.as_array()) out.push_back(s.as_string());
  return out;
}

cl::NDRange ndrange(unsigned dims, const std::array<uint64_t, 3>& v) {
  if (dims == 1) return cl::NDRange(v[0]);
  if (dims == 2) return cl::NDRange(v[0], v[1]);
  return cl::NDRange(v[0], v[1], v[2]);
}

std::string tuple(unsigned dims, const std::array<uint64_t, 3>& v) {
  std::string s = "(";
  for (unsigned i = 0; i < dims; ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

// A wrong size_t or uint (read as ulong), with the dimension index it was
// asked about as the input where there is one. EDGE names the values 6.15.1
// fixes for indices at or beyond get_work_dim(), so that a known-failure
// entry can describe exactly those.
Mismatch wrong(uint64_t index, int lane, const std::string& where, uint64_t got, uint64_t want,
               const std::string& what, std::vector<uint64_t> inputs = {}, std::string edge = "") {
  Mismatch m;
  m.index = index;
  m.lane = lane;
  m.inputs = {where};
  m.output = std::to_string(got);
  m.expected = std::to_string(want);
  m.note = what;
  m.score = 1;
  m.bits = WrongBits{'u', 'u', 4, 8, 1, std::move(inputs), got, want};
  m.edge = std::move(edge);
  return m;
}

// "get_global_size(dimindx>=3)" for an index no NDRange has, and
// "get_global_size(dimindx>=work_dim)" for one beyond this NDRange's.
std::string beyond_edge(const std::string& query, uint64_t d, unsigned dims) {
  if (d >= 3) return query + "(dimindx>=3)";
  if (d >= dims) return query + "(dimindx>=work_dim)";
  return "";
}

// A local size the kernel or the device cannot run is not a defect: the
// case is reported unsupported with the limit (OpenCL API spec,
// clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE, CL_INVALID_WORK_ITEM_SIZE).
std::string local_size_limit(CaseRun& run, cl::Kernel& k, const NDRangeDesc& r) {
  const cl::Device& dev = run.session.handle.device;
  const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(dev);
  const std::vector<size_t> item_max = dev.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
  uint64_t product = 1;
  for (unsigned i = 0; i < r.dims; ++i) {
    product *= r.local[i];
    if (i < item_max.size() && r.local[i] > item_max[i]) {
      return "local size " + std::to_string(r.local[i]) + " in dimension " + std::to_string(i) +
             " exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES " + std::to_string(item_max[i]);
    }
  }
  if (product > kernel_max) {
    return "work-group of " + std::to_string(product) + " exceeds the kernel's CL_KERNEL_WORK_GROUP_SIZE " +
           std::to_string(kernel_max);
  }
  return "";
}

void check_ndrange(CaseRun& run) {
  const json::Value& p = run.c.params;
  NDRangeDesc r;
  r.dims = unsigned(p.at("dims").as_uint());
  const bool auto_local = p.at("local").is_null();
  for (unsigned i = 0; i < r.dims; ++i) {
    r.global[i] = p.at("global").as_array()[i].as_uint();
    r.offset[i] = p.at("offset").as_array()[i].as_uint();
    if (!auto_local) r.local[i] = p.at("local").as_array()[i].as_uint();
  }
  std::vector<uint32_t> dim_indices;
  for (const auto& d : p.at("dim_indices").as_array()) dim_indices.push_back(uint32_t(d.as_uint()));
  const std::vector<std::string> scalars = strings(p.at("scalars")), queries = strings(p.at("queries"));
  const size_t per_item = p.at("values_per_item").as_uint();
  const size_t n = p.at("work_items").as_uint();
  if (per_item != scalars.size() + queries.size() * dim_indices.size()) throw std::runtime_error("inconsistent manifest");

  cl::Kernel k = run.kernel();
  if (!auto_local) {
    std::string limit = local_size_limit(run, k, r);
    if (!limit.empty()) {
      run.result.status = "unsupported";
      run.result.detail = limit;
      return;
    }
  }
  cl::Context& ctx = run.session.context;
  cl::CommandQueue& q = run.session.queue;
  cl::Buffer dims_buf(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, dim_indices.size() * 4, dim_indices.data());
  uint32_t counter = 0;
  cl::Buffer counter_buf(ctx, cl_mem_flags(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR), sizeof counter, &counter);
  std::vector<uint64_t> out(n * per_item, 0xA5A5A5A5A5A5A5A5ull);
  // One spare record: a device that runs more work-items than asked for
  // writes there instead of beyond the buffer (seen through the counter).
  cl::Buffer out_buf(ctx, CL_MEM_READ_WRITE, (n + 1) * per_item * 8);
  q.enqueueWriteBuffer(out_buf, CL_TRUE, 0, out.size() * 8, out.data());
  k.setArg(0, dims_buf);
  k.setArg(1, counter_buf);
  k.setArg(2, out_buf);
  q.enqueueNDRangeKernel(k, ndrange(r.dims, r.offset), ndrange(r.dims, r.global),
                         auto_local ? cl::NullRange : ndrange(r.dims, r.local));
  q.enqueueReadBuffer(counter_buf, CL_TRUE, 0, 4, &counter);
  q.enqueueReadBuffer(out_buf, CL_TRUE, 0, out.size() * 8, out.data());

  // Where each query of dimension index D sits in a record.
  auto field = [&](const uint64_t* rec, size_t qi, size_t di) { return rec[scalars.size() + di * queries.size() + qi]; };
  const size_t q_local = std::find(queries.begin(), queries.end(), "get_local_size") - queries.begin();
  const size_t q_gid = std::find(queries.begin(), queries.end(), "get_global_id") - queries.begin();

  const size_t records = std::min<size_t>(counter, n);
  if (counter != n) {
    run.result.fail(wrong(0, -1, "NDRange " + tuple(r.dims, r.global), counter, n, "work-items that ran"));
  } else {
    run.result.pass();
  }
  if (auto_local && records > 0) {
    // The implementation chose the local size (6.15.1, get_local_size); a
    // kernel built as OpenCL C 1.x runs uniform work-groups only, so the
    // choice must divide the global size. Every record is then compared
    // against the first one's choice.
    for (unsigned i = 0; i < r.dims; ++i) {
      r.local[i] = field(out.data(), q_local, i);
      if (r.local[i] == 0 || r.global[i] % r.local[i] != 0) {
        run.result.fail(wrong(0, int(i), "NDRange " + tuple(r.dims, r.global), r.local[i], r.global[i],
                              "get_local_size(" + std::to_string(i) + ") chosen by the implementation must divide "
                              "the global size"));
        return;
      }
    }
  }

  std::vector<bool> seen(n, false);
  for (size_t s = 0; s < records; ++s) {
    const uint64_t* rec = out.data() + s * per_item;
    std::array<uint64_t, 3> x{0, 0, 0};
    bool in_range = true;
    for (unsigned i = 0; i < r.dims; ++i) {
      const uint64_t g = field(rec, q_gid, i);
      x[i] = g - r.offset[i];
      if (g < r.offset[i] || x[i] >= r.global[i]) {
        run.result.fail(wrong(s, int(i), "record " + std::to_string(s), g, r.offset[i],
                              "get_global_id(" + std::to_string(i) + ") outside [offset, offset + global size)"));
        in_range = false;
      }
    }
    if (!in_range) continue;
    const uint64_t lin = x[0] + r.global[0] * (x[1] + r.global[1] * x[2]);
    if (seen[lin]) {
      run.result.fail(wrong(lin, -1, "global id " + tuple(r.dims, x), 2, 1, "records of one work-item"));
      continue;
    }
    seen[lin] = true;
    std::array<uint64_t, 3> gid{x[0] + r.offset[0], x[1] + r.offset[1], x[2] + r.offset[2]};
    const std::string where = "global id " + tuple(r.dims, gid);
    for (size_t si = 0; si < scalars.size(); ++si) {
      const uint64_t want = ref::expected_scalar(r, x, scalars[si]);
      if (rec[si] == want) run.result.pass();
      else run.result.fail(wrong(lin, int(si), where, rec[si], want, scalars[si] + "()"));
    }
    for (size_t di = 0; di < dim_indices.size(); ++di) {
      for (size_t qi = 0; qi < queries.size(); ++qi) {
        const uint64_t got = field(rec, qi, di), want = ref::expected_query(r, x, queries[qi], dim_indices[di]);
        const int lane = int(scalars.size() + di * queries.size() + qi);
        if (got == want) run.result.pass();
        else {
          run.result.fail(wrong(lin, lane, where, got, want, queries[qi] + "(" + std::to_string(dim_indices[di]) + ")",
                                {dim_indices[di]}, beyond_edge(queries[qi], dim_indices[di], r.dims)));
        }
      }
    }
  }
  size_t missing = 0;
  for (size_t i = 0; i < n; ++i) missing += !seen[i];
  if (missing && counter == n) {
    run.result.fail(wrong(0, -1, "NDRange " + tuple(r.dims, r.global), n - missing, n, "distinct work-items recorded"));
  }
  run.result.detail = std::to_string(r.dims) + "-D NDRange global " + tuple(r.dims, r.global) + " local " +
                      (auto_local ? "chosen " : "") + tuple(r.dims, r.local) + " offset " + tuple(r.dims, r.offset) +
                      ": " + std::to_string(n) + " work-items x " + std::to_string(per_item) + " values = " +
                      std::to_string(n * per_item) + " values (" + std::to_string(scalars.size()) + " functions + " +
                      std::to_string(queries.size()) + " queries x " + std::to_string(dim_indices.size()) +
                      " dimension indices)";
}

}  // namespace

void register_workitem_checks() { register_check("workitem.ndrange", check_ndrange); }

}  // namespace clconform::suites
