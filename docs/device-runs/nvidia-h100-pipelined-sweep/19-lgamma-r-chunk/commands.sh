#!/bin/bash
# Device call 19: float lgamma_r's full sweep with fa98c82 (fin) at 2^23 lanes a chunk
# (CLCONFORM_SWEEP_CHUNK=8388608) and at its default 2^22, in turn on one host.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi ) > $R/host.txt 2>&1
log=$R/log.txt
for run in c23a c22a c23b; do
  echo "== lgamma_r fin $run" >> $log
  env $([ "${run%[ab]}" = c23 ] && echo CLCONFORM_SWEEP_CHUNK=8388608) SWEEP_KEEP=$R/$run bash bench/math_sweep.sh NVIDIA /tmp/fin lgamma_r --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
