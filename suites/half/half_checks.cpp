// The half suite's checks (OpenCL C 3.0 spec 6.15.7 and 6.3.1).
//
// half.load: vload_half*, vloada_half* read every one of the 65536 half bit
// patterns (each lane a different one) and must return the exact float
// (reference/format_convert); a NaN must stay a NaN, any payload (the detail
// says how many kept theirs). Half storage never flushes denormals, whatever
// the build options.
//
// half.store: vstore_half*, vstorea_half* from float or double, in the
// default mode and each explicit rounding mode, must store the correctly
// rounded half, lane by lane, with the layout the spec gives (vstore_half3
// packs 3 halves and nothing beyond; vstorea_half3 writes 3 of each aligned
// 4-half group; its fourth half is the half3's padding, which the spec's
// "the half3 value is written" does not forbid writing, so it is counted in
// the detail but not judged). Quick mode: edge values around every rounding
// boundary plus a seeded random sample; full mode (float): all 2^32 inputs,
// in chunks. Half results are never flushed; where the build or device may
// flush float (double) denormals, a denormal operand may first become a zero
// of either sign (FTZ rule 3), so that zero is accepted too.
//
// half.reject: compile.reject, but only on a device without cl_khr_fp16.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites {
namespace {

using ref::Double;
using ref::Float;
using ref::Half;
using ref::Rounding;

template <typename F>
bool is_nan_bits(typename F::Bits b) {
  return (b & F::exponent_mask) == F::exponent_mask && (b & F::mantissa_mask) != 0;
}

template <typename T>
T get_le(const std::vector<uint8_t>& buf, size_t elem) {
  T v;
  std::memcpy(&v, buf.data() + elem * sizeof(T), sizeof(T));
  return v;
}

template <typename T>
void put_le(std::vector<uint8_t>& buf, size_t elem, T v) {
  std::memcpy(buf.data() + elem * sizeof(T), &v, sizeof(T));
}

// ---- loads ------------------------------------------------------------------

void check_load(CaseRun& run) {
  const unsigned n = unsigned(run.c.params.at("n").as_int());
  const unsigned stride = unsigned(run.c.params.at("stride").as_int());
  const cl_uint shift = cl_uint(run.c.params.at("shift").as_int());
  cl::Kernel k = run.kernel();
  // Work-item w, lane l reads pattern (w * n + l) mod 2^16; every pattern is
  // read at least once. Launches stay within 32 KiB of input (the smallest
  // __constant buffer a device may offer is 64 KiB).
  const uint64_t total = run.opts.index ? 1 : (65536 + n - 1) / n;
  const uint64_t per = 16384 / std::max(n, stride);
  uint64_t nan_lanes = 0, nan_kept = 0;
  for (uint64_t w0 = 0; w0 < total; w0 += per) {
    const size_t count = size_t(std::min(per, total - w0));
    const uint64_t first = run.first() + w0;
    std::vector<uint8_t> in((shift + count * stride) * 2);
    for (size_t e = 0; e < in.size() / 2; ++e) put_le<uint16_t>(in, e, 0x5A5A);
    for (size_t w = 0; w < count; ++w) {
      for (unsigned l = 0; l < n; ++l) put_le<uint16_t>(in, shift + w * stride + l, uint16_t((first + w) * n + l));
    }
    k.setArg(2, shift);
    auto out = run.launch(k, {&in}, {count * n * 4}, count);
    for (size_t w = 0; w < count; ++w) {
      for (unsigned l = 0; l < n; ++l) {
        const uint16_t h = uint16_t((first + w) * n + l);
        const uint32_t want = ref::convert<Half, Float>(h);
        const uint32_t got = get_le<uint32_t>(out[0], w * n + l);
        if (is_nan_bits<Half>(h)) {
          ++nan_lanes;
          if (is_nan_bits<Float>(got)) {
            nan_kept += got == want;
            run.result.pass();
            continue;
          }
          run.result.fail({first + w, int(l), {hex_bits(h, 2)}, hex_bits(got, 4), hex_bits(want, 4),
                           "a NaN must load as a NaN (any payload)"});
          continue;
        }
        if (got == want) {
          run.result.pass();
          continue;
        }
        const bool denorm = (h & Half::exponent_mask) == 0 && (h & Half::mantissa_mask) != 0;
        run.result.fail({first + w, int(l), {hex_bits(h, 2)}, hex_bits(got, 4), hex_bits(want, 4),
                         denorm ? "half denormal changed (half storage never flushes)" : "not the exact float"});
      }
    }
  }
  run.result.detail = run.c.params.at("fn").as_string() + " from __" + run.c.params.at("space").as_string() + ": " +
                      std::to_string(run.result.checked) + " lanes (every half pattern), exact; NaN payloads kept in " +
                      std::to_string(nan_kept) + " of " + std::to_string(nan_lanes) + " NaN lanes";
  if (run.result.failed) {  // CaseResult::fail has set the status
    run.result.detail = std::to_string(run.result.failed) + " of " + std::to_string(run.result.checked) +
                        " lanes wrong; " + run.result.detail;
  }
}

// ---- stores -----------------------------------------------------------------

// Points around one positive half value A (float or double T): A, its
// neighbours, the midpoint to the next half B and the midpoint's neighbours.
template <typename T>
void around(std::vector<T>& out, T a, T b) {
  const T mid = (a + b) / 2;  // exact: halves have 11 significant bits
  const T inf = std::numeric_limits<T>::infinity();
  for (T v : {a, std::nextafter(a, inf), std::nextafter(a, T(0)), mid, std::nextafter(mid, inf),
              std::nextafter(mid, T(0))}) {
    out.push_back(v);
    out.push_back(-v);
  }
}

template <typename T>
std::vector<T> half_boundaries() {
  std::vector<uint16_t> hs;
  for (uint16_t h = 0; h <= Half::max_subnormal_bits; ++h) hs.push_back(h);
  for (uint16_t e = 1; e <= 30; ++e) {
    for (uint16_t m : {0, 1, 2, 0x155, 0x1FF, 0x200, 0x201, 0x2AA, 0x3FE, 0x3FF}) hs.push_back(uint16_t(e << 10 | m));
  }
  std::vector<T> out;
  for (uint16_t h : hs) {
    const T a = T(ref::half_to_double(h));
    const T b = h == Half::max_finite_bits ? T(65536) : T(ref::half_to_double(uint16_t(h + 1)));
    around(out, a, b);
  }
  return out;
}

template <typename F>
typename F::Bits bits_of(typename F::Value v) {
  typename F::Bits b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

std::vector<uint64_t> store_edges(bool dbl) {
  std::vector<uint64_t> out;
  std::vector<uint32_t> fextra = {
      0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
      0x7FA00000, 0x7FBFFFFF, 0xFFFFFFFF, 0x7FC01234, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000001, 0x80000001,
      0x007FFFFF, 0x807FFFFF, 0x00800000, 0x80800000, 0x00400000, 0x33000000, 0x33000001, 0x32FFFFFF,
      0x32800000, 0xB2800000, 0xB3000000, 0xB3000001, 0x477FE000, 0x477FE001, 0x477FDFFF, 0x477FEFFF,
      0x477FF000, 0x477FF001, 0x477FFFFF, 0x47800000, 0x47800001, 0x48000000, 0x501502F9, 0x38800000,
      0x387FFFFF, 0x387FC000, 0x387FE000, 0x387FF000, 0x3F800000, 0x3F800001, 0x3F801000, 0x3F801001};
  std::vector<uint32_t> fneg;
  for (uint32_t f : fextra) fneg.push_back(f ^ 0x80000000u);
  fextra.insert(fextra.end(), fneg.begin(), fneg.end());
  if (!dbl) {
    out.assign(fextra.begin(), fextra.end());
    for (float v : half_boundaries<float>()) out.push_back(bits_of<Float>(v));
    return out;
  }
  for (uint32_t f : fextra) out.push_back(ref::convert<Float, Double>(f));
  for (uint64_t d : {0x7FF0000000000001ull, 0x7FF8000000000000ull, 0x7FF0000000000000ull, 0x7FEFFFFFFFFFFFFFull,
                     0x0000000000000001ull, 0x000FFFFFFFFFFFFFull, 0x0010000000000000ull, 0x7FF4000000000000ull,
                     0x7FF0000000001000ull, 0x3E70000000000000ull, 0x3E70000000000001ull, 0x3E6FFFFFFFFFFFFFull,
                     0x40EFFE0000000000ull, 0x40EFFE0000000001ull, 0x40EFFDFFFFFFFFFFull, 0x40EFFC0000000001ull}) {
    out.push_back(d);
    out.push_back(d ^ 0x8000000000000000ull);
  }
  for (double v : half_boundaries<double>()) out.push_back(bits_of<Double>(v));
  return out;
}

// Random lanes: odd ones have an exponent in or near half's range, even ones
// are random bits (every float or double exponent equally likely).
uint64_t random_lane(bool dbl, uint64_t r) {
  if (r & 1) {
    if (dbl) {
      const uint64_t e = 1023 - 27 + (r >> 1) % 46;
      return (r & 0x800FFFFFFFFFFFFFull) | (e << 52);
    }
    const uint64_t e = 127 - 27 + (r >> 1) % 46;
    return uint32_t((r >> 32 & 0x807FFFFFu) | (e << 23));
  }
  return dbl ? r : uint32_t(r >> 32);
}

constexpr uint64_t kQuickRandom = 8192;
constexpr uint64_t kChunkLanes = uint64_t(1) << 24;

struct StoreVerdict {
  uint64_t passed = 0, failed = 0, nan_lanes = 0, padding_kept = 0, flushed = 0;
  std::vector<Mismatch> kept;
};

void check_store(CaseRun& run) {
  const unsigned n = unsigned(run.c.params.at("n").as_int());
  const unsigned stride = unsigned(run.c.params.at("stride").as_int());
  const bool dbl = run.c.params.at("from").as_string() == "double";
  const std::string mode_name = run.c.params.at("rounding").as_string();
  const Rounding rnd = *ref::parse_rounding(mode_name);
  const unsigned esz = dbl ? 8 : 4;
  cl::Kernel k = run.kernel();

  const bool full = run.opts.full();  // --index keeps the mode's lane numbering
  const std::vector<uint64_t> edges = full && !dbl ? std::vector<uint64_t>{} : store_edges(dbl);
  const uint64_t stream = case_stream(run.c.id);
  const uint64_t random_lanes = full ? (uint64_t(1) << 28) : kQuickRandom;
  // Lane e of the whole input sequence; vector v holds lanes v*n .. v*n+n-1.
  auto lane_value = [&](uint64_t e) -> uint64_t {
    if (full && !dbl) return uint32_t(e);
    if (e < edges.size()) return edges[e];
    return random_lane(dbl, counter_bits(run.opts.seed, stream, e));
  };
  const uint64_t total_lanes = full && !dbl ? (uint64_t(1) << 32) : edges.size() + random_lanes;
  const uint64_t total_vectors = run.opts.index ? 1 : (total_lanes + n - 1) / n;
  const uint64_t per = std::max<uint64_t>(1, kChunkLanes / n);
  const unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  uint64_t nan_lanes = 0, padding_kept = 0, groups = 0, flushed = 0;
  const bool flush_inputs = run.may_flush_denormals(esz);

  for (uint64_t v0 = 0; v0 < total_vectors; v0 += per) {
    const size_t count = size_t(std::min(per, total_vectors - v0));
    const uint64_t first = run.first() + v0;
    std::vector<uint8_t> in(count * n * esz);
    for (size_t i = 0; i < count * n; ++i) {
      const uint64_t x = lane_value(first * n + i);
      if (dbl) put_le<uint64_t>(in, i, x); else put_le<uint32_t>(in, i, uint32_t(x));
    }
    // Four halves beyond the last element catch a store that writes past its
    // vector (a packed vstore_half3 writing 4 halves).
    auto out = run.launch(k, {&in}, {count * stride * 2 + 8}, count);
    const auto& o = out[0];
    groups += count;
    for (unsigned t = 0; t < 4; ++t) {
      const uint16_t got = get_le<uint16_t>(o, count * stride + t);
      if (got == 0xA5A5) {
        run.result.pass();
      } else {
        run.result.fail({first + count - 1, -1, {}, hex_bits(got, 2), hex_bits(0xA5A5, 2),
                         "wrote past the last vector's halves (half " + std::to_string(t) + " beyond the end)", 1e9});
      }
    }

    std::vector<StoreVerdict> verdicts(threads);
    auto verify = [&](unsigned t) {
      StoreVerdict& sv = verdicts[t];
      const size_t lo = count * t / threads, hi = count * (t + 1) / threads;
      for (size_t v = lo; v < hi; ++v) {
        for (unsigned l = 0; l < stride; ++l) {
          const uint16_t got = get_le<uint16_t>(o, v * stride + l);
          if (l >= n) {
            // vstorea_half3's fourth half: the spec writes "the half3 value",
            // whose storage (6.3.5) has 4 halves, so the padding may be
            // written; counted for the detail, not judged.
            sv.padding_kept += got == 0xA5A5;
            continue;
          }
          const uint64_t x = dbl ? get_le<uint64_t>(in, v * n + l) : get_le<uint32_t>(in, v * n + l);
          const uint16_t want = dbl ? ref::convert<Double, Half>(x, rnd) : ref::convert<Float, Half>(uint32_t(x), rnd);
          const bool nan_in = dbl ? is_nan_bits<Double>(x) : is_nan_bits<Float>(uint32_t(x));
          if (nan_in) ++sv.nan_lanes;
          const bool ok = nan_in ? is_nan_bits<Half>(got) : got == want;
          if (ok) {
            ++sv.passed;
            continue;
          }
          // A flushing build may flush a denormal float/double operand to a
          // zero of either sign first (OpenCL C 3.0 spec 7.5.3, "Edge Case
          // Behavior in Flush to Zero Mode", rule 3); the half result of a
          // zero is that zero. Half results themselves are never flushed.
          const bool denorm_in = dbl ? (x & Double::exponent_mask) == 0 && (x & Double::mantissa_mask) != 0
                                     : (x & Float::exponent_mask) == 0 && (x & Float::mantissa_mask) != 0;
          if (flush_inputs && denorm_in && (got == 0x0000 || got == 0x8000)) {
            ++sv.passed;
            ++sv.flushed;
            continue;
          }
          ++sv.failed;
          if (sv.kept.size() < CaseResult::kKeep) {
            std::string note = nan_in ? "a NaN must store as a NaN" : std::string("not correctly rounded (") +
                                                                           ref::rounding_name(rnd) + ")";
            sv.kept.push_back({first + v, int(l), {hex_bits(x, esz)}, hex_bits(got, 2), hex_bits(want, 2), note,
                               double(std::abs(int(got & 0x7FFF) - int(want & 0x7FFF)))});
          }
        }
      }
    };
    if (count * n < 65536 || threads == 1) {
      for (unsigned t = 0; t < threads; ++t) verify(t);
    } else {
      std::vector<std::thread> pool;
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back(verify, t);
      for (auto& th : pool) th.join();
    }
    for (auto& sv : verdicts) {
      run.result.pass(sv.passed);
      nan_lanes += sv.nan_lanes;
      padding_kept += sv.padding_kept;
      flushed += sv.flushed;
      for (auto& m : sv.kept) run.result.fail(std::move(m));
      const uint64_t extra = sv.failed - sv.kept.size();
      run.result.failed += extra;
      run.result.checked += extra;
    }
  }
  std::string what = full && !dbl ? "every float input" : std::to_string(edges.size()) + " edge values + " +
                                                              std::to_string(random_lanes) + " seeded random";
  run.result.detail = run.c.params.at("fn").as_string() + " from " + (dbl ? "double" : "float") + ", " +
                      ref::rounding_name(rnd) + ": " + std::to_string(run.result.checked) + " values checked (" +
                      what + "; " + std::to_string(nan_lanes) + " NaN lanes accepted as any NaN)";
  if (flush_inputs)
    run.result.detail += "; " + std::to_string(flushed) + " denormal operands flushed to zero (allowed: the build may flush)";
  if (stride > n)
    run.result.detail += "; 4th half of each aligned group (may be written) left untouched in " +
                         std::to_string(padding_kept) + " of " + std::to_string(groups);
  if (run.result.failed) {  // CaseResult::fail has set the status
    run.result.detail = std::to_string(run.result.failed) + " wrong; " + run.result.detail;
  }
}

// ---- rejects ----------------------------------------------------------------

void check_reject(CaseRun& run) {
  if (run.device().fp16) {
    run.result.status = "unsupported";
    run.result.detail = "the device has cl_khr_fp16, where this is legal";
    return;
  }
  find_check("compile.reject")(run);
}

}  // namespace

void register_half_checks() {
  register_check("half.load", check_load);
  register_check("half.store", check_store);
  register_check("half.reject", check_reject);
}

}  // namespace clconform::suites
