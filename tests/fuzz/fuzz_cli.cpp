// Any bytes as the arguments of `clconform run` (split at NUL bytes): the
// option reader and every option value's reader (--device, --filter,
// --shard, --timeout, --index, --seed, ...) either refuse them with a
// SetupError or give options within their documented ranges.
#include <cstdlib>
#include <string>
#include <vector>

#include "device.hpp"
#include "errors.hpp"
#include "glob.hpp"
#include "run_options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  std::vector<std::string> args(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      args.emplace_back();
    else
      args.back() += char(data[i]);
  }
  try {
    const CliArgs a(args, kRunValued, kRunFlags);
    const RunOptions o = run_options(a, "known_failures.json");
    if (o.shards == 0 || o.shard == 0 || o.shard > o.shards) std::abort();
    if (!(o.timeout_s >= 0 && o.timeout_s <= double(kMaxTimeoutS))) std::abort();
    if (o.mode != "quick" && o.mode != "full") std::abort();
    for (const char* id : {"math.sin.float4", "types.int.literal_hex", "", "a,b"}) filter_selects(o.filter, id);
    std::vector<DeviceInfo> devices(2);
    devices[0].selector = "0:0";
    devices[0].name = "cpu";
    devices[1].selector = "1:0";
    devices[1].name = "GPU";
    try {
      if (pick_device(devices, o.device) >= devices.size()) std::abort();
    } catch (const SetupError&) {
    }
  } catch (const SetupError&) {
  }
  return 0;
}
