#!/usr/bin/env bash
# The integer suite in full mode: every 8-bit triple of the three-argument
# built-ins, every 16-bit pair of the two-argument ones, the edge cross
# products of 32- and 64-bit types with their three-argument forms, 2^26
# sampled tuples per case elsewhere; every width of a built-in in one sweep.
#   bench/integer_full.sh [DEVICE] [BUILD_DIR] [extra clconform run args, e.g. --filter 'integer.builtins.*' or --shard 1/4]
# (run from the repository root, after a build)
# Prints, per case: status, wall time, input tuples, results verified (one
# per tuple and width), results per second, the device floor (kernels plus
# results back, from event profiling) and wall / floor; then totals per
# function. Keeps the run in bench/integer_full_run/ (results.jsonl,
# summary.md). Exit status: clconform's (0 all passed).
set -uo pipefail
device=${1:-}
build=${2:-build}
shift $(( $# < 2 ? $# : 2 ))
out=${INTEGER_FULL_OUT:-bench/integer_full_run}
rm -rf "$out"
"$build/harness/clconform" run --suite integer ${device:+--device "$device"} --mode full \
  --timeout 3600 --out "$out" "$@" >/dev/null
rc=$?
python3 - "$out/results.jsonl" <<'PY'
import collections, json, sys
print(f"{'case':40} {'status':11} {'wall s':>8} {'inputs':>12} {'results':>14} {'results/s':>10} {'device s':>9} {'wall/dev':>8}")
per_fn = collections.defaultdict(lambda: [0.0, 0, 0])
for line in open(sys.argv[1]):
    r = json.loads(line)
    if 'case' not in r:
        continue
    m = r.get('metrics', {})
    s = m.get('sweep', {})
    wall = r.get('time_s', 0.0)
    checked = r.get('checked', 0)
    dev = s.get('floor_s')
    rate = f"{checked / wall:10.3g}" if wall else '         -'
    print(f"{r['case']:40} {r['status']:11} {wall:8.2f} {m.get('inputs', 0):12,} {checked:14,} {rate} "
          + (f"{dev:9.2f} {wall / dev:8.2f}" if dev else '        -        -'))
    fn = '.'.join(r['case'].split('.')[:3])
    per_fn[fn][0] += wall
    per_fn[fn][1] += checked
    per_fn[fn][2] += r['status'] not in ('pass', 'unsupported')
print()
print(f"{'function':32} {'wall s':>9} {'results verified':>18} {'cases not passing':>18}")
total = [0.0, 0]
for fn, (wall, checked, bad) in per_fn.items():
    print(f"{fn:32} {wall:9.2f} {checked:18,} {bad:18}")
    total[0] += wall
    total[1] += checked
print(f"{'total':32} {total[0]:9.2f} {total[1]:18,}")
PY
exit $rc
