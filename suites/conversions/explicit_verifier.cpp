#include "explicit_verifier.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "conversion_values.hpp"
#include "conversions_checks.hpp"
#include "reference/convert_block.hpp"

namespace clconform::suites::conversions {
namespace {

template <unsigned Bytes>
uint64_t load(const uint8_t* base, size_t lane) {
  uint64_t v = 0;
  std::memcpy(&v, base + lane * Bytes, Bytes);  // a constant size: one load
  return v;
}

// The per-lane loops with the element sizes fixed at compile time: a full
// sweep verifies 6 * 2^32 results, so these are the hot loops of the suite.
template <unsigned S>
void fill_lanes(const Job& job, const SweepChunk& ch, size_t lo, size_t hi) {
  if (S == 4 && job.lanes.exhaustive()) {  // pattern i at lane i
    fill_counter(ch, lo, hi, ch.first);
    return;
  }
  for (size_t i = lo; i < hi; ++i) {
    const uint64_t v = job.lanes.at(ch.first + i);
    std::memcpy(ch.in[0] + i * S, &v, S);
  }
}

// One result judged in full: implementation-defined, NaN, flushed or wrong.
template <unsigned S>
void judge_lane(const Job& job, const SweepChunk& ch, size_t i, size_t k, uint64_t got, const Expected& want,
                Tally& t) {
  const uint64_t x = load<S>(ch.in[0], i);
  if (!want.defined || (job.finite_only && (is_nonfinite(job.src, x) || is_nonfinite(job.dst, want.bits)))) {
    ++t.undefined;
    t.undefined_wrap += got == want.bits;
    return;
  }
  if (got == want.bits || (want.nan && is_float_nan(job.dst, got))) {
    ++t.passed;
    t.nan += want.nan;
    return;
  }
  if ((job.flush_src || job.flush_dst) &&
      flush_allows(job.src, job.dst, x, got, job.rnd, job.sat, job.flush_src, job.flush_dst)) {
    ++t.passed;
    ++t.flushed;
    return;
  }
  const unsigned n = job.widths[k];
  // The tally's own Mismatch, refilled: a wrong value allocates nothing
  // unless the tally keeps it.
  Mismatch& m = t.failures.scratch();
  m.index = ch.first + i;
  m.lane = int(i % n);
  m.score = 1;
  if (!m.bits) m.bits.emplace();
  WrongBits& b = *m.bits;
  b.in_format = job.src.bits_format();
  b.out_format = job.dst.bits_format();
  b.in_bytes = job.src.elem_size;
  b.out_bytes = job.dst.elem_size;
  b.width = n;
  b.inputs.assign(1, x);
  b.output = got;
  b.expected = want.bits;
  // The text only for a value the tally keeps: a defect across a sweep
  // costs no text per wrong value.
  t.failures.add(m, [&](Mismatch& kept) {
    kept.inputs = {show(job.src, x)};
    kept.output = show(job.dst, got);
    kept.expected = show(job.dst, want.bits);
    kept.note = at_width(job.fn, job.dst, n) + "(" + vec(job.src, n) + ")" +
                (want.nan                    ? ": a NaN is due"
                 : is_float_nan(job.src, x)  ? ": NaN with _sat gives 0 (6.4.3.3)"
                 : want.out_of_range         ? ": out of range, clamped (6.4.3.3)"
                                             : "");
  });
}

// The unsigned integer type of a D-byte destination element.
template <unsigned D>
using Elem = std::conditional_t<D == 1, uint8_t, std::conditional_t<D == 2, uint16_t, std::conditional_t<D == 4, uint32_t, uint64_t>>>;

// Whether reference/convert_block.hpp has the conversion: an integer type
// to an integer type; from a 32-bit source (every sweep that is
// exhaustive), float to an integer type, float to float or double; an integer type of at most 32 bits to float or double. Under
// -cl-finite-math-only a lane with an infinite source or result is not
// judged, which only the lane-by-lane path tells apart.
template <unsigned S, unsigned D>
bool block_form(const Job& job) {
  const bool src_float = job.src.kind == TypeDesc::Kind::Float, dst_float = job.dst.kind == TypeDesc::Kind::Float;
  if (!src_float && !dst_float) return true;
  if (job.finite_only) return false;
  if constexpr (S == 4) {
    if (src_float && !dst_float) return true;
  }
  if constexpr (S <= 4 && D >= 4) {
    if (dst_float) return true;
  }
  return false;
}

// Whether a 32-bit float pattern is a NaN.
inline bool float_nan(const uint8_t* x, size_t i) {
  uint32_t f;
  std::memcpy(&f, x + 4 * i, 4);
  return (f & 0x7fffffffu) > 0x7f800000u;
}

// The references of N lanes from X by the block conversions, in the
// arrays verify_lanes keeps (block_form<S, D>(job) holds). Returns whether
// every lane's bits must match (saturated, to an unsigned integer type, or
// from an integer to a float): EXACT and UNDEFINED are then not written.
// Otherwise EXACT is all ones where the bits must match and UNDEFINED 1
// where the result is implementation-defined; a lane with neither is a
// NaN due, which verify_lanes judges on its own.
template <unsigned S, unsigned D>
bool references_in_block(const Job& job, const uint8_t* x, size_t n, Elem<D>* want, Elem<D>* exact,
                         Elem<D>* undefined) {
  using T = Elem<D>;
  const bool src_float = job.src.kind == TypeDesc::Kind::Float;
  if (!src_float && job.dst.kind != TypeDesc::Kind::Float) {
    ref::int_to_int_block<T>(x, n, int_format(job.src), int_format(job.dst), job.sat, want, exact);
    if (job.sat || !int_format(job.dst).is_signed) return true;
    for (size_t i = 0; i < n; ++i) undefined[i] = T(~exact[i]) & T(1);
    return false;
  }
  if (job.dst.kind != TypeDesc::Kind::Float) {
    if constexpr (S == 4) {
      ref::float_to_int_block<T>(x, n, int_format(job.dst), job.rnd, job.sat, want, job.sat ? nullptr : exact);
      if (job.sat) return true;
      for (size_t i = 0; i < n; ++i) undefined[i] = T(~exact[i]) & T(1);
    }
    return false;
  }
  if (!src_float) {
    if constexpr (D == 4) ref::int_to_float_block(x, n, int_format(job.src), job.rnd, want);
    if constexpr (D == 8) ref::int_to_double_block(x, n, int_format(job.src), want);
    return true;
  }
  // Float to float (the identity in every mode) or to double (exact).
  if constexpr (S == 4 && D == 4) std::memcpy(want, x, n * 4);
  if constexpr (S == 4 && D == 8) ref::float_to_double_block(x, n, want);
  for (size_t i = 0; i < n; ++i) {
    exact[i] = float_nan(x, i) ? T(0) : T(~T(0));
    undefined[i] = 0;
  }
  return false;
}

// Blocks of lanes: the references of a block first (once for every width),
// then each width's results compared with them in one tight loop that also
// counts the implementation-defined results; only a block with a
// difference or a NaN is looked at result by result, each such lane's
// reference then taken again in full. The reference's fields are kept in
// separate arrays, written from registers: reading a flag back from a
// freshly stored Expected stalls on every lane.
template <unsigned S, unsigned D>
void verify_lanes(const Job& job, const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
  using T = Elem<D>;
  constexpr size_t kBlock = 1024;
  // The references in arrays of the destination's element type, so that
  // each width's compare is one loop the compiler vectorizes.
  T want[kBlock];
  T exact[kBlock];      // all ones: defined and not a NaN, so the bits must match
  T undefined[kBlock];  // 1: implementation-defined, counted, not judged
  for (size_t b0 = lo; b0 < hi; b0 += kBlock) {
    const size_t n = std::min(kBlock, hi - b0);
    size_t n_exact = 0, n_undefined = 0;
    bool all_exact = false;  // every lane's bits must match: EXACT and UNDEFINED unused
    if (block_form<S, D>(job)) {
      all_exact = references_in_block<S, D>(job, ch.in[0] + b0 * S, n, want, exact, undefined);
      if (all_exact) {
        n_exact = n;
      } else {
        for (size_t i = 0; i < n; ++i) {
          n_exact += exact[i] & 1u;
          n_undefined += undefined[i] & 1u;
        }
      }
    } else {
      for (size_t i = 0; i < n; ++i) {
        const uint64_t x = load<S>(ch.in[0], b0 + i);
        const Expected e = convert_scalar(job.src, job.dst, x, job.rnd, job.sat);
        // Not judged, as judge_lane counts it: implementation-defined, or a
        // NaN or infinity under -cl-finite-math-only.
        const bool unjudged =
            !e.defined || (job.finite_only && (is_nonfinite(job.src, x) || is_nonfinite(job.dst, e.bits)));
        const bool must_match = !unjudged && !e.nan;
        want[i] = T(e.bits);
        exact[i] = must_match ? T(~T(0)) : T(0);
        undefined[i] = unjudged;
        n_exact += must_match;
        n_undefined += unjudged;
      }
    }
    for (size_t k = 0; k < ch.out.size(); ++k) {
      const uint8_t* out = ch.out[k][0];
      // Any bit of an exact lane that differs, and how many
      // implementation-defined lanes hold the wrapped value.
      T differ = 0;
      uint32_t wrap = 0;
      if (all_exact) {
        for (size_t i = 0; i < n; ++i) {
          T got;
          std::memcpy(&got, out + (b0 + i) * D, D);
          differ |= got ^ want[i];
        }
      } else {
        for (size_t i = 0; i < n; ++i) {
          T got;
          std::memcpy(&got, out + (b0 + i) * D, D);
          differ |= (got ^ want[i]) & exact[i];
          wrap += uint32_t(got == want[i]) & uint32_t(undefined[i]);
        }
      }
      if (differ == 0 && n_exact + n_undefined == n) {
        t.passed += n_exact;
        t.undefined += n_undefined;
        t.undefined_wrap += wrap;
        continue;
      }
      for (size_t i = 0; i < n; ++i) {
        const uint64_t got = load<D>(out, b0 + i);
        if ((all_exact || exact[i]) && got == want[i]) {
          ++t.passed;
          continue;
        }
        const Expected e = convert_scalar(job.src, job.dst, load<S>(ch.in[0], b0 + i), job.rnd, job.sat);
        judge_lane<S>(job, ch, b0 + i, k, got, e, t);
      }
    }
  }
}

template <unsigned S>
Lanes lanes_from(unsigned dst_bytes) {
  switch (dst_bytes) {
    case 1: return {fill_lanes<S>, verify_lanes<S, 1>};
    case 2: return {fill_lanes<S>, verify_lanes<S, 2>};
    case 4: return {fill_lanes<S>, verify_lanes<S, 4>};
    default: return {fill_lanes<S>, verify_lanes<S, 8>};
  }
}

}  // namespace

Conversion Conversion::from_params(const json::Value& p) {
  return {TypeDesc::from_json(p.at("src")), TypeDesc::from_json(p.at("dst")),
          *ref::parse_rounding(p.at("rounding").as_string()), p.at("saturate").as_bool(),
          p.at("function").as_string()};
}

std::string vec(const TypeDesc& t, unsigned n) { return n == 1 ? t.name : t.name + std::to_string(n); }

std::string at_width(const std::string& fn, const TypeDesc& dst, unsigned n) {
  const size_t head = std::string("convert_").size() + dst.name.size();
  return fn.substr(0, head) + (n == 1 ? "" : std::to_string(n)) + fn.substr(head);
}

Lanes lanes_for(unsigned src_bytes, unsigned dst_bytes) {
  switch (src_bytes) {
    case 1: return lanes_from<1>(dst_bytes);
    case 2: return lanes_from<2>(dst_bytes);
    case 4: return lanes_from<4>(dst_bytes);
    default: return lanes_from<8>(dst_bytes);
  }
}

}  // namespace clconform::suites::conversions
