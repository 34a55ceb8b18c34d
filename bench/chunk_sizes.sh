#!/usr/bin/env bash
# What the sweep's chunk size costs: the four benchmark conversions
# (conversions_sweep.sh) once to warm the driver's compile cache, then once
# per lanes-per-chunk value through $CLCONFORM_SWEEP_CHUNK. Prints, per
# value, each case's time with its sweep setup (allocating and pinning the
# buffers) and sweep wall time, and the four cases' total.
#   bench/chunk_sizes.sh [DEVICE] [BUILD_DIR] [LANES...]
#   bench/chunk_sizes.sh NVIDIA build 4194304 8388608 16777216 33554432
# (run from the repository root, after a build; extra clconform arguments,
# such as --known-failures FILE, go in $CHUNK_ARGS)
set -uo pipefail
device=${1:-}
build=${2:-build}
shift $(( $# < 2 ? $# : 2 ))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(4194304 8388608 16777216 33554432)
here=$(dirname "$0")
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# shellcheck disable=SC2086
SWEEP_KEEP=$root/warm "$here/conversions_sweep.sh" "$device" "$build" ${CHUNK_ARGS:-} >/dev/null
for lanes in "${sizes[@]}"; do
  # shellcheck disable=SC2086
  CLCONFORM_SWEEP_CHUNK=$lanes SWEEP_KEEP=$root/$lanes "$here/conversions_sweep.sh" "$device" "$build" ${CHUNK_ARGS:-} >/dev/null
  python3 - "$lanes" "$root/$lanes/results.jsonl" <<'PY'
import json, sys
total = 0.0
for line in open(sys.argv[2]):
    r = json.loads(line)
    s = r.get('metrics', {}).get('sweep', {})
    total += r.get('time_s', 0.0)
    print(f"{sys.argv[1]:>9} lanes  {r['case']:42} {r.get('time_s', 0):6.2f} s  setup {s.get('setup_s', 0):5.2f} s  sweep {s.get('wall_s', 0):5.2f} s")
print(f"{sys.argv[1]:>9} lanes  total {total:.2f} s")
PY
done
