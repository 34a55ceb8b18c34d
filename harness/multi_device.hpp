// `clconform run --device A,B` (or `all`): one supervisor, with its own
// worker, per device, all at once. Without --split every device runs every
// case into OUT/<device folder>/ and OUT/comparison.html compares them; with
// --split the k-th of N devices runs the slice --shard k/N of every sweep
// into its folder and the slices are merged (merge.hpp) into OUT itself.
// OUT/devices.json says which folder holds which device, so that --resume OUT
// and `clconform report OUT` know the layout.
#pragma once

#include <string>

#include "options.hpp"

namespace clconform {

// "all", or a comma list of selectors.
bool is_device_list(const std::string& selector);
// DIR holds a several-device run (DIR/devices.json).
bool is_multi_device_folder(const std::string& dir);

// Runs OPTS on every listed device (or, resuming, on those of OPTS.out_dir's
// devices.json). Returns the worst exit code of the devices (2, then 1).
int run_on_devices(const RunOptions& opts, bool split);

// `clconform report DIR` for a several-device folder: every device's reports
// and the comparison (or, for --split, the merged folder's reports).
int report_devices(const std::string& dir);

}  // namespace clconform
