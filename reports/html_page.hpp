// The frame both HTML reports share: one self-contained page (inline CSS,
// a little inline JavaScript that only adds sorting, filtering and opening
// linked sections; everything is readable without it) and small pieces.
#pragma once

#include <string>

#include "reports/run_data.hpp"
#include "reports/values.hpp"

namespace clconform::reports {

std::string page_start(const std::string& title);
std::string page_end();

std::string badge(Status s);           // a coloured status label
std::string value_html(const Shown& v);  // bits in code, the decoded value under them

// A search box over the data-id of the rows of the table with id TABLE_ID
// (WHAT names them: "case id"), optionally with an "above the bound only"
// switch; hidden until the script runs, since it needs it.
std::string filter_box(const std::string& table_id, const std::string& what, bool over_bound_switch);

// Table cells with a sort key: data-v holds the number the script sorts by.
std::string number_cell(double sort_key, const std::string& text, const std::string& css_class = "");

// "case-<id>": the anchor of a case's section.
std::string case_anchor(const std::string& id);

}  // namespace clconform::reports
