#!/usr/bin/env bash
# The common, geometric and relational suites' verification on one thread
# against the default team (the sweeps' share of the host's cores), one
# case in full mode, with farm-bench's paired A/B; then checks that both
# wrote the same record but for its times.
#   bench/builtin_sweep_threads.sh [CLCONFORM [CASE [RUNS]]]
# (defaults: build/harness/clconform, common.mix.float, 3 runs).
set -euo pipefail
clconform=${1:-build/harness/clconform}
case_id=${2:-common.mix.float}
runs=${3:-3}
suite=${case_id%%.*}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run="$clconform run --mode full --no-report --suite $suite --filter $case_id"
farm-bench -n "$runs" --warmup 1 --timeout 1800 \
  --vs "sh -c 'CLCONFORM_SWEEP_THREADS=1 exec $run --out $out/one-\$\$ >/dev/null 2>&1'" \
  -- sh -c "exec $run --out $out/team-\$\$ >/dev/null 2>&1"
python3 - "$out" <<'P'
import glob, json, sys
recs = {}
for d in glob.glob(sys.argv[1] + '/*/results.jsonl'):
    r = json.loads(open(d).readline())
    for k in ('time_s', 'build_s'):
        r.pop(k)
    recs.setdefault(json.dumps(r, sort_keys=True), []).append(d)
runs = sum(len(v) for v in recs.values())
print('%d records, alike but for times:' % runs, 'yes' if len(recs) == 1 else 'NO (%d kinds)' % len(recs))
sys.exit(0 if len(recs) == 1 else 1)
P
