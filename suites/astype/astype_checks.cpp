// astype.bits: as_typen() between equal-size types (OpenCL C 6.4.4.2). With
// the same number of components, or a 4-component operand and a 3-component
// result, every bit of the operand must come back unchanged: compared lane by
// lane, byte for byte, on edge patterns (NaN payloads, signalling NaNs,
// denormals, -0) that an arithmetic path would disturb. Other pairs are
// implementation-defined: they run, and the record says how many vectors kept
// their bits, but they are not judged.
#include <algorithm>
#include <cstring>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::suites {
namespace {

std::string pattern_name(const TypeDesc& t, uint64_t bits) {
  if (t.kind != TypeDesc::Kind::Float) return "";
  ref::FpClass c = t.elem_size == 2   ? ref::classify<ref::Half>(uint16_t(bits))
                   : t.elem_size == 4 ? ref::classify<ref::Float>(uint32_t(bits))
                                      : ref::classify<ref::Double>(bits);
  return ref::fp_class_name(c);
}

void check_astype(CaseRun& run) {
  TypeDesc src = TypeDesc::from_json(run.c.params.at("src"));
  TypeDesc dst = TypeDesc::from_json(run.c.params.at("dst"));
  const bool defined = run.c.params.at("defined").as_bool();
  cl::Kernel k = run.kernel();
  const size_t n = run.count(2048, 1 << 18);
  auto in = make_vectors(src, run.opts.seed, case_stream(run.c.id), run.first(), n);
  auto out = run.launch(k, {&in}, {n * dst.size()}, n);

  if (!defined) {
    // Only the bytes both types give meaning to (3-vectors' padding has none).
    const size_t meaningful = std::min(size_t(src.elem_size) * src.n, size_t(dst.elem_size) * dst.n);
    size_t kept = 0;
    for (size_t v = 0; v < n; ++v) {
      kept += std::memcmp(&in[v * src.size()], &out[0][v * dst.size()], meaningful) == 0;
    }
    run.result.checked = n;
    run.result.status = "info";
    run.result.detail = "implementation-defined (different component counts): the first " + std::to_string(meaningful) +
                        " bytes were kept in " + std::to_string(kept) + " of " + std::to_string(n) + " vectors";
    return;
  }
  // Defined pairs have equal element sizes; lanes beyond dst.n (a 3-vector's
  // fourth) are undefined.
  for (size_t v = 0; v < n; ++v) {
    for (unsigned l = 0; l < dst.n; ++l) {
      uint64_t want = read_lane(in, src, v, l);
      uint64_t got = read_lane(out[0], dst, v, l);
      if (got == want) {
        run.result.pass();
        continue;
      }
      std::string what = pattern_name(src, want);
      Mismatch m{run.first() + v, int(l), {hex_bits(want, src.elem_size)}, hex_bits(got, dst.elem_size),
                 hex_bits(want, src.elem_size), what.empty() ? "bits changed" : what + " changed"};
      m.bits = WrongBits{src.bits_format(), dst.bits_format(), src.elem_size, dst.elem_size, dst.n, {want}, got, want};
      run.result.fail(std::move(m));
    }
  }
  run.result.detail = run.result.failed() ? std::to_string(run.result.failed()) + " of " +
                                              std::to_string(run.result.checked) + " lanes changed"
                                        : std::to_string(run.result.checked) + " lanes, bits identical";
}

}  // namespace

void register_astype_checks() { register_check("astype.bits", check_astype); }

}  // namespace clconform::suites
