// The workgroup suite's checks (OpenCL C 3.0 spec 6.15.16): each case runs
// its kernel over 1-, 2- and 3-D NDRanges; the host knows every
// work-group's members from the NDRange and computes what each must return
// (reference/collective.hpp): exact for integers and for float min and max,
// the any-order interval for float add (the spec leaves the order of the
// additions unspecified).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "checks.hpp"
#include "collective/collective_run.hpp"
#include "inputs.hpp"

namespace clconform::suites {
namespace {

using namespace collective;

std::string where(const Shape& s, const Place& p, size_t g) {
  return s.text() + ", work-group " + std::to_string(p.group_linear) + ", local linear id " +
         std::to_string(p.local_linear) + " (global linear id " + std::to_string(g) + ")";
}

// Members of every work-group, each in increasing local linear id (the
// scan order, 6.15.16).
std::vector<std::vector<size_t>> members(const Shape& s) {
  std::vector<std::vector<size_t>> m(s.groups(), std::vector<size_t>(s.group_items()));
  for (size_t g = 0; g < s.items(); ++g) {
    const Place p = locate(s, g);
    m[p.group_linear][p.local_linear] = g;
  }
  return m;
}

void finish_detail(CaseRun& run, const std::vector<Shape>& shapes, const std::string& what) {
  std::string d = what + " over " + std::to_string(shapes.size()) + " NDRanges (";
  for (size_t i = 0; i < shapes.size(); ++i) d += (i ? "; " : "") + shapes[i].text();
  d += "): " + std::to_string(run.c.params.at("values").as_uint()) + " values; " +
       std::to_string(run.c.params.at("cases_in_suite").as_uint()) + " cases in the suite";
  run.result.detail = d;
}

void check_collective(CaseRun& run) {
  const json::Value& p = run.c.params;
  const auto [t, kind, op, fn, exp_range] = collective_params(p);
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  double worst_width = 0;  // the widest accepted float interval, in units of its nearest value
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    const std::vector<uint64_t> in =
        make_inputs(p.at("inputs").as_string(), t, exp_range, run.opts.seed, case_stream(run.c.id) + si, s.items());
    const std::vector<uint64_t> out = unpack(launch(run, k, pack(in, t.bytes), {s.items() * t.bytes}, s)[0], t.bytes);
    for (const auto& group : members(s)) {
      std::vector<uint64_t> xs;
      for (size_t g : group) xs.push_back(in[g]);
      const std::vector<ref::Accepted> want = ref::collective_expected(kind, op, t, xs);
      for (size_t i = 0; i < group.size(); ++i) {
        const size_t g = group[i];
        if (want[i].interval && want[i].hi > want[i].lo) {
          const double mid = std::max(std::fabs(want[i].lo), std::fabs(want[i].hi));
          if (mid > 0) worst_width = std::max(worst_width, (want[i].hi - want[i].lo) / mid);
        }
        if (want[i].accepts(t, out[g])) {
          run.result.pass();
          continue;
        }
        std::string note = fn + " at scan position " + std::to_string(i) + " of " + std::to_string(group.size());
        if (want[i].interval) {
          note += "; accepted: any value in [" + std::to_string(want[i].lo) + ", " + std::to_string(want[i].hi) +
                  "] (any order of the additions, g(n-1) * sum|x| around the exact sum; expected shows the "
                  "value nearest the exact sum)";
        }
        run.result.fail(wrong(t, si, g, where(s, locate(s, g), g), in[g], out[g], want[i].bits, note));
      }
    }
  }
  finish_detail(run, sh, fn + " on " + p.at("type").as_string());
  if (worst_width > 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", worst_width);
    run.result.detail += std::string("; widest accepted float interval ") + buf + " of its value";
  }
}

void check_broadcast(CaseRun& run) {
  const json::Value& p = run.c.params;
  const ref::ElemType t = elem_type(p);
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  const unsigned dims = unsigned(p.at("dims").as_uint());
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    const std::vector<uint64_t> in =
        make_inputs(p.at("inputs").as_string(), t, 0, run.opts.seed, case_stream(run.c.id) + si, s.items());
    const std::vector<uint64_t> out = unpack(launch(run, k, pack(in, t.bytes), {s.items() * t.bytes}, s)[0], t.bytes);
    const auto groups = members(s);
    for (size_t g = 0; g < s.items(); ++g) {
      const Place pl = locate(s, g);
      // The source work-item the kernel names: (sum_e coef[d][e] * group_id(e) + const[d]) % local size(d).
      size_t src_local = 0, stride = 1;
      for (unsigned d = 0; d < dims; ++d) {
        size_t v = p.at("const").as_array()[d].as_uint();
        for (unsigned e = 0; e < dims; ++e) v += p.at("coef").as_array()[d].as_array()[e].as_uint() * pl.group[e];
        src_local += (v % s.local[d]) * stride;
        stride *= s.local[d];
      }
      const uint64_t want = in[groups[pl.group_linear][src_local]];
      if (out[g] == want) {
        run.result.pass();
      } else {
        run.result.fail(wrong(t, si, g, where(s, pl, g), in[g], out[g], want,
                              "work_group_broadcast from local linear id " + std::to_string(src_local)));
      }
    }
  }
  finish_detail(run, sh, "work_group_broadcast (" + std::to_string(dims) + "-D form) on " + p.at("type").as_string());
}

// work_group_all / work_group_any: each work-group gets one of four
// predicate patterns by its linear id (all non-zero, all zero, one zero,
// one non-zero); every member must return non-zero exactly when the
// function's condition holds.
void check_vote(CaseRun& run) {
  const json::Value& p = run.c.params;
  const bool all = p.at("function").as_string() == "work_group_all";
  const ref::ElemType t{'i', 4};
  const std::vector<Shape> sh = shapes(p.at("shapes"));
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  for (size_t si = 0; si < sh.size(); ++si) {
    const Shape& s = sh[si];
    std::vector<uint64_t> in = make_inputs("vote", t, 0, run.opts.seed, case_stream(run.c.id) + si, s.items());
    const auto groups = members(s);
    for (size_t gl = 0; gl < groups.size(); ++gl) {
      const size_t pattern = gl % 4, n = groups[gl].size(), pick = (gl * 7 + 3) % n;
      for (size_t i = 0; i < n; ++i) {
        uint64_t& x = in[groups[gl][i]];
        if (pattern == 1 || (pattern == 2 && i == pick) || (pattern == 3 && i != pick)) x = 0;
      }
    }
    const std::vector<uint64_t> out = unpack(launch(run, k, pack(in, 4), {s.items() * 4}, s)[0], 4);
    for (size_t gl = 0; gl < groups.size(); ++gl) {
      bool any = false, every = true;
      for (size_t g : groups[gl]) {
        any = any || in[g] != 0;
        every = every && in[g] != 0;
      }
      const bool want = all ? every : any;
      for (size_t g : groups[gl]) {
        if ((out[g] != 0) == want) {
          run.result.pass();
        } else {
          static const char* names[] = {"all non-zero", "all zero", "one zero", "one non-zero"};
          run.result.fail(wrong(t, si, g, where(s, locate(s, g), g), in[g], out[g], want ? 1 : 0,
                                p.at("function").as_string() + " with predicates " + names[gl % 4] +
                                    " must return " + (want ? "non-zero" : "0")));
        }
      }
    }
  }
  finish_detail(run, sh, p.at("function").as_string());
}

}  // namespace

void register_workgroup_checks() {
  register_check("workgroup.collective", check_collective);
  register_check("workgroup.broadcast", check_broadcast);
  register_check("workgroup.vote", check_vote);
}

}  // namespace clconform::suites
