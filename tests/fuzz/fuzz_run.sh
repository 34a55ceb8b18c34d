#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS from the seed corpus (left as it
# is: new inputs go to WORK) and prints its executions per second and the
# coverage it reached. A crash fails the test; the input is kept in WORK and
# belongs in tests/fuzz/crashes/ once fixed.
#   fuzz_run.sh TARGET CORPUS WORK SECONDS
set -uo pipefail
target=$1 corpus=$2 work=$3 seconds=$4
mkdir -p "$work/corpus"
log=$work/log.txt
# The crash inputs fixed so far run first, as regression tests.
crashes=()
for f in "$(dirname "$0")/crashes/$(basename "$target")"-*; do [ -f "$f" ] && crashes+=("$f"); done
if [ ${#crashes[@]} -gt 0 ]; then
  "$target" "${crashes[@]}" >"$work/crashes.txt" 2>&1 || { cat "$work/crashes.txt"; exit 1; }
fi
"$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/corpus" "$corpus" >"$log" 2>&1
rc=$?
execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
per_s=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
last=$(grep -E '^#[0-9]+' "$log" | tail -1)
cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*')
ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*')
echo "$(basename "$target"): ${execs:-?} runs in ${seconds} s, ${per_s:-?} exec/s, coverage ${cov:-?} edges, ${ft:-?} features, corpus $(ls "$work/corpus" | wc -l) new + $(ls "$corpus" | wc -l) seeds"
if [ $rc -ne 0 ]; then
  grep -E 'ERROR|SUMMARY|Test unit written|==[0-9]+==' "$log" | head -20
  exit 1
fi
