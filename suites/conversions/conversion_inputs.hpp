// The source lanes of a conversion sweep: lane i's pattern is a pure
// function of (type, mode, seed, case, i), so `--index i` re-runs it.
//
//  * 8- and 16-bit sources: every value, lane i holding i mod 2^bits.
//  * 32-bit sources: quick mode, the edge values then a seeded sample
//    stratified over every exponent (float) or magnitude (int, uint); full
//    mode, lane i holds pattern i, all 2^32 of them.
//  * 64-bit sources: the edge values then the stratified sample, more of
//    it in full mode.
//
// Edge values: every integer limit of every destination type (and 0, +-1,
// +-2) with its neighbours, for a float source also the halves around them
// (ties) and the floats on either side of each limit that is not
// representable; powers of two and their neighbours; for integer sources
// the values where float and double rounding ties and steps (2^24 + 1,
// 2^53 + 1, ...); for float sources signed zeros, subnormals, infinities and
// NaNs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "manifest.hpp"

namespace clconform::suites::conversions {

class SourceLanes {
 public:
  // QUICK_LANES: the lane count of a quick-mode sweep (at least 2^16).
  SourceLanes(const TypeDesc& src, bool full, uint64_t seed, uint64_t stream, uint64_t quick_lanes);

  uint64_t total() const { return total_; }
  // Every value of the source type in order: lane i holds pattern i (mod 2^bits).
  bool exhaustive() const { return exhaustive_; }
  uint64_t at(uint64_t lane) const;
  // "every uchar value", "1234 edge values + 195374 stratified", ...
  std::string describe() const;

 private:
  uint64_t stratified(uint64_t k) const;

  TypeDesc src_;
  bool exhaustive_;
  uint64_t seed_, stream_, total_;
  std::vector<uint64_t> edges_;
};

// The edge values of a source element type, sorted and without repeats.
std::vector<uint64_t> edge_values(const TypeDesc& src);

}  // namespace clconform::suites::conversions
