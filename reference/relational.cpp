#include "reference/relational.hpp"

#include <map>
#include <stdexcept>
#include <type_traits>

#include "reference/format_convert.hpp"

namespace clconform::ref::relational {

int predicate_arity(const std::string& name) {
  static const std::map<std::string, int> arity = {
      {"isequal", 2}, {"isnotequal", 2}, {"isgreater", 2},  {"isgreaterequal", 2}, {"isless", 2},
      {"islessequal", 2}, {"islessgreater", 2}, {"isordered", 2}, {"isunordered", 2}, {"isfinite", 1},
      {"isinf", 1}, {"isnan", 1}, {"isnormal", 1}, {"signbit", 1}};
  auto it = arity.find(name);
  return it == arity.end() ? 0 : it->second;
}

template <typename F>
bool predicate(const std::string& name, typename F::Bits x, typename F::Bits y) {
  const bool unordered = is_nan<F>(x) || is_nan<F>(y);
  const auto host = [](typename F::Bits b) {
    if constexpr (std::is_same_v<F, Half>) return half_to_float(b);
    else return value_from_bits<F>(b);
  };
  // A half widens to float exactly.
  const auto X = host(x), Y = host(y);
  // The host comparisons below are IEEE's (false for NaN operands, -0 == +0)
  // and exact: no rounding is involved.
  if (name == "isequal") return !unordered && X == Y;
  if (name == "isnotequal") return unordered || X != Y;
  if (name == "isgreater") return !unordered && X > Y;
  if (name == "isgreaterequal") return !unordered && X >= Y;
  if (name == "isless") return !unordered && X < Y;
  if (name == "islessequal") return !unordered && X <= Y;
  if (name == "islessgreater") return !unordered && (X < Y || X > Y);
  if (name == "isordered") return !unordered;
  if (name == "isunordered") return unordered;
  if (name == "isfinite") return is_finite<F>(x);
  if (name == "isinf") return is_inf<F>(x);
  if (name == "isnan") return is_nan<F>(x);
  if (name == "isnormal") return is_finite<F>(x) && !is_zero<F>(x) && !is_subnormal<F>(x);
  if (name == "signbit") return sign_bit<F>(x);
  throw std::invalid_argument("not a relational predicate: " + name);
}

template bool predicate<Half>(const std::string&, Half::Bits, Half::Bits);
template bool predicate<Float>(const std::string&, Float::Bits, Float::Bits);
template bool predicate<Double>(const std::string&, Double::Bits, Double::Bits);

}  // namespace clconform::ref::relational
