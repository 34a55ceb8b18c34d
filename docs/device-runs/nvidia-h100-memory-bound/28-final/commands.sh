#!/bin/bash
# Device call 28: the code kept (over: 3846fad, the same binary as call
# 27's) alone on one host: fp64 sin and float sin three times each (issue
# 14's 7 s and issue 15's 4.7 s), the four benchmark conversions and the
# two half stores once. "cold" compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/over sin --known-failures suites > /dev/null 2>&1
SWEEP_KEEP=$R/coldc bash bench/conversions_sweep.sh NVIDIA /tmp/over --known-failures suites > /dev/null 2>&1
SWEEP_KEEP=$R/coldh bash bench/half_sweep.sh NVIDIA /tmp/over --known-failures suites > /dev/null 2>&1
for run in a b c; do
  echo "== $run" >> $log
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA /tmp/over sin --known-failures suites >> $log 2>&1
  SWEEP_KEEP=$R/$run/float bash bench/math_sweep.sh NVIDIA /tmp/over sin --known-failures suites >> $log 2>&1
done
echo "== conversions and half stores" >> $log
SWEEP_KEEP=$R/conv bash bench/conversions_sweep.sh NVIDIA /tmp/over --known-failures suites >> $log 2>&1
SWEEP_KEEP=$R/half bash bench/half_sweep.sh NVIDIA /tmp/over --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
