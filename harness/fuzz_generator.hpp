// The fuzz generator (generators/fuzz/fuzz.py) as a child process: batches
// of programs, and the smaller variants of a failing one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

struct FuzzCaps {
  bool fp64 = false, fp16 = false;
};

class FuzzGenerator {
 public:
  // SCRIPT: fuzz.py; empty means the installed one, else the source tree's.
  explicit FuzzGenerator(std::string script = "");

  // Programs FIRST .. FIRST + COUNT - 1 of SEED. Throws SetupError with the
  // generator's first line of complaint when it fails.
  std::vector<json::Value> generate(uint64_t seed, uint64_t first, size_t count, const FuzzCaps& caps,
                                    const std::string& build_options) const;

  // Smaller variants of PROGRAM, most reduced first.
  std::vector<json::Value> shrink(const json::Value& program) const;

  // PROGRAM's kernel source, printed anew (after its ret was moved).
  std::string print(const json::Value& program) const;

  const std::string& script() const { return script_; }

 private:
  std::string run(const std::string& args, const std::string& stdin_text) const;
  std::vector<json::Value> programs(const std::string& args, const std::string& stdin_text) const;
  std::string python_, script_;
};

}  // namespace clconform
