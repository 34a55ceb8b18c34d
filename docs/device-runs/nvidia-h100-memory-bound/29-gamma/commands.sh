#!/bin/bash
# Device call 29: lgamma, tgamma and lgamma_r's full sweeps, 75b66c7
# (base) against d59898a (new: lgamma from Stirling's series in the block,
# tgamma's overflows and poles without a call, and wrong integer values
# counted without being built), in turn on one host, twice each. "cold"
# compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/new lgamma,tgamma,lgamma_r --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=$R/$run-$build bash bench/math_sweep.sh NVIDIA /tmp/$build lgamma,tgamma,lgamma_r --known-failures suites >> $log 2>&1
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
