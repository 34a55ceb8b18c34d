// The inline SVG charts, on the shapes of data the harness may send.
#include <gtest/gtest.h>

#include <cmath>

#include "reports/html_charts.hpp"

namespace clconform::reports {
namespace {

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

TEST(Charts, UlpBarAgainstTheBound) {
  const std::string within = ulp_bar_svg(1.0, 4.0);
  EXPECT_NE(within.find("width=\"25.0\" height=\"8.0\" fill=\"#2e7d32\""), std::string::npos) << within;
  const std::string over = ulp_bar_svg(5.0, 4.0);
  EXPECT_NE(over.find("width=\"125.0\" height=\"8.0\" fill=\"#c62828\""), std::string::npos) << over;
  EXPECT_EQ(over.find("<path"), std::string::npos);  // within the drawn range: no cut-off marker
  EXPECT_NE(ulp_bar_svg(100.0, 4.0).find("<path"), std::string::npos);
  EXPECT_NE(ulp_bar_svg(NAN, 4.0).find("<title>nan ulp, bound 4</title>"), std::string::npos);
  EXPECT_NE(ulp_bar_svg(0.5, 0.0).find("fill=\"#c62828\""), std::string::npos);  // exact required, not met
  EXPECT_EQ(ulp_bar_svg(0.5, std::nullopt), "");
}

TEST(Charts, HistogramBinsLabelsAndBound) {
  Histogram h{{0, 0.5, 1, 2, 4, 8}, {1000, 100, 10, 1, 1}};
  const std::string svg = histogram_svg(h, 3.0);
  EXPECT_EQ(count(svg, "<rect"), 6u);  // five bins and the axis
  EXPECT_EQ(count(svg, "fill=\"#ef6c00\""), 1u);  // [2, 4) holds the bound
  EXPECT_EQ(count(svg, "fill=\"#c62828\""), 1u);  // [4, 8) is past it
  EXPECT_NE(svg.find("text-anchor=\"end\">8</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>bound: 3 ulp</title>"), std::string::npos);
  EXPECT_NE(svg.find("[4, 8) ulp: 1 values"), std::string::npos);
}

TEST(Charts, HistogramOddShapes) {
  // As many edges as counts: the last bin is open-ended.
  const std::string open = histogram_svg(Histogram{{0, 1, 2}, {5, 5, 5}}, 1.0);
  EXPECT_NE(open.find("[2, inf) ulp: 5 values"), std::string::npos) << open;
  // No edges, no counts, all-zero counts, many bins: drawn or skipped, never out of range.
  EXPECT_NE(histogram_svg(Histogram{{}, {1, 2}}, std::nullopt).find("<svg"), std::string::npos);
  EXPECT_EQ(histogram_svg(Histogram{{0}, {}}, 1.0), "");
  EXPECT_NE(histogram_svg(Histogram{{0, 1}, {0}}, 1.0).find("<svg"), std::string::npos);
  Histogram many;
  for (int i = 0; i <= 64; ++i) many.edges.push_back(i);
  many.counts.assign(64, 3);
  const std::string dense = histogram_svg(many, 10.0);
  EXPECT_LT(count(dense, "<text"), 15u);  // labels thinned out
}

TEST(Charts, StatusBar) {
  Counts c;
  c.cases = 4;
  c.by_status[size_t(Status::Pass)] = 3;
  c.by_status[size_t(Status::Fail)] = 1;
  const std::string svg = status_bar_svg(c);
  EXPECT_NE(svg.find("width=\"120.0\" height=\"8.0\" fill=\"#2e7d32\"><title>3 pass</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>1 fail</title>"), std::string::npos);
  EXPECT_NE(status_bar_svg(Counts{}).find("no cases"), std::string::npos);
}

}  // namespace
}  // namespace clconform::reports
