// The faults the injector can put into a kernel's results, and how it reads
// its configuration. Pure functions on bytes: no OpenCL here, so the unit
// test exercises every fault without a device.
//
// Configuration (CLCONFORM_FAULT, fields separated by ';'):
//   kernel=GLOB      kernels whose results are altered (fnmatch(3) glob on the
//                    kernel function name; default '*')
//   fault=NAME[:K]   zero | ulp:K | signzero | nanpayload | swap | drop
//   items=WHICH      first (default) | all | every:N  -- which of the
//                    applicable elements of one launch are altered, counted
//                    in the fault's own order (see Fault below)
//   out=WHICH        0 (default), 1, ... : the N-th output argument; or all
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clconform::faults {

// How the elements of an output buffer are read. 'f' IEEE binary (half,
// float, double by BYTES), 'i' signed and 'u' unsigned integers.
struct ElemFormat {
  char kind = 'u';
  unsigned bytes = 4;
  unsigned width = 1;  // vector width of the pointee type; a 3-vector occupies 4 elements
  std::string name;    // the scalar type name, for the log
};

// The element format of a kernel argument from its type name as
// clGetKernelArgInfo(CL_KERNEL_ARG_TYPE_NAME) gives it ("float4*",
// "uint*", "half*"). Empty for types the injector does not know (structs,
// images, bool, size_t).
std::optional<ElemFormat> element_format(std::string type_name);

enum class FaultKind { Zero, Ulp, SignZero, NanPayload, Swap, Drop };

struct Items {
  enum Mode { First, All, Every } mode = First;
  uint64_t n = 1;  // Every: each n-th applicable element (the 0th, n-th, 2n-th, ...)
  bool chosen(uint64_t k) const { return mode == All || (mode == First ? k == 0 : k % n == 0); }
};

struct Fault {
  std::string kernel = "*";
  FaultKind kind = FaultKind::Zero;
  int64_t k = 0;    // ulp: the distance (integers: added, wrapping)
  Items items;
  int out = 0;      // which output argument; -1: all of them
};

// Parses CLCONFORM_FAULT's text; on a malformed text returns nothing and
// sets ERROR to a one-line reason.
std::optional<Fault> parse_fault(const std::string& text, std::string& error);

const char* fault_name(FaultKind k);

struct Change {
  size_t element;
  uint64_t before, after;
};

// Alters the elements of DATA (BYTES long, elements of format F) as FAULT
// says and returns what changed. Which elements a fault applies to, in its
// order:
//   zero        nonzero elements (floats: neither +0 nor -0), in buffer
//               order; set to all-zero bits
//   ulp:K       floats: normal values whose neighbour K steps further from
//               zero (towards zero for negative K) is still normal;
//               integers: every element, K added modulo 2^bits
//   signzero    floats equal to +0 or -0; the sign bit flipped
//   nanpayload  float NaNs; the lowest payload bit flipped (the next one
//               where that would make an infinity), quiet bit kept
//   swap        neighbouring pairs (elements 2j and 2j+1) holding different
//               bits; exchanged (lanes of one work-item for even vector
//               widths, results of two work-items for scalars)
//   drop        elements the kernel wrote (they differ from BEFORE, the
//               buffer as it was when the kernel was enqueued), from the
//               end of the buffer backwards; put back to their BEFORE bits
// Padding lanes of 3-vectors (every 4th element) are never altered.
std::vector<Change> apply_fault(const Fault& fault, const ElemFormat& f, uint8_t* data, size_t bytes,
                                const uint8_t* before);

}  // namespace clconform::faults
