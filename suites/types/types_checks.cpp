// The types suite's checks: layout of every type, conversion to bool, and
// the limit and constant macros. Expected values come from the host's own
// description of the same types (sizeof(cl_int), std::numeric_limits) and,
// for the math constants, from MPFR.
#include <CL/cl_platform.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::suites {
namespace {

using ref::Mpfr;

size_t host_elem_size(const std::string& elem) {
  static const std::map<std::string, size_t> sizes = {
      {"char", sizeof(cl_char)},   {"uchar", sizeof(cl_uchar)}, {"short", sizeof(cl_short)},
      {"ushort", sizeof(cl_ushort)}, {"int", sizeof(cl_int)},   {"uint", sizeof(cl_uint)},
      {"long", sizeof(cl_long)},   {"ulong", sizeof(cl_ulong)}, {"float", sizeof(cl_float)},
      {"double", sizeof(cl_double)}, {"half", sizeof(cl_half)}};
  return sizes.at(elem);
}

void expect_value(CaseRun& run, int slot, const std::string& what, uint64_t got, uint64_t want) {
  if (got == want) {
    run.result.pass();
  } else {
    run.result.fail({0, slot, {}, std::to_string(got), std::to_string(want), what});
  }
}

// OpenCL C 6.3.5: a type is aligned to its size; a 3-component vector has
// the size and alignment of the 4-component one. 6.15.13: vec_step of a
// 3-component vector is 4.
void check_layout(CaseRun& run) {
  TypeDesc t = TypeDesc::from_json(run.c.params.at("type"));
  cl::Kernel k = run.kernel();
  auto out = run.launch(k, {}, {3 * sizeof(uint64_t)}, 1);
  uint64_t got[3];
  std::memcpy(got, out[0].data(), sizeof got);
  const uint64_t components = t.n == 3 ? 4 : t.n;
  const uint64_t size = host_elem_size(t.elem) * components;
  expect_value(run, 0, "sizeof(" + t.name + ")", got[0], size);
  expect_value(run, 1, "alignment of " + t.name, got[1], size);
  expect_value(run, 2, "vec_step(" + t.name + ")", got[2], components);
  run.result.detail = "sizeof " + std::to_string(got[0]) + ", alignment " + std::to_string(got[1]) + ", vec_step " +
                      std::to_string(got[2]);
}

// C99 6.3.1.2, which OpenCL C keeps: converting a scalar to bool gives 0 iff
// the value compares equal to 0. For floats, both zeros are 0 and NaN is 1.
// A denormal may read as zero where the device may flush denormals.
void check_to_bool(CaseRun& run) {
  TypeDesc t = TypeDesc::from_json(run.c.params.at("type"));
  cl::Kernel k = run.kernel();
  const size_t n = run.count(4096, 1 << 20);
  auto in = make_vectors(t, run.opts.seed, case_stream(run.c.id), run.first(), n);
  auto out = run.launch(k, {&in}, {2 * n}, n);
  const bool is_float = t.kind == TypeDesc::Kind::Float;
  const uint64_t sign = uint64_t(1) << (8 * t.elem_size - 1);
  const uint64_t exp_mask = t.elem_size == 8   ? ref::Double::exponent_mask
                            : t.elem_size == 2 ? ref::Half::exponent_mask
                                               : ref::Float::exponent_mask;
  const bool may_flush = is_float && run.may_flush_denormals(t.elem_size);
  for (size_t i = 0; i < n; ++i) {
    uint64_t bits = read_lane(in, t, i, 0);
    uint64_t magnitude = is_float ? bits & ~sign : bits;
    bool want = magnitude != 0;
    bool denormal = is_float && magnitude != 0 && (bits & exp_mask) == 0;
    for (int form = 0; form < 2; ++form) {
      uint8_t got = out[0][2 * i + form];
      bool ok = (got == (want ? 1 : 0)) || (denormal && may_flush && got == 0);
      if (ok) {
        run.result.pass();
      } else {
        Mismatch m{run.first() + i, -1, {hex_bits(bits, t.elem_size)}, std::to_string(got),
                   want ? "1" : "0", form == 0 ? "explicit (bool) cast" : "implicit conversion"};
        m.bits = WrongBits{t.bits_format(), 'u', t.elem_size, 1, 1, {bits}, got, want ? 1u : 0u};
        run.result.fail(std::move(m));
      }
    }
  }
  if (run.result.failed() == 0) {
    run.result.detail = std::to_string(n) + " values, both conversion forms right" +
                        (may_flush ? " (denormals allowed to read as zero)" : "");
  }
}

// The integer-valued characteristics of format F as C99 5.2.4.2.2 defines
// them (FLT_*, DBL_*, and cl_khr_fp16's HALF_*): p = MantBits + 1 digits,
// DIG = floor((p - 1) log10 2), MIN_EXP = emin + 1, MAX_EXP = emax + 1,
// MIN_10_EXP = ceil(log10(2^emin)), MAX_10_EXP = floor(log10(largest finite)).
template <typename F>
std::map<std::string, int64_t> format_macros(const std::string& prefix) {
  const int p = F::precision;
  const double largest = std::ldexp(2.0 - std::ldexp(1.0, 1 - p), F::emax);
  return {{prefix + "_DIG", int64_t(std::floor((p - 1) * std::log10(2.0)))},
          {prefix + "_MANT_DIG", p},
          {prefix + "_MAX_10_EXP", int64_t(std::floor(std::log10(largest)))},
          {prefix + "_MAX_EXP", F::emax + 1},
          {prefix + "_MIN_10_EXP", int64_t(std::ceil(F::emin * std::log10(2.0)))},
          {prefix + "_MIN_EXP", F::emin + 1},
          {prefix + "_RADIX", 2}};
}

// Host values of the integer limit macros (6.15.3.2: two's complement
// integers of these widths) and of the formats' integer characteristics.
uint64_t host_integer_macro(const std::string& m) {
  static const std::map<std::string, int64_t> v = [] {
    std::map<std::string, int64_t> all = {
        {"CHAR_BIT", std::numeric_limits<cl_uchar>::digits},
        {"CHAR_MAX", std::numeric_limits<cl_char>::max()},
        {"CHAR_MIN", std::numeric_limits<cl_char>::min()},
        {"SCHAR_MAX", std::numeric_limits<cl_char>::max()},
        {"SCHAR_MIN", std::numeric_limits<cl_char>::min()},
        {"UCHAR_MAX", std::numeric_limits<cl_uchar>::max()},
        {"SHRT_MAX", std::numeric_limits<cl_short>::max()},
        {"SHRT_MIN", std::numeric_limits<cl_short>::min()},
        {"USHRT_MAX", std::numeric_limits<cl_ushort>::max()},
        {"INT_MAX", std::numeric_limits<cl_int>::max()},
        {"INT_MIN", std::numeric_limits<cl_int>::min()},
        {"UINT_MAX", std::numeric_limits<cl_uint>::max()},
        {"LONG_MAX", std::numeric_limits<cl_long>::max()},
        {"LONG_MIN", std::numeric_limits<cl_long>::min()},
        {"ULONG_MAX", -1},  // all ones, as the kernel's (ulong) conversion gives
    };
    all.merge(format_macros<ref::Half>("HALF"));
    all.merge(format_macros<ref::Float>("FLT"));
    all.merge(format_macros<ref::Double>("DBL"));
    all.erase("DBL_RADIX");  // OpenCL C has FLT_RADIX only, and HALF_RADIX
    return all;
  }();
  return static_cast<uint64_t>(v.at(m));
}

// The real value of a math constant (6.15.2.1), to 256 bits.
Mpfr math_constant(const std::string& name) {
  static const std::map<std::string, std::function<void(mpfr_ptr)>> eval = {
      {"M_E", [](mpfr_ptr x) { mpfr_set_ui(x, 1, MPFR_RNDN); mpfr_exp(x, x, MPFR_RNDN); }},
      {"M_LOG2E", [](mpfr_ptr x) { mpfr_const_log2(x, MPFR_RNDN); mpfr_ui_div(x, 1, x, MPFR_RNDN); }},
      {"M_LOG10E", [](mpfr_ptr x) { mpfr_set_ui(x, 10, MPFR_RNDN); mpfr_log(x, x, MPFR_RNDN); mpfr_ui_div(x, 1, x, MPFR_RNDN); }},
      {"M_LN2", [](mpfr_ptr x) { mpfr_const_log2(x, MPFR_RNDN); }},
      {"M_LN10", [](mpfr_ptr x) { mpfr_set_ui(x, 10, MPFR_RNDN); mpfr_log(x, x, MPFR_RNDN); }},
      {"M_PI", [](mpfr_ptr x) { mpfr_const_pi(x, MPFR_RNDN); }},
      {"M_PI_2", [](mpfr_ptr x) { mpfr_const_pi(x, MPFR_RNDN); mpfr_div_2ui(x, x, 1, MPFR_RNDN); }},
      {"M_PI_4", [](mpfr_ptr x) { mpfr_const_pi(x, MPFR_RNDN); mpfr_div_2ui(x, x, 2, MPFR_RNDN); }},
      {"M_1_PI", [](mpfr_ptr x) { mpfr_const_pi(x, MPFR_RNDN); mpfr_ui_div(x, 1, x, MPFR_RNDN); }},
      {"M_2_PI", [](mpfr_ptr x) { mpfr_const_pi(x, MPFR_RNDN); mpfr_ui_div(x, 2, x, MPFR_RNDN); }},
      {"M_2_SQRTPI", [](mpfr_ptr x) { mpfr_const_pi(x, MPFR_RNDN); mpfr_rec_sqrt(x, x, MPFR_RNDN); mpfr_mul_2ui(x, x, 1, MPFR_RNDN); }},
      {"M_SQRT2", [](mpfr_ptr x) { mpfr_set_ui(x, 2, MPFR_RNDN); mpfr_sqrt(x, x, MPFR_RNDN); }},
      {"M_SQRT1_2", [](mpfr_ptr x) { mpfr_set_ui(x, 2, MPFR_RNDN); mpfr_rec_sqrt(x, x, MPFR_RNDN); }},
  };
  Mpfr x = Mpfr::with_precision(256);
  eval.at(name)(x.get());
  return x;
}

// A math constant is "accurate within the precision of the type" (6.15.2.1):
// one of the two values of the format that bracket the real constant. Which
// of the two it is goes into the detail.
template <typename F>
void expect_constant(CaseRun& run, const std::string& name, uint64_t got) {
  Mpfr x = math_constant(name);
  uint64_t down = x.round_to<F>(ref::Rounding::TowardNegative);
  uint64_t up = x.round_to<F>(ref::Rounding::TowardPositive);
  uint64_t nearest = x.round_to<F>(ref::Rounding::NearestEven);
  unsigned bytes = sizeof(typename F::Bits);
  if (got == down || got == up) {
    run.result.pass();
    run.result.detail = got == nearest ? "correctly rounded" : "faithful but not the nearest value";
  } else {
    Mismatch m{0, 0, {}, hex_bits(got, bytes), hex_bits(nearest, bytes), name + " = " + x.to_decimal(25)};
    const char format = bytes == 8 ? 'd' : bytes == 2 ? 'h' : 'f';
    m.bits = WrongBits{format, format, bytes, bytes, 1, {}, got, nearest};
    m.edge = name;
    run.result.fail(std::move(m));
  }
}

// _MAX, _MIN and _EPSILON: the largest finite value, the smallest normal
// one, and 2^(1-p) (C99 5.2.4.2.2).
template <typename F>
uint64_t host_value_macro(const std::string& m) {
  return m.find("MAX") != std::string::npos   ? F::max_finite_bits
         : m.find("MIN") != std::string::npos ? F::min_normal_bits
                                              : F::epsilon_bits;
}

void check_macro(CaseRun& run) {
  const std::string macro = run.c.params.at("macro").as_string();
  const std::string kind = run.c.params.at("value_kind").as_string();
  const std::string ctype = run.c.params.at("c_type").as_string();
  cl::Kernel k = run.kernel();
  auto out = run.launch(k, {}, {2 * sizeof(uint64_t)}, 1);
  uint64_t got[2];
  std::memcpy(got, out[0].data(), sizeof got);
  const bool constant = macro.rfind("M_", 0) == 0;
  if (kind == "integer") {
    expect_value(run, 0, macro, got[0], host_integer_macro(macro));
  } else if (kind == "float" && constant) {
    expect_constant<ref::Float>(run, macro.substr(0, macro.size() - 2), got[0]);
  } else if (kind == "half" && constant) {
    expect_constant<ref::Half>(run, macro.substr(0, macro.size() - 2), got[0]);
  } else if (kind == "double" && constant) {
    expect_constant<ref::Double>(run, macro, got[0]);
  } else if (kind == "float") {
    expect_value(run, 0, macro, got[0], host_value_macro<ref::Float>(macro));
  } else if (kind == "half") {
    expect_value(run, 0, macro, got[0], host_value_macro<ref::Half>(macro));
  } else {
    expect_value(run, 0, macro, got[0], host_value_macro<ref::Double>(macro));
  }
  // C99 5.2.4.2: each macro has the type of its object type after integer promotion.
  static const std::map<std::string, uint64_t> sizes = {
      {"int", sizeof(cl_int)},     {"uint", sizeof(cl_uint)},     {"long", sizeof(cl_long)},
      {"ulong", sizeof(cl_ulong)}, {"float", sizeof(cl_float)}, {"double", sizeof(cl_double)},
      {"half", sizeof(cl_half)}};
  expect_value(run, 1, "sizeof(" + macro + "), the size of " + ctype, got[1], sizes.at(ctype));
}

}  // namespace

void register_types_checks() {
  register_check("types.layout", check_layout);
  register_check("types.to_bool", check_to_bool);
  register_check("types.macro", check_macro);
}

}  // namespace clconform::suites
