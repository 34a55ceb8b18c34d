#include "reference/fuzz/ops.hpp"

#include "reference/fuzz/enumerate.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "reference/format_convert.hpp"
#include "reference/int_convert.hpp"
#include "reference/integer.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/ulp.hpp"

namespace clconform::ref::fuzz {
namespace {

// Far beyond what any bound needs: the enclosure's two ends are adjacent at
// this precision, so they round alike except next to a rounding boundary,
// where both roundings are kept.
constexpr mpfr_prec_t kPrecision = 192;

math::Format format_of(unsigned bits) {
  return bits == 16 ? math::Format::Half : bits == 64 ? math::Format::Double : math::Format::Float;
}

uint64_t infinity_bits(unsigned bits) { return bits == 16 ? Half::infinity_bits : bits == 32 ? Float::infinity_bits : Double::infinity_bits; }

// How a math function behaves over a range, which decides whether its
// range's ends (with the zeros inside) bound what it gives inside.
enum class Shape {
  Enumerate,  // anything: only evaluated value by value
  Monotone,   // monotone in each argument on [lo, hi], NaN outside (single-argument domains)
  Even,       // monotone in |x| on either side of zero (the zeros are among the evaluated values)
};
struct ShapeInfo {
  Shape shape = Shape::Enumerate;
  double lo = -INFINITY, hi = INFINITY;  // the domain; -0.0 is its own bound (log(-0) = -inf, not NaN)
};

ShapeInfo shape_of(const std::string& fn) {
  static const char* const kMonotone[] = {"exp",   "exp2", "exp10", "expm1", "sinh", "tanh", "atan", "atanpi",
                                          "asinh", "erf",  "erfc",  "cbrt",  "floor", "ceil", "trunc", "rint",
                                          "round", "add",  "sub",   "mul",   "fma",  "fmin", "fmax", "fdim",
                                          "divide"};
  static const char* const kEven[] = {"cosh", "fabs", "logb", "hypot"};
  for (const char* n : kMonotone) {
    if (fn == n) return {Shape::Monotone, -INFINITY, INFINITY};
  }
  for (const char* n : kEven) {
    if (fn == n) return {Shape::Even, -INFINITY, INFINITY};
  }
  if (fn == "log" || fn == "log2" || fn == "log10" || fn == "sqrt") return {Shape::Monotone, -0.0, INFINITY};
  if (fn == "log1p") return {Shape::Monotone, -1.0, INFINITY};
  if (fn == "asin" || fn == "asinpi" || fn == "acos" || fn == "acospi" || fn == "atanh") return {Shape::Monotone, -1.0, 1.0};
  if (fn == "acosh") return {Shape::Monotone, 1.0, INFINITY};
  return {};
}

__int128 key_of_double(double v, unsigned format_bits) {
  uint64_t bits;
  if (format_bits == 16) {
    bits = double_to_half(v, Rounding::NearestEven);
  } else if (format_bits == 32) {
    const float f = static_cast<float>(v);
    uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    bits = b;
  } else {
    std::memcpy(&bits, &v, sizeof bits);
  }
  return float_key(bits, format_bits);
}

// The results within BOUND of the real values an enclosure holds; U is the
// largest ulp among all the reals of this operation (in a range evaluated
// at its ends, a value inside may have a larger ulp than the end it is
// nearest, never a larger one than the largest end).
template <typename F>
Set window(const math::Enclosure& e, const Bound& bound, const Mpfr& u, bool edge_cases) {
  if (e.is_nan()) return nan_set();
  const bool prescribed = e.exact && (e.lo.is_inf() || (e.lo.is_zero() && edge_cases));
  if (bound.kind != Bound::Kind::Ulps || prescribed) {
    // Correctly rounded (an exact result rounds to itself); an exact zero or
    // infinity of a bounded function is an edge case of 7.5.1 or C99 F.9,
    // which prescribe the value.
    Set s = float_point<F>(e.lo.round_to<F>(Rounding::NearestEven));
    return hull(s, float_point<F>(e.hi.round_to<F>(Rounding::NearestEven)));
  }
  // An exact zero under relaxed rules: ulp(0) is the subnormal spacing.
  const Mpfr unit = mpfr_zero_p(u.get()) ? Mpfr::pow2(F::subnormal_exponent) : u;
  return within_ulps(e.lo, e.hi, unit, bound.ulps, F::total_bits);
}

template <typename F>
Set eval_math_t(const std::string& fn, const Bound& bound, const std::vector<Set>& args, const Rules& rules) {
  const unsigned fb = F::total_bits;
  const Elem elem{true, fb, true};
  const int id = math::function_id(fn);
  if (id < 0) throw std::invalid_argument("fuzz oracle: no math function '" + fn + "'");
  const math::Fn f = math::fn_of(id);
  for (const Set& a : args) {
    if (!a.known()) return a;
    if (rules.finite_only && (a.nan || has_infinity(a, fb))) return unknown_set(Unknown::NonFinite);
  }
  const bool flush = rules.may_flush(fb);
  std::vector<Set> ranges = args;
  std::vector<std::vector<uint64_t>> vals(args.size());
  bool fits = true;
  for (size_t i = 0; i < args.size() && fits; ++i) fits = values_of(ranges[i], elem, false, flush, kEnumerateLimit, &vals[i]);
  fits = fits && product_fits(vals, kEnumerateLimit);
  bool outside_domain = false;
  if (!fits) {
    const ShapeInfo shape = shape_of(fn);
    if (shape.shape == Shape::Enumerate) return unknown_set(Unknown::Wide);
    if (fn == "divide" && has_zero(args[1])) return unknown_set(Unknown::Wide);
    if (args.size() == 1 && ranges[0].num) {
      // Outside a single-argument function's domain the result is NaN.
      Set& r = ranges[0];
      const __int128 dlo = key_of_double(shape.lo, fb), dhi = key_of_double(shape.hi, fb);
      outside_domain = r.lo < dlo || r.hi > dhi;
      r.lo = std::max(r.lo, dlo);
      r.hi = std::min(r.hi, dhi);
      if (r.lo > r.hi) r.num = false;
    }
    for (size_t i = 0; i < args.size(); ++i) values_of(ranges[i], elem, true, flush, kEnumerateLimit, &vals[i]);
    if (!product_fits(vals, kEnumerateLimit)) return unknown_set(Unknown::Wide);
  }
  std::vector<math::Enclosure> encs;
  for (const auto& v : vals) {
    if (v.empty()) return outside_domain ? settle_float(nan_set(), fb, rules) : unknown_set(Unknown::Wide);
  }
  const math::Format format = format_of(fb);
  for_each_combination(vals, [&](const std::vector<uint64_t>& bits) {
    double x[3] = {0, 0, 0};
    for (size_t i = 0; i < bits.size(); ++i) x[i] = float_value(bits[i], fb);
    const int alts = math::alternatives(f, x, flush, format);
    for (int alt = 0; alt < alts; ++alt) encs.push_back(math::enclose(f, x, kPrecision, alt, format));
  });
  Mpfr u = Mpfr::zero(false, kPrecision);
  for (const auto& e : encs) {
    for (const Mpfr* end : {&e.lo, &e.hi}) {
      if (!end->is_finite() || end->is_zero()) continue;
      const Mpfr ue = ulp_of<F>(*end);
      if (mpfr_cmp(ue.get(), u.get()) > 0) u = ue;
    }
  }
  Set out;
  out.num = false;
  out.nan = outside_domain;
  for (const auto& e : encs) out = hull(out, window<F>(e, bound, u, !rules.relaxed));
  // A NaN's sign bit is not part of a set (sets hold no NaN bits), and
  // copysign copies it: a NaN y allows either sign.
  if (fn == "copysign" && args[1].nan && out.num) {
    Set flipped = out;
    flipped.lo = -out.hi - 1;
    flipped.hi = -out.lo - 1;
    out = hull(out, flipped);
  }
  // fmin(-0, +0) and the like: 7.5.1 does not order the zeros.
  if ((fn == "fmin" || fn == "fmax" || fn == "minmag" || fn == "maxmag") && has_zero(out)) out = with_zeros(out);
  return settle_float(out, fb, rules);
}

Set int_results(integer::Fn f, const Elem& arg, const Elem& result, const std::vector<Set>& args,
                const std::vector<Elem>& elems) {
  std::vector<std::vector<uint64_t>> vals(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].known()) return args[i];
    if (!values_of(args[i], elems[i], false, false, kEnumerateLimit, &vals[i])) return unknown_set(Unknown::Wide);
  }
  if (!product_fits(vals, kEnumerateLimit)) return unknown_set(Unknown::Wide);
  const IntFormat t{arg.bits, arg.is_signed};
  Set out;
  out.num = false;
  bool undefined = false;
  for_each_combination(vals, [&](const std::vector<uint64_t>& a) {
    if (!integer::defined(f, t, a.data())) {
      undefined = true;
      return;
    }
    out = hull(out, point_of(integer::eval(f, t, a.data()), result));
  });
  return undefined ? unknown_set(Unknown::Undefined) : out;
}

template <typename F>
uint64_t bits_to_int(uint64_t bits, const Elem& to, Rounding r, bool sat, bool* defined) {
  const IntResult res = float_to_int<F>(static_cast<typename F::Bits>(bits), IntFormat{to.bits, to.is_signed}, r, sat);
  *defined = res.defined;
  return res.bits;
}

template <typename To>
uint64_t int_to_bits(uint64_t bits, const Elem& from, Rounding r) {
  const __int128 v = int_value(bits, from);
  return v < 0 ? from_int64<To>(static_cast<int64_t>(v), r) : from_uint64<To>(static_cast<uint64_t>(v), r);
}

template <typename From>
uint64_t float_to_float(uint64_t bits, unsigned to_bits, Rounding r) {
  const auto b = static_cast<typename From::Bits>(bits);
  if (to_bits == 16) return convert<From, Half>(b, r);
  if (to_bits == 32) return convert<From, Float>(b, r);
  return convert<From, Double>(b, r);
}

// One value of convert_<to>: a float source of at most 32 bits goes through
// float (half widens to float exactly).
uint64_t convert_one(uint64_t bits, const Elem& from, const Elem& to, bool sat, Rounding r, bool* defined) {
  *defined = true;
  if (from.is_float && !to.is_float) {
    if (from.bits == 64) return bits_to_int<Double>(bits, to, r, sat, defined);
    const uint64_t f = from.bits == 16 ? convert<Half, Float>(static_cast<uint16_t>(bits)) : bits;
    return bits_to_int<Float>(f, to, r, sat, defined);
  }
  if (!from.is_float && to.is_float) {
    if (to.bits == 16) return int_to_bits<Half>(bits, from, r);
    if (to.bits == 32) return int_to_bits<Float>(bits, from, r);
    return int_to_bits<Double>(bits, from, r);
  }
  if (from.is_float) {
    if (from.bits == 16) return float_to_float<Half>(bits, to.bits, r);
    if (from.bits == 32) return float_to_float<Float>(bits, to.bits, r);
    return float_to_float<Double>(bits, to.bits, r);
  }
  const IntResult res = int_to_int(bits, IntFormat{from.bits, from.is_signed}, IntFormat{to.bits, to.is_signed}, sat);
  *defined = res.defined;
  return res.bits;
}

// The possible truth values of a relation, as the set of its results.
Set truth(bool can_be_true, bool can_be_false, int true_value) {
  Set s;
  s.num = can_be_true || can_be_false;
  const __int128 t = true_value;
  s.lo = can_be_false ? std::min<__int128>(0, can_be_true ? t : 0) : t;
  s.hi = can_be_false ? std::max<__int128>(0, can_be_true ? t : 0) : t;
  return s;
}

// A float key's rank among values: both zeros share rank 0, so ranks
// compare as the values do.
__int128 rank(__int128 key) { return key < 0 ? key + 1 : key; }

}  // namespace

Set settle_float(Set s, unsigned format_bits, const Rules& rules) {
  if (!s.known()) return s;
  if (rules.may_flush(format_bits) && has_subnormal(s, format_bits)) s = with_zeros(s);
  if (rules.no_signed_zeros && has_zero(s)) s = with_zeros(s);
  if (rules.finite_only && (s.nan || has_infinity(s, format_bits))) return unknown_set(Unknown::NonFinite);
  return s;
}

Set eval_math(const std::string& fn, const Bound& bound, unsigned format_bits, const std::vector<Set>& args,
              const Rules& rules) {
  if (format_bits == 16) return eval_math_t<Half>(fn, bound, args, rules);
  if (format_bits == 32) return eval_math_t<Float>(fn, bound, args, rules);
  return eval_math_t<Double>(fn, bound, args, rules);
}

Set eval_int_fn(const std::string& fn, const Elem& arg, const Elem& result, const std::vector<Set>& args) {
  const auto f = integer::function_named(fn);
  if (!f) throw std::invalid_argument("fuzz oracle: no integer function '" + fn + "'");
  std::vector<Elem> elems(args.size(), arg);
  if (*f == integer::Fn::Upsample) elems[1].is_signed = false;
  return int_results(*f, arg, result, args, elems);
}

Set eval_int_op(Op op, const Elem& e, const std::vector<Set>& args) {
  const char* name = nullptr;
  switch (op) {
    case Op::Add: name = "op_add"; break;
    case Op::Sub: name = "op_sub"; break;
    case Op::Mul: name = "op_mul"; break;
    case Op::Div: name = "op_div"; break;
    case Op::Rem: name = "op_rem"; break;
    case Op::Shl: name = "op_shl"; break;
    case Op::Shr: name = "op_shr"; break;
    default: break;
  }
  if (name) return eval_int_fn(name, e, e, args);
  // The bitwise operators, on the patterns.
  std::vector<std::vector<uint64_t>> vals(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].known()) return args[i];
    if (!values_of(args[i], e, false, false, kEnumerateLimit, &vals[i])) return unknown_set(Unknown::Wide);
  }
  if (!product_fits(vals, kEnumerateLimit)) return unknown_set(Unknown::Wide);
  Set out;
  out.num = false;
  for_each_combination(vals, [&](const std::vector<uint64_t>& a) {
    uint64_t r = 0;
    switch (op) {
      case Op::And: r = a[0] & a[1]; break;
      case Op::Or: r = a[0] | a[1]; break;
      case Op::Xor: r = a[0] ^ a[1]; break;
      case Op::Not: r = ~a[0]; break;
      default: throw std::invalid_argument(std::string("fuzz oracle: not an integer operator: ") + op_name(op));
    }
    out = hull(out, point_of(int_bits(static_cast<__int128>(r), e), e));
  });
  return out;
}

Set eval_compare(Op op, const Set& a, const Set& b, const Elem& e, int true_value) {
  if (!a.known()) return a;
  if (!b.known()) return b;
  bool t = false, f = false;
  if (a.nan || b.nan) (op == Op::Ne ? t : f) = true;  // every ordered comparison with a NaN is false
  if (a.num && b.num) {
    const __int128 alo = e.is_float ? rank(a.lo) : a.lo, ahi = e.is_float ? rank(a.hi) : a.hi;
    const __int128 blo = e.is_float ? rank(b.lo) : b.lo, bhi = e.is_float ? rank(b.hi) : b.hi;
    const bool overlap = alo <= bhi && blo <= ahi;
    const bool all_equal = alo == ahi && blo == bhi && alo == blo;
    switch (op) {
      case Op::Lt: t |= alo < bhi; f |= ahi >= blo; break;
      case Op::Le: t |= alo <= bhi; f |= ahi > blo; break;
      case Op::Gt: t |= ahi > blo; f |= alo <= bhi; break;
      case Op::Ge: t |= ahi >= blo; f |= alo < bhi; break;
      case Op::Eq: t |= overlap; f |= !all_equal; break;
      case Op::Ne: t |= !all_equal; f |= overlap; break;
      default: throw std::invalid_argument(std::string("fuzz oracle: not a comparison: ") + op_name(op));
    }
  }
  return truth(t, f, true_value);
}

Set eval_relational(const std::string& fn, const std::vector<Set>& args, const Elem& e, int true_value) {
  static const std::pair<const char*, Op> kCompare[] = {{"isequal", Op::Eq},   {"isnotequal", Op::Ne},
                                                        {"isgreater", Op::Gt}, {"isgreaterequal", Op::Ge},
                                                        {"isless", Op::Lt},    {"islessequal", Op::Le}};
  for (const auto& [name, op] : kCompare) {
    if (fn == name) return eval_compare(op, args[0], args[1], e, true_value);
  }
  for (const Set& s : args) {
    if (!s.known()) return s;
  }
  const Set& a = args[0];
  if (fn == "islessgreater") {
    const Set lt = eval_compare(Op::Lt, a, args[1], e, 1), gt = eval_compare(Op::Gt, a, args[1], e, 1);
    return truth(lt.hi == 1 || gt.hi == 1, lt.lo == 0 && gt.lo == 0, true_value);
  }
  if (fn == "isordered" || fn == "isunordered") {
    const bool can_order = a.num && args[1].num, can_unorder = a.nan || args[1].nan;
    return fn == "isordered" ? truth(can_order, can_unorder, true_value) : truth(can_unorder, can_order, true_value);
  }
  const __int128 inf = static_cast<__int128>(infinity_bits(e.bits));
  const __int128 min_normal = static_cast<__int128>(uint64_t{1} << (e.bits == 16 ? 10 : e.bits == 32 ? 23 : 52));
  // Which kinds of value the range holds.
  const bool has_inf = a.num && (a.hi >= inf || a.lo <= -inf - 1);
  const bool has_finite = a.num && a.lo <= inf - 1 && a.hi >= -inf;
  const bool has_normal = a.num && ((a.hi >= min_normal && a.lo <= inf - 1) || (a.lo <= -min_normal - 1 && a.hi >= -inf));
  const bool has_small = a.num && a.lo <= min_normal - 1 && a.hi >= -min_normal;  // zeros and subnormals
  if (fn == "isnan") return truth(a.nan, a.num, true_value);
  if (fn == "isinf") return truth(has_inf, a.nan || has_finite, true_value);
  if (fn == "isfinite") return truth(has_finite, a.nan || has_inf, true_value);
  if (fn == "isnormal") return truth(has_normal, a.nan || has_inf || has_small, true_value);
  if (fn == "signbit") return truth(a.nan || (a.num && a.lo < 0), a.nan || (a.num && a.hi >= 0), true_value);
  throw std::invalid_argument("fuzz oracle: no relational function '" + fn + "'");
}

Set eval_bitselect(const Set& a, const Set& b, const Set& c, const Elem& e) {
  const Set* args[] = {&a, &b, &c};
  std::vector<std::vector<uint64_t>> vals(3);
  for (int i = 0; i < 3; ++i) {
    if (!args[i]->known()) return *args[i];
    // A NaN's bits are not known, only that it is a NaN.
    if (args[i]->nan) return unknown_set(Unknown::Wide);
    if (!values_of(*args[i], e, false, false, kEnumerateLimit, &vals[i])) return unknown_set(Unknown::Wide);
  }
  if (!product_fits(vals, kEnumerateLimit)) return unknown_set(Unknown::Wide);
  Set out;
  out.num = false;
  for_each_combination(vals, [&](const std::vector<uint64_t>& v) {
    out = hull(out, point_of((v[0] & ~v[2]) | (v[1] & v[2]), e));
  });
  return out;
}

Set eval_convert(const Set& a, const Elem& from, const Elem& to, bool sat, const std::string& round,
                 const Rules& rules) {
  if (!a.known()) return a;
  if (from.is_float && rules.finite_only && (a.nan || has_infinity(a, from.bits))) return unknown_set(Unknown::NonFinite);
  // 6.4.3: a conversion to an integer rounds toward zero unless told
  // otherwise, one to a float to nearest even.
  Rounding r = (from.is_float && !to.is_float) ? Rounding::TowardZero : Rounding::NearestEven;
  if (!round.empty()) {
    const auto parsed = parse_rounding(round);
    if (!parsed) throw std::invalid_argument("fuzz oracle: no rounding mode '" + round + "'");
    r = *parsed;
  }
  const bool flush = from.is_float && rules.may_flush(from.bits);
  // Every conversion is monotone except one between integers that wraps.
  const bool monotone = from.is_float || to.is_float || sat;
  std::vector<uint64_t> vals;
  if (!values_of(a, from, monotone, flush, kEnumerateLimit, &vals)) return unknown_set(Unknown::Wide);
  Set out;
  out.num = false;
  for (uint64_t v : vals) {
    bool defined = true;
    const uint64_t res = convert_one(v, from, to, sat, r, &defined);
    if (!defined) return unknown_set(Unknown::Undefined);
    out = hull(out, point_of(res, to));
  }
  return to.is_float ? settle_float(out, to.bits, rules) : out;
}

}  // namespace clconform::ref::fuzz
