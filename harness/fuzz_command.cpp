#include "fuzz_command.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <mutex>
#include <thread>

#include "case_result.hpp"
#include "cli_args.hpp"
#include "device.hpp"
#include "errors.hpp"
#include "fp_rules.hpp"
#include "fuzz_device.hpp"
#include "fuzz_generator.hpp"
#include "fuzz_program.hpp"
#include "known_failures.hpp"
#include "program_cache.hpp"
#include "reference/fuzz/common_geometric.hpp"
#include "reference/fuzz/oracle.hpp"
#include "repro.hpp"
#include "results_file.hpp"
#include "run_info.hpp"

namespace clconform {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using ref::fuzz::Unknown;

constexpr size_t kBatch = 8;           // programs per generator call
constexpr size_t kKeptFailures = 16;   // wrong values a record shows
// The most one failure's reduction may take (never more than what is left
// of --seconds, and at least kReduceLeast), and the most candidates it may run.
constexpr double kReduceSeconds = 90;
constexpr double kReduceLeast = 10;
constexpr int kReduceTries = 400;

uint64_t number(const CliArgs& a, const std::string& name, uint64_t fallback, uint64_t least) {
  if (!a.has(name)) return fallback;
  const std::string s = a.get(name);
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || s[0] == '-' || v < least)
    throw SetupError("--" + name + " takes a whole number of at least " + std::to_string(least) + ", not '" + s + "'");
  return v;
}

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

ref::fuzz::Rules oracle_rules(const std::string& options, const DeviceInfo& d) {
  const FpRules f = fp_rules(options, d.fp());
  ref::fuzz::Rules r;
  r.flush_half = f.flush_half;
  r.flush_float = f.flush_float;
  r.flush_double = f.flush_double;
  r.finite_only = f.finite_only;
  r.no_signed_zeros = f.no_signed_zeros;
  r.relaxed = f.relaxed;
  for (const auto& o : effective_fp_options(options)) r.mad_enable |= o == "-cl-mad-enable";
  return r;
}

// The device and what the oracle needs of it.
struct Target {
  DeviceHandle handle;
  cl::Context context;
  cl::CommandQueue queue;
  explicit Target(const std::string& selector) : handle(select_device(selector)) {
    context = cl::Context(handle.device);
    queue = cl::CommandQueue(context, handle.device);
  }
};

// What one program came to on the device.
struct Outcome {
  FuzzLaunch launch;
  unsigned judged = 0, wrong = 0, unjudged = 0;
  std::map<std::string, unsigned> unjudged_by;
  std::vector<Mismatch> failures;
  size_t first_wrong_item = 0;
};

std::string hex_list(const std::vector<uint64_t>& bits, size_t first, unsigned n, unsigned bytes) {
  std::string s;
  for (unsigned c = 0; c < n; ++c) s += (c ? "," : "") + hex_bits(bits[first + c], bytes);
  return s;
}

Outcome try_program(Target& t, const ref::fuzz::Program& p, const ref::fuzz::Rules& rules) {
  Outcome o;
  const ref::fuzz::Oracle oracle(p, rules);
  o.launch = launch_fuzz_program(t.context, t.handle.device, t.queue, p, p.build_options);
  if (!o.launch.ran) return o;
  const unsigned w = p.result.width, bytes = p.result.elem.bits / 8;
  for (size_t item = 0; item < p.items; ++item) {
    const std::vector<ref::fuzz::Set> expected = oracle.evaluate(item);
    const std::vector<uint64_t> got(o.launch.out.begin() + static_cast<long>(item * w),
                                    o.launch.out.begin() + static_cast<long>((item + 1) * w));
    const ref::fuzz::ItemVerdict v = ref::fuzz::judge(expected, got, p.result.elem);
    o.judged += v.judged;
    if (v.unjudged) {
      o.unjudged += v.unjudged;
      o.unjudged_by[ref::fuzz::unknown_name(v.why)] += v.unjudged;
    }
    if (v.wrong == 0) continue;
    if (o.wrong == 0) o.first_wrong_item = item;
    o.wrong += v.wrong;
    for (unsigned c = 0; c < w && o.failures.size() < kKeptFailures; ++c) {
      if (ref::fuzz::contains(expected[c], got[c], p.result.elem)) continue;
      Mismatch m;
      m.index = item;
      m.lane = static_cast<int>(c);
      for (size_t a = 0; a < p.args.size(); ++a)
        m.inputs.push_back(hex_list(p.inputs[a], item * p.args[a].width, p.args[a].width, p.args[a].elem.bits / 8));
      m.output = hex_bits(got[c], bytes);
      m.expected = ref::fuzz::describe(expected[c], p.result.elem);
      m.kind = "wrong_value";
      o.failures.push_back(m);
    }
  }
  return o;
}

// PROGRAM (its work-items all alike) with "values": what the oracle knows
// each node holds, which the shrinker may put in the node's place.
json::Value with_known_values(const json::Value& program, const ref::fuzz::Rules& rules) {
  const ref::fuzz::Program p = program_from_json(program);
  const auto values = ref::fuzz::Oracle(p, rules).known_values(0);
  json::Value list = json::Value::array();
  for (const auto& bits : values) {
    if (bits.empty()) {
      list.push_back(json::Value());
      continue;
    }
    json::Value b = json::Value::array();
    for (uint64_t x : bits) b.push_back(static_cast<unsigned long long>(x));
    list.push_back(b);
  }
  json::Value::Object o = program.as_object();
  o["values"] = list;
  return json::Value(std::move(o));
}

// Shrinks a failing program (with its first failing work-item's inputs in
// every work-item) while a smaller variant still gives a wrong value;
// returns the smallest, or null when those inputs alone do not fail.
json::Value reduce(Target& t, const FuzzGenerator& gen, const json::Value& program, size_t item,
                   const ref::fuzz::Rules& rules, double seconds, bool build_failure) {
  json::Value cur = program_for_item(program, item);
  // A variant fails the same way when it runs and gives a wrong value (or,
  // reducing a kernel that did not build, when it does not build either);
  // one that does not build or that the oracle refuses is no reduction.
  auto fails = [&](const json::Value& v) {
    try {
      const Outcome o = try_program(t, program_from_json(v), rules);
      return build_failure ? !o.launch.built : o.launch.ran && o.wrong > 0;
    } catch (const json::ParseError&) {
      return false;
    } catch (const std::invalid_argument&) {
      return false;
    }
  };
  if (!fails(cur)) return json::Value();
  const auto t0 = Clock::now();
  int tries = 0;
  for (bool progress = true; progress;) {
    progress = false;
    for (const json::Value& c : gen.shrink(with_known_values(cur, rules))) {
      if (++tries > kReduceTries || since(t0) > seconds) return cur;
      if (fails(c)) {
        cur = c;
        progress = true;
        break;
      }
    }
  }
  return cur;
}

// Ends the process when one program runs longer than the limit: a device
// that hangs. Every finished record is already on disk.
class Watchdog {
 public:
  Watchdog(double limit_s, std::string out_dir) : limit_(limit_s), out_(std::move(out_dir)), thread_([this] { watch(); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void start(const std::string& what) {
    std::lock_guard<std::mutex> l(m_);
    what_ = what;
    started_ = Clock::now();
    busy_ = true;
  }
  void done() {
    std::lock_guard<std::mutex> l(m_);
    busy_ = false;
  }

 private:
  void watch() {
    std::unique_lock<std::mutex> l(m_);
    while (!stop_) {
      cv_.wait_for(l, std::chrono::milliseconds(500));
      if (busy_ && since(started_) > limit_) {
        std::fprintf(stderr, "clconform: %s has run for more than %.0f s: the device does not finish it (results so far: %s)\n",
                     what_.c_str(), limit_, out_.c_str());
        std::fflush(stderr);
        std::_Exit(2);
      }
    }
  }
  double limit_;
  std::string out_;
  std::mutex m_;
  std::condition_variable cv_;
  bool stop_ = false, busy_ = false;
  std::string what_;
  Clock::time_point started_;
  std::thread thread_;
};

json::Value record_of(const ref::fuzz::Program& p, const Outcome& o, const DeviceInfo& d, double seconds) {
  json::Value r;
  r["case"] = "fuzz.s" + std::to_string(p.seed) + "." + std::to_string(p.index);
  r["suite"] = "fuzz";
  json::Value labels = json::Value::array();
  labels.push_back("fuzz");
  r["labels"] = labels;
  r["kernel"] = "fuzz";
  r["device"] = d.name;
  r["driver"] = d.driver_version;
  r["build_options"] = p.build_options;
  r["time_s"] = seconds;
  r["build_s"] = o.launch.build_s;
  r["checked"] = static_cast<unsigned long long>(o.judged);
  r["failed"] = static_cast<unsigned long long>(o.wrong);
  json::Value ops = json::Value::array();
  for (const auto& op : operations_used(p)) ops.push_back(op);
  json::Value fuzz;
  fuzz["seed"] = static_cast<unsigned long long>(p.seed);
  fuzz["index"] = static_cast<unsigned long long>(p.index);
  fuzz["nodes"] = static_cast<unsigned long long>(p.nodes.size());
  fuzz["operations"] = ops;
  fuzz["unjudged"] = static_cast<unsigned long long>(o.unjudged);
  json::Value by;
  for (const auto& [why, n] : o.unjudged_by) by[why] = static_cast<unsigned long long>(n);
  fuzz["unjudged_by"] = by;
  r["fuzz"] = fuzz;
  const size_t lanes = p.items * p.result.width;
  if (!o.launch.built || !o.launch.ran) {
    r["status"] = "error";
    r["detail"] = o.launch.built ? o.launch.failed_call
                                 : "the kernel did not build (" + o.launch.failed_call + "): " + build_log_headline(o.launch.log);
    if (!o.launch.log.empty()) r["build_log"] = o.launch.log;
    r["source"] = p.source;
    return r;
  }
  std::string detail = std::to_string(o.judged) + " of " + std::to_string(lanes) + " values judged";
  if (o.unjudged) {
    detail += "; unjudged:";
    for (const auto& [why, n] : o.unjudged_by) detail += " " + std::to_string(n) + " " + why + ",";
    detail.pop_back();
  }
  if (o.wrong) {
    r["status"] = "fail";
    detail = std::to_string(o.wrong) + " outside the spec's interval; " + detail;
    json::Value fl = json::Value::array();
    for (const Mismatch& m : o.failures) {
      json::Value f;
      f["index"] = static_cast<unsigned long long>(m.index);
      f["lane"] = m.lane;
      json::Value in = json::Value::array();
      for (const auto& s : m.inputs) in.push_back(s);
      f["inputs"] = in;
      f["output"] = m.output;
      f["expected"] = m.expected;
      f["kind"] = m.kind;
      f["width"] = static_cast<unsigned long long>(p.result.width);
      fl.push_back(f);
    }
    r["failures"] = fl;
    r["source"] = p.source;
  } else {
    r["status"] = o.judged ? "pass" : "info";
  }
  r["detail"] = detail;
  return r;
}

// The node whose components node J moves (through swizzles and vector
// literals of one part), or J itself.
int behind_moves(const ref::fuzz::Program& p, int j) {
  for (;;) {
    const ref::fuzz::Node& x = p.nodes[static_cast<size_t>(j)];
    if (!(x.op == ref::fuzz::Op::Swizzle || x.op == ref::fuzz::Op::Vec) || x.in.size() != 1) return j;
    j = x.in[0];
  }
}

// RECORD made known_fail on ENTRIES, its detail extended by WHY.
void mark_known(json::Value& r, const std::vector<const KnownFailure*>& entries, const std::string& why) {
  json::Value note;
  json::Value list = json::Value::array();
  for (const KnownFailure* e : entries) {
    json::Value x;
    x["entry"] = e->describe();
    x["source"] = e->source;
    x["reason"] = e->reason;
    list.push_back(x);
  }
  note["entries"] = list;
  note["check_status"] = "fail";
  note["wrong_values"] = r.at("failed");
  r["known_failure"] = note;
  r["status"] = "known_fail";
  r["detail"] = r.at("detail").as_string() + "; " + why;
}

// The letter known-failure entries read an element's values by
// (known_failures.hpp: h f d for floats, i u for integers).
char format_letter(const ref::fuzz::Elem& e) {
  if (e.is_float) return e.bits == 16 ? 'h' : e.bits == 32 ? 'f' : 'd';
  return e.is_signed ? 'i' : 'u';
}

// One pattern standing for set S: its single value, the NaN, or the middle
// of its range (in key order, which for a float is the middle in ulps).
uint64_t representative(const ref::fuzz::Set& s, const ref::fuzz::Elem& e) {
  if (!s.num) return ref::fuzz::quiet_nan_bits(e.bits);
  const __int128 mid = s.lo + (s.hi - s.lo) / 2;
  return e.is_float ? ref::fuzz::float_bits(mid, e.bits) : ref::fuzz::int_bits(mid, e);
}

// Component C of node J's value, followed back through the swizzles and
// one-part vector literals behind_moves() walks: the node it is a
// component of, and which.
std::pair<int, unsigned> component_behind(const ref::fuzz::Program& p, int j, unsigned c) {
  for (;;) {
    const ref::fuzz::Node& x = p.nodes[static_cast<size_t>(j)];
    if (x.op == ref::fuzz::Op::Swizzle) {
      c = x.comps.at(c);
    } else if (x.op == ref::fuzz::Op::Vec && x.in.size() == 1) {
      if (p.nodes[static_cast<size_t>(x.in[0])].type.width == 1) c = 0;  // a scalar replicated
    } else {
      return {j, c};
    }
    j = x.in[0];
  }
}

// The width of the overload node X calls: a geometric built-in's is its
// operands', every other operation's its result's.
unsigned overload_width(const ref::fuzz::Program& p, const ref::fuzz::Node& x) {
  return ref::fuzz::is_geometric(x.fn) ? p.nodes[static_cast<size_t>(x.in.at(0))].type.width : x.type.width;
}

// The wrong values of the reduced program P, each traced back to the
// component of node LAST (the reduced kernel's last operation) that made
// it, as the suites describe theirs to the known-failure entries: that
// component's operands (DEVICE_VALUES: what the device computed for an
// operand node, made the kernel's result, item by item; an argument's or a
// constant's own value; the same component of an operand as wide as LAST,
// for an operation component by component; every component otherwise, as
// suites/builtin_sweep does), the device's value, the middle of the
// oracle's set as the expected value and its distance from the device's in
// ulps. False when one cannot be described so.
bool wrong_values_of(Target& t, const ref::fuzz::Program& p, int last, const ref::fuzz::Rules& rules,
                     const std::map<int, std::vector<uint64_t>>& device_values, std::vector<Mismatch>* out) {
  const FuzzLaunch run = launch_fuzz_program(t.context, t.handle.device, t.queue, p, p.build_options);
  if (!run.ran) return false;
  const ref::fuzz::Oracle oracle(p, rules);
  const ref::fuzz::Node& x = p.nodes[static_cast<size_t>(last)];
  const ref::fuzz::Elem& re = p.result.elem;
  const bool componentwise = !ref::fuzz::is_geometric(x.fn);
  const ref::fuzz::Elem& in = p.nodes[static_cast<size_t>(x.in.at(0))].type.elem;
  const unsigned w = p.result.width;
  for (size_t item = 0; item < p.items; ++item) {
    const auto sets = oracle.evaluate_all(item);
    for (unsigned c = 0; c < w; ++c) {
      const ref::fuzz::Set& want = sets[static_cast<size_t>(p.ret)][c];
      const uint64_t got = run.out[item * w + c];
      if (!want.known() || ref::fuzz::contains(want, got, re)) continue;
      const auto [node, k] = component_behind(p, p.ret, c);
      if (node != last) return false;
      WrongBits wb{format_letter(in), format_letter(re), in.bits / 8, re.bits / 8, overload_width(p, x), {}, got,
                   representative(want, re)};
      for (int i : x.in) {
        const auto& operand = sets[static_cast<size_t>(i)];
        const auto dv = device_values.find(i);
        const bool one = componentwise && operand.size() == x.type.width;
        for (size_t m = one ? k : 0; m < (one ? k + 1 : operand.size()); ++m) {
          const ref::fuzz::Set& v = operand[m];
          if (dv != device_values.end()) {
            wb.inputs.push_back(dv->second.at(item * operand.size() + m));
          } else if (v.known() && v.nan && !v.num) {
            wb.inputs.push_back(ref::fuzz::quiet_nan_bits(in.bits));
          } else if (v.is_point()) {
            wb.inputs.push_back(in.is_float ? ref::fuzz::float_bits(v.lo, in.bits) : ref::fuzz::int_bits(v.lo, in));
          } else {
            return false;
          }
        }
      }
      Mismatch m;
      m.index = item;
      m.lane = static_cast<int>(c);
      m.edge_unnamed = true;
      if (re.is_float) {
        m.ulp = ref::fuzz::float_is_nan(got, re.bits) || !want.num
                    ? HUGE_VAL
                    : std::abs(static_cast<double>(ref::fuzz::float_key(got, re.bits) -
                                                   ref::fuzz::float_key(wb.expected, re.bits)));
      }
      m.bits = std::move(wb);
      out->push_back(std::move(m));
    }
  }
  return true;
}

// The known-failure entries that name operation X for this device. A
// conversion with a rounding mode is also described by the entries of its
// plain name, as a suite's conversion case holds every rounding mode.
std::vector<const KnownFailure*> entries_for(const KnownFailures& known, const DeviceInfo& d, const ref::fuzz::Node& x,
                                             const std::string& options) {
  auto entries = known.for_builtin(d.name, d.driver_version, operation_name(x), options);
  if (x.op == ref::fuzz::Op::Convert && !x.round.empty()) {
    ref::fuzz::Node plain = x;
    plain.round.clear();
    for (const KnownFailure* e : known.for_builtin(d.name, d.driver_version, operation_name(plain), options)) {
      if (std::find(entries.begin(), entries.end(), e) == entries.end()) entries.push_back(e);
    }
  }
  return entries;
}

// A failing record whose reduced kernel's last operation is one that
// known-failure entries name for this device, whose operands the device
// computed right (each, made the kernel's result, passes), and each of whose
// wrong values (the operation made the result) an entry describes, by the
// conditions the suites' wrong values meet (wrong_values_of): that
// operation made those wrong values from right operands, which is what the
// entries describe, so the record is known_fail. Otherwise the record
// stays fail: the defect may lie in another operation, between them, or
// beyond what the entries describe.
void settle_known(json::Value& r, const KnownFailures& known, const DeviceInfo& d, const json::Value& small,
                  Target& t, const FuzzGenerator& gen, const ref::fuzz::Rules& rules) {
  const ref::fuzz::Program p = program_from_json(small);
  // An entry for this very program (suites/fuzz/known_failures.json).
  const CaseExcuses mine = known.for_case(d.name, d.driver_version, r.at("case").as_string(), p.build_options, false);
  if (!mine.empty()) {
    std::vector<const KnownFailure*> entries;
    for (size_t i = 0; i < mine.size(); ++i) entries.push_back(&mine.entry(i));
    mark_known(r, entries, "a known failure entered for this program");
    return;
  }
  const int last = behind_moves(p, p.ret);
  const std::string op = operation_name(p.nodes[static_cast<size_t>(last)]);
  if (op.empty() || op == "as") return;  // as_type only moves bits
  const auto entries = entries_for(known, d, p.nodes[static_cast<size_t>(last)], p.build_options);
  if (entries.empty()) return;
  std::map<int, std::vector<uint64_t>> device_values;
  for (int i : p.nodes[static_cast<size_t>(last)].in) {
    // The operation that computed the operand (a 3-vector cannot be a
    // kernel's result).
    i = behind_moves(p, i);
    const ref::fuzz::Node& operand = p.nodes[static_cast<size_t>(i)];
    if (operand.op == ref::fuzz::Op::Arg || operand.op == ref::fuzz::Op::Const) continue;
    if (operand.type.width == 3) return;
    json::Value::Object o = small.as_object();
    o["ret"] = i;
    o["result"] = ref::fuzz::type_name(operand.type);
    json::Value variant(o);
    try {
      o["source"] = gen.print(variant);
      const Outcome check = try_program(t, program_from_json(json::Value(o)), rules);
      if (!check.launch.ran || check.wrong > 0) return;
      device_values[i] = check.launch.out;
    } catch (const std::exception&) {
      return;
    }
  }
  std::vector<Mismatch> wrong;
  try {
    if (!wrong_values_of(t, p, last, rules, device_values, &wrong) || wrong.empty()) return;
  } catch (const std::exception&) {
    return;
  }
  const CaseExcuses excuses(entries, false);
  std::vector<const KnownFailure*> used;
  for (const Mismatch& m : wrong) {
    const int i = excuses.cover(m);
    if (i < 0) return;
    const KnownFailure* e = &excuses.entry(static_cast<size_t>(i));
    if (std::find(used.begin(), used.end(), e) == used.end()) used.push_back(e);
  }
  mark_known(r, used, "the reduced kernel's " + op + " made " + std::to_string(wrong.size()) +
                          " wrong values from right operands, each described by a known-failure entry for this device");
  r["known_failure"]["builtin"] = op;
}

// A kernel that did not build, reduced to one that still does not: when
// its last operation is a built-in for which a known-failure entry of kind
// build_failure applies on this device (at that overload's width, where the
// entry names widths), the record is known_fail; otherwise it stays an
// error.
void settle_unbuilt(json::Value& r, const KnownFailures& known, const DeviceInfo& d, const json::Value& small) {
  const ref::fuzz::Program p = program_from_json(small);
  const ref::fuzz::Node& x = p.nodes[static_cast<size_t>(behind_moves(p, p.ret))];
  const std::string op = operation_name(x);
  if (op.empty()) return;
  const auto entries = entries_for(known, d, x, p.build_options);
  Mismatch m;
  m.kind = "build_failure";
  m.edge_unnamed = true;
  m.bits = WrongBits{'u', 'u', 4, 4, overload_width(p, x), {}, 0, 0};
  const CaseExcuses excuses(entries, false);
  const int i = excuses.cover(m);
  if (i < 0) return;
  mark_known(r, {&excuses.entry(static_cast<size_t>(i))},
             "the reduced kernel, whose last operation is " + op + ", does not build either: a known failure on this device");
  r["known_failure"]["builtin"] = op;
}

int replay(const CliArgs& a) {
  const std::string path = a.get("replay");
  json::Value v;
  try {
    v = json::parse_file(path);
  } catch (const json::ParseError& e) {
    throw SetupError(std::string("cannot read the program to replay: ") + e.what());
  }
  ref::fuzz::Program p;
  try {
    p = program_from_json(v);
  } catch (const json::ParseError& e) {
    throw SetupError(path + ": " + e.what());
  }
  if (a.has("build-options")) p.build_options = a.get("build-options");
  Target t(a.get("device"));
  const Outcome o = try_program(t, p, oracle_rules(p.build_options, t.handle.info));
  std::printf("%s", p.source.c_str());
  if (!o.launch.ran) {
    std::printf("error: %s\n%s", o.launch.failed_call.c_str(), o.launch.log.c_str());
    return 1;
  }
  for (const Mismatch& m : o.failures) {
    std::printf("item %llu component %d: inputs", static_cast<unsigned long long>(m.index), m.lane);
    for (const auto& s : m.inputs) std::printf(" (%s)", s.c_str());
    std::printf(": got %s, the spec allows %s\n", m.output.c_str(), m.expected.c_str());
  }
  std::printf("%s on %s: %u values judged, %u wrong, %u unjudged\n", path.c_str(), t.handle.info.name.c_str(), o.judged,
              o.wrong, o.unjudged);
  return o.wrong ? 1 : 0;
}

}  // namespace

int fuzz_command(const std::vector<std::string>& args, const std::string& command_line,
                 const std::string& default_known_failures) {
  const CliArgs a(args, {"device", "seconds", "seed", "first", "count", "build-options", "out", "replay", "timeout",
                         "known-failures"},
                  {"no-reduce", "no-known-failures"});
  if (!a.positional().empty()) throw SetupError("'fuzz' takes no positional arguments (see 'clconform fuzz --help')");
  if (a.has("replay")) return replay(a);
  const double seconds = static_cast<double>(number(a, "seconds", 60, 1));
  const uint64_t seed = number(a, "seed", 1, 0);
  const uint64_t first = number(a, "first", 0, 0);
  const uint64_t max_programs = number(a, "count", UINT64_MAX, 1);
  const double timeout = static_cast<double>(number(a, "timeout", 120, 1));
  const std::string options = a.get("build-options");
  const std::string out = a.get("out", "fuzz-results");
  const FuzzGenerator gen;
  const KnownFailures known = KnownFailures::load(
      a.has("no-known-failures") ? "" : a.get("known-failures", default_known_failures));

  std::error_code ec;
  fs::create_directories(out + "/reproducers", ec);
  if (ec) throw SetupError("cannot make the results folder " + out + ": " + ec.message());
  if (fs::exists(out + "/results.jsonl")) throw SetupError(out + " already holds results: give another --out");
  Target t(a.get("device"));
  const DeviceInfo& d = t.handle.info;
  const ref::fuzz::Rules rules = oracle_rules(options, d);
  FuzzCaps caps;
  caps.fp64 = d.fp64;
  caps.fp16 = d.fp16;

  json::Value run;
  run["format"] = 1;
  run["clconform_version"] = clconform_version();
  run["command"] = command_line;
  json::Value suites = json::Value::array();
  suites.push_back("fuzz");
  run["suites"] = suites;
  run["mode"] = "fuzz";
  run["seed"] = static_cast<unsigned long long>(seed);
  run["build_options"] = options;
  run["filter"] = "*";
  run["started"] = utc_now_iso();
  run["device"] = d.to_json();
  write_file_atomically(out + "/run.json", run.dump() + "\n");

  ResultsFile results(out + "/results.jsonl");
  Watchdog watchdog(timeout, out);
  const auto t0 = Clock::now();
  uint64_t index = first, programs = 0, judged = 0, unjudged = 0, failing = 0, errors = 0, reduced = 0,
           known_failing = 0;
  std::map<std::string, uint64_t> unjudged_by;
  while (since(t0) < seconds && programs < max_programs) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kBatch, max_programs - programs));
    for (const json::Value& v : gen.generate(seed, index, n, caps, options)) {
      if (since(t0) >= seconds) break;
      const auto p0 = Clock::now();
      ref::fuzz::Program p;
      try {
        p = program_from_json(v);
      } catch (const json::ParseError& e) {
        throw SetupError(std::string("the fuzz generator wrote a program clconform cannot read: ") + e.what());
      }
      watchdog.start("fuzz program " + std::to_string(p.index) + " (seed " + std::to_string(seed) + ")");
      Outcome o;
      json::Value r;
      try {
        o = try_program(t, p, rules);
        r = record_of(p, o, d, since(p0));
      } catch (const std::invalid_argument& e) {
        // A program the oracle cannot evaluate is the generator's or the
        // oracle's defect, not the device's: an error record, and on.
        r = record_of(p, o, d, since(p0));
        r["status"] = "error";
        r["detail"] = std::string("the oracle cannot evaluate this program: ") + e.what();
        r["source"] = p.source;
      }
      const bool unbuilt = !o.launch.built && r.at("status").as_string() == "error";
      if (o.wrong || unbuilt) {
        ++failing;
        const std::string file = out + "/reproducers/fuzz-s" + std::to_string(seed) + "-" + std::to_string(p.index) + ".json";
        json::Value small = a.has("no-reduce") ? json::Value() : reduce(t, gen, v, o.first_wrong_item, rules,
                                                  std::max(kReduceLeast, std::min(kReduceSeconds, seconds - since(t0))),
                                                  unbuilt);
        const bool shrunk = !small.is_null();
        write_file_atomically(file, (shrunk ? small : v).dump() + "\n");
        if (shrunk && unbuilt) settle_unbuilt(r, known, d, small);
        if (shrunk && !unbuilt) settle_known(r, known, d, small, t, gen, rules);
        if (shrunk) {
          ++reduced;
          r["source"] = small.at("source").as_string();
          json::Value fz = r.at("fuzz");
          json::Value::Object fo = fz.as_object();
          fo["reduced_nodes"] = static_cast<unsigned long long>(small.at("nodes").size());
          r["fuzz"] = json::Value(std::move(fo));
        }
        r["repro"] = "clconform fuzz --replay " + shell_quote(file) + " --device " + shell_quote(d.selector);
        r["time_s"] = since(p0);
      }
      watchdog.done();
      if (r.at("status").as_string() == "error") ++errors;
      if (r.at("status").as_string() == "known_fail") ++known_failing;
      results.append(r);
      ++programs;
      ++index;
      judged += o.judged;
      unjudged += o.unjudged;
      for (const auto& [why, k] : o.unjudged_by) unjudged_by[why] += k;
    }
  }
  const double duration = since(t0);
  json::Value summary;
  summary["programs"] = static_cast<unsigned long long>(programs);
  summary["first"] = static_cast<unsigned long long>(first);
  summary["values_judged"] = static_cast<unsigned long long>(judged);
  summary["values_unjudged"] = static_cast<unsigned long long>(unjudged);
  json::Value by;
  for (const auto& [why, k] : unjudged_by) by[why] = static_cast<unsigned long long>(k);
  summary["unjudged_by"] = by;
  summary["failing_programs"] = static_cast<unsigned long long>(failing);
  summary["known_failures"] = static_cast<unsigned long long>(known_failing);
  summary["reduced"] = static_cast<unsigned long long>(reduced);
  summary["errors"] = static_cast<unsigned long long>(errors);
  run["fuzz"] = summary;
  run["finished"] = utc_now_iso();
  run["duration_s"] = duration;
  write_file_atomically(out + "/run.json", run.dump() + "\n");
  std::printf("fuzz: %llu programs (seed %llu, %llu..%llu) on %s in %.1f s: %llu values judged, %llu unjudged",
              static_cast<unsigned long long>(programs), static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(first), static_cast<unsigned long long>(first + programs - (programs ? 1 : 0)),
              d.name.c_str(), duration, static_cast<unsigned long long>(judged), static_cast<unsigned long long>(unjudged));
  for (const auto& [why, k] : unjudged_by) std::printf(" (%llu %s)", static_cast<unsigned long long>(k), why.c_str());
  std::printf("; %llu failing (%llu of them known failures), %llu errors\nresults: %s\n",
              static_cast<unsigned long long>(failing), static_cast<unsigned long long>(known_failing),
              static_cast<unsigned long long>(errors), out.c_str());
  return failing > known_failing || errors ? 1 : 0;
}

}  // namespace clconform
