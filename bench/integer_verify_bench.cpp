// The integer suite's host work without a device: the suite's own fill and
// verification (suites/integer/integer_verify.hpp) over N input tuples of one
// case, on T threads split as the sweep splits a chunk, against synthetic
// device results (the reference's value at every width, garbage where the
// spec leaves the result undefined, and a few wrong values injected).
// Reports what filling and verifying cost per input tuple per thread (every
// width of the case verified), and checks that exactly the injected values
// were found.
//
//   integer_verify_bench --function add_sat --type short [--inputs N] [--threads T]
//                        [--mode full|quick] [--wrong K] [--chunk LANES] [--case ID] [--data DIR]
//
// --case picks a case by id (default integer.builtins.FUNCTION.TYPE, or
// integer.operators.OP.TYPE for op_OP); --data is the folder of
// generated manifests (default $CLCONFORM_DATA, else build/kernels).
// Exit status: 0 the injected values and nothing else were found, 1 not,
// 2 bad input.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "cli_args.hpp"
#include "errors.hpp"
#include "inputs.hpp"
#include "integer_verify.hpp"
#include "json.hpp"

using namespace clconform;
using suites::integer::Verifier;
using suites::integer::VerifyAcc;
namespace ri = ref::integer;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// FN(lo, hi, thread) over [0, count) on T threads, split as Sweep::parallel splits a chunk.
template <class F>
void parallel(size_t count, unsigned t, const F& fn) {
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < t; ++k) pool.emplace_back(fn, count * k / t, count * (k + 1) / t, k);
  fn(0, count / t, 0u);
  for (auto& th : pool) th.join();
}

uint64_t load(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

// FNV-1a over the kept wrong values, so two builds can be compared.
uint64_t digest(const std::vector<Mismatch>& ms) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xFF) * 1099511628211ull;
  };
  for (const Mismatch& m : ms) {
    mix(std::to_string(m.index) + "/" + std::to_string(m.lane));
    for (const auto& i : m.inputs) mix(i);
    mix(m.output);
    mix(m.expected);
    mix(m.note);
    mix(m.edge);
  }
  return h;
}

int bench(const CliArgs& a) {
  const std::string fn = a.get("function", "add_sat"), type = a.get("type", "short");
  std::string id = a.get("case");
  if (id.empty())
    id = fn.rfind("op_", 0) == 0 ? "integer.operators." + fn.substr(3) + "." + type : "integer.builtins." + fn + "." + type;
  const char* env = std::getenv("CLCONFORM_DATA");
  const std::string data = a.get("data", env ? env : "build/kernels");
  const bool full = a.get("mode", "full") == "full";
  const unsigned threads = unsigned(std::stoul(a.get("threads", std::to_string(std::max(1u, std::thread::hardware_concurrency())))));
  const uint64_t wrong = std::stoull(a.get("wrong", "16"));
  if (threads == 0) throw SetupError("--threads must be at least 1");

  const json::Value manifest = json::parse_file(data + "/integer/manifest.json");
  const json::Value* params = nullptr;
  for (const auto& c : manifest.at("cases").as_array())
    if (c.at("id").as_string() == id) params = &c.at("params");
  if (!params) throw SetupError("no case " + id + " in " + data + "/integer/manifest.json");
  const Verifier v(*params, full, 1, case_stream(id));
  uint64_t begin = 0, end = std::min<uint64_t>(v.plan().total(), std::stoull(a.get("inputs", "67108864")));
  v.align(begin, end);
  const uint64_t total = end - begin;
  const SweepShape shape = v.shape();
  const size_t nk = shape.widths.size();
  size_t chunk = std::stoull(a.get("chunk", "16777216"));
  chunk = std::max<size_t>(48, std::min<size_t>(chunk, (total + 47) / 48 * 48) / 48 * 48);

  // One slot's arrays, reused chunk after chunk.
  std::vector<std::vector<uint8_t>> in, out;
  for (unsigned e : shape.in_elem) in.emplace_back(chunk * e);
  for (size_t k = 0; k < nk; ++k)
    for (unsigned e : shape.out_elem) out.emplace_back(chunk * e);
  SweepChunk ch;
  for (auto& b : in) ch.in.push_back(b.data());
  ch.out.resize(nk);
  for (size_t k = 0; k < nk; ++k)
    for (size_t o = 0; o < shape.out_elem.size(); ++o) ch.out[k].push_back(out[k * shape.out_elem.size() + o].data());

  const auto fmt_of = [&](const json::Value& j) {
    return ref::IntFormat{unsigned(j.at("bits").as_int()), j.at("signed").as_bool()};
  };
  const ref::IntFormat f = fmt_of(params->at("args").as_array().at(0)), r = fmt_of(params->at("result"));
  const ri::Fn rfn = *ri::function_named(params->at("function").as_string());
  const unsigned rb = r.bits / 8, nargs = unsigned(shape.in_elem.size());
  const uint64_t ones = r.bits == 64 ? ~uint64_t(0) : (uint64_t(1) << r.bits) - 1;

  std::vector<VerifyAcc> accs(threads);
  double fill_s = 0, verify_s = 0;
  uint64_t injected = 0, next_wrong = 0;
  for (uint64_t first = begin; first < end; first += chunk) {
    ch.first = first;
    ch.valid = size_t(std::min<uint64_t>(chunk, end - first));
    ch.count = (ch.valid + 47) / 48 * 48;
    double t0 = now();
    parallel(ch.valid, threads, [&](size_t lo, size_t hi, unsigned) { v.fill(ch, lo, hi); });
    fill_s += now() - t0;
    // The synthetic device: right everywhere defined, garbage elsewhere.
    parallel(ch.valid, threads, [&](size_t lo, size_t hi, unsigned) {
      for (size_t i = lo; i < hi; ++i) {
        uint64_t x[3] = {0, 0, 0};
        for (unsigned k = 0; k < nargs; ++k) x[k] = load(ch.in[k] + shape.in_elem[k] * i, shape.in_elem[k]);
        const bool def = ri::defined(rfn, f, x);
        const uint64_t want = def ? ri::eval(rfn, f, x) : counter_bits(7, 7, ch.first + i) & ones;
        for (size_t k = 0; k < nk; ++k) {
          const uint64_t got = rfn == ri::Fn::OpLt && shape.widths[k] > 1 && want ? ones : want;
          std::memcpy(const_cast<uint8_t*>(ch.out[k][0]) + rb * i, &got, rb);
          if (shape.out_elem.size() > 1)
            const_cast<uint8_t*>(ch.out[k][1])[i] = uint8_t(r.is_signed && (want >> (r.bits - 1)) & 1);
        }
      }
    });
    // Wrong values: evenly spread over the inputs, each in one width's result
    // (undefined lanes are skipped: nothing there is wrong).
    for (; next_wrong < wrong; ++next_wrong) {
      const uint64_t lane = begin + total * next_wrong / wrong + next_wrong % 7;
      if (lane >= first + ch.valid) break;
      if (lane < first || lane >= end) continue;
      const size_t i = size_t(lane - first);
      uint64_t x[3] = {0, 0, 0};
      for (unsigned k = 0; k < nargs; ++k) x[k] = load(ch.in[k] + shape.in_elem[k] * i, shape.in_elem[k]);
      if (!ri::defined(rfn, f, x)) continue;
      uint8_t* p = const_cast<uint8_t*>(ch.out[next_wrong % nk][0]) + rb * i;
      p[0] ^= uint8_t(1u << (next_wrong % 8));
      ++injected;
    }
    t0 = now();
    parallel(ch.valid, threads, [&](size_t lo, size_t hi, unsigned t) { v.verify(ch, lo, hi, accs[t]); });
    verify_s += now() - t0;
  }
  FailureTally all;
  uint64_t checked = 0, unjudged = 0, disagreements = 0;
  for (auto& acc : accs) {
    disagreements += acc.disagreements;
    for (size_t k = 0; k < nk; ++k) checked += acc.checked[k];
    checked += acc.probes;
    unjudged += acc.unjudged;
    all.merge(std::move(acc.failures));
  }
  const double per = 1e9 * threads / double(total);
  std::printf("%s (%s mode): %llu inputs x %zu widths, %u threads\n", id.c_str(), full ? "full" : "quick",
              (unsigned long long)total, nk, threads);
  std::printf("fill %.2f ns/input/thread (%.3f s)  verify %.2f ns/input/thread (%.3f s)\n", fill_s * per, fill_s,
              verify_s * per, verify_s);
  std::printf("checked %llu, unjudged %llu, wrong found %llu of %llu injected, kept records digest %016llx\n",
              (unsigned long long)checked, (unsigned long long)unjudged, (unsigned long long)all.failed(),
              (unsigned long long)injected, (unsigned long long)digest(all.worst()));
  if (disagreements) std::printf("the block and per-lane references disagree on %llu lanes\n", (unsigned long long)disagreements);
  return all.failed() == injected && disagreements == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    return bench(CliArgs(args, {"function", "type", "inputs", "threads", "mode", "wrong", "chunk", "case", "data"}, {}));
  } catch (const SetupError& e) {
    std::fprintf(stderr, "integer_verify_bench: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "integer_verify_bench: %s\n", e.what());
    return 2;
  }
}
