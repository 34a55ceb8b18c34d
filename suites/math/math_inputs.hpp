// The input tuples of a math case, lane by lane. Every lane is one tuple
// (the bits of each argument), the same for every vector width, and a pure
// function of (seed, case, lane), so `--index LANE` re-runs exactly one and
// `--shard K/N` splits the sequence deterministically (CaseRun::range).
//
// The sequence: first the tuples of the edge-case checks, then the edge
// values (quick mode: for one argument, the specials, every binade's ends,
// denormals and the sets the catalog asks for; for several arguments the
// cross product of a smaller edge list), then
//   quick mode: a seeded random sample stratified by exponent (every
//               exponent of the first argument equally often);
//   full mode:  every one of the 2^32 floats (one float argument), 2^32
//               doubles stratified by sign and exponent (one double
//               argument: every binade gets the same share), or a
//               stratified sample of 2^28 tuples (several arguments).
// Double cases draw from double's edge values and exponents. Half cases
// (cl_khr_fp16) with one half argument take every one of the 2^16 halves
// in both modes; with several, the cross product of a half edge list, then
// a stratified sample (quick: kQuickPerExponentHalf per sign and exponent;
// full: kFullSampleHalf).
#pragma once

#include <cstddef>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "inputs.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/judge.hpp"  // Format

namespace clconform::suites::math {

// Ushort: half's nan(ushortn) code (6.15.2).
enum class Arg { Float, Double, Int, Uint, Ulong, Half, Ushort };

// Bytes of one argument of that kind in the kernel's arrays.
inline unsigned arg_bytes(Arg a) {
  return a == Arg::Double || a == Arg::Ulong ? 8 : a == Arg::Half || a == Arg::Ushort ? 2 : 4;
}

// The value of half bits, exactly (every half is a float).
inline double half_value(uint64_t bits) {
  const uint32_t b = uint32_t(bits) & 0xFFFF;
  const uint32_t sign = (b & 0x8000u) << 16, e = (b >> 10) & 0x1F, m = b & 0x3FF;
  double v;
  if (e == 0x1F) v = m ? std::nan("") : HUGE_VAL;
  else if (e == 0) v = std::ldexp(double(m), -24);
  else v = std::ldexp(double(m | 0x400), int(e) - 25);
  return sign ? -v : v;
}

struct Tuple {
  uint64_t bits[3] = {0, 0, 0};
};

class InputPlan {
 public:
  // SETS: the catalog's extra edge sets ("trig", "halves", "unit", "exp:e",
  // "hyper", "gamma", "int:ldexp", "int:pow", "int:root"). Throws
  // std::runtime_error for an unknown set.
  InputPlan(std::vector<Arg> args, const std::vector<std::string>& sets, std::vector<Tuple> checks, bool full,
            uint64_t seed, uint64_t stream, ref::math::Format format = ref::math::Format::Float);

  uint64_t total() const { return fixed_.size() + tail_; }
  uint64_t check_lanes() const { return checks_; }
  uint64_t edge_lanes() const { return fixed_.size() - checks_; }
  bool exhaustive() const { return exhaustive_; }
  Tuple at(uint64_t lane) const;
  // A case whose only argument is a double, drawn at random (full and
  // quick mode): random_doubles writes at()'s bits of lanes [LANE, LANE +
  // N), all past the fixed lanes, into OUT, without a Tuple per lane. It
  // walks first_double's counters instead of computing them per lane: the
  // hash's counter grows by four steps a lane, the sign alternates and the
  // exponent field grows by one every two lanes, modulo 2047; eight lanes
  // at a time where the CPU has AVX-512 (math_inputs.cpp).
  bool one_random_double() const { return !exhaustive_ && args_.size() == 1 && args_[0] == Arg::Double; }
  void random_doubles(uint64_t lane, size_t n, uint64_t* out) const;

  // The value an argument's bits stand for, exactly.
  double value(unsigned arg, uint64_t bits) const {
    switch (args_[arg]) {
      case Arg::Float: return double(ref::float_from_bits(uint32_t(bits)));
      case Arg::Double: return ref::double_from_bits(bits);
      case Arg::Int: return double(int32_t(uint32_t(bits)));
      case Arg::Uint: return double(uint32_t(bits));
      case Arg::Ulong: return double(bits);
      case Arg::Half: return half_value(bits);
      case Arg::Ushort: return double(uint16_t(bits));
    }
    return 0;
  }
  const std::vector<Arg>& args() const { return args_; }

 private:
  uint64_t random_arg(unsigned arg, uint64_t lane, uint64_t first_bits) const;
  uint64_t random_double(unsigned arg, uint64_t lane, uint64_t first_bits) const;
  uint64_t random_half(unsigned arg, uint64_t lane, uint64_t first_bits) const;
  // The seed of a random double's mantissa bits: another stream than the
  // one that draws its sign and exponent.
  uint64_t mantissa_seed() const { return seed_ ^ 0x9e3779b97f4a7c15u; }
  // The first argument of random lane LANE when it is a double: sign LANE &
  // 1, exponent field (LANE >> 1) mod 2047 (subnormals included).
  uint64_t first_double(uint64_t lane) const {
    const uint64_t mant =
        counter_bits(mantissa_seed(), stream_, lane * 4) & ref::Double::mantissa_mask;
    return (lane & 1 ? ref::Double::sign_mask : 0) | ((lane >> 1) % 2047) << 52 | mant;
  }

  std::vector<Arg> args_;
  std::vector<std::string> int_sets_;  // per argument: which int set ("" = the default)
  std::vector<Tuple> fixed_;
  uint64_t checks_ = 0, tail_ = 0;
  bool exhaustive_ = false;
  bool fp64_ = false;
  bool half_ = false;
  uint64_t seed_, stream_;
};

// Quick mode's random lanes per sign and exponent (255 exponent fields,
// denormals included, both signs).
constexpr uint64_t kQuickPerExponent = 16;
// The same for double (2047 exponent fields, both signs): 16,376 lanes.
constexpr uint64_t kQuickPerExponentDouble = 4;
// Full mode, one double argument: 2^32 lanes stratified by sign and exponent.
constexpr uint64_t kFullDouble = uint64_t(1) << 32;
constexpr uint64_t kFullSample = uint64_t(1) << 28;
// Half with several arguments (31 exponent fields, both signs): every lane
// is judged with the float tier and often MPFR, so fewer than float's.
constexpr uint64_t kQuickPerExponentHalf = 128;
constexpr uint64_t kFullSampleHalf = uint64_t(1) << 22;

}  // namespace clconform::suites::math
