#!/usr/bin/env bash
# Programs built ahead through build servers (harness/build_server.hpp) give
# the records of programs built in the run's own process: two background
# builders, with servers and without, on the default device, every field
# but the times alike (same_results.py --every-field).
#   build_servers_test.sh CLCONFORM WORKDIR
set -uo pipefail
clconform=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
select=(run --no-report --suite vectors,types,conversions
        --filter 'vectors.swizzles.*char*,vectors.literals.int*,types.layout.*,conversions.convert_short*.float')
fail() { echo "FAIL: $*"; exit 1; }
for s in 0 1; do
  CLCONFORM_BUILD_THREADS=2 CLCONFORM_BUILD_SERVERS=$s "$clconform" "${select[@]}" --out "s$s" > "s$s.log" 2>&1 ||
    fail "the run with CLCONFORM_BUILD_SERVERS=$s failed: $(tail -n 1 "s$s.log")"
done
[ "$(wc -l < s1/results.jsonl)" -gt 100 ] || fail "too few cases ran"
python3 "$here/same_results.py" --every-field s0 s1 || fail "builds through servers gave other records"
echo "PASS: $(wc -l < s1/results.jsonl) cases alike with and without build servers"
