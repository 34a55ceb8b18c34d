#!/usr/bin/env bash
# The integer suite in full mode (--mode full): every 16-bit pair of the
# two-argument built-ins and operators (37 cases of 2^32 tuples, about 95% of
# the work), every 8-bit triple of the three-argument ones, the edge cross
# products of 32- and 64-bit types with 2^26 sampled tuples per case; every
# width of a built-in in one sweep.
#   bench/integer_full.sh [DEVICE] [BUILD_DIR] [PART] [extra clconform run args, e.g. --known-failures suites]
#   PART: all (default) | 16bit (the cases on short and ushort) | rest (every
#   other case) | a --filter pattern (comma-separated case-id wildcards)
# (run from the repository root, after a build). Environment:
#   INTEGER_FULL_OUT     results folder (default bench/integer_full_run; emptied first)
#   INTEGER_FULL_BUDGET  seconds the run may take (default 570); cases not
#                        finished by then are listed as the PART that runs them
# Prints, per case: status, wall time, input tuples, results verified (one per
# tuple and width), values verified per second, the device floor (the sweep's
# floor_s: kernels plus results back, from event profiling), sweep wall /
# floor, and the host's fill and verify seconds (summed over its threads'
# wall time, not per thread); then totals per function and in all.
# Exit status: clconform's (0 all passed), 124 if the budget ran out.
set -uo pipefail
device=${1:-}
build=${2:-build}
part=${3:-all}
shift $(( $# < 3 ? $# : 3 ))
case "$part" in
  all) filter='*' ;;
  16bit) filter='*.short,*.ushort' ;;
  rest) filter='-*.short,-*.ushort' ;;
  '') echo "integer_full.sh: PART must be all, 16bit, rest or a case filter" >&2; exit 2 ;;
  *) filter=$part ;;
esac
out=${INTEGER_FULL_OUT:-bench/integer_full_run}
budget=${INTEGER_FULL_BUDGET:-570}
rm -rf "$out"
timeout --signal=TERM --kill-after=10 "$budget" \
  "$build/harness/clconform" run --suite integer ${device:+--device "$device"} --mode full --filter "$filter" \
  --timeout 600 --out "$out" "$@" >"$out.log" 2>&1
rc=$?
"$build/harness/clconform" list --suite integer --filter "$filter" 2>/dev/null | grep -v '^#' | awk '{print $1}' >"$out.cases"
python3 - "$out/results.jsonl" "$out.cases" <<'PY'
import collections, json, os, sys
print(f"{'case':40} {'status':10} {'wall s':>7} {'inputs':>14} {'results':>15} {'values/s':>9} "
      f"{'floor s':>7} {'sweep/floor':>11} {'fill s':>6} {'verify s':>8} {'wait s':>6}")
per_fn = collections.defaultdict(lambda: [0.0, 0, 0, 0.0])
done = set()
total = [0.0, 0, 0.0]
rows = []
for line in (open(sys.argv[1]) if os.path.exists(sys.argv[1]) else []):
    try:
        rows.append(json.loads(line))
    except ValueError:  # a line cut short when the budget ran out
        pass
for r in rows:
    if 'case' not in r:
        continue
    done.add(r['case'])
    m = r.get('metrics', {})
    s = m.get('sweep', {})
    wall = r.get('time_s', 0.0)
    checked = r.get('checked', 0)
    floor = s.get('floor_s')
    ratio = f"{s['wall_s'] / floor:11.2f}" if floor else '          -'
    rate = f"{checked / wall:9.3g}" if wall else '        -'
    print(f"{r['case']:40} {r['status']:10} {wall:7.2f} {m.get('inputs', 0):14,} {checked:15,} {rate} "
          f"{floor or 0:7.2f} {ratio} {s.get('host_fill_s', 0):6.2f} {s.get('host_verify_s', 0):8.2f} {s.get('wait_s', 0):6.2f}")
    fn = '.'.join(r['case'].split('.')[:3])
    per_fn[fn][0] += wall
    per_fn[fn][1] += checked
    per_fn[fn][2] += r['status'] not in ('pass', 'unsupported', 'known_fail')
    per_fn[fn][3] += floor or 0
    total[0] += wall
    total[1] += checked
    total[2] += floor or 0
print()
print(f"{'function':32} {'wall s':>9} {'results verified':>18} {'floor s':>8} {'cases not passing':>18}")
for fn, (wall, checked, bad, floor) in per_fn.items():
    print(f"{fn:32} {wall:9.2f} {checked:18,} {floor:8.2f} {bad:18}")
rate = f"{total[1] / total[0]:.3g}" if total[0] else '-'
print(f"{'total':32} {total[0]:9.2f} {total[1]:18,} {total[2]:8.2f}   ({len(done)} cases, {rate} values/s)")
left = [c for c in open(sys.argv[2]).read().split() if c not in done]
if left:
    print(f"\nnot finished: {len(left)} cases; run them with PART '{','.join(left)}'")
PY
rm -f "$out.cases"
[ $rc -eq 124 ] && echo "the budget of $budget s ran out (clconform's log: $out.log)"
exit $rc
