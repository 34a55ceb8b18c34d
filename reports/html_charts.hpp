// Inline SVG charts for the HTML reports: drawn on the server side so they
// show with JavaScript off and in a report opened from a CI artifact.
#pragma once

#include <optional>
#include <string>

#include "reports/reports.hpp"

namespace clconform::reports {

// A bar of the ULP error against its bound: the bound is a fixed tick, the
// bar green up to it and red beyond, cut off (with a marker) past 1.5 bounds.
std::string ulp_bar_svg(std::optional<double> ulp, std::optional<double> bound);

// One bar per histogram bin, equally wide (bins are usually powers of two
// apart), heights on a log scale so a few bad values next to millions of
// exact ones still show; bins past the bound in red, the bound dashed.
std::string histogram_svg(const Histogram& h, std::optional<double> bound);

// A suite's cases as one stacked bar, a colour per status.
std::string status_bar_svg(const Counts& c);

// The colour of each status, shared by the charts and the CSS.
const char* status_colour(Status s);

}  // namespace clconform::reports
