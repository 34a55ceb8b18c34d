#!/usr/bin/env bash
# Several devices in one run: `--device all` runs the types suite on every
# device at once (one folder per device and a comparison), and `--split` on
# the first device taken twice deals the sweeps' slices out to two workers
# and merges them into one folder equal, case for case, to a single run.
# The several-device part runs on every registered device plus Oclgrind
# (scripts/opencl-vendors.sh) and is skipped (exit 77) when that is one device.
#   devices_test.sh CLCONFORM WORKDIR
set -uo pipefail
clconform=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2

select=(--suite math,types --filter 'math.sin,types.layout.float*' --no-report)
first=$("$clconform" devices | sed -n 's/^\[\([0-9]*:[0-9]*\)\].*/\1/p' | head -n 1)
"$clconform" run "${select[@]}" --device "$first" --out one > /dev/null || fail "single run failed"
"$clconform" run "${select[@]}" --device "$first,$first" --split --out split > /dev/null || fail "--split run failed"
[ -e split/devices.json ] && [ "$(ls -d split/shard*-d* | wc -l)" -eq 2 ] || fail "--split did not make two shard folders"
python3 "$here/same_results.py" one split || fail "the --split run differs from the single run"

# Every registered ICD and Oclgrind's, when it is installed.
export OCL_ICD_VENDORS=$work/vendors
"$here/../../scripts/opencl-vendors.sh" "$OCL_ICD_VENDORS" > /dev/null
count=$("$clconform" devices --resource-spec | grep -c '"id"') || fail "clconform devices failed"
if [ "$count" -lt 2 ]; then
  echo "SKIP: one OpenCL device ($first); register a second (install oclgrind: scripts/install-deps.sh does) to run on several"
  exit 77
fi
"$clconform" run --suite types --device all --out all | tail -n "$((count + 2))"
rc=${PIPESTATUS[0]}
[ "$rc" -le 1 ] || fail "--device all exited $rc"
[ "$(ls all/*/run.json | wc -l)" -eq "$count" ] || fail "not one results folder per device"
[ -e all/comparison.html ] || fail "no comparison"
python3 - all <<'PY' || fail "the folders do not hold one device each"
import json, os, sys
names = set()
for d in sorted(os.listdir(sys.argv[1])):
    p = os.path.join(sys.argv[1], d)
    if not os.path.isdir(p):
        continue
    run = json.load(open(p + "/run.json"))
    recs = [json.loads(l) for l in open(p + "/results.jsonl")]
    assert recs and all(r["device"] == run["device"]["name"] for r in recs), p
    names.add(run["device"]["selector"])
assert len(names) >= 2, names
print("devices:", sorted(names))
PY
echo "PASS"
