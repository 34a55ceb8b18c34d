// The one-word outcome every report leads with, decided in one place so the
// text, Markdown and HTML forms never disagree.
#pragma once

#include "reports/reports.hpp"

namespace clconform::reports {

enum class Verdict { Pass, Fail, Incomplete, NoCases };

// A failure outranks everything; a run that stopped early is incomplete
// even if what finished passed; a finished run with no case proves nothing.
inline Verdict verdict_of(const RunData& run, const Counts& total) {
  if (total.failing()) return Verdict::Fail;
  if (!run.finished()) return Verdict::Incomplete;
  if (total.cases == 0) return Verdict::NoCases;
  return Verdict::Pass;
}

inline const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Fail: return "FAIL";
    case Verdict::Incomplete: return "INCOMPLETE";
    case Verdict::NoCases: return "NO CASES";
    case Verdict::Pass: break;
  }
  return "PASS";
}

}  // namespace clconform::reports
