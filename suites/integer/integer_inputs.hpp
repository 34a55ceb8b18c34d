// The input tuples of an integer case, as a pure function of (seed, case,
// lane index): whole domains where they are small, the cross product of
// edge values where they are not, then a seeded sample.
//
// Per argument count and element size (B bits):
//   one argument:   B <= 16 every value; else the edge values + sample
//   two arguments:  B = 8 every pair; B = 16 every pair in --mode full,
//                   else edges x edges + sample; B >= 32 edges x edges + sample
//   three:          B = 8 every triple in --mode full; otherwise the edge
//                   values of one argument against the short edge list of
//                   the other two, each argument in turn (quick: the short
//                   list cubed), + sample
// Edge values (edges()): 0, 1, -1, 2, the extremes and their neighbours,
// every power of two and its neighbours (and their negations); 'count'
// arguments (rotate, shifts) add every count in [0, 2B+1] and random bits
// above the ones that count; 'mul24' arguments are the 24-bit operand range's
// edges (and a few just outside it, which are not judged).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clconform::suites::integer {

struct ArgSpec {
  unsigned bits = 32;
  bool is_signed = true;
  std::string role = "any";  // "any", "count", "mul24"
};

std::vector<uint64_t> edges(const ArgSpec& a, bool short_list);

class InputPlan {
 public:
  // SORTED names two arguments that sampled tuples keep in order (clamp's
  // minval <= maxval, so that most samples are judged); empty for none.
  InputPlan(std::vector<ArgSpec> args, bool full, uint64_t seed, uint64_t stream, std::vector<unsigned> sorted);

  uint64_t total() const { return exhaustive_ + cross_ + sample_; }
  bool exhaustive() const { return sample_ == 0 && cross_ == 0; }
  // Lanes [0, exhaustive_tuples()) enumerate whole domains: argument k of
  // lane L is bits [s, s + bits_k) of L, s the bits of the arguments before it.
  uint64_t exhaustive_tuples() const { return exhaustive_; }
  // The argument patterns of tuple LANE (zero-extended to 64 bits).
  void at(uint64_t lane, uint64_t* out) const;
  // Lanes from sampled_from() on are sampled: sampled() writes the tuples
  // of lanes [LANE, LANE + N) there, argument k into OUT[k][0..N), the same
  // tuples as at(), a loop per argument.
  uint64_t sampled_from() const { return exhaustive_ + cross_; }
  void sampled(uint64_t lane, size_t n, uint64_t* const* out) const;
  std::string describe() const;

 private:
  uint64_t sample_bits(size_t k, uint64_t r) const;

  std::vector<ArgSpec> args_;
  std::vector<bool> mul24_;  // args_[k].role == "mul24", looked up once (at() runs for every lane)
  uint64_t seed_, stream_;
  std::vector<unsigned> sorted_;
  uint64_t exhaustive_ = 0, cross_ = 0, sample_ = 0;
  // Cross-product blocks: each a list per argument; lanes enumerate them in order.
  struct Block {
    std::vector<const std::vector<uint64_t>*> lists;
    uint64_t size = 0;
  };
  std::vector<std::vector<uint64_t>> full_, short_;
  std::vector<Block> blocks_;
};

}  // namespace clconform::suites::integer
