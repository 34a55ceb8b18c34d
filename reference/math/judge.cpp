#include "reference/math/judge.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "reference/fp_bits.hpp"
#include "reference/math/fast_batch.hpp"
#include "reference/math/fast_tier.hpp"
#include "reference/math/fast_verdict.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/grid_bits.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/math/mpfr_verdict.hpp"
#include "reference/math/settle.hpp"

namespace clconform::ref::math {
namespace {

// The precision of the MPFR value that stands in for the fast tier where
// there is none (its error is then under one double ulp).
constexpr mpfr_prec_t kPreparePrecision = 96;

// Whether any of the N errors is negative: a point the batch left. A
// sweep asks once per block, so four errors per instruction where the CPU
// has AVX2: a look point by point cost a few percent of a fast function's
// verification (bench/README.md).
bool any_negative_scalar(const double* error, size_t n) {
  bool left = false;
  for (size_t i = 0; i < n; ++i) left |= error[i] < 0;
  return left;
}
__attribute__((target("avx2"))) bool any_negative_avx2(const double* error, size_t n) {
  const __m256d zero = _mm256_setzero_pd();
  __m256d negative = zero;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) negative = _mm256_or_pd(negative, _mm256_cmp_pd(_mm256_loadu_pd(error + i), zero, _CMP_LT_OQ));
  return _mm256_movemask_pd(negative) != 0 || any_negative_scalar(error + i, n - i);
}

}  // namespace

Judge::Judge(const std::string& function, Denormals float_denormals)
    : info_(find_function(function)), denormals_(float_denormals), id_(function_id(function)) {
  if (info_ == nullptr) throw std::invalid_argument("reference/math: unknown function '" + function + "'");
  if (info_->integer_result)
    throw std::invalid_argument("reference/math: '" + function + "' has an integer result; use exact_int_accepts");
  const Fn f = fn_of(id_);
  const FastSpec spec = fast_spec(f);
  has_fast_ = spec.available;
  fast_error_dulps_ = spec.error_dulps;
  // The only functions alternatives() can count twice (mpfr_eval.cpp).
  may_have_alternatives_ = f == Fn::mad || f == Fn::rsqrt || f == Fn::nextafter;
  mad_fused_first_ = f == Fn::mad && float_denormals == Denormals::Kept;
  for (size_t k = 0; k < info_->args.size() && k < 3; ++k) float_args_[k] = info_->args[k] == ArgKind::Float;
  fast_batch_ = fast_batch(f, cpu_has_avx2_fma());
}

Judge::Point Judge::prepare(const double* args) const {
  Point p;
  for (size_t k = 0; k < 3; ++k) p.args[k] = args[k];
  prepare_many(&p, 1);
  return p;
}

void Judge::prepare_many(Point* points, size_t n) const {
  Block b;
  for (size_t base = 0; base < n; base += Block::kCapacity) {
    b.n = std::min(Block::kCapacity, n - base);
    for (size_t i = 0; i < b.n; ++i)
      for (size_t k = 0; k < 3; ++k) b.args[k][i] = points[base + i].args[k];
    prepare_block(b);
    for (size_t i = 0; i < b.n; ++i) points[base + i] = point(b, i);
  }
}

void Judge::prepare_block(Block& b, bool settle) const {
  b.mpfr_points = 0;
  b.settled = false;
  if (fast_batch_ != nullptr) {
    fast_batch_(b);
    std::fill(b.by_mpfr, b.by_mpfr + b.n, 0u);
    // The points the batch left (fast_batch.hpp).
    if (cpu_has_avx2_fma() ? any_negative_avx2(b.error, b.n) : any_negative_scalar(b.error, b.n))
      for (size_t i = 0; i < b.n; ++i)
        if (b.error[i] < 0) prepare_one(b, i);
  } else {
    for (size_t i = 0; i < b.n; ++i) prepare_one(b, i);
  }
  if (settle) settle_block(b, cpu_has_avx2_fma());
}

void Judge::prepare_one(Block& b, size_t i) const {
  const Fn f = fn_of(id_);
  const double args[3] = {b.args[0][i], b.args[1][i], b.args[2][i]};
  double& approx = b.approx[i];
  double& error = b.error[i];
  b.by_mpfr[i] = 0;
  approx = 0;
  error = -1;
  // Several accepted real results (rsqrt(-0), nextafter's flush-to-zero
  // variants, mad's flushed readings): MPFR decides in judge. mad without
  // flushing is prepared as its fused reading, the one MPFR tries first: a
  // result that fails it goes to MPFR (judge_further), which tries the
  // unfused one too.
  if (may_have_alternatives_ && !mad_fused_first_ && alternatives(f, args, denormals_ == Denormals::MayFlush) != 1)
    return;
  if (has_fast_ && fast_value(f, args, &approx)) {
    enclose_in_normal_doubles(fast_error_dulps_, &approx, &error);
  } else {
    const Enclosure e = enclose(f, args, kPreparePrecision);
    approx = e.lo.to_double();  // correctly rounded; the enclosure is far narrower than a double ulp
    enclose_in_normal_doubles(1, &approx, &error);
    b.by_mpfr[i] = 1;
    ++b.mpfr_points;
  }
}

Judge::Point Judge::point(const Block& b, size_t i) const {
  Point p;
  for (size_t k = 0; k < 3; ++k) p.args[k] = b.args[k][i];
  p.approx = b.approx[i];
  p.error = b.error[i];
  p.prepared_by_mpfr = b.by_mpfr[i] != 0;
  if (b.settled) {
    p.nearest = b.nearest[i];
    p.certain = b.certain[i] != 0;
    p.ulp_scale = b.ulp_scale[i];
  } else {
    uint32_t certain;
    settle_one(p.approx, p.error, &p.nearest, &certain, &p.ulp_scale);
    p.certain = certain != 0;
  }
  mark_subnormal_arg(p);
  return p;
}

void Judge::mark_subnormal_arg(Point& p) const {
  // Only flushing judges read it (fast_verdict.hpp).
  bool subnormal = false;
  if (denormals_ == Denormals::MayFlush) {
    for (size_t k = 0; k < 3; ++k) {
      const double v = std::fabs(p.args[k]);
      subnormal |= float_args_[k] && v != 0 && v < 0x1p-126;
    }
  }
  p.subnormal_arg = subnormal;
}

Verdict Judge::judge_further(const Point& point, uint32_t got, const Bound& bound) const {
  const FastVerdict fast = fast_verdict(point, got, bound, denormals_ == Denormals::MayFlush);
  if (fast.decided && (fast.verdict.pass || !mad_fused_first_)) {
    Verdict v = fast.verdict;
    v.used_mpfr = point.prepared_by_mpfr;
    return v;
  }
  return mpfr_verdict(fn_of(id_), point.args, got, bound, denormals_);
}

}  // namespace clconform::ref::math
