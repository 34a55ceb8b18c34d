// Small text helpers shared by every writer: numbers as people read them,
// plain-text columns, and writing a finished file in one piece.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clconform::reports {

std::string format_count(uint64_t n);                 // 1234567 -> "1,234,567"
std::string plural(uint64_t n, const std::string& noun);  // "1 case", "2,000 cases"
std::string format_ulp(std::optional<double> ulp);    // "0.5", "1.5e+07", "inf", "nan", "-"
std::string format_seconds(std::optional<double> s);  // "0.012 s", "70.2 s", "1 h 02 min", "-"
std::string format_fixed(double x, int decimals);     // "0.012" for time attributes
std::string format_yes_no(std::optional<bool> b);     // "yes", "no", "-"

// Plain-text columns: every row padded to the widest cell of each column;
// the first LEFT columns left-aligned (names), the rest right-aligned
// (numbers). Each line starts with INDENT and ends with a newline.
std::string align_columns(const std::vector<std::vector<std::string>>& rows, const std::string& indent, size_t left);

// One line of at most WIDTH characters: newlines become spaces, the rest is
// cut with "...".
std::string one_line(const std::string& s, size_t width);

// Writes to PATH.tmp and renames, so a reader never sees half a report.
// Throws std::runtime_error naming the path when that fails.
void write_file(const std::string& path, const std::string& content);

}  // namespace clconform::reports
