#!/usr/bin/env bash
# bench/campaign.sh, the full mode as shards, on the default device: with
# two workers (the device taken twice, CAMPAIGN_DEVICES) the three shards of
# a small selection each run once and merge into a folder whose verdicts
# equal a single full-mode run's; a call stopped by CAMPAIGN_SECONDS in the
# middle of a sweep exits 3, leaves its shard unfinished, and a later call
# resumes and finishes it.
#   bench_campaign_test.sh CLCONFORM WORKDIR
set -uo pipefail
clconform=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
campaign=$here/../../bench/campaign.sh
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
fail() { echo "FAIL: $*"; exit 1; }
export CLCONFORM=$clconform
first=$("$clconform" devices | sed -n 's/^\[\([0-9]*:[0-9]*\)\].*/\1/p' | head -n 1)
select=(--suite types,integer --filter 'types.layout.float*,integer.builtins.abs.char')

"$clconform" run --mode full "${select[@]}" --device "$first" --no-report --out one > /dev/null ||
  fail "the single full-mode run did not pass"
CAMPAIGN_DEVICES="$first,$first" "$campaign" c 3 -- "${select[@]}" > c.log 2>&1
rc=$?
[ "$rc" -eq 0 ] || { cat c.log; fail "the two-worker campaign exited $rc"; }
[ "$(grep -c '^worker for' c.log)" -eq 2 ] || { cat c.log; fail "not two pinned workers"; }
[ "$(wc -l < c/shards.tsv)" -eq 3 ] || fail "shards.tsv does not hold one line per shard: $(cat c/shards.tsv)"
[ "$(cut -f1 c/shards.tsv | sort -u | wc -l)" -eq 3 ] || fail "a shard ran twice: $(cat c/shards.tsv)"
python3 "$here/same_results.py" one c/merged || fail "the merged campaign differs from the single run"

# A sweep slice of several seconds, stopped after four: time for the run
# to open the device and write run.json first, even on a loaded 2-core
# machine.
sweep=(--suite math --filter math.sin)
CAMPAIGN_SECONDS=4 "$campaign" d 16 1 1 -- "${sweep[@]}" > d1.log 2>&1
rc=$?
[ "$rc" -eq 3 ] || { cat d1.log; fail "a call stopped at CAMPAIGN_SECONDS exited $rc, not 3"; }
[ -f d/shard-1/run.json ] || fail "the stopped shard left no run.json to resume"
grep -q '"finished"' d/shard-1/run.json && fail "the stopped shard says it finished"
"$campaign" d 16 1 1 -- "${sweep[@]}" > d2.log 2>&1
rc=$?
[ "$rc" -le 1 ] || { cat d2.log; fail "the resuming call exited $rc"; }
grep -q '"finished"' d/shard-1/run.json || fail "the resumed shard did not finish"
grep -q '^1 of 16 shards finished' d2.log || { cat d2.log; fail "the resuming call does not say 1 of 16 shards finished"; }
[ "$(cut -f3 d/shards.tsv | tr '\n' ' ')" = "124 $rc " ] ||
  fail "shards.tsv does not record the stop (124) and the finish: $(cat d/shards.tsv)"
echo "PASS"
