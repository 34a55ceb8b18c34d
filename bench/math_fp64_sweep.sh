#!/bin/sh
# Full double-precision sweeps of the math suite on one device, timed end to
# end: bench/math_fp64_sweep.sh DEVICE BUILD_DIR [FUNCTIONS [ARGS...]]
#   DEVICE     a clconform --device name (e.g. NVIDIA, pocl)
#   BUILD_DIR  the build folder holding harness/clconform
#   FUNCTIONS  comma-separated built-ins (default: sin,cos,exp,log,pow,divide)
#   ARGS       more clconform run options, e.g. --shard 1/64 --known-failures suites
# One-argument functions sweep 2^32 doubles stratified by sign and exponent,
# pow and divide the edge cross product plus 2^28 tuples, every input at
# widths 1, 2, 3, 4, 8, 16 (a --shard K/N takes the K-th N-th of that).
# Prints one line per function: wall seconds, the case's status and detail
# (max ulp per width, MPFR fallbacks), and the sweep's split (device floor,
# host verification, wall); the results stay in $OUT_DIR (default
# /tmp/math_fp64_sweep).
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 DEVICE BUILD_DIR [FUNCTIONS [ARGS...]]" >&2
  exit 2
fi
device=$1
build=$2
functions=${3:-sin,cos,exp,log,pow,divide}
shift 2
[ $# -gt 0 ] && shift
bin=$build/harness/clconform
[ -x "$bin" ] || { echo "$0: no $bin" >&2; exit 2; }
out=${OUT_DIR:-/tmp/math_fp64_sweep}
mkdir -p "$out"
for f in $(echo "$functions" | tr ',' ' '); do
  start=$(date +%s.%N)
  "$bin" run --suite math --filter "math.fp64.$f" --device "$device" --mode full --timeout 0 --no-report \
    --out "$out/$f" "$@" > "$out/$f.log" 2>&1 || true
  end=$(date +%s.%N)
  detail=$(python3 -c "import json,sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if 'detail' not in r: continue
    s = r.get('metrics', {}).get('sweep', {})
    print(r.get('status'), r['detail'][:400], '| case %.2f s, setup %.2f s, sweep wall %.2f s, device floor %.2f s, host verify %.2f s (threads idle %.2f s, fill %.2f s), threads %s' % (
        r.get('time_s', 0), s.get('setup_s', 0), s.get('wall_s', 0), s.get('floor_s', 0), s.get('host_verify_s', 0),
        s.get('host_idle_s', 0), s.get('host_fill_s', 0), s.get('threads')))" "$out/$f/results.jsonl" 2>/dev/null || echo "no result (see $out/$f.log)")
  echo "math.fp64.$f $(python3 -c "print(round($end - $start, 2))") s: $detail"
done
