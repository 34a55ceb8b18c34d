#!/usr/bin/env bash
# An installed clconform works without the build or source tree: installs
# into a temporary prefix, moves the prefix elsewhere, and from there, with
# an environment that names neither tree, checks where the binary finds its
# data and runs the types suite.
#   install_test.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/first" > /dev/null || fail "cmake --install failed"
mv "$tmp/first" "$tmp/moved"
cd "$tmp" || exit 2
# Only what picks the OpenCL device passes through.
run() {
  env -i PATH=/usr/bin:/bin HOME="$tmp" ${OCL_ICD_VENDORS:+OCL_ICD_VENDORS=$OCL_ICD_VENDORS} \
    ${CLCONFORM_DEVICE:+CLCONFORM_DEVICE=$CLCONFORM_DEVICE} "$tmp/moved/bin/clconform" "$@"
}
where=$(run version) || fail "clconform version failed"
echo "$where"
echo "$where" | grep -q "kernels: *$tmp/moved/share/clconform/kernels$" || fail "kernels not found in the moved prefix"
echo "$where" | grep -Eq "known failures: *($tmp/moved/share/clconform/known_failures|\(none installed\))" ||
  fail "known failures not taken from the moved prefix"
if echo "$where" | grep -v '^clconform ' | grep -qe "$build" -e "$source"; then fail "it still reads the build or source tree"; fi
run run --help > /dev/null || fail "run --help did not exit 0"
run run --suite types --out "$tmp/results" | tail -4
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || fail "clconform run --suite types exited $rc"
grep -q '"case":"types.' "$tmp/results/results.jsonl" || fail "no types records"
echo "PASS"
