#include "reports/html_charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "reports/escape.hpp"
#include "reports/format.hpp"

namespace clconform::reports {
namespace {

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string rect(double x, double y, double w, double h, const char* fill, const std::string& title = "") {
  std::string r = "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(h) +
                  "\" fill=\"" + fill + "\"";
  return title.empty() ? r + "/>" : r + "><title>" + escape_text(title) + "</title></rect>";
}

std::string edge_text(double e) { return std::isinf(e) ? "inf" : format_ulp(e); }

}  // namespace

const char* status_colour(Status s) {
  switch (s) {
    case Status::Pass: return "#2e7d32";
    case Status::Fail: return "#c62828";
    case Status::KnownFail: return "#ef6c00";
    case Status::XPass: return "#7b1fa2";
    case Status::Unsupported: return "#9e9e9e";
    case Status::Info: return "#1565c0";
    case Status::Timeout: return "#ad1457";
    case Status::Crash: return "#212121";
    case Status::Error: return "#6d4c41";
    case Status::Regression: return "#f9a825";
  }
  return "#000";
}

std::string ulp_bar_svg(std::optional<double> ulp, std::optional<double> bound) {
  constexpr double kBoundX = 100, kWidth = 150, kHeight = 12;
  if (!ulp || !bound) return "";
  const double u = std::isnan(*ulp) ? HUGE_VAL : *ulp;
  // With a bound of 0 (exact results) any error is off the scale.
  const double ratio = *bound > 0 ? u / *bound : (u > 0 ? HUGE_VAL : 0);
  const double w = std::min(ratio, 1.5) * kBoundX;
  std::string svg = "<svg class=\"bar\" width=\"150\" height=\"12\" viewBox=\"0 0 150 12\" role=\"img\"><title>" +
                    escape_text(format_ulp(ulp) + " ulp, bound " + format_ulp(bound)) + "</title>";
  svg += rect(0, 2, kWidth, kHeight - 4, "#eceff1");
  svg += rect(0, 2, w, kHeight - 4, ratio > 1 ? "#c62828" : "#2e7d32");
  if (ratio > 1.5) svg += "<path d=\"M142 1 L150 6 L142 11 Z\" fill=\"#7f0000\"/>";
  svg += rect(kBoundX - 1, 0, 2, kHeight, "#263238");
  return svg + "</svg>";
}

std::string histogram_svg(const Histogram& h, std::optional<double> bound) {
  constexpr double kLeft = 6, kTop = 10, kPlotH = 86, kWidth = 300, kLabelGap = 28;
  const size_t n = h.counts.size();
  if (n == 0) return "";
  const uint64_t most = *std::max_element(h.counts.begin(), h.counts.end());
  const double bin_w = (kWidth - 2 * kLeft) / double(n);
  const double scale = most ? kPlotH / std::log10(1.0 + double(most)) : 0;
  auto edge = [&](size_t i) { return i < h.edges.size() ? h.edges[i] : HUGE_VAL; };
  auto x_of = [&](size_t i) { return kLeft + double(i) * bin_w; };

  std::string svg = "<svg class=\"hist\" width=\"300\" height=\"120\" viewBox=\"0 0 300 120\" role=\"img\">";
  svg += "<title>error histogram, counts on a log scale</title>";
  for (size_t i = 0; i < n; ++i) {
    const double lo = edge(i), hi = edge(i + 1);
    const double bar_h = h.counts[i] ? std::max(1.0, scale * std::log10(1.0 + double(h.counts[i]))) : 0;
    // Red: every value in the bin is past the bound; amber: the bound splits the bin.
    const char* fill = !bound || hi <= *bound ? "#1565c0" : lo >= *bound ? "#c62828" : "#ef6c00";
    const std::string range = "[" + edge_text(lo) + ", " + edge_text(hi) + ") ulp: " + format_count(h.counts[i]) + " values";
    svg += rect(x_of(i) + 1, kTop + kPlotH - bar_h, std::max(1.0, bin_w - 2), bar_h, fill, range);
  }
  svg += rect(kLeft, kTop + kPlotH, kWidth - 2 * kLeft, 1, "#263238");

  // Edge labels under the bin boundaries, thinned so they never overlap;
  // the last finite edge is always labelled, right-aligned at the end.
  auto label = [&](size_t i, const char* anchor) {
    svg += "<text x=\"" + num(x_of(i)) + "\" y=\"" + num(kTop + kPlotH + 12) + "\" font-size=\"9\" text-anchor=\"" +
           anchor + "\">" + escape_text(edge_text(h.edges[i])) + "</text>";
  };
  if (!h.edges.empty()) {
    const size_t last = std::min(n, h.edges.size() - 1);
    const size_t step = std::max<size_t>(1, size_t(std::ceil(kLabelGap / bin_w)));
    for (size_t i = 0; i < last; i += step) {
      if (x_of(last) - x_of(i) >= kLabelGap) label(i, "start");
    }
    label(last, last == 0 ? "start" : "end");
  }

  // The bound as a dashed line, placed linearly inside the bin that holds it.
  if (bound) {
    double x = x_of(n);
    for (size_t i = 0; i < n; ++i) {
      const double lo = edge(i), hi = edge(i + 1);
      if (*bound >= lo && *bound < hi) {
        x = x_of(i) + (std::isinf(hi) ? 0 : bin_w * (*bound - lo) / (hi - lo));
        break;
      }
    }
    svg += "<line x1=\"" + num(x) + "\" y1=\"" + num(kTop - 4) + "\" x2=\"" + num(x) + "\" y2=\"" + num(kTop + kPlotH) +
           "\" stroke=\"#263238\" stroke-dasharray=\"3 2\"><title>bound: " + escape_text(format_ulp(bound)) +
           " ulp</title></line>";
  }
  return svg + "</svg>";
}

std::string status_bar_svg(const Counts& c) {
  constexpr double kWidth = 160;
  std::string svg = "<svg class=\"bar\" width=\"160\" height=\"12\" viewBox=\"0 0 160 12\" role=\"img\">";
  if (c.cases == 0) return svg + rect(0, 2, kWidth, 8, "#eceff1", "no cases") + "</svg>";
  double x = 0;
  for (int i = 0; i < kStatusCount; ++i) {
    const uint64_t k = c.by_status[i];
    if (!k) continue;
    const double w = kWidth * double(k) / double(c.cases);
    svg += rect(x, 2, w, 8, status_colour(Status(i)), format_count(k) + " " + status_name(Status(i)));
    x += w;
  }
  return svg + "</svg>";
}

}  // namespace clconform::reports
