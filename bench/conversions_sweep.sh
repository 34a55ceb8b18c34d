#!/usr/bin/env bash
# The full 2^32 sweeps of four 32-bit-source conversions, each at every
# width (1, 2, 3, 4, 8, 16) in one sweep (one upload and one reference per
# input, six results checked per input):
#   conversions.convert_int_rte.float      conversions.convert_float_rtz.uint
#   conversions.convert_uchar_sat.float    conversions.convert_short_sat_rtn.float
#   bench/conversions_sweep.sh [DEVICE] [BUILD_DIR] [extra clconform run args, e.g. --shard 1/64]
# (run from the repository root, after a build)
# Prints, per sweep: wall time, inputs per second and values verified per
# second end to end (results judged plus implementation-defined results
# counted), the device floor (the sweep's floor_s from event profiling) and
# where the host's time went; the exit status is clconform's.
set -uo pipefail
device=${1:-}
build=${2:-build}
shift $(( $# < 2 ? $# : 2 ))
# SWEEP_KEEP=DIR keeps the results folder there; else a temporary one.
. "$(dirname "$0")/results_dir.sh"
"$build/harness/clconform" run --suite conversions ${device:+--device "$device"} --mode full \
  --filter 'conversions.convert_int_rte.float,conversions.convert_float_rtz.uint,conversions.convert_uchar_sat.float,conversions.convert_short_sat_rtn.float' \
  --timeout 3600 --out "$out" --no-report "$@" >/dev/null
rc=$?
python3 - "$out/results.jsonl" <<'PY'
import json, sys
print(f"{'case':42} {'status':7} {'wall s':>8} {'inputs/s':>10} {'values/s':>10} {'device s':>9}")
for line in open(sys.argv[1]):
    r = json.loads(line)
    m = r.get('metrics', {})
    s = m.get('sweep', {})
    wall = r.get('time_s', 0.0)
    values = r.get('checked', 0) + m.get('implementation_defined', 0)
    inputs = values // 6  # one result per width
    dev = s.get('floor_s')
    devs = f"{dev:9.2f}" if dev else '        -'
    print(f"{r['case']:42} {r['status']:7} {wall:8.2f} {inputs / wall:10.3g} {values / wall:10.3g} {devs}")
    print(f"    sweep: wall {s.get('wall_s', 0):.2f} s, host fill {s.get('host_fill_s', 0):.2f} s, "
          f"host verify {s.get('host_verify_s', 0):.2f} s, host waiting {s.get('wait_s', 0):.2f} s, "
          f"{s.get('chunks', 0)} chunks of {s.get('chunk_lanes', 0)} lanes, {s.get('threads', 0)} threads")
PY
exit $rc
