#!/usr/bin/env bash
# clconform merge, on real shards of the default device: three shards of a
# small selection (two math sweeps and some types cases) merge into a folder
# whose verdicts equal a single-process run's, case for case, each types
# case (no sweep) having run in one shard alone; a small sweep
# in 8 shards, one holding none of its inputs, merges into a pass; a missing, a
# duplicated, a mismatched (other seed), an unfinished shard and a whole
# run given among shards are each refused with one line on stderr and exit 2, and
# nothing is written.
#   merge_test.sh CLCONFORM WORKDIR
set -uo pipefail
clconform=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
select=(--suite math,types --filter 'math.sin,math.cos,types.layout.float*' --no-report)
fail() { echo "FAIL: $*"; exit 1; }

for k in 1 2 3; do
  "$clconform" run "${select[@]}" --shard "$k/3" --out "s$k" > /dev/null || fail "shard $k/3 did not pass"
done
"$clconform" run "${select[@]}" --out one > /dev/null || fail "the single run did not pass"
grep -q '"slice"' s2/results.jsonl || fail "no sweep recorded its slice"
"$clconform" merge s3 s1 s2 --out merged > /dev/null || fail "merge of three good shards failed"
python3 "$here/same_results.py" one merged || fail "the merged folder differs from the single run"
# A run without --shard is a campaign of one shard: merged alone, it keeps
# its verdicts (bench/campaign.sh OUT 1 depends on this).
"$clconform" merge one --out onemerged > /dev/null || fail "merge of one unsharded run failed"
python3 "$here/same_results.py" one onemerged || fail "the unsharded run merged alone differs from itself"
# The types cases are no sweep: each ran in the one shard that owns it, and
# the other two recorded info without running it.
python3 - s1 s2 s3 <<'PY' || fail "a whole case did not run in exactly one shard"
import json, sys
recs = {}
for k, d in enumerate(sys.argv[1:], 1):
    for line in open(d + "/results.jsonl"):
        r = json.loads(line)
        if r["case"].startswith("types."):
            recs.setdefault(r["case"], []).append((k, r["status"], r.get("whole_in_shard")))
assert recs, "no types case"
for case, parts in recs.items():
    ran = [k for k, status, owner in parts if status != "info"]
    owners = {owner for k, status, owner in parts}
    assert len(ran) == 1 and owners == set(ran), (case, parts)
print(len(recs), "whole cases, each run by one shard")
PY

# A small sweep in 8 shards: shard 1's slice holds none of abs(char)'s 256
# inputs; it records info, not an error, and the merged case passes over the
# single run's values.
small=(--suite integer --filter integer.builtins.abs.char --no-report)
for k in 1 2 3 4 5 6 7 8; do
  "$clconform" run "${small[@]}" --shard "$k/8" --out "a$k" > /dev/null || fail "shard $k/8 of abs(char) did not pass"
done
field() {  # FOLDER KEY...: the first record's value at KEY...
  python3 -c 'import json, sys
v = json.loads(open(sys.argv[1] + "/results.jsonl").readline())
for k in sys.argv[2:]: v = v[k]
print(v)' "$@"
}
[ "$(field a1 status)/$(field a1 slice end)" = "info/0" ] || fail "shard 1/8 did not record its empty slice as info"
"$clconform" merge a1 a2 a3 a4 a5 a6 a7 a8 --out amerged > /dev/null || fail "merge of abs(char)'s shards failed"
"$clconform" run "${small[@]}" --out aone > /dev/null || fail "the single run of abs(char) did not pass"
[ "$(field amerged status)/$(field amerged checked)" = "pass/$(field aone checked)" ] ||
  fail "the merged abs(char) is $(field amerged status) over $(field amerged checked) values, not the single run's pass over $(field aone checked)"

# refuse: CASE-NAME EXPECTED-WORDS DIRS...
refuse() {
  local name=$1 words=$2
  shift 2
  rm -rf out
  "$clconform" merge "$@" --out out > /dev/null 2> err
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$name: exit $rc, not 2"
  [ "$(wc -l < err)" -eq 1 ] || fail "$name: the reason is not one line: $(cat err)"
  grep -q "$words" err || fail "$name: reason '$(cat err)' lacks '$words'"
  [ ! -e out ] || fail "$name: wrote $work/out"
  echo "refused ($name): $(cat err)"
}
refuse missing "shard 3/3 is missing" s1 s2
cp -r s1 s1again
refuse duplicated "both shard 1/3" s1 s1again s2 s3
"$clconform" run "${select[@]}" --shard 3/3 --seed 2 --out s3seed2 > /dev/null
refuse mismatched "seed is 2" s1 s2 s3seed2
cp -r s3 s3cut
python3 - s3cut/run.json <<'PY'
import json, sys
run = json.load(open(sys.argv[1])); run.pop("finished", None)
json.dump(run, open(sys.argv[1], "w"))
PY
refuse unfinished "did not finish" s1 s2 s3cut
refuse "a whole run among shards" "shard 1/1 but" s1 s2 one
cp -r s3 s3short && head -n 3 s3/results.jsonl > s3short/results.jsonl
refuse "cases missing" "case records" s1 s2 s3short
echo "PASS"
