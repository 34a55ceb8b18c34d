#!/usr/bin/env bash
# Two builds on the same shards of a full-mode campaign, in one call on one
# host (the lent hosts differ by more than most changes): for each K, shard
# K of N with OLD, then with NEW, into OUT/old-K and OUT/new-K; then each
# run's wall and, per build, bench/campaign_table.py's total line (case
# time, builds, sweep wall, floor, host verify, fill and idle).
#   bench/campaign_shards_ab.sh OLD NEW N "K ..." OUT [-- RUN-OPTIONS...]
#   bench/campaign_shards_ab.sh out-old/bin/clconform out-new/bin/clconform 64 "1 2 3" /tmp/ab -- --suite all
# OLD and NEW are clconform binaries (installed trees find their kernels).
# RUN-OPTIONS default to --suite all. The first run builds the programs
# that the driver's cache then serves: compare case time less builds.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 5 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
old=$1 new=$2 n=$3 shards=$4 out=$5
shift 5
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--suite all)
mkdir -p "$out" || exit 2
for k in $shards; do
  for build in old new; do
    bin=$old
    [ "$build" = new ] && bin=$new
    rm -rf "$out/$build-$k"
    start=$(date +%s%N)
    "$bin" run --mode full --shard "$k/$n" --no-report --out "$out/$build-$k" "${options[@]}" > "$out/$build-$k.log" 2>&1
    rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    printf '%s shard %d/%d: exit %d, %d.%03d s\n' "$build" "$k" "$n" "$rc" $((ms / 1000)) $((ms % 1000))
    [ "$rc" -le 1 ] || { tail -n 3 "$out/$build-$k.log" >&2; exit "$rc"; }
  done
done
for build in old new; do
  dirs=()
  for k in $shards; do dirs+=("$out/$build-$k"); done
  printf '%s: ' "$build"
  python3 "$here/campaign_table.py" "${dirs[@]}" | tail -n 1
done
