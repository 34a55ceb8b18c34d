// The vectors suite's check registrations (one per check file).
#pragma once

namespace clconform::suites {
void register_vectors_checks();
namespace vectors {
void register_gather_check();     // vectors.gather: literals, swizzles, lvalues
void register_operator_checks();  // vectors.operator, vectors.sizeof
void register_shuffle_check();    // vectors.shuffle
void register_loadstore_check();  // vectors.loadstore
void register_selftest_check();   // vectors.selftest: the references against the spec's examples
}  // namespace vectors
}  // namespace clconform::suites
