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
# (default build/harness/clconform).
#
# CAMPAIGN_DEVICES=A,B,... runs the shards on several devices at once: one
# worker per device takes the next shard nobody has taken, with --device
# added to RUN-OPTIONS, kept on the host CPUs `clconform devices --cpus`
# gives it (its GPU's node), so that the workers' sweeps do not compete for
# cores. CAMPAIGN_SECONDS=S stops the call after S seconds: a shard still
# running is killed and left for a later call to resume (--resume keeps
# every case it finished).
#
# OUT/shards.tsv gets a line per shard run: shard, device, exit code,
# seconds. Exit: 0 or 1 (the merged campaign's verdict, or every shard run
# passed / one failed when not all N are finished), 2 a refused run, 3 the
# call stopped at CAMPAIGN_SECONDS with shards unfinished.
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
out=$(cd "$out" && pwd)
deadline=
[ -n "${CAMPAIGN_SECONDS:-}" ] && deadline=$(($(date +%s) + CAMPAIGN_SECONDS))

finished() { [ -f "$1/run.json" ] && grep -q '"finished"' "$1/run.json"; }

# run_shard K DEVICE CPUS: one shard, resumed when begun; returns its exit
# code, 124 when the deadline killed it.
run_shard() {
  local k=$1 device=$2 cpus=$3 dir=$out/shard-$1 start rc ms limit=()
  local cmd=("$clconform" run --mode full --shard "$k/$n" --no-report "${run_options[@]}")
  [ -n "$device" ] && cmd+=(--device "$device")
  if [ -f "$dir/run.json" ]; then cmd+=(--resume "$dir"); else cmd+=(--out "$dir"); fi
  [ "$cpus" != "-" ] && cmd=(taskset -c "$cpus" "${cmd[@]}")
  if [ -n "$deadline" ]; then
    local left=$((deadline - $(date +%s)))
    [ "$left" -gt 0 ] || return 124
    limit=(timeout "$left")
  fi
  start=$(date +%s%N)
  "${limit[@]}" "${cmd[@]}" > "$out/shard-$k.log" 2>&1
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  printf '%d\t%s\t%d\t%d.%03d\n' "$k" "${device:-default}" "$rc" $((ms / 1000)) $((ms % 1000)) >> "$out/shards.tsv"
  printf 'shard %d/%d%s: exit %d, %d.%03d s\n' "$k" "$n" "${device:+ on $device}" "$rc" $((ms / 1000)) $((ms % 1000))
  return "$rc"
}

# worker DEVICE CPUS CLAIMS: runs the unfinished shards FIRST..LAST that no
# other worker has claimed (a claim is a directory made under CLAIMS, which
# mkdir makes for one caller only). A refused run (2) or the deadline (124)
# ends the worker with that code.
worker() {
  local device=$1 cpus=$2 claims=$3 k rc
  for ((k = first; k <= last; k++)); do
    finished "$out/shard-$k" && continue
    mkdir "$claims/$k" 2> /dev/null || continue
    run_shard "$k" "$device" "$cpus"
    rc=$?
    if [ "$rc" -eq 124 ]; then return 124; fi
    if [ "$rc" -ge 2 ]; then tail -n 3 "$out/shard-$k.log" >&2; return "$rc"; fi
  done
  return 0
}

claims=$(mktemp -d) || exit 2
trap 'rm -rf "$claims"' EXIT
if [ -n "${CAMPAIGN_DEVICES:-}" ]; then
  IFS=, read -r -a devices <<< "$CAMPAIGN_DEVICES"
  shares=$("$clconform" devices --cpus "$CAMPAIGN_DEVICES") || exit 2
  mapfile -t cpu_sets < <(awk '{print $2}' <<< "$shares")
  pids=()
  for i in "${!devices[@]}"; do
    if [ "${cpu_sets[$i]}" = "-" ]; then
      CLCONFORM_SWEEP_THREADS=$(($(nproc) / ${#devices[@]} > 0 ? $(nproc) / ${#devices[@]} : 1)) \
        worker "${devices[$i]}" - "$claims" &
    else
      echo "worker for ${devices[$i]} on CPUs ${cpu_sets[$i]}"
      worker "${devices[$i]}" "${cpu_sets[$i]}" "$claims" &
    fi
    pids+=($!)
  done
  worst=0
  for p in "${pids[@]}"; do
    wait "$p"
    rc=$?
    [ "$rc" -gt "$worst" ] && worst=$rc
  done
else
  worker "" - "$claims"
  worst=$?
fi
[ "$worst" -ge 2 ] && [ "$worst" -ne 124 ] && exit "$worst"

shards=()
for ((k = 1; k <= n; k++)); do
  finished "$out/shard-$k" && shards+=("$out/shard-$k")
done
if [ ${#shards[@]} -eq "$n" ]; then
  if [ ! -f "$out/merged/results.jsonl" ]; then
    "$clconform" merge "${shards[@]}" --out "$out/merged" > "$out/merge.log" 2>&1
    rc=$?
    [ "$rc" -le 1 ] || { cat "$out/merge.log" >&2; exit "$rc"; }
    echo "$rc" > "$out/merge.rc"
  fi
  python3 "$here/campaign_table.py" "$out/merged"
  exit "$(cat "$out/merge.rc")"
fi
echo "${#shards[@]} of $n shards finished; the table of those:"
[ ${#shards[@]} -gt 0 ] && python3 "$here/campaign_table.py" "${shards[@]}"
[ "$worst" -eq 124 ] && exit 3
exit "$worst"
