#!/usr/bin/env bash
# The full mode as a campaign: shards K of N of `clconform run --mode full`
# (each into OUT/shard-K, completed with --resume when a folder is already
# there), merged with `clconform merge` into OUT/merged once all N are
# finished, and a table per suite (bench/campaign_table.py): cases, values
# checked, case time, device floor, time over floor, where the host's time
# went.
#   bench/campaign.sh OUT N [FIRST [LAST]] [-- RUN-OPTIONS...]
# FIRST..LAST (default 1..N) are the shards this call runs, so a campaign
# can be spread over calls that each have a time limit. RUN-OPTIONS default
# to --suite all; --device picks the device. CLCONFORM is the binary
# (default build/harness/clconform). A shard's conformance failures (exit 1)
# do not stop the campaign; a refused run (exit 2) does.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
clconform=${CLCONFORM:-build/harness/clconform}
[ $# -ge 2 ] || { echo "usage: bench/campaign.sh OUT N [FIRST [LAST]] [-- RUN-OPTIONS...]" >&2; exit 2; }
out=$1 n=$2
shift 2
first=1 last=$n
if [ $# -gt 0 ] && [ "$1" != "--" ]; then first=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then last=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
run_options=("$@")
[ ${#run_options[@]} -gt 0 ] || run_options=(--suite all)
mkdir -p "$out" || exit 2

for ((k = first; k <= last; k++)); do
  dir=$out/shard-$k
  if [ -f "$dir/run.json" ] && grep -q '"finished"' "$dir/run.json"; then continue; fi
  start=$(date +%s%N)
  if [ -f "$dir/run.json" ]; then
    "$clconform" run --resume "$dir" > "$out/shard-$k.log" 2>&1
  else
    "$clconform" run --mode full --shard "$k/$n" --out "$dir" --no-report "${run_options[@]}" > "$out/shard-$k.log" 2>&1
  fi
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  printf 'shard %d/%d: exit %d, %d.%03d s\n' "$k" "$n" "$rc" $((ms / 1000)) $((ms % 1000))
  [ "$rc" -le 1 ] || { tail -n 3 "$out/shard-$k.log" >&2; exit "$rc"; }
done

shards=()
for ((k = 1; k <= n; k++)); do
  [ -f "$out/shard-$k/run.json" ] && grep -q '"finished"' "$out/shard-$k/run.json" && shards+=("$out/shard-$k")
done
if [ ${#shards[@]} -eq "$n" ]; then
  if [ ! -f "$out/merged/results.jsonl" ]; then
    "$clconform" merge "${shards[@]}" --out "$out/merged" > "$out/merge.log" 2>&1
    rc=$?
    [ "$rc" -le 1 ] || { cat "$out/merge.log" >&2; exit "$rc"; }
  fi
  python3 "$here/campaign_table.py" "$out/merged"
else
  echo "${#shards[@]} of $n shards finished; the table of those:"
  [ ${#shards[@]} -gt 0 ] && python3 "$here/campaign_table.py" "${shards[@]}"
fi
