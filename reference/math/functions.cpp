#include "reference/math/functions.hpp"

#include <unordered_map>

#include "reference/math/fast_tier.hpp"

namespace clconform::ref::math {
namespace {

using A = ArgKind;

struct Row {
  Fn id;
  const char* name;
  std::vector<ArgKind> args;
  bool exact;           // spec 7.4 "0 ulp" or always representable
  bool integer_result;
};

// Names as the catalog uses them; the components of built-ins with several
// outputs are "<built-in>.<part>" (the value returned keeps the bare name).
std::vector<FunctionInfo> build_table() {
  const std::vector<Row> rows = {
      {Fn::acos, "acos", {A::Float}, false, false},
      {Fn::acosh, "acosh", {A::Float}, false, false},
      {Fn::acospi, "acospi", {A::Float}, false, false},
      {Fn::asin, "asin", {A::Float}, false, false},
      {Fn::asinh, "asinh", {A::Float}, false, false},
      {Fn::asinpi, "asinpi", {A::Float}, false, false},
      {Fn::atan, "atan", {A::Float}, false, false},
      {Fn::atanh, "atanh", {A::Float}, false, false},
      {Fn::atanpi, "atanpi", {A::Float}, false, false},
      {Fn::cbrt, "cbrt", {A::Float}, false, false},
      {Fn::ceil, "ceil", {A::Float}, true, false},
      {Fn::cos, "cos", {A::Float}, false, false},
      {Fn::cosh, "cosh", {A::Float}, false, false},
      {Fn::cospi, "cospi", {A::Float}, false, false},
      {Fn::erfc, "erfc", {A::Float}, false, false},
      {Fn::erf, "erf", {A::Float}, false, false},
      {Fn::exp, "exp", {A::Float}, false, false},
      {Fn::exp2, "exp2", {A::Float}, false, false},
      {Fn::exp10, "exp10", {A::Float}, false, false},
      {Fn::expm1, "expm1", {A::Float}, false, false},
      {Fn::fabs, "fabs", {A::Float}, true, false},
      {Fn::floor, "floor", {A::Float}, true, false},
      {Fn::fract, "fract", {A::Float}, false, false},  // "correctly rounded": x - floor(x) may not fit
      {Fn::fract_floor, "fract.floor", {A::Float}, true, false},
      {Fn::frexp_mantissa, "frexp.mantissa", {A::Float}, true, false},
      {Fn::lgamma, "lgamma", {A::Float}, false, false},
      {Fn::lgamma_r, "lgamma_r", {A::Float}, false, false},
      {Fn::log, "log", {A::Float}, false, false},
      {Fn::log2, "log2", {A::Float}, false, false},
      {Fn::log10, "log10", {A::Float}, false, false},
      {Fn::log1p, "log1p", {A::Float}, false, false},
      {Fn::logb, "logb", {A::Float}, true, false},
      {Fn::modf, "modf", {A::Float}, true, false},
      {Fn::modf_int, "modf.int", {A::Float}, true, false},
      {Fn::rint, "rint", {A::Float}, true, false},
      {Fn::round, "round", {A::Float}, true, false},
      {Fn::rsqrt, "rsqrt", {A::Float}, false, false},
      {Fn::sin, "sin", {A::Float}, false, false},
      {Fn::sincos_sin, "sincos.sin", {A::Float}, false, false},
      {Fn::sincos_cos, "sincos.cos", {A::Float}, false, false},
      {Fn::sinh, "sinh", {A::Float}, false, false},
      {Fn::sinpi, "sinpi", {A::Float}, false, false},
      {Fn::sqrt, "sqrt", {A::Float}, false, false},
      {Fn::tan, "tan", {A::Float}, false, false},
      {Fn::tanh, "tanh", {A::Float}, false, false},
      {Fn::tanpi, "tanpi", {A::Float}, false, false},
      {Fn::tgamma, "tgamma", {A::Float}, false, false},
      {Fn::trunc, "trunc", {A::Float}, true, false},
      {Fn::recip, "recip", {A::Float}, false, false},
      {Fn::atan2, "atan2", {A::Float, A::Float}, false, false},
      {Fn::atan2pi, "atan2pi", {A::Float, A::Float}, false, false},
      {Fn::copysign, "copysign", {A::Float, A::Float}, true, false},
      {Fn::fdim, "fdim", {A::Float, A::Float}, false, false},
      {Fn::fmax, "fmax", {A::Float, A::Float}, true, false},
      {Fn::fmin, "fmin", {A::Float, A::Float}, true, false},
      {Fn::fmod, "fmod", {A::Float, A::Float}, true, false},
      {Fn::hypot, "hypot", {A::Float, A::Float}, false, false},
      {Fn::maxmag, "maxmag", {A::Float, A::Float}, true, false},
      {Fn::minmag, "minmag", {A::Float, A::Float}, true, false},
      {Fn::nextafter, "nextafter", {A::Float, A::Float}, true, false},
      {Fn::pow, "pow", {A::Float, A::Float}, false, false},
      {Fn::powr, "powr", {A::Float, A::Float}, false, false},
      {Fn::remainder, "remainder", {A::Float, A::Float}, true, false},
      {Fn::remquo, "remquo", {A::Float, A::Float}, true, false},
      {Fn::add, "add", {A::Float, A::Float}, false, false},
      {Fn::sub, "sub", {A::Float, A::Float}, false, false},
      {Fn::mul, "mul", {A::Float, A::Float}, false, false},
      {Fn::divide, "divide", {A::Float, A::Float}, false, false},
      {Fn::fma, "fma", {A::Float, A::Float, A::Float}, false, false},
      {Fn::mad, "mad", {A::Float, A::Float, A::Float}, false, false},
      {Fn::ldexp, "ldexp", {A::Float, A::Int}, false, false},  // rounds when the result is subnormal
      {Fn::pown, "pown", {A::Float, A::Int}, false, false},
      {Fn::rootn, "rootn", {A::Float, A::Int}, false, false},
      {Fn::ilogb, "ilogb", {A::Float}, true, true},
      {Fn::frexp_exponent, "frexp.exponent", {A::Float}, true, true},
      {Fn::lgamma_r_sign, "lgamma_r.sign", {A::Float}, true, true},
      {Fn::remquo_quo, "remquo.quo", {A::Float, A::Float}, true, true},
  };
  std::vector<FunctionInfo> table(static_cast<size_t>(Fn::count));
  for (const Row& row : rows) {
    FunctionInfo& info = table[static_cast<size_t>(row.id)];
    info.name = row.name;
    info.args = row.args;
    info.exact = row.exact;
    info.integer_result = row.integer_result;
    const FastSpec fast = fast_spec(row.id);
    info.has_fast_tier = fast.available;
    info.fast_error_dulps = fast.error_dulps;
  }
  return table;
}

}  // namespace

const std::vector<FunctionInfo>& functions() {
  static const std::vector<FunctionInfo> table = build_table();
  return table;
}

int function_id(const std::string& name) {
  static const std::unordered_map<std::string, int> ids = [] {
    std::unordered_map<std::string, int> m;
    const auto& table = functions();
    for (size_t i = 0; i < table.size(); ++i) m.emplace(table[i].name, static_cast<int>(i));
    return m;
  }();
  const auto it = ids.find(name);
  return it == ids.end() ? -1 : it->second;
}

const FunctionInfo* find_function(const std::string& name) {
  const int id = function_id(name);
  return id < 0 ? nullptr : &functions()[static_cast<size_t>(id)];
}

}  // namespace clconform::ref::math
