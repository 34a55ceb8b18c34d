#!/bin/bash
# Device call 43: base (c8b9374's code, the same as 3efb351's) against new
# (lgamma from -32 to -2^-6 as log |tgamma| from tgamma's reflection,
# lgamma_by_tgamma_four), in turn on one host, twice each: lgamma and sin
# swept (sin's path is unchanged: the host's pace); then verify_bench's
# lgamma and sin at 16 threads, base and new in turn. On an H200 also the
# issue's headline sweeps (the four conversions and the two half stores)
# with the new build. "cold" compiles the kernels and is left out. Each
# record is copied to $OUT as it is written.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=$OUT/r; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
F=lgamma,sin
SWEEP_KEEP=/tmp/cold timeout 200 bash bench/math_sweep.sh NVIDIA /tmp/new $F --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=/tmp/$run-$build timeout 100 bash bench/math_sweep.sh NVIDIA /tmp/$build $F --known-failures suites >> $log 2>&1
    cp /tmp/$run-$build/results.jsonl $R/$run-$build.jsonl
  done
done
echo "== verify_bench" >> $log
VERIFY_ARGS=--same-widths timeout 200 bash bench/verify_ab.sh /tmp/base /tmp/new 16 67108864 3 lgamma sin >> $log 2>&1
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  SWEEP_KEEP=/tmp/coldc timeout 100 bash bench/conversions_sweep.sh NVIDIA /tmp/new --known-failures suites > /dev/null 2>&1
  SWEEP_KEEP=/tmp/coldh timeout 100 bash bench/half_sweep.sh NVIDIA /tmp/new --known-failures suites > /dev/null 2>&1
  echo "== H200: conversions and half stores, new" >> $log
  SWEEP_KEEP=/tmp/conv timeout 100 bash bench/conversions_sweep.sh NVIDIA /tmp/new --known-failures suites >> $log 2>&1
  cp /tmp/conv/results.jsonl $R/conv.jsonl
  SWEEP_KEEP=/tmp/half timeout 100 bash bench/half_sweep.sh NVIDIA /tmp/new --known-failures suites >> $log 2>&1
  cp /tmp/half/results.jsonl $R/half.jsonl
fi
cat $log
