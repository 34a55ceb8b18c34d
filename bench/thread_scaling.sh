#!/usr/bin/env bash
# One exhaustive math sweep on the same machine with the host's verifying
# threads confined to the first N cores, for each N, to see how the host's
# share scales (taskset confines the process; CLCONFORM_SWEEP_THREADS
# starts N verifying threads instead of one per online core):
#   bench/thread_scaling.sh [DEVICE] [BUILD_DIR] [FUNCTIONS] [CORE COUNTS...]
#   bench/thread_scaling.sh NVIDIA build sin,exp 16 32
# Prints math_sweep.sh's table once per core count. Extra clconform run
# arguments come from SCALING_ARGS (e.g. "--known-failures suites").
set -uo pipefail
device=${1:-}
build=${2:-build}
fns=${3:-sin}
shift $(( $# < 3 ? $# : 3 ))
counts=${*:-$(nproc)}
rc=0
for n in $counts; do
  echo "== verifying on cores 0-$((n - 1)) ($n of $(nproc --all))"
  # shellcheck disable=SC2086
  CLCONFORM_SWEEP_THREADS=$n taskset -c "0-$((n - 1))" bash "$(dirname "$0")/math_sweep.sh" "$device" "$build" "$fns" ${SCALING_ARGS:-} || rc=$?
done
exit "$rc"
