#!/bin/bash
# Device call 45: base (c8b9374's code, the same as 3efb351's) against new
# (9548253: 43's lgamma_by_tgamma_four, and lgamma_uniform_block and
# tgamma_uniform_block: a block wholly near 0, wholly large or wholly poles
# takes its one formula without the general loop's masks), in turn on one
# host, three times each: tgamma, lgamma and sin swept (sin's path is
# unchanged: the host's pace); then verify_bench's tgamma, lgamma and sin
# at 16 threads, base and new in turn. "cold" compiles the kernels and is
# left out. Each record is copied to $OUT as it is written.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=$OUT/r; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
F=tgamma,lgamma,sin
SWEEP_KEEP=/tmp/cold timeout 200 bash bench/math_sweep.sh NVIDIA /tmp/new $F --known-failures suites > /dev/null 2>&1
for run in a b c; do
  for build in base new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=/tmp/$run-$build timeout 100 bash bench/math_sweep.sh NVIDIA /tmp/$build $F --known-failures suites >> $log 2>&1
    cp /tmp/$run-$build/results.jsonl $R/$run-$build.jsonl
  done
done
echo "== verify_bench" >> $log
VERIFY_ARGS=--same-widths timeout 200 bash bench/verify_ab.sh /tmp/base /tmp/new 16 67108864 3 tgamma lgamma sin >> $log 2>&1
cat $log
