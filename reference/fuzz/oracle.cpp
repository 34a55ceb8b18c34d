#include "reference/fuzz/oracle.hpp"

#include <cstring>
#include <stdexcept>

#include "reference/fuzz/common_geometric.hpp"
#include "reference/math/functions.hpp"

namespace clconform::ref::fuzz {
namespace {

using Values = std::vector<std::vector<Set>>;

const char* float_operator(Op op) {
  switch (op) {
    case Op::Add: return "add";
    case Op::Sub: return "sub";
    case Op::Mul: return "mul";
    case Op::Div: return "divide";
    default: return nullptr;
  }
}

// Whether the most significant bit of an integer in S can be set, and can
// be clear (select and any/all read only that bit of a vector's condition).
void msb(const Set& s, const Elem& e, bool* can_set, bool* can_clear) {
  if (e.is_signed) {
    *can_set = s.lo < 0;
    *can_clear = s.hi >= 0;
  } else {
    const __int128 half = static_cast<__int128>(1) << (e.bits - 1);
    *can_set = s.hi >= half;
    *can_clear = s.lo < half;
  }
}

bool is_relational(const std::string& fn) {
  static const char* const kNames[] = {"isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
                                       "islessequal", "islessgreater", "isordered", "isunordered", "isnan",
                                       "isinf", "isfinite", "isnormal", "signbit"};
  for (const char* n : kNames) {
    if (fn == n) return true;
  }
  return false;
}

}  // namespace

Oracle::Oracle(const Program& program, const Rules& rules)
    : p_(program),
      rules_(rules),
      else_of_(program.nodes.size(), -1),
      end_of_(program.nodes.size(), -1),
      iter_(program.nodes.size()) {
  const std::string problem = check_structure(program);
  if (!problem.empty()) throw std::invalid_argument("fuzz program " + std::to_string(program.index) + ": " + problem);
  for (size_t j = 0; j < program.nodes.size(); ++j) {
    const Node& x = program.nodes[j];
    if (x.op == Op::Else) else_of_[static_cast<size_t>(x.block)] = static_cast<int>(j);
    if (x.op == Op::EndIf || x.op == Op::EndLoop) end_of_[static_cast<size_t>(x.block)] = static_cast<int>(j);
  }
}

std::vector<Set> Oracle::evaluate(size_t item) const { return evaluate_all(item)[static_cast<size_t>(p_.ret)]; }

std::vector<std::vector<Set>> Oracle::evaluate_all(size_t item) const {
  Values v(p_.nodes.size());
  run(0, static_cast<int>(p_.nodes.size()), item, v);
  return v;
}

std::vector<std::vector<uint64_t>> Oracle::known_values(size_t item) const {
  const Values v = evaluate_all(item);
  std::vector<std::vector<uint64_t>> out(p_.nodes.size());
  int loop_end = -1;  // inside a loop up to this node
  for (size_t j = 0; j < p_.nodes.size(); ++j) {
    const Node& x = p_.nodes[j];
    if (x.op == Op::Loop && loop_end < static_cast<int>(j)) loop_end = end_of_[j];
    if (static_cast<int>(j) < loop_end || v[j].empty()) continue;
    std::vector<uint64_t> bits;
    for (const Set& s : v[j]) {
      const Elem& e = x.type.elem;
      if (s.known() && s.nan && !s.num) {
        bits.push_back(quiet_nan_bits(e.bits));
      } else if (s.is_point()) {
        bits.push_back(e.is_float ? float_bits(s.lo, e.bits) : int_bits(s.lo, e));
      } else {
        bits.clear();
        break;
      }
    }
    if (bits.size() == x.type.width) out[j] = std::move(bits);
  }
  return out;
}

void Oracle::run(int begin, int end, size_t item, Values& v) const {
  for (int j = begin; j < end;) {
    const Node& x = p_.nodes[static_cast<size_t>(j)];
    if (x.op == Op::If) {
      const int m = else_of_[static_cast<size_t>(j)], e = end_of_[static_cast<size_t>(j)];
      const Set& c = v[static_cast<size_t>(x.in[0])][0];
      const bool can_true = c.known() && c.num && !(c.lo == 0 && c.hi == 0);
      const bool can_false = c.known() && c.num && c.lo <= 0 && c.hi >= 0;
      auto& out = v[static_cast<size_t>(e)];
      if (!c.known() || (can_true && can_false)) {
        // 6.8 (if): only one arm runs; which one the ranges cannot tell.
        out.assign(p_.nodes[static_cast<size_t>(e)].type.width, c.known() ? unknown_set(Unknown::Branch) : c);
      } else if (can_true) {
        run(j + 1, m, item, v);
        out = v[static_cast<size_t>(p_.nodes[static_cast<size_t>(m)].in[0])];
      } else {
        run(m + 1, e, item, v);
        out = v[static_cast<size_t>(p_.nodes[static_cast<size_t>(e)].in[0])];
      }
      j = e + 1;
    } else if (x.op == Op::Loop) {
      const int e = end_of_[static_cast<size_t>(j)];
      v[static_cast<size_t>(j)] = v[static_cast<size_t>(x.in[0])];
      for (int k = 0; k < x.count; ++k) {
        Set iter;
        iter.lo = iter.hi = k;
        iter_[static_cast<size_t>(j)] = iter;
        run(j + 1, e, item, v);
        v[static_cast<size_t>(j)] = v[static_cast<size_t>(p_.nodes[static_cast<size_t>(e)].in[0])];
      }
      v[static_cast<size_t>(e)] = v[static_cast<size_t>(j)];
      j = e + 1;
    } else {
      v[static_cast<size_t>(j)] = node(j, item, v);
      ++j;
    }
  }
}

Set Oracle::flushed(const Set& s, const Elem& e) const {
  if (!e.is_float || !s.known()) return s;
  if (rules_.finite_only && (s.nan || has_infinity(s, e.bits))) return unknown_set(Unknown::NonFinite);
  // 7.5.3: a subnormal operand may be read as a zero of either sign.
  if (rules_.may_flush(e.bits) && has_subnormal(s, e.bits)) return with_zeros(s);
  return s;
}

std::vector<Set> Oracle::node(int j, size_t item, Values& v) const {
  const Node& x = p_.nodes[static_cast<size_t>(j)];
  const unsigned w = x.type.width;
  const Elem& e = x.type.elem;
  auto operand = [&](size_t k) -> const std::vector<Set>& { return v[static_cast<size_t>(x.in[k])]; };
  auto operand_elem = [&](size_t k) -> const Elem& { return p_.nodes[static_cast<size_t>(x.in[k])].type.elem; };
  std::vector<Set> out(w);
  switch (x.op) {
    case Op::Arg:
      for (unsigned c = 0; c < w; ++c) out[c] = point_of(p_.inputs[static_cast<size_t>(x.arg)][item * w + c], e);
      return out;
    case Op::Iter:
      return {iter_[static_cast<size_t>(x.block)]};
    case Op::Const:
      for (unsigned c = 0; c < w; ++c) out[c] = point_of(x.bits[c], e);
      return out;
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
      if (e.is_float) {
        // -cl-mad-enable lets a * b + c become a mad, whose accuracy 7.4 leaves open.
        bool fusable = false;
        if (rules_.mad_enable && (x.op == Op::Add || x.op == Op::Sub)) {
          for (int i : x.in) fusable |= p_.nodes[static_cast<size_t>(i)].op == Op::Mul;
        }
        Bound b = x.bound;
        if (x.op != Op::Div) b.kind = Bound::Kind::CorrectlyRounded;  // 7.4: x + y, x - y, x * y
        if (b.kind == Bound::Kind::None) throw std::invalid_argument("fuzz oracle: a float division without a bound");
        for (unsigned c = 0; c < w; ++c) {
          out[c] = fusable ? unknown_set(Unknown::Unbounded)
                           : eval_math(float_operator(x.op), b, e.bits, {operand(0)[c], operand(1)[c]}, rules_);
        }
        return out;
      }
      [[fallthrough]];
    case Op::Rem:
    case Op::And:
    case Op::Or:
    case Op::Xor:
    case Op::Shl:
    case Op::Shr:
      for (unsigned c = 0; c < w; ++c) out[c] = eval_int_op(x.op, e, {operand(0)[c], operand(1)[c]});
      return out;
    case Op::Not:
      for (unsigned c = 0; c < w; ++c) out[c] = eval_int_op(x.op, e, {operand(0)[c]});
      return out;
    case Op::Neg:
      for (unsigned c = 0; c < w; ++c) {
        Set s = operand(0)[c];
        if (s.known() && s.num) {
          const __int128 lo = s.lo;
          s.lo = -s.hi - 1;  // the key of -x is -key(x) - 1
          s.hi = -lo - 1;
        }
        out[c] = settle_float(s, e.bits, rules_);
      }
      return out;
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne: {
      const Elem& oe = operand_elem(0);
      const int true_value = p_.nodes[static_cast<size_t>(x.in[0])].type.width > 1 ? -1 : 1;  // 6.5.5
      for (unsigned c = 0; c < w; ++c)
        out[c] = eval_compare(x.op, flushed(operand(0)[c], oe), flushed(operand(1)[c], oe), oe, true_value);
      return out;
    }
    case Op::Select: {
      const Elem& ce = operand_elem(2);
      const bool vector = p_.nodes[static_cast<size_t>(x.in[2])].type.width > 1;
      for (unsigned c = 0; c < w; ++c) {
        const Set& cond = operand(2)[c];
        if (!cond.known()) {
          out[c] = cond;
          continue;
        }
        // 6.15.6: a vector's select reads the most significant bit of each
        // component of c, a scalar's select reads c != 0.
        bool pick_b = false, pick_a = false;
        if (vector) {
          msb(cond, ce, &pick_b, &pick_a);
        } else {
          pick_b = cond.num && !(cond.lo == 0 && cond.hi == 0);
          pick_a = cond.num && cond.lo <= 0 && cond.hi >= 0;
        }
        const Set& a = operand(0)[c];
        const Set& b = operand(1)[c];
        out[c] = pick_a && pick_b ? hull(a, b) : pick_b ? b : a;
      }
      return out;
    }
    case Op::Call:
      return call(x, v);
    case Op::Convert: {
      const Elem& from = operand_elem(0);
      for (unsigned c = 0; c < w; ++c) out[c] = eval_convert(operand(0)[c], from, e, x.sat, x.round, rules_);
      return out;
    }
    case Op::As: {
      // The operand's bytes, little-endian component by component (6.4.4.2:
      // as_type keeps every bit).
      const Node& src = p_.nodes[static_cast<size_t>(x.in[0])];
      const unsigned sb = src.type.elem.bits / 8, db = e.bits / 8;
      std::vector<uint8_t> bytes(src.type.width * sb);
      for (unsigned c = 0; c < src.type.width; ++c) {
        const Set& s = operand(0)[c];
        if (!s.is_point()) {
          out.assign(w, s.known() ? unknown_set(Unknown::Wide) : s);
          return out;
        }
        const uint64_t b = src.type.elem.is_float ? float_bits(s.lo, src.type.elem.bits) : int_bits(s.lo, src.type.elem);
        std::memcpy(&bytes[c * sb], &b, sb);
      }
      if (bytes.size() != static_cast<size_t>(w) * db) throw std::invalid_argument("fuzz oracle: as_type between different sizes");
      for (unsigned c = 0; c < w; ++c) {
        uint64_t b = 0;
        std::memcpy(&b, &bytes[c * db], db);
        out[c] = point_of(b, e);
      }
      return out;
    }
    case Op::Swizzle:
      if (x.comps.size() != w) throw std::invalid_argument("fuzz oracle: a swizzle's components do not match its type");
      for (unsigned c = 0; c < w; ++c) out[c] = operand(0).at(x.comps[c]);
      return out;
    case Op::Vec: {
      std::vector<Set> parts;
      for (size_t k = 0; k < x.in.size(); ++k) parts.insert(parts.end(), operand(k).begin(), operand(k).end());
      if (parts.size() == 1) return std::vector<Set>(w, parts[0]);
      if (parts.size() != w) throw std::invalid_argument("fuzz oracle: a vector literal's parts do not fill it");
      return parts;
    }
    default:
      break;
  }
  throw std::invalid_argument(std::string("fuzz oracle: unexpected ") + op_name(x.op) + " node");
}

std::vector<Set> Oracle::call(const Node& x, const Values& v) const {
  const unsigned w = x.type.width;
  const Node& first = p_.nodes[static_cast<size_t>(x.in.at(0))];
  const Elem& ae = first.type.elem;
  auto comps = [&](unsigned c, bool flush) {
    std::vector<Set> a;
    for (int i : x.in) {
      // A scalar operand of a vector form (clamp(float4, float, float), ...) serves every component.
      const auto& vi = v[static_cast<size_t>(i)];
      const Set& s = vi.size() == 1 ? vi[0] : vi[c];
      a.push_back(flush ? flushed(s, ae) : s);
    }
    return a;
  };
  std::vector<Set> out(w);
  if (x.fn == "any" || x.fn == "all") {
    // 6.15.6: 1 when the most significant bit of any (all) components is set.
    bool some_set = false, some_clear = false, all_set = true, all_clear = true;
    for (const Set& s : v[static_cast<size_t>(x.in[0])]) {
      if (!s.known()) return {s};
      bool can_set = false, can_clear = false;
      msb(s, ae, &can_set, &can_clear);
      some_set |= can_set;
      some_clear |= can_clear;
      all_set &= can_set;
      all_clear &= can_clear;
    }
    // any: true when some component can have it set; false when every one can be clear.
    Set r;
    const bool t = x.fn == "any" ? some_set : all_set;
    const bool f = x.fn == "any" ? all_clear : some_clear;
    r.lo = f ? 0 : 1;
    r.hi = t ? 1 : 0;
    return {r};
  }
  if (ae.is_float && is_geometric(x.fn)) {
    std::vector<std::vector<Set>> args;
    for (int i : x.in) args.push_back(v[static_cast<size_t>(i)]);
    return eval_geometric(x.fn, x.bound, ae.bits, args, w, rules_);
  }
  const int true_value = first.type.width > 1 ? -1 : 1;
  for (unsigned c = 0; c < w; ++c) {
    if (is_relational(x.fn)) {
      out[c] = eval_relational(x.fn, comps(c, true), ae, true_value);
    } else if (x.fn == "bitselect") {
      const auto a = comps(c, false);
      out[c] = eval_bitselect(a[0], a[1], a[2], ae);
    } else if (ae.is_float && is_common(x.fn)) {
      out[c] = eval_common(x.fn, x.bound, ae.bits, comps(c, false), rules_);
    } else if (ae.is_float) {
      if (x.bound.kind == Bound::Kind::None) throw std::invalid_argument("fuzz oracle: " + x.fn + " without a bound");
      out[c] = eval_math(x.fn, x.bound, ae.bits, comps(c, false), rules_);
    } else {
      out[c] = eval_int_fn(x.fn, ae, x.type.elem, comps(c, false));
    }
  }
  return out;
}

ItemVerdict judge(const std::vector<Set>& expected, const std::vector<uint64_t>& out, const Elem& e) {
  ItemVerdict r;
  for (size_t c = 0; c < expected.size(); ++c) {
    const Set& s = expected[c];
    if (!s.known()) {
      if (r.unjudged++ == 0) r.why = s.unknown;
      continue;
    }
    ++r.judged;
    if (!contains(s, out.at(c), e)) {
      if (r.wrong++ == 0) r.first_wrong = static_cast<int>(c);
    }
  }
  return r;
}

}  // namespace clconform::ref::fuzz
