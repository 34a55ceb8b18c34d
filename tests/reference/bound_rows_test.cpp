// Every bound row the common and geometric catalogs put in their manifests
// (generators/clgen/fn_bounds.py, per overload, profile and element type:
// half, float, double), judged at its edge with reference/fn_bound.hpp: a
// result one step (one ulp, or one representable value past the absolute
// tolerance) outside fails and the last one inside passes. The formula
// kinds: 0 ulp, c0 + c1 * n ulp, an absolute tolerance (mix, smoothstep)
// and max * max * k * EPSILON (dot, cross); implementation-defined rows are
// only counted. The steps are taken on bit patterns here, and the
// tolerances recomputed with host doubles (exact for these dyadic values),
// never with the code under test. The relaxed rows' rule is checked at its
// edges in test_geometric_relaxed.cpp; here every length, distance and
// normalize row must carry it.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "json.hpp"
#include "reference/fn_bound.hpp"
#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"

namespace {

using namespace clconform;
using ref::Double;
using ref::Float;
using ref::Half;
using ref::Mpfr;
using ref::Rounding;
namespace fnb = ref::fn;

// 1.5 in F: mid-binade, so k patterns up or down is exactly k ulp.
template <typename F>
typename F::Bits one_and_half() {
  return typename F::Bits(F::one_bits | (typename F::Bits(1) << (F::mantissa_bits - 1)));
}

template <typename F>
void exact_row(const std::string& where) {
  using B = typename F::Bits;
  const B r = one_and_half<F>();
  const Mpfr ref = Mpfr::from_bits<F>(r);
  EXPECT_TRUE(fnb::judge_ulp<F>(r, ref, 0).pass) << where;
  EXPECT_FALSE(fnb::judge_ulp<F>(B(r + 1), ref, 0).pass) << where;
  EXPECT_FALSE(fnb::judge_ulp<F>(B(r - 1), ref, 0).pass) << where;
}

template <typename F>
void ulp_row(double bound, const std::string& where) {
  using B = typename F::Bits;
  const B r = one_and_half<F>();
  const Mpfr ref = Mpfr::from_bits<F>(r);
  const B k = B(std::floor(bound));
  EXPECT_TRUE(fnb::judge_ulp<F>(B(r + k), ref, bound).pass) << where;
  EXPECT_TRUE(fnb::judge_ulp<F>(B(r - k), ref, bound).pass) << where;
  EXPECT_FALSE(fnb::judge_ulp<F>(B(r + k + 1), ref, bound).pass) << where;
  EXPECT_FALSE(fnb::judge_ulp<F>(B(r - k - 1), ref, bound).pass) << where;
}

// REF and the tolerance TOL (a double holding it exactly or rounded toward
// zero as the judge's): the largest value at most REF + TOL passes, the next
// fails; the same below.
template <typename F>
void abs_edges(const Mpfr& ref, const Mpfr& tol, const std::string& where) {
  using B = typename F::Bits;
  const Mpfr hi = add(ref, tol, 400), lo = sub(ref, tol, 400);
  const B in_hi = hi.round_to<F>(Rounding::TowardZero), in_lo = lo.round_to<F>(Rounding::TowardPositive);
  ASSERT_NE(in_hi, ref.round_to<F>()) << where << ": the tolerance is below one step of the format there";
  EXPECT_TRUE(fnb::judge_abs<F>(in_hi, ref, tol).pass) << where;
  EXPECT_FALSE(fnb::judge_abs<F>(B(in_hi + 1), ref, tol).pass) << where;
  EXPECT_TRUE(fnb::judge_abs<F>(in_lo, ref, tol).pass) << where;
  EXPECT_FALSE(fnb::judge_abs<F>(B(in_lo - 1), ref, tol).pass) << where;
}

template <typename F>
void abs_row(const json::Value& row, const std::string& where) {
  // The tolerance as the judge reads it: the table's decimal rounded toward zero.
  const Mpfr tol = Mpfr::parse(row.at("abs_decimal").as_string(), 300, Rounding::TowardZero);
  EXPECT_NEAR(tol.to_double(), row.at("abs").as_double(), row.at("abs").as_double() * 1e-12) << where;
  abs_edges<F>(Mpfr(0.25), tol, where);
}

template <typename F>
void max_sq_row(const json::Value& row, const std::string& where) {
  const double k = row.at("abs_max_sq").as_double();
  const int e = int(row.at("eps_log2").as_int());
  // max = 3: the tolerance 9 * k * 2^e, a small dyadic number a double holds exactly.
  const double tol_d = std::ldexp(9 * k, e);
  const Mpfr tol = fnb::max_sq_tolerance(Mpfr(3.0), k, e);
  EXPECT_TRUE(tol == Mpfr(tol_d)) << where;
  abs_edges<F>(Mpfr(7.0), Mpfr(tol_d), where);
}

template <typename F>
void check_row(const json::Value& row, const std::string& where, std::map<std::string, int>& kinds) {
  if (row.has("exact")) exact_row<F>(where), ++kinds["exact"];
  else if (row.has("ulp")) ulp_row<F>(row.at("ulp").as_double(), where), ++kinds["ulp"];
  else if (row.has("abs")) abs_row<F>(row, where), ++kinds["abs"];
  else if (row.has("abs_max_sq")) max_sq_row<F>(row, where), ++kinds["abs_max_sq"];
  else if (row.has("info")) ++kinds["info"];
  else ADD_FAILURE() << where << ": a bound row of no known kind";
}

std::map<std::string, int> check_suite(const std::string& suite, std::map<std::string, int>& per_elem) {
  std::map<std::string, int> kinds;
  const json::Value m = json::parse_file(std::string(CLCONFORM_DATA_DIR) + "/" + suite + "/manifest.json");
  for (const auto& c : m.at("cases").as_array()) {
    const json::Value& p = c.at("params");
    const std::string elem = p.at("elem").as_string(), builtin = p.at("builtin").as_string();
    for (const auto& ov : p.at("overloads").as_array()) {
      EXPECT_TRUE(ov.has("bound")) << c.at("id").as_string() << " " << ov.at("kernel").as_string();
      if (!ov.has("bound")) continue;
      for (const char* profile : {"full", "embedded"}) {
        const json::Value& row = ov.at("bound").at(profile);
        const std::string where = c.at("id").as_string() + " " + ov.at("kernel").as_string() + " " + profile + ": " +
                                  row.at("text").as_string();
        if (elem == "half") check_row<Half>(row, where, kinds);
        else if (elem == "float") check_row<Float>(row, where, kinds);
        else check_row<Double>(row, where, kinds);
        ++per_elem[elem];
        const bool sum_of_squares = builtin == "length" || builtin == "distance" || builtin == "normalize";
        if (sum_of_squares && row.has("ulp")) {
          EXPECT_TRUE(row.has("relaxed") && row.at("relaxed").at("rule").as_string() == "squares_may_underflow") << where;
          if (row.has("relaxed")) ++kinds["relaxed"];
        }
      }
    }
  }
  return kinds;
}

TEST(BoundRows, CommonEveryRowAtItsEdge) {
  std::map<std::string, int> per_elem;
  auto k = check_suite("common", per_elem);
  EXPECT_GT(k["exact"], 0);
  EXPECT_GT(k["ulp"], 0);   // degrees, radians: 2 ulp
  EXPECT_GT(k["abs"], 0);   // mix 1e-3, smoothstep 1e-5 (float, full profile)
  EXPECT_GT(k["info"], 0);  // mix, smoothstep elsewhere
  EXPECT_GT(per_elem["half"], 0);
  EXPECT_GT(per_elem["double"], 0);
}

TEST(BoundRows, GeometricEveryRowAtItsEdge) {
  std::map<std::string, int> per_elem;
  auto k = check_suite("geometric", per_elem);
  EXPECT_GT(k["ulp"], 0);         // c0 + c1 * n
  EXPECT_GT(k["abs_max_sq"], 0);  // dot, cross (FLT_EPSILON; HALF_EPSILON for half)
  EXPECT_GT(k["relaxed"], 0);
  EXPECT_GT(k["info"], 0);        // embedded profile
  EXPECT_GT(per_elem["half"], 0);
}

}  // namespace
