// Showing the bit patterns of a record as numbers. A record stores inputs
// and outputs as hex bits; the type that gives them meaning comes from the
// record's "types" key when it has one, else from the OpenCL type names in
// the case id ("math.sin.float4"), and only when that is unambiguous for the
// pattern's width: as_type between float and int, for one, stays hex only.
#pragma once

#include <string>

#include "reports/run_data.hpp"

namespace clconform::reports {

// The scalar OpenCL type a token of a case id names: "float4" -> "float",
// "uint" -> "uint"; empty for anything else ("sin", "rte", "float5").
std::string scalar_type_of(const std::string& token);

struct Shown {
  std::string bits;     // as recorded
  std::string type;     // scalar type used to decode; empty when none could be inferred
  std::string decimal;  // the value in decimal; empty when undecoded

  std::string plain() const;  // "0x3fc00000 (float 1.5)" or just the bits
};

class ValueReader {
 public:
  explicit ValueReader(const CaseRecord& c);
  Shown input(size_t arg, const std::string& bits) const;
  Shown output(const std::string& bits) const;
  // The expected value may be bits or already a decimal reference value.
  Shown expected(const std::string& bits_or_value) const;

 private:
  Shown decode(const std::string& bits, const std::string& declared) const;
  const CaseRecord& c_;
  std::string by_width_[4];  // the one type of 8, 16, 32, 64 bits the id names, if exactly one
};

}  // namespace clconform::reports
