#include "reference/subgroup_ext.hpp"

#include <mpfr.h>

#include <cmath>
#include <stdexcept>

#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::ref {
namespace {

uint64_t mask(unsigned bytes) { return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

__int128 as_signed(uint64_t bits, unsigned bytes) {
  bits &= mask(bytes);
  const uint64_t sign = 1ull << (8 * bytes - 1);
  return (bits & sign) ? __int128(bits) - (__int128(1) << (8 * bytes)) : __int128(bits);
}

int precision(ElemType t) { return t.bytes == 2 ? 11 : t.bytes == 4 ? 24 : 53; }

uint64_t float_bits(ElemType t, double v) {
  if (t.bytes == 2) return double_to_half(v, Rounding::NearestEven);
  if (t.bytes == 4) return to_bits(float(v));
  return to_bits(v);
}

SgExpect exact(uint64_t bits) {
  SgExpect e;
  e.value.bits = bits;
  return e;
}

SgExpect truth(bool t) {
  SgExpect e;
  e.kind = SgExpect::Kind::truth;
  e.truth = t;
  return e;
}

SgExpect interval(ElemType t, const SumInterval& r) {
  SgExpect e;
  e.value.interval = true;
  e.value.lo = r.lo;
  e.value.hi = r.hi;
  e.value.bits = float_bits(t, r.nearest);
  return e;
}

// A signed result that must fit T (signed overflow is undefined).
uint64_t in_range(__int128 v, ElemType t, const char* what) {
  const __int128 hi = (__int128(1) << (8 * t.bytes - 1)) - 1;
  if (v > hi || v < -hi - 1) throw std::runtime_error(std::string("sub-group ") + what + ": signed overflow");
  return uint64_t(v) & mask(t.bytes);
}

// Wide enough for the exact product of 128 doubles and of (1 +- 2^-53)^127.
constexpr mpfr_prec_t kProductBits = 16384;

}  // namespace

SgOp sg_op(const std::string& n) {
  static const std::pair<const char*, SgOp> names[] = {
      {"add", SgOp::add},         {"mul", SgOp::mul},
      {"min", SgOp::min},         {"max", SgOp::max},
      {"and", SgOp::bit_and},     {"or", SgOp::bit_or},
      {"xor", SgOp::bit_xor},     {"logical_and", SgOp::logical_and},
      {"logical_or", SgOp::logical_or}, {"logical_xor", SgOp::logical_xor}};
  for (const auto& [name, op] : names) {
    if (n == name) return op;
  }
  throw std::invalid_argument("unknown sub-group operation " + n);
}

bool sg_logical(SgOp op) { return op == SgOp::logical_and || op == SgOp::logical_or || op == SgOp::logical_xor; }

bool SgExpect::accepts(ElemType t, uint64_t got) const {
  if (kind == Kind::truth) return ((got & mask(t.bytes)) != 0) == truth;
  return value.accepts(t, got);
}

SgExpect sg_identity(SgOp op, ElemType t) {
  switch (op) {
    case SgOp::add:
      return exact(0);
    case SgOp::mul:
      return exact(t.format == 'f' ? float_bits(t, 1.0) : 1);
    case SgOp::min:
      return exact(collective_identity(CollectiveOp::min, t));
    case SgOp::max:
      return exact(collective_identity(CollectiveOp::max, t));
    case SgOp::bit_and:
      return exact(mask(t.bytes));
    case SgOp::bit_or:
    case SgOp::bit_xor:
      return exact(0);
    case SgOp::logical_and:
      return truth(true);
    case SgOp::logical_or:
    case SgOp::logical_xor:
      return truth(false);
  }
  return exact(0);
}

SumInterval any_order_product(const std::vector<double>& terms, int p) {
  mpfr_t prod, grow, shrink, lo, hi;
  for (mpfr_t* v : {&prod, &grow, &shrink, &lo, &hi}) mpfr_init2(*v, kProductBits);
  mpfr_set_ui(prod, 1, MPFR_RNDN);
  for (double x : terms) {
    if (mpfr_mul_d(prod, prod, x, MPFR_RNDN) != 0) throw std::runtime_error("any_order_product: inexact");
  }
  // (1 + u)^m and (1 - u)^m, m = n - 1 roundings, exactly.
  const unsigned long m = terms.empty() ? 0 : terms.size() - 1;
  mpfr_set_ui_2exp(grow, 1, -p, MPFR_RNDN);
  mpfr_ui_sub(shrink, 1, grow, MPFR_RNDN);
  mpfr_add_ui(grow, grow, 1, MPFR_RNDN);
  mpfr_pow_ui(grow, grow, m, MPFR_RNDU);
  mpfr_pow_ui(shrink, shrink, m, MPFR_RNDD);
  const bool negative = mpfr_sgn(prod) < 0;
  mpfr_mul(lo, prod, negative ? grow : shrink, MPFR_RNDD);
  mpfr_mul(hi, prod, negative ? shrink : grow, MPFR_RNDU);
  SumInterval r;
  r.lo = mpfr_get_d(lo, MPFR_RNDU);  // every value of the format is a double
  r.hi = mpfr_get_d(hi, MPFR_RNDD);
  mpfr_t near;
  mpfr_init2(near, p);
  mpfr_set(near, prod, MPFR_RNDN);
  r.nearest = mpfr_get_d(near, MPFR_RNDN);
  mpfr_clear(near);
  for (mpfr_t* v : {&prod, &grow, &shrink, &lo, &hi}) mpfr_clear(*v);
  return r;
}

SgExpect sg_combine(SgOp op, ElemType t, const std::vector<uint64_t>& terms) {
  if (terms.empty()) return sg_identity(op, t);
  if (sg_logical(op)) {
    size_t set = 0;
    for (uint64_t x : terms) set += (x & 0xFFFFFFFFu) != 0;
    if (op == SgOp::logical_and) return truth(set == terms.size());
    if (op == SgOp::logical_or) return truth(set != 0);
    return truth(set % 2 == 1);
  }
  if (t.format == 'f') {
    std::vector<double> v;
    for (uint64_t x : terms) v.push_back(elem_value(t, x));
    if (op == SgOp::add) return interval(t, any_order_sum(v, precision(t)));
    if (op == SgOp::mul) return interval(t, any_order_product(v, precision(t)));
    if (op != SgOp::min && op != SgOp::max) throw std::invalid_argument("bitwise operation on a float type");
    // min and max pick one operand, so the result is exact in any order
    // (no NaN and no mixed zeros among the inputs).
    size_t best = 0;
    for (size_t i = 1; i < v.size(); ++i) {
      if (op == SgOp::min ? v[i] < v[best] : v[i] > v[best]) best = i;
    }
    return exact(terms[best] & mask(t.bytes));
  }
  const bool is_signed = t.format == 'i';
  const auto value = [&](uint64_t x) { return is_signed ? as_signed(x, t.bytes) : __int128(x & mask(t.bytes)); };
  __int128 acc = value(terms[0]);
  uint64_t bits = terms[0] & mask(t.bytes);
  for (size_t i = 1; i < terms.size(); ++i) {
    const __int128 x = value(terms[i]);
    switch (op) {
      case SgOp::add:
        acc += x;
        if (!is_signed) acc &= mask(t.bytes);
        break;
      case SgOp::mul:
        acc = is_signed ? acc * x : __int128((uint64_t(acc) * uint64_t(x)) & mask(t.bytes));
        if (is_signed) in_range(acc, t, "mul");
        break;
      case SgOp::min:
        acc = x < acc ? x : acc;
        break;
      case SgOp::max:
        acc = x > acc ? x : acc;
        break;
      case SgOp::bit_and:
        bits &= terms[i];
        break;
      case SgOp::bit_or:
        bits |= terms[i];
        break;
      case SgOp::bit_xor:
        bits ^= terms[i];
        break;
      default:
        break;
    }
  }
  if (op == SgOp::bit_and || op == SgOp::bit_or || op == SgOp::bit_xor) return exact(bits & mask(t.bytes));
  if (is_signed) return exact(in_range(acc, t, op == SgOp::add ? "add" : "mul"));
  return exact(uint64_t(acc) & mask(t.bytes));
}

bool ballot_bit(const Ballot& b, unsigned i) { return i < 128 && ((b[i / 32] >> (i % 32)) & 1u); }

unsigned ballot_count(const Ballot& b, unsigned below) {
  unsigned n = 0;
  for (unsigned i = 0; i < below && i < 128; ++i) n += ballot_bit(b, i);
  return n;
}

std::optional<unsigned> ballot_lsb(const Ballot& b, unsigned below) {
  for (unsigned i = 0; i < below && i < 128; ++i) {
    if (ballot_bit(b, i)) return i;
  }
  return std::nullopt;
}

std::optional<unsigned> ballot_msb(const Ballot& b, unsigned below) {
  for (unsigned i = below < 128 ? below : 128; i-- > 0;) {
    if (ballot_bit(b, i)) return i;
  }
  return std::nullopt;
}

Ballot sub_group_mask(const std::string& which, unsigned lid, unsigned max) {
  Ballot b{0, 0, 0, 0};
  for (unsigned i = 0; i < 128; ++i) {
    bool on = false;
    if (which == "eq") on = i == lid;
    else if (which == "ge") on = i >= lid && i < max;
    else if (which == "gt") on = i > lid && i < max;
    else if (which == "le") on = i <= lid;
    else if (which == "lt") on = i < lid;
    else throw std::invalid_argument("unknown sub-group mask " + which);
    if (on) b[i / 32] |= 1u << (i % 32);
  }
  return b;
}

}  // namespace clconform::ref
