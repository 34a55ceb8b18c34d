#!/bin/bash
# Device call 10: the pipelined engine (new, as in call 9) against HEAD f3a5e18 (avx) on one host,
# and new with 2^22 and 2^21 lanes a chunk and with 15 threads: fp64 sin, float sin and exp, the
# benchmark conversions and half stores. avx runs first: its first run compiles the kernels.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g; cat /sys/kernel/mm/transparent_hugepage/enabled ) > $R/host.txt 2>&1
log=$R/log.txt
( time $B/new/harness/clconform devices >/dev/null ) >> $log 2>&1
fp64() {  # RUN [ENV...]
  local run=$1; shift
  echo "== fp64 sin $run $*" >> $log
  env "$@" OUT_DIR=$R/fp64-$run sh bench/math_fp64_sweep.sh NVIDIA $B/${run%%[0-9]*} sin --known-failures suites >> $log 2>&1
}
fp64 avx0
fp64 new1; fp64 avx1; fp64 new2; fp64 avx2
fp64 new22a CLCONFORM_SWEEP_CHUNK=4194304; fp64 new21a CLCONFORM_SWEEP_CHUNK=2097152
fp64 new15a CLCONFORM_SWEEP_THREADS=15; fp64 new22b CLCONFORM_SWEEP_CHUNK=4194304
for run in avx1 new1 avx2 new2; do
  echo "== float sin,exp $run" >> $log
  SWEEP_KEEP=$R/float-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} sin,exp --known-failures suites >> $log 2>&1
done
echo "== float sin new 2^22" >> $log
CLCONFORM_SWEEP_CHUNK=4194304 SWEEP_KEEP=$R/float-new22 bash bench/math_sweep.sh NVIDIA $B/new sin --known-failures suites >> $log 2>&1
for run in avx1 new1 avx2 new2; do
  echo "== conversions $run" >> $log
  SWEEP_KEEP=$R/conv-$run bash bench/conversions_sweep.sh NVIDIA $B/${run%[0-9]} --known-failures suites >> $log 2>&1
  echo "== half $run" >> $log
  SWEEP_KEEP=$R/half-$run bash bench/half_sweep.sh NVIDIA $B/${run%[0-9]} --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
