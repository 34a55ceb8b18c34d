#include "reference/integer.hpp"

#include <utility>

namespace clconform::ref::integer {
namespace {

using i128 = __int128;
using u64 = std::uint64_t;

inline u64 mask_of(unsigned bits) { return bits == 64 ? ~u64{0} : (u64{1} << bits) - 1; }

// The value pattern P stands for in format T.
inline i128 val(IntFormat t, u64 p) {
  p &= mask_of(t.bits);
  if (t.is_signed && (p >> (t.bits - 1)) & 1) return i128(p) - (i128(1) << t.bits);
  return i128(p);
}

inline i128 lo_of(IntFormat t) { return t.is_signed ? -(i128(1) << (t.bits - 1)) : 0; }
inline i128 hi_of(IntFormat t) { return t.is_signed ? (i128(1) << (t.bits - 1)) - 1 : (i128(1) << t.bits) - 1; }

inline u64 pat(IntFormat t, i128 v) { return u64(v) & mask_of(t.bits); }

inline u64 sat(IntFormat t, i128 v) {
  const i128 lo = lo_of(t), hi = hi_of(t);
  return pat(t, v < lo ? lo : v > hi ? hi : v);
}

// floor(v / 2^k) for a possibly negative V.
inline i128 floor_shift(i128 v, unsigned k) { return v >= 0 ? v >> k : -((-v + (i128(1) << k) - 1) >> k); }

// floor(x * y / 2^bits): the high half of the full product.
inline i128 mul_hi(IntFormat t, i128 x, i128 y) {
  if (t.bits < 64) return floor_shift(x * y, t.bits);
  // Both magnitudes fit in 64 bits, so their product fits in 128 unsigned bits.
  using u128 = unsigned __int128;
  const bool neg = (x < 0) != (y < 0);
  const u128 prod = u128(x < 0 ? -x : x) * u128(y < 0 ? -y : y);
  const i128 q = i128(prod >> 64);
  if (!neg) return q;
  return -q - (u64(prod) != 0 ? 1 : 0);  // floor of a negative quotient
}

inline unsigned clz_of(u64 p, unsigned bits) {
  if (p == 0) return bits;
  return unsigned(__builtin_clzll(p)) - (64 - bits);
}

inline unsigned ctz_of(u64 p, unsigned bits) { return p == 0 ? bits : unsigned(__builtin_ctzll(p)); }

inline bool in_mul24_range(IntFormat t, i128 v) {
  return t.is_signed ? (v >= -(i128(1) << 23) && v < (i128(1) << 23)) : (v >= 0 && v < (i128(1) << 24));
}

inline i128 low24(IntFormat t, u64 p) {
  const u64 l = p & 0xFFFFFF;
  return t.is_signed && (l >> 23) ? i128(l) - (i128(1) << 24) : i128(l);
}

}  // namespace

std::optional<Fn> function_named(const std::string& n) {
  static const std::pair<const char*, Fn> names[] = {
      {"abs", Fn::Abs},         {"abs_diff", Fn::AbsDiff}, {"add_sat", Fn::AddSat}, {"hadd", Fn::Hadd},
      {"rhadd", Fn::Rhadd},     {"clamp", Fn::Clamp},      {"clz", Fn::Clz},        {"ctz", Fn::Ctz},
      {"mad_hi", Fn::MadHi},    {"mad_sat", Fn::MadSat},   {"max", Fn::Max},        {"min", Fn::Min},
      {"mul_hi", Fn::MulHi},    {"rotate", Fn::Rotate},    {"sub_sat", Fn::SubSat}, {"upsample", Fn::Upsample},
      {"popcount", Fn::Popcount}, {"mad24", Fn::Mad24},    {"mul24", Fn::Mul24},    {"op_div", Fn::OpDiv},
      {"op_rem", Fn::OpRem},    {"op_shl", Fn::OpShl},     {"op_shr", Fn::OpShr},   {"op_add", Fn::OpAdd},
      {"op_sub", Fn::OpSub},    {"op_mul", Fn::OpMul},     {"op_lt", Fn::OpLt},
  };
  for (const auto& [name, fn] : names)
    if (n == name) return fn;
  return std::nullopt;
}

unsigned arity(Fn fn) {
  switch (fn) {
    case Fn::Abs: case Fn::Clz: case Fn::Ctz: case Fn::Popcount: return 1;
    case Fn::Clamp: case Fn::MadHi: case Fn::MadSat: case Fn::Mad24: return 3;
    default: return 2;
  }
}

IntFormat result_format(Fn fn, IntFormat t) {
  switch (fn) {
    case Fn::Abs: case Fn::AbsDiff: return {t.bits, false};
    case Fn::Upsample: return {2 * t.bits, t.is_signed};
    default: return t;
  }
}

bool defined(Fn fn, IntFormat t, const u64* a) {
  switch (fn) {
    case Fn::Clamp: return val(t, a[1]) <= val(t, a[2]);
    case Fn::Mad24: case Fn::Mul24: return in_mul24_range(t, val(t, a[0])) && in_mul24_range(t, val(t, a[1]));
    case Fn::OpDiv: case Fn::OpRem: {
      const i128 y = val(t, a[1]);
      return y != 0 && !(t.is_signed && y == -1 && val(t, a[0]) == lo_of(t));
    }
    case Fn::OpShl: {
      if (!t.is_signed) return true;
      const i128 x = val(t, a[0]);
      const unsigned k = unsigned(a[1] & (t.bits - 1));
      return x >= 0 && (x << k) <= hi_of(t);
    }
    default: return true;
  }
}

u64 eval(Fn fn, IntFormat t, const u64* a) {
  const unsigned bits = t.bits;
  const i128 x = val(t, a[0]);
  const i128 y = arity(fn) > 1 ? val(t, a[1]) : 0;
  const i128 z = arity(fn) > 2 ? val(t, a[2]) : 0;
  const IntFormat u{bits, false};
  switch (fn) {
    case Fn::Abs: return pat(u, x < 0 ? -x : x);
    case Fn::AbsDiff: return pat(u, x > y ? x - y : y - x);
    case Fn::AddSat: return sat(t, x + y);
    case Fn::Hadd: return pat(t, floor_shift(x + y, 1));
    case Fn::Rhadd: return pat(t, floor_shift(x + y + 1, 1));
    case Fn::Clamp: return pat(t, x < y ? y : x > z ? z : x);
    case Fn::Clz: return clz_of(pat(t, x), bits);
    case Fn::Ctz: return ctz_of(pat(t, x), bits);
    case Fn::MadHi: return pat(t, mul_hi(t, x, y) + z);
    case Fn::MadSat:
      // A signed 64-bit product fits in 127 bits; an unsigned one may not
      // fit in i128, but any product beyond 2^64 saturates whatever z is.
      if (bits == 64 && !t.is_signed && x != 0 && y > hi_of(t) / x) return pat(t, hi_of(t));
      return sat(t, x * y + z);
    case Fn::Max: return pat(t, x < y ? y : x);
    case Fn::Min: return pat(t, y < x ? y : x);
    case Fn::MulHi: return pat(t, mul_hi(t, x, y));
    case Fn::Rotate: {
      const unsigned k = unsigned(a[1] & (bits - 1));
      const u64 p = pat(t, x);
      return k == 0 ? p : ((p << k) | (p >> (bits - k))) & mask_of(bits);
    }
    case Fn::SubSat: return sat(t, x - y);
    case Fn::Upsample: return pat({2 * bits, t.is_signed}, x * (i128(1) << bits) + i128(a[1] & mask_of(bits)));
    case Fn::Popcount: return unsigned(__builtin_popcountll(pat(t, x)));
    case Fn::Mul24: return pat(t, low24(t, a[0]) * low24(t, a[1]));
    case Fn::Mad24: return pat(t, low24(t, a[0]) * low24(t, a[1]) + z);
    case Fn::OpDiv: return y == 0 ? 0 : pat(t, x / y);  // i128 division truncates toward zero
    case Fn::OpRem: return y == 0 ? 0 : pat(t, x % y);
    case Fn::OpShl: return (pat(t, x) << (a[1] & (bits - 1))) & mask_of(bits);
    case Fn::OpShr: return pat(t, floor_shift(x, unsigned(a[1] & (bits - 1))));  // arithmetic for signed x
    case Fn::OpAdd: return pat(t, x + y);
    case Fn::OpSub: return pat(t, x - y);
    // In 128 unsigned bits: two 64-bit unsigned operands overflow a signed
    // __int128 product; the low bits, all that pat keeps, are the same.
    case Fn::OpMul: return pat(t, i128((unsigned __int128)x * (unsigned __int128)y));
    case Fn::OpLt: return x < y ? 1 : 0;
  }
  return 0;
}

}  // namespace clconform::ref::integer
