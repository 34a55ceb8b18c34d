// The globals suite's checks (OpenCL C 3.0 spec 6.7.1, 6.7.7, 6.10):
// program-scope variables in the global address space and static global
// variables of functions. init: every initialized variable reads back its
// initializer, every uninitialized one (and the array elements without an
// initializer) zero, the program-scope pointer the element it was given.
// persist: values one kernel stores are read by another kernel of the same
// program in a later launch, twice. static: a function's static global
// variable starts at zero and keeps what each launch stored.
#include <cstring>
#include <string>
#include <vector>

#include "checks.hpp"
#include "collective/elem_bytes.hpp"
#include "inputs.hpp"

namespace clconform::suites {
namespace {

std::vector<uint8_t> from_hex(const std::string& h) {
  std::vector<uint8_t> v(h.size() / 2);
  for (size_t i = 0; i < v.size(); ++i) v[i] = uint8_t(std::stoul(h.substr(2 * i, 2), nullptr, 16));
  return v;
}

// Runs kernel K over GLOBAL work-items with BUF as its only argument, then
// reads BUF back.
void run_kernel(CaseRun& run, cl::Kernel& k, std::vector<uint8_t>& buf, size_t global, bool read_back) {
  cl::Buffer b(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, buf.size(), buf.data());
  k.setArg(0, b);
  run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global));
  if (read_back) run.session.queue.enqueueReadBuffer(b, CL_TRUE, 0, buf.size(), buf.data());
  else run.session.queue.finish();
}

void compare(CaseRun& run, const ElemBytes& e, uint64_t index, const uint8_t* got, const std::vector<uint8_t>& want,
             const std::string& what, const std::string& edge) {
  if (std::memcmp(got, want.data(), e.bytes) == 0) run.result.pass();
  else run.result.fail(wrong_elem(e, index, -1, what, got, want.data(), what + " on " + run.c.params.at("type").as_string(), edge));
}

std::string tail(CaseRun& run) {
  return "; " + std::to_string(run.c.params.at("values").as_uint()) + " values; " +
         std::to_string(run.c.params.at("cases_in_suite").as_uint()) + " cases in the suite";
}

void check_init(CaseRun& run) {
  const json::Value& p = run.c.params;
  const ElemBytes e = elem_bytes(p.at("layout"));
  const json::Value& x = p.at("expect");
  cl::Kernel k = run.kernel();
  const size_t slots = p.at("values").as_uint();
  std::vector<uint8_t> out(slots * e.bytes, 0xA5);
  run_kernel(run, k, out, 1, true);
  auto at = [&](size_t i) { return &out[i * e.bytes]; };
  compare(run, e, 0, at(0), from_hex(x.at("init").as_string()), "g_init (a constant initializer)", "init");
  compare(run, e, 1, at(1), from_hex(x.at("zero").as_string()), "g_zero (no initializer: zero, 6.7.7)", "zero");
  const auto& arr = x.at("array").as_array();
  for (size_t i = 0; i < arr.size(); ++i) {
    compare(run, e, 2 + i, at(2 + i), from_hex(arr[i].as_string()),
            "g_array[" + std::to_string(i) + "]" + (i >= 3 ? " (no initializer: zero)" : ""), "array");
  }
  const size_t pointed = x.at("pointed").as_uint();
  compare(run, e, 2 + arr.size(), at(2 + arr.size()), from_hex(arr[pointed].as_string()),
          "*g_ptr (initialized with &g_array[" + std::to_string(pointed) + "])", "pointer");
  compare(run, e, 3 + arr.size(), at(3 + arr.size()), from_hex(x.at("static_zero").as_string()),
          "a function's static global variable (no initializer: zero)", "static_zero");
  run.result.detail = "program-scope " + p.at("type").as_string() +
                      " variables: initialized, zero-initialized, a partly initialized array, a pointer, a static" +
                      tail(run);
}

void check_persist(CaseRun& run) {
  const json::Value& p = run.c.params;
  const ElemBytes e = elem_bytes(p.at("layout"));
  const size_t n = p.at("work_items").as_uint(), rounds = p.at("rounds").as_uint();
  cl::Kernel store = run.kernel();
  cl::Kernel load(run.program().program, p.at("load_kernel").as_string().c_str());
  for (size_t r = 0; r < rounds; ++r) {
    std::vector<uint8_t> in = random_elems(e, n, run.opts.seed, case_stream(run.c.id) + r);
    std::vector<uint8_t> keep = in;
    run_kernel(run, store, in, n, false);
    std::vector<uint8_t> out(n * e.bytes, 0xA5);
    run_kernel(run, load, out, n, true);
    for (size_t i = 0; i < n; ++i) {
      if (std::memcmp(&out[i * e.bytes], &keep[i * e.bytes], e.bytes) == 0) {
        run.result.pass();
      } else {
        run.result.fail(wrong_elem(e, r * n + i, int(r),
                                   "g_store[" + std::to_string(i) + "], round " + std::to_string(r + 1),
                                   &out[i * e.bytes], &keep[i * e.bytes],
                                   "the value another kernel of the program stored in the previous launch", "persist"));
      }
    }
  }
  run.result.detail = "a program-scope " + p.at("type").as_string() + " array of " + std::to_string(n) +
                      " elements stored by one kernel and read by another, " + std::to_string(rounds) + " rounds" +
                      tail(run);
}

void check_static(CaseRun& run) {
  const json::Value& p = run.c.params;
  const ElemBytes e = elem_bytes(p.at("layout"));
  const std::vector<uint8_t> stored = from_hex(p.at("stored").as_string()), zero(e.bytes, 0);
  cl::Kernel k = run.kernel();
  const size_t launches = p.at("launches").as_uint();
  for (size_t l = 0; l < launches; ++l) {
    std::vector<uint8_t> out(e.bytes, 0xA5);
    run_kernel(run, k, out, 1, true);
    compare(run, e, l, out.data(), l == 0 ? zero : stored,
            l == 0 ? "a function's static global variable before any store (zero)"
                   : "a function's static global variable after launch " + std::to_string(l),
            "static");
  }
  run.result.detail = "a static global " + p.at("type").as_string() + " of a function across " +
                      std::to_string(launches) + " launches" + tail(run);
}

}  // namespace

void register_globals_checks() {
  register_check("globals.init", check_init);
  register_check("globals.persist", check_persist);
  register_check("globals.static", check_static);
}

}  // namespace clconform::suites
