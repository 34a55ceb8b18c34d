#!/bin/bash
# Device call 9: the pipelined engine and block-ahead prefetch in both verifiers (new) against
# HEAD f3a5e18 (avx) on one host: fp64 sin and float sin in turn (avx first: its first run
# compiles the kernels), then fp64 exp, log and pow with new. (The conversions found no kernels:
# build-carry/kernels held the math kernels only.)
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in avx1 new1 avx2 new2 avx3 new3; do
  echo "== fp64 sin $run" >> $log
  OUT_DIR=$R/fp64-$run sh bench/math_fp64_sweep.sh NVIDIA $B/${run%[0-9]} sin --known-failures suites >> $log 2>&1
done
for run in avx1 new1 avx2 new2; do
  echo "== float sin,exp $run" >> $log
  SWEEP_KEEP=$R/float-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} sin,exp --known-failures suites >> $log 2>&1
done
for run in avx1 new1; do
  echo "== conversions $run" >> $log
  bash bench/conversions_sweep.sh NVIDIA $B/${run%[0-9]} --known-failures suites >> $log 2>&1
done
echo "== fp64 exp,log,pow new" >> $log
OUT_DIR=$R/fp64-rest sh bench/math_fp64_sweep.sh NVIDIA $B/new exp,log,pow --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
