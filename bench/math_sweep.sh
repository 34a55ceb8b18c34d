#!/usr/bin/env bash
# Exhaustive math sweeps (suites/math, --mode full): every float input at
# every width (1, 2, 3, 4, 8, 16) in one sweep, one reference per input.
#   bench/math_sweep.sh [DEVICE] [BUILD_DIR] [FUNCTIONS] [extra clconform run args, e.g. --shard 1/64]
#   bench/math_sweep.sh NVIDIA build sin,cos,exp,log,sqrt,rsqrt,divide,pow
# (run from the repository root, after a build). Prints, per function: the
# case's wall time, values verified per second end to end, the device floor
# (the sweep's floor_s: kernels plus handing the results back, from OpenCL
# event profiling), wall / floor for the sweep, where the host's time went,
# the maximum error and the MPFR fallbacks. Exit status: clconform's.
set -uo pipefail
device=${1:-}
build=${2:-build}
fns=${3:-sin}
shift $(( $# < 3 ? $# : 3 ))
filter=$(echo "$fns" | sed 's/\([^,]*\)/math.\1/g')
# SWEEP_KEEP=DIR keeps the results folder there; else a temporary one.
. "$(dirname "$0")/results_dir.sh"
"$build/harness/clconform" run --suite math ${device:+--device "$device"} --mode full --filter "$filter" \
  --timeout 3600 --out "$out" --no-report "$@" >/dev/null
rc=$?
python3 - "$out/results.jsonl" <<'PY'
import json, sys
print(f"{'case':14} {'status':10} {'wall s':>8} {'values/s':>10} {'floor s':>8} {'sweep/floor':>11} {'max ulp':>8} {'MPFR':>6}")
for line in open(sys.argv[1]):
    r = json.loads(line)
    m = r.get('metrics', {})
    s = m.get('sweep', {})
    wall = r.get('time_s', 0.0)
    floor = s.get('floor_s')
    ratio = f"{s['wall_s'] / floor:11.3f}" if floor else '          -'
    print(f"{r['case']:14} {r['status']:10} {wall:8.2f} {r.get('checked', 0) / wall:10.3g} "
          f"{floor or 0:8.2f} {ratio} {m.get('max_ulp', 0):8.3g} {m.get('mpfr_fallbacks', 0):6}")
    print(f"    sweep {s.get('wall_s', 0):.2f} s: host fill {s.get('host_fill_s', 0):.2f} s, verify "
          f"{s.get('host_verify_s', 0):.2f} s (threads idle {s.get('host_idle_s', 0):.2f} s), waiting {s.get('wait_s', 0):.2f} s, "
          f"setup {s.get('setup_s', 0):.2f} s; device kernels "
          f"{s.get('kernel_s', 0):.2f} s, results back {s.get('download_s', 0):.2f} s; {s.get('path', '?')} path, "
          f"{s.get('chunks', 0)} chunks, {s.get('threads', 0)} threads")
PY
exit $rc
