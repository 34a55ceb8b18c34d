#include "reports/format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace clconform::reports {

std::string format_count(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string plural(uint64_t n, const std::string& noun) { return format_count(n) + " " + noun + (n == 1 ? "" : "s"); }

std::string format_ulp(std::optional<double> ulp) {
  if (!ulp) return "-";
  if (std::isnan(*ulp)) return "nan";
  if (std::isinf(*ulp)) return *ulp > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", *ulp);
  return buf;
}

std::string format_seconds(std::optional<double> s) {
  if (!s || !std::isfinite(*s)) return "-";
  char buf[48];
  if (*s < 10) {
    std::snprintf(buf, sizeof buf, "%.3g s", *s);
  } else if (*s < 3600) {
    std::snprintf(buf, sizeof buf, "%.1f s", *s);
  } else if (*s < 1e15) {  // minutes that fit a long (a damaged run.json may hold any duration)
    const long minutes = long(*s / 60);
    std::snprintf(buf, sizeof buf, "%ld h %02ld min", minutes / 60, minutes % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g s", *s);
  }
  return buf;
}

std::string format_fixed(double x, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, std::isfinite(x) ? x : 0.0);
  return buf;
}

std::string align_columns(const std::vector<std::vector<std::string>>& rows, const std::string& indent, size_t left) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    if (row.size() > width.size()) width.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line = indent;
    for (size_t i = 0; i < row.size(); ++i) {
      const std::string pad(width[i] - row[i].size(), ' ');
      if (i > 0) line += "  ";
      line += i < left ? row[i] + pad : pad + row[i];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string one_line(const std::string& s, size_t width) {
  std::string out;
  for (char c : s) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  if (out.size() > width) {
    size_t cut = width > 3 ? width - 3 : 0;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    out = out.substr(0, cut) + "...";
  }
  return out;
}

std::string format_yes_no(std::optional<bool> b) { return b ? (*b ? "yes" : "no") : "-"; }

void write_file(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), std::streamsize(content.size()));
    out.close();
    if (!out) {
      std::remove(tmp.c_str());
      throw std::runtime_error("cannot write " + path);
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write " + path + " (rename from " + tmp + " failed)");
  }
}

}  // namespace clconform::reports
