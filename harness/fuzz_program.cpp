#include "fuzz_program.hpp"

#include <algorithm>

namespace clconform {
namespace {

using ref::fuzz::Bound;
using ref::fuzz::Node;
using ref::fuzz::Op;
using ref::fuzz::Type;

Type type_of(const json::Value& v, const std::string& what) {
  Type t;
  if (!ref::fuzz::parse_type(v.as_string(), &t)) throw json::ParseError(what + ": no type '" + v.as_string() + "'");
  return t;
}

Bound bound_of(const json::Value& v) {
  Bound b;
  if (v.is_null()) return b;
  if (v.get("exact").kind() == json::Value::Kind::Bool && v.get("exact").as_bool()) {
    b.kind = Bound::Kind::Exact;
  } else if (v.get("cr").kind() == json::Value::Kind::Bool && v.get("cr").as_bool()) {
    b.kind = Bound::Kind::CorrectlyRounded;
  } else if (v.has("ulp")) {
    b.kind = Bound::Kind::Ulps;
    b.ulps = v.at("ulp").as_double();
  } else if (v.has("abs")) {
    b.kind = Bound::Kind::Absolute;
    b.absolute = v.at("abs_decimal").as_string();
  } else if (v.has("abs_max_sq")) {
    b.kind = Bound::Kind::MaxSquared;
    b.k = v.at("abs_max_sq").as_double();
    b.eps_log2 = static_cast<int>(v.at("eps_log2").as_int());
  } else {
    throw json::ParseError("a bound is none of exact, cr, ulp, abs, abs_max_sq: " + v.dump());
  }
  b.squares_may_underflow = v.get("squares_may_underflow").kind() == json::Value::Kind::Bool &&
                            v.get("squares_may_underflow").as_bool();
  return b;
}

}  // namespace

ref::fuzz::Program program_from_json(const json::Value& v) {
  ref::fuzz::Program p;
  if (v.at("format").as_int() != 1) throw json::ParseError("fuzz program format " + v.at("format").dump() + " (this clconform reads 1)");
  p.seed = v.at("seed").as_uint();
  p.index = v.at("index").as_uint();
  p.build_options = v.get("build_options").is_string() ? v.at("build_options").as_string() : "";
  for (const auto& a : v.at("args").as_array()) p.args.push_back(type_of(a, "args"));
  p.result = type_of(v.at("result"), "result");
  p.ret = static_cast<int>(v.at("ret").as_int());
  p.items = v.at("items").as_uint();
  for (const auto& in : v.at("inputs").as_array()) {
    std::vector<uint64_t> bits;
    for (const auto& b : in.as_array()) bits.push_back(b.as_uint());
    p.inputs.push_back(std::move(bits));
  }
  p.source = v.at("source").as_string();
  const auto& nodes = v.at("nodes").as_array();
  for (size_t j = 0; j < nodes.size(); ++j) {
    const json::Value& n = nodes[j];
    const std::string at = "node " + std::to_string(j);
    Node x;
    if (!ref::fuzz::parse_op(n.at("op").as_string(), &x.op)) throw json::ParseError(at + ": no op '" + n.at("op").as_string() + "'");
    if (n.has("type")) x.type = type_of(n.at("type"), at);
    for (const auto& i : n.get("in").is_array() ? n.at("in").as_array() : json::Value::Array{})
      x.in.push_back(static_cast<int>(i.as_int()));
    if (n.has("arg")) x.arg = static_cast<int>(n.at("arg").as_int());
    if (n.has("bits")) {
      for (const auto& b : n.at("bits").as_array()) x.bits.push_back(b.as_uint());
    }
    if (n.has("fn")) x.fn = n.at("fn").as_string();
    x.bound = bound_of(n.get("bound"));
    if (n.has("sat")) x.sat = n.at("sat").as_bool();
    if (n.has("round")) x.round = n.at("round").as_string();
    if (n.has("comps")) {
      for (const auto& c : n.at("comps").as_array()) x.comps.push_back(static_cast<unsigned>(c.as_uint()));
    }
    if (n.has("count")) x.count = static_cast<int>(n.at("count").as_int());
    if (n.has("if")) x.block = static_cast<int>(n.at("if").as_int());
    if (n.has("loop")) x.block = static_cast<int>(n.at("loop").as_int());
    p.nodes.push_back(std::move(x));
  }
  if (p.ret >= 0 && static_cast<size_t>(p.ret) < p.nodes.size()) {
    const Type& rt = p.nodes[static_cast<size_t>(p.ret)].type;
    if (!(rt.elem == p.result.elem) || rt.width != p.result.width) throw json::ParseError("ret's type is not the result type");
  }
  const std::string problem = ref::fuzz::check_structure(p);
  if (!problem.empty()) throw json::ParseError("fuzz program " + std::to_string(p.index) + ": " + problem);
  return p;
}

json::Value program_for_item(const json::Value& v, size_t item) {
  json::Value::Object o = v.as_object();
  const uint64_t items = v.at("items").as_uint();
  const auto& args = v.at("args").as_array();
  json::Value::Array inputs;
  for (size_t a = 0; a < args.size(); ++a) {
    Type t = type_of(args[a], "args");
    const auto& all = v.at("inputs").as_array().at(a).as_array();
    json::Value::Array mine;
    for (uint64_t k = 0; k < items; ++k)
      mine.insert(mine.end(), all.begin() + static_cast<long>(item * t.width), all.begin() + static_cast<long>((item + 1) * t.width));
    inputs.push_back(json::Value(std::move(mine)));
  }
  o["inputs"] = json::Value(std::move(inputs));
  return json::Value(std::move(o));
}

std::string operation_name(const Node& x) {
  switch (x.op) {
    case Op::Arg: case Op::Const: case Op::Swizzle: case Op::Vec: case Op::If: case Op::Else:
    case Op::EndIf: case Op::Loop: case Op::Iter: case Op::EndLoop:
      return "";
    case Op::Call: return x.fn;
    case Op::Convert: {
      std::string n = "convert_" + ref::fuzz::type_name(x.type);
      if (x.sat) n += "_sat";
      if (!x.round.empty()) n += "_" + x.round;
      return n;
    }
    default: return ref::fuzz::op_name(x.op);
  }
}

std::vector<std::string> operations_used(const ref::fuzz::Program& p) {
  std::vector<std::string> ops;
  for (const Node& x : p.nodes) {
    std::string n = operation_name(x);
    if (!n.empty()) ops.push_back(std::move(n));
  }
  std::sort(ops.begin(), ops.end());
  ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
  return ops;
}

}  // namespace clconform
