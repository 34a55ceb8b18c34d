// vectors.gather: literals, rvalue and lvalue component selections. Every
// output lane of these is a copy of one input element, so the host's
// reference is a map from output lane to input position, computed here
// from the item's description: a literal's parts in memory order (6.3.6),
// the lanes a selection's text names (6.3.7, swizzle.cpp), or for an
// lvalue the original vector with the selected lanes replaced.
//
// Several cases share one kernel (all selection families of one width):
// its inputs depend on the kernel, not the case, and the last launch is
// kept, so the cases that follow it only read their own slices.
#include <optional>
#include <set>
#include <stdexcept>

#include "checks.hpp"
#include "vectors_checks.hpp"
#include "inputs.hpp"
#include "swizzle.hpp"
#include "vector_values.hpp"

namespace clconform::suites::vectors {
namespace {

// Input positions (within a work-item's region) of the output lanes; -1
// where the spec leaves the lane undefined.
std::vector<int> source_positions(const std::map<std::string, std::string>& item, unsigned n) {
  std::vector<int> src;
  if (item.count("parts")) {
    const std::string& parts = item.at("parts");
    size_t at = 0;
    while (at < parts.size()) {
      size_t end = parts.find(',', at);
      if (end == std::string::npos) end = parts.size();
      const std::string part = parts.substr(at, end - at);
      const size_t sep = part.find('@');
      if (sep == std::string::npos) throw std::invalid_argument("literal part '" + part + "' lacks a position");
      const int k = std::stoi(part.substr(0, sep)), pos = std::stoi(part.substr(sep + 1));
      for (int l = 0; l < k; ++l) src.push_back(pos + l);  // each operand's elements in memory order
      at = end + 1;
    }
    if (src.size() != n) throw std::invalid_argument("literal parts '" + parts + "' do not add up to n");
  } else if (item.count("replicate")) {
    src.assign(n, int(item_number(item, "replicate")));
  } else if (item.count("rvalue")) {
    src = selected_lanes(item.at("rvalue"), n);  // the vector sits at the region's start
  } else if (item.count("lvalue")) {
    const std::vector<int> lanes = selected_lanes(item.at("lvalue"), n);
    const int from = int(item_number(item, "from"));
    for (unsigned l = 0; l < n; ++l) src.push_back(int(l));
    std::set<int> seen;
    for (size_t j = 0; j < lanes.size(); ++j) {
      if (lanes[j] < 0 || !seen.insert(lanes[j]).second) {
        throw std::invalid_argument("." + item.at("lvalue") + " is no lvalue");
      }
      src[lanes[j]] = from + int(j);
    }
  } else {
    throw std::invalid_argument("item names no literal or selection");
  }
  return src;
}

std::string describe_item(const std::map<std::string, std::string>& item) {
  if (item.count("parts")) return "literal parts " + item.at("parts");
  if (item.count("replicate")) return "replicated scalar";
  if (item.count("rvalue")) return "v." + item.at("rvalue");
  return "v." + item.at("lvalue") + " = ...";
}

struct Launch {
  std::string key;
  Elements in, out;
};

const Launch& launched(CaseRun& run, ModeKernel& mk, const TypeDesc& elem, size_t in_stride, size_t out_stride,
                       size_t global) {
  static std::optional<Launch> last;
  const std::string key = mk.id + "/" + std::to_string(run.opts.seed) + "/" + std::to_string(run.first()) + "/" +
                          std::to_string(global);
  if (last && last->key == key) return *last;
  last.reset();
  Elements in = distinct_elements(elem, run.opts.seed, case_stream(mk.id), run.first() * in_stride,
                                  global * in_stride, in_stride);
  auto raw = run.launch(mk.kernel, {&in.bytes()}, {global * out_stride * elem.elem_size}, global);
  last = Launch{key, std::move(in), Elements(elem.elem_size, std::move(raw[0]))};
  return *last;
}

void check_gather(CaseRun& run) {
  const TypeDesc elem = TypeDesc::from_json(run.c.params.at("elem"));
  const unsigned n = unsigned(run.c.params.at("n").as_uint());
  ModeKernel mk = mode_kernel(run);
  const json::Value& p = *mk.params;
  const size_t in_stride = p.at("in_stride").as_uint(), out_stride = p.at("out_stride").as_uint();
  const size_t global = run.count(run.c.params.at("global_quick").as_uint(), run.c.params.at("global_full").as_uint());
  const Launch& l = launched(run, mk, elem, in_stride, out_stride, global);
  const Elements &in = l.in, &out = l.out;

  size_t undefined = 0, items = 0;
  for (const json::Value& text : p.at("items").as_array()) {
    const auto item = parse_item(text.as_string());
    const std::vector<int> src = source_positions(item, n);
    const size_t at = item_number(item, "out");
    ++items;
    for (size_t w = 0; w < global; ++w) {
      for (size_t j = 0; j < src.size(); ++j) {
        if (src[j] < 0) {
          ++undefined;
          continue;
        }
        const uint64_t want = in.get(w * in_stride + src[j]);
        const uint64_t got = out.get(w * out_stride + at + j);
        if (got == want) {
          run.result.pass();
        } else {
          Mismatch m{run.first() + w, int(j), {text.as_string()}, hex_bits(got, elem.elem_size),
                     hex_bits(want, elem.elem_size),
                     describe_item(item) + ": lane " + std::to_string(j) + " should be input element " +
                         std::to_string(src[j])};
          m.bits = WrongBits{elem.bits_format(), elem.bits_format(), elem.elem_size, elem.elem_size,
                             unsigned(src.size()), {want}, got, want};
          run.result.fail(std::move(m));
        }
      }
    }
  }
  std::string detail = std::to_string(items) + " expressions on " + std::to_string(global) + " work-items, " +
                       std::to_string(run.result.checked) + " lanes compared";
  if (undefined) detail += ", " + std::to_string(undefined) + " lanes undefined by the spec (a 3-vector's w) skipped";
  if (run.c.params.has("forms_total")) {
    detail += "; " + std::to_string(items) + " of the " + std::to_string(run.c.params.at("forms_total").as_uint()) +
              " literal forms";
  }
  run.result.detail = detail;
}

}  // namespace

void register_gather_check() { register_check("vectors.gather", check_gather); }

}  // namespace clconform::suites::vectors
