#!/bin/bash
# Device call 4: the final code (avx) against base on one host: AB float functions in turn, then fp64 FP64 with avx, base, avx.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in ${AB_RUNS:-base1 avx1 avx2}; do
  echo "== float $AB $run" >> $log
  SWEEP_KEEP=$R/ab-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} $AB --known-failures suites >> $log 2>&1
done
for run in avx1 base1 avx2; do
  echo "== fp64 $FP64 $run" >> $log
  OUT_DIR=$R/fp64-$run sh bench/math_fp64_sweep.sh NVIDIA $B/${run%[0-9]} $FP64 --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
