#!/bin/bash
# Device call 34: lgamma_r's full sweep (NVIDIA's wrong signs, excused),
# lgamma's and tgamma's, 4157375 (base) against a875064 (new: wrong
# integer values counted eight lanes at a time, else in bulk or run by
# run; lgamma's block by the reflection formula), in turn on one host,
# twice each; then verify_bench at 16 threads for lgamma_r with a flood of
# excused wrong signs, widths alike and disagreeing. "cold" compiles the
# kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/new lgamma,tgamma,lgamma_r --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=$R/$run-$build bash bench/math_sweep.sh NVIDIA /tmp/$build lgamma,tgamma,lgamma_r --known-failures suites >> $log 2>&1
  done
done
for run in a b; do
  for build in base new; do
    for split in "" --split-defects; do
      echo "== verify_bench $run $build lgamma_r $split" >> $log
      /tmp/$build/bench/verify_bench --function lgamma_r --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths \
        --defects 1 --defect-output 1 $split --known-failures bench/excuse_lgamma_r_signs.json 2>&1 | grep -E "ns per|failures" >> $log
    done
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
