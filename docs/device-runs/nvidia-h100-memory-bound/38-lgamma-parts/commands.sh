#!/bin/bash
# Device call 38: where lgamma's host verification goes on a lent host.
# verify_bench lgamma at 16 threads, three times each, with 5985cbf (new)
# and two throwaway builds of it that give wrong values on purpose, for
# timing only (verify_bench's synthetic results come from the same
# reference, so they stay consistent): e1, glibc's lgamma_r on
# (-32, -2^-6) and [2^-6, 32) replaced by 0.75 x + 1; e2, that and the
# near-0 lanes' log |x| replaced by |x|. sin beside them.
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
log=/tmp/log.txt
( lscpu; nvidia-smi; free -g ) > $OUT/host.txt 2>&1
for run in a b c; do
  for build in new e1 e2; do
    echo "== $run $build lgamma" >> $log
    /tmp/$build/bench/verify_bench --function lgamma --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths \
      2>&1 | grep -E "ns per" >> $log
  done
  echo "== $run new sin" >> $log
  /tmp/new/bench/verify_bench --function sin --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths \
    2>&1 | grep -E "ns per" >> $log
done
cat $log
cp $log $OUT/
