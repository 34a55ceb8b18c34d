// vectors.operator: one operator at every width, in each operand form
// (vector-vector, vector-scalar with the scalar widened, scalar-vector;
// unary; ++/-- with the value and the variable afterwards), every lane
// against operator_reference.cpp. vectors.sizeof: sizeof of expressions,
// whose size follows from the result type the spec gives them (6.5.11).
#include <optional>
#include <stdexcept>

#include "checks.hpp"
#include "vectors_checks.hpp"
#include "inputs.hpp"
#include "operator_reference.hpp"
#include "vector_values.hpp"

namespace clconform::suites::vectors {
namespace {

struct Operands {
  Elements a, b, cond;
};

// The operands of every operator of the kernel (params "kernel_ops":
// "op@base", each operator's region "op_stride" elements from its base),
// each region drawn from its operator's domain. They depend
// on the kernel, not the case, so every case of the kernel sees the same.
Operands make_operands(CaseRun& run, const json::Value& p, const TypeDesc& elem, size_t global) {
  const size_t stride = p.at("in_stride").as_uint();
  Operands o{Elements(elem.elem_size, global * stride), Elements(elem.elem_size, global * stride),
             Elements(elem.elem_size, global * stride)};
  const uint64_t stream = case_stream(run.c.program + "/" + run.c.kernel);
  for (const json::Value& entry : p.at("kernel_ops").as_array()) {
    const std::string& text = entry.as_string();
    const size_t at_sign = text.find('@');
    const std::string op = text.substr(0, at_sign);
    const size_t base = std::stoul(text.substr(at_sign + 1)), next = base + p.at("op_stride").as_uint();
    for (size_t w = 0; w < global; ++w) {
      for (size_t pos = base; pos < next && pos < stride; ++pos) {
        const size_t i = w * stride + pos;
        const uint64_t at = 3 * ((run.first() + w) * stride + pos);
        const unsigned position = unsigned(pos - base);
        const uint64_t ra = counter_bits(run.opts.seed, stream, at);
        const bool equal = is_comparison(op) && position % 16 % 3 == 0;
        const uint64_t rb = equal ? ra : counter_bits(run.opts.seed, stream, at + 1);
        o.a.set(i, operand_bits(op, Operand::A, elem, position, ra));
        o.b.set(i, operand_bits(op, Operand::B, elem, position, rb));
        o.cond.set(i, operand_bits(op, Operand::Cond, elem, position, counter_bits(run.opts.seed, stream, at + 2)));
      }
    }
  }
  return o;
}

struct Launch {
  std::string key;
  Operands in;
  Elements out, out_signed;
};

// The kernel runs once for all its operators; the cases that follow the
// first read their own operator's results from the kept launch.
const Launch& launched(CaseRun& run, const TypeDesc& elem, size_t global) {
  static std::optional<Launch> last;
  const json::Value& p = run.c.params;
  const std::string key = run.c.program + "/" + run.c.kernel + "/" + std::to_string(run.opts.seed) + "/" +
                          std::to_string(run.first()) + "/" + std::to_string(global);
  if (last && last->key == key) return *last;
  last.reset();
  cl::Kernel k = run.kernel();
  Operands in = make_operands(run, p, elem, global);
  const size_t bytes = elem.elem_size;
  auto raw = run.launch(k, {&in.a.bytes(), &in.b.bytes(), &in.cond.bytes()},
                        {global * p.at("out_stride").as_uint() * bytes, global * p.at("signed_stride").as_uint() * bytes},
                        global);
  last = Launch{key, std::move(in), Elements(elem.elem_size, std::move(raw[0])),
                Elements(elem.elem_size, std::move(raw[1]))};
  return *last;
}

void check_operator(CaseRun& run) {
  const json::Value& p = run.c.params;
  const TypeDesc elem = TypeDesc::from_json(p.at("elem"));
  const std::string op = p.at("op").as_string();
  const bool signed_result = p.at("result").as_string() == "signed";
  const size_t stride = p.at("in_stride").as_uint(), base_op = p.at("base").as_uint();
  const size_t out_stride = p.at(signed_result ? "signed_stride" : "out_stride").as_uint();
  const size_t global = run.count(p.at("global_quick").as_uint(), p.at("global_full").as_uint());
  const Launch& launch = launched(run, elem, global);
  const Operands& in = launch.in;
  const Elements& out = signed_result ? launch.out_signed : launch.out;
  const unsigned bytes = elem.elem_size;

  size_t outputs = 0;
  for (const json::Value& text : p.at("outputs").as_array()) {
    const auto item = parse_item(text.as_string());
    const unsigned n = item_number(item, "n");
    const std::string form = item.at("form");
    const size_t vec_at = base_op + p.at("vec_at").at(std::to_string(n)).as_uint();
    const size_t scalar_at = base_op + p.at("scalar_at").at(std::to_string(n)).as_uint();
    const size_t at = item_number(item, "out");
    ++outputs;
    for (size_t w = 0; w < global; ++w) {
      const size_t base = w * stride;
      const uint64_t t = in.a.get(base + scalar_at), s = in.b.get(base + scalar_at);
      for (unsigned l = 0; l < n; ++l) {
        const uint64_t x = in.a.get(base + vec_at + l), y = in.b.get(base + vec_at + l);
        const uint64_t c = in.cond.get(base + vec_at + l);
        uint64_t want;
        std::vector<std::string> shown;
        if (form == "post") {
          want = x;  // a post-increment's value is the operand before it
          shown = {hex_bits(x, bytes)};
        } else if (is_unary(op)) {
          want = apply(op, elem, x, 0, 0);
          shown = {hex_bits(x, bytes)};
        } else {
          const uint64_t lhs = form == "sv" ? t : x, rhs = form == "vs" ? s : y;
          want = apply(op, elem, lhs, rhs, c);
          shown = {hex_bits(lhs, bytes), hex_bits(rhs, bytes)};
          if (op == "select") shown.insert(shown.begin(), hex_bits(c, bytes));
        }
        const uint64_t got = out.get(w * out_stride + at + l);
        if (got == want) {
          run.result.pass();
        } else {
          Mismatch m{run.first() + w, int(l), shown, hex_bits(got, bytes), hex_bits(want, bytes),
                     op + " on " + vector_name(elem, n) + ", form " + form};
          m.bits = WrongBits{elem.bits_format(), elem.bits_format(), bytes, bytes, n, {x, y}, got, want};
          run.result.fail(std::move(m));
        }
      }
    }
  }
  run.result.detail = std::to_string(outputs) + " results (every width and operand form) on " +
                      std::to_string(global) + " work-items, " + std::to_string(run.result.checked) + " lanes";
}

// The size of what `sizeof(expr)` names: the result type's lanes (a
// 3-vector occupying 4, 6.3.5) times the element size, which the relational
// and logical results keep (6.5.4, 6.5.8); .lo and .even halve the vector,
// a 3-vector counting as 4 (6.3.7).
uint64_t expected_size(const std::string& what, unsigned n, unsigned elem_size) {
  const unsigned storage = n == 3 ? 4 : n;
  if (what == "add" || what == "lt" || what == "lnot" || what == "literal" || what == "select") {
    return uint64_t(storage) * elem_size;
  }
  if (what == "lo" || what == "even") return uint64_t(storage / 2) * elem_size;
  throw std::invalid_argument("unknown sizeof form '" + what + "'");
}

void check_sizeof(CaseRun& run) {
  const TypeDesc elem = TypeDesc::from_json(run.c.params.at("elem"));
  const auto& items = run.c.params.at("items").as_array();
  cl::Kernel k = run.kernel();
  auto raw = run.launch(k, {}, {items.size() * 8}, 1);
  const Elements out(8, std::move(raw[0]));
  static const std::map<std::string, std::string> exprs = {
      {"add", "x + x"}, {"lt", "x < x"}, {"lnot", "!x"}, {"lo", "x.lo"}, {"even", "x.even"},
      {"literal", "(T)(x.s0)"}, {"select", "c ? x : x"}};
  for (size_t i = 0; i < items.size(); ++i) {
    const auto item = parse_item(items[i].as_string());
    const unsigned n = item_number(item, "n");
    const std::string& what = item.at("what");
    const uint64_t want = expected_size(what, n, elem.elem_size), got = out.get(i);
    if (got == want) {
      run.result.pass();
    } else {
      run.result.fail({0, int(i), {}, std::to_string(got), std::to_string(want),
                       "sizeof(" + exprs.at(what) + ") with x a " + vector_name(elem, n)});
    }
  }
  run.result.detail = std::to_string(items.size()) + " sizeof expressions";
}

}  // namespace

void register_operator_checks() {
  register_check("vectors.operator", check_operator);
  register_check("vectors.sizeof", check_sizeof);
}

}  // namespace clconform::suites::vectors
