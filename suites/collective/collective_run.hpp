// What the workgroup and subgroups checks share: NDRange shapes from a
// case's params, inputs by class, one launch per shape, and where a
// work-item sits in its work-group.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "case_run.hpp"
#include "reference/collective.hpp"

namespace clconform::suites::collective {

struct Shape {
  unsigned dims = 1;
  std::array<size_t, 3> global{1, 1, 1}, local{1, 1, 1};
  size_t items() const { return global[0] * global[1] * global[2]; }
  size_t group_items() const { return local[0] * local[1] * local[2]; }
  size_t groups() const { return items() / group_items(); }
  std::string text() const;  // "global (16,12) local (4,3)"
};

// Where the work-item of global linear id G (x + Gx*(y + Gy*z), no offset)
// sits: its work-group's ids and linear id, its local ids and local linear id.
struct Place {
  std::array<size_t, 3> group{0, 0, 0}, local{0, 0, 0};
  size_t group_linear = 0, local_linear = 0;
};
Place locate(const Shape& s, size_t g);

std::vector<Shape> shapes(const json::Value& arr);
size_t largest_group(const std::vector<Shape>& shapes);

// The case's element type from its "format" and "bytes" params.
ref::ElemType elem_type(const json::Value& params);

// A reduce or scan case's parameters: element type, kind, operation,
// built-in name, and float add's exponent range for make_inputs (0 where
// the case has none).
struct CollectiveParams {
  ref::ElemType t;
  ref::CollectiveKind kind;
  ref::CollectiveOp op;
  std::string fn;
  int exp_range = 0;
};
CollectiveParams collective_params(const json::Value& params);

// N inputs of class CLS (int_full, int_add, float_add, float_minmax, vote)
// for type T, from the run's seed and STREAM; EXP_RANGE is float_add's E.
std::vector<uint64_t> make_inputs(const std::string& cls, ref::ElemType t, int exp_range, uint64_t seed,
                                  uint64_t stream, size_t n);

std::vector<uint8_t> pack(const std::vector<uint64_t>& v, unsigned bytes);
std::vector<uint64_t> unpack(const std::vector<uint8_t>& b, unsigned bytes);

// Runs K over shape S with IN as argument 0 and fresh buffers of OUT_BYTES
// (filled with 0xA5) as the next arguments; returns what the outputs hold.
std::vector<std::vector<uint8_t>> launch(CaseRun& run, cl::Kernel& k, const std::vector<uint8_t>& in,
                                         const std::vector<size_t>& out_bytes, const Shape& s);

// A wrong value of type T at work-item G of shape SHAPE_INDEX.
Mismatch wrong(ref::ElemType t, size_t shape_index, size_t g, const std::string& where, uint64_t input,
               uint64_t got, uint64_t want, const std::string& note);

}  // namespace clconform::suites::collective
