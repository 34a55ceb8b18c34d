#!/usr/bin/env bash
# `clconform fuzz` on bad input: a one-line reason on stderr and exit 2,
# never a crash or a run. errors_test.sh CLCONFORM OUT_DIR
set -u
bin=$1
out=$2
rm -rf "$out" && mkdir -p "$out"
status=0
expect() {  # expect CODE DESCRIPTION ARGS...
  local code=$1 what=$2
  shift 2
  "$bin" fuzz "$@" >"$out/stdout" 2>"$out/stderr"
  local rc=$?
  local lines
  lines=$(wc -l <"$out/stderr")
  if [ "$rc" -ne "$code" ] || [ "$lines" -ne 1 ]; then
    echo "FAIL: $what: exit $rc (want $code), $lines lines on stderr:"
    cat "$out/stderr"
    status=1
  else
    echo "ok: $what: $(cat "$out/stderr")"
  fi
}
expect 2 "a bad --seconds" --seconds abc --out "$out/a"
expect 2 "a negative --seed" --seed -3 --out "$out/b"
expect 2 "an unknown option" --frobnicate 1
expect 2 "an unknown device" --device no-such-device --seconds 1 --out "$out/c"
expect 2 "a missing replay file" --replay "$out/nothing.json"
echo '{"format": 1, "seed": 1' >"$out/cut.json"
expect 2 "a cut-off replay file" --replay "$out/cut.json"
echo '{"format": 1, "seed": 1, "index": 0, "args": [], "result": "float", "nodes": [], "ret": 0, "items": 1, "inputs": [], "source": ""}' >"$out/empty.json"
expect 2 "a replay file without nodes" --replay "$out/empty.json"
mkdir -p "$out/full" && : >"$out/full/results.jsonl"
expect 2 "an --out that holds results" --seconds 1 --out "$out/full"
exit $status
