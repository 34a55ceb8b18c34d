#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build, and run a
# quick conformance run of every suite on the default device, writing results
# and reports to the folder it prints at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
out=${CLCONFORM_OUT:-results/quickstart-$(date +%Y%m%d-%H%M%S)}
set +e
"${BUILD_DIR:-build}/harness/clconform" run --suite all --mode quick --out "$out" "$@"
rc=$?
set -e
echo "quickstart: results and reports are in $out (exit code $rc)"
exit $rc
