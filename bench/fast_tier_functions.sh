#!/usr/bin/env bash
# verify_bench for the float built-ins whose fast tiers are the newest
# (pi_functions.hpp, gamma.hpp) and for the exact ones (fabs, ceil, ...),
# with two builds side by side: ns per input per thread at six widths.
#   bench/fast_tier_functions.sh BUILD_A BUILD_B [INPUTS] [FUNCTIONS...]
#   bench/fast_tier_functions.sh /path/to/old/build build-dev 1048576
# Each line: the function, then each build's figure and its MPFR fallbacks.
set -euo pipefail
a=$1
b=$2
inputs=${3:-1048576}
shift $(( $# < 3 ? $# : 3 ))
fns=${*:-sinpi cospi tanpi asinpi acospi atanpi tgamma lgamma fabs ceil trunc sin}
one() {
  "$1/bench/verify_bench" --function "$2" --widths 1,2,3,4,8,16 --inputs "$inputs" --threads 1 --seed 7 2>/dev/null |
    awk '/ns per input/ {ns = $1} /MPFR fallbacks/ {for (i = 1; i <= NF; ++i) if ($i == "MPFR") mpfr = $(i - 1)} END {printf "%10.2f %10s", ns, mpfr}'
}
printf '%-10s %10s %10s %10s %10s   (ns per input per thread; MPFR fallbacks)\n' function A A-mpfr B B-mpfr
for f in $fns; do
  printf '%-10s %s %s\n' "$f" "$(one "$a" "$f")" "$(one "$b" "$f")"
done
