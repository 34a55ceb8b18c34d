#include "case_run.hpp"

#include <algorithm>

namespace clconform {

const BuiltProgram& CaseRun::program() { return session.programs.get(suite, suite.program_of(c)); }

cl::Kernel CaseRun::kernel() {
  const BuiltProgram& p = program();
  if (!p.ok) throw BuildFailed{&p};
  return cl::Kernel(p.program, c.kernel.c_str());
}

size_t CaseRun::count(size_t quick, size_t full) const {
  if (opts.index) return 1;
  return opts.full() ? full : quick;
}

CaseRun::Range CaseRun::range(uint64_t total) const {
  if (opts.index) return {*opts.index, *opts.index + 1};
  // Slices are cut at multiples of 48, the lcm of the vector widths 1, 2, 3,
  // 4, 8 and 16, and sweeps chunk in multiples of their widths' lcm, so every
  // vector of a sharded run holds the same inputs as in an unsharded run. It
  // matters: a device may compute a lane differently depending on the other
  // lanes of its vector (PoCL 3.1's float16 sin does), and the shards of a
  // campaign must add up to the single run's verdicts.
  // 128-bit products: TOTAL may be 2^32 * 6 and N large.
  constexpr uint64_t kAlign = 48;
  const auto cut = [&](uint64_t k) {
    if (k == opts.shards) return total;
    return uint64_t((unsigned __int128)total * k / opts.shards) / kAlign * kAlign;
  };
  const Range r{cut(opts.shard - 1), cut(opts.shard)};
  if (opts.shards > 1) slice_ = Slice{r.begin, r.end, total};
  return r;
}

FpRules CaseRun::fp_rules() const {
  return clconform::fp_rules(session.programs.options(), device().fp());
}

bool CaseRun::may_flush_denormals(unsigned elem_size) const { return fp_rules().may_flush(elem_size); }

bool CaseRun::local_size_fits(cl::Kernel& k, size_t local) {
  const size_t max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(session.handle.device);
  if (local <= max) return true;
  result.status = "unsupported";
  result.detail = "the kernel's CL_KERNEL_WORK_GROUP_SIZE " + std::to_string(max) + " is below the " +
                  std::to_string(local) + " work-items the case needs";
  return false;
}

std::vector<std::vector<uint8_t>> CaseRun::launch(cl::Kernel& k, const std::vector<const std::vector<uint8_t>*>& inputs,
                                                  const std::vector<size_t>& output_bytes, size_t global) {
  std::vector<cl::Buffer> buffers;
  cl_uint arg = 0;
  for (const auto* in : inputs) {
    // CL_MEM_COPY_HOST_PTR needs a non-null pointer and a non-zero size.
    buffers.emplace_back(session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, std::max<size_t>(in->size(), 1),
                         const_cast<uint8_t*>(in->data()));
    k.setArg(arg++, buffers.back());
  }
  std::vector<std::vector<uint8_t>> outputs;
  for (size_t bytes : output_bytes) {
    outputs.emplace_back(std::max<size_t>(bytes, 1), uint8_t(0xA5));
    buffers.emplace_back(session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, outputs.back().size(),
                         outputs.back().data());
    k.setArg(arg++, buffers.back());
  }
  if (global > 0) session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global));
  for (size_t i = 0; i < outputs.size(); ++i) {
    session.queue.enqueueReadBuffer(buffers[inputs.size() + i], CL_TRUE, 0, outputs[i].size(), outputs[i].data());
  }
  for (size_t i = 0; i < outputs.size(); ++i) outputs[i].resize(output_bytes[i]);
  return outputs;
}

}  // namespace clconform
