// What the vectors suite's checks share: element buffers, inputs whose
// lanes all differ, the kernel of the run's mode, and the generator's
// compact item strings ("rvalue:wzyx out:12").
#pragma once

#include <CL/opencl.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "case_run.hpp"

namespace clconform::suites::vectors {

// Little-endian elements of one size, as the device lays them out.
class Elements {
 public:
  Elements(unsigned elem_size, size_t count, uint8_t fill = 0) : size_(elem_size), bytes_(elem_size * count, fill) {}
  Elements(unsigned elem_size, std::vector<uint8_t> bytes) : size_(elem_size), bytes_(std::move(bytes)) {}

  uint64_t get(size_t i) const;
  void set(size_t i, uint64_t bits);
  size_t count() const { return bytes_.size() / size_; }
  unsigned elem_size() const { return size_; }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  unsigned size_;
  std::vector<uint8_t> bytes_;
};

// A value of ELEM's type whose low bits hold TAG (TAG_BITS of them) and whose
// other bits come from RANDOM. Floats get a random sign, an exponent within
// 2^-8 .. 2^8 and the tag in the low mantissa bits: finite, normal and exact
// to move, so two tags never give the same value.
uint64_t tagged_bits(const TypeDesc& elem, uint64_t random, unsigned tag, unsigned tag_bits);

// COUNT elements, numbered from FIRST, where element i carries the tag
// i % PERIOD (PERIOD <= 256): within a PERIOD-aligned block no two are equal,
// so a lane read from the wrong position shows. Element i's bits depend only
// on (seed, stream, i), so --index regenerates one work-item's region.
Elements distinct_elements(const TypeDesc& elem, uint64_t seed, uint64_t stream, uint64_t first, size_t count,
                           size_t period);

// The case's parameters and kernel for the run's mode: in full mode a case
// with a "full" entry runs that entry's kernel, from its own program.
struct ModeKernel {
  cl::Kernel kernel;
  const json::Value* params;
  std::string id;  // "program/kernel"
};
ModeKernel mode_kernel(CaseRun& run);

// "key:value key:value" -> {key: value}; throws json::ParseError naming ITEM
// when a word has no colon.
std::map<std::string, std::string> parse_item(const std::string& item);
unsigned item_number(const std::map<std::string, std::string>& item, const std::string& key);

// The type name of the vector of N elements of ELEM ("float4", "int").
std::string vector_name(const TypeDesc& elem, unsigned n);

}  // namespace clconform::suites::vectors
