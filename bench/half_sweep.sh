#!/usr/bin/env bash
# The full 2^32 store sweeps of the half suite: vstore_half_rte and
# vstore_half_rtz from float, each at every width (1, 2, 3, 4, 8, 16) in one
# sweep (one upload and one reference per input, six kernels checked);
# HALF_SWEEPS=case,case... picks others (half.sweep.vstore_half_rtp.float, ...).
#   bench/half_sweep.sh [DEVICE] [BUILD_DIR] [extra clconform run args, e.g. --shard 1/64]
# (run from the repository root, after a build)
# Prints, per sweep: the case's wall time, input values per second end to
# end, results checked per second, the device floor (Sweep's floor_s: the
# kernels plus handing the results back, from OpenCL event profiling) and
# wall / device floor;
# then the case records' status. Exit status: clconform's (0 all passed).
set -uo pipefail
device=${1:-}
build=${2:-build}
shift $(( $# < 2 ? $# : 2 ))
# SWEEP_KEEP=DIR keeps the results folder there; else a temporary one.
. "$(dirname "$0")/results_dir.sh"
"$build/harness/clconform" run --suite half ${device:+--device "$device"} --mode full \
  --filter "${HALF_SWEEPS:-half.sweep.vstore_half_rte.float,half.sweep.vstore_half_rtz.float}" \
  --timeout 3600 --out "$out" --no-report "$@" >/dev/null
rc=$?
python3 - "$out/results.jsonl" <<'PY'
import json, sys
print(f"{'case':36} {'status':7} {'wall s':>8} {'inputs/s':>10} {'results/s':>10} {'device s':>9} {'wall/dev':>8}")
for line in open(sys.argv[1]):
    r = json.loads(line)
    s = r.get('metrics', {}).get('sweep', {})
    wall = r.get('time_s', 0.0)
    checked = r.get('checked', 0)
    inputs = checked // (6 if 'vstore_half' in r['case'] else 5)  # lanes: one result per width
    dev = s.get('floor_s')  # kernels + results back, from event profiling
    ratio = f"{wall / dev:8.2f}" if dev else '       -'
    devs = f"{dev:9.2f}" if dev else '        -'
    print(f"{r['case']:36} {r['status']:7} {wall:8.2f} {inputs / wall:10.3g} {checked / wall:10.3g} {devs} {ratio}")
    print(f"    sweep: wall {s.get('wall_s', 0):.2f} s, host fill {s.get('host_fill_s', 0):.2f} s, "
          f"host verify {s.get('host_verify_s', 0):.2f} s, host waiting {s.get('wait_s', 0):.2f} s, "
          f"device kernels {s.get('kernel_s', 0):.2f} s, results back {s.get('download_s', 0):.2f} s, "
          f"{s.get('path', '?')} path, {s.get('chunks', 0)} chunks of {s.get('chunk_lanes', 0)} lanes, "
          f"{s.get('threads', 0)} threads")
PY
exit $rc
