// DIR/run.json: what was run, where, when (see RESULTS.md).
#pragma once

#include <string>

#include "device.hpp"
#include "json.hpp"
#include "options.hpp"
#include "selection.hpp"

namespace clconform {

// The current time in strftime FORMAT, in UTC or local time.
std::string format_now(const char* format, bool utc);
std::string utc_now_iso();
std::string clconform_version();

// Written when the worker opens the device; keeps "started" of an earlier
// run.json in the same folder when resuming.
void write_run_started(const RunOptions& opts, const Selection& sel, const DeviceInfo& device);
// Adds "finished" and "duration_s" once every case has a record.
void write_run_finished(const RunOptions& opts, double duration_s);

}  // namespace clconform
