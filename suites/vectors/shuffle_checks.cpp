// vectors.shuffle: shuffle(x, mask) and shuffle2(x, y, mask) (6.15.13)
// for every input size m and mask size n in {2, 4, 8, 16}. Result lane j is
// element mask[j] of x, or of x then y for shuffle2, counting only the
// ilogb(2m - 1) (+1 for shuffle2) low bits of mask[j]; the bits above are
// random here and must be ignored. A pair with at most as many masks as
// the mode's launch has work-items is enumerated completely (work-item g
// takes mask number g); the others get random masks.
#include "checks.hpp"
#include "vectors_checks.hpp"
#include "inputs.hpp"
#include "vector_values.hpp"

namespace clconform::suites::vectors {
namespace {

unsigned log2_exact(unsigned v) {
  unsigned b = 0;
  while ((1u << b) < v) ++b;
  return b;
}

void check_shuffle(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc elem = TypeDesc::from_json(p.at("elem"));
  const bool two = p.at("function").as_string() == "shuffle2";
  const size_t in_stride = p.at("in_stride").as_uint(), stride = p.at("stride").as_uint();
  const size_t y_offset = p.at("y_offset").as_uint();
  const uint64_t enumerable = run.opts.full() ? p.at("global_full").as_uint() : p.at("global_quick").as_uint();
  const size_t global = run.count(p.at("global_quick").as_uint(), p.at("global_full").as_uint());
  const unsigned bits = 8 * elem.elem_size;
  const uint64_t stream = case_stream(run.c.id), mask_stream = case_stream(run.c.id + "/mask");

  const Elements in = distinct_elements(elem, run.opts.seed, stream, run.first() * in_stride, global * in_stride,
                                        in_stride);
  Elements mask(elem.elem_size, global * stride);
  size_t enumerated = 0;
  for (const json::Value& pair : p.at("pairs").as_array()) {
    const unsigned m = unsigned(pair.at("m").as_uint()), n = unsigned(pair.at("n").as_uint());
    const size_t at = pair.at("at").as_uint();
    const unsigned range = two ? 2 * m : m, used = log2_exact(range);
    uint64_t total = 1;
    for (unsigned j = 0; j < n && total <= enumerable; ++j) total *= range;
    const bool complete = total <= enumerable;
    enumerated += complete;
    for (size_t w = 0; w < global; ++w) {
      const uint64_t g = run.first() + w;
      uint64_t number = complete ? g % total : 0;
      for (unsigned j = 0; j < n; ++j) {
        const uint64_t r = counter_bits(run.opts.seed, mask_stream, g * stride + at + j);
        uint64_t digit;
        if (complete) {
          digit = number % range;
          number /= range;
        } else {
          digit = r % range;
        }
        const uint64_t high = (r >> 8) << used;  // bits the function must ignore
        const uint64_t bits_mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
        mask.set(w * stride + at + j, (high | digit) & bits_mask);
      }
    }
  }

  cl::Kernel k = run.kernel();
  auto raw = run.launch(k, {&in.bytes(), &mask.bytes()}, {global * stride * elem.elem_size}, global);
  const Elements out(elem.elem_size, std::move(raw[0]));
  for (const json::Value& pair : p.at("pairs").as_array()) {
    const unsigned m = unsigned(pair.at("m").as_uint()), n = unsigned(pair.at("n").as_uint());
    const size_t at = pair.at("at").as_uint(), x_at = p.at("x_at").at(std::to_string(m)).as_uint();
    const unsigned range = two ? 2 * m : m;
    for (size_t w = 0; w < global; ++w) {
      for (unsigned j = 0; j < n; ++j) {
        const uint64_t word = mask.get(w * stride + at + j);
        const unsigned pick = unsigned(word & (range - 1));
        const size_t from = pick < m ? x_at + pick : y_offset + x_at + (pick - m);
        const uint64_t want = in.get(w * in_stride + from), got = out.get(w * stride + at + j);
        if (got == want) {
          run.result.pass();
        } else {
          Mismatch mm{run.first() + w, int(j), {hex_bits(word, elem.elem_size)}, hex_bits(got, elem.elem_size),
                      hex_bits(want, elem.elem_size),
                      std::string(two ? "shuffle2" : "shuffle") + " from " + std::to_string(m) + " to " +
                          std::to_string(n) + " lanes: mask selects " + (pick < m ? "x" : "y") + "[" +
                          std::to_string(pick < m ? pick : pick - m) + "]"};
          mm.bits = WrongBits{elem.bits_format(), elem.bits_format(), elem.elem_size, elem.elem_size, n, {word}, got, want};
          // Known-failure entries select a defect of some (m, n) pairs by this edge and the width n.
          mm.edge = std::string(two ? "shuffle2" : "shuffle") + " from " + std::to_string(m) + " to " + std::to_string(n);
          run.result.fail(std::move(mm));
        }
      }
    }
  }
  run.result.detail = std::to_string(p.at("pairs").size()) + " (m, n) pairs, " + std::to_string(enumerated) +
                      " of them with every mask; " + std::to_string(global) + " masks each, " +
                      std::to_string(run.result.checked) + " lanes";
}

}  // namespace

void register_shuffle_check() { register_check("vectors.shuffle", check_shuffle); }

}  // namespace clconform::suites::vectors
