#!/bin/bash
# Device call 46: the code kept (9548253's build; a5cebe0 changes comments
# and docs only) alone on one host: issue 15's headline sweeps, float sin
# and lgamma twice, tgamma once, the four benchmark conversions and the
# two half stores once, and fp64 sin twice (issue 14's 7 s; its first
# run compiles its kernels). "cold" compiles the float kernels and is left
# out. Each record is copied to $OUT as
# it is written.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=$OUT/r; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=/tmp/cold timeout 200 bash bench/math_sweep.sh NVIDIA /tmp/new sin,lgamma,tgamma --known-failures suites > /dev/null 2>&1
SWEEP_KEEP=/tmp/coldc timeout 100 bash bench/conversions_sweep.sh NVIDIA /tmp/new --known-failures suites > /dev/null 2>&1
SWEEP_KEEP=/tmp/coldh timeout 100 bash bench/half_sweep.sh NVIDIA /tmp/new --known-failures suites > /dev/null 2>&1
for run in a b; do
  echo "== $run" >> $log
  F=sin,lgamma; [ $run = a ] && F=sin,lgamma,tgamma
  SWEEP_KEEP=/tmp/$run timeout 100 bash bench/math_sweep.sh NVIDIA /tmp/new $F --known-failures suites >> $log 2>&1
  cp /tmp/$run/results.jsonl $R/$run.jsonl
done
echo "== conversions and half stores" >> $log
SWEEP_KEEP=/tmp/conv timeout 100 bash bench/conversions_sweep.sh NVIDIA /tmp/new --known-failures suites >> $log 2>&1
cp /tmp/conv/results.jsonl $R/conv.jsonl
SWEEP_KEEP=/tmp/half timeout 100 bash bench/half_sweep.sh NVIDIA /tmp/new --known-failures suites >> $log 2>&1
cp /tmp/half/results.jsonl $R/half.jsonl
for run in a b; do
  echo "== fp64 sin $run" >> $log
  OUT_DIR=/tmp/fp64-$run timeout 150 sh bench/math_fp64_sweep.sh NVIDIA /tmp/new sin --known-failures suites >> $log 2>&1
done
cat $log
