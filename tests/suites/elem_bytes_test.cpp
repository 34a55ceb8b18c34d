// suites/collective/elem_bytes: random_elems_unlike_fill draws the elements
// random_elems draws, except that none holds the harness's fill pattern, so
// that a wrong result equal to an input is never taken for an unwritten one. Seed 2's
// inputs of generic.to_private.uchar hold 0xA5 (work-item 57's element,
// stored by work-item 56 through to_private's wrongly non-NULL result).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "collective/elem_bytes.hpp"
#include "inputs.hpp"
#include "known_failures.hpp"

namespace {

using namespace clconform;
using suites::ElemBytes;

size_t fill_units(const std::vector<uint8_t>& v, size_t unit) {
  size_t n = 0;
  for (size_t at = 0; at + unit <= v.size(); at += unit) {
    uint64_t x = 0;
    std::memcpy(&x, &v[at], unit);
    n += x == kUnwrittenPattern >> (64 - 8 * unit);
  }
  return n;
}

TEST(ElemBytes, UnlikeFillRemovesTheFillByteFromUcharElements) {
  const ElemBytes e{1, {}, {}};
  const uint64_t seed = 2, stream = case_stream("generic.to_private.uchar");
  const std::vector<uint8_t> plain = suites::random_elems(e, 128, seed, stream);
  const std::vector<uint8_t> safe = suites::random_elems_unlike_fill(e, 128, seed, stream);
  ASSERT_GT(fill_units(plain, 1), 0u) << "the case's inputs no longer hold 0xA5: pick another case";
  EXPECT_EQ(fill_units(safe, 1), 0u);
  ASSERT_EQ(plain.size(), safe.size());
  for (size_t i = 0; i < plain.size(); ++i) {
    if (plain[i] == 0xA5) EXPECT_EQ(safe[i], 0xA4) << i;
    else EXPECT_EQ(safe[i], plain[i]) << i;
  }
  EXPECT_EQ(plain[57], 0xA5);
}

}  // namespace
