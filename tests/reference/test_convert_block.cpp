// reference/convert_block (the block conversions) against
// reference/int_convert (the per-lane conversions, checked in
// test_int_convert.cpp): the same bits and defined flags on every lane,
// for every destination or source format and rounding mode, with and
// without saturation. Float sources: both signs of every biased
// exponent with the lowest, highest and seeded random fractions, and the
// floats on both sides of every integer and half-integer up to 2^33.
// Float to half: the same floats, and those on both sides of every finite
// half and of the midpoint between it and the next one up; float to
// double: the same floats, NaNs only as NaNs. Integer
// sources: every 8- and 16-bit pattern, and for 32 (and, to integers, 64)
// bits the neighbourhoods of every power of two and seeded random patterns. The
// blocks have uneven sizes, so that the vectorized loop bodies and their
// remainders both run.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "reference/convert_block.hpp"
#include "reference/format_convert.hpp"
#include "reference/int_convert.hpp"

namespace clconform::ref {
namespace {

std::vector<std::uint32_t> float_patterns() {
  std::vector<std::uint32_t> out;
  std::mt19937 rng(20261123);
  for (std::uint32_t sign : {0u, 1u})
    for (std::uint32_t biased = 0; biased < 256; ++biased) {
      const std::uint32_t head = sign << 31 | biased << 23;
      for (std::uint32_t f = 0; f < 64; ++f) out.push_back(head | f);
      for (std::uint32_t f = 0; f < 64; ++f) out.push_back(head | (0x7fffff - f));
      for (int k = 0; k < 256; ++k) out.push_back(head | (rng() & 0x7fffff));
    }
  // Both sides of every integer k and k + 1/2 below 2^33, at a sparser
  // step above 2^12: the rounding ties and the range edges.
  for (double k = 0; k < 0x1p33; k = k < 4096 ? k + 0.5 : k * 1.0009765625 + 1) {
    float f = float(k);
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    for (std::uint32_t d = 0; d < 3; ++d)
      for (std::uint32_t sign : {0u, 0x80000000u}) {
        out.push_back((b + d) | sign);
        if (b >= d) out.push_back((b - d) | sign);
      }
  }
  return out;
}

template <typename T>
void check_float_to_int(IntFormat dst) {
  const std::vector<std::uint32_t> x = float_patterns();
  for (Rounding r : all_roundings)
    for (bool sat : {false, true}) {
      SCOPED_TRACE(testing::Message() << "to " << (dst.is_signed ? "i" : "u") << dst.bits << " " << rounding_suffix(r)
                                      << (sat ? " sat" : ""));
      // Saturated, every result is defined and the block leaves DEFINED
      // alone: it starts all ones there.
      std::vector<T> bits(x.size()), defined(x.size(), sat ? T(~T(0)) : T(0x5a));
      for (std::size_t at = 0, step = 1; at < x.size(); at += step, step = step % 61 + 7) {
        const std::size_t n = std::min(step, x.size() - at);
        float_to_int_block<T>(x.data() + at, n, dst, r, sat, bits.data() + at, sat ? nullptr : defined.data() + at);
      }
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < x.size() && wrong < 5; ++i) {
        const IntResult want = float_to_int<Float>(x[i], dst, r, sat);
        const bool ok = T(want.bits) == bits[i] && (want.defined ? T(~T(0)) : T(0)) == defined[i];
        if (!ok) {
          ++wrong;
          ADD_FAILURE() << std::hex << "x 0x" << x[i] << ": bits 0x" << std::uint64_t(bits[i]) << " want 0x"
                        << want.bits << ", defined " << std::uint64_t(defined[i] != 0) << " want " << want.defined;
        }
      }
    }
}

TEST(ConvertBlock, FloatToEveryIntegerType) {
  check_float_to_int<std::uint8_t>({8, true});
  check_float_to_int<std::uint8_t>({8, false});
  check_float_to_int<std::uint16_t>({16, true});
  check_float_to_int<std::uint16_t>({16, false});
  check_float_to_int<std::uint32_t>({32, true});
  check_float_to_int<std::uint32_t>({32, false});
  check_float_to_int<std::uint64_t>({64, true});
  check_float_to_int<std::uint64_t>({64, false});
}

void check_int_to_float(IntFormat src) {
  std::vector<std::uint32_t> x;
  if (src.bits < 32) {
    for (std::uint32_t v = 0; v < (1u << src.bits); ++v) x.push_back(v);
  } else {
    for (int p = 0; p < 32; ++p)
      for (std::uint32_t d = 0; d < 300; ++d) {
        x.push_back((1u << p) + d);
        x.push_back((1u << p) - d);
      }
    std::mt19937 rng(7);
    for (int k = 0; k < (1 << 18); ++k) x.push_back(rng());
  }
  // Packed patterns of the source's size.
  const std::size_t size = src.bits / 8;
  std::vector<std::uint8_t> packed(x.size() * size);
  for (std::size_t i = 0; i < x.size(); ++i) std::memcpy(packed.data() + i * size, &x[i], size);
  for (Rounding r : all_roundings) {
    SCOPED_TRACE(testing::Message() << "from " << (src.is_signed ? "i" : "u") << src.bits << " " << rounding_suffix(r));
    std::vector<std::uint32_t> bits(x.size());
    for (std::size_t at = 0, step = 1; at < x.size(); at += step, step = step % 61 + 7)
      int_to_float_block(packed.data() + at * size, std::min(step, x.size() - at), src, r, bits.data() + at);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < x.size() && wrong < 5; ++i) {
      const std::uint32_t want = int_to_float<Float>(x[i] & src.mask(), src, r);
      if (bits[i] != want) {
        ++wrong;
        ADD_FAILURE() << std::hex << "x 0x" << (x[i] & src.mask()) << ": 0x" << bits[i] << " want 0x" << want;
      }
    }
  }
}

TEST(ConvertBlock, EveryIntegerTypeOfAtMost32BitsToFloat) {
  for (unsigned b : {8u, 16u, 32u})
    for (bool s : {true, false}) check_int_to_float({b, s});
}

// Every integer source pattern of 8 and 16 bits; for 32 and 64 bits the
// neighbourhoods of every power of two and of its negation, and seeded
// random patterns.
std::vector<std::uint64_t> int_patterns(unsigned bits) {
  std::vector<std::uint64_t> x;
  if (bits < 32) {
    for (std::uint64_t v = 0; v < (std::uint64_t{1} << bits); ++v) x.push_back(v);
    return x;
  }
  for (unsigned p = 0; p < bits; ++p)
    for (std::uint64_t d = 0; d < 130; ++d) {
      const std::uint64_t power = std::uint64_t{1} << p;
      for (std::uint64_t v : {power + d, power - d, ~power + 1 + d, ~power + 1 - d}) x.push_back(v);
    }
  std::mt19937_64 rng(11);
  for (int k = 0; k < (1 << 16); ++k) x.push_back(rng());
  return x;
}

TEST(ConvertBlock, EveryIntegerTypeOfAtMost32BitsToDouble) {
  for (unsigned b : {8u, 16u, 32u})
    for (bool s : {true, false}) {
      const IntFormat src{b, s};
      SCOPED_TRACE(testing::Message() << "from " << (s ? "i" : "u") << b);
      std::vector<std::uint64_t> x = int_patterns(b);
      const std::size_t size = b / 8;
      std::vector<std::uint8_t> packed(x.size() * size);
      for (std::size_t i = 0; i < x.size(); ++i) std::memcpy(packed.data() + i * size, &x[i], size);
      std::vector<std::uint64_t> bits(x.size());
      for (std::size_t at = 0, step = 1; at < x.size(); at += step, step = step % 61 + 7)
        int_to_double_block(packed.data() + at * size, std::min(step, x.size() - at), src, bits.data() + at);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < x.size() && wrong < 5; ++i)
        for (Rounding r : all_roundings) {  // exact: every mode gives the same
          const std::uint64_t want = int_to_float<Double>(x[i] & src.mask(), src, r);
          if (bits[i] != want && ++wrong <= 5)
            ADD_FAILURE() << std::hex << "x 0x" << (x[i] & src.mask()) << " " << rounding_suffix(r) << ": 0x"
                          << bits[i] << " want 0x" << want;
        }
    }
}

TEST(ConvertBlock, FloatToDouble) {
  const std::vector<std::uint32_t> x = float_patterns();
  std::vector<std::uint64_t> bits(x.size());
  for (std::size_t at = 0, step = 1; at < x.size(); at += step, step = step % 61 + 7)
    float_to_double_block(x.data() + at, std::min(step, x.size() - at), bits.data() + at);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < x.size() && wrong < 5; ++i)
    for (Rounding r : all_roundings) {
      const std::uint64_t want = convert<Float, Double>(x[i], r);
      const bool ok = is_nan<Double>(want) ? is_nan<Double>(bits[i]) : bits[i] == want;
      if (!ok && ++wrong <= 5)
        ADD_FAILURE() << std::hex << "x 0x" << x[i] << " " << rounding_suffix(r) << ": 0x" << bits[i] << " want 0x"
                      << want;
    }
}

template <typename T>
void check_int_to_int(IntFormat src, IntFormat dst) {
  const std::vector<std::uint64_t> x = int_patterns(src.bits);
  const std::size_t size = src.bits / 8;
  std::vector<std::uint8_t> packed(x.size() * size);
  for (std::size_t i = 0; i < x.size(); ++i) std::memcpy(packed.data() + i * size, &x[i], size);
  for (bool sat : {false, true}) {
    SCOPED_TRACE(testing::Message() << (src.is_signed ? "i" : "u") << src.bits << " to " << (dst.is_signed ? "i" : "u")
                                    << dst.bits << (sat ? " sat" : ""));
    // DEFINED is written only without _sat to a signed type; elsewhere it
    // keeps its all-ones start, every result being defined.
    const bool flagged = !sat && dst.is_signed;
    std::vector<T> bits(x.size()), defined(x.size(), flagged ? T(0x5a) : T(~T(0)));
    for (std::size_t at = 0, step = 1; at < x.size(); at += step, step = step % 61 + 7)
      int_to_int_block<T>(packed.data() + at * size, std::min(step, x.size() - at), src, dst, sat, bits.data() + at,
                          defined.data() + at);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < x.size() && wrong < 5; ++i) {
      const IntResult want = int_to_int(x[i] & src.mask(), src, dst, sat);
      const bool ok = T(want.bits) == bits[i] && (want.defined ? T(~T(0)) : T(0)) == defined[i];
      if (!ok) {
        ++wrong;
        ADD_FAILURE() << std::hex << "x 0x" << (x[i] & src.mask()) << ": bits 0x" << std::uint64_t(bits[i])
                      << " want 0x" << want.bits << ", defined " << std::uint64_t(defined[i] != 0) << " want "
                      << want.defined;
      }
    }
  }
}

TEST(ConvertBlock, EveryIntegerTypeToEveryIntegerType) {
  for (unsigned sb : {8u, 16u, 32u, 64u})
    for (bool ss : {true, false})
      for (bool ds : {true, false}) {
        check_int_to_int<std::uint8_t>({sb, ss}, {8, ds});
        check_int_to_int<std::uint16_t>({sb, ss}, {16, ds});
        check_int_to_int<std::uint32_t>({sb, ss}, {32, ds});
        check_int_to_int<std::uint64_t>({sb, ss}, {64, ds});
      }
}

TEST(ConvertBlock, FloatToHalf) {
  std::vector<std::uint32_t> x = float_patterns();
  for (std::uint32_t h = 0; h < 0x7c00; ++h) {
    const double here = double(half_to_float(std::uint16_t(h))), next = double(half_to_float(std::uint16_t(h + 1)));
    for (double v : {here, (here + next) / 2}) {  // both exact in float
      const std::uint32_t b = to_bits(float(v));
      for (std::uint32_t sign : {0u, 0x80000000u})
        for (std::uint32_t d = 0; d < 3; ++d) {
          x.push_back((b + d) | sign);
          if (b >= d) x.push_back((b - d) | sign);
        }
    }
  }
  for (Rounding r : all_roundings) {
    SCOPED_TRACE(rounding_suffix(r));
    std::vector<std::uint16_t> bits(x.size());
    for (std::size_t at = 0, step = 1; at < x.size(); at += step, step = step % 61 + 7)
      float_to_half_block(x.data() + at, std::min(step, x.size() - at), r, bits.data() + at);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < x.size() && wrong < 5; ++i) {
      const std::uint16_t want = convert<Float, Half>(x[i], r);
      if (bits[i] != want) {
        ++wrong;
        ADD_FAILURE() << std::hex << "x 0x" << x[i] << ": 0x" << bits[i] << " want 0x" << want;
      }
    }
  }
}

}  // namespace
}  // namespace clconform::ref
