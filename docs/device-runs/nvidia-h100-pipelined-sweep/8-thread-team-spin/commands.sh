#!/bin/bash
# Device call 8: a thread team whose members spin 200 us before sleeping, the idle time split
# into waking and tail, and the double blocks' block-ahead prefetch (new; none of it kept in this
# form) against HEAD f3a5e18 (avx) on one host: fp64 sin and float sin in turn, then fp64 exp,
# log and pow with new. build-carry/{new,avx} held stripped Release builds, build-carry/kernels
# the generated math kernels.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in ${FP64_RUNS:-new1 avx1 new2 avx2}; do
  echo "== fp64 sin $run" >> $log
  OUT_DIR=$R/fp64-$run sh bench/math_fp64_sweep.sh NVIDIA $B/${run%[0-9]} sin --known-failures suites >> $log 2>&1
done
for run in ${FLOAT_RUNS:-new1 avx1 new2 avx2}; do
  echo "== float sin $run" >> $log
  SWEEP_KEEP=$R/float-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} sin --known-failures suites >> $log 2>&1
done
echo "== fp64 ${REST:-exp,log,pow} new" >> $log
OUT_DIR=$R/fp64-rest sh bench/math_fp64_sweep.sh NVIDIA $B/new ${REST:-exp,log,pow} --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
