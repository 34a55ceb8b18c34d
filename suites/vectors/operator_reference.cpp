#include "operator_reference.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace clconform::suites::vectors {
namespace {

uint64_t all_ones(unsigned bits) { return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

int64_t sign_extend(uint64_t v, unsigned bits) {
  if (bits == 64) return int64_t(v);
  const uint64_t sign = uint64_t(1) << (bits - 1);
  return int64_t((v ^ sign) - sign);
}

// A signed value of WIDTH bits (range [-2^(WIDTH-1), 2^(WIDTH-1))) with the
// lane number in its low 4 bits, as the element's bit pattern.
uint64_t signed_in_width(uint64_t random, unsigned lane, unsigned width, unsigned bits) {
  const uint64_t v = ((random << 4) | lane) & all_ones(width);
  return uint64_t(sign_extend(v, width)) & all_ones(bits);
}

uint64_t float_bits(const TypeDesc& elem, double v) {
  if (elem.elem_size == 4) {
    float f = float(v);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}

double float_value(const TypeDesc& elem, uint64_t bits) {
  if (elem.elem_size == 4) {
    uint32_t b = uint32_t(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

// Moderate normal values with the lane in the low mantissa bits.
uint64_t moderate(const TypeDesc& elem, uint64_t random, unsigned lane) {
  const unsigned mant = elem.elem_size == 8 ? 52 : 23;
  const uint64_t bias = elem.elem_size == 8 ? 1023 : 127;
  const uint64_t m = ((random << 4) | lane) & ((uint64_t(1) << mant) - 1);
  return (((random >> 63) & 1) << (8 * elem.elem_size - 1)) | ((bias - 8 + (random >> 40) % 17) << mant) | m;
}

uint64_t nonzero(uint64_t v) { return v == 0 ? 1 : v; }

uint64_t integer_operand(const std::string& op, Operand role, const TypeDesc& elem, unsigned lane, uint64_t random) {
  const unsigned bits = 8 * elem.elem_size;
  const bool is_signed = elem.kind == TypeDesc::Kind::Int;
  const uint64_t full = ((random << 4) | lane) & all_ones(bits);
  if (is_comparison(op)) return full;
  if (op == "land" || op == "lor") {
    const bool zero = role == Operand::A ? lane % 4 < 2 : lane % 2 == 0;
    return zero ? 0 : nonzero(full);
  }
  if (op == "lnot") return lane % 3 == 0 ? 0 : nonzero(full);
  if (op == "div" || op == "rem") {
    if (role == Operand::B) return nonzero(is_signed ? signed_in_width(random, lane, bits / 2, bits) : full >> (bits / 2));
    return is_signed ? signed_in_width(random, lane, bits - 1, bits) : full;
  }
  if (op == "shl" && is_signed) {
    // A non-negative value of bits/2 - 1 bits shifted by less than bits/2
    // stays below 2^(bits-2): the result is defined. The count's bits above
    // the ones that count are random and must be ignored.
    if (role == Operand::B) return (random & ~uint64_t(bits - 1) & all_ones(bits)) | ((random >> 32) % (bits / 2));
    return full & all_ones(bits / 2 - 1);
  }
  if (!is_signed || op == "and" || op == "or" || op == "xor" || op == "bitnot" || op == "shl" || op == "shr" ||
      op == "select") {
    return full;
  }
  // Signed + - * and the unary operators: operands whose results stay in range.
  return signed_in_width(random, lane, op == "mul" ? bits / 2 : bits - 1, bits);
}

uint64_t float_operand(const std::string& op, Operand role, const TypeDesc& elem, unsigned lane, uint64_t random) {
  const uint64_t sign = uint64_t(1) << (8 * elem.elem_size - 1);
  const double inf = std::numeric_limits<double>::infinity();
  const uint64_t nan = float_bits(elem, std::numeric_limits<double>::quiet_NaN());
  const uint64_t value = moderate(elem, random, lane);
  if (is_comparison(op)) {
    if (lane % 7 == 6) return role == Operand::A ? 0 : sign;  // +0 against -0: equal
    if (lane % 5 == 4 && role == Operand::A) return nan;
    if (lane == 10 && role == Operand::B) return float_bits(elem, -inf);
    return value;
  }
  if (op == "land" || op == "lor") {
    const bool zero = role == Operand::A ? lane % 4 < 2 : lane % 2 == 0;
    if (zero) return lane % 8 < 4 ? 0 : sign;
    return lane % 5 == 4 ? nan : value;  // NaN is not zero
  }
  if (op == "lnot") {
    if (lane % 3 == 0) return lane % 2 ? sign : 0;
    return lane % 5 == 4 ? nan : value;
  }
  if (op == "plus" || op == "neg") {
    if (lane % 5 == 0) return lane % 10 ? sign : 0;
    if (lane % 7 == 6) return float_bits(elem, lane % 2 ? -inf : inf);
    return value;
  }
  if (op == "div" && role == Operand::B && elem.elem_size == 4) {
    // float division may be 2.5 ulp off (7.4) unless the quotient is exact:
    // a power of two as divisor makes it exact. double division is correctly
    // rounded, so it takes any divisor.
    const int e = int(random % 17) - 8;
    return float_bits(elem, ((random >> 32) & 1 ? -1.0 : 1.0) * std::ldexp(1.0, e));
  }
  return value;
}

uint64_t apply_integer(const std::string& op, const TypeDesc& elem, uint64_t a, uint64_t b, uint64_t cond) {
  const unsigned bits = 8 * elem.elem_size;
  const uint64_t mask = all_ones(bits), truth = mask;
  const bool s = elem.kind == TypeDesc::Kind::Int;
  const int64_t sa = sign_extend(a, bits), sb = sign_extend(b, bits);
  auto less = [&](bool strict_swap_a_b, bool or_equal) {
    const bool lt = s ? (strict_swap_a_b ? sb < sa : sa < sb) : (strict_swap_a_b ? b < a : a < b);
    return (lt || (or_equal && a == b)) ? truth : 0;
  };
  // 6.5.10: the count is the low log2(bits) bits, viewed as unsigned.
  const unsigned count = unsigned(b & (bits - 1));
  if (op == "add") return (a + b) & mask;
  if (op == "sub") return (a - b) & mask;
  if (op == "mul") return (a * b) & mask;
  if (op == "div") return (s ? uint64_t(sa / sb) : a / b) & mask;
  if (op == "rem") return (s ? uint64_t(sa % sb) : a % b) & mask;
  if (op == "plus") return a;
  if (op == "neg") return (0 - a) & mask;
  if (op == "bitnot") return ~a & mask;
  if (op == "lnot") return a == 0 ? truth : 0;
  if (op == "preinc" || op == "postinc") return (a + 1) & mask;
  if (op == "predec" || op == "postdec") return (a - 1) & mask;
  if (op == "lt") return less(false, false);
  if (op == "gt") return less(true, false);
  if (op == "le") return less(false, true);
  if (op == "ge") return less(true, true);
  if (op == "eq") return a == b ? truth : 0;
  if (op == "ne") return a != b ? truth : 0;
  if (op == "land") return a != 0 && b != 0 ? truth : 0;
  if (op == "lor") return a != 0 || b != 0 ? truth : 0;
  if (op == "and") return a & b;
  if (op == "or") return a | b;
  if (op == "xor") return a ^ b;
  if (op == "shl") return (a << count) & mask;
  if (op == "shr") return (s ? uint64_t(sa >> count) : a >> count) & mask;
  if (op == "select") return (cond >> (bits - 1)) & 1 ? a : b;
  throw std::invalid_argument("unknown operator '" + op + "'");
}

template <typename F>
uint64_t apply_float(const std::string& op, const TypeDesc& elem, uint64_t a_bits, uint64_t b_bits, uint64_t cond) {
  const F a = F(float_value(elem, a_bits)), b = F(float_value(elem, b_bits));
  const uint64_t truth = all_ones(8 * elem.elem_size);
  auto value = [&](F v) { return float_bits(elem, double(v)); };
  if (op == "add") return value(a + b);
  if (op == "sub") return value(a - b);
  if (op == "mul") return value(a * b);
  if (op == "div") return value(a / b);
  if (op == "plus") return a_bits;
  if (op == "neg") return a_bits ^ (uint64_t(1) << (8 * elem.elem_size - 1));
  if (op == "lnot") return a == 0 ? truth : 0;
  if (op == "lt") return a < b ? truth : 0;
  if (op == "gt") return a > b ? truth : 0;
  if (op == "le") return a <= b ? truth : 0;
  if (op == "ge") return a >= b ? truth : 0;
  if (op == "eq") return a == b ? truth : 0;
  if (op == "ne") return a != b ? truth : 0;
  if (op == "land") return a != 0 && b != 0 ? truth : 0;
  if (op == "lor") return a != 0 || b != 0 ? truth : 0;
  if (op == "select") return (cond >> (8 * elem.elem_size - 1)) & 1 ? a_bits : b_bits;
  throw std::invalid_argument("operator '" + op + "' has no floating-point form");
}

}  // namespace

uint64_t operand_bits(const std::string& op, Operand role, const TypeDesc& elem, unsigned position, uint64_t random) {
  const unsigned lane = position % 16;
  if (role == Operand::Cond) return random & all_ones(8 * elem.elem_size);
  if (elem.kind == TypeDesc::Kind::Float) return float_operand(op, role, elem, lane, random);
  return integer_operand(op, role, elem, lane, random);
}

uint64_t apply(const std::string& op, const TypeDesc& elem, uint64_t a, uint64_t b, uint64_t cond) {
  if (elem.kind != TypeDesc::Kind::Float) return apply_integer(op, elem, a, b, cond);
  // Single-precision operations in float: the host's float arithmetic is
  // IEEE binary32 with round to nearest even, as 7.4 requires of + - *.
  if (elem.elem_size == 4) return apply_float<float>(op, elem, a, b, cond);
  return apply_float<double>(op, elem, a, b, cond);
}

bool is_comparison(const std::string& op) {
  return op == "lt" || op == "gt" || op == "le" || op == "ge" || op == "eq" || op == "ne";
}

bool is_unary(const std::string& op) {
  return op == "plus" || op == "neg" || op == "bitnot" || op == "lnot" || op == "preinc" || op == "predec" ||
         op == "postinc" || op == "postdec";
}

}  // namespace clconform::suites::vectors
