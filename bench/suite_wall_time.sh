#!/usr/bin/env bash
# End-to-end wall time of a quick run of one suite on a device: device open,
# builds (PoCL's kernel cache warm after the first run), dispatch,
# verification, results and reports.
#   bench/suite_wall_time.sh SUITE [DEVICE]     (run from the repository root, after a build)
# Time it over repeated runs with any whole-process timer, e.g.
#   for i in 1 2 3; do /usr/bin/time -f %e bench/suite_wall_time.sh astype; done
set -euo pipefail
suite=$1
device=${2:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build/harness/clconform run --suite "$suite" ${device:+--device "$device"} --mode quick --out "$out" --no-report >/dev/null
