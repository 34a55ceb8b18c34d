// Bounds as the catalog writes them (generators/clgen/math_catalog.py
// documents the JSON), and the choice of table for a run: the full or
// embedded profile (7.4), the relaxed table under
// -cl-unsafe-math-optimizations / -cl-fast-relaxed-math, or correctly
// rounded divide and sqrt under -cl-fp32-correctly-rounded-divide-sqrt on a
// device that reports CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "json.hpp"
#include "reference/math/judge.hpp"

namespace clconform::suites::math {

// What a bound says for one input tuple.
struct LaneBound {
  enum class Kind {
    Judge,      // within `bound` of the real result
    Info,       // measured and reported, never failed
    Undefined,  // the spec defines nothing for this input: not judged
  } kind = Kind::Judge;
  ref::math::Bound bound;
};

class BoundSpec {
 public:
  // Throws std::runtime_error naming what is malformed.
  static BoundSpec parse(const json::Value& v);
  static BoundSpec correctly_rounded();

  LaneBound at(const double* args) const;
  // One line for the case's detail: "<= 4 ulp", "correctly rounded", ...
  std::string describe() const;
  // The ULP bound for the report when one number describes the spec.
  std::optional<double> nominal_ulps() const;
  // Measured only, for every input (native_, lgamma).
  bool informational() const { return kind_ == Kind::Info; }
  // The same bound for every input: at() need not be asked per lane.
  bool constant() const { return kind_ != Kind::UlpPlusFloor && kind_ != Kind::Pieces; }
  // The relaxed table's formula for a derived implementation, or "".
  const std::string& derived() const { return derived_; }

 private:
  enum class Kind { Ulp, Cr, Exact, Mad, Info, Undefined, Abs, UlpPlusFloor, Pieces };
  struct Cond;
  struct Piece;
  Kind kind_ = Kind::Exact;
  double value_ = 0;
  unsigned arg_ = 0;
  double factor_ = 0;
  std::string why_, derived_;
  std::vector<std::shared_ptr<const Piece>> pieces_;
  std::shared_ptr<const BoundSpec> otherwise_;
};

// The run's floating-point regime, from the device and the build options.
struct Regime {
  bool embedded = false;          // CL_DEVICE_PROFILE is EMBEDDED_PROFILE
  bool relaxed = false;           // -cl-unsafe-math-optimizations or -cl-fast-relaxed-math: the relaxed table
  bool finite_only = false;       // -cl-finite-math-only or -cl-fast-relaxed-math: no NaN or inf arguments or results
  bool no_signed_zeros = false;   // -cl-no-signed-zeros (implied by the two above): a zero's sign is insignificant
  bool cr_divide_sqrt = false;    // -cl-fp32-correctly-rounded-divide-sqrt on a device with CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT
  bool denorms_may_flush = false; // CaseRun::may_flush_denormals(4)

  // "full profile", "embedded profile, relaxed table", ...
  std::string describe() const;
  // Which of the catalog's four tables ("full", "embedded", "relaxed", "relaxed_embedded").
  const char* table() const;
};

}  // namespace clconform::suites::math
