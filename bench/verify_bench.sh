#!/usr/bin/env bash
# Host verification cost of a sweep, without a device (verify_bench.cpp):
# for each function, RUNS runs of build/bench/verify_bench at six widths,
# printing the minimum, median and maximum "ns per input per thread".
#   bench/verify_bench.sh [BUILD_DIR] [THREADS] [RUNS] [FUNCTIONS...]
#   bench/verify_bench.sh build 1 5 sin exp log convert_int_rte.float
# (run from the repository root, after a build)
set -euo pipefail
build=${1:-build}
threads=${2:-1}
runs=${3:-5}
shift $(( $# < 3 ? $# : 3 ))
fns=${*:-sin exp log convert_int_rte.float}
printf '%-28s %8s %8s %8s   (ns per input per thread, six widths, %s threads, %s runs)\n' function min median max "$threads" "$runs"
for f in $fns; do
  for r in $(seq "$runs"); do
    "$build/bench/verify_bench" --function "$f" --widths 1,2,3,4,8,16 --inputs 4194304 --threads "$threads" \
      --repeats 3 2>/dev/null | sed -n 's/ ns per input per thread//p'
  done | sort -g | awk -v f="$f" '{v[NR]=$1} END {printf "%-28s %8.2f %8.2f %8.2f\n", f, v[1], v[int((NR+1)/2)], v[NR]}'
done
