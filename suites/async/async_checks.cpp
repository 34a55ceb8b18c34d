// The async suite's check (OpenCL C 3.0 spec 6.15.11): every copied element
// bit for bit, every element outside the copy unchanged, and for prefetch
// the source unchanged too. Expected values are the host's own copy of its
// inputs, placed where the operation's description puts them.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "checks.hpp"
#include "inputs.hpp"

namespace clconform::suites {
namespace {

struct Layout {
  size_t elem_size, n, storage;  // lane bytes, lanes compared (3 for a 3-vector), bytes per element
};

uint64_t lane_of(const std::vector<uint8_t>& buf, const Layout& t, size_t element, size_t lane) {
  uint64_t v = 0;
  std::memcpy(&v, buf.data() + element * t.storage + lane * t.elem_size, t.elem_size);
  return v;
}

// Random lanes; float lanes never have an all-ones exponent, so that no NaN
// travels through the plain loads and stores the kernels use next to the copies.
std::vector<uint8_t> random_source(CaseRun& run, const Layout& t, bool is_float, size_t elements, uint64_t launch) {
  std::vector<uint8_t> v(elements * t.storage);
  const uint64_t stream = case_stream(run.c.id) + launch;
  for (size_t i = 0; i < v.size(); i += 8) {
    const uint64_t bits = counter_bits(run.opts.seed, stream, i / 8);
    std::memcpy(v.data() + i, &bits, std::min<size_t>(8, v.size() - i));
  }
  if (is_float) {
    const uint64_t exp = t.elem_size == 8 ? 0x7ff0000000000000ull : t.elem_size == 4 ? 0x7f800000ull : 0x7c00ull;
    for (size_t off = 0; off < v.size(); off += t.elem_size) {
      uint64_t x = 0;
      std::memcpy(&x, v.data() + off, t.elem_size);
      const uint64_t top = uint64_t(1) << (8 * t.elem_size - 2);  // the exponent's highest bit
      if ((x & exp) == exp) x &= ~top;
      std::memcpy(v.data() + off, &x, t.elem_size);
    }
  }
  return v;
}

void check_copy(CaseRun& run) {
  const json::Value& p = run.c.params;
  const json::Value& ty = p.at("type");
  Layout t;
  t.elem_size = ty.at("elem_size").as_uint();
  t.n = ty.at("n").as_uint();
  t.storage = t.elem_size * (t.n == 3 ? 4 : t.n);
  const std::string kind = ty.at("kind").as_string();
  const bool is_float = kind == "float";
  const char format = is_float ? (t.elem_size == 2 ? 'h' : t.elem_size == 4 ? 'f' : 'd') : kind == "int" ? 'i' : 'u';
  const std::string op = p.at("op").as_string();
  const size_t cap = p.at("capacity").as_uint(), seg = p.at("segment").as_uint();
  const size_t local = p.at("local_size").as_uint(), groups = p.at("groups").as_uint();
  const size_t elements = groups * seg;
  cl::Kernel k = run.kernel();
  const size_t max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(run.session.handle.device);
  const size_t ls = std::min(local, max);
  // Two local arrays of CAP elements (the kernel's arguments a and b); an
  // amount the device lacks is a resource limit, not a defect.
  const size_t local_bytes = cap * t.storage;
  const cl_ulong device_local = run.session.handle.device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  if (2 * local_bytes > device_local) {
    run.result.status = "unsupported";
    run.result.detail = "the case needs 2 x " + std::to_string(local_bytes) + " bytes of local memory; the device has " +
                        std::to_string(device_local);
    return;
  }
  uint64_t launch = 0, copied = 0;
  std::string shapes;
  for (const auto& l : p.at("launches").as_array()) {
    const uint32_t count = uint32_t(l.as_array()[0].as_uint()), stride = uint32_t(l.as_array()[1].as_uint());
    std::vector<uint8_t> src = random_source(run, t, is_float, elements, launch);
    const std::vector<uint8_t> src_before = src;
    std::vector<uint8_t> dst(elements * t.storage, uint8_t(0xA5));
    cl::Buffer bs(run.session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, src.size(), src.data());
    cl::Buffer bd(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, dst.size(), dst.data());
    k.setArg(0, bs);
    k.setArg(1, bd);
    k.setArg(2, count);
    k.setArg(3, stride);
    k.setArg(4, uint32_t(cap));
    k.setArg(5, uint32_t(seg));
    k.setArg(6, uint32_t(p.at("op_code").as_uint()));
    k.setArg(7, cl::Local(local_bytes));
    k.setArg(8, cl::Local(local_bytes));
    run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(groups * ls), cl::NDRange(ls));
    run.session.queue.enqueueReadBuffer(bd, CL_TRUE, 0, dst.size(), dst.data());
    run.session.queue.enqueueReadBuffer(bs, CL_TRUE, 0, src.size(), src.data());

    // expected[e] = the source element that belongs at destination element
    // e, or -1 where the destination must keep its sentinel.
    std::vector<int64_t> expected(elements, -1);
    for (size_t g = 0; g < groups; ++g) {
      const size_t base = g * seg;
      for (size_t i = 0; i < count; ++i) {
        if (op == "strided_g2l") expected[base + i] = int64_t(base + i * stride);
        else if (op == "strided_l2g") expected[base + i * stride] = int64_t(base + i);
        else expected[base + i] = int64_t(base + i);
        if (op == "multi") expected[base + cap + i] = int64_t(base + i * stride);
      }
    }
    const std::string where = "launch " + std::to_string(launch) + " (count " + std::to_string(count) + ", stride " +
                              std::to_string(stride) + ")";
    for (size_t e = 0; e < elements; ++e) {
      const bool copy = expected[e] >= 0;
      const size_t lanes = copy ? t.n : t.storage / t.elem_size;
      for (size_t lane = 0; lane < lanes; ++lane) {
        const uint64_t got = lane_of(dst, t, e, lane);
        uint64_t want = 0;
        if (copy) want = lane_of(src_before, t, size_t(expected[e]), lane);
        else std::memset(&want, 0xA5, t.elem_size);
        if (got == want) {
          run.result.pass();
          continue;
        }
        Mismatch m;
        m.index = launch * elements + e;
        m.lane = int(lane);
        m.inputs = {where + ", group " + std::to_string(e / seg) + ", destination element " +
                    std::to_string(e % seg) + (copy ? ", source element " + std::to_string(size_t(expected[e]) % seg)
                                                    : ", outside the copy")};
        m.output = hex_bits(got, unsigned(t.elem_size));
        m.expected = hex_bits(want, unsigned(t.elem_size));
        m.note = copy ? "copied lane" : "lane outside the copy (sentinel)";
        m.score = 1;
        m.bits = WrongBits{format, format, unsigned(t.elem_size), unsigned(t.elem_size), unsigned(t.n), {}, got, want};
        run.result.fail(std::move(m));
      }
    }
    copied += groups * count;
    if (src != src_before) {
      size_t first = 0;
      while (src[first] == src_before[first]) ++first;
      Mismatch m;
      m.index = launch * elements + first / t.storage;
      m.inputs = {where + ", source byte " + std::to_string(first)};
      m.output = hex_bits(src[first], 1);
      m.expected = hex_bits(src_before[first], 1);
      m.note = "the source buffer changed";
      m.score = 1;
      m.bits = WrongBits{'u', 'u', 1, 1, 1, {}, src[first], src_before[first]};
      run.result.fail(std::move(m));
    } else {
      run.result.pass();
    }
    shapes += (shapes.empty() ? "" : ", ") + std::to_string(count) + "/" + std::to_string(stride);
    ++launch;
  }
  run.result.detail = p.at("what").as_string() + " of " + ty.at("name").as_string() + ": " + std::to_string(groups) +
                      " work-groups of " + std::to_string(ls) + ", count/stride " + shapes + "; " +
                      std::to_string(copied) + " elements copied, every element of the destination compared";
}

}  // namespace

void register_async_checks() { register_check("async.copy", check_copy); }

}  // namespace clconform::suites
