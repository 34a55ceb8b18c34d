// Elements compared as bytes (the generic and globals suites copy values of
// any type, user-defined structs included, through pointers and variables):
// random contents with finite float and double lanes, and a Mismatch for a
// wrong element.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case_result.hpp"
#include "json.hpp"

namespace clconform::suites {

struct ElemBytes {
  size_t bytes = 4;
  std::vector<unsigned> float_lanes, double_lanes;  // 4- and 8-byte lanes that hold floats
};

// From a case's "layout" param: {"bytes": B, "float_lanes": [...], "double_lanes": [...]}.
ElemBytes elem_bytes(const json::Value& layout);

// N random elements; float and double lanes finite (a copy must keep every
// bit, and with no NaN no device may quiet a payload on the way).
std::vector<uint8_t> random_elems(const ElemBytes& e, size_t n, uint64_t seed, uint64_t stream);

// random_elems with every element that holds the harness's fill pattern
// (kUnwrittenPattern, known_failures.hpp) changed in its lowest bit: the
// whole element where it has at most 8 bytes, else each such 4-byte lane
// (the units wrong_elem reports). A result equal to an input then never
// reads as "unwritten"; a uchar is 0xA5 one time in 256. Float and double
// lanes stay finite.
std::vector<uint8_t> random_elems_unlike_fill(const ElemBytes& e, size_t n, uint64_t seed, uint64_t stream);

// A wrong element: the first differing lane's bits (the whole element when
// it has at most 8 bytes, else its first differing 4-byte lane).
Mismatch wrong_elem(const ElemBytes& e, uint64_t index, int lane, const std::string& where, const uint8_t* got,
                    const uint8_t* want, const std::string& note, const std::string& edge);

}  // namespace clconform::suites
