// The verification of a conversions.explicit sweep, apart from any device:
// how source lanes are filled and how every width's results are compared
// with the host's conversion (conversion_values.hpp). explicit_check.cpp
// runs it on a device through harness/sweep.hpp; bench/verify_bench.cpp
// runs it on synthetic results, so the benchmark times the suite's code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case_result.hpp"
#include "conversion_inputs.hpp"
#include "manifest.hpp"
#include "reference/rounding.hpp"
#include "sweep_chunk.hpp"

namespace clconform::suites::conversions {

// What a verifying thread counts.
struct Tally {
  uint64_t passed = 0, undefined = 0, undefined_wrap = 0, flushed = 0, nan = 0;
  FailureTally failures;
  void merge(Tally& o) {
    passed += o.passed, undefined += o.undefined, undefined_wrap += o.undefined_wrap;
    flushed += o.flushed, nan += o.nan;
    failures.merge(std::move(o.failures));
  }
};

// An explicit conversion case's parameters, as the manifest gives them.
struct Conversion {
  TypeDesc src, dst;
  ref::Rounding rnd;
  bool sat;
  std::string fn;  // "convert_int_rte"
  static Conversion from_params(const json::Value& p);
};

// What the per-lane loops need of the case.
struct Job {
  const TypeDesc &src, &dst;
  ref::Rounding rnd;
  bool sat, flush_src, flush_dst;
  // -cl-finite-math-only: a NaN or infinite source or result has no verdict
  // (API spec, optimization options; harness/fp_rules.hpp).
  bool finite_only;
  const std::string& fn;
  const std::vector<unsigned>& widths;
  const SourceLanes& lanes;
};

// The fill and verify loops for a source and destination element size,
// with the sizes fixed at compile time.
struct Lanes {
  void (*fill)(const Job&, const SweepChunk&, size_t, size_t);
  void (*verify)(const Job&, const SweepChunk&, size_t, size_t, Tally&);
};
Lanes lanes_for(unsigned src_bytes, unsigned dst_bytes);

// "convert_int_rte" at width 4 is "convert_int4_rte"; "int" at 4, "int4".
std::string at_width(const std::string& fn, const TypeDesc& dst, unsigned n);
std::string vec(const TypeDesc& t, unsigned n);

}  // namespace clconform::suites::conversions
