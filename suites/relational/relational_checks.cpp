// The relational suite's check, "relational.builtin" (OpenCL C 3.0 spec,
// 6.15.6): a predicate on half, float or double, any/all, bitselect or select,
// every overload, through the shared engine (suites/builtin_sweep). Every
// result is exact (reference/relational.hpp):
//  * predicates: 1/0 for scalars, -1/0 (all bits set) for vectors, in the
//    result type the manifest gives; NaN operands follow the ordered and
//    unordered rules of 6.15.6;
//  * any/all look at the MSB of each lane only; select at the MSB of each
//    selector lane for vectors and at "c != 0" for scalars;
//  * -cl-finite-math-only (in -cl-fast-relaxed-math): lanes with an
//    infinite or NaN float operand or result are not judged; with denormals
//    that may flush (7.5.3) the result of the flushed operands is accepted too.
#include <memory>

#include "builtin_sweep/fn_case.hpp"
#include "builtin_sweep/fn_inputs.hpp"
#include "checks.hpp"
#include "reference/common_fns.hpp"
#include "reference/relational.hpp"

namespace clconform::suites {
namespace {

using fn::Lane;
using fn::Overload;
namespace rr = ref::relational;

// Calls F with the format tag of BYTES: half (2), float (4) or double (8).
template <typename Fn>
auto by_format(unsigned bytes, Fn f) {
  if (bytes == 8) return f(ref::Double{});
  if (bytes == 2) return f(ref::Half{});
  return f(ref::Float{});
}

bool finite_bits(uint64_t b, unsigned bytes) {
  return by_format(bytes, [b](auto t) { return ref::is_finite<decltype(t)>(typename decltype(t)::Bits(b)); });
}

bool nan_bits(uint64_t b, unsigned bytes) {
  return by_format(bytes, [b](auto t) { return ref::is_nan<decltype(t)>(typename decltype(t)::Bits(b)); });
}

uint64_t flush_bits(uint64_t b, unsigned bytes) {
  return by_format(bytes, [b](auto t) { return uint64_t(ref::common::flush<decltype(t)>(typename decltype(t)::Bits(b))); });
}

// The quiet bit of a NaN: the first fraction bit.
uint64_t quiet_bit(unsigned bytes) {
  return by_format(bytes, [](auto t) { return uint64_t(decltype(t)::quiet_bit); });
}

uint64_t mask_of(unsigned bytes) { return bytes == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * bytes)) - 1; }

class RelationalJudge : public fn::Judge {
 public:
  RelationalJudge(std::string name, fn::Regime r) : name_(std::move(name)), r_(r), arity_(rr::predicate_arity(name_)) {}

  uint64_t items(bool full) const override { return full ? 1 << 16 : 256; }
  bool measured() const override { return false; }

  void inputs(const Overload& ov, fn::Rng& rng, fn::Item& it) const override {
    if (arity_) {
      const unsigned bytes = ov.args[0].bytes;
      for (auto& v : it.args[0]) v = fn::any_float(rng, it.index, bytes);
      if (arity_ == 2) {
        // The second operand: equal, the same magnitude with the other sign,
        // a neighbour, or unrelated, so every outcome of every predicate shows.
        for (size_t l = 0; l < it.args[1].size(); ++l) {
          const uint64_t x = it.args[0][l], sign = uint64_t(1) << (8 * bytes - 1);
          switch (rng.below(5)) {
            case 0: it.args[1][l] = x; break;
            case 1: it.args[1][l] = x ^ sign; break;
            case 2: it.args[1][l] = (x + (rng.below(2) ? 1 : -1)) & mask_of(bytes); break;
            default: it.args[1][l] = fn::any_float(rng, it.index, bytes);
          }
        }
      }
      return;
    }
    if (name_ == "any" || name_ == "all") {
      // All MSBs set, none set, or each at random; the other bits always random.
      const unsigned bytes = ov.args[0].bytes;
      const uint64_t msb = uint64_t(1) << (8 * bytes - 1);
      const unsigned mode = unsigned(rng.below(4));
      for (auto& v : it.args[0]) {
        v = fn::random_bits(rng, bytes) & ~msb;
        if (mode == 0 || (mode >= 2 && rng.below(2)) || (mode == 3 && rng.below(8))) v |= msb;
      }
      return;
    }
    // bitselect, select: data operands as floats (edge values included) or integers.
    for (size_t a = 0; a < 2; ++a)
      for (auto& v : it.args[a])
        v = ov.args[a].kind == 'f' ? fn::any_float(rng, it.index, ov.args[a].bytes) : fn::random_bits(rng, ov.args[a].bytes);
    const Operand& c = ov.args[2];
    for (auto& v : it.args[2]) {
      v = fn::random_bits(rng, c.bytes);
      // Scalar select tests c != 0: give zero its share.
      if (name_ == "select" && ov.n == 1 && rng.below(4) == 0) v = 0;
    }
  }

  void judge(const Overload& ov, const fn::Item& it, std::vector<Lane>& lanes) const override {
    const bool vec = ov.n > 1;
    if (name_ == "any" || name_ == "all") {
      bool any = false, all = true;
      for (uint64_t v : it.args[0]) {
        const bool m = rr::msb(v, ov.args[0].bytes);
        any = any || m;
        all = all && m;
      }
      const uint64_t want = (name_ == "any" ? any : all) ? 1 : 0;
      lanes[0] = verdict(it.out[0] & 0xffffffffu, {want}, ov.result.bytes, name_ + ": MSB of each lane (6.15.6)");
      return;
    }
    for (size_t l = 0; l < lanes.size(); ++l) {
      if (arity_) {
        const unsigned bytes = ov.args[0].bytes;
        const uint64_t x = it.args[0][l], y = arity_ == 2 ? it.args[1][l] : 0;
        if (r_.finite_only && (!finite_bits(x, bytes) || (arity_ == 2 && !finite_bits(y, bytes)))) {
          lanes[l].status = Lane::Status::Unjudged;
          continue;
        }
        const uint64_t t = vec ? mask_of(ov.result.bytes) : 1;  // -1 in the result type, or 1
        std::vector<uint64_t> ok = {pred(x, y, bytes) ? t : 0};
        if (r_.ftz(bytes)) ok.push_back(pred(flush_bits(x, bytes), flush_bits(y, bytes), bytes) ? t : 0);
        const bool nan = !finite_bits(x, bytes) || (arity_ == 2 && !finite_bits(y, bytes));
        lanes[l] = verdict(it.out[l], ok, ov.result.bytes,
                           name_ + (vec ? ": -1/0 per lane" : ": 1/0") + (nan ? " with a NaN or infinite operand" : "") + " (6.15.6)");
        if (nan) lanes[l].edge = "nan_or_inf_operand";
        continue;
      }
      const uint64_t a = it.args[0][l], b = it.args[1][l], c = it.args[2][l];
      const unsigned bytes = ov.result.bytes;
      const uint64_t want = name_ == "bitselect" ? rr::bitselect(a, b, c) : rr::select(a, b, c, ov.args[2].bytes, vec);
      if (ov.result.kind == 'f' && r_.finite_only &&
          (!finite_bits(a, bytes) || !finite_bits(b, bytes) || !finite_bits(want, bytes))) {
        lanes[l].status = Lane::Status::Unjudged;
        continue;
      }
      std::vector<uint64_t> ok = {want};
      if (ov.result.kind == 'f' && r_.ftz(bytes)) ok.push_back(flush_bits(want, bytes));
      // 7.4: "Support for signaling NaNs is not required": a signalling NaN
      // may come back quieted.
      const uint64_t quiet = quiet_bit(bytes);
      const bool nan = nan_bits(want, bytes);
      if (ov.result.kind == 'f' && nan && !(want & quiet)) ok.push_back(want | quiet);
      lanes[l] = verdict(it.out[l], ok, bytes,
                         name_ == "bitselect" ? "bitselect: bit-wise (6.15.6)"
                                              : vec ? "select: MSB of the selector lane (6.15.6)" : "select: c != 0 (6.15.6)");
    }
  }

 private:
  using Operand = fn::Operand;

  bool pred(uint64_t x, uint64_t y, unsigned bytes) const {
    return by_format(bytes, [&](auto t) {
      using B = typename decltype(t)::Bits;
      return rr::predicate<decltype(t)>(name_, B(x), B(y));
    });
  }

  static Lane verdict(uint64_t got, const std::vector<uint64_t>& ok, unsigned bytes, std::string rule) {
    Lane l;
    l.status = Lane::Status::Fail;
    for (uint64_t w : ok)
      if (got == w) l.status = Lane::Status::Pass;
    l.expected = hex_bits(ok[0], bytes);
    l.expected_bits = ok[0];
    l.rule = std::move(rule);
    return l;
  }

  std::string name_;
  fn::Regime r_;
  int arity_;
};

void check_builtin(CaseRun& run) {
  RelationalJudge j(run.c.params.at("builtin").as_string(), fn::regime_of(run));
  fn::run_case(run, j);
}

}  // namespace

void register_relational_checks() { register_check("relational.builtin", check_builtin, Sharding::Slices); }

}  // namespace clconform::suites
