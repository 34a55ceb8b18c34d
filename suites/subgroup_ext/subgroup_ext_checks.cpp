// The subgroup_ext suite's checks: the functions of the sub-group
// extensions (OpenCL C spec 6.15.20.1 to 6.15.20.7), each in uniform and in
// non-uniform control flow. The kernels record how work-items formed
// sub-groups; the host checks that partition (collective/sub_group_partition)
// and computes every expected value from it, from the inputs and from which
// work-items the mode leaves active (emit_subgroup_ext.py's ACTIVE).
#include <CL/cl.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "collective/collective_run.hpp"
#include "collective/sub_group_partition.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"
#include "reference/subgroup_ext.hpp"

namespace clconform::suites {
namespace {

using namespace collective;

constexpr size_t kIds = 4;  // per work-item: sub-group id, local id, size, maximum size

bool active_at(unsigned mode, size_t l, uint32_t s) { return mode == 0 || (l + s) % 3 != 2; }

uint64_t type_mask(unsigned bytes) { return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

ref::ElemType named_type(const std::string& name, ref::ElemType t) {
  if (name == "int") return {'i', 4};
  if (name == "uint") return {'u', 4};
  return t;
}

struct Params {
  std::string shape, fn, op, kind, inputs;
  ref::ElemType t, arg, result;
  size_t per_item = 1, in_per_item = 1;
  int exp_range = 0;
  std::vector<unsigned> clusters, widths, modes;
  std::vector<ref::Ballot> masks;
};

Params read_params(const json::Value& p) {
  Params r;
  r.shape = p.at("shape").as_string();
  r.fn = p.at("function").as_string();
  r.op = p.at("op").as_string();
  r.kind = p.has("kind") ? p.at("kind").as_string() : "";
  r.inputs = p.at("inputs").as_string();
  r.t = elem_type(p);
  r.arg = named_type(p.at("arg_type").as_string(), r.t);
  r.result = named_type(p.at("result_type").as_string(), r.t);
  r.per_item = p.at("per_item").as_uint();
  r.in_per_item = p.at("in_per_item").as_uint();
  r.exp_range = p.has("exp_range") ? int(p.at("exp_range").as_uint()) : 0;
  for (const auto& v : p.at("clusters").as_array()) r.clusters.push_back(unsigned(v.as_uint()));
  for (const auto& v : p.at("widths").as_array()) r.widths.push_back(unsigned(v.as_uint()));
  for (const auto& v : p.at("modes").as_array()) r.modes.push_back(unsigned(v.as_uint()));
  for (const auto& m : p.at("ballot_masks").as_array()) {
    ref::Ballot b{};
    for (size_t w = 0; w < 4; ++w) b[w] = uint32_t(m.as_array().at(w).as_uint());
    r.masks.push_back(b);
  }
  return r;
}

// The input classes of suites/subgroup_ext/README.md; the ones the
// collective suites share come from collective_run.
std::vector<uint64_t> make_values(const Params& p, uint64_t seed, uint64_t stream, size_t n) {
  const std::string& cls = p.inputs;
  const ref::ElemType t = p.arg;
  if (cls == "int_full" || cls == "float_minmax" || cls == "vote" || cls == "float_add") {
    return make_inputs(cls, t, p.exp_range, seed, stream, n);
  }
  std::vector<uint64_t> v(n, 0);
  if (cls == "none") return v;
  const unsigned bits = 8 * t.bytes;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = counter_bits(seed, stream, i);
    uint64_t x = 0;
    if (cls == "predicate") {
      // A third zero, the rest non-zero ints.
      x = r % 3 == 0 ? 0 : ((r >> 32) | 1) & 0xFFFFFFFFu;
    } else if (cls == "sg_add") {
      // Signed: |x| <= (2^(bits-1) - 1) / 64, so no sum of a work-group of
      // at most 64 leaves the type; unsigned: any value (sums wrap).
      if (t.format == 'i') {
        const int64_t b = int64_t(((1ull << (bits - 1)) - 1) / 64);
        x = uint64_t(int64_t(r % uint64_t(2 * b + 1)) - b);
      } else {
        x = r;
      }
    } else if (cls == "sg_mul") {
      // Signed: +-1, and +-2 at every 32nd global id (no work-group of the
      // suite's NDRanges holds more than six of those, so every product
      // stays within 64); unsigned: odd values (products wrap); floats: within
      // 2^-6 of +-1 (reference/subgroup_ext.hpp: no product of 128 of them
      // overflows or is subnormal).
      const bool neg = (r >> 63) & 1;
      if (t.format == 'i') {
        const int64_t m = i % 32 == 5 ? 2 : 1;
        x = uint64_t(neg ? -m : m);
      } else if (t.format == 'u') {
        x = r | 1;
      } else {
        const int fb = t.bytes == 2 ? 10 : t.bytes == 4 ? 23 : 52;
        const int64_t span = int64_t(1) << (fb - 6);
        const int64_t k = int64_t(r % uint64_t(2 * span + 1)) - span;
        // Exact in every format: k * 2^-fb is a multiple of the ulp of [0.5, 2).
        const double v = std::ldexp(double((int64_t(1) << fb) + k), -fb) * (neg ? -1.0 : 1.0);
        x = t.bytes == 2 ? ref::double_to_half(v, ref::Rounding::NearestEven)
            : t.bytes == 4 ? ref::to_bits(float(v))
                           : ref::to_bits(v);
      }
    } else {
      throw std::runtime_error("manifest: unknown input class " + cls);
    }
    v[i] = x & type_mask(t.bytes);
  }
  return v;
}

// One sub-group of one launch, as the expectations read it.
struct View {
  const Params& p;
  const SubGroup& sg;
  unsigned mode = 0;
  size_t max = 0;                       // get_max_sub_group_size() of the dispatch
  const std::vector<uint64_t>& in;      // every work-item's inputs, in_per_item each
  uint64_t first_input = 0;             // in[0], which all_equal's kernel reads
  size_t n() const { return sg.members.size(); }
  bool active(size_t l) const { return l < n() && active_at(mode, l, sg.id); }
  uint64_t input(size_t l, size_t k = 0) const { return in[sg.members[l] * p.in_per_item + k]; }
  std::vector<uint64_t> active_inputs(size_t from, size_t to) const {  // local ids [from, to)
    std::vector<uint64_t> v;
    for (size_t l = from; l < to && l < n(); ++l) {
      if (active(l)) v.push_back(input(l));
    }
    return v;
  }
  std::optional<size_t> first_active() const {
    for (size_t l = 0; l < n(); ++l) {
      if (active(l)) return l;
    }
    return std::nullopt;
  }
};

ref::SgExpect exact(uint64_t bits) {
  ref::SgExpect e;
  e.value.bits = bits;
  return e;
}

ref::SgExpect truth(bool t) {
  ref::SgExpect e;
  e.kind = ref::SgExpect::Kind::truth;
  e.truth = t;
  return e;
}

// The predicate the vote kernel computes (emit_subgroup_ext.py, as the subgroups suite's).
int64_t vote_predicate(size_t group, uint32_t s, size_t l, size_t n, int64_t v) {
  switch ((group + s) % 4) {
    case 0: return v;
    case 1: return 0;
    case 2: return l == (s * 3 + 1) % n ? 0 : v;
    default: return l == (s * 5 + 2) % n ? v : 0;
  }
}

bool values_equal(ref::ElemType t, uint64_t a, uint64_t b) {
  if (t.format != 'f') return (a & type_mask(t.bytes)) == (b & type_mask(t.bytes));
  return ref::elem_value(t, a) == ref::elem_value(t, b);  // ordered: NaN equals nothing
}

// Whether the kernel wrote result SLOT of a work-item: clustered calls only
// for cluster sizes up to the maximum sub-group size, non_uniform_broadcast
// only the lanes of each width.
bool written(const View& v, size_t slot) {
  const Params& p = v.p;
  if (p.shape == "clustered" || p.shape == "clustered_rotate") return p.clusters.at(slot) <= v.max;
  if (p.shape == "nu_broadcast" || p.shape == "ext_broadcast") return slot % 16 < p.widths.at(slot / 16);
  return true;
}

// What result SLOT of the work-item of local id L may be; nullopt where the
// spec leaves it undefined (WHY says which rule).
std::optional<ref::SgExpect> expect(const View& v, size_t l, size_t slot, std::string& why) {
  const Params& p = v.p;
  const uint32_t s = v.sg.id;
  const size_t n = v.n();
  const std::string& sh = p.shape;
  // A value read from another work-item: defined only when that one exists and is active.
  const auto from = [&](long long src, const char* rule) -> std::optional<ref::SgExpect> {
    if (src < 0 || size_t(src) >= n || !v.active(size_t(src))) {
      why = rule;
      return std::nullopt;
    }
    return exact(v.input(size_t(src)) & type_mask(p.arg.bytes));
  };
  if (sh == "elect") return truth(v.first_active() == l);
  if (sh == "vote") {
    bool all = true, any = false;
    for (size_t k = 0; k < n; ++k) {
      if (!v.active(k)) continue;
      const bool on = vote_predicate(v.sg.group, s, k, n, int32_t(v.input(k))) != 0;
      all = all && on;
      any = any || on;
    }
    return truth(p.fn == "sub_group_non_uniform_all" ? all : any);
  }
  if (sh == "all_equal") {
    std::optional<uint64_t> first;
    bool equal = true;
    for (size_t k = 0; k < n; ++k) {
      if (!v.active(k)) continue;
      const size_t pattern = (v.sg.group + s) % 3;
      const uint64_t x = pattern == 0 ? v.first_input
                         : pattern == 1 ? v.input(k)
                                        : (k == (s * 3 + 1) % n ? v.input(k) : v.first_input);
      if (!first) first = x;
      else equal = equal && values_equal(p.t, *first, x);
    }
    return truth(equal);
  }
  if (sh == "nu_broadcast" || sh == "ext_broadcast") {
    size_t idx = 0;
    for (size_t k = 0; k < n; ++k) {
      const size_t c = (s * 7 + 3 + k) % n;
      if (v.active(c)) {
        idx = c;
        break;
      }
    }
    return exact(v.input(idx, slot % 16) & type_mask(p.t.bytes));
  }
  if (sh == "broadcast_first") return exact(v.input(*v.first_active()) & type_mask(p.t.bytes));
  if (sh == "ballot") {
    ref::Ballot b{0, 0, 0, 0};
    for (size_t k = 0; k < n; ++k) {
      if (v.active(k) && (v.input(k) & 0xFFFFFFFFu) != 0) b[k / 32] |= 1u << (k % 32);
    }
    return exact(b[slot]);
  }
  if (sh == "inverse_ballot") return truth(ref::ballot_bit(p.masks[s % 4], unsigned(l)));
  if (sh == "bit_extract") return truth(ref::ballot_bit(p.masks[(s + 1) % 4], unsigned((l * 5 + s) % n)));
  if (sh == "ballot_scan") {
    const ref::Ballot& b = p.masks[(s + 2) % 4];
    const unsigned max = unsigned(v.max);
    if (p.fn == "sub_group_ballot_bit_count") return exact(ref::ballot_count(b, max));
    if (p.fn == "sub_group_ballot_inclusive_scan") return exact(ref::ballot_count(b, unsigned(l + 1)));
    if (p.fn == "sub_group_ballot_exclusive_scan") return exact(ref::ballot_count(b, unsigned(l)));
    const auto bit = p.fn == "sub_group_ballot_find_lsb" ? ref::ballot_lsb(b, max) : ref::ballot_msb(b, max);
    if (!bit) {
      why = "no bit below the maximum sub-group size is set (6.15.20.1: undefined)";
      return std::nullopt;
    }
    return exact(*bit);
  }
  if (sh == "masks") {
    static const char* which[] = {"eq", "ge", "gt", "le", "lt"};
    return exact(ref::sub_group_mask(which[slot / 4], unsigned(l), unsigned(v.max))[slot % 4]);
  }
  if (sh == "shuffle") {
    const long long li = (long long)l;
    if (p.fn == "sub_group_shuffle") return from((li * 5 + 3) % (long long)n, "the source is inactive (6.15.20.6)");
    if (p.fn == "sub_group_shuffle_xor") {
      return from(li ^ (long long)(s % 3 + 1), "the source is inactive or past the sub-group (6.15.20.6)");
    }
    const long long delta = li % 3 + 1;
    if (p.fn == "sub_group_shuffle_up") return from(li - delta, "the source is inactive or below local id 0 (6.15.20.7)");
    return from(li + delta, "the source is inactive or past the sub-group (6.15.20.7)");
  }
  if (sh == "rotate") {
    return from(((long long)l + s % 5 + 1) % (long long)v.max,
                "the source is inactive or past the sub-group (6.15.20.5)");
  }
  if (sh == "clustered_rotate") {
    const size_t cs = p.clusters.at(slot), c0 = l / cs * cs;
    return from((long long)(c0 + (l - c0 + s % 5 + 1) % cs), "the source is inactive or past the sub-group (6.15.20.5)");
  }
  const ref::SgOp op = ref::sg_op(p.op);
  if (sh == "clustered") {
    const size_t cs = p.clusters.at(slot), c0 = l / cs * cs;
    return ref::sg_combine(op, p.t, v.active_inputs(c0, c0 + cs));
  }
  if (sh == "non_uniform" || sh == "extended") {
    const size_t to = p.kind == "reduce" ? n : p.kind == "scan_inclusive" ? l + 1 : l;
    return ref::sg_combine(op, p.t, v.active_inputs(0, to));
  }
  throw std::runtime_error("manifest: unknown subgroup_ext shape " + sh);
}

std::string expected_text(const ref::SgExpect& e, ref::ElemType t) {
  if (e.kind == ref::SgExpect::Kind::truth) return e.truth ? "non-zero" : "0";
  if (!e.value.interval) return ref::elem_text(t, e.value.bits);
  return "any value in [" + ref::elem_text({'f', 8}, ref::to_bits(e.value.lo)) + ", " +
         ref::elem_text({'f', 8}, ref::to_bits(e.value.hi)) + "] (any order of the operations)";
}

void check(CaseRun& run) {
  const json::Value& jp = run.c.params;
  const Params p = read_params(jp);
  const std::vector<Shape> sh = shapes(jp.at("shapes"));
  cl::Kernel k = run.kernel();
  if (!run.local_size_fits(k, largest_group(sh))) return;
  size_t seen = 0, undefined = 0;
  std::string undefined_why;
  const unsigned rb = p.result.bytes;
  for (const unsigned mode : p.modes) {
    k.setArg(3, cl_uint(mode));
    for (size_t si = 0; si < sh.size(); ++si) {
      const Shape& s = sh[si];
      const std::vector<uint64_t> in =
          make_values(p, run.opts.seed, case_stream(run.c.id) + 8 * mode + si, s.items() * p.in_per_item);
      const auto outs = launch(run, k, pack(in, p.arg.bytes), {s.items() * p.per_item * rb, s.items() * kIds * 4}, s);
      const std::vector<uint64_t> out = unpack(outs[0], rb), ids = unpack(outs[1], 4);
      for (const SubGroup& sg : sub_groups(run, si, s, ids, {}, kIds)) {
        ++seen;
        const View v{p, sg, mode, size_t(ids[kIds * sg.members[0] + 3]), in, in.empty() ? 0 : in[0]};
        for (size_t l = 0; l < v.n(); ++l) {
          if (!v.active(l)) continue;
          const size_t g = sg.members[l];
          for (size_t slot = 0; slot < p.per_item; ++slot) {
            if (!written(v, slot)) continue;
            std::string why;
            const auto e = expect(v, l, slot, why);
            if (!e) {
              ++undefined;
              undefined_why = why;
              continue;
            }
            const uint64_t got = out[g * p.per_item + slot];
            if (e->accepts(p.result, got)) {
              run.result.pass();
              continue;
            }
            Mismatch m = wrong(p.result, si, g, where(s, sg.group, sg.id, l, g), in[g * p.in_per_item], got,
                               e->kind == ref::SgExpect::Kind::truth ? uint64_t(e->truth) : e->value.bits,
                               p.fn + (mode ? " in non-uniform control flow" : " in uniform control flow") +
                                   (p.per_item > 1 ? ", result " + std::to_string(slot) : "") + "; expected " +
                                   expected_text(*e, p.result));
            m.edge = mode ? "non-uniform" : "uniform";
            run.result.fail(std::move(m));
          }
        }
      }
    }
  }
  std::string d = p.fn + " on " + jp.at("type").as_string() +
                  (p.modes.size() > 1 ? ", uniform and non-uniform control flow" : ", uniform control flow") + ", over " +
                  std::to_string(sh.size()) + " NDRanges each, " + std::to_string(seen) + " sub-groups";
  if (undefined) d += "; " + std::to_string(undefined) + " results not judged (" + undefined_why + ")";
  d += "; " + std::to_string(jp.at("cases_in_suite").as_uint()) + " cases in the suite";
  run.result.detail = d;
  json::Value m = json::Value::object();
  m["sub_groups"] = static_cast<unsigned long long>(seen);
  m["unjudged"] = static_cast<unsigned long long>(undefined);
  run.result.metrics = m;
}

}  // namespace

void register_subgroup_ext_checks() {
  for (const char* shape : {"elect", "vote", "all_equal", "nu_broadcast", "ext_broadcast", "extended", "broadcast_first", "ballot", "inverse_ballot",
                            "bit_extract", "ballot_scan", "masks", "shuffle", "rotate", "clustered_rotate", "clustered",
                            "non_uniform"}) {
    register_check(std::string("subgroup_ext.") + shape, check);
  }
}

}  // namespace clconform::suites
