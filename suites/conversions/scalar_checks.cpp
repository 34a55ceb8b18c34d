// The conversions that happen without convert_*:
//
// conversions.scalar: `dst r = x;` (6.4.1) and `(dst)x` (6.4.2) from one
// scalar type to every other. The value is converted: toward zero to an
// integer type, to nearest even to a floating-point type. A float whose
// integral part does not fit the integer type is undefined in C99 6.3.1.4
// (which 6.4.3.3 defers to), so counted, not judged; an integer that does
// not fit a signed type is implementation-defined (C99 6.3.1.3).
//
// conversions.arith: x < y, x == y, x > y between every two scalar types,
// and the size and signedness of x + y: C99 6.3.1.8's usual arithmetic
// conversions (6.4.6) decide the common type, both operands are converted
// to it exactly as above, then compared exactly.
//
// conversions.widen: (v - v) + s with v a vector of element type E and s a
// scalar of no greater rank (6.4.6): s is converted to E and duplicated, so
// every component must be that conversion (for floats +0 + c, which is c,
// or +0 for c = -0). Each scalar type is tried at one width, the widths
// rotating over the scalar types (see the generator).
#include <CL/opencl.hpp>

#include <string>
#include <vector>

#include "checks.hpp"
#include "conversion_inputs.hpp"
#include "conversion_values.hpp"
#include "conversions_checks.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "sweep.hpp"

namespace clconform::suites::conversions {
namespace {

using ref::Rounding;

struct Tally {
  uint64_t passed = 0, undefined = 0, flushed = 0;
  FailureTally failures;
  // MAKE builds the mismatch, only for a wrong value.
  template <class Make>
  void judge(bool ok, bool flushed_ok, const Make& make) {
    if (ok || flushed_ok) {
      ++passed;
      flushed += !ok;
      return;
    }
    failures.add(make());
  }
};

Mismatch with_bits(Mismatch m, WrongBits b) {
  m.bits = std::move(b);
  return m;
}

std::vector<TypeDesc> type_list(const json::Value& v) {
  std::vector<TypeDesc> out;
  for (const auto& t : v.as_array()) out.push_back(TypeDesc::from_json(t));
  return out;
}

bool is_float(const TypeDesc& t) { return t.kind == TypeDesc::Kind::Float; }

// The rounding an implicit conversion or a cast uses (6.4.2).
Rounding implicit_rounding(const TypeDesc& dst) { return is_float(dst) ? Rounding::NearestEven : Rounding::TowardZero; }

cl::Kernel named_kernel(CaseRun& run, const std::string& name) {
  const BuiltProgram& prog = run.program();
  if (!prog.ok) throw BuildFailed{&prog};
  return cl::Kernel(prog.program, name.c_str());
}

// Records the tallies in the case and writes its detail.
void finish(CaseRun& run, std::vector<Tally>& tallies, const Sweep& sweep, std::string detail,
            bool may_flush) {
  Tally all;
  for (Tally& t : tallies) {
    all.passed += t.passed, all.undefined += t.undefined, all.flushed += t.flushed;
    all.failures.merge(std::move(t.failures));
  }
  const uint64_t failed = all.failures.failed();
  run.result.pass(all.passed + failed);
  run.result.merge(std::move(all.failures));
  detail += ", " + std::to_string(all.passed + failed) + " results checked";
  if (all.undefined)
    detail += "; " + std::to_string(all.undefined) + " results not judged (out of range, undefined or "
              "implementation-defined in C99 6.3.1.3/6.3.1.4; or a NaN or an infinity under -cl-finite-math-only)";
  if (may_flush) detail += "; " + std::to_string(all.flushed) + " denormals flushed (allowed by 7.5.3)";
  if (failed) detail = std::to_string(failed) + " wrong; " + detail;
  run.result.detail = detail;
  run.result.metrics = json::Value::object();
  run.result.metrics["sweep"] = sweep.times_json();
}

// ---- implicit and cast ----------------------------------------------------

void check_scalar(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc src = TypeDesc::from_json(p.at("src"));
  const std::vector<TypeDesc> dsts = type_list(p.at("dsts"));
  const std::string form = p.at("form").as_string();
  const SweepPlan plan = plan_sweep(run);
  const SourceLanes lanes(src, false, run.opts.seed, case_stream(run.c.id), plan.quick_lanes);
  const CaseRun::Range range = run.range(lanes.total());
  std::vector<unsigned> out_elem;
  for (const TypeDesc& d : dsts) out_elem.push_back(d.elem_size);
  Sweep sweep(run, {named_kernel(run, run.c.kernel)}, SweepShape{{src.elem_size}, out_elem, {1}},
              plan.chunk_lanes(range.size()));
  bool any_flush = false;
  std::vector<bool> flush_dst;
  const bool flush_src = is_float(src) && run.may_flush_denormals(src.elem_size);
  for (const TypeDesc& d : dsts) {
    flush_dst.push_back(is_float(d) && run.may_flush_denormals(d.elem_size));
    any_flush = any_flush || flush_dst.back() || flush_src;
  }
  auto fill = [&](const SweepChunk& ch, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) store_lane(ch.in[0], src.elem_size, i, lanes.at(ch.first + i));
  };
  Sweep::Verify<Tally> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t x = load_lane(ch.in[0], src.elem_size, i);
      for (size_t d = 0; d < dsts.size(); ++d) {
        const TypeDesc& dst = dsts[d];
        const Rounding r = implicit_rounding(dst);
        const Expected want = convert_scalar(src, dst, x, r, false);
        if (!want.defined) {
          ++t.undefined;
          continue;
        }
        const uint64_t got = load_lane(ch.out[0][d], dst.elem_size, i);
        const bool ok = want.nan ? is_float_nan(dst, got) : got == want.bits;
        const bool flushed = !ok && flush_allows(src, dst, x, got, r, false, flush_src, flush_dst[d]);
        const std::string expr = form == "cast" ? "(" + dst.name + ")x" : dst.name + " r = x";
        t.judge(ok, flushed, [&] {
          return with_bits({ch.first + i, -1, {show(src, x)}, show(dst, got), show(dst, want.bits),
                            expr + " with " + src.name + " x", 1},
                           {src.bits_format(), dst.bits_format(), src.elem_size, dst.elem_size, 1, {x}, got, want.bits});
        });
      }
    }
  };
  auto tallies = sweep.run<Tally>(range.begin, range.size(), fill, verify, Tally{0, 0, 0, run.result.tally()});
  finish(run, tallies, sweep,
         (form == "cast" ? "casts (T)x" : "assignments T r = x") + std::string(" from ") + src.name + " to " +
             std::to_string(dsts.size()) + " types: " + std::to_string(range.size()) + " lanes (" +
             lanes.describe() + ")",
         any_flush);
}

// ---- usual arithmetic conversions -----------------------------------------

// C99 6.3.1.8 for two scalar types (OpenCL's are fixed-size: int is 32
// bits, long 64): a floating type wins (the wider one); otherwise both are
// promoted (types narrower than int become int, which holds all their
// values), then the type of greater rank wins, an unsigned type of at least
// the signed one's width winning over it, a wider signed type over a
// narrower unsigned one.
TypeDesc common_type(const TypeDesc& a, const TypeDesc& b) {
  if (is_float(a) || is_float(b)) {
    if (!is_float(a)) return b;
    if (!is_float(b)) return a;
    return a.elem_size >= b.elem_size ? a : b;
  }
  auto promote = [](const TypeDesc& t) {
    if (t.elem_size >= 4) return t;
    TypeDesc i = t;
    i.name = i.elem = "int";
    i.kind = TypeDesc::Kind::Int;
    i.elem_size = 4;
    return i;
  };
  const TypeDesc x = promote(a), y = promote(b);
  if (x.kind == y.kind) return x.elem_size >= y.elem_size ? x : y;
  const TypeDesc& u = x.kind == TypeDesc::Kind::Uint ? x : y;
  const TypeDesc& s = x.kind == TypeDesc::Kind::Uint ? y : x;
  return u.elem_size >= s.elem_size ? u : s;
}

// -1, 0 or 1 for x < y, x == y, x > y, 2 when unordered (a NaN).
int compare(const TypeDesc& t, uint64_t x, uint64_t y) {
  if (!is_float(t)) {
    const ref::IntFormat f = int_format(t);
    const __int128 a = f.value_of(x), b = f.value_of(y);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (is_float_nan(t, x) || is_float_nan(t, y)) return 2;
  // Sign and magnitude to one ordered integer; both zeros map to 0.
  const uint64_t sign = t.elem_size == 8 ? ref::Double::sign_mask : ref::Float::sign_mask;
  auto ordered = [&](uint64_t v) { return (v & sign) ? -__int128(v & ~sign) : __int128(v); };
  const __int128 a = ordered(x), b = ordered(y);
  return a < b ? -1 : a > b ? 1 : 0;
}

uint32_t arith_code(const TypeDesc& a, const TypeDesc& b, uint64_t x, uint64_t y) {
  const TypeDesc t = common_type(a, b);
  const uint64_t cx = convert_scalar(a, t, x, implicit_rounding(t), false).bits;
  const uint64_t cy = convert_scalar(b, t, y, implicit_rounding(t), false).bits;
  const int c = compare(t, cx, cy);
  const bool is_signed = t.kind != TypeDesc::Kind::Uint;
  return uint32_t(c == -1) | uint32_t(c == 0) << 1 | uint32_t(c == 1) << 2 | uint32_t(is_signed) << 3 |
         t.elem_size << 4;
}

std::string describe_code(uint32_t c) {
  std::string s = (c & 1) ? "<" : (c & 2) ? "==" : (c & 4) ? ">" : "unordered";
  return s + ", sizeof " + std::to_string(c >> 4) + ((c & 8) ? ", signed" : ", unsigned");
}

void check_arith(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc a = TypeDesc::from_json(p.at("a"));
  const std::vector<TypeDesc> others = type_list(p.at("others"));
  const SweepPlan plan = plan_sweep(run);
  const uint64_t stream = case_stream(run.c.id);
  const SourceLanes a_lanes(a, false, run.opts.seed, stream, plan.quick_lanes);
  std::vector<SourceLanes> b_lanes;
  std::vector<unsigned> in_elem{a.elem_size}, out_elem;
  for (size_t k = 0; k < others.size(); ++k) {
    b_lanes.emplace_back(others[k], false, run.opts.seed, stream + k + 1, plan.quick_lanes);
    in_elem.push_back(others[k].elem_size);
    out_elem.push_back(4);
  }
  const CaseRun::Range range = run.range(a_lanes.total());
  Sweep sweep(run, {named_kernel(run, run.c.kernel)}, SweepShape{in_elem, out_elem, {1}},
              plan.chunk_lanes(range.size()));
  // Every fourth lane compares x with x converted to B (toward zero), so
  // equal and nearly equal pairs are common; the rest pair unrelated values.
  auto b_value = [&](size_t k, uint64_t lane, uint64_t x) {
    if (lane % 4 == 0) return convert_scalar(a, others[k], x, Rounding::TowardZero, true).bits;
    return b_lanes[k].at(lane);
  };
  auto fill = [&](const SweepChunk& ch, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t x = a_lanes.at(ch.first + i);
      store_lane(ch.in[0], a.elem_size, i, x);
      for (size_t k = 0; k < others.size(); ++k)
        store_lane(ch.in[k + 1], others[k].elem_size, i, b_value(k, ch.first + i, x));
    }
  };
  const bool flush_a = is_float(a) && run.may_flush_denormals(a.elem_size);
  std::vector<bool> flush_b;
  bool any_flush = flush_a;
  for (const TypeDesc& b : others) {
    flush_b.push_back(is_float(b) && run.may_flush_denormals(b.elem_size));
    any_flush = any_flush || flush_b.back();
  }
  Sweep::Verify<Tally> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t x = load_lane(ch.in[0], a.elem_size, i);
      for (size_t k = 0; k < others.size(); ++k) {
        const TypeDesc& b = others[k];
        const uint64_t y = load_lane(ch.in[k + 1], b.elem_size, i);
        const uint32_t got = uint32_t(load_lane(ch.out[0][k], 4, i));
        const uint32_t want = arith_code(a, b, x, y);
        // 7.5.3: a subnormal operand may be read as zero.
        bool flushed = false;
        if (got != want) {
          const bool fx = flush_a && is_subnormal(a, x), fy = flush_b[k] && is_subnormal(b, y);
          flushed = (fx && got == arith_code(a, b, 0, y)) || (fy && got == arith_code(a, b, x, 0)) ||
                    (fx && fy && got == arith_code(a, b, 0, 0));
        }
        t.judge(got == want, flushed, [&] {
          return with_bits({ch.first + i, -1, {show(a, x), show(b, y)}, describe_code(got), describe_code(want),
                            a.name + " x against " + b.name + " y", 1},
                           {a.bits_format(), 'u', a.elem_size, 4, 1, {x, y}, got, want});
        });
      }
    }
  };
  auto tallies = sweep.run<Tally>(range.begin, range.size(), fill, verify, Tally{0, 0, 0, run.result.tally()});
  finish(run, tallies, sweep,
         "usual arithmetic conversions of " + a.name + " with " + std::to_string(others.size()) +
             " types (compare and type of x + y): " + std::to_string(range.size()) + " lanes",
         any_flush);
}

// ---- scalar-to-vector widening --------------------------------------------

void check_widen(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc e = TypeDesc::from_json(p.at("elem"));
  const std::vector<TypeDesc> scalars = type_list(p.at("scalars"));
  std::vector<unsigned> scalar_widths;  // the width each scalar type is tested at
  for (const auto& w : p.at("scalar_widths").as_array()) scalar_widths.push_back(unsigned(w.as_int()));
  std::vector<unsigned> widths;
  std::vector<cl::Kernel> kernels;
  const std::string prefix = p.at("kernel_prefix").as_string();
  for (const auto& w : p.at("widths").as_array()) {
    widths.push_back(unsigned(w.as_int()));
    kernels.push_back(named_kernel(run, prefix + std::to_string(widths.back())));
  }
  const SweepPlan plan = plan_sweep(run);
  const uint64_t stream = case_stream(run.c.id);
  std::vector<SourceLanes> s_lanes;
  std::vector<unsigned> in_elem{e.elem_size}, out_elem;
  for (size_t k = 0; k < scalars.size(); ++k) {
    s_lanes.emplace_back(scalars[k], false, run.opts.seed, stream + k, plan.quick_lanes);
    in_elem.push_back(scalars[k].elem_size);
    out_elem.push_back(e.elem_size);
  }
  const CaseRun::Range range = run.range(plan.quick_lanes);
  Sweep sweep(run, kernels, SweepShape{in_elem, out_elem, widths}, plan.chunk_lanes(range.size()));
  // v holds small integers: v - v is exactly 0 in every element type.
  auto fill = [&](const SweepChunk& ch, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t small = (ch.first + i) % 100;
      const uint64_t v = is_float(e) ? convert_scalar({"int", "int", TypeDesc::Kind::Int, 4, 1}, e, small,
                                                      Rounding::NearestEven, false).bits
                                     : small;
      store_lane(ch.in[0], e.elem_size, i, v);
      for (size_t k = 0; k < scalars.size(); ++k)
        store_lane(ch.in[k + 1], scalars[k].elem_size, i, s_lanes[k].at(ch.first + i));
    }
  };
  // The sum is floating-point arithmetic: under -cl-no-signed-zeros a zero
  // result's sign is not significant, and under -cl-finite-math-only a lane
  // whose s or sum is a NaN or an infinity has no verdict (API spec,
  // optimization options; harness/fp_rules.hpp).
  const FpRules rules = run.fp_rules();
  const bool flush = is_float(e) && rules.may_flush(e.elem_size);
  Sweep::Verify<Tally> verify = [&](const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
    for (size_t i = lo; i < hi; ++i) {
      for (size_t w = 0; w < widths.size(); ++w) {
        const unsigned n = widths[w];
        const size_t first_lane = i / n * n;  // the scalar lane its work-item read
        for (size_t k = 0; k < scalars.size(); ++k) {
          if (scalar_widths[k] != n) continue;  // another width's kernel writes this one
          const TypeDesc& s = scalars[k];
          const uint64_t x = load_lane(ch.in[k + 1], s.elem_size, first_lane);
          Expected want = convert_scalar(s, e, x, implicit_rounding(e), false);
          if (is_float(e) && compare(e, want.bits, 0) == 0) want.bits = 0;  // +0 + (-0) is +0
          const uint64_t got = load_lane(ch.out[w][k], e.elem_size, i);
          if (rules.finite_only && is_nonfinite(e, want.bits)) {
            ++t.undefined;
            continue;
          }
          const bool zeros = is_float(e) && compare(e, got, 0) == 0 && compare(e, want.bits, 0) == 0;
          const bool ok = want.nan ? is_float_nan(e, got) : got == want.bits || (rules.no_signed_zeros && zeros);
          const bool flushed = !ok && flush && compare(e, got, 0) == 0 &&
                               (is_subnormal(s, x) || is_subnormal(e, want.bits));
          t.judge(ok, flushed, [&] {
            return with_bits({ch.first + i, int(i % n), {show(s, x)}, show(e, got), show(e, want.bits),
                              "(" + e.name + std::to_string(n) + " v - v) + " + s.name + " s", 1},
                             {s.bits_format(), e.bits_format(), s.elem_size, e.elem_size, n, {x}, got, want.bits});
          });
        }
      }
    }
  };
  auto tallies = sweep.run<Tally>(range.begin, range.size(), fill, verify, Tally{0, 0, 0, run.result.tally()});
  finish(run, tallies, sweep,
         "vector of " + e.name + " with " + std::to_string(scalars.size()) + " scalar types in " +
             std::to_string(widths.size()) + " widths (each scalar type at one): " + std::to_string(range.size()) +
             " lanes",
         flush);
}

}  // namespace

void register_scalar_checks() {
  register_check("conversions.scalar", check_scalar, Sharding::Slices);
  register_check("conversions.arith", check_arith, Sharding::Slices);
  register_check("conversions.widen", check_widen, Sharding::Slices);
}

}  // namespace clconform::suites::conversions
