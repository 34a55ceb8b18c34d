#include "reference/fuzz/value_set.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "reference/format_convert.hpp"

namespace clconform::ref::fuzz {
namespace {

uint64_t sign_mask(unsigned bits) { return uint64_t{1} << (bits - 1); }
unsigned mantissa_bits(unsigned bits) { return bits == 16 ? 10 : bits == 32 ? 23 : 52; }
uint64_t exponent_mask(unsigned bits) {
  const unsigned m = mantissa_bits(bits);
  return (sign_mask(bits) - 1) & ~((uint64_t{1} << m) - 1);
}

std::string show_float(__int128 key, unsigned format_bits) {
  const uint64_t b = float_bits(key, format_bits);
  char buf[64];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64 " (%.9g)", static_cast<int>(format_bits / 4), b,
                float_value(b, format_bits));
  return buf;
}

std::string show_int(__int128 v) {
  const bool neg = v < 0;
  unsigned __int128 u = neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  return neg ? "-" + s : s;
}

}  // namespace

const char* unknown_name(Unknown u) {
  switch (u) {
    case Unknown::None: return "none";
    case Unknown::Branch: return "undecided branch";
    case Unknown::Wide: return "range too wide";
    case Unknown::NonFinite: return "inf or NaN under -cl-finite-math-only";
    case Unknown::Undefined: return "undefined operation";
    case Unknown::Unbounded: return "accuracy not bounded";
    case Unknown::Excluded: return "operands the spec's rule does not judge";
  }
  return "?";
}

Set unknown_set(Unknown why) {
  Set s;
  s.unknown = why;
  return s;
}

Set nan_set() {
  Set s;
  s.nan = true;
  s.num = false;
  return s;
}

__int128 float_key(uint64_t bits, unsigned format_bits) {
  const uint64_t sm = sign_mask(format_bits);
  if (bits & sm) return -static_cast<__int128>(bits & ~sm) - 1;
  return static_cast<__int128>(bits);
}

uint64_t float_bits(__int128 key, unsigned format_bits) {
  if (key >= 0) return static_cast<uint64_t>(key);
  return static_cast<uint64_t>(-(key + 1)) | sign_mask(format_bits);
}

uint64_t quiet_nan_bits(unsigned format_bits) {
  return exponent_mask(format_bits) | (uint64_t{1} << (mantissa_bits(format_bits) - 1));
}

double float_value(uint64_t bits, unsigned format_bits) {
  if (format_bits == 16) return half_to_double(static_cast<uint16_t>(bits));
  if (format_bits == 32) {
    float f;
    const uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b, sizeof f);
    return f;
  }
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

bool float_is_nan(uint64_t bits, unsigned format_bits) {
  const uint64_t em = exponent_mask(format_bits);
  const uint64_t mm = (uint64_t{1} << mantissa_bits(format_bits)) - 1;
  return (bits & em) == em && (bits & mm) != 0;
}

uint64_t int_bits(__int128 value, const Elem& e) {
  const uint64_t mask = e.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << e.bits) - 1;
  return static_cast<uint64_t>(value) & mask;
}

__int128 int_value(uint64_t bits, const Elem& e) {
  const uint64_t mask = e.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << e.bits) - 1;
  bits &= mask;
  if (e.is_signed && (bits & sign_mask(e.bits))) return static_cast<__int128>(bits) - (static_cast<__int128>(1) << e.bits);
  return static_cast<__int128>(bits);
}

Set point_of(uint64_t bits, const Elem& e) {
  if (e.is_float && float_is_nan(bits, e.bits)) return nan_set();
  Set s;
  s.lo = s.hi = e.is_float ? float_key(bits, e.bits) : int_value(bits, e);
  return s;
}

Set hull(const Set& a, const Set& b) {
  if (!a.known()) return a;
  if (!b.known()) return b;
  Set s;
  s.nan = a.nan || b.nan;
  s.num = a.num || b.num;
  if (a.num && b.num) {
    s.lo = std::min(a.lo, b.lo);
    s.hi = std::max(a.hi, b.hi);
  } else if (a.num) {
    s.lo = a.lo, s.hi = a.hi;
  } else {
    s.lo = b.lo, s.hi = b.hi;
  }
  return s;
}

bool contains(const Set& s, uint64_t bits, const Elem& e) {
  if (!s.known()) return true;
  if (e.is_float && float_is_nan(bits, e.bits)) return s.nan;
  if (!s.num) return false;
  const __int128 k = e.is_float ? float_key(bits, e.bits) : int_value(bits, e);
  return s.lo <= k && k <= s.hi;
}

bool has_subnormal(const Set& s, unsigned format_bits) {
  if (!s.known() || !s.num) return false;
  const __int128 top = (static_cast<__int128>(1) << mantissa_bits(format_bits)) - 1;  // largest subnormal's key
  // Positive subnormals have keys 1..top, negative ones -top-1..-2.
  const bool pos = s.lo <= top && s.hi >= 1;
  const bool neg = s.lo <= -2 && s.hi >= -top - 1;
  return pos || neg;
}

bool has_infinity(const Set& s, unsigned format_bits) {
  if (!s.known() || !s.num) return false;
  const __int128 inf = static_cast<__int128>(exponent_mask(format_bits));
  return s.hi >= inf || s.lo <= -inf - 1;
}

bool has_zero(const Set& s) { return s.known() && s.num && s.lo <= 0 && s.hi >= -1; }

Set with_zeros(const Set& s) {
  if (!s.known()) return s;
  Set z;
  z.lo = -1;  // -0
  z.hi = 0;   // +0
  return hull(s, z);
}

uint64_t count(const Set& s, uint64_t limit) {
  if (!s.known()) return limit + 1;
  uint64_t n = s.nan ? 1 : 0;
  if (s.num) {
    const unsigned __int128 span = static_cast<unsigned __int128>(s.hi - s.lo) + 1;
    if (span > limit) return limit + 1;
    n += static_cast<uint64_t>(span);
  }
  return std::min<uint64_t>(n, limit + 1);
}

std::string describe(const Set& s, const Elem& e) {
  if (!s.known()) return std::string("unknown (") + unknown_name(s.unknown) + ")";
  std::string r;
  if (s.num) {
    if (e.is_float) {
      r = s.lo == s.hi ? show_float(s.lo, e.bits) : "[" + show_float(s.lo, e.bits) + ", " + show_float(s.hi, e.bits) + "]";
    } else {
      r = s.lo == s.hi ? show_int(s.lo) : "[" + show_int(s.lo) + ", " + show_int(s.hi) + "]";
    }
  }
  if (s.nan) r += r.empty() ? "NaN" : " or NaN";
  return r.empty() ? "nothing" : r;
}

}  // namespace clconform::ref::fuzz
