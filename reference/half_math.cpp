#include "reference/half_math.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>

#include "reference/fp_bits.hpp"
#include "reference/ulp.hpp"

namespace clconform::ref::half_math {
namespace {

constexpr mpfr_prec_t kPrec = Mpfr::default_precision;

using Args = std::vector<Mpfr>;
using Eval = std::function<std::optional<Mpfr>(const Args&, const std::vector<Arg>&)>;

struct Entry {
  std::string kinds;  // 'h' or 'i' per argument
  Eval eval;
};

using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using Binary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

Eval unary(Unary f) {
  return [f](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
    Mpfr r = Mpfr::with_precision(kPrec);
    f(r.get(), a[0].get(), MPFR_RNDN);
    return r;
  };
}

Eval binary(Binary f) {
  return [f](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
    Mpfr r = Mpfr::with_precision(kPrec);
    f(r.get(), a[0].get(), a[1].get(), MPFR_RNDN);
    return r;
  };
}

// mpfr_rint and friends take no rounding argument in the forms we need.
int rint_nearest(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_rint(r, x, MPFR_RNDN); }
int ceil_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_ceil(r, x); }
int floor_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_floor(r, x); }
int trunc_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_trunc(r, x); }
int round_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_round(r, x); }  // halfway away from zero

Mpfr half_value(uint16_t h) { return Mpfr::from_bits<Half>(h, kPrec); }

// fmax/fmin (C99 7.12.12): a NaN argument gives the other one.
std::optional<Mpfr> fmax_fmin(const Args& a, bool max) {
  if (a[0].is_nan()) return a[1];
  if (a[1].is_nan()) return a[0];
  if (max) return a[1] > a[0] ? a[1] : a[0];
  return a[1] < a[0] ? a[1] : a[0];
}

// max/min (6.15.4): undefined for an infinite or NaN argument.
std::optional<Mpfr> max_min(const Args& a, bool max) {
  if (!a[0].is_finite() || !a[1].is_finite()) return std::nullopt;
  return fmax_fmin(a, max);
}

// maxmag/minmag (6.15.2): the argument of larger (smaller) magnitude,
// otherwise fmax (fmin).
std::optional<Mpfr> mag(const Args& a, bool max) {
  const Mpfr x = a[0].abs(), y = a[1].abs();
  if (max ? x > y : x < y) return a[0];
  if (max ? y > x : y < x) return a[1];
  return fmax_fmin(a, max);
}

const std::map<std::string, Entry>& table() {
  static const std::map<std::string, Entry> t = [] {
    std::map<std::string, Entry> m;
    // Arithmetic (7.4: + - * correctly rounded, 1.0/x and x/y <= 1 ulp).
    m["add"] = {"hh", binary(mpfr_add)};
    m["sub"] = {"hh", binary(mpfr_sub)};
    m["mul"] = {"hh", binary(mpfr_mul)};
    m["div"] = {"hh", binary(mpfr_div)};
    m["recip"] = {"h", [](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
                    Mpfr r = Mpfr::with_precision(kPrec);
                    mpfr_ui_div(r.get(), 1, a[0].get(), MPFR_RNDN);
                    return r;
                  }};
    // Math functions (6.15.2).
    const std::pair<const char*, Unary> unaries[] = {
        {"acos", mpfr_acos},     {"acosh", mpfr_acosh}, {"acospi", mpfr_acospi}, {"asin", mpfr_asin},
        {"asinh", mpfr_asinh},   {"asinpi", mpfr_asinpi}, {"atan", mpfr_atan},   {"atanh", mpfr_atanh},
        {"atanpi", mpfr_atanpi}, {"cbrt", mpfr_cbrt},   {"ceil", ceil_},         {"cos", mpfr_cos},
        {"cosh", mpfr_cosh},     {"cospi", mpfr_cospi}, {"erfc", mpfr_erfc},     {"erf", mpfr_erf},
        {"exp", mpfr_exp},       {"exp2", mpfr_exp2},   {"exp10", mpfr_exp10},   {"expm1", mpfr_expm1},
        {"fabs", mpfr_abs},      {"floor", floor_},     {"log", mpfr_log},       {"log2", mpfr_log2},
        {"log10", mpfr_log10},   {"log1p", mpfr_log1p}, {"rint", rint_nearest},  {"round", round_},
        {"sin", mpfr_sin},       {"sinh", mpfr_sinh},   {"sinpi", mpfr_sinpi},   {"sqrt", mpfr_sqrt},
        {"tan", mpfr_tan},       {"tanh", mpfr_tanh},   {"tanpi", mpfr_tanpi},   {"tgamma", mpfr_gamma},
        {"trunc", trunc_}};
    for (const auto& [name, f] : unaries) m[name] = {"h", unary(f)};
    const std::pair<const char*, Binary> binaries[] = {
        {"atan2", mpfr_atan2}, {"atan2pi", mpfr_atan2pi}, {"hypot", mpfr_hypot}, {"fmod", mpfr_fmod},
        {"pow", mpfr_pow},     {"powr", mpfr_powr},       {"remainder", mpfr_remainder}};
    for (const auto& [name, f] : binaries) m[name] = {"hh", binary(f)};
    // rsqrt: MPFR gives +inf for -0; IEEE 754-2019 9.2.1 (rSqrt(+-0) is +-inf) and 1/sqrt(-0) give -inf.
    m["rsqrt"] = {"h", [](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
                    if (a[0].is_zero()) return Mpfr::infinity(a[0].signbit(), kPrec);
                    Mpfr r = Mpfr::with_precision(kPrec);
                    mpfr_rec_sqrt(r.get(), a[0].get(), MPFR_RNDN);
                    return r;
                  }};
    m["fma"] = {"hhh", [](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
                  Mpfr r = Mpfr::with_precision(kPrec);
                  mpfr_fma(r.get(), a[0].get(), a[1].get(), a[2].get(), MPFR_RNDN);  // exact at 256 bits
                  return r;
                }};
    // fdim (C99 7.12.12.1): x - y if x > y, +0 otherwise, NaN for a NaN argument.
    m["fdim"] = {"hh", [](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
                   if (a[0].is_nan() || a[1].is_nan()) return Mpfr::nan(kPrec);
                   if (a[0] > a[1]) return sub(a[0], a[1], kPrec);
                   return Mpfr::zero(false, kPrec);
                 }};
    m["copysign"] = {"hh", [](const Args&, const std::vector<Arg>& raw) -> std::optional<Mpfr> {
                       return half_value(uint16_t((raw[0].half & 0x7FFF) | (raw[1].half & 0x8000)));
                     }};
    m["fmax"] = {"hh", [](const Args& a, const std::vector<Arg>&) { return fmax_fmin(a, true); }};
    m["fmin"] = {"hh", [](const Args& a, const std::vector<Arg>&) { return fmax_fmin(a, false); }};
    m["max"] = {"hh", [](const Args& a, const std::vector<Arg>&) { return max_min(a, true); }};
    m["min"] = {"hh", [](const Args& a, const std::vector<Arg>&) { return max_min(a, false); }};
    m["maxmag"] = {"hh", [](const Args& a, const std::vector<Arg>&) { return mag(a, true); }};
    m["minmag"] = {"hh", [](const Args& a, const std::vector<Arg>&) { return mag(a, false); }};
    // nextafter (C99 7.12.11.3) on half's bit patterns: y when x == y.
    m["nextafter"] = {"hh", [](const Args& a, const std::vector<Arg>& raw) -> std::optional<Mpfr> {
                        if (a[0].is_nan() || a[1].is_nan()) return Mpfr::nan(kPrec);
                        if (a[0] == a[1]) return a[1];
                        const uint16_t x = raw[0].half;
                        return half_value(a[1] > a[0] ? next_up<Half>(x) : next_down<Half>(x));
                      }};
    // logb (C99 7.12.6.11): the exponent floor(log2|x|), subnormals as if normalised.
    m["logb"] = {"h", [](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
                   if (a[0].is_nan()) return Mpfr::nan(kPrec);
                   if (a[0].is_inf()) return Mpfr::infinity(false, kPrec);
                   if (a[0].is_zero()) return Mpfr::infinity(true, kPrec);
                   return Mpfr(a[0].floor_log2(), kPrec);
                 }};
    // sign (6.15.4): 1.0 for x > 0, -1.0 for x < 0, x itself for +-0, 0.0 for NaN.
    m["sign"] = {"h", [](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
                   if (a[0].is_nan()) return Mpfr::zero(false, kPrec);
                   if (a[0].is_zero()) return a[0];
                   return Mpfr(a[0].signbit() ? -1 : 1, kPrec);
                 }};
    // degrees and radians (6.15.4): x * 180/pi and x * pi/180.
    for (const bool to_degrees : {true, false}) {
      m[to_degrees ? "degrees" : "radians"] = {
          "h", [to_degrees](const Args& a, const std::vector<Arg>&) -> std::optional<Mpfr> {
            Mpfr pi = Mpfr::with_precision(kPrec + 64), r = Mpfr::with_precision(kPrec + 64);
            mpfr_const_pi(pi.get(), MPFR_RNDN);
            if (to_degrees) {
              mpfr_mul_ui(r.get(), a[0].get(), 180, MPFR_RNDN);
              mpfr_div(r.get(), r.get(), pi.get(), MPFR_RNDN);
            } else {
              mpfr_mul(r.get(), a[0].get(), pi.get(), MPFR_RNDN);
              mpfr_div_ui(r.get(), r.get(), 180, MPFR_RNDN);
            }
            return r;
          }};
    }
    // ldexp, pown, rootn: the second argument is an int.
    m["ldexp"] = {"hi", [](const Args& a, const std::vector<Arg>& raw) -> std::optional<Mpfr> {
                    return a[0].scaled_by_pow2(raw[1].integer);  // exact
                  }};
    m["pown"] = {"hi", [](const Args& a, const std::vector<Arg>& raw) -> std::optional<Mpfr> {
                   Mpfr r = Mpfr::with_precision(kPrec);
                   mpfr_pow_si(r.get(), a[0].get(), raw[1].integer, MPFR_RNDN);
                   return r;
                 }};
    m["rootn"] = {"hi", [](const Args& a, const std::vector<Arg>& raw) -> std::optional<Mpfr> {
                    Mpfr r = Mpfr::with_precision(kPrec);
                    mpfr_rootn_si(r.get(), a[0].get(), raw[1].integer, MPFR_RNDN);
                    return r;
                  }};
    return m;
  }();
  return t;
}

const Entry& entry(const std::string& function) {
  const auto it = table().find(function);
  if (it == table().end()) throw std::invalid_argument("no half reference for '" + function + "'");
  return it->second;
}

// Every reading of ARGS a flushing device may have made: each half denormal
// argument as itself, +0 or -0 (7.5.3).
std::vector<std::vector<Arg>> readings(const std::vector<Arg>& args, Denormals d) {
  std::vector<std::vector<Arg>> out = {args};
  if (d == Denormals::Kept) return out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].is_half || !is_subnormal<Half>(args[i].half)) continue;
    const size_t n = out.size();
    for (size_t j = 0; j < n; ++j) {
      for (uint16_t zero : {uint16_t(0x0000), uint16_t(0x8000)}) {
        std::vector<Arg> r = out[j];
        r[i].half = zero;
        out.push_back(r);
      }
    }
  }
  return out;
}

}  // namespace

bool known(const std::string& function) { return table().count(function) != 0; }

const std::vector<std::string>& known_functions() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& kv : table()) v.push_back(kv.first);
    return v;
  }();
  return names;
}

std::optional<Mpfr> evaluate(const std::string& function, const std::vector<Arg>& args) {
  const Entry& e = entry(function);
  if (args.size() != e.kinds.size())
    throw std::invalid_argument(function + " takes " + std::to_string(e.kinds.size()) + " arguments");
  Args values;
  for (size_t i = 0; i < args.size(); ++i) {
    if ((e.kinds[i] == 'h') != args[i].is_half)
      throw std::invalid_argument(function + ": argument " + std::to_string(i) + " has the wrong kind");
    values.push_back(args[i].is_half ? half_value(args[i].half) : Mpfr(args[i].integer, kPrec));
  }
  return e.eval(values, args);
}

Verdict judge(const std::string& function, const std::vector<Arg>& args, uint16_t got, const Bound& bound,
              Denormals denormals) {
  Verdict v;
  v.ulp = std::numeric_limits<double>::infinity();
  const Mpfr min_normal = Mpfr::pow2(Half::emin, kPrec);
  const std::vector<std::vector<Arg>> rs = readings(args, denormals);
  for (size_t i = 0; i < rs.size(); ++i) {  // rs[0] is the arguments as they are
    const std::optional<Mpfr> ref = evaluate(function, rs[i]);
    if (i == 0) {
      if (!ref) {  // the spec leaves this result undefined
        v.pass = v.undefined = true;
        v.ulp = 0;
        return v;
      }
      v.reference = ref->to_string();
      v.nearest = ref->round_to<Half>(Rounding::NearestEven);
    }
    if (!ref) continue;
    const bool ok = bound.correctly_rounded ? is_correctly_rounded<Half>(got, *ref, Rounding::NearestEven)
                                            : within_ulps<Half>(got, *ref, bound.ulps);
    v.ulp = std::min(v.ulp, ulp_error<Half>(got, *ref));
    // Or a result in the denormal range returned as a zero of either sign.
    const bool flushed_result = denormals == Denormals::MayFlush && is_zero<Half>(got) && ref->is_finite() &&
                                ref->abs() < min_normal;
    if (ok || flushed_result) {
      v.pass = true;
      v.flushed = i > 0 || !ok;
      return v;
    }
  }
  return v;
}

}  // namespace clconform::ref::half_math
