// Parse speed of a results.jsonl: every line read into json::Value, the way
// reports/load_run.cpp and --resume read it. With simdjson at hand it also
// times simdjson's DOM parser building the same json::Value, the figure
// the choice of JSON library rests on (bench/json_parse.md).
//
//   json_parse_bench FILE [REPEATS]
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "json.hpp"

#ifdef CLCONFORM_BENCH_SIMDJSON
#include <simdjson.h>
#endif

namespace {

using clconform::json::Value;

std::vector<std::string> lines_of(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

template <class F>
double best_of(int repeats, F &&f) {
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

#ifdef CLCONFORM_BENCH_SIMDJSON
Value from_simdjson(simdjson::dom::element e) {
  using T = simdjson::dom::element_type;
  switch (e.type()) {
    case T::ARRAY: {
      Value v = Value::array();
      for (auto x : simdjson::dom::array(e)) v.push_back(from_simdjson(x));
      return v;
    }
    case T::OBJECT: {
      Value v = Value::object();
      for (auto kv : simdjson::dom::object(e)) v[std::string(kv.key)] = from_simdjson(kv.value);
      return v;
    }
    case T::INT64:
      return Value(static_cast<long long>(int64_t(e)));
    case T::UINT64:
      return Value(static_cast<unsigned long long>(uint64_t(e)));
    case T::DOUBLE:
      return Value(double(e));
    case T::STRING:
      return Value(std::string(std::string_view(e)));
    case T::BOOL:
      return Value(bool(e));
    case T::NULL_VALUE:
      return Value();
  }
  return Value();
}
#endif

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: json_parse_bench FILE [REPEATS]\n");
    return 2;
  }
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
  const std::vector<std::string> lines = lines_of(argv[1]);
  size_t bytes = 0;
  for (const auto &l : lines) bytes += l.size() + 1;
  std::printf("%zu records, %.1f MB\n", lines.size(), bytes / 1e6);

  size_t sink = 0;
  double t = best_of(repeats, [&] {
    for (const auto &l : lines) sink += clconform::json::parse(l).size();
  });
  std::printf("json::parse            %.3f s  %.0f MB/s  %.0f records/s\n", t, bytes / 1e6 / t, lines.size() / t);

#ifdef CLCONFORM_BENCH_SIMDJSON
  simdjson::dom::parser parser;
  t = best_of(repeats, [&] {
    for (const auto &l : lines) sink += from_simdjson(parser.parse(l)).size();
  });
  std::printf("simdjson -> json::Value %.3f s  %.0f MB/s  %.0f records/s\n", t, bytes / 1e6 / t, lines.size() / t);
  t = best_of(repeats, [&] {
    for (const auto &l : lines) sink += simdjson::dom::object(parser.parse(l)).size();
  });
  std::printf("simdjson DOM only       %.3f s  %.0f MB/s  %.0f records/s\n", t, bytes / 1e6 / t, lines.size() / t);
#endif
  return sink == 0;  // keeps the work from being optimised away
}
