// The integer_ext suite's checks: the extended bit operations (OpenCL C spec
// 6.15.3.1) at every width in one launch, and the 4x8-bit dot products
// (6.15.3), each result compared exactly with reference/integer_ext.
#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/integer_ext.hpp"

namespace clconform::suites {
namespace {

uint64_t mask(unsigned bytes) { return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

std::vector<uint8_t> pack(const std::vector<uint64_t>& v, unsigned bytes) {
  std::vector<uint8_t> b(v.size() * bytes);
  for (size_t i = 0; i < v.size(); ++i) {
    for (unsigned k = 0; k < bytes; ++k) b[i * bytes + k] = uint8_t(v[i] >> (8 * k));
  }
  return b;
}

uint64_t unpack_at(const std::vector<uint8_t>& b, size_t i, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned k = 0; k < bytes; ++k) v |= uint64_t(b[i * bytes + k]) << (8 * k);
  return v;
}

std::string as_text(uint64_t bits, char format, unsigned bytes) {
  if (format == 'u') return std::to_string(bits);
  const uint64_t sign = 1ull << (8 * bytes - 1);
  const int64_t v = (bits & sign) ? int64_t(bits | ~mask(bytes)) : int64_t(bits);
  return std::to_string(v);
}

// Every 8th value one of these bit patterns (cut to the type), else random.
uint64_t patterned(uint64_t r, size_t i, unsigned bytes) {
  static const uint64_t edges[] = {0, ~0ull, 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull, 0x8000000000000000ull,
                                   0x0123456789ABCDEFull, 1};
  uint64_t v = i % 8 == 0 ? edges[(i / 8) % 7] : r;
  if (i % 8 == 0 && v == 0x8000000000000000ull) v = 1ull << (8 * bytes - 1);
  return v & mask(bytes);
}

void check_bits(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string fn = p.at("function").as_string();
  const unsigned bytes = unsigned(p.at("bytes").as_uint()), bits = 8 * bytes;
  const char fmt = p.at("format").as_string()[0], rfmt = p.at("result_format").as_string()[0];
  std::vector<unsigned> widths;
  for (const auto& w : p.at("widths").as_array()) widths.push_back(unsigned(w.as_uint()));
  // Every defined (offset, count) pair in turn: offset + count <= bits.
  std::vector<std::pair<unsigned, unsigned>> fields;
  for (unsigned c = 0; c <= bits; ++c) {
    for (unsigned o = 0; o + c <= bits; ++o) fields.emplace_back(o, c);
  }
  const size_t n = std::max(run.count(8192, size_t(1) << 20), fields.size());
  const uint64_t stream = case_stream(run.c.id);
  std::vector<uint64_t> base(16 * n), ins(16 * n), offset(n), count(n);
  for (size_t i = 0; i < 16 * n; ++i) {
    base[i] = patterned(counter_bits(run.opts.seed, stream, i), i / 16, bytes);
    ins[i] = patterned(counter_bits(run.opts.seed, stream + 1, i), i / 16 + 3, bytes);
  }
  for (size_t i = 0; i < n; ++i) std::tie(offset[i], count[i]) = fields[i % fields.size()];
  const auto b0 = pack(base, bytes), b1 = pack(ins, bytes), b2 = pack(offset, 4), b3 = pack(count, 4);
  cl::Kernel k = run.kernel();
  const auto outs = run.launch(k, {&b0, &b1, &b2, &b3}, {16 * widths.size() * n * bytes, n * 4}, n);
  const bool extract = fn.rfind("bitfield_extract", 0) == 0, is_signed = fn == "bitfield_extract_signed";
  for (size_t i = 0; i < n; ++i) {
    const unsigned o = unsigned(offset[i]), c = unsigned(count[i]);
    for (size_t wi = 0; wi < widths.size(); ++wi) {
      for (unsigned lane = 0; lane < widths[wi]; ++lane) {
        const uint64_t x = base[16 * i + lane], y = ins[16 * i + lane];
        const uint64_t want = fn == "bitfield_insert" ? ref::bitfield_insert(x, y, o, c, bits)
                              : extract                ? ref::bitfield_extract(x, o, c, bits, is_signed)
                                                       : ref::bit_reverse(x, bits);
        const uint64_t got = unpack_at(outs[0], 16 * (widths.size() * i + wi) + lane, bytes);
        if (got == want) {
          run.result.pass();
          continue;
        }
        Mismatch m;
        m.index = i;
        m.lane = int(lane);
        m.inputs = {"base = " + as_text(x, fmt, bytes)};
        if (fn == "bitfield_insert") m.inputs.push_back("insert = " + as_text(y, fmt, bytes));
        if (fn != "bit_reverse") m.inputs.push_back("offset = " + std::to_string(o) + ", count = " + std::to_string(c));
        m.output = as_text(got, rfmt, bytes);
        m.expected = as_text(want, rfmt, bytes);
        m.note = fn + " on " + p.at("type").as_string() + (widths[wi] > 1 ? std::to_string(widths[wi]) : "") +
                 " (" + p.at("section").as_string() + ")";
        m.score = 1;
        m.bits = WrongBits{fmt, rfmt, bytes, bytes, widths[wi], {x}, got, want};
        run.result.fail(std::move(m));
      }
    }
    // The scalar result's signedness: stored as (result < 0).
    if (extract) {
      const uint64_t scalar = ref::bitfield_extract(base[16 * i], o, c, bits, is_signed);
      const bool negative = rfmt == 'i' && ((scalar >> (bits - 1)) & 1);
      const uint64_t got = unpack_at(outs[1], i, 4);
      if (got == uint64_t(negative)) {
        run.result.pass();
      } else {
        Mismatch m;
        m.index = i;
        m.edge = "result type";
        m.inputs = {"base = " + as_text(base[16 * i], fmt, bytes),
                    "offset = " + std::to_string(o) + ", count = " + std::to_string(c)};
        m.output = "(result < 0) = " + std::to_string(got);
        m.expected = "(result < 0) = " + std::to_string(int(negative));
        m.note = fn + " must return the " + std::string(rfmt == 'i' ? "signed" : "unsigned") + " type (6.15.3.1)";
        m.score = 1;
        m.bits = WrongBits{'i', 'i', 4, 4, 1, {base[16 * i]}, got, uint64_t(negative)};
        run.result.fail(std::move(m));
      }
    }
  }
  run.result.detail = fn + " on " + p.at("type").as_string() + " at widths 1 to 16 (" + p.at("section").as_string() +
                      "): " + std::to_string(n) + " work-items, every one of the " + std::to_string(fields.size()) +
                      " defined (offset, count) pairs in turn; " + std::to_string(p.at("cases_in_suite").as_uint()) +
                      " cases in the suite";
}

void check_dot(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string fn = p.at("function").as_string();
  const bool as = p.at("a_signed").as_bool(), bs = p.at("b_signed").as_bool(), acc = p.at("accumulate").as_bool();
  const bool rs = p.at("result").as_string() == "int";
  const size_t n = run.count(size_t(1) << 16, size_t(1) << 22);
  const uint64_t stream = case_stream(run.c.id);
  std::vector<uint64_t> a(n), b(n), c(n);
  for (size_t i = 0; i < n; ++i) {
    // Words with 0x80, 0x7F, 0xFF and 0x00 components every 8th item.
    static const uint32_t edges[] = {0, 0xFFFFFFFFu, 0x80808080u, 0x7F7F7F7Fu, 0x807F80FFu, 0x01FF7F80u};
    const uint64_t r = counter_bits(run.opts.seed, stream, i);
    a[i] = i % 8 == 0 ? edges[(i / 8) % 6] : uint32_t(r);
    b[i] = i % 8 == 0 ? edges[(i / 48) % 6] : uint32_t(r >> 32);
    // Accumulators near both ends of the result type, where the sum saturates.
    const uint64_t q = counter_bits(run.opts.seed, stream + 1, i);
    const uint32_t near = uint32_t(q % 300000);
    switch (i % 4) {
      case 0: c[i] = rs ? uint32_t(INT32_MAX) - near : UINT32_MAX - near; break;
      case 1: c[i] = rs ? uint32_t(INT32_MIN) + near : near; break;
      case 2: c[i] = uint32_t(q >> 32); break;
      default: c[i] = uint32_t(int32_t(q >> 40) >> 4); break;
    }
  }
  const auto b0 = pack(a, 4), b1 = pack(b, 4), b2 = pack(c, 4);
  cl::Kernel k = run.kernel();
  const auto outs = run.launch(k, {&b0, &b1, &b2}, {n * 4}, n);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t x = uint32_t(a[i]), y = uint32_t(b[i]);
    const uint32_t want = acc ? ref::dot_acc_sat_4x8(x, as, y, bs, uint32_t(c[i]), rs)
                              : uint32_t(ref::dot_4x8(x, as, y, bs));
    const uint64_t got = unpack_at(outs[0], i, 4);
    if (got == want) {
      run.result.pass();
      continue;
    }
    Mismatch m;
    m.index = i;
    char hx[16], hy[16];
    std::snprintf(hx, sizeof hx, "0x%08x", x);
    std::snprintf(hy, sizeof hy, "0x%08x", y);
    m.inputs = {std::string("a = ") + hx + (as ? " (signed bytes)" : " (unsigned bytes)"),
                std::string("b = ") + hy + (bs ? " (signed bytes)" : " (unsigned bytes)")};
    if (acc) m.inputs.push_back("acc = " + as_text(c[i], rs ? 'i' : 'u', 4));
    m.output = as_text(got, rs ? 'i' : 'u', 4);
    m.expected = as_text(want, rs ? 'i' : 'u', 4);
    m.note = fn + " (" + p.at("section").as_string() + "; component 0 is the lowest byte)";
    m.score = 1;
    m.bits = WrongBits{'u', rs ? 'i' : 'u', 4, 4, 1, {x}, got, want};
    run.result.fail(std::move(m));
  }
  run.result.detail = fn + (p.at("packed").as_bool() ? "" : std::string(" on ") + (as ? "char4" : "uchar4") + " and " +
                                                         (bs ? "char4" : "uchar4")) +
                      ": " + std::to_string(n) + " work-items, edge components every 8th" +
                      (acc ? ", accumulators near both ends of the result type" : "") + "; " +
                      std::to_string(p.at("cases_in_suite").as_uint()) + " cases in the suite";
}

}  // namespace

void register_integer_ext_checks() {
  register_check("integer_ext.bits", check_bits);
  register_check("integer_ext.dot", check_dot);
}

}  // namespace clconform::suites
