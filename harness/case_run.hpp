// Everything a check needs to run one case: the case, the device, the
// options, and where to put what it finds. Checks live in suites/; this is
// the harness side of their interface.
#pragma once

#include <CL/opencl.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include "case_result.hpp"
#include "fp_rules.hpp"
#include "manifest.hpp"
#include "options.hpp"
#include "session.hpp"

namespace clconform {

// Thrown by CaseRun::kernel() when the case's program did not build; the
// runner records the case as failed with the build log.
struct BuildFailed {
  const BuiltProgram* program;
};

class CaseRun {
 public:
  CaseRun(const Case& c, const Suite& s, Session& session, const RunOptions& opts, CaseResult& result)
      : c(c), suite(s), session(session), opts(opts), result(result) {}

  const Case& c;
  const Suite& suite;
  Session& session;
  const RunOptions& opts;
  CaseResult& result;

  const DeviceInfo& device() const { return session.info(); }
  const BuiltProgram& program();  // never throws for a failed build
  cl::Kernel kernel();            // throws BuildFailed

  // The input vectors this run covers: [first(), first() + count(...)).
  // With --index only that one vector runs.
  uint64_t first() const { return opts.index ? *opts.index : 0; }
  size_t count(size_t quick, size_t full) const;

  // The part of a sweep over [0, TOTAL) inputs that this run covers: the
  // --shard K/N slice [TOTAL*(K-1)/N, TOTAL*K/N), each end rounded down to a
  // multiple of 48 (the last is TOTAL), or just the --index input.
  // Sweeps should take their inputs from here.
  struct Range {
    uint64_t begin, end;
    uint64_t size() const { return end - begin; }
  };
  Range range(uint64_t total) const;

  // The slice of a sweep this run covered, when it took one with --shard
  // K/N (N > 1): the worker records it, so that `clconform merge` can check
  // that the shards' slices tile the sweep and add their counts.
  struct Slice {
    uint64_t begin, end, total;
  };
  const std::optional<Slice>& slice() const { return slice_; }

  // The numerical freedoms of this run's build options on this device
  // (fp_rules.hpp: the options' table, 7.4's tables, 7.5.3's flushing),
  // read here for every suite that judges floating-point results.
  FpRules fp_rules() const;
  // Whether denormals of the float format of ELEM_SIZE bytes may be flushed.
  bool may_flush_denormals(unsigned elem_size) const;

  // Whether kernel K can run work-groups of LOCAL work-items; if not, the
  // case is recorded as unsupported with the reason (a work-group limit is
  // no defect).
  bool local_size_fits(cl::Kernel& k, size_t local);

  // Runs the kernel over GLOBAL work-items with the given input buffers then
  // output buffers as its arguments, in that order, and returns the outputs.
  // Outputs start filled with 0xA5 bytes, so a lane the kernel never wrote is
  // visible.
  std::vector<std::vector<uint8_t>> launch(cl::Kernel& k, const std::vector<const std::vector<uint8_t>*>& inputs,
                                           const std::vector<size_t>& output_bytes, size_t global);

 private:
  mutable std::optional<Slice> slice_;
};

}  // namespace clconform
