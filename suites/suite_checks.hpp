// Each suite's registration function; registry.cpp calls them all.
#pragma once

namespace clconform::suites {

void register_types_checks();
void register_astype_checks();
void register_half_checks();
void register_compile_checks();

}  // namespace clconform::suites
