#include "worker.hpp"

#include <unistd.h>

#include <chrono>
#include <string>

#include "case_run.hpp"
#include "checks.hpp"
#include "cl_errors.hpp"
#include "errors.hpp"
#include "host_cores.hpp"
#include "baseline.hpp"
#include "known_failures.hpp"
#include "progress.hpp"
#include "repro.hpp"
#include "results_file.hpp"
#include "run_info.hpp"
#include "selection.hpp"

namespace clconform {
namespace {

void tell(int fd, const std::string& line) {
  if (fd < 0) return;
  std::string msg = line + "\n";
  // The supervisor only watches; a failed write must not stop the run.
  ssize_t ignored = write(fd, msg.data(), msg.size());
  (void)ignored;
}

std::string missing_capability(const Case& c, const DeviceInfo& d) {
  for (const auto& r : c.requires) {
    if (!d.supports(r)) return r;
  }
  return "";
}

// A case whose check runs whole, in a shard of a campaign that another shard
// owns: recorded, not run (checks.hpp, owner_shard).
bool runs_elsewhere(const Check& check, uint64_t owner, const RunOptions& opts) {
  return opts.shards > 1 && check.sharding == Sharding::Whole && owner != opts.shard;
}

json::Value run_one(const Suite& suite, const Case& c, uint64_t owner, Session& session, const RunOptions& opts,
                    const KnownFailures& known) {
  // The known-failure entries that apply to this case judge each wrong value
  // as the check finds it.
  const CaseExcuses excuses =
      known.for_case(session.info().name, session.info().driver_version, c.id, opts.build_options, opts.full());
  CaseResult r(&excuses);
  auto start = std::chrono::steady_clock::now();
  const double built_before = session.programs.build_seconds();
  std::optional<CaseRun::Slice> slice;
  std::string missing = missing_capability(c, session.info());
  const Check& check = *find_check(c.check);
  if (!missing.empty()) {
    r.status = "unsupported";
    r.detail = "the device lacks " + missing;
  } else if (runs_elsewhere(check, owner, opts)) {
    r.status = "info";
    r.detail = "a whole case: shard " + std::to_string(owner) + " of " + std::to_string(opts.shards) +
               " runs it; the campaign's merged record holds its verdict";
  } else {
    CaseRun run(c, suite, session, opts, r);
    try {
      check.fn(run);
    } catch (const BuildFailed& b) {
      r.detail = "kernel failed to build (" + cl_error_name(b.program->error) + "): " + build_log_headline(b.program->log);
      r.build_log = b.program->log;
      Mismatch m{0, -1, {}, cl_error_name(b.program->error), "CL_SUCCESS", "a legal kernel failed to build"};
      m.kind = "build_failure";
      r.fail(std::move(m));
    } catch (const cl::Error& e) {
      r.status = "error";
      r.detail = std::string(e.what()) + " failed with " + cl_error_name(e.err());
    } catch (const SetupError&) {
      throw;
    } catch (const std::exception& e) {
      r.status = "error";
      r.detail = e.what();
    }
    slice = run.slice();
    if (slice && check.sharding == Sharding::Whole) {
      // Merging needs every shard's slice of a sweep; a shard that does not
      // own this case would have none.
      r.status = "error";
      r.detail = "check " + c.check + " took a sweep's slice but is registered to run whole (Sharding::Slices)";
    } else if (r.status == "pass" && r.checked == 0) {
      if (slice && slice->begin == slice->end) {
        // A small sweep leaves some shards of a campaign without an input:
        // no verdict here; the merged campaign judges the case.
        r.status = "info";
        r.detail = "this shard holds none of the case's " + std::to_string(slice->total) +
                   " inputs; the campaign's merged record judges it";
      } else if (slice) {
        // Its inputs here all have undefined results (integer division by
        // zero, say): no verdict here either; merging needs some shard to
        // have compared values.
        r.status = "info";
        r.detail = "this shard's " + std::to_string(slice->end - slice->begin) + " of the case's " +
                   std::to_string(slice->total) +
                   " inputs all have undefined results; the campaign's merged record judges it";
      } else {
        // A verdict needs evidence: a check that compared nothing proves nothing.
        r.status = "error";
        r.detail = "the check compared no values";
      }
    }
    if (r.status == "fail" || r.status == "error") r.source = run.program().source;
  }
  json::Value rec = r.to_json();
  rec["case"] = c.id;
  rec["suite"] = suite.name;
  rec["group"] = c.group;
  json::Value labels = json::Value::array();
  for (const auto& l : c.labels) labels.push_back(l);
  rec["labels"] = labels;
  rec["time_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rec["build_s"] = session.programs.build_seconds() - built_before;
  const ProgramDesc* program = suite.program_in_mode(c, opts.full());
  rec["program"] = suite.name + "/" + (program ? program : &suite.program_of(c))->file;
  rec["kernel"] = c.kernel;
  rec["device"] = session.info().name;
  rec["driver"] = session.info().driver_version;
  rec["build_options"] = opts.build_options;
  if (opts.shards > 1 && check.sharding == Sharding::Whole) rec["whole_in_shard"] = static_cast<unsigned long long>(owner);
  if (slice) {
    json::Value s = json::Value::object();
    s["begin"] = static_cast<unsigned long long>(slice->begin);
    s["end"] = static_cast<unsigned long long>(slice->end);
    s["total"] = static_cast<unsigned long long>(slice->total);
    rec["slice"] = s;
  }
  std::optional<uint64_t> index;
  if (!r.worst().empty()) index = r.worst().front().index;
  else if (!r.failures().excused().empty()) index = r.failures().excused().front().index;
  rec["repro"] = repro_command(opts, suite.name, c.id, session.info().selector, index);
  KnownFailures::apply(rec, r);
  return rec;
}

}  // namespace

int run_worker(const RunOptions& opts, int progress_fd) {
  Selection sel = select_cases(opts);
  Session session(select_device(opts.device), opts.build_options);
  write_run_started(opts, sel, session.info());
  KnownFailures known = KnownFailures::load(opts.known_failures);
  FailureTally::set_keep_limit(opts.keep_failures);
  const Baseline baseline = Baseline::load(opts.baseline, session.info().name, session.info().driver_version, opts);
  std::string results_path = opts.out_dir + "/results.jsonl";
  std::set<std::string> done = recorded_cases(results_path);
  ResultsFile results(results_path);

  if (opts.build_ahead) {
    // The programs of the cases this worker will run, in their order.
    std::vector<ProgramCache::Upcoming> upcoming;
    for (size_t i = 0; i < sel.cases.size(); ++i) {
      const auto& [suite, c] = sel.cases[i];
      if (done.count(c->id) || !missing_capability(*c, session.info()).empty() ||
          runs_elsewhere(*find_check(c->check), owner_shard(i, opts.shards), opts))
        continue;
      if (const ProgramDesc* p = suite->program_in_mode(*c, opts.full())) upcoming.push_back({suite, p, i});
    }
    session.programs.build_ahead(std::move(upcoming), build_threads(opts.host_processes, opts.full()), opts.build_server_program,
                                 session.info().selector);
  }

  Progress progress(sel.cases.size());
  size_t finished = 0;
  uint64_t values = 0;
  for (const auto& [suite, c] : sel.cases) {
    ++finished;
    if (done.count(c->id)) continue;
    session.programs.reached(finished - 1);
    progress.update(finished - 1, values, c->id);
    tell(progress_fd, "BEGIN " + c->id);
    json::Value rec = run_one(*suite, *c, owner_shard(finished - 1, opts.shards), session, opts, known);
    baseline.apply(rec);
    results.append(rec);
    tell(progress_fd, "END " + c->id);
    values += rec.at("checked").as_uint();
  }
  return 0;
}

}  // namespace clconform
