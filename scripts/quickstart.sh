#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build, and run a
# quick conformance run of every suite on the default device, writing results
# and reports to the folder it prints at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
out=${CLCONFORM_OUT:-results/quickstart-$(date +%Y%m%d-%H%M%S)}
# Left out unless a --filter is given: the double fmod/remainder/remquo
# cases (about 10 minutes on PoCL, whose wrong double remainders are not all
# described by known failures yet: ctest -L slow) and the image1d_buffer
# queries, which abort PoCL 3.1's process (suites/images/README.md).
filter=(--filter '*,-math.fp64.fmod,-math.fp64.remainder,-math.fp64.remquo,-images.query.image1d_buffer.*')
for a in "$@"; do [ "$a" = --filter ] && filter=(); done
set +e
"${BUILD_DIR:-build}/harness/clconform" run --suite all --mode quick --out "$out" "${filter[@]}" "$@"
rc=$?
set -e
echo "quickstart: results and reports are in $out (exit code $rc)"
exit $rc
