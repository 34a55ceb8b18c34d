#include "math_bounds.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace clconform::suites::math {

using ref::math::Bound;

// A condition on the arguments ({"arg": i, "in"|"abs_in": [lo, hi]},
// {"arg": i, "is": ...}, {"all"|"any": [...]}, {"not": c}).
struct BoundSpec::Cond {
  enum class Kind { In, AbsIn, Is, All, Any, Not } kind = Kind::In;
  unsigned arg = 0;
  double lo = 0, hi = 0;
  std::string what;
  std::vector<Cond> parts;

  static double limit(const json::Value& v) {
    if (v.is_string()) {
      if (v.as_string() == "inf") return std::numeric_limits<double>::infinity();
      if (v.as_string() == "-inf") return -std::numeric_limits<double>::infinity();
      throw std::runtime_error("bound: interval end '" + v.as_string() + "' is not a number");
    }
    return v.as_double();
  }

  static Cond parse(const json::Value& v) {
    Cond c;
    auto list = [&](const char* key) {
      for (const auto& p : v.at(key).as_array()) c.parts.push_back(parse(p));
    };
    if (!v.get("all").is_null()) {
      c.kind = Kind::All;
      list("all");
    } else if (!v.get("any").is_null()) {
      c.kind = Kind::Any;
      list("any");
    } else if (!v.get("not").is_null()) {
      c.kind = Kind::Not;
      c.parts.push_back(parse(v.at("not")));
    } else {
      c.arg = unsigned(v.at("arg").as_int());
      if (c.arg > 2) throw std::runtime_error("bound: condition on argument " + std::to_string(c.arg));
      const json::Value& range = !v.get("in").is_null() ? v.at("in") : v.get("abs_in");
      if (!v.get("is").is_null()) {
        c.kind = Kind::Is;
        c.what = v.at("is").as_string();
        if (c.what != "zero" && c.what != "negative" && c.what != "integer" && c.what != "odd_integer" &&
            c.what != "finite")
          throw std::runtime_error("bound: unknown condition 'is " + c.what + "'");
      } else if (range.is_array() && range.as_array().size() == 2) {
        c.kind = v.get("in").is_null() ? Kind::AbsIn : Kind::In;
        c.lo = limit(range.as_array()[0]);
        c.hi = limit(range.as_array()[1]);
      } else {
        throw std::runtime_error("bound: a condition needs 'in', 'abs_in' or 'is'");
      }
    }
    return c;
  }

  bool holds(const double* args) const {
    const double x = args[arg];
    switch (kind) {
      case Kind::In: return x >= lo && x <= hi;  // false for a NaN
      case Kind::AbsIn: return std::fabs(x) >= lo && std::fabs(x) <= hi;
      case Kind::Is:
        if (what == "zero") return x == 0;
        if (what == "negative") return x < 0;  // -0 is not negative
        if (what == "finite") return std::isfinite(x);
        if (what == "integer") return std::isfinite(x) && std::nearbyint(x) == x;
        return std::isfinite(x) && std::fmod(x, 2.0) != 0 && std::nearbyint(x) == x;  // odd_integer
      case Kind::All:
        for (const auto& p : parts)
          if (!p.holds(args)) return false;
        return true;
      case Kind::Any:
        for (const auto& p : parts)
          if (p.holds(args)) return true;
        return false;
      case Kind::Not: return !parts[0].holds(args);
    }
    return false;
  }

  std::string describe() const {
    const std::string x = "arg" + std::to_string(arg);
    char buf[96];
    switch (kind) {
      case Kind::In: std::snprintf(buf, sizeof buf, "%s in [%g, %g]", x.c_str(), lo, hi); return buf;
      case Kind::AbsIn: std::snprintf(buf, sizeof buf, "|%s| in [%g, %g]", x.c_str(), lo, hi); return buf;
      case Kind::Is: return x + " " + what;
      case Kind::Not: return "not (" + parts[0].describe() + ")";
      case Kind::All:
      case Kind::Any: {
        std::string s;
        for (const auto& p : parts) s += (s.empty() ? "(" : kind == Kind::All ? " and " : " or ") + p.describe();
        return s + ")";
      }
    }
    return "";
  }
};

struct BoundSpec::Piece {
  Cond when;
  BoundSpec then;
};

BoundSpec BoundSpec::correctly_rounded() {
  BoundSpec b;
  b.kind_ = Kind::Cr;
  return b;
}

BoundSpec BoundSpec::parse(const json::Value& v) {
  if (!v.is_object()) throw std::runtime_error("bound: not an object");
  BoundSpec b;
  if (v.get("derived").is_string()) b.derived_ = v.get("derived").as_string();
  if (!v.get("pieces").is_null()) {
    b.kind_ = Kind::Pieces;
    for (const auto& p : v.at("pieces").as_array()) {
      auto piece = std::make_shared<Piece>();
      piece->when = Cond::parse(p.at("if"));
      piece->then = parse(p.at("then"));
      b.pieces_.push_back(piece);
    }
    b.otherwise_ = std::make_shared<BoundSpec>(parse(v.at("else")));
  } else if (!v.get("plus_floor_abs_arg").is_null()) {
    b.kind_ = Kind::UlpPlusFloor;
    b.value_ = v.at("ulp").as_double();
    const auto& a = v.at("plus_floor_abs_arg").as_array();
    if (a.size() != 2) throw std::runtime_error("bound: plus_floor_abs_arg is [arg, factor]");
    b.arg_ = unsigned(a[0].as_int());
    b.factor_ = a[1].as_double();
  } else if (!v.get("ulp").is_null()) {
    b.kind_ = Kind::Ulp;
    b.value_ = v.at("ulp").as_double();
  } else if (!v.get("abs").is_null()) {
    b.kind_ = Kind::Abs;
    b.value_ = v.at("abs").as_double();
  } else if (!v.get("cr").is_null()) {
    b.kind_ = Kind::Cr;
  } else if (!v.get("exact").is_null()) {
    b.kind_ = Kind::Exact;
  } else if (!v.get("mad").is_null()) {
    b.kind_ = Kind::Mad;
  } else if (!v.get("info").is_null()) {
    b.kind_ = Kind::Info;
    b.why_ = v.at("info").as_string();
  } else if (!v.get("undefined").is_null()) {
    b.kind_ = Kind::Undefined;
    b.why_ = v.at("undefined").as_string();
  } else {
    throw std::runtime_error("bound: no known key");
  }
  return b;
}

LaneBound BoundSpec::at(const double* args) const {
  LaneBound lb;
  switch (kind_) {
    case Kind::Ulp: lb.bound = {Bound::Kind::Ulps, value_}; break;
    // Correctly rounded: the round-to-nearest-even bits, ties decided exactly.
    // For mad, the reference accepts either of its two real results (a fused
    // product-sum, or the rounded product plus the addend).
    case Kind::Cr:
    case Kind::Mad: lb.bound = {Bound::Kind::CorrectlyRounded, 0.5}; break;
    case Kind::Exact: lb.bound = {Bound::Kind::Ulps, 0}; break;
    case Kind::Abs: lb.bound = {Bound::Kind::Absolute, value_}; break;
    case Kind::UlpPlusFloor: {
      const double x = args[arg_];
      lb.bound = {Bound::Kind::Ulps, value_ + std::floor(std::fabs(factor_ * x))};
      if (std::isnan(x)) lb.bound.value = value_;
      break;
    }
    case Kind::Info:
      lb.kind = LaneBound::Kind::Info;
      lb.bound = {Bound::Kind::Ulps, std::numeric_limits<double>::infinity()};
      break;
    case Kind::Undefined: lb.kind = LaneBound::Kind::Undefined; break;
    case Kind::Pieces:
      for (const auto& p : pieces_)
        if (p->when.holds(args)) return p->then.at(args);
      return otherwise_->at(args);
  }
  return lb;
}

std::string BoundSpec::describe() const {
  char buf[64];
  std::string s;
  switch (kind_) {
    case Kind::Ulp: std::snprintf(buf, sizeof buf, "<= %g ulp", value_); s = buf; break;
    case Kind::Cr: s = "correctly rounded"; break;
    case Kind::Exact: s = "exact (0 ulp)"; break;
    case Kind::Abs: std::snprintf(buf, sizeof buf, "absolute error <= %g", value_); s = buf; break;
    case Kind::UlpPlusFloor:
      std::snprintf(buf, sizeof buf, "<= %g + floor(|%g * arg%u|) ulp", value_, factor_, arg_);
      s = buf;
      break;
    case Kind::Mad: s = "a correctly rounded fma, or a correctly rounded multiply then add"; break;
    case Kind::Info: s = "not judged: " + why_; break;
    case Kind::Undefined: s = "undefined: " + why_; break;
    case Kind::Pieces:
      for (const auto& p : pieces_) s += p->when.describe() + ": " + p->then.describe() + "; ";
      s += "otherwise " + otherwise_->describe();
      break;
  }
  if (!derived_.empty()) s += " (or a derived implementation: " + derived_ + ")";
  return s;
}

std::optional<double> BoundSpec::nominal_ulps() const {
  switch (kind_) {
    case Kind::Ulp: return value_;
    case Kind::Cr: return 0.5;
    case Kind::Exact: return 0.0;
    case Kind::UlpPlusFloor: return value_;
    case Kind::Mad: return 0.5;
    case Kind::Pieces:
      // The first ULP entry among the pieces (relaxed log: 3 ulp outside [0.5, 2]).
      for (const auto& p : pieces_)
        if (auto u = p->then.nominal_ulps()) return u;
      return otherwise_->nominal_ulps();
    default: return std::nullopt;
  }
}

std::string Regime::describe() const {
  std::string s = embedded ? "embedded profile" : "full profile";
  if (relaxed) s += ", relaxed table";
  if (cr_divide_sqrt) s += ", correctly rounded divide and sqrt";
  if (finite_only) s += ", finite math only";
  if (no_signed_zeros) s += ", no signed zeros";
  if (denorms_may_flush) s += ", denormals may flush";
  return s;
}

const char* Regime::table() const {
  if (relaxed) return embedded ? "relaxed_embedded" : "relaxed";
  return embedded ? "embedded" : "full";
}

}  // namespace clconform::suites::math
