#include "collective_run.hpp"

#include <cfloat>
#include <cmath>
#include <stdexcept>

#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites::collective {
namespace {

uint64_t mask(unsigned bytes) { return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

// Exponent field width and significand bits of the IEEE formats.
unsigned exp_bits(unsigned bytes) { return bytes == 2 ? 5 : bytes == 4 ? 8 : 11; }
unsigned frac_bits(unsigned bytes) { return bytes == 2 ? 10 : bytes == 4 ? 23 : 52; }

uint64_t float_bits(ref::ElemType t, double v) {
  if (t.bytes == 2) return ref::double_to_half(v, ref::Rounding::NearestEven);
  if (t.bytes == 4) return ref::to_bits(float(v));
  return ref::to_bits(v);
}

uint64_t int_edge(ref::ElemType t, uint64_t k) {
  const uint64_t m = mask(t.bytes), sign = 1ull << (8 * t.bytes - 1);
  const uint64_t signed_edges[] = {sign, m >> 1, 0, m, 1};             // MIN, MAX, 0, -1, 1
  const uint64_t unsigned_edges[] = {0, m, 1, m - 1, sign};             // 0, MAX, 1, MAX-1, 2^(bits-1)
  return (t.format == 'i' ? signed_edges : unsigned_edges)[k % 5];
}

uint64_t float_edge(ref::ElemType t, uint64_t k) {
  const double inf = INFINITY;
  const double max = t.bytes == 2 ? 65504.0 : t.bytes == 4 ? double(FLT_MAX) : DBL_MAX;
  const double tiny = t.bytes == 2 ? std::ldexp(1.0, -14) : t.bytes == 4 ? double(FLT_MIN) : DBL_MIN;
  const double edges[] = {inf, -inf, 0.0, max, -max, tiny, -tiny};
  return float_bits(t, edges[k % 7]);
}

}  // namespace

std::string Shape::text() const {
  std::string g = "(", l = "(";
  for (unsigned i = 0; i < dims; ++i) {
    g += (i ? "," : "") + std::to_string(global[i]);
    l += (i ? "," : "") + std::to_string(local[i]);
  }
  return "global " + g + ") local " + l + ")";
}

Place locate(const Shape& s, size_t g) {
  Place p;
  const size_t x[3] = {g % s.global[0], (g / s.global[0]) % s.global[1], g / (s.global[0] * s.global[1])};
  for (int d = 0; d < 3; ++d) {
    p.group[d] = x[d] / s.local[d];
    p.local[d] = x[d] % s.local[d];
  }
  const size_t n0 = s.global[0] / s.local[0], n1 = s.global[1] / s.local[1];
  p.group_linear = p.group[0] + n0 * (p.group[1] + n1 * p.group[2]);
  p.local_linear = p.local[0] + s.local[0] * (p.local[1] + s.local[1] * p.local[2]);
  return p;
}

std::vector<Shape> shapes(const json::Value& arr) {
  std::vector<Shape> out;
  for (const auto& v : arr.as_array()) {
    Shape s;
    s.dims = unsigned(v.at("dims").as_uint());
    for (unsigned d = 0; d < s.dims; ++d) {
      s.global[d] = v.at("global").as_array()[d].as_uint();
      s.local[d] = v.at("local").as_array()[d].as_uint();
      if (s.local[d] == 0 || s.global[d] % s.local[d] != 0) throw std::runtime_error("manifest: non-uniform shape");
    }
    out.push_back(s);
  }
  return out;
}

size_t largest_group(const std::vector<Shape>& v) {
  size_t m = 0;
  for (const auto& s : v) m = std::max(m, s.group_items());
  return m;
}

ref::ElemType elem_type(const json::Value& p) {
  ref::ElemType t;
  t.format = p.at("format").as_string().at(0);
  t.bytes = unsigned(p.at("bytes").as_uint());
  return t;
}

std::vector<uint64_t> make_inputs(const std::string& cls, ref::ElemType t, int exp_range, uint64_t seed,
                                  uint64_t stream, size_t n) {
  std::vector<uint64_t> v(n);
  const unsigned bits = 8 * t.bytes;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = counter_bits(seed, stream, i);
    uint64_t x = 0;
    if (cls == "int_full") {
      // Random bits, every eighth value one of the type's edges.
      x = i % 8 == 0 ? int_edge(t, i / 8) : r & mask(t.bytes);
    } else if (cls == "int_add") {
      // Signed, |x| <= 2^(bits-9): 256 of them sum within the type.
      x = uint64_t(int64_t(r) >> (64 - (bits - 8))) & mask(t.bytes);
    } else if (cls == "vote") {
      // Non-zero ints (predicates): INT_MIN, -1, 1 and INT_MAX among them.
      const uint64_t edges[] = {0x80000000u, 0xFFFFFFFFu, 1, 0x7FFFFFFFu};
      x = i % 8 == 0 ? edges[(i / 8) % 4] : (r & 0xFFFFFFFFu ? r & 0xFFFFFFFFu : 1);
    } else if (cls == "float_add") {
      // Sign, exponent in [-E, E], full random significand (why: the
      // suites' READMEs and collective_catalog.py).
      const unsigned p = frac_bits(t.bytes);
      const int e = -exp_range + int((r >> 8) % uint64_t(2 * exp_range + 1));
      const double sig = 1.0 + std::ldexp(double(counter_bits(seed, stream ^ 0x5bd1e995ull, i) >> (64 - p)), -int(p));
      x = float_bits(t, std::ldexp((r & 1) ? -sig : sig, e));
    } else if (cls == "float_minmax") {
      // Finite normal numbers of every exponent, no NaN, no -0, no
      // subnormal (a device without denormals may flush them); every eighth
      // value an edge: +-INF, +0, +-MAX, +-MIN.
      if (i % 8 == 0) {
        x = float_edge(t, i / 8);
      } else {
        const unsigned eb = exp_bits(t.bytes), fb = frac_bits(t.bytes);
        x = r & mask(t.bytes);
        const uint64_t emax = (1ull << eb) - 1;
        uint64_t e = (x >> fb) & emax;
        if (e == emax) e = emax - 1;
        if (e == 0) e = 1;
        x = (x & ~(emax << fb)) | (e << fb);
      }
    } else {
      throw std::runtime_error("manifest: unknown input class " + cls);
    }
    v[i] = x;
  }
  return v;
}

std::vector<uint8_t> pack(const std::vector<uint64_t>& v, unsigned bytes) {
  std::vector<uint8_t> b(v.size() * bytes);
  for (size_t i = 0; i < v.size(); ++i) {
    for (unsigned k = 0; k < bytes; ++k) b[i * bytes + k] = uint8_t(v[i] >> (8 * k));
  }
  return b;
}

std::vector<uint64_t> unpack(const std::vector<uint8_t>& b, unsigned bytes) {
  std::vector<uint64_t> v(b.size() / bytes, 0);
  for (size_t i = 0; i < v.size(); ++i) {
    for (unsigned k = 0; k < bytes; ++k) v[i] |= uint64_t(b[i * bytes + k]) << (8 * k);
  }
  return v;
}

std::vector<std::vector<uint8_t>> launch(CaseRun& run, cl::Kernel& k, const std::vector<uint8_t>& in,
                                         const std::vector<size_t>& out_bytes, const Shape& s) {
  cl::Context& ctx = run.session.context;
  cl::CommandQueue& q = run.session.queue;
  std::vector<uint8_t> in_copy = in;
  cl::Buffer bin(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, std::max<size_t>(in_copy.size(), 1), in_copy.data());
  k.setArg(0, bin);
  std::vector<cl::Buffer> outs;
  std::vector<std::vector<uint8_t>> result;
  for (size_t i = 0; i < out_bytes.size(); ++i) {
    result.emplace_back(out_bytes[i], uint8_t(0xA5));
    outs.emplace_back(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, out_bytes[i], result.back().data());
    k.setArg(cl_uint(1 + i), outs.back());
  }
  auto range = [&](const std::array<size_t, 3>& v) {
    if (s.dims == 1) return cl::NDRange(v[0]);
    if (s.dims == 2) return cl::NDRange(v[0], v[1]);
    return cl::NDRange(v[0], v[1], v[2]);
  };
  q.enqueueNDRangeKernel(k, cl::NullRange, range(s.global), range(s.local));
  for (size_t i = 0; i < outs.size(); ++i) q.enqueueReadBuffer(outs[i], CL_TRUE, 0, out_bytes[i], result[i].data());
  return result;
}

Mismatch wrong(ref::ElemType t, size_t shape_index, size_t g, const std::string& where, uint64_t input,
               uint64_t got, uint64_t want, const std::string& note) {
  Mismatch m;
  m.index = g;
  m.lane = int(shape_index);
  m.inputs = {where, "x = " + ref::elem_text(t, input)};
  m.output = ref::elem_text(t, got);
  m.expected = ref::elem_text(t, want);
  m.note = note;
  m.score = 1;
  // WrongBits names the IEEE formats 'h', 'f' and 'd'.
  const char f = t.format != 'f' ? t.format : t.bytes == 2 ? 'h' : t.bytes == 4 ? 'f' : 'd';
  m.bits = WrongBits{f, f, t.bytes, t.bytes, 1, {input}, got & mask(t.bytes), want & mask(t.bytes)};
  return m;
}

CollectiveParams collective_params(const json::Value& p) {
  return {elem_type(p), ref::collective_kind(p.at("kind").as_string()), ref::collective_op(p.at("op").as_string()),
          p.at("function").as_string(), p.has("exp_range") ? int(p.at("exp_range").as_uint()) : 0};
}

}  // namespace clconform::suites::collective
