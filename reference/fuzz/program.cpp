#include "reference/fuzz/program.hpp"

#include <algorithm>
#include <cstring>

namespace clconform::ref::fuzz {
namespace {

struct OpName {
  Op op;
  const char* name;
};
constexpr OpName kOps[] = {
    {Op::Arg, "arg"},       {Op::Const, "const"},   {Op::Add, "add"},         {Op::Sub, "sub"},
    {Op::Mul, "mul"},       {Op::Div, "div"},       {Op::Rem, "rem"},         {Op::Neg, "neg"},
    {Op::And, "and"},       {Op::Or, "or"},         {Op::Xor, "xor"},         {Op::Not, "not"},
    {Op::Shl, "shl"},       {Op::Shr, "shr"},       {Op::Lt, "lt"},           {Op::Le, "le"},
    {Op::Gt, "gt"},         {Op::Ge, "ge"},         {Op::Eq, "eq"},           {Op::Ne, "ne"},
    {Op::Select, "select"}, {Op::Call, "call"},     {Op::Convert, "convert"}, {Op::As, "as"},
    {Op::Swizzle, "swizzle"}, {Op::Vec, "vec"},     {Op::If, "if"},           {Op::Else, "else"},
    {Op::EndIf, "endif"},   {Op::Loop, "loop"},     {Op::Iter, "iter"},       {Op::EndLoop, "endloop"},
};

}  // namespace

bool parse_type(const std::string& name, Type* out) {
  static const struct {
    const char* name;
    Elem elem;
  } kElems[] = {
      {"char", {false, 8, true}},   {"uchar", {false, 8, false}},  {"short", {false, 16, true}},
      {"ushort", {false, 16, false}}, {"int", {false, 32, true}},  {"uint", {false, 32, false}},
      {"long", {false, 64, true}},  {"ulong", {false, 64, false}}, {"half", {true, 16, true}},
      {"float", {true, 32, true}},  {"double", {true, 64, true}},
  };
  for (const auto& e : kElems) {
    const size_t n = std::strlen(e.name);
    if (name.compare(0, n, e.name) != 0) continue;
    const std::string rest = name.substr(n);
    unsigned w = 1;
    if (rest == "2") w = 2;
    else if (rest == "3") w = 3;
    else if (rest == "4") w = 4;
    else if (rest == "8") w = 8;
    else if (rest == "16") w = 16;
    else if (!rest.empty()) continue;  // "uint" is not "u" + "int": the loop tries every name
    *out = Type{e.elem, w};
    return true;
  }
  return false;
}

std::string type_name(const Type& t) {
  std::string n;
  if (t.elem.is_float) {
    n = t.elem.bits == 16 ? "half" : t.elem.bits == 32 ? "float" : "double";
  } else {
    n = std::string(t.elem.is_signed ? "" : "u") +
        (t.elem.bits == 8 ? "char" : t.elem.bits == 16 ? "short" : t.elem.bits == 32 ? "int" : "long");
  }
  return t.width == 1 ? n : n + std::to_string(t.width);
}

bool parse_op(const std::string& name, Op* out) {
  for (const auto& o : kOps) {
    if (name == o.name) {
      *out = o.op;
      return true;
    }
  }
  return false;
}

const char* op_name(Op op) {
  for (const auto& o : kOps) {
    if (o.op == op) return o.name;
  }
  return "?";
}

std::string check_structure(const Program& p) {
  const int n = static_cast<int>(p.nodes.size());
  if (n == 0) return "no nodes";
  if (p.ret < 0 || p.ret >= n) return "ret is not a node";
  if (p.inputs.size() != p.args.size()) return "inputs do not match the arguments";
  for (size_t a = 0; a < p.args.size(); ++a) {
    if (p.inputs[a].size() != p.items * p.args[a].width) return "argument " + std::to_string(a) + "'s inputs are not items * width";
  }
  // Open blocks: an If (then or else part) or a Loop, innermost last. A
  // block's id is 2 * (its If or Loop) for a then-part or loop body, plus 1
  // for an else-part; a node may use nodes of its own block and of the
  // blocks around it, and nothing else.
  std::vector<int> open, open_ids;
  std::vector<int> block_of(static_cast<size_t>(n), -1);
  for (int j = 0; j < n; ++j) {
    const Node& x = p.nodes[static_cast<size_t>(j)];
    const std::string at = "node " + std::to_string(j) + " (" + op_name(x.op) + "): ";
    for (int i : x.in) {
      if (i < 0 || i >= j) return at + "operand " + std::to_string(i) + " is not an earlier node";
      const int b = block_of[static_cast<size_t>(i)];
      if (b >= 0 && std::find(open_ids.begin(), open_ids.end(), b) == open_ids.end())
        return at + "operand " + std::to_string(i) + " is inside a block that has ended";
    }
    block_of[static_cast<size_t>(j)] = open_ids.empty() ? -1 : open_ids.back();
    switch (x.op) {
      case Op::Arg:
        if (x.arg < 0 || x.arg >= static_cast<int>(p.args.size())) return at + "no such argument";
        break;
      case Op::Const:
        if (x.bits.size() != x.type.width) return at + "bits do not match the width";
        break;
      case Op::If:
        if (x.in.size() != 1) return at + "needs its condition";
        open.push_back(j);
        open_ids.push_back(2 * j);
        break;
      case Op::Else:
      case Op::EndIf:
        if (open.empty() || open.back() != x.block || p.nodes[static_cast<size_t>(x.block)].op != Op::If)
          return at + "does not close the innermost if";
        if (x.in.size() != 1) return at + "needs its value";
        open_ids.pop_back();
        if (x.op == Op::Else) {
          open_ids.push_back(2 * x.block + 1);
        } else {
          open.pop_back();
          block_of[static_cast<size_t>(j)] = open_ids.empty() ? -1 : open_ids.back();
        }
        break;
      case Op::Loop:
        if (x.in.size() != 1 || x.count < 1) return at + "needs its start value and a count";
        open.push_back(j);
        open_ids.push_back(2 * j);
        break;
      case Op::Iter:
        if (std::find(open.begin(), open.end(), x.block) == open.end() || p.nodes[static_cast<size_t>(x.block)].op != Op::Loop)
          return at + "is not inside its loop";
        break;
      case Op::EndLoop:
        if (open.empty() || open.back() != x.block || p.nodes[static_cast<size_t>(x.block)].op != Op::Loop)
          return at + "does not close the innermost loop";
        if (x.in.size() != 1) return at + "needs the next value";
        open.pop_back();
        open_ids.pop_back();
        block_of[static_cast<size_t>(j)] = open_ids.empty() ? -1 : open_ids.back();
        break;
      default:
        break;
    }
  }
  if (!open.empty()) return "a block is not closed";
  return {};
}

}  // namespace clconform::ref::fuzz
