// BuildServer against the real clconform binary on the default device: a
// program built by the server, loaded from its binary here, runs; a source
// that does not build and a server that died give no binary, and the
// server's process is gone once the BuildServer is.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <CL/opencl.hpp>

#include "build_server.hpp"
#include "device.hpp"

namespace {

using clconform::BuildServer;

const char* kSource = "__kernel void k(__global int* out) { out[get_global_id(0)] = 40 + (int)get_global_id(0); }";

TEST(BuildServer, BinaryLoadsAndRunsHere) {
  const clconform::DeviceHandle h = clconform::select_device("");
  BuildServer server(CLCONFORM_BINARY, h.info.selector);
  const auto binary = server.binary(kSource, "");
  ASSERT_TRUE(binary.has_value());
  cl::Context ctx(h.device);
  cl::Program p(ctx, {h.device}, cl::Program::Binaries{*binary});
  p.build({h.device});
  cl::CommandQueue q(ctx, h.device);
  cl::Buffer out(ctx, CL_MEM_WRITE_ONLY, 4 * sizeof(cl_int));
  cl::Kernel k(p, "k");
  k.setArg(0, out);
  q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(4));
  cl_int got[4] = {};
  q.enqueueReadBuffer(out, CL_TRUE, 0, sizeof got, got);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got[i], 40 + i);
  // The same server builds again, with options.
  EXPECT_TRUE(server.binary(kSource, "-cl-fast-relaxed-math").has_value());
}

TEST(BuildServer, FailedBuildGivesNoBinaryAndTheServerGoesOn) {
  const clconform::DeviceHandle h = clconform::select_device("");
  BuildServer server(CLCONFORM_BINARY, h.info.selector);
  EXPECT_FALSE(server.binary("__kernel void k( { syntax error", "").has_value());
  EXPECT_FALSE(server.binary(kSource, "-no-such-option").has_value());
  EXPECT_TRUE(server.binary(kSource, "").has_value());
}

TEST(BuildServer, DeadServerGivesNoBinary) {
  BuildServer server(CLCONFORM_BINARY, "99:99");  // no such device: the server exits at once
  EXPECT_FALSE(server.binary(kSource, "").has_value());
  EXPECT_FALSE(server.binary(kSource, "").has_value());
}

TEST(BuildServer, MissingProgramThrows) {
  EXPECT_THROW(BuildServer("/nonexistent/clconform", "0:0"), std::runtime_error);
}

}  // namespace
