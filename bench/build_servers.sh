#!/usr/bin/env bash
# Programs built ahead through build servers against built in the run's own
# process (CLCONFORM_BUILD_SERVERS=1 / 0), in pairs run in turn, each run
# with empty driver caches of its own (CUDA_CACHE_PATH, POCL_CACHE_DIR), so
# that neither reuses what the other compiled. Prints each pair's wall
# seconds and their ratio, then the median ratio, and checks that the first
# pair wrote the same records but for their times.
#   bench/build_servers.sh CLCONFORM PAIRS -- RUN-OPTIONS...
# e.g. bench/build_servers.sh build/harness/clconform 3 -- --mode full --device 1:0
#        --suite vectors --filter 'vectors.literals.*short*,vectors.literals.*char*'
# CLCONFORM_BUILD_THREADS in the environment sets the background builders
# (on a host of fewer than 8 cores there are none unless it is set).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] && [ "$3" = "--" ] || { echo "usage: bench/build_servers.sh CLCONFORM PAIRS -- RUN-OPTIONS..." >&2; exit 2; }
clconform=$1 pairs=$2
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
one_run() {  # one_run SERVERS OUT RUN-OPTIONS...: prints its wall seconds
  local servers=$1 out=$2 t0 caches rc
  shift 2
  caches=$(mktemp -d -p "$work")
  t0=$(date +%s%N)
  CUDA_CACHE_PATH=$caches/cuda POCL_CACHE_DIR=$caches/pocl CLCONFORM_BUILD_SERVERS=$servers \
    "$clconform" run --no-report "$@" --out "$out" > "$out.log" 2>&1
  rc=$?
  [ $rc -le 1 ] || { echo "run failed (exit $rc): $(tail -n 1 "$out.log")" >&2; exit 2; }
  python3 -c "print('%.2f' % (($(date +%s%N) - $t0) / 1e9))"
}
ratios=()
for p in $(seq 1 "$pairs"); do
  a=$(one_run 1 "$work/on-$p" "$@") && b=$(one_run 0 "$work/off-$p" "$@") || exit 2
  r=$(python3 -c "print('%.3f' % ($a / $b))")
  ratios+=("$r")
  echo "pair $p: servers $a s, in process $b s, ratio $r"
done
echo "median ratio: $(printf '%s\n' "${ratios[@]}" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}')"
python3 "$here/../tests/campaign/same_results.py" --every-field "$work/off-1" "$work/on-1"
