#!/usr/bin/env bash
# Host verification of two builds side by side on one machine (verify_bench,
# six widths): for each function, RUNS runs of each build in turn, A B A B
# ..., and the median "ns per input per thread" of each, so that a drifting
# machine shifts both alike.
#   bench/verify_ab.sh BUILD_A BUILD_B THREADS INPUTS RUNS [FUNCTIONS...]
#   bench/verify_ab.sh build-old build 16 16777216 3 sin exp log
# VERIFY_ARGS adds verify_bench options to both (e.g. --same-widths, which
# both builds must know).
set -euo pipefail
a=$1
b=$2
threads=$3
inputs=$4
runs=$5
shift 5
fns=${*:-sin exp log}
one() {
  # shellcheck disable=SC2086
  "$1/bench/verify_bench" --function "$2" --widths 1,2,3,4,8,16 --inputs "$inputs" --threads "$threads" \
    --repeats 3 ${VERIFY_ARGS:-} 2>/dev/null | sed -n 's/ ns per input per thread//p'
}
median() { sort -g | awk '{v[NR] = $1} END {printf "%8.2f", v[int((NR + 1) / 2)]}'; }
printf '%-24s %8s %8s %8s   (ns per input per thread, median of %s, %s threads, %s inputs %s)\n' \
  function A B A/B "$runs" "$threads" "$inputs" "${VERIFY_ARGS:-}"
for f in $fns; do
  ra=() rb=()
  for _ in $(seq "$runs"); do
    ra+=("$(one "$a" "$f")")
    rb+=("$(one "$b" "$f")")
  done
  ma=$(printf '%s\n' "${ra[@]}" | median)
  mb=$(printf '%s\n' "${rb[@]}" | median)
  awk -v f="$f" -v a="$ma" -v b="$mb" 'BEGIN {printf "%-24s %8.2f %8.2f %8.2f\n", f, a, b, a / b}'
done
