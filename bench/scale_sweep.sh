#!/usr/bin/env bash
# One exhaustive sweep slice split over 1, 2, 4 ... processes at once:
# math.sin --mode full on the first 1/SLICE of its inputs (every float in
# that slice, six widths), the slice cut into P shards (--shard k/(SLICE*P),
# k = 1..P) that run at the same time, as a Slurm array or several devices
# would run them. Prints, per P and repetition, the wall time of the whole
# slice, the values verified and values per second.
#   bench/scale_sweep.sh [DEVICE] [BUILD_DIR] [SLICE] [PROCESSES] [REPEATS]
#   bench/scale_sweep.sh "" build 64 "1 2 4" 3
# (run from the repository root, after a build)
set -uo pipefail
device=${1:-}
build=${2:-build}
slice=${3:-64}
procs=${4:-1 2 4}
repeats=${5:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-9s %-6s %9s %14s %12s\n' processes run "wall s" values values/s
for p in $procs; do
  for r in $(seq "$repeats"); do
    n=$((slice * p))
    start=$(date +%s.%N)
    for k in $(seq "$p"); do
      "$build/harness/clconform" run --suite math --filter math.sin --mode full ${device:+--device "$device"} \
        --shard "$k/$n" --timeout 3600 --no-report --out "$out/p$p-r$r-k$k" > /dev/null &
    done
    wait
    end=$(date +%s.%N)
    python3 - "$p" "$r" "$start" "$end" "$out"/p"$p"-r"$r"-k*/results.jsonl <<'PY'
import json, sys
p, r, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
values = sum(json.loads(l)["checked"] for f in sys.argv[5:] for l in open(f))
wall = end - start
print(f"{p:<9} {r:<6} {wall:9.2f} {values:14d} {values / wall:12.3e}")
PY
  done
done
