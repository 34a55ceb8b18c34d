// vectors.loadstore: vloadn and vstoren (6.15.7) at every offset and base
// misalignment the kernel loops over. vloadn(off, p + mis) must return the
// n elements at p + mis + off * n (3 packed elements for n = 3); vstoren
// must write exactly those n elements and leave every other element of the
// region as it was.
#include "checks.hpp"
#include "vectors_checks.hpp"
#include "inputs.hpp"
#include "vector_values.hpp"

namespace clconform::suites::vectors {
namespace {

const unsigned kWidths[] = {2, 3, 4, 8, 16};

void check_loadstore(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc elem = TypeDesc::from_json(p.at("elem"));
  const bool load = p.at("direction").as_string() == "load";
  const size_t span = p.at("span").as_uint();
  const unsigned offsets = unsigned(p.at("offsets").as_uint()), misalignments = unsigned(p.at("misalignments").as_uint());
  const unsigned bytes = elem.elem_size;
  const std::string what = (load ? "vload" : "vstore");
  const std::string space = p.at("space").as_string();
  cl::Kernel k = run.kernel();

  if (load) {
    const size_t stride = p.at("stride").as_uint();
    const Elements in = distinct_elements(elem, run.opts.seed, case_stream(run.c.id), 0, span, span);
    auto raw = run.launch(k, {&in.bytes()}, {misalignments * offsets * stride * bytes}, 1);
    const Elements out(bytes, std::move(raw[0]));
    for (unsigned mis = 0; mis < misalignments; ++mis) {
      for (unsigned off = 0; off < offsets; ++off) {
        for (unsigned n : kWidths) {
          const size_t at = (mis * offsets + off) * stride + p.at("out_at").at(std::to_string(n)).as_uint();
          for (unsigned l = 0; l < n; ++l) {
            const size_t from = mis + off * n + l;
            const uint64_t want = in.get(from), got = out.get(at + l);
            if (got == want) {
              run.result.pass();
            } else {
              Mismatch m{0, int(l), {}, hex_bits(got, bytes), hex_bits(want, bytes),
                         what + std::to_string(n) + "(" + std::to_string(off) + ", " + space + " p + " +
                             std::to_string(mis) + "): lane should be element " + std::to_string(from)};
              m.bits = WrongBits{'u', 'u', bytes, bytes, n, {want}, got, want};
              run.result.fail(std::move(m));
            }
          }
        }
      }
    }
  } else {
    const size_t values = p.at("values").as_uint();
    const Elements in = distinct_elements(elem, run.opts.seed, case_stream(run.c.id), 0, values + span, values + span);
    const size_t regions = size_t(misalignments) * offsets * std::size(kWidths);
    auto raw = run.launch(k, {&in.bytes()}, {regions * span * bytes}, 1);
    const Elements out(bytes, std::move(raw[0]));
    for (unsigned mis = 0; mis < misalignments; ++mis) {
      for (unsigned off = 0; off < offsets; ++off) {
        for (size_t wi = 0; wi < std::size(kWidths); ++wi) {
          const unsigned n = kWidths[wi];
          const size_t region = ((mis * offsets + off) * std::size(kWidths) + wi) * span;
          const size_t first = mis + off * n, value_at = p.at("out_at").at(std::to_string(n)).as_uint();
          for (size_t q = 0; q < span; ++q) {
            const bool stored = q >= first && q < first + n;
            const uint64_t want = stored ? in.get(value_at + (q - first)) : in.get(values + q);
            const uint64_t got = out.get(region + q);
            if (got == want) {
              run.result.pass();
            } else {
              Mismatch m{0, int(q), {}, hex_bits(got, bytes), hex_bits(want, bytes),
                         what + std::to_string(n) + "(v, " + std::to_string(off) + ", " + space + " p + " +
                             std::to_string(mis) + "): element " + std::to_string(q) +
                             (stored ? " should hold lane " + std::to_string(q - first)
                                     : " lies outside the stored lanes and should be unchanged")};
              m.bits = WrongBits{'u', 'u', bytes, bytes, n, {want}, got, want};
              if (!stored) m.kind = "wrote_outside";
              run.result.fail(std::move(m));
            }
          }
        }
      }
    }
  }
  run.result.detail = what + "n for n = 2, 3, 4, 8, 16 in " + space + " memory at offsets 0.." +
                      std::to_string(offsets - 1) + " from base pointers misaligned by 0.." +
                      std::to_string(misalignments - 1) + " elements; " + std::to_string(run.result.checked) +
                      " elements compared";
}

}  // namespace

void register_loadstore_check() { register_check("vectors.loadstore", check_loadstore); }

}  // namespace clconform::suites::vectors
