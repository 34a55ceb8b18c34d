// The atomics suite's checks (OpenCL C 3.0 spec 6.15.12). Read-modify-write
// cases: every returned old value and every address's final value must
// admit a serial order of the operations (reference/atomic_history.hpp);
// where the final value does not depend on the order (add, sub, inc, dec,
// min, max, and, or, xor) it is also compared exactly.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/atomic_history.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites {
namespace {

std::string hex(uint64_t v, unsigned bytes) { return hex_bits(v, bytes); }

// A wrong integer of BYTES bytes (FORMAT 'i' or 'u'); INPUT is the
// address's initial value where there is one.
Mismatch wrong_value(uint64_t index, int lane, std::vector<std::string> inputs, uint64_t got, uint64_t want,
                     unsigned bytes, const std::string& note, char format = 'u', std::vector<uint64_t> input = {}) {
  Mismatch m;
  m.bits = WrongBits{format, format, bytes, bytes, 1, std::move(input), got, want};
  m.index = index;
  m.lane = lane;
  m.inputs = std::move(inputs);
  m.output = hex(got, bytes);
  m.expected = hex(want, bytes);
  m.note = note;
  m.score = 1;
  return m;
}

template <typename T>
cl::Buffer buffer_of(CaseRun& run, std::vector<T>& v) {
  return cl::Buffer(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, std::max<size_t>(v.size(), 1) * sizeof(T),
                    v.data());
}

bool order_independent(const std::string& op) {
  return op != "xchg" && op != "cmpxchg" && op != "cmpxchg_loop";
}

struct Operands {
  std::vector<uint64_t> init, vals, cmps;
};

// V, a whole number, as the bits of a half, float or double of BITS bits.
uint64_t float_bits(double v, unsigned bits) {
  if (bits == 16) return ref::double_to_half(v, ref::Rounding::NearestEven);
  return bits == 64 ? ref::to_bits(v) : ref::to_bits(float(v));
}

// Float operands (cl_ext_float_atomics): whole numbers, so that every sum of
// a history is exact and its final value does not depend on the order; add
// and sub take steps of at most 8 from a start within 1000, min and max
// values within 2000. No NaN, and no zero but +0.
Operands make_float_operands(const std::string& op, unsigned bits, uint64_t seed, uint64_t stream, size_t histories,
                             size_t ops) {
  uint64_t n = 0;
  auto whole = [&](int64_t span) { return double(int64_t(counter_bits(seed, stream, n++) % uint64_t(2 * span + 1)) - span); };
  Operands o;
  for (size_t h = 0; h < histories; ++h) o.init.push_back(float_bits(whole(bits == 16 ? 100 : 1000) + 0.0, bits));
  // Half: steps of 1 from a start within 100 (histories of at most 512
  // operations stay within 2048, where half's whole numbers are exact).
  const int64_t span = op == "fmin" || op == "fmax" ? (bits == 16 ? 1000 : 2000) : bits == 16 ? 1 : 8;
  for (size_t j = 0; j < ops; ++j) {
    o.vals.push_back(float_bits(whole(span) + 0.0, bits));
    o.cmps.push_back(0);
  }
  return o;
}

// Random operands shaped so that every operation can change the value: and
// clears one or two bits of a mostly-set word, or sets one or two of a
// mostly-clear one; single-shot cmpxchg compares with the initial value for
// about half of the operations so that exactly one of those can succeed.
Operands make_operands(const std::string& op, unsigned bits, uint64_t seed, uint64_t stream, size_t histories,
                       size_t ops, const std::vector<size_t>& history_of) {
  if (op[0] == 'f') return make_float_operands(op, bits, seed, stream, histories, ops);
  const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  uint64_t n = 0;
  auto rnd = [&]() { return counter_bits(seed, stream, n++) & mask; };
  auto bit = [&]() { return uint64_t(1) << (rnd() % bits); };
  Operands o;
  for (size_t h = 0; h < histories; ++h) {
    uint64_t v = rnd();
    if (op == "and") v = mask & ~(rnd() & rnd() & rnd());
    if (op == "or") v = rnd() & rnd() & rnd();
    o.init.push_back(v);
  }
  for (size_t j = 0; j < ops; ++j) {
    uint64_t v = rnd(), c = rnd();
    if (op == "and") v = mask & ~(bit() | bit());
    if (op == "or") v = bit() | bit();
    if (op == "cmpxchg" && (c & 1)) c = o.init[history_of[j]];
    if (op == "cmpxchg_loop") c = o.init[history_of[j]];  // the first guess
    o.vals.push_back(v);
    o.cmps.push_back(c);
  }
  return o;
}

// The addresses' memory in a fine-grained SVM buffer with SVM atomics: the
// host writes the initial values and reads the final ones through the
// pointer itself.
class SvmMemory {
 public:
  SvmMemory(CaseRun& run, size_t bytes) : context_(run.session.context()) {
    p_ = clSVMAlloc(context_, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, bytes, 0);
    if (!p_) throw std::runtime_error("clSVMAlloc of a fine-grained buffer with SVM atomics failed");
  }
  ~SvmMemory() { clSVMFree(context_, p_); }
  SvmMemory(const SvmMemory&) = delete;
  SvmMemory& operator=(const SvmMemory&) = delete;
  void* get() const { return p_; }

 private:
  cl_context context_;
  void* p_ = nullptr;
};

template <typename T>
void run_rmw(CaseRun& run, cl::Kernel& k, const std::string& op, unsigned bits, bool is_signed, bool local,
             uint32_t naddr, size_t items, size_t local_size, uint32_t reps, uint64_t launch, bool svm) {
  const size_t ops = items * reps;
  const size_t groups = items / local_size;
  const size_t histories = local ? naddr * groups : naddr;
  std::vector<size_t> history_of(ops);
  for (size_t j = 0; j < ops; ++j) {
    const size_t i = j / reps;
    history_of[j] = local ? (i / local_size) * naddr + (i % local_size) % naddr : i % naddr;
  }
  Operands o = make_operands(op, bits, run.opts.seed, case_stream(run.c.id) + launch, histories, ops, history_of);
  std::vector<T> vals(o.vals.begin(), o.vals.end()), cmps(o.cmps.begin(), o.cmps.end());
  std::vector<T> mem(o.init.begin(), o.init.end()), olds(ops, T(0));
  cl::Buffer bv = buffer_of(run, vals), bc = buffer_of(run, cmps), bm = buffer_of(run, mem), bo = buffer_of(run, olds);
  std::optional<SvmMemory> svm_mem;
  k.setArg(0, bv);
  k.setArg(1, bc);
  if (svm) {
    svm_mem.emplace(run, mem.size() * sizeof(T));
    std::memcpy(svm_mem->get(), mem.data(), mem.size() * sizeof(T));
    if (clSetKernelArgSVMPointer(k(), 2, svm_mem->get()) != CL_SUCCESS) throw std::runtime_error("clSetKernelArgSVMPointer");
  } else {
    k.setArg(2, bm);
  }
  k.setArg(3, bo);
  k.setArg(4, naddr);
  k.setArg(5, reps);
  run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NDRange(local_size));
  if (svm) {
    run.session.queue.finish();
    std::memcpy(mem.data(), svm_mem->get(), mem.size() * sizeof(T));
  } else {
    run.session.queue.enqueueReadBuffer(bm, CL_TRUE, 0, mem.size() * sizeof(T), mem.data());
  }
  run.session.queue.enqueueReadBuffer(bo, CL_TRUE, 0, olds.size() * sizeof(T), olds.data());

  const unsigned bytes = bits / 8;
  const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  std::vector<std::vector<ref::AtomicEdge>> edges(histories);
  std::vector<size_t> first_op(histories, ops);
  std::vector<uint64_t> exact(o.init.begin(), o.init.end());
  for (size_t j = 0; j < ops; ++j) {
    const size_t h = history_of[j];
    const uint64_t old = uint64_t(olds[j]) & mask;
    const std::string host_op = op == "cmpxchg_loop" ? "xchg" : op;  // the successful exchange is recorded
    edges[h].push_back({old, ref::atomic_new_value(host_op, bits, is_signed, old, o.vals[j], o.cmps[j])});
    exact[h] = ref::atomic_new_value(host_op, bits, is_signed, exact[h], o.vals[j], o.cmps[j]);
    first_op[h] = std::min(first_op[h], j);
  }
  const std::string where = std::string(local ? "local" : "global") + " memory, " + std::to_string(naddr) +
                            " address(es)";
  for (size_t h = 0; h < histories; ++h) {
    const uint64_t final_value = uint64_t(mem[h]) & mask;
    const std::string addr = where + ", history " + std::to_string(h) + ", initial " + hex(o.init[h], bytes);
    if (order_independent(op)) {
      if (final_value == exact[h]) run.result.pass();
      else {
        const char format = op[0] == 'f' ? (bits == 64 ? 'd' : bits == 16 ? 'h' : 'f') : is_signed ? 'i' : 'u';
        run.result.fail(wrong_value(first_op[h], int(h), {addr}, final_value, exact[h], bytes, "final value", format,
                                    {o.init[h]}));
      }
    }
    const std::string why = ref::serial_history_error(o.init[h], final_value, edges[h]);
    if (why.empty()) {
      run.result.pass(edges[h].size());
    } else {
      // No single expected value exists here: the whole history is wrong.
      Mismatch m = wrong_value(first_op[h], int(h), {addr}, final_value, final_value, bytes,
                               "no serial order of the " + std::to_string(edges[h].size()) +
                                   " operations explains the old values: " + why);
      m.bits.reset();
      m.edge = "no_serial_order";
      run.result.fail(std::move(m));
    }
  }
}

void check_rmw(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string op = p.at("host_op").as_string();
  const unsigned bits = unsigned(p.at("bits").as_uint());
  const bool is_signed = p.at("signed").as_bool(), local = p.at("space").as_string() == "local";
  const size_t items = p.at("global_items").as_uint(), local_size = p.at("local_size").as_uint();
  const uint32_t reps = uint32_t(p.at("reps").as_uint());
  const bool svm = p.has("svm") && p.at("svm").as_bool();
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, local_size)) return;
  std::string counts;
  uint64_t launch = 0;
  for (const auto& n : p.at("naddr").as_array()) {
    const uint32_t naddr = uint32_t(n.as_uint());
    if (bits == 64) run_rmw<uint64_t>(run, k, op, bits, is_signed, local, naddr, items, local_size, reps, launch++, svm);
    else if (bits == 16) run_rmw<uint16_t>(run, k, op, bits, is_signed, local, naddr, items, local_size, reps, launch++, svm);
    else run_rmw<uint32_t>(run, k, op, bits, is_signed, local, naddr, items, local_size, reps, launch++, svm);
    counts += (counts.empty() ? "" : ", ") + std::to_string(naddr);
  }
  run.result.detail = p.at("op").as_string() + " on " + p.at("type").as_string() + " in " +
                      p.at("space").as_string() + " memory: " + std::to_string(items) + " work-items x " +
                      std::to_string(reps) + " operations = " + std::to_string(items * reps) +
                      " per launch, on " + counts + " address(es)" + (svm ? " of a fine-grained SVM buffer" : "") +
                      (local ? " per work-group of " +
                      std::to_string(local_size) : "") + "; old values and final values checked for a serial order";
}

// Exactly one test_and_set per cleared flag finds it clear (6.15.12.7.6).
void check_flag(CaseRun& run) {
  const json::Value& p = run.c.params;
  const size_t items = p.at("global_items").as_uint(), local_size = p.at("local_size").as_uint();
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, local_size)) return;
  for (const auto& n : p.at("naddr").as_array()) {
    const uint32_t naddr = uint32_t(n.as_uint());
    std::vector<uint32_t> seen(items, 7);
    cl::Buffer b = buffer_of(run, seen);
    k.setArg(0, b);
    k.setArg(1, naddr);
    run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NDRange(local_size));
    run.session.queue.enqueueReadBuffer(b, CL_TRUE, 0, items * 4, seen.data());
    std::vector<uint32_t> clear(items / local_size * naddr, 0);
    for (size_t i = 0; i < items; ++i) {
      if (seen[i] == 0) ++clear[(i / local_size) * naddr + (i % local_size) % naddr];
    }
    for (size_t h = 0; h < clear.size(); ++h) {
      if (clear[h] == 1) run.result.pass();
      else run.result.fail(wrong_value(h, int(h), {"group " + std::to_string(h / naddr) + ", flag " +
                                                   std::to_string(h % naddr) + " of " + std::to_string(naddr)},
                                       clear[h], 1, 4, "work-items that found the flag clear"));
    }
  }
  run.result.detail = "atomic_flag_test_and_set by " + std::to_string(items) + " work-items on 1 and 8 flags per "
                      "work-group of " + std::to_string(local_size);
}

// A value stored by one work-item is what every work-item of the group
// loads after a barrier (6.15.12.7.1-2, 6.15.8).
void check_store_load(CaseRun& run) {
  const json::Value& p = run.c.params;
  const size_t items = p.at("global_items").as_uint(), local_size = p.at("local_size").as_uint();
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, local_size)) return;
  const size_t groups = items / local_size;
  std::vector<uint32_t> in(groups), out(items, 0xA5A5A5A5u);
  for (size_t g = 0; g < groups; ++g) in[g] = uint32_t(counter_bits(run.opts.seed, case_stream(run.c.id), g)) | 1;
  cl::Buffer bi = buffer_of(run, in), bo = buffer_of(run, out);
  k.setArg(0, bi);
  k.setArg(1, bo);
  run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NDRange(local_size));
  run.session.queue.enqueueReadBuffer(bo, CL_TRUE, 0, items * 4, out.data());
  for (size_t i = 0; i < items; ++i) {
    const uint32_t want = in[i / local_size];
    if (out[i] == want) run.result.pass();
    else run.result.fail(wrong_value(i, -1, {"group " + std::to_string(i / local_size)}, out[i], want, 4, "atomic_load"));
  }
  run.result.detail = "atomic_init, atomic_store by one work-item, atomic_load by all " + std::to_string(items) +
                      " after a barrier (" + p.at("order").as_string() + ")";
}

}  // namespace

void register_atomics_checks() {
  register_check("atomics.rmw", check_rmw);
  register_check("atomics.flag", check_flag);
  register_check("atomics.store_load", check_store_load);
}

}  // namespace clconform::suites
