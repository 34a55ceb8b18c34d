// The generator's program JSON (generators/fuzz/README.md) read into the
// oracle's Program, and the copies of a program the fuzz loop needs.
#pragma once

#include <string>

#include "json.hpp"
#include "reference/fuzz/program.hpp"

namespace clconform {

// Throws json::ParseError naming what is malformed.
ref::fuzz::Program program_from_json(const json::Value& v);

// The same program with ITEM's inputs in every work-item (where a failure is
// reduced): as many work-items as before, so that a device that runs them
// as SIMD lanes runs the reduced kernel the same way.
json::Value program_for_item(const json::Value& v, size_t item);

// The operation a node performs ("add", "convert_int4_sat_rtz", "sin");
// empty for the nodes that only move values (arguments, constants,
// swizzles, vector literals) or make blocks.
std::string operation_name(const ref::fuzz::Node& x);

// The built-ins and operators a program uses, sorted, without repeats
// ("add", "convert_int4_sat_rtz", "sin"): the names known-failure entries
// are matched with.
std::vector<std::string> operations_used(const ref::fuzz::Program& p);

}  // namespace clconform
