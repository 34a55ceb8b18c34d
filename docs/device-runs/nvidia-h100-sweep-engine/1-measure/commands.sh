#!/bin/bash
# Device call 1: parallel sweep setup, idle-thread metric, chunk sizes, cache effect on verification.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for b in new head; do
  echo "== float sin $b" >> $log
  SWEEP_KEEP=$R/float-$b bash bench/math_sweep.sh NVIDIA $B/$b sin --known-failures suites >> $log 2>&1
done
for run in new1 head1 new2 head2; do
  b=${run%[0-9]}
  echo "== $run" >> $log
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA $B/$b sin --known-failures suites >> $log 2>&1
done
for c in 2097152 4194304; do
  echo "== chunk $c new" >> $log
  CLCONFORM_SWEEP_CHUNK=$c OUT_DIR=$R/chunk$c sh bench/math_fp64_sweep.sh NVIDIA $B/new sin --known-failures suites >> $log 2>&1
done
for f in sin fp64.sin; do
  for n in 1048576 16777216; do
    echo "== verify_bench $f $n 16" >> $log
    $B/new/bench/verify_bench --function $f --inputs $n --threads 16 --same-widths --repeats 3 2>&1 | grep "ns per" >> $log
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
