// half.load: vload_half*, vloada_half* (OpenCL C 3.0 spec 6.15.7) read every
// one of the 65536 half bit patterns (each lane a different one) and must
// return the exact float (reference/format_convert); a NaN must stay a NaN,
// any payload (the detail says how many kept theirs). Half storage never
// flushes denormals, whatever the build options: a half denormal is a normal
// float.
#include <algorithm>

#include "checks.hpp"
#include "half_bits.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites::half {

using ref::Float;
using ref::Half;

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
        if (ref::is_nan<Half>(h)) {
          ++nan_lanes;
          if (ref::is_nan<Float>(got)) {
            nan_kept += got == want;
            run.result.pass();
            continue;
          }
          Mismatch m{first + w, int(l), {hex_bits(h, 2)}, hex_bits(got, 4), hex_bits(want, 4),
                     "a NaN must load as a NaN (any payload)"};
          m.bits = WrongBits{'h', 'f', 2, 4, n, {h}, got, want};
          run.result.fail(std::move(m));
          continue;
        }
        if (got == want) {
          run.result.pass();
          continue;
        }
        const bool denorm = ref::is_subnormal<Half>(h);
        Mismatch m{first + w, int(l), {hex_bits(h, 2)}, hex_bits(got, 4), hex_bits(want, 4),
                   denorm ? "half denormal changed (half storage never flushes)" : "not the exact float"};
        m.bits = WrongBits{'h', 'f', 2, 4, n, {h}, got, want};
        run.result.fail(std::move(m));
      }
    }
  }
  run.result.detail = run.c.params.at("fn").as_string() + " from __" + run.c.params.at("space").as_string() + ": " +
                      std::to_string(run.result.checked) + " lanes (every half pattern), exact; NaN payloads kept in " +
                      std::to_string(nan_kept) + " of " + std::to_string(nan_lanes) + " NaN lanes";
  if (run.result.failed()) {  // CaseResult::fail has set the status
    run.result.detail = std::to_string(run.result.failed()) + " of " + std::to_string(run.result.checked) +
                        " lanes wrong; " + run.result.detail;
  }
}

}  // namespace clconform::suites::half
