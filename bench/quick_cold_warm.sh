#!/usr/bin/env bash
# The quick mode of every suite on one device, twice: the first run with
# the drivers' program caches in a folder of their own, empty at the start
# (NVIDIA's CUDA_CACHE_PATH, PoCL's POCL_CACHE_DIR), so cold whatever ran
# before; the second as a new process that finds the programs the first
# one built there. Prints each run's wall, its builds' sum and its
# statuses.
#   bench/quick_cold_warm.sh CLCONFORM DEVICE OUT
#   bench/quick_cold_warm.sh out-new/bin/clconform 1:0 /tmp/quick
set -uo pipefail
[ $# -eq 3 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
clconform=$1 device=$2 out=$3
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
rm -rf "$out/driver-cache" && mkdir -p "$out/driver-cache" || exit 2
export CUDA_CACHE_PATH=$out/driver-cache POCL_CACHE_DIR=$out/driver-cache
for run in cold warm; do
  rm -rf "$out/$run"
  start=$(date +%s%N)
  "$clconform" run --suite all --device "$device" --no-report --out "$out/$run" > "$out/$run.log" 2>&1
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  [ "$rc" -le 1 ] || { tail -n 3 "$out/$run.log" >&2; exit "$rc"; }
  python3 - "$out/$run" "$run" "$rc" "$ms" <<'PY'
import collections, json, sys
folder, run, rc, ms = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
statuses, builds = collections.Counter(), 0.0
with open(folder + "/results.jsonl") as f:
    for line in f:
        r = json.loads(line)
        statuses[r["status"]] += 1
        builds += r.get("build_s", 0) or 0
print(f"{run}: exit {rc}, {ms / 1000:.1f} s, builds {builds:.1f} s, {sum(statuses.values())} cases",
      ", ".join(f"{n} {s}" for s, n in statuses.most_common()))
PY
done
