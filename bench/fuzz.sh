#!/usr/bin/env bash
# `clconform fuzz` throughput: programs, values judged and values unjudged per
# second on one device, and where a program's time goes (building, running,
# judging and reducing), from the run's own records.
#   bench/fuzz.sh [CLCONFORM] [SECONDS] [SEED] [-- FUZZ-OPTIONS...]
# The kernels of a seed land in a device's program cache (PoCL keeps them on
# disk): a second run of one seed measures the warm cache; a seed not run
# before, the cold one.
set -euo pipefail
bin=${1:-build/harness/clconform}
seconds=${2:-60}
seed=${3:-1}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" fuzz --seconds "$seconds" --seed "$seed" --out "$out/r" "$@" | tail -2
python3 - "$out/r" <<'PY'
import json, sys
d = sys.argv[1]
run = json.load(open(d + '/run.json'))
recs = [json.loads(l) for l in open(d + '/results.jsonl')]
f, t = run['fuzz'], run['duration_s']
build = sum(r.get('build_s', 0) for r in recs)
total = sum(r.get('time_s', 0) for r in recs)
print(f"{run['device']['name']}: {f['programs']} programs in {t:.1f} s = {f['programs'] / t:.2f}/s; "
      f"{f['values_judged'] / t:.0f} values judged/s, {f['values_unjudged']} unjudged "
      f"({100 * f['values_unjudged'] / max(1, f['values_judged'] + f['values_unjudged']):.1f}%)")
print(f"time in programs {total:.1f} s: building {build:.1f} s ({100 * build / max(total, 1e-9):.0f}%), "
      f"the rest running, judging and reducing {f['failing_programs']} failures")
PY
