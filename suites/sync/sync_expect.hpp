// What the sync suite's kernels compute when every barrier holds, for one
// work-group, from its inputs alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clconform::suites::sync {

// The exchange kernel: PHASES rounds in which work-item i reads the value
// work-item (n - 1 - i + 3p) mod n stored in round p, then mixes it into
// its own (emit_sync.py's exchange_kernel).
std::vector<uint32_t> expected_exchange(const std::vector<uint32_t>& in, unsigned phases);

// The reduce kernel: every work-item gets the group's sum mod 2^32.
std::vector<uint32_t> expected_reduce(const std::vector<uint32_t>& in);

}  // namespace clconform::suites::sync
