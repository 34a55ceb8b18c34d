// The fault injector: each fault on known bytes, the configuration parser,
// and the shim itself altering a real kernel's results on the default
// OpenCL device (through clEnqueueReadBuffer and through a mapped buffer).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "fault_core.hpp"

using namespace clconform::faults;

namespace {

uint32_t fbits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

Fault fault(const std::string& text) {
  std::string error;
  auto f = parse_fault(text, error);
  EXPECT_TRUE(f) << error;
  return f ? *f : Fault{};
}

std::vector<Change> run(const std::string& text, const ElemFormat& f, std::vector<uint32_t>& data,
                        const std::vector<uint32_t>* before = nullptr) {
  return apply_fault(fault(text), f, reinterpret_cast<uint8_t*>(data.data()), data.size() * 4,
                     before ? reinterpret_cast<const uint8_t*>(before->data()) : nullptr);
}

const ElemFormat kFloat{'f', 4, 1, "float"};
const ElemFormat kInt{'i', 4, 1, "int"};

}  // namespace

TEST(ElementFormat, ReadsKernelArgTypeNames) {
  auto f4 = element_format("float4*");
  ASSERT_TRUE(f4);
  EXPECT_EQ(f4->kind, 'f');
  EXPECT_EQ(f4->bytes, 4u);
  EXPECT_EQ(f4->width, 4u);
  auto h = element_format("half*");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->bytes, 2u);
  auto u = element_format("const unsigned char *");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->kind, 'u');
  EXPECT_EQ(u->bytes, 1u);
  auto l16 = element_format("long16*");
  ASSERT_TRUE(l16);
  EXPECT_EQ(l16->kind, 'i');
  EXPECT_EQ(l16->bytes, 8u);
  EXPECT_EQ(l16->width, 16u);
  EXPECT_FALSE(element_format("float"));  // not a pointer
  EXPECT_FALSE(element_format("struct S*"));
  EXPECT_FALSE(element_format("float5*"));
}

TEST(ParseFault, AcceptsEveryFieldAndRejectsNonsense) {
  Fault f = fault("kernel=sin_*;fault=ulp:-3;items=every:7;out=all");
  EXPECT_EQ(f.kernel, "sin_*");
  EXPECT_EQ(f.kind, FaultKind::Ulp);
  EXPECT_EQ(f.k, -3);
  EXPECT_EQ(f.items.mode, Items::Every);
  EXPECT_EQ(f.items.n, 7u);
  EXPECT_EQ(f.out, -1);
  std::string error;
  EXPECT_FALSE(parse_fault("fault=ulp", error));
  EXPECT_NE(error.find("ulp"), std::string::npos);
  EXPECT_FALSE(parse_fault("fault=melt", error));
  EXPECT_FALSE(parse_fault("kernel=x", error));  // no fault
  EXPECT_FALSE(parse_fault("fault=zero;items=some", error));
  EXPECT_FALSE(parse_fault("fault=zero:1", error));
  EXPECT_FALSE(parse_fault("fault=zero;colour=red", error));
}

TEST(ApplyFault, ZeroTakesTheFirstNonzeroElement) {
  std::vector<uint32_t> d = {0, fbits(2.0f), fbits(3.0f)};
  auto c = run("fault=zero", kFloat, d);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].element, 1u);
  EXPECT_EQ(d, (std::vector<uint32_t>{0, 0, fbits(3.0f)}));
}

TEST(ApplyFault, UlpMovesAwayFromZeroAndSkipsSpecials) {
  std::vector<uint32_t> d = {0x7f800000u, 0x00000001u, fbits(-1.0f), fbits(1.0f)};
  auto c = run("fault=ulp:5;items=all", kFloat, d);
  ASSERT_EQ(c.size(), 2u);  // the infinity and the subnormal are left alone
  EXPECT_EQ(d[0], 0x7f800000u);
  EXPECT_EQ(d[1], 0x00000001u);
  EXPECT_EQ(d[2], fbits(-1.0f) + 5);
  EXPECT_EQ(d[3], fbits(1.0f) + 5);
  // The largest finite float has no finite neighbour further out.
  std::vector<uint32_t> big = {0x7f7fffffu};
  EXPECT_TRUE(run("fault=ulp:1", kFloat, big).empty());
  std::vector<uint32_t> ints = {0xffffffffu, 7};
  run("fault=ulp:2;items=all", kInt, ints);
  EXPECT_EQ(ints, (std::vector<uint32_t>{1, 9}));
}

TEST(ApplyFault, SignOfZeroAndNanPayload) {
  std::vector<uint32_t> d = {fbits(1.0f), 0x80000000u, 0x7fc00000u, 0x7f800001u};
  run("fault=signzero", kFloat, d);
  EXPECT_EQ(d[1], 0u);
  run("fault=nanpayload;items=all", kFloat, d);
  EXPECT_EQ(d[2], 0x7fc00001u);
  EXPECT_EQ(d[3], 0x7f800003u);  // flipping bit 0 would make an infinity
  std::vector<uint32_t> ints = {0, 0x7fc00000u};
  EXPECT_TRUE(run("fault=signzero;items=all", kInt, ints).empty());
  EXPECT_TRUE(run("fault=nanpayload;items=all", kInt, ints).empty());
}

TEST(ApplyFault, SwapExchangesADifferingPair) {
  std::vector<uint32_t> d = {5, 5, 1, 2, 3, 4};
  auto c = run("fault=swap", kInt, d);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(d, (std::vector<uint32_t>{5, 5, 2, 1, 3, 4}));
}

TEST(ApplyFault, DropPutsBackTheLastWrittenElements) {
  const std::vector<uint32_t> before(6, 0xa5a5a5a5u);
  std::vector<uint32_t> d = {1, 2, 3, 4, 0xa5a5a5a5u, 0xa5a5a5a5u};
  auto c = run("fault=drop", kInt, d, &before);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].element, 3u);
  EXPECT_EQ(d[3], 0xa5a5a5a5u);
  d = {1, 2, 3, 4, 5, 6};
  run("fault=drop;items=every:2", kInt, d, &before);
  EXPECT_EQ(d, (std::vector<uint32_t>{1, 0xa5a5a5a5u, 3, 0xa5a5a5a5u, 5, 0xa5a5a5a5u}));
}

TEST(ApplyFault, LeavesThePaddingLaneOfThreeVectors) {
  const ElemFormat f3{'i', 4, 3, "int"};
  std::vector<uint32_t> d = {1, 2, 3, 99, 4, 5, 6, 99};
  run("fault=zero;items=all", f3, d);
  EXPECT_EQ(d, (std::vector<uint32_t>{0, 0, 0, 99, 0, 0, 0, 99}));
}

// The shim on a real device: the probe's 16 results, altered or not.
namespace {

std::vector<uint32_t> probe(const std::string& env, const std::string& mode) {
  const std::string cmd = env + " " + CLCONFORM_SHIM_PROBE + " " + mode;
  std::vector<uint32_t> out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[512] = {};
  std::string line;
  while (std::fgets(buf, sizeof buf, p)) line += buf;
  const int rc = pclose(p);
  if (rc != 0) return out;
  std::istringstream in(line);
  std::string tok;
  while (in >> tok) out.push_back(uint32_t(std::stoul(tok, nullptr, 16)));
  return out;
}

std::string with_shim(const std::string& fault) {
  return std::string("LD_PRELOAD=") + CLCONFORM_FAULT_SHIM + " CLCONFORM_FAULT='" + fault + "'";
}

}  // namespace

class ShimOnDevice : public ::testing::TestWithParam<const char*> {};

TEST_P(ShimOnDevice, AltersOnlyWhatTheFaultSays) {
  const std::string mode = GetParam();
  const std::vector<uint32_t> clean = probe("", mode);
  ASSERT_EQ(clean.size(), 16u) << "the probe could not run on the default OpenCL device";
  EXPECT_EQ(clean[0], fbits(2.0f));  // the probe's own arithmetic

  // Loaded but with no fault configured: a pure pass-through.
  EXPECT_EQ(probe(std::string("LD_PRELOAD=") + CLCONFORM_FAULT_SHIM, mode), clean);
  // A glob that matches no kernel.
  EXPECT_EQ(probe(with_shim("kernel=other;fault=zero;items=all"), mode), clean);

  std::vector<uint32_t> want = clean;
  want[0] = 0;  // first nonzero result
  EXPECT_EQ(probe(with_shim("kernel=tw*;fault=zero"), mode), want);

  want = clean;
  for (uint32_t& b : want)
    if ((b & 0x7fffffffu) != 0) b += 3;  // every normal result, 3 ulps further from zero
  EXPECT_EQ(probe(with_shim("fault=ulp:3;items=all"), mode), want);

  want = clean;
  want[1] ^= 0x80000000u;  // 0 * 2 = +0 becomes -0
  EXPECT_EQ(probe(with_shim("fault=signzero"), mode), want);

  want = clean;
  want[15] = 0xa5a5a5a5u;  // the last result left as it was before the kernel
  EXPECT_EQ(probe(with_shim("fault=drop"), mode), want);

  want = clean;
  std::swap(want[0], want[1]);
  EXPECT_EQ(probe(with_shim("fault=swap"), mode), want);
}

INSTANTIATE_TEST_SUITE_P(ReadAndMap, ShimOnDevice, ::testing::Values("read", "map"));

TEST(ShimConfig, MalformedFaultExitsTwo) {
  const std::string cmd = with_shim("fault=melt") + " " + CLCONFORM_SHIM_PROBE + " read >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 2);
}
