#!/usr/bin/env bash
# The build-option runs (CTest's options.* tests: every floating-point case
# under each option alone) timed one after another on one device, as CTest
# runs them. usage: bench/options_matrix.sh BUILD_DIR [intel]
# "intel" times the intel.options.* tests (the Intel CPU runtime) instead of
# the default device's. COLD=1 gives PoCL an empty kernel cache first, as a
# fresh CI machine has (its compiler then takes most of the time).
set -euo pipefail
build=${1:?usage: bench/options_matrix.sh BUILD_DIR [intel]}
prefix=""
[ "${2:-}" = intel ] && prefix="intel\\."
if [ "${COLD:-0}" = 1 ]; then
  POCL_CACHE_DIR=$(mktemp -d)
  export POCL_CACHE_DIR
  trap 'rm -rf "$POCL_CACHE_DIR"' EXIT
fi
ctest --test-dir "$build" -R "^${prefix}options\\." -j1 --output-on-failure |
  grep -E 'Test +#|tests passed|Total Test time'
