// How work-items formed sub-groups, as a kernel recorded it, checked against
// the rules of the OpenCL API spec 3.2.2 (ids 0 .. get_num_sub_groups() - 1,
// local ids 0 .. n - 1, every sub-group of one size but the highest-numbered,
// which may be smaller). The subgroups and subgroup_ext checks share it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collective/collective_run.hpp"

namespace clconform::suites::collective {

// One sub-group as the device reported it: its members' global linear ids
// in sub-group local id order.
struct SubGroup {
  size_t shape = 0, group = 0;
  uint32_t id = 0;
  std::vector<size_t> members;
};

// "global (..) local (..), work-group G, sub-group S, sub-group local id L (global linear id N)".
std::string where(const Shape& s, size_t group, uint32_t sg, size_t lid, size_t g);

// A wrong sub-group id, size or count; EDGE names the query (or the rule)
// it breaks, so that a known-failure entry can describe exactly that.
Mismatch wrong_id(size_t shape_index, size_t g, const std::string& at, uint64_t got, uint64_t want,
                  const std::string& note, const std::string& edge = "sub-group mapping");

// Groups the work-items of shape S by work-group and sub-group from their
// recorded (sub-group id, local id, size) triples in IDS, STRIDE values per
// work-item, and checks that they partition every work-group. Sub-groups
// that do not are reported and left out of the result.
// GIDS, when given, are the global linear ids of the work-items whose
// triples IDS holds (one work-group of a non-uniform NDRange).
std::vector<SubGroup> sub_groups(CaseRun& run, size_t si, const Shape& s, const std::vector<uint64_t>& ids,
                                 const std::vector<size_t>& gids = {}, size_t stride = 3);

}  // namespace clconform::suites::collective
