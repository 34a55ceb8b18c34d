// The conversions suite's registration and the sweep sizes its checks share.
#include "conversions_checks.hpp"

#include <algorithm>

namespace clconform::suites {
namespace conversions {

// 48 = lcm(1, 2, 3, 4, 8, 16); 4096 = PoCL's largest work-group.
constexpr uint64_t kUnit = 48 * 4096;

size_t SweepPlan::chunk_lanes(uint64_t total) const {
  if (total <= quick_lanes) return size_t(std::max<uint64_t>(total, 1));  // one chunk
  return size_t(cpu_chunk);
}

SweepPlan plan_sweep(CaseRun& run) {
  const bool cpu = (run.session.handle.device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
  // The narrowest width (16) gets kUnit / 16 = 3 groups of 4096 per unit.
  const uint64_t units = cpu ? std::max<uint64_t>(1, (run.device().compute_units + 2) / 3) : 1;
  return {kUnit * units, cpu ? kUnit * units * 16 : 0};
}

}  // namespace conversions

void register_conversions_checks() {
  conversions::register_explicit_check();
  conversions::register_scalar_checks();
}

}  // namespace clconform::suites
