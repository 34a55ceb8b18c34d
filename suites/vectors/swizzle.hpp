// Component selections (OpenCL C 6.3.7) parsed on the host: the reference
// for every swizzle case, computed from the selection's text alone.
#pragma once

#include <string>
#include <vector>

namespace clconform::suites::vectors {

// The lanes of an N-component vector that SEL (without the leading dot)
// names, in order: ".wzx" -> {3, 2, 0}, ".sA1" -> {10, 1},
// ".even.hi" -> the upper half of the even lanes. A 3-component vector acts
// as a 4-component one under .lo .hi .even .odd with w undefined: such a
// lane is -1. Throws std::invalid_argument for a selection the spec does not
// allow on an N-vector.
std::vector<int> selected_lanes(const std::string& sel, unsigned n);

}  // namespace clconform::suites::vectors
