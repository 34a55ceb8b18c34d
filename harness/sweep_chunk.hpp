// One chunk of a sweep as the host sees it (harness/sweep.hpp runs the
// sweep). Apart from sweep.hpp so that code which only fills or verifies
// chunks (a suite's verifier, a host-only benchmark) needs no OpenCL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clconform {

// One chunk as the host sees it. Lanes [0, count) were run; [0, valid) are
// real lanes (first + i); the rest pad the chunk to a whole number of
// work-items of every width and are not verified.
struct SweepChunk {
  uint64_t first = 0;
  size_t count = 0;
  size_t valid = 0;
  std::vector<uint8_t*> in;                      // [input array] count * in_elem bytes
  std::vector<std::vector<const uint8_t*>> out;  // [kernel][output array] count * out_elem bytes
};

// The exhaustive sweeps' inputs: for lanes i in [LO, HI), lane i of the
// chunk's first input array (4 bytes a lane) holds FIRST + i modulo 2^32,
// FIRST being the pattern of the chunk's lane 0. A loop the compiler
// vectorizes.
inline void fill_counter(const SweepChunk& ch, size_t lo, size_t hi, uint64_t first) {
  uint32_t* in = reinterpret_cast<uint32_t*>(ch.in[0]);
  for (size_t i = lo; i < hi; ++i) in[i] = uint32_t(first + i);
}

}  // namespace clconform
