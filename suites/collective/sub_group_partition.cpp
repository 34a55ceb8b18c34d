#include "collective/sub_group_partition.hpp"

#include <map>

namespace clconform::suites::collective {

std::string where(const Shape& s, size_t group, uint32_t sg, size_t lid, size_t g) {
  return s.text() + ", work-group " + std::to_string(group) + ", sub-group " + std::to_string(sg) +
         ", sub-group local id " + std::to_string(lid) + " (global linear id " + std::to_string(g) + ")";
}

Mismatch wrong_id(size_t shape_index, size_t g, const std::string& at, uint64_t got, uint64_t want,
                  const std::string& note, const std::string& edge) {
  Mismatch m = wrong(ref::ElemType{'u', 4}, shape_index, g, at, 0, got, want, note);
  m.edge = edge;
  return m;
}

std::vector<SubGroup> sub_groups(CaseRun& run, size_t si, const Shape& s, const std::vector<uint64_t>& ids,
                                 const std::vector<size_t>& gids, size_t stride) {
  std::vector<std::map<uint32_t, std::vector<size_t>>> per_group(s.groups());
  for (size_t g = 0; g < s.items(); ++g) per_group[locate(s, g).group_linear][uint32_t(ids[stride * g])].push_back(g);
  const auto gid = [&](size_t i) { return gids.empty() ? i : gids[i]; };
  std::vector<SubGroup> out;
  for (size_t gl = 0; gl < per_group.size(); ++gl) {
    const auto& sgs = per_group[gl];
    const uint32_t highest = sgs.empty() ? 0 : sgs.rbegin()->first;
    uint64_t first_size = 0;
    for (const auto& [id, items] : sgs) {
      const size_t n = items.size();
      const std::string at = s.text() + ", work-group " + std::to_string(gl) + ", sub-group " + std::to_string(id);
      bool ok = true;
      // Sub-group ids run 0 .. number - 1: the highest id is the count less one.
      if (highest + 1 != sgs.size()) {
        run.result.fail(wrong_id(si, gid(items[0]), at, highest + 1, sgs.size(),
                                 "sub-group ids of a work-group must be 0 .. get_num_sub_groups() - 1"));
        ok = false;
      }
      std::vector<size_t> by_lid(n, SIZE_MAX);
      for (size_t g : items) {
        const uint64_t lid = ids[stride * g + 1], size = ids[stride * g + 2];
        if (size != n) {
          run.result.fail(wrong_id(si, gid(g), at, size, n, "get_sub_group_size() against the work-items reporting this sub-group id"));
          ok = false;
        } else if (lid >= n || by_lid[lid] != SIZE_MAX) {
          run.result.fail(wrong_id(si, gid(g), at, lid, n, "get_sub_group_local_id() out of range or repeated"));
          ok = false;
        } else {
          by_lid[lid] = g;
          run.result.pass();
        }
      }
      // Every sub-group has the same size but the highest, which may be smaller.
      if (id == 0) first_size = n;
      if ((id != highest && n != first_size) || (id == highest && n > first_size)) {
        run.result.fail(wrong_id(si, gid(items[0]), at, n, first_size,
                                 "sub-groups of a work-group must have one size, the highest-numbered one at most it"));
      }
      if (ok) out.push_back(SubGroup{si, gl, id, by_lid});
    }
  }
  return out;
}

}  // namespace clconform::suites::collective
