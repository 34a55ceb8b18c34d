#!/bin/bash
# Device call 33: lgamma_r's full sweep (NVIDIA's wrong signs, excused) and
# lgamma's, 4157375 (base) against a0bd801 (runs: wrong integer values
# counted run by run of equal widths) and d3e0778 (new: and in bulk where
# the failure tally keeps no more), in turn on one host, twice each; then
# verify_bench at 16 threads for lgamma_r with a flood of excused wrong
# signs, widths alike and disagreeing. "cold" compiles the kernels and is
# left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/new lgamma,lgamma_r --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base runs new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=$R/$run-$build bash bench/math_sweep.sh NVIDIA /tmp/$build lgamma,lgamma_r --known-failures suites >> $log 2>&1
  done
done
for run in a b; do
  for build in base runs new; do
    for split in "" --split-defects; do
      echo "== verify_bench $run $build lgamma_r $split" >> $log
      /tmp/$build/bench/verify_bench --function lgamma_r --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths \
        --defects 1 --defect-output 1 $split --known-failures bench/excuse_lgamma_r_signs.json 2>&1 | grep -E "ns per|failures" >> $log
    done
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
