// The four IEEE 754 rounding-direction attributes that OpenCL C exposes as
// the _rte, _rtz, _rtp and _rtn suffixes of convert_* and vstore_half*.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include <mpfr.h>

namespace clconform::ref {

enum class Rounding {
  NearestEven,     // _rte: to nearest, ties to the even significand
  TowardZero,      // _rtz
  TowardPositive,  // _rtp
  TowardNegative,  // _rtn
};

inline constexpr std::array<Rounding, 4> all_roundings = {
    Rounding::NearestEven, Rounding::TowardZero, Rounding::TowardPositive,
    Rounding::TowardNegative};

// The OpenCL suffix without the underscore: "rte", "rtz", "rtp", "rtn".
constexpr const char* rounding_suffix(Rounding r) {
  switch (r) {
    case Rounding::NearestEven: return "rte";
    case Rounding::TowardZero: return "rtz";
    case Rounding::TowardPositive: return "rtp";
    case Rounding::TowardNegative: return "rtn";
  }
  return "?";
}

// A human-readable name for reports.
constexpr const char* rounding_name(Rounding r) {
  switch (r) {
    case Rounding::NearestEven: return "round to nearest even";
    case Rounding::TowardZero: return "round toward zero";
    case Rounding::TowardPositive: return "round toward +infinity";
    case Rounding::TowardNegative: return "round toward -infinity";
  }
  return "?";
}

// Accepts "rte"/"_rte" and so on; nullopt for anything else.
inline std::optional<Rounding> parse_rounding(std::string_view s) {
  if (!s.empty() && s.front() == '_') s.remove_prefix(1);
  for (Rounding r : all_roundings)
    if (s == rounding_suffix(r)) return r;
  return std::nullopt;
}

// MPFR's names for the same directions.  MPFR_RNDN is ties-to-even, which is
// what _rte means (MPFR_RNDNA, ties away, is not an OpenCL mode).
constexpr mpfr_rnd_t to_mpfr(Rounding r) {
  switch (r) {
    case Rounding::NearestEven: return MPFR_RNDN;
    case Rounding::TowardZero: return MPFR_RNDZ;
    case Rounding::TowardPositive: return MPFR_RNDU;
    case Rounding::TowardNegative: return MPFR_RNDD;
  }
  return MPFR_RNDN;
}

}  // namespace clconform::ref
