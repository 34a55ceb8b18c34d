#!/usr/bin/env bash
# A clconform campaign on a real, single-node Slurm cluster started on
# loopback for this test only (its own munged, slurmctld and slurmd, with
# their configuration, state and sockets in WORKDIR): scripts/slurm/campaign.sh
# submits three shards of a small selection on the default device as a job
# array and a dependent merge job; shard 2 finds a folder cut short (as a
# pre-empted task leaves it) and completes it with --resume. The merged
# folder must equal a single-process run, case for case.
# Exits 77 (skipped, with the reason) when Slurm or munge is not installed
# or the cluster does not come up.
#   slurm_test.sh CLCONFORM WORKDIR
set -uo pipefail
clconform=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$2
here=$(cd "$(dirname "$0")" && pwd)
scripts=$here/../../scripts/slurm
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
for c in munged slurmctld slurmd sbatch squeue sinfo; do
  command -v "$c" > /dev/null || [ -x "/usr/sbin/$c" ] || skip "$c is not installed (scripts/install-deps.sh installs slurm)"
done
export PATH=$PATH:/usr/sbin
rm -rf "$work" && mkdir -p "$work"/{state,spool,munge} && cd "$work" || exit 2
chmod 700 munge

# munge, with a key of its own.
dd if=/dev/urandom of=munge/key bs=1024 count=1 status=none && chmod 400 munge/key
munged --force --key-file="$work/munge/key" --socket="$work/munge/sock" --pid-file="$work/munge/pid" \
  --log-file="$work/munge/log" --seed-file="$work/munge/seed" || skip "munged did not start: $(tail -n 2 munge/log)"
# Stops the daemons this test started (by their pid files) and waits for
# them, up to 10 s each, so that the next run finds the ports free.
cleanup() {
  for p in slurmd.pid slurmctld.pid munge/pid; do
    [ -s "$work/$p" ] || continue
    pid=$(cat "$work/$p")
    kill "$pid" 2> /dev/null || continue
    for _ in $(seq 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
  done
}
trap cleanup EXIT

# Ports from the process id, so that two runs on one host do not collide.
port=$((20000 + ($$ % 2000) * 2))
user=$(id -un)
cat > slurm.conf <<CONF
ClusterName=clconformci
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=ci1 NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=ci Nodes=ci1 Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -i -f "$SLURM_CONF" || skip "slurmctld did not start: $(tail -n 3 slurmctld.log)"
slurmd -N ci1 -f "$SLURM_CONF" || skip "slurmd did not start: $(tail -n 3 slurmd.log)"
for _ in $(seq 60); do
  state=$(sinfo -h -n ci1 -o %t 2> /dev/null)
  case $state in idle* | mix* | alloc*) break ;; esac
  sleep 0.5
done
case $state in idle* | mix* | alloc*) ;; *) skip "the node did not come up (state '$state'): $(tail -n 3 slurmd.log)" ;; esac
echo "slurm: node ci1 $state"

select=(--suite math,types --filter 'math.sin,math.cos,types.layout.float*')
# A pre-empted shard 2: it ran, then its last records and "finished" were lost.
"$clconform" run "${select[@]}" --shard 2/3 --out c/shard-2-of-3 --no-report > /dev/null
head -n 2 c/shard-2-of-3/results.jsonl > cut && mv cut c/shard-2-of-3/results.jsonl
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r.pop('finished'); json.dump(r, open(sys.argv[1],'w'))" \
  c/shard-2-of-3/run.json

CLCONFORM=$clconform SBATCH_OPTIONS="--partition=ci" "$scripts/campaign.sh" "$work/c" 3 "${select[@]}" ||
  fail "campaign.sh failed"
for _ in $(seq 240); do
  [ -z "$(squeue -h -o %i)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h -o %i)" ] && echo "slurm: every job ended" || fail "jobs still queued: $(squeue)"
for f in c/logs/*.log; do echo "--- $f"; tail -n 3 "$f"; done
grep -q -- "--resume" c/shard-2-of-3/run.json || fail "shard 2 was not completed with --resume"
[ -e c/merged/results.jsonl ] || fail "no merged results (see $work/c/logs/merge.log)"

"$clconform" run "${select[@]}" --out one --no-report > /dev/null || fail "the single run failed"
python3 "$here/same_results.py" one c/merged || fail "the merged campaign differs from the single run"
echo "PASS"
