// reference/integer_ext against a second derivation written bit by bit from
// the wording of OpenCL C spec 6.15.3.1 (every 8-bit base and insert with
// every defined offset and count; sampled wider values), and against dot
// products worked out by hand from 6.15.3's table.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "reference/integer_ext.hpp"
#include "sample_scale.hpp"

using namespace clconform::ref;

namespace {

unsigned bit(uint64_t v, unsigned i) { return unsigned((v >> i) & 1); }

// "Any bits of the result numbered outside [offset, offset + count - 1] come
// from the corresponding bits in base; any bits inside come from the bits
// numbered [0, count - 1] of insert."
uint64_t insert_by_bits(uint64_t base, uint64_t insert, unsigned offset, unsigned count, unsigned bits) {
  uint64_t r = 0;
  for (unsigned i = 0; i < bits; ++i) {
    const bool inside = count > 0 && i >= offset && i <= offset + count - 1;
    r |= uint64_t(inside ? bit(insert, i - offset) : bit(base, i)) << i;
  }
  return r;
}

// "The bits of base numbered in [offset, offset + count - 1] are returned as
// the bits numbered in [0, count - 1]; the remaining bits are sign extended
// by replicating bit offset + count - 1 of base (signed) or zero."
uint64_t extract_by_bits(uint64_t base, unsigned offset, unsigned count, unsigned bits, bool sign) {
  if (count == 0) return 0;
  uint64_t r = 0;
  for (unsigned i = 0; i < bits; ++i) {
    const unsigned b = i < count ? bit(base, offset + i) : sign ? bit(base, offset + count - 1) : 0;
    r |= uint64_t(b) << i;
  }
  return r;
}

}  // namespace

TEST(IntegerExt, DefinedFields) {
  EXPECT_TRUE(bitfield_defined(0, 8, 8));
  EXPECT_TRUE(bitfield_defined(8, 0, 8));
  EXPECT_FALSE(bitfield_defined(1, 8, 8));
  EXPECT_FALSE(bitfield_defined(9, 0, 8));
  EXPECT_TRUE(bitfield_defined(0, 64, 64));
  EXPECT_FALSE(bitfield_defined(32, 33, 64));
}

TEST(IntegerExt, EveryEightBitFieldAgreesWithTheWording) {
  for (unsigned offset = 0; offset <= 8; ++offset) {
    for (unsigned count = 0; offset + count <= 8; ++count) {
      for (uint64_t base = 0; base < 256; ++base) {
        EXPECT_EQ(bitfield_extract(base, offset, count, 8, true), extract_by_bits(base, offset, count, 8, true));
        EXPECT_EQ(bitfield_extract(base, offset, count, 8, false), extract_by_bits(base, offset, count, 8, false));
        for (uint64_t ins = 0; ins < 256; ins += 7) {
          ASSERT_EQ(bitfield_insert(base, ins, offset, count, 8), insert_by_bits(base, ins, offset, count, 8))
              << base << " " << ins << " " << offset << " " << count;
        }
      }
    }
  }
}

TEST(IntegerExt, WideFieldsAgreeWithTheWording) {
  std::mt19937_64 rng(7);
  for (unsigned bits : {16u, 32u, 64u}) {
    for (int n = 0; n < sample_scale::samples(20000); ++n) {
      const unsigned count = unsigned(rng() % (bits + 1)), offset = unsigned(rng() % (bits - count + 1));
      const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
      const uint64_t base = rng() & mask, ins = rng() & mask;
      ASSERT_EQ(bitfield_insert(base, ins, offset, count, bits), insert_by_bits(base, ins, offset, count, bits));
      ASSERT_EQ(bitfield_extract(base, offset, count, bits, true), extract_by_bits(base, offset, count, bits, true));
      ASSERT_EQ(bitfield_extract(base, offset, count, bits, false), extract_by_bits(base, offset, count, bits, false));
    }
  }
}

TEST(IntegerExt, Examples) {
  EXPECT_EQ(bitfield_extract(0xF0, 4, 4, 8, true), 0xFFu);  // 0b1111 sign-extended: -1 as char
  EXPECT_EQ(bitfield_extract(0xF0, 4, 4, 8, false), 0x0Fu);
  EXPECT_EQ(bitfield_extract(0x70, 4, 4, 8, true), 0x07u);
  EXPECT_EQ(bitfield_insert(0xFFFF, 0x0, 4, 8, 16), 0xF00Fu);
  EXPECT_EQ(bitfield_insert(0x1234, 0xABCD, 0, 16, 16), 0xABCDu);
  EXPECT_EQ(bitfield_insert(0x1234, 0xABCD, 16, 0, 16), 0x1234u);
  EXPECT_EQ(bit_reverse(0x01, 8), 0x80u);
  EXPECT_EQ(bit_reverse(0x0001, 16), 0x8000u);
  EXPECT_EQ(bit_reverse(0x1, 64), 0x8000000000000000ull);
  EXPECT_EQ(bit_reverse(0x12345678u, 32), 0x1E6A2C48u);
}

TEST(IntegerExt, DotProducts) {
  // Component 0 in the lowest byte. (255, 255, 255, 255) . (-128, -128, -128, -128)
  EXPECT_EQ(dot_4x8(0xFFFFFFFFu, false, 0x80808080u, true), -4 * 255 * 128);
  EXPECT_EQ(dot_4x8(0xFFFFFFFFu, true, 0x80808080u, true), 4 * 128);  // (-1) . (-128)
  EXPECT_EQ(dot_4x8(0xFFFFFFFFu, false, 0xFFFFFFFFu, false), 4 * 255 * 255);
  EXPECT_EQ(dot_4x8(0x04030201u, false, 0x01010101u, false), 1 + 2 + 3 + 4);
  EXPECT_EQ(dot_4x8(0x000000FFu, true, 0x00000002u, false), -2);  // only component 0 counts
  // Saturation at each end of int and uint.
  EXPECT_EQ(dot_acc_sat_4x8(0x01010101u, false, 0x01010101u, false, 0xFFFFFFFEu, false), 0xFFFFFFFFu);
  EXPECT_EQ(dot_acc_sat_4x8(0x01010101u, true, 0x01010101u, true, 0x7FFFFFFDu, true), 0x7FFFFFFFu);
  EXPECT_EQ(dot_acc_sat_4x8(0xFFFFFFFFu, true, 0x01010101u, true, 0x80000002u, true), 0x80000000u);
  EXPECT_EQ(dot_acc_sat_4x8(0xFFFFFFFFu, true, 0x01010101u, true, 0x80000004u, true), 0x80000000u);
  EXPECT_EQ(dot_acc_sat_4x8(0xFFFFFFFFu, true, 0x01010101u, true, 0x80000005u, true), 0x80000001u);
}
