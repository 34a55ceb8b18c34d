// The host's evaluation of a fuzz program, one work-item at a time: the
// set of values each component of the result may hold on a conforming
// device under the build's rules (value_set.hpp, ops.hpp), and the verdict
// on what a device wrote.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/fuzz/ops.hpp"
#include "reference/fuzz/program.hpp"
#include "reference/fuzz/value_set.hpp"

namespace clconform::ref::fuzz {

class Oracle {
 public:
  // Throws std::invalid_argument when the program is malformed
  // (check_structure) or names an operation the oracle does not know.
  Oracle(const Program& program, const Rules& rules);

  // The result's component sets for work-item ITEM.
  std::vector<Set> evaluate(size_t item) const;

  // Every node's component sets for work-item ITEM: empty for a node of an
  // arm not taken, the last iteration's for a node inside a loop.
  std::vector<std::vector<Set>> evaluate_all(size_t item) const;

  // The bit patterns of each node that has one value on ITEM, outside every
  // loop (a loop body's nodes change from pass to pass); an empty list for
  // the others. A NaN is given as the format's default quiet NaN.
  std::vector<std::vector<uint64_t>> known_values(size_t item) const;

 private:
  void run(int begin, int end, size_t item, std::vector<std::vector<Set>>& v) const;
  std::vector<Set> node(int j, size_t item, std::vector<std::vector<Set>>& v) const;
  std::vector<Set> call(const Node& x, const std::vector<std::vector<Set>>& v) const;
  Set flushed(const Set& s, const Elem& e) const;

  const Program& p_;
  Rules rules_;
  std::vector<int> else_of_, end_of_;  // If: its Else and EndIf; Loop: its EndLoop (in end_of_)
  // Loop: the iteration its body is running. Mutable: a running loop's
  // state, which evaluate() sets up afresh for each work-item.
  mutable std::vector<Set> iter_;
};

// What one work-item's result came to.
struct ItemVerdict {
  unsigned judged = 0, wrong = 0, unjudged = 0;
  Unknown why = Unknown::None;  // the reason of the first unjudged component
  int first_wrong = -1;         // the first wrong component
};

// Device bits OUT (width components of the result, zero-extended) against
// the sets.
ItemVerdict judge(const std::vector<Set>& expected, const std::vector<uint64_t>& out, const Elem& e);

}  // namespace clconform::ref::fuzz
