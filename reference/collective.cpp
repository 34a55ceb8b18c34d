#include "reference/collective.hpp"

#include <mpfr.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::ref {
namespace {

// Wide enough that every sum of up to 2^16 doubles is exact (the exponents
// of doubles span 2098 bits); each addition checks that it was.
constexpr mpfr_prec_t kExact = 2200;

struct Num {
  mpfr_t v;
  explicit Num(mpfr_prec_t p = kExact) {
    mpfr_init2(v, p);
    mpfr_set_zero(v, 1);
  }
  ~Num() { mpfr_clear(v); }
  Num(const Num&) = delete;
  Num& operator=(const Num&) = delete;
};

uint64_t mask(unsigned bytes) { return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

int64_t as_signed(uint64_t bits, unsigned bytes) {
  if (bytes >= 8) return int64_t(bits);
  const uint64_t sign = 1ull << (8 * bytes - 1);
  bits &= mask(bytes);
  return (bits & sign) ? int64_t(bits | ~mask(bytes)) : int64_t(bits);
}

int precision(ElemType t) { return t.bytes == 2 ? 11 : t.bytes == 4 ? 24 : 53; }

uint64_t float_bits(ElemType t, double v) {
  if (t.bytes == 2) return double_to_half(v, Rounding::NearestEven);
  if (t.bytes == 4) return to_bits(float(v));
  return to_bits(v);
}

uint64_t int_combine(CollectiveOp op, ElemType t, uint64_t a, uint64_t b) {
  switch (op) {
    case CollectiveOp::add:
      return (a + b) & mask(t.bytes);
    case CollectiveOp::min:
      if (t.format == 'i') return as_signed(a, t.bytes) <= as_signed(b, t.bytes) ? a : b;
      return a <= b ? a : b;
    case CollectiveOp::max:
      if (t.format == 'i') return as_signed(a, t.bytes) >= as_signed(b, t.bytes) ? a : b;
      return a >= b ? a : b;
  }
  return 0;
}

// min and max of floats pick one of their operands, so the result is exact
// whatever the order (no NaN, no mixed zeros among the inputs).
uint64_t float_pick(CollectiveOp op, ElemType t, uint64_t a, uint64_t b) {
  const double x = elem_value(t, a), y = elem_value(t, b);
  if (op == CollectiveOp::min) return y < x ? b : a;
  return y > x ? b : a;
}

}  // namespace

bool Accepted::accepts(ElemType t, uint64_t got) const {
  got &= mask(t.bytes);
  if (!interval) return got == bits;
  const double v = elem_value(t, got);
  return v >= lo && v <= hi;  // false for NaN
}

CollectiveKind collective_kind(const std::string& name) {
  if (name == "reduce") return CollectiveKind::reduce;
  if (name == "scan_inclusive") return CollectiveKind::scan_inclusive;
  if (name == "scan_exclusive") return CollectiveKind::scan_exclusive;
  throw std::invalid_argument("unknown collective kind " + name);
}

CollectiveOp collective_op(const std::string& name) {
  if (name == "add") return CollectiveOp::add;
  if (name == "min") return CollectiveOp::min;
  if (name == "max") return CollectiveOp::max;
  throw std::invalid_argument("unknown collective operation " + name);
}

double elem_value(ElemType t, uint64_t bits) {
  if (t.format == 'f') {
    if (t.bytes == 2) return half_to_double(uint16_t(bits));
    if (t.bytes == 4) return double(float_from_bits(uint32_t(bits)));
    return double_from_bits(bits);
  }
  if (t.format == 'i') return double(as_signed(bits, t.bytes));
  return double(bits & mask(t.bytes));
}

std::string elem_text(ElemType t, uint64_t bits) {
  char buf[80];
  if (t.format == 'f') {
    std::snprintf(buf, sizeof buf, "%.17g (0x%0*llx)", elem_value(t, bits), int(2 * t.bytes),
                  static_cast<unsigned long long>(bits & mask(t.bytes)));
  } else if (t.format == 'i') {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(as_signed(bits, t.bytes)));
  } else {
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(bits & mask(t.bytes)));
  }
  return buf;
}

uint64_t collective_identity(CollectiveOp op, ElemType t) {
  const double inf = std::numeric_limits<double>::infinity();
  switch (op) {
    case CollectiveOp::add:
      return 0;
    case CollectiveOp::min:
      if (t.format == 'f') return float_bits(t, inf);
      return t.format == 'i' ? mask(t.bytes) >> 1 : mask(t.bytes);
    case CollectiveOp::max:
      if (t.format == 'f') return float_bits(t, -inf);
      return t.format == 'i' ? (1ull << (8 * t.bytes - 1)) : 0;
  }
  return 0;
}

SumInterval any_order_sum(const std::vector<double>& terms, int p) {
  Num s, a, bound, lo, hi;
  for (double x : terms) {
    if (mpfr_add_d(s.v, s.v, x, MPFR_RNDN) != 0 || mpfr_add_d(a.v, a.v, std::fabs(x), MPFR_RNDN) != 0) {
      throw std::runtime_error("any_order_sum: a sum was not exact");
    }
  }
  // g(m) * A = m * A / (2^p - m), m = n - 1 additions; rounded up.
  const double m = terms.empty() ? 0.0 : double(terms.size() - 1);
  mpfr_mul_d(bound.v, a.v, m, MPFR_RNDU);
  mpfr_div_d(bound.v, bound.v, std::ldexp(1.0, p) - m, MPFR_RNDU);
  mpfr_sub(lo.v, s.v, bound.v, MPFR_RNDD);
  mpfr_add(hi.v, s.v, bound.v, MPFR_RNDU);
  SumInterval r;
  // Every value of the format is a double, so the smallest double >= lo and
  // the largest <= hi decide membership exactly.
  r.lo = mpfr_get_d(lo.v, MPFR_RNDU);
  r.hi = mpfr_get_d(hi.v, MPFR_RNDD);
  Num near(p);
  mpfr_set(near.v, s.v, MPFR_RNDN);
  r.nearest = mpfr_get_d(near.v, MPFR_RNDN);
  return r;
}

std::vector<Accepted> collective_expected(CollectiveKind kind, CollectiveOp op, ElemType t,
                                          const std::vector<uint64_t>& inputs) {
  const size_t n = inputs.size();
  std::vector<Accepted> out(n);
  if (n == 0) return out;
  if (t.format == 'f' && op == CollectiveOp::add) {
    std::vector<double> terms;
    terms.reserve(n);
    for (uint64_t b : inputs) terms.push_back(elem_value(t, b));
    auto set = [&](Accepted& e, size_t count) {
      e.interval = true;
      const SumInterval r = any_order_sum(std::vector<double>(terms.begin(), terms.begin() + count), precision(t));
      e.lo = r.lo;
      e.hi = r.hi;
      e.bits = float_bits(t, r.nearest);
    };
    for (size_t i = 0; i < n; ++i) {
      const size_t count = kind == CollectiveKind::reduce ? n : kind == CollectiveKind::scan_inclusive ? i + 1 : i;
      // The exclusive scan's first result is the identity 0 (6.15.16): the
      // empty sum's interval [0, 0], which either zero satisfies.
      set(out[i], count);
    }
    return out;
  }
  const uint64_t identity = collective_identity(op, t);
  auto combine = [&](uint64_t x, uint64_t y) {
    return t.format == 'f' ? float_pick(op, t, x, y) : int_combine(op, t, x, y);
  };
  uint64_t total = identity;
  for (uint64_t b : inputs) total = combine(total, b & mask(t.bytes));
  uint64_t running = identity;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t before = running;
    running = combine(running, inputs[i] & mask(t.bytes));
    out[i].bits = kind == CollectiveKind::reduce ? total : kind == CollectiveKind::scan_inclusive ? running : before;
  }
  return out;
}

}  // namespace clconform::ref
