// vectors.selftest: the host references against the examples the spec
// itself gives (6.3.7 component selections, 6.5 operator results), so a
// reference bug cannot hide behind a device that shares it. Runs no kernel.
#include <cstring>
#include <limits>
#include <stdexcept>

#include "checks.hpp"
#include "operator_reference.hpp"
#include "swizzle.hpp"
#include "vectors_checks.hpp"

namespace clconform::suites::vectors {
namespace {

TypeDesc scalar(const std::string& name, TypeDesc::Kind kind, unsigned size) {
  TypeDesc t;
  t.name = t.elem = name;
  t.kind = kind;
  t.elem_size = size;
  return t;
}

std::string lanes_text(const std::vector<int>& lanes) {
  std::string s;
  for (int l : lanes) s += (s.empty() ? "" : ",") + std::to_string(l);
  return "{" + s + "}";
}

void check_selftest(CaseRun& run) {
  auto expect_lanes = [&](const std::string& sel, unsigned n, const std::vector<int>& want) {
    const std::vector<int> got = selected_lanes(sel, n);
    if (got == want) return run.result.pass();
    run.result.fail({0, -1, {"." + sel}, lanes_text(got), lanes_text(want), "lanes of a " + std::to_string(n) + "-vector"});
  };
  auto expect_illegal = [&](const std::string& sel, unsigned n) {
    try {
      selected_lanes(sel, n);
      run.result.fail({0, -1, {"." + sel}, "accepted", "rejected", "illegal on a " + std::to_string(n) + "-vector"});
    } catch (const std::invalid_argument&) {
      run.result.pass();
    }
  };
  // 6.3.7's examples.
  expect_lanes("wzyx", 4, {3, 2, 1, 0});
  expect_lanes("xxyy", 4, {0, 0, 1, 1});
  expect_lanes("xw", 4, {0, 3});
  expect_lanes("s7", 8, {7});
  expect_lanes("sa", 16, {10});
  expect_lanes("sA", 16, {10});
  expect_lanes("sF", 16, {15});
  expect_lanes("lo", 4, {0, 1});
  expect_lanes("hi", 4, {2, 3});
  expect_lanes("even", 4, {0, 2});
  expect_lanes("odd", 4, {1, 3});
  expect_lanes("even.hi", 8, {4, 6});
  expect_lanes("odd.lo", 8, {1, 3});
  expect_lanes("lo", 3, {0, 1});
  expect_lanes("hi", 3, {2, -1});  // (3.0f, undefined)
  expect_illegal("z", 2);
  expect_illegal("w", 3);
  expect_illegal("x12w", 4);
  expect_illegal("xxxxxxx", 4);
  expect_illegal("s8", 8);

  auto expect_op = [&](const std::string& op, const TypeDesc& t, uint64_t a, uint64_t b, uint64_t c, uint64_t want) {
    const uint64_t got = apply(op, t, a, b, c);
    if (got == want) return run.result.pass();
    run.result.fail({0, -1, {hex_bits(a, t.elem_size), hex_bits(b, t.elem_size), hex_bits(c, t.elem_size)},
                     hex_bits(got, t.elem_size), hex_bits(want, t.elem_size), op + " on " + t.name});
  };
  const TypeDesc i32 = scalar("int", TypeDesc::Kind::Int, 4), u32 = scalar("uint", TypeDesc::Kind::Uint, 4);
  const TypeDesc i8 = scalar("char", TypeDesc::Kind::Int, 1), f32 = scalar("float", TypeDesc::Kind::Float, 4);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  uint32_t nan_bits;
  std::memcpy(&nan_bits, &nan, 4);
  expect_op("lt", i32, 1, 2, 0, 0xffffffff);       // 6.5.4: true is -1 in a vector lane
  expect_op("lt", i32, 0xffffffff, 0, 0, 0xffffffff);  // -1 < 0 signed
  expect_op("lt", u32, 0xffffffff, 0, 0, 0);       // but not unsigned
  expect_op("eq", f32, nan_bits, nan_bits, 0, 0);  // 6.5.5: NaN == NaN is false
  expect_op("ne", f32, nan_bits, nan_bits, 0, 0xffffffff);
  expect_op("eq", f32, 0x80000000, 0, 0, 0xffffffff);  // -0 == +0
  expect_op("shl", u32, 1, 33, 0, 2);              // 6.5.10: count 33 & 31 = 1
  expect_op("shr", i8, 0x80, 9, 0, 0xc0);          // count 9 & 7 = 1, ones shifted in
  expect_op("select", i32, 5, 7, 0x00000001, 7);   // 6.5.9 via select: the MSB decides
  expect_op("select", i32, 5, 7, 0x80000000, 5);
  expect_op("land", f32, nan_bits, 0x3f800000, 0, 0xffffffff);  // NaN is not zero
  expect_op("lnot", f32, 0x80000000, 0, 0, 0xffffffff);         // !(-0.0f)
  expect_op("add", u32, 0xffffffff, 2, 0, 1);      // unsigned wrap
  expect_op("div", i32, uint32_t(-7), 2, 0, uint32_t(-3));  // C99 truncation
  expect_op("rem", i32, uint32_t(-7), 2, 0, uint32_t(-1));
  run.result.detail = std::to_string(run.result.checked) + " spec examples against the host references";
}

}  // namespace

void register_selftest_check() { register_check("vectors.selftest", check_selftest); }

}  // namespace clconform::suites::vectors
