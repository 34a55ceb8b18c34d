#include "reference/integer_ext.hpp"

namespace clconform::ref {
namespace {

uint64_t low_bits(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

int64_t component(uint32_t word, unsigned i, bool is_signed) {
  const uint32_t byte = (word >> (8 * i)) & 0xFFu;
  return is_signed ? int64_t(int8_t(uint8_t(byte))) : int64_t(byte);
}

}  // namespace

bool bitfield_defined(unsigned offset, unsigned count, unsigned bits) {
  return offset <= bits && count <= bits && offset + count <= bits;
}

uint64_t bitfield_insert(uint64_t base, uint64_t insert, unsigned offset, unsigned count, unsigned bits) {
  const uint64_t field = offset >= 64 ? 0 : low_bits(count) << offset;
  const uint64_t moved = offset >= 64 ? 0 : insert << offset;
  return ((base & ~field) | (moved & field)) & low_bits(bits);
}

uint64_t bitfield_extract(uint64_t base, unsigned offset, unsigned count, unsigned bits, bool sign_extend) {
  if (count == 0) return 0;
  uint64_t v = (base >> offset) & low_bits(count);
  if (sign_extend && ((v >> (count - 1)) & 1)) v |= ~low_bits(count);
  return v & low_bits(bits);
}

uint64_t bit_reverse(uint64_t base, unsigned bits) {
  uint64_t r = 0;
  for (unsigned n = 0; n < bits; ++n) r |= ((base >> (bits - n - 1)) & 1) << n;
  return r;
}

int64_t dot_4x8(uint32_t a, bool a_signed, uint32_t b, bool b_signed) {
  int64_t sum = 0;
  for (unsigned i = 0; i < 4; ++i) sum += component(a, i, a_signed) * component(b, i, b_signed);
  return sum;
}

uint32_t dot_acc_sat_4x8(uint32_t a, bool a_signed, uint32_t b, bool b_signed, uint32_t acc, bool result_signed) {
  const int64_t s = dot_4x8(a, a_signed, b, b_signed) + (result_signed ? int64_t(int32_t(acc)) : int64_t(acc));
  const int64_t lo = result_signed ? INT32_MIN : 0, hi = result_signed ? INT32_MAX : UINT32_MAX;
  return uint32_t(s < lo ? lo : s > hi ? hi : s);
}

}  // namespace clconform::ref
