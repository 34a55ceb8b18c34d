// The subgroups suite's checks (OpenCL C 3.0 spec 6.15.19 and 6.15.1's
// sub-group queries). The implementation chooses how work-items form
// sub-groups (OpenCL API spec 3.2.2, "Mapping work-items onto an NDRange"),
// so every kernel records each work-item's sub-group id, local id and size;
// the host checks that they partition each work-group as the API spec
// requires (ids 0 .. get_num_sub_groups() - 1, local ids 0 .. n - 1, every
// sub-group the same size but the one of the highest id, which may be
// smaller) and computes each expected value from the sub-groups formed.
#include <CL/cl.h>

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "collective/collective_run.hpp"
#include "collective/sub_group_partition.hpp"
#include "inputs.hpp"

namespace clconform::suites {
namespace {

using namespace collective;

std::vector<uint64_t> run_shape(CaseRun& run, cl::Kernel& k, const Shape& s, const std::vector<uint64_t>& in,
                                unsigned bytes, std::vector<uint64_t>& ids) {
  auto outs = launch(run, k, pack(in, bytes), {s.items() * bytes, s.items() * 3 * 4}, s);
  ids = unpack(outs[1], 4);
  return unpack(outs[0], bytes);
}

void finish_detail(CaseRun& run, const std::vector<Shape>& shapes, const std::string& what, size_t sub_groups_seen) {
  std::string d = what + " over " + std::to_string(shapes.size()) + " NDRanges (";
  for (size_t i = 0; i < shapes.size(); ++i) d += (i ? "; " : "") + shapes[i].text();
  d += "), " + std::to_string(sub_groups_seen) + " sub-groups: " + std::to_string(run.c.params.at("values").as_uint()) +
       " results, and each work-item's sub-group id, local id and size; " + std::to_string(run.c.params.at("cases_in_suite").as_uint()) + " cases in the suite";
  run.result.detail = d;
}

void check_collective(CaseRun& run) {
  const json::Value& p = run.c.params;
  const auto [t, kind, op, fn, exp_range] = collective_params(p);
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  size_t seen = 0;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    const std::vector<uint64_t> in =
        make_inputs(p.at("inputs").as_string(), t, exp_range, run.opts.seed, case_stream(run.c.id) + si, s.items());
    std::vector<uint64_t> ids;
    const std::vector<uint64_t> out = run_shape(run, k, s, in, t.bytes, ids);
    for (const SubGroup& sg : sub_groups(run, si, s, ids)) {
      ++seen;
      std::vector<uint64_t> xs;
      for (size_t g : sg.members) xs.push_back(in[g]);
      const std::vector<ref::Accepted> want = ref::collective_expected(kind, op, t, xs);
      for (size_t i = 0; i < sg.members.size(); ++i) {
        const size_t g = sg.members[i];
        if (want[i].accepts(t, out[g])) {
          run.result.pass();
          continue;
        }
        std::string note = fn + " in a sub-group of " + std::to_string(sg.members.size());
        if (want[i].interval) {
          note += "; accepted: any value in [" + std::to_string(want[i].lo) + ", " + std::to_string(want[i].hi) +
                  "] (any order of the additions; expected shows the value nearest the exact sum)";
        }
        run.result.fail(wrong(t, si, g, where(s, sg.group, sg.id, i, g), in[g], out[g], want[i].bits, note));
      }
    }
  }
  finish_detail(run, sh, fn + " on " + p.at("type").as_string(), seen);
}

void check_broadcast(CaseRun& run) {
  const json::Value& p = run.c.params;
  const ref::ElemType t = elem_type(p);
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  const uint64_t mul = p.at("source").at("mul").as_uint(), add = p.at("source").at("add").as_uint();
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  size_t seen = 0;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    const std::vector<uint64_t> in =
        make_inputs(p.at("inputs").as_string(), t, 0, run.opts.seed, case_stream(run.c.id) + si, s.items());
    std::vector<uint64_t> ids;
    const std::vector<uint64_t> out = run_shape(run, k, s, in, t.bytes, ids);
    for (const SubGroup& sg : sub_groups(run, si, s, ids)) {
      ++seen;
      const size_t src = (sg.id * mul + add) % sg.members.size();
      const uint64_t want = in[sg.members[src]];
      for (size_t i = 0; i < sg.members.size(); ++i) {
        const size_t g = sg.members[i];
        if (out[g] == want) run.result.pass();
        else
          run.result.fail(wrong(t, si, g, where(s, sg.group, sg.id, i, g), in[g], out[g], want,
                                "sub_group_broadcast from sub-group local id " + std::to_string(src)));
      }
    }
  }
  finish_detail(run, sh, "sub_group_broadcast on " + p.at("type").as_string(), seen);
}

// The predicate the vote kernels compute (emit_subgroups.py VOTE_PATTERN).
int64_t predicate(size_t group, uint32_t s, size_t l, size_t n, int64_t v) {
  switch ((group + s) % 4) {
    case 0: return v;
    case 1: return 0;
    case 2: return l == (s * 3 + 1) % n ? 0 : v;
    default: return l == (s * 5 + 2) % n ? v : 0;
  }
}

void check_vote(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string fn = p.at("function").as_string();
  const bool all = fn == "sub_group_all";
  const ref::ElemType t{'i', 4};
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  size_t seen = 0;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    const std::vector<uint64_t> in = make_inputs("vote", t, 0, run.opts.seed, case_stream(run.c.id) + si, s.items());
    std::vector<uint64_t> ids;
    const std::vector<uint64_t> out = run_shape(run, k, s, in, 4, ids);
    for (const SubGroup& sg : sub_groups(run, si, s, ids)) {
      ++seen;
      const size_t n = sg.members.size();
      bool any = false, every = true;
      for (size_t l = 0; l < n; ++l) {
        const bool on = predicate(sg.group, sg.id, l, n, int32_t(in[sg.members[l]])) != 0;
        any = any || on;
        every = every && on;
      }
      const bool want = all ? every : any;
      for (size_t l = 0; l < n; ++l) {
        const size_t g = sg.members[l];
        if ((out[g] != 0) == want) run.result.pass();
        else {
          static const char* names[] = {"all non-zero", "all zero", "one zero", "one non-zero"};
          run.result.fail(wrong(t, si, g, where(s, sg.group, sg.id, l, g), in[g], out[g], want ? 1 : 0,
                                fn + " with predicates " + names[(sg.group + sg.id) % 4] + " must return " +
                                    (want ? "non-zero" : "0")));
        }
      }
    }
  }
  finish_detail(run, sh, fn, seen);
}

// sub_group_barrier: each work-item reads the value its sub-group neighbour
// (local id + 1 mod n) stored in local memory before the barrier.
void check_barrier(CaseRun& run) {
  const json::Value& p = run.c.params;
  const ref::ElemType t{'u', 4};
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  size_t seen = 0;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    const std::vector<uint64_t> in = make_inputs("int_full", t, 0, run.opts.seed, case_stream(run.c.id) + si, s.items());
    std::vector<uint64_t> ids;
    const std::vector<uint64_t> out = run_shape(run, k, s, in, 4, ids);
    for (const SubGroup& sg : sub_groups(run, si, s, ids)) {
      ++seen;
      const size_t n = sg.members.size();
      for (size_t l = 0; l < n; ++l) {
        const size_t g = sg.members[l];
        const uint64_t want = in[sg.members[(l + 1) % n]];
        if (out[g] == want) run.result.pass();
        else
          run.result.fail(wrong(t, si, g, where(s, sg.group, sg.id, l, g), in[g], out[g], want,
                                "value stored before sub_group_barrier (" + p.at("form").as_string() +
                                    " form) by sub-group local id " + std::to_string((l + 1) % n)));
      }
    }
  }
  finish_detail(run, sh, "sub_group_barrier (" + p.at("form").as_string() + " form)", seen);
}

// What clGetKernelSubGroupInfo (OpenCL 2.1 and later API) says for local
// size LOCAL; nullopt when the call fails (an OpenCL 2.0 device with only
// cl_khr_subgroups' clGetKernelSubGroupInfoKHR).
std::optional<size_t> kernel_sub_group_info(CaseRun& run, cl::Kernel& k, cl_kernel_sub_group_info what,
                                            const Shape& s) {
  size_t value = 0;
  const cl_int err = clGetKernelSubGroupInfo(k(), run.session.handle.device(), what, s.dims * sizeof(size_t),
                                             s.local.data(), sizeof value, &value, nullptr);
  if (err != CL_SUCCESS) return std::nullopt;
  return value;
}

void check_query(CaseRun& run) {
  const json::Value& p = run.c.params;
  const size_t nq = p.at("queries").as_array().size();
  if (nq != 6) throw std::runtime_error("manifest: six queries expected");
  cl::Kernel k = run.kernel();
  std::vector<Shape> sh;
  // The shapes here may be non-uniform: read them without shapes()'s check.
  for (const auto& v : p.at("shapes").as_array()) {
    Shape s;
    s.dims = unsigned(v.at("dims").as_uint());
    for (unsigned d = 0; d < s.dims; ++d) {
      s.global[d] = v.at("global").as_array()[d].as_uint();
      s.local[d] = v.at("local").as_array()[d].as_uint();
    }
    sh.push_back(s);
  }
  if (!run.local_size_fits(k, largest_group(sh))) return;
  std::string api_note;
  size_t seen = 0;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    // Work-groups: uniform in every dimension but possibly the last group
    // of each; the padded shape locates every work-item.
    Shape padded = s;
    for (unsigned d = 0; d < s.dims; ++d) padded.global[d] = (s.global[d] + s.local[d] - 1) / s.local[d] * s.local[d];
    std::vector<uint64_t> rec(s.items() * nq, 0);
    {
      std::vector<uint8_t> bytes(s.items() * nq * 4, uint8_t(0xA5));
      cl::Buffer b(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes.size(), bytes.data());
      k.setArg(0, b);
      auto range = [&](const std::array<size_t, 3>& v) {
        return s.dims == 1 ? cl::NDRange(v[0]) : s.dims == 2 ? cl::NDRange(v[0], v[1]) : cl::NDRange(v[0], v[1], v[2]);
      };
      run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, range(s.global), range(s.local));
      run.session.queue.enqueueReadBuffer(b, CL_TRUE, 0, bytes.size(), bytes.data());
      rec = unpack(bytes, 4);
    }
    const auto q = [&](size_t g, size_t i) { return rec[g * nq + i]; };
    enum { kSize, kMax, kNum, kEnqueuedNum, kId, kLocalId };
    // Per work-group: its members and their (id, local id, size) triples.
    std::map<size_t, std::vector<size_t>> groups;
    for (size_t g = 0; g < s.items(); ++g) {
      const size_t x[3] = {g % s.global[0], (g / s.global[0]) % s.global[1], g / (s.global[0] * s.global[1])};
      size_t gl = 0, stride = 1;
      for (unsigned d = 0; d < 3; ++d) {
        gl += (x[d] / s.local[d]) * stride;
        stride *= (padded.global[d] + s.local[d] - 1) / s.local[d];
      }
      groups[gl].push_back(g);
    }
    const uint64_t max0 = q(0, kMax), enq0 = q(0, kEnqueuedNum);
    uint64_t uniform_num = 0;
    bool uniform_seen = false;
    for (const auto& [gl, items] : groups) {
      const bool full = items.size() == s.group_items();
      const uint64_t num0 = q(items[0], kNum);
      std::vector<uint64_t> triples;
      for (size_t g : items) {
        const std::string at = s.text() + ", work-group " + std::to_string(gl) + ", global linear id " + std::to_string(g);
        auto expect_eq = [&](uint64_t got, uint64_t want, const std::string& what, const std::string& edge) {
          if (got == want) run.result.pass();
          else run.result.fail(wrong_id(si, g, at, got, want, what, edge));
        };
        expect_eq(q(g, kMax), max0, "get_max_sub_group_size() must be one value for the dispatch", "get_max_sub_group_size");
        expect_eq(q(g, kEnqueuedNum), enq0, "get_enqueued_num_sub_groups() must be one value for the dispatch",
                  "get_enqueued_num_sub_groups");
        expect_eq(q(g, kNum), num0, "get_num_sub_groups() must be one value for the work-group", "get_num_sub_groups");
        if (q(g, kSize) > q(g, kMax) || q(g, kSize) == 0)
          run.result.fail(wrong_id(si, g, at, q(g, kSize), q(g, kMax), "get_sub_group_size() in 1 .. get_max_sub_group_size()",
                                   "get_sub_group_size"));
        else run.result.pass();
        if (q(g, kId) >= num0)
          run.result.fail(wrong_id(si, g, at, q(g, kId), num0, "get_sub_group_id() < get_num_sub_groups()", "get_sub_group_id"));
        else run.result.pass();
        triples.insert(triples.end(), {q(g, kId), q(g, kLocalId), q(g, kSize)});
      }
      // The partition rules, on this work-group alone.
      Shape one;
      one.dims = 1;
      one.global[0] = one.local[0] = items.size();
      const auto sgs = sub_groups(run, si, one, triples, items);
      seen += sgs.size();
      if (sgs.size() != num0 && !sgs.empty()) {
        run.result.fail(wrong_id(si, items[0], s.text() + ", work-group " + std::to_string(gl), num0, sgs.size(),
                                 "get_num_sub_groups() against the sub-groups the work-items reported",
                                 "get_num_sub_groups"));
      }
      if (full) {
        if (uniform_seen && num0 != uniform_num) {
          run.result.fail(wrong_id(si, items[0], s.text() + ", work-group " + std::to_string(gl), num0, uniform_num,
                                   "full work-groups must have the same number of sub-groups", "get_num_sub_groups"));
        }
        uniform_num = num0;
        uniform_seen = true;
      }
    }
    // get_enqueued_num_sub_groups: the count of the uniform region's work-groups.
    if (uniform_seen) {
      if (enq0 == uniform_num) run.result.pass();
      else
        run.result.fail(wrong_id(si, 0, s.text(), enq0, uniform_num,
                                 "get_enqueued_num_sub_groups() against get_num_sub_groups() of a full work-group",
                                 "get_enqueued_num_sub_groups"));
    }
    // The API's view of the same kernel and local size.
    const auto api_max = kernel_sub_group_info(run, k, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, s);
    const auto api_count = kernel_sub_group_info(run, k, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, s);
    if (api_max && api_count) {
      if (*api_max == max0) run.result.pass();
      else
        run.result.fail(wrong_id(si, 0, s.text(), max0, *api_max,
                                 "get_max_sub_group_size() against CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE",
                                 "get_max_sub_group_size"));
      if (!uniform_seen || *api_count == uniform_num) run.result.pass();
      else
        run.result.fail(wrong_id(si, 0, s.text(), uniform_num, *api_count,
                                 "get_num_sub_groups() against CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE", "get_num_sub_groups"));
    } else {
      api_note = "; clGetKernelSubGroupInfo failed, so the API's counts were not compared";
    }
  }
  std::string d = "get_sub_group_* over " + std::to_string(sh.size()) + " NDRanges (";
  for (size_t i = 0; i < sh.size(); ++i) d += (i ? "; " : "") + sh[i].text();
  d += "), " + std::to_string(seen) + " sub-groups: " + std::to_string(p.at("values").as_uint()) +
       " query results, and the partition and API comparisons; " + std::to_string(p.at("cases_in_suite").as_uint()) +
       " cases in the suite" + api_note;
  run.result.detail = d;
}

}  // namespace

void register_subgroups_checks() {
  register_check("subgroups.query", check_query);
  register_check("subgroups.collective", check_collective);
  register_check("subgroups.broadcast", check_broadcast);
  register_check("subgroups.vote", check_vote);
  register_check("subgroups.barrier", check_barrier);
}

}  // namespace clconform::suites
