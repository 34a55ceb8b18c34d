#!/usr/bin/env bash
# Builds side by side on one host: for each run named in RUNS (a build's
# name and a number, such as "new1 head1 new2"), float sin's exhaustive
# sweep (math_sweep.sh) and the full double sweeps of FUNCTIONS
# (math_fp64_sweep.sh), with build BUILDS/NAME, results kept in OUT/RUN.
# The lent GPU machine's hosts differ by more than most changes, so
# builds are compared only within one such call (bench/README.md).
#   bench/sweep_ab.sh DEVICE BUILDS "RUNS" FUNCTIONS [OUT] [clconform run args]
#   bench/sweep_ab.sh NVIDIA build-carry "new1 head1 new2 head2" sin,exp,log,pow /tmp/ab --known-failures suites
# (run from the repository root; each BUILDS/NAME holds harness/clconform;
# CLCONFORM_DATA points at the kernels when the builds were carried)
set -uo pipefail
[ $# -ge 4 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
device=$1 builds=$2 runs=$3 functions=$4
out=${5:-/tmp/sweep_ab}
shift $(( $# < 5 ? $# : 5 ))
here=$(dirname "$0")
mkdir -p "$out"
for run in $runs; do
  build=$builds/${run%%[0-9]*}
  echo "== $run"
  SWEEP_KEEP=$out/$run/float bash "$here/math_sweep.sh" "$device" "$build" sin "$@"
  OUT_DIR=$out/$run sh "$here/math_fp64_sweep.sh" "$device" "$build" "$functions" "$@"
done
