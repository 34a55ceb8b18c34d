#!/bin/bash
# Device call 15: 5104057 (nopre; 2^22 lanes a chunk became the default in the commit after) with the default 2^23 lanes a chunk (c23) and with 2^22
# (c22: CLCONFORM_SWEEP_CHUNK=4194304), in turn on one host: fp64 sin and float sin, the
# benchmark conversions and the half stores. c23x compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp && B=/tmp/nopre
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
run() {  # NAME
  local env=""; case $1 in c22*) env=CLCONFORM_SWEEP_CHUNK=4194304;; esac
  echo "== $1 $env" >> $log
  env $env SWEEP_KEEP=$R/$1/float bash bench/math_sweep.sh NVIDIA $B sin --known-failures suites >> $log 2>&1
  env $env OUT_DIR=$R/$1 sh bench/math_fp64_sweep.sh NVIDIA $B sin --known-failures suites >> $log 2>&1
  env $env SWEEP_KEEP=$R/$1/conv bash bench/conversions_sweep.sh NVIDIA $B --known-failures suites >> $log 2>&1
  env $env SWEEP_KEEP=$R/$1/half bash bench/half_sweep.sh NVIDIA $B --known-failures suites >> $log 2>&1
}
for r in c23x c22a c23a c22b c23b c22c c23c; do run $r; done
cat $log
tar czf $OUT/r.tgz -C /tmp r
