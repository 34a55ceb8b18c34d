// The generic suite's check (OpenCL C 3.0 spec 6.15.10 and 6.7.5): every
// work-item holds one element in each of the global, local and private
// spaces, and the kernel applies the function under test to a generic
// pointer to each. The host knows which space each pointer points into and
// what each element holds, so it knows every result: to_X gives the same
// object (code 1) for a pointer into X and NULL (code 0) otherwise, and a
// store through its result lands in that object; get_fence covers the
// pointer's space; a generic pointer passed to a function or chosen at run
// time reads and writes the object it points to.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "checks.hpp"
#include "collective/elem_bytes.hpp"
#include "inputs.hpp"

namespace clconform::suites {
namespace {

const char* kSpaces[] = {"global", "local", "private"};

uint64_t chunk(const uint8_t* p, size_t bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

// A wrong element of work-item I's element in space S.
Mismatch wrong_elem(const ElemBytes& e, size_t i, int s, const uint8_t* got, const uint8_t* want,
                    const std::string& what, const std::string& edge) {
  return suites::wrong_elem(e, i, s, "work-item " + std::to_string(i) + ", " + kSpaces[s] + " element", got, want,
                            what, edge);
}

Mismatch wrong_code(size_t i, int s, uint64_t got, uint64_t want, const std::string& what, const std::string& edge) {
  Mismatch m;
  m.index = i;
  m.lane = s;
  m.inputs = {"work-item " + std::to_string(i) + ", generic pointer to its " + kSpaces[s] + " element"};
  m.output = std::to_string(got);
  m.expected = std::to_string(want);
  m.note = what;
  m.edge = edge;
  m.score = 1;
  m.bits = WrongBits{'u', 'u', 4, 4, 1, {uint64_t(s)}, got, want};
  return m;
}

void check_space(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string fn = p.at("function").as_string();
  const bool is_const = p.at("const").as_bool();
  const size_t n = p.at("global").as_uint(), local = p.at("local").as_uint();
  const ElemBytes e = elem_bytes(p.at("layout"));

  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, local)) return;
  // No element equal to the fill of via and after: the element stored
  // through a wrongly non-NULL pointer must read as a wrong value, not as
  // one the kernel left unwritten.
  std::vector<uint8_t> src = random_elems_unlike_fill(e, n, run.opts.seed, case_stream(run.c.id));
  std::vector<uint8_t> work = src, via(3 * n * e.bytes, 0xA5), after(3 * n * e.bytes, 0xA5), code(3 * n * 4, 0xA5);
  cl::Context& ctx = run.session.context;
  cl::Buffer bs(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, src.size(), src.data());
  cl::Buffer bw(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, work.size(), work.data());
  cl::Buffer bv(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, via.size(), via.data());
  cl::Buffer ba(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, after.size(), after.data());
  cl::Buffer bc(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, code.size(), code.data());
  k.setArg(0, bs);
  k.setArg(1, bw);
  k.setArg(2, bv);
  k.setArg(3, ba);
  k.setArg(4, bc);
  cl::CommandQueue& q = run.session.queue;
  q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(n), cl::NDRange(local));
  q.enqueueReadBuffer(bv, CL_TRUE, 0, via.size(), via.data());
  q.enqueueReadBuffer(ba, CL_TRUE, 0, after.size(), after.data());
  q.enqueueReadBuffer(bc, CL_TRUE, 0, code.size(), code.data());

  const int target = fn == "to_global" ? 0 : fn == "to_local" ? 1 : fn == "to_private" ? 2 : -1;
  std::map<uint64_t, size_t> private_fences;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t* mine = &src[i * e.bytes];
    const uint8_t* next = &src[((i + 1) % n) * e.bytes];
    for (int s = 0; s < 3; ++s) {
      const size_t slot = 3 * i + size_t(s);
      const uint64_t c = chunk(&code[slot * 4], 4);
      const uint8_t* v = &via[slot * e.bytes];
      const uint8_t* a = &after[slot * e.bytes];
      const std::string edge = fn + (is_const ? "(const " : "(") + kSpaces[s] + ")";
      // What the named-space element must hold at the end.
      const uint8_t* want_after = mine;
      if (target >= 0) {
        const uint64_t want = s == target ? 1 : 0;
        if (c == want) run.result.pass();
        else
          run.result.fail(wrong_code(i, s, c, want,
                                     fn + " of a generic pointer into " + kSpaces[s] + " memory must return " +
                                         (want ? "a pointer to the same object (1)" : "NULL (0)") +
                                         "; 2 is a non-NULL pointer to another address",
                                     edge));
        if (s == target && c != 0) {
          if (std::memcmp(v, mine, e.bytes) == 0) run.result.pass();
          else run.result.fail(wrong_elem(e, i, s, v, mine, "value read through " + fn + "'s result", edge));
          if (!is_const) want_after = next;
        }
      } else if (fn == "get_fence") {
        // 6.15.10: "a valid memory fence value for ptr": one that orders
        // accesses to the pointer's space (CLK_GLOBAL_MEM_FENCE for global,
        // CLK_LOCAL_MEM_FENCE for local), and no flag beyond the fence flags
        // (bit 4 of the kernel's code); any fence is valid for private.
        const bool ok = !(c & 4) && c <= 7 && (s != 0 || (c & 1)) && (s != 1 || (c & 2));
        if (s == 2) ++private_fences[c];
        if (ok) run.result.pass();
        else
          run.result.fail(wrong_code(i, s, c, s == 0 ? 1 : s == 1 ? 2 : 0,
                                     "get_fence of a generic pointer into " + std::string(kSpaces[s]) +
                                         " memory (code: 1 global, 2 local, 4 another flag)",
                                     edge));
      } else {
        // pointer: exchange() read the element through a generic pointer and
        // stored NEXT; then the run-time choice stored MINE back into the
        // local element (odd work-items) or the private one (even).
        if (std::memcmp(v, mine, e.bytes) == 0) run.result.pass();
        else run.result.fail(wrong_elem(e, i, s, v, mine, "value read through a generic pointer parameter", "pointer"));
        const bool chosen = (s == 1 && (i & 1)) || (s == 2 && !(i & 1));
        want_after = chosen ? mine : next;
      }
      if (std::memcmp(a, want_after, e.bytes) == 0) run.result.pass();
      else {
        run.result.fail(wrong_elem(e, i, s, a, want_after,
                                   std::string("the ") + kSpaces[s] + " element afterwards" +
                                       (want_after == next ? " (stored through the generic or converted pointer)" : " (untouched)"),
                                   fn == "pointer" ? "pointer" : edge));
      }
    }
  }
  std::string d = fn + (is_const ? " (const pointer form)" : "") + " on " + p.at("type").as_string() + ": " +
                  std::to_string(n) + " work-items x 3 address spaces; " + std::to_string(p.at("values").as_uint()) +
                  " values; " + std::to_string(p.at("cases_in_suite").as_uint()) + " cases in the suite";
  if (!private_fences.empty()) {
    d += "; get_fence of private pointers gave";
    for (const auto& [c, count] : private_fences) {
      d += std::string(" ") + ((c & 1) ? "GLOBAL" : "") + ((c & 3) == 3 ? "|" : "") + ((c & 2) ? "LOCAL" : "") +
           ((c & 3) == 0 ? "0" : "") + " x" + std::to_string(count);
    }
  }
  run.result.detail = d;
}

}  // namespace

void register_generic_checks() { register_check("generic.space", check_space); }

}  // namespace clconform::suites
