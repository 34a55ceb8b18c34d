// A random program of `clconform fuzz`, as the oracle reads it: the SSA
// node list of generators/fuzz/README.md ("Program format"), already parsed.
// Plain data; the harness fills it from the generator's JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clconform::ref::fuzz {

// One element type of OpenCL C: an integer of 8..64 bits (signed or not),
// or half, float, double.
struct Elem {
  bool is_float = false;
  unsigned bits = 32;
  bool is_signed = true;  // integers only
  bool operator==(const Elem& o) const { return is_float == o.is_float && bits == o.bits && is_signed == o.is_signed; }
};

struct Type {
  Elem elem;
  unsigned width = 1;  // 1, 2, 3, 4, 8, 16
};

// "float4" -> {float, 4}; false for anything else.
bool parse_type(const std::string& name, Type* out);
// {float, 4} -> "float4".
std::string type_name(const Type& t);

enum class Op {
  Arg, Const, Add, Sub, Mul, Div, Rem, Neg, And, Or, Xor, Not, Shl, Shr,
  Lt, Le, Gt, Ge, Eq, Ne, Select, Call, Convert, As, Swizzle, Vec,
  If, Else, EndIf, Loop, Iter, EndLoop,
};

// "add" -> Op::Add; false when unknown.
bool parse_op(const std::string& name, Op* out);
const char* op_name(Op op);

// A bound of 7.4's tables: correctly rounded, exact, so many ulp, an
// absolute error (mix, smoothstep), or max * max * k * 2^eps_log2 with max
// the largest operand magnitude (dot, cross).
struct Bound {
  enum class Kind { None, Exact, CorrectlyRounded, Ulps, Absolute, MaxSquared } kind = Kind::None;
  double ulps = 0;
  std::string absolute;  // Absolute: the tolerance as the table writes it ("1e-3")
  double k = 0;          // MaxSquared
  int eps_log2 = 0;      // MaxSquared
  // length, distance, normalize under -cl-unsafe-math-optimizations: any
  // square below the format's MIN may drop out of the sum
  // (reference/geometric_relaxed.hpp, suites/geometric/README.md).
  bool squares_may_underflow = false;
};

struct Node {
  Op op = Op::Arg;
  Type type;
  std::vector<int> in;           // operand node indices
  int arg = -1;                  // Arg: the argument
  std::vector<uint64_t> bits;    // Const: one pattern per component
  std::string fn;                // Call: the built-in
  Bound bound;                   // Call (math), Div (floats)
  bool sat = false;              // Convert
  std::string round;             // Convert: "", "rte", "rtz", "rtp", "rtn"
  std::vector<unsigned> comps;   // Swizzle
  int count = 0;                 // Loop: iterations
  int block = -1;                // Else, EndIf: the If; Iter, EndLoop: the Loop
};

struct Program {
  uint64_t seed = 0, index = 0;
  std::string build_options;
  std::vector<Type> args;
  Type result;
  std::vector<Node> nodes;
  int ret = 0;
  size_t items = 0;
  std::vector<std::vector<uint64_t>> inputs;  // per argument: items * width patterns, item-major
  std::string source;
};

// The structural checks the oracle relies on (operand indices before the
// node, blocks matched, input lengths); an empty string when the program is
// sound, else what is wrong.
std::string check_structure(const Program& p);

}  // namespace clconform::ref::fuzz
