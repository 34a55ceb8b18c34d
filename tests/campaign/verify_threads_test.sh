#!/usr/bin/env bash
# The common, geometric and relational suites verify a case's work-items on
# a team of threads: on the default device, a slice of full mode with one
# thread and with four gives the same records, every field but the times
# (same_results.py --every-field). geometric.normalize.float has known
# failures on PoCL, so the threads' tallies are joined too.
#   verify_threads_test.sh CLCONFORM WORKDIR
set -uo pipefail
clconform=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
select=(run --mode full --shard 5/16 --no-report --suite common,geometric,relational
        --filter 'common.mix.float,common.degrees.double,geometric.normalize.float,geometric.distance.double,relational.select.float')
fail() { echo "FAIL: $*"; exit 1; }
for t in 1 4; do
  CLCONFORM_SWEEP_THREADS=$t "$clconform" "${select[@]}" --out "t$t" > "t$t.log" 2>&1
  rc=$?
  [ $rc -le 1 ] || fail "the run with $t threads exited $rc: $(tail -n 1 "t$t.log")"
  [ "$(wc -l < "t$t/results.jsonl")" -eq 5 ] || fail "the run with $t threads did not record its 5 cases"
done
python3 "$here/same_results.py" --every-field t1 t4 || fail "four threads wrote other records than one"
echo "PASS: one thread and four give the same records"
