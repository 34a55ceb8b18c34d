#!/usr/bin/env bash
# The common, geometric and relational suites' verification on one thread
# against the default team (the sweeps' share of the host's cores), one
# case in full mode, with farm-bench's paired A/B; then checks that every
# run wrote the same record but for its times (same_results.py).
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
# Every run wrote the record of the first one-thread run, but for its times.
here=$(cd "$(dirname "$0")" && pwd)
ones=("$out"/one-*) status=0
for d in "$out"/one-* "$out"/team-*; do
  python3 "$here/../tests/campaign/same_results.py" --every-field "${ones[0]}" "$d" > /dev/null || status=1
done
echo "records alike but for times: $([ $status = 0 ] && echo yes || echo NO)"
exit $status
