#include "fn_case.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>

#include "checks.hpp"
#include "host_cores.hpp"
#include "inputs.hpp"
#include "thread_team.hpp"

namespace clconform::suites::fn {
namespace {

// Histogram bin edges in ulp, as the math suite's (the report draws both
// alike); the last bin is open: [65536, inf), NaN or infinitely wrong.
const std::vector<double> kEdges = {0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 16, 64, 256, 1024, 4096, 8192, 65536};

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string num(double v) { return std::isinf(v) ? "inf" : fmt("%.4g", v); }

Operand operand_of(const json::Value& v) {
  Operand o;
  o.type = v.at("type").as_string();
  o.kind = v.at("kind").as_string().at(0);
  o.bytes = unsigned(v.at("bytes").as_int());
  o.n = unsigned(v.at("n").as_int());
  return o;
}

uint64_t read_elem(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian hosts (the harness assumes the same)
  return v;
}

struct Stats {
  uint64_t checked = 0, failed = 0, unjudged = 0;
  double max_ulp = 0, max_ratio = 0, max_abs = 0;
  bool has_ulp = false, has_abs = false;
};

struct Worst {
  double score = -1;
  uint64_t index = 0;
  unsigned width = 0;
  std::vector<std::string> inputs;
  std::string output, expected;
};

}  // namespace

std::string Regime::describe() const {
  std::string s = profile() + " profile";
  if (relaxed) s += ", relaxed";
  if (finite_only) s += ", finite-only";
  if (no_signed_zeros) s += ", no signed zeros";
  if (ftz2) s += ", half denormals may flush";
  if (ftz4) s += ", float denormals may flush";
  if (ftz8) s += ", double denormals may flush";
  return s;
}

uint64_t Rng::next() { return counter_bits(seed_, stream_, base_ + k_++); }

Regime regime_of(CaseRun& run) {
  const FpRules f = run.fp_rules();
  Regime r;
  r.embedded = f.embedded;
  r.relaxed = f.relaxed;
  r.finite_only = f.finite_only;
  r.no_signed_zeros = f.no_signed_zeros;
  r.ftz2 = f.flush_half;
  r.ftz4 = f.flush_float;
  r.ftz8 = f.flush_double;
  return r;
}

std::vector<Overload> overloads_of(const json::Value& params) {
  std::vector<Overload> out;
  for (const auto& v : params.at("overloads").as_array()) {
    Overload o;
    o.kernel = v.at("kernel").as_string();
    o.form = v.has("form") ? v.at("form").as_string() : "";
    o.n = unsigned(v.at("n").as_int());
    for (const auto& a : v.at("args").as_array()) o.args.push_back(operand_of(a));
    o.result = operand_of(v.at("result"));
    if (v.has("bound")) o.bound = v.at("bound");
    out.push_back(std::move(o));
  }
  return out;
}

char format_of(const Operand& o) {
  if (o.kind != 'f') return o.kind;
  return o.bytes == 2 ? 'h' : o.bytes == 8 ? 'd' : 'f';
}

std::string lanes_text(const std::vector<uint64_t>& lanes, unsigned bytes) {
  if (lanes.size() == 1) return hex_bits(lanes[0], bytes);
  std::string s = "(";
  for (size_t i = 0; i < lanes.size(); ++i) s += (i ? ", " : "") + hex_bits(lanes[i], bytes);
  return s + ")";
}

void draw_item(const Judge& judge, const Overload& ov, uint64_t seed, uint64_t case_stream, size_t overload,
               uint64_t index, Item& it) {
  it.index = index;
  it.args.assign(ov.args.size(), {});
  for (size_t a = 0; a < ov.args.size(); ++a) it.args[a].assign(ov.args[a].n, 0);
  Rng rng(seed, case_stream * 1315423911u + overload, index);
  judge.inputs(ov, rng, it);
}

namespace {

// What one verifying thread gathers over its items of one overload.
struct Part {
  explicit Part(FailureTally t) : failures(std::move(t)) {}
  FailureTally failures;
  Stats st;
  std::vector<uint64_t> hist = std::vector<uint64_t>(kEdges.size(), 0);
  Worst worst;
  std::vector<Lane> lanes;  // the verdicts on the current item's lanes
};

// The threads that verify COUNT items: the sweeps' share of the host's
// cores, but none beyond one per kItemsPerThread items, where starting a
// thread would cost more than it saves (quick mode's cases are small).
unsigned verify_threads(const CaseRun& run, size_t count) {
  constexpr size_t kItemsPerThread = 1024;
  return unsigned(std::max<size_t>(1, std::min<size_t>(sweep_threads(run.opts.host_processes), count / kItemsPerThread)));
}

// Judges items [BEGIN, END) of overload OV, whose outputs OUT holds, into PART.
void judge_items(const Judge& judge, const Overload& ov, std::vector<Item>& items, const uint8_t* out, size_t begin,
                 size_t end, Part& part) {
  Stats& st = part.st;
  for (size_t i = begin; i < end; ++i) {
    Item& it = items[i];
    it.out.resize(ov.result.n);
    for (unsigned l = 0; l < ov.result.n; ++l)
      it.out[l] = read_elem(out + (i * ov.result.n + l) * ov.result.bytes, ov.result.bytes);
    part.lanes.assign(ov.result.n, Lane{});
    judge.judge(ov, it, part.lanes);
    for (unsigned l = 0; l < ov.result.n; ++l) {
      const Lane& v = part.lanes[l];
      if (v.status == Lane::Status::Unjudged) {
        ++st.unjudged;
        continue;
      }
      ++st.checked;
      if (v.ulp >= 0) {
        const double u = std::isnan(v.ulp) ? HUGE_VAL : v.ulp;
        st.has_ulp = true;
        st.max_ulp = std::max(st.max_ulp, u);
        const size_t bin = u < kEdges[1] ? 0 : size_t(std::upper_bound(kEdges.begin(), kEdges.end(), u) - kEdges.begin()) - 1;
        ++part.hist[std::min(bin, kEdges.size() - 1)];
      }
      if (v.abs >= 0) {
        st.has_abs = true;
        st.max_abs = std::max(st.max_abs, v.abs);
      }
      if (v.ratio >= 0) st.max_ratio = std::max(st.max_ratio, v.ratio);
      const double score = v.status == Lane::Status::Fail ? HUGE_VAL : v.ratio >= 0 ? v.ratio : v.ulp;
      std::vector<std::string> shown;
      const auto inputs_text = [&] {
        if (!shown.empty()) return;
        for (size_t a = 0; a < ov.args.size(); ++a)
          shown.push_back(judge.componentwise() && ov.args[a].n == ov.result.n
                              ? hex_bits(it.args[a][l], ov.args[a].bytes)
                              : lanes_text(it.args[a], ov.args[a].bytes));
      };
      if (score > part.worst.score && judge.measured()) {
        inputs_text();
        part.worst = {score, it.index, ov.n, shown, hex_bits(it.out[l], ov.result.bytes), v.expected};
      }
      if (v.status != Lane::Status::Fail) continue;
      ++st.failed;
      inputs_text();
      Mismatch m;
      m.index = it.index;
      m.lane = int(l);
      m.inputs = shown;
      m.output = hex_bits(it.out[l], ov.result.bytes);
      m.expected = v.expected;
      m.note = ov.kernel + ": " + v.rule + (v.edge.empty() ? "" : " (edge case " + v.edge + ")");
      if (v.ulp >= 0) m.note += "; error " + num(v.ulp) + " ulp";
      if (v.abs >= 0) m.note += ", absolute " + fmt("%.3g", v.abs);
      m.ulp = v.ulp;
      m.score = v.ratio >= 0 && std::isfinite(v.ratio) ? v.ratio : 1e300;
      WrongBits wb{format_of(ov.args[0]), format_of(ov.result), ov.args[0].bytes, ov.result.bytes, ov.n, {},
                   it.out[l], v.expected_bits};
      for (size_t a = 0; a < ov.args.size(); ++a) {
        if (judge.componentwise() && ov.args[a].n == ov.result.n) wb.inputs.push_back(it.args[a][l]);
        else wb.inputs.insert(wb.inputs.end(), it.args[a].begin(), it.args[a].end());
      }
      m.bits = std::move(wb);
      m.edge = v.edge;
      part.failures.add(std::move(m));
    }
  }
}

}  // namespace

void run_case(CaseRun& run, const Judge& judge) {
  const json::Value& params = run.c.params;
  const std::vector<Overload> ovs = overloads_of(params);
  const auto& program = run.program();
  if (!program.ok) throw BuildFailed{&program};
  const uint64_t total = judge.items(run.opts.full());
  const CaseRun::Range range = run.range(total);
  const uint64_t stream = case_stream(run.c.id);
  const size_t count = size_t(range.size());

  std::vector<Stats> stats(ovs.size());
  std::vector<uint64_t> hist(kEdges.size(), 0);
  FailureTally failures = run.result.tally();
  Worst worst;
  // Items are independent: each thread draws and judges a contiguous block
  // of them, and the blocks' parts are joined in item order, so the record
  // is the one a single thread would write (the first worst value wins;
  // the tally ranks by score, then index).
  const unsigned threads = verify_threads(run, count);
  std::unique_ptr<ThreadTeam> team = threads > 1 ? std::make_unique<ThreadTeam>(threads) : nullptr;
  const auto block = [&](unsigned t) { return std::pair<size_t, size_t>{count * t / threads, count * (t + 1) / threads}; };
  const auto on_team = [&](const std::function<void(unsigned)>& fn) {
    if (team) team->run(fn);
    else fn(0);
  };

  for (size_t k = 0; k < ovs.size(); ++k) {
    const Overload& ov = ovs[k];
    cl::Kernel kernel(program.program, ov.kernel.c_str());
    std::vector<Item> items(count);
    std::vector<std::vector<uint8_t>> in(ov.args.size());
    for (size_t a = 0; a < ov.args.size(); ++a) in[a].assign(count * ov.args[a].n * ov.args[a].bytes, 0);
    on_team([&](unsigned t) {
      const auto [first, end] = block(t);
      for (size_t i = first; i < end; ++i) {
        Item& it = items[i];
        draw_item(judge, ov, run.opts.seed, stream, k, range.begin + i, it);
        for (size_t a = 0; a < ov.args.size(); ++a)
          for (unsigned l = 0; l < ov.args[a].n; ++l)
            std::memcpy(in[a].data() + (i * ov.args[a].n + l) * ov.args[a].bytes, &it.args[a][l], ov.args[a].bytes);
      }
    });
    std::vector<const std::vector<uint8_t>*> ins;
    for (auto& b : in) ins.push_back(&b);
    const size_t out_bytes = count * ov.result.n * ov.result.bytes;
    const auto outs = run.launch(kernel, ins, {out_bytes}, count);
    std::vector<Part> parts;
    for (unsigned t = 0; t < threads; ++t) parts.emplace_back(run.result.tally());
    on_team([&](unsigned t) {
      const auto [first, end] = block(t);
      judge_items(judge, ov, items, outs[0].data(), first, end, parts[t]);
    });
    Stats& st = stats[k];
    for (Part& p : parts) {
      st.checked += p.st.checked, st.failed += p.st.failed, st.unjudged += p.st.unjudged;
      st.max_ulp = std::max(st.max_ulp, p.st.max_ulp);
      st.max_ratio = std::max(st.max_ratio, p.st.max_ratio);
      st.max_abs = std::max(st.max_abs, p.st.max_abs);
      st.has_ulp = st.has_ulp || p.st.has_ulp;
      st.has_abs = st.has_abs || p.st.has_abs;
      for (size_t b = 0; b < hist.size(); ++b) hist[b] += p.hist[b];
      if (p.worst.score > worst.score) worst = std::move(p.worst);
      failures.merge(std::move(p.failures));
    }
  }

  // Results: every wrong value went through the tally, which keeps the worst.
  CaseResult& r = run.result;
  uint64_t checked = 0, unjudged = 0;
  for (const auto& s : stats) checked += s.checked, unjudged += s.unjudged;
  const uint64_t wrong = failures.failed();
  r.checked += checked;
  r.merge(std::move(failures));

  json::Value m = json::Value::object();
  json::Value per = json::Value::object();
  std::string per_text;
  size_t worst_k = 0;
  double max_ulp = 0, max_abs = -1;
  bool any_ulp = false, all_judged = true;
  for (size_t k = 0; k < ovs.size(); ++k) {
    const Stats& s = stats[k];
    const Judge::BoundInfo b = judge.bound(ovs[k]);
    all_judged = all_judged && b.judged;
    json::Value w = json::Value::object();
    w["n"] = ovs[k].n;
    w["checked"] = static_cast<unsigned long long>(s.checked);
    w["failed"] = static_cast<unsigned long long>(s.failed);
    w["unjudged"] = static_cast<unsigned long long>(s.unjudged);
    if (judge.measured()) {
      if (s.has_ulp) w["max_ulp"] = std::isinf(s.max_ulp) ? 1e308 : s.max_ulp;
      if (s.has_abs) w["max_abs_error"] = std::isinf(s.max_abs) ? 1e308 : s.max_abs;
      w["max_error_over_bound"] = std::isinf(s.max_ratio) ? 1e308 : s.max_ratio;
      w["bound"] = b.text;
      per_text += (per_text.empty() ? "" : ", ") + ovs[k].kernel + " " +
                  (s.has_abs ? "error/bound " + num(s.max_ratio) : num(s.max_ulp) + " ulp") + " of " + b.text;
      if (s.has_ulp) any_ulp = true, max_ulp = std::max(max_ulp, s.max_ulp);
      if (s.has_abs) max_abs = std::max(max_abs, s.max_abs);
      if (s.max_ratio > stats[worst_k].max_ratio) worst_k = k;
    }
    per[ovs[k].kernel] = w;
  }
  m["overloads"] = per;
  m["unjudged"] = static_cast<unsigned long long>(unjudged);
  m["inputs_per_overload"] = static_cast<unsigned long long>(range.size());
  if (judge.measured() && any_ulp) {
    m["max_ulp"] = std::isinf(max_ulp) ? 1e308 : max_ulp;
    const Judge::BoundInfo b = judge.bound(ovs[worst_k]);
    if (b.ulps >= 0 && b.judged) m["bound"] = b.ulps;  // the bound of the overload nearest to (or over) its bound
    if (max_abs >= 0) m["max_abs_error"] = max_abs;
    json::Value h = json::Value::object(), edges = json::Value::array(), counts = json::Value::array();
    for (double e : kEdges) edges.push_back(e);
    for (uint64_t c : hist) counts.push_back(static_cast<unsigned long long>(c));
    h["edges"] = edges;
    h["counts"] = counts;
    m["histogram"] = h;
    if (worst.score >= 0) {
      json::Value w = json::Value::object(), inv = json::Value::array();
      for (const auto& s : worst.inputs) inv.push_back(s);
      w["inputs"] = inv;
      w["output"] = worst.output;
      w["expected"] = worst.expected;
      w["index"] = static_cast<unsigned long long>(worst.index);
      w["width"] = worst.width;
      m["worst"] = w;
    }
  }
  m["regime"] = regime_of(run).describe();
  r.metrics = m;

  std::string d = params.at("builtin").as_string() + " (" + params.at("elem").as_string() + "): " +
                  std::to_string(ovs.size()) + " overloads of this case (" +
                  std::to_string(params.at("suite_overloads").as_int()) + " in the suite for float and double, " +
                  std::to_string(params.at("suite_overloads_fp16").as_int()) + " with half), " +
                  std::to_string(range.size()) + " work-items each, " + std::to_string(checked) + " lanes judged; " + regime_of(run).describe();
  if (unjudged) d += ", " + std::to_string(unjudged) + " not judged (undefined or outside the bound's domain)";
  if (!per_text.empty()) d += "; max error: " + per_text;
  if (wrong) d = std::to_string(wrong) + " of " + std::to_string(checked) + " results wrong; " + d;
  r.detail = d;
  if (!all_judged && r.status == "pass") r.status = "info";  // implementation-defined (7.4): measured, not judged
}

}  // namespace clconform::suites::fn
