#!/bin/bash
# Device call 7: the final code (avx) against base on one host, AB float functions in turn.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in ${AB_RUNS:-base1 avx1 base2 avx2}; do
  echo "== float $AB $run" >> $log
  SWEEP_KEEP=$R/ab-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} $AB --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
