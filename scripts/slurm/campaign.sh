#!/usr/bin/env bash
# Submits a clconform campaign to Slurm: a job array of N shards (each
# `clconform run --shard K/N RUN-OPTIONS`, see shard.sbatch) and a merge job
# that starts when every task has ended (merge.sbatch). OUT must be on
# storage every node sees. Extra sbatch options (partition, --gres=gpu:1,
# time limit) go in SBATCH_OPTIONS; $CLCONFORM names the binary if it is not
# on PATH.
#
#   scripts/slurm/campaign.sh OUT N RUN-OPTIONS...
#   e.g. scripts/slurm/campaign.sh /shared/c1 16 --suite math --mode full --seed 1
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: campaign.sh OUT N RUN-OPTIONS... (e.g. --suite math --mode full)" >&2
  exit 2
fi
out=$1 n=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/logs"
read -r -a extra <<< "${SBATCH_OPTIONS:-}"
array=$(sbatch --parsable "${extra[@]}" --array="1-$n" --output="$out/logs/shard-%a.log" \
  "$here/shard.sbatch" "$out" "$n" "$@")
array=${array%%;*}
merge=$(sbatch --parsable "${extra[@]}" --dependency="afterany:$array" --output="$out/logs/merge.log" \
  "$here/merge.sbatch" "$out" "$n")
echo "shards: job $array (array 1-$n); merge: job ${merge%%;*}; merged results: $out/merged"
