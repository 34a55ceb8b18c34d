#include "reference/integer_block.hpp"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace clconform::ref::integer {
namespace {

using i128 = __int128;
using u128 = unsigned __int128;

// Wide enough for a sum or difference of two values of T, of either sign.
template <class T>
using SumT = std::conditional_t<(sizeof(T) <= 2), int32_t, std::conditional_t<sizeof(T) == 4, int64_t, i128>>;
// Wide enough for the product of two values of T plus a third (mad_sat):
// signed types' SumT; unsigned types' unsigned double width.
template <class T>
using ProdT = std::conditional_t<std::is_signed_v<T>, SumT<T>,
                                 std::conditional_t<(sizeof(T) <= 2), uint32_t,
                                                    std::conditional_t<sizeof(T) == 4, uint64_t, u128>>>;
// Unsigned arithmetic modulo 2^bits without C's promotion to int.
template <class T>
using WrapT = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;

template <class T>
constexpr unsigned kBits = 8 * sizeof(T);
template <class T>
constexpr T kMin = std::numeric_limits<T>::min();
template <class T>
constexpr T kMax = std::numeric_limits<T>::max();

template <class T, class W>
inline T saturate(W v) {
  return T(v < W(kMin<T>) ? W(kMin<T>) : v > W(kMax<T>) ? W(kMax<T>) : v);
}

// A shift or rotate count: the count's pattern as unsigned, modulo the width.
template <class T>
inline unsigned count_of(T b) {
  return unsigned(std::make_unsigned_t<T>(b)) & (kBits<T> - 1);
}

template <class T>
inline T mul_hi(T a, T b) {
  // The exact product's floor division by 2^bits: an arithmetic shift of
  // the (signed) double-width product.
  return T((ProdT<T>(a) * ProdT<T>(b)) >> kBits<T>);
}

// Whether FN is defined on (a, b, c).
template <Fn F, class T>
inline bool defined_at(T a, T b, T c) {
  if constexpr (F == Fn::Clamp) {
    return b <= c;
  } else if constexpr (F == Fn::Mul24 || F == Fn::Mad24) {
    if constexpr (std::is_signed_v<T>)
      return a >= -(T(1) << 23) && a < (T(1) << 23) && b >= -(T(1) << 23) && b < (T(1) << 23);
    else
      return a < (T(1) << 24) && b < (T(1) << 24);
  } else if constexpr (F == Fn::OpDiv || F == Fn::OpRem) {
    if constexpr (std::is_signed_v<T>) return b != 0 && !(b == T(-1) && a == kMin<T>);
    else return b != 0;
  } else if constexpr (F == Fn::OpShl) {
    if constexpr (std::is_signed_v<T>) return a >= 0 && a <= T(kMax<T> >> count_of(b));
    else return true;
  } else {
    (void)a, (void)b, (void)c;
    return true;
  }
}

// FN's result on (a, b, c), as R; meaningless where not defined_at.
template <Fn F, class T, class R>
inline R result_at(T a, T b, T c) {
  using U = std::make_unsigned_t<T>;
  using W = WrapT<T>;
  constexpr unsigned B = kBits<T>;
  if constexpr (F == Fn::Abs) {
    return R(a < T(0) ? U(W(0) - W(U(a))) : U(a));
  } else if constexpr (F == Fn::AbsDiff) {
    return R(a > b ? U(W(U(a)) - W(U(b))) : U(W(U(b)) - W(U(a))));
  } else if constexpr (F == Fn::AddSat || F == Fn::SubSat) {
    if constexpr (sizeof(T) < 8) {
      return R(saturate<T>(F == Fn::AddSat ? SumT<T>(a) + SumT<T>(b) : SumT<T>(a) - SumT<T>(b)));
    } else {
      T r;
      const bool over = F == Fn::AddSat ? __builtin_add_overflow(a, b, &r) : __builtin_sub_overflow(a, b, &r);
      if (!over) return R(r);
      if constexpr (std::is_signed_v<T>) return R(a < 0 ? kMin<T> : kMax<T>);
      else return R(F == Fn::AddSat ? kMax<T> : kMin<T>);
    }
  } else if constexpr (F == Fn::Hadd) {
    // floor((a + b) / 2) without the sum: the halves, plus the carry of the low bits.
    return R(T((a >> 1) + (b >> 1) + (a & b & 1)));
  } else if constexpr (F == Fn::Rhadd) {
    return R(T((a >> 1) + (b >> 1) + ((a | b) & 1)));
  } else if constexpr (F == Fn::Clamp) {
    return R(a < b ? b : a > c ? c : a);
  } else if constexpr (F == Fn::Clz) {
    return R(U(a) == 0 ? B : unsigned(__builtin_clzll(uint64_t(U(a)))) - (64 - B));
  } else if constexpr (F == Fn::Ctz) {
    return R(U(a) == 0 ? B : unsigned(__builtin_ctzll(uint64_t(U(a)))));
  } else if constexpr (F == Fn::Popcount) {
    return R(unsigned(__builtin_popcountll(uint64_t(U(a)))));
  } else if constexpr (F == Fn::MulHi) {
    return R(mul_hi(a, b));
  } else if constexpr (F == Fn::MadHi) {
    return R(T(U(W(U(mul_hi(a, b))) + W(U(c)))));
  } else if constexpr (F == Fn::MadSat) {
    const ProdT<T> v = ProdT<T>(a) * ProdT<T>(b) + ProdT<T>(c);
    if constexpr (std::is_signed_v<T>) return R(saturate<T>(v));
    else return R(v > ProdT<T>(kMax<T>) ? kMax<T> : T(v));
  } else if constexpr (F == Fn::Max) {
    return R(a < b ? b : a);
  } else if constexpr (F == Fn::Min) {
    return R(b < a ? b : a);
  } else if constexpr (F == Fn::Rotate) {
    const W u = W(U(a));
    const unsigned k = count_of(b);
    return R(T(U((u << k) | (u >> ((B - k) & (B - 1))))));
  } else if constexpr (F == Fn::Upsample) {
    // R is twice T's width with T's signedness; lo (b) is unsigned.
    using UR = std::make_unsigned_t<R>;
    return R(UR(UR(UR(R(a)) << B) | UR(U(b))));
  } else if constexpr (F == Fn::Mul24 || F == Fn::Mad24) {
    // The operands' low 24 bits as 24-bit values of T's signedness; the
    // product (plus c) modulo 2^32.
    static_assert(sizeof(T) == 4);
    uint32_t x = uint32_t(a) & 0xFFFFFFu, y = uint32_t(b) & 0xFFFFFFu;
    if constexpr (std::is_signed_v<T>) {
      x = uint32_t(int32_t(x << 8) >> 8);
      y = uint32_t(int32_t(y << 8) >> 8);
    }
    return R(T(x * y + (F == Fn::Mad24 ? uint32_t(c) : 0u)));
  } else if constexpr (F == Fn::OpDiv || F == Fn::OpRem) {
    // Undefined lanes divide by 1 instead (no trap; their result is not judged).
    const T d = defined_at<F, T>(a, b, c) ? b : T(1);
    return R(T(F == Fn::OpDiv ? a / d : a % d));
  } else if constexpr (F == Fn::OpShl) {
    return R(T(U(W(U(a)) << count_of(b))));
  } else if constexpr (F == Fn::OpShr) {
    return R(T(a >> count_of(b)));  // arithmetic for signed a (GCC and Clang define it so)
  } else if constexpr (F == Fn::OpAdd) {
    return R(T(U(W(U(a)) + W(U(b)))));
  } else if constexpr (F == Fn::OpSub) {
    return R(T(U(W(U(a)) - W(U(b)))));
  } else if constexpr (F == Fn::OpMul) {
    return R(T(U(W(U(a)) * W(U(b)))));
  } else {
    static_assert(F == Fn::OpLt);
    return R(a < b ? 1 : 0);
  }
}

template <Fn F, class T, class R>
void eval_block(const void* const* args, std::size_t n, void* out, void* defined) {
  const unsigned arity_f = arity(F);
  const T* __restrict x = static_cast<const T*>(args[0]);
  const T* __restrict y = arity_f > 1 ? static_cast<const T*>(args[1]) : x;
  const T* __restrict z = arity_f > 2 ? static_cast<const T*>(args[2]) : x;
  R* __restrict o = static_cast<R*>(out);
  R* __restrict d = static_cast<R*>(defined);
  for (std::size_t i = 0; i < n; ++i) {
    const T a = x[i], b = y[i], c = z[i];
    o[i] = result_at<F, T, R>(a, b, c);
    d[i] = defined_at<F, T>(a, b, c) ? R(~R(0)) : R(0);
  }
}

template <class T>
using Twice = std::conditional_t<
    sizeof(T) == 1, std::conditional_t<std::is_signed_v<T>, int16_t, uint16_t>,
    std::conditional_t<sizeof(T) == 2, std::conditional_t<std::is_signed_v<T>, int32_t, uint32_t>,
                       std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>>>;

// The instance of F for T, the result type chosen from RESULT.
template <Fn F, class T>
BlockEval pick(IntFormat result) {
  using U = std::make_unsigned_t<T>;
  auto fits = [&](unsigned bits, bool is_signed) { return result.bits == bits && result.is_signed == is_signed; };
  if constexpr (F == Fn::Abs || F == Fn::AbsDiff) {
    return fits(kBits<T>, false) ? &eval_block<F, T, U> : nullptr;
  } else if constexpr (F == Fn::Upsample) {
    if constexpr (sizeof(T) == 8) return nullptr;
    else return fits(2 * kBits<T>, std::is_signed_v<T>) ? &eval_block<F, T, Twice<T>> : nullptr;
  } else if constexpr (F == Fn::Mul24 || F == Fn::Mad24) {
    if constexpr (sizeof(T) != 4) return nullptr;
    else return fits(32, std::is_signed_v<T>) ? &eval_block<F, T, T> : nullptr;
  } else if constexpr (F == Fn::OpLt) {
    // 1 or 0 in the comparison's result type, of any size.
    switch (result.bits) {
      case 8: return result.is_signed ? &eval_block<F, T, int8_t> : &eval_block<F, T, uint8_t>;
      case 16: return result.is_signed ? &eval_block<F, T, int16_t> : &eval_block<F, T, uint16_t>;
      case 32: return result.is_signed ? &eval_block<F, T, int32_t> : &eval_block<F, T, uint32_t>;
      case 64: return result.is_signed ? &eval_block<F, T, int64_t> : &eval_block<F, T, uint64_t>;
      default: return nullptr;
    }
  } else {
    return fits(kBits<T>, std::is_signed_v<T>) ? &eval_block<F, T, T> : nullptr;
  }
}

template <class T>
BlockEval pick_fn(Fn fn, IntFormat result) {
  switch (fn) {
#define CLCONFORM_BLOCK_CASE(F) \
  case Fn::F: return pick<Fn::F, T>(result);
    CLCONFORM_BLOCK_CASE(Abs) CLCONFORM_BLOCK_CASE(AbsDiff) CLCONFORM_BLOCK_CASE(AddSat) CLCONFORM_BLOCK_CASE(Hadd)
    CLCONFORM_BLOCK_CASE(Rhadd) CLCONFORM_BLOCK_CASE(Clamp) CLCONFORM_BLOCK_CASE(Clz) CLCONFORM_BLOCK_CASE(Ctz)
    CLCONFORM_BLOCK_CASE(MadHi) CLCONFORM_BLOCK_CASE(MadSat) CLCONFORM_BLOCK_CASE(Max) CLCONFORM_BLOCK_CASE(Min)
    CLCONFORM_BLOCK_CASE(MulHi) CLCONFORM_BLOCK_CASE(Rotate) CLCONFORM_BLOCK_CASE(SubSat)
    CLCONFORM_BLOCK_CASE(Upsample) CLCONFORM_BLOCK_CASE(Popcount) CLCONFORM_BLOCK_CASE(Mad24)
    CLCONFORM_BLOCK_CASE(Mul24) CLCONFORM_BLOCK_CASE(OpDiv) CLCONFORM_BLOCK_CASE(OpRem) CLCONFORM_BLOCK_CASE(OpShl)
    CLCONFORM_BLOCK_CASE(OpShr) CLCONFORM_BLOCK_CASE(OpAdd) CLCONFORM_BLOCK_CASE(OpSub) CLCONFORM_BLOCK_CASE(OpMul)
    CLCONFORM_BLOCK_CASE(OpLt)
#undef CLCONFORM_BLOCK_CASE
  }
  return nullptr;
}

}  // namespace

BlockEval block_eval(Fn fn, IntFormat t, IntFormat result) {
  switch (t.bits) {
    case 8: return t.is_signed ? pick_fn<int8_t>(fn, result) : pick_fn<uint8_t>(fn, result);
    case 16: return t.is_signed ? pick_fn<int16_t>(fn, result) : pick_fn<uint16_t>(fn, result);
    case 32: return t.is_signed ? pick_fn<int32_t>(fn, result) : pick_fn<uint32_t>(fn, result);
    case 64: return t.is_signed ? pick_fn<int64_t>(fn, result) : pick_fn<uint64_t>(fn, result);
    default: return nullptr;
  }
}

}  // namespace clconform::ref::integer
