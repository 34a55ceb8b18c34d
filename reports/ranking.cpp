#include "reports/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace clconform::reports {
namespace {

// Lower ranks sort first; statuses that need no attention are left out.
int status_rank(Status s) {
  switch (s) {
    case Status::Crash: return 0;
    case Status::Timeout: return 1;
    case Status::Error: return 2;
    case Status::Fail: return 3;
    case Status::Regression: return 3;
    case Status::KnownFail: return 4;
    case Status::XPass: return 5;
    default: return -1;
  }
}

// A failing case that checked nothing (its kernel did not build, say) failed
// as a whole.
double wrong_share(const CaseRecord& c) { return c.checked ? double(c.failed) / double(c.checked) : 1.0; }

}  // namespace

std::optional<double> worst_ulp(const CaseRecord& c) {
  if (c.metrics && c.metrics->max_ulp) return c.metrics->max_ulp;
  std::optional<double> worst;
  for (const Failure& f : c.failures) {
    if (!f.ulp) continue;
    // NaN ULP (a NaN where a number was due) counts as the worst there is.
    const double u = std::isnan(*f.ulp) ? HUGE_VAL : *f.ulp;
    if (!worst || u > *worst) worst = u;
  }
  return worst;
}

std::vector<const CaseRecord*> attention_cases(const RunData& run) {
  struct Keyed {
    int rank;
    double share, ulp;
    const CaseRecord* c;
  };
  std::vector<Keyed> keyed;
  for (const CaseRecord& c : run.cases) {
    const int rank = status_rank(c.status);
    if (rank < 0) continue;
    double ulp = worst_ulp(c).value_or(0);
    if (std::isnan(ulp)) ulp = HUGE_VAL;
    keyed.push_back({rank, wrong_share(c), ulp, &c});
  }
  std::sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    // Larger share and larger ULP first; the id makes the order total.
    return std::tie(a.rank, b.share, b.ulp, a.c->id) < std::tie(b.rank, a.share, a.ulp, b.c->id);
  });
  std::vector<const CaseRecord*> out;
  out.reserve(keyed.size());
  for (const Keyed& k : keyed) out.push_back(k.c);
  return out;
}

}  // namespace clconform::reports
