// The staged sweeps' buffer pool (harness/staged_buffers.hpp) on the
// default OpenCL device: a waiting buffer is lent again when it fits (of
// the same kind, at most twice the size asked), the pool keeps no more than
// its limit, and a buffer that cannot be made releases what waits.
#include <gtest/gtest.h>

#include <cstring>

#include "device.hpp"
#include "staged_buffers.hpp"

namespace clconform {
namespace {

struct PoolTest : testing::Test {
  DeviceHandle h = select_device("");
  cl::Context context{h.device};
  cl::CommandQueue queue{context, h.device};
};

TEST_F(PoolTest, AWaitingBufferIsLentAgainWhenItFits) {
  StagedBufferPool pool(context, queue, 1 << 20);
  StagedBuffer a = pool.take(1000, true, queue);
  ASSERT_NE(a.host, nullptr);
  EXPECT_FALSE(a.reused);
  std::memset(a.host, 7, 1000);  // the mapped pinned half is the host's to write
  uint8_t* const host = a.host;
  pool.give_back(std::move(a));
  StagedBuffer b = pool.take(800, true, queue);  // 1000 <= 2 * 800: lent again
  EXPECT_TRUE(b.reused);
  EXPECT_EQ(b.host, host);
  EXPECT_EQ(b.capacity, 1000u);
  pool.give_back(std::move(b));
  StagedBuffer c = pool.take(400, true, queue);  // 1000 > 2 * 400: a new one
  EXPECT_FALSE(c.reused);
  StagedBuffer d = pool.take(1000, false, queue);  // an input: another kind
  EXPECT_FALSE(d.reused);
  EXPECT_EQ(pool.made(), 3u);
  EXPECT_EQ(pool.taken(), 4u);
  pool.give_back(std::move(c));
  pool.give_back(std::move(d));
}

// Each buffer counts twice (device and pinned halves): with a limit of
// 3,000 bytes one 1,000-byte buffer may wait, not two.
TEST_F(PoolTest, NoMoreWaitsThanTheLimit) {
  StagedBufferPool pool(context, queue, 3000);
  StagedBuffer a = pool.take(1000, true, queue), b = pool.take(1000, true, queue);
  pool.give_back(std::move(a));
  pool.give_back(std::move(b));
  StagedBuffer c = pool.take(1000, true, queue), d = pool.take(1000, true, queue);
  EXPECT_TRUE(c.reused);
  EXPECT_FALSE(d.reused);
  EXPECT_EQ(pool.made(), 3u);
  pool.give_back(std::move(c));
  pool.give_back(std::move(d));
}

// A buffer larger than the device allows fails to be made; the pool then
// releases its waiting buffers (whose memory might have been what was
// missing), so the next buffer is made anew.
TEST_F(PoolTest, AFailedMakeReleasesWhatWaits) {
  StagedBufferPool pool(context, queue, 1 << 20);
  pool.give_back(pool.take(1000, true, queue));
  EXPECT_THROW(pool.take(size_t(h.info.max_alloc_bytes) * 4, true, queue), cl::Error);
  StagedBuffer b = pool.take(1000, true, queue);
  EXPECT_FALSE(b.reused);
  EXPECT_EQ(pool.made(), 3u);  // the first, the failed one and this
  pool.give_back(std::move(b));
}

}  // namespace
}  // namespace clconform
