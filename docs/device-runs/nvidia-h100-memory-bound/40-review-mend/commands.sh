#!/bin/bash
# Device call 40: 5985cbf (base: the build of calls 37 and 39) against
# 083165b (final: its review mend, which renames, moves code into helpers
# and cleans the SSE state, and should change no bit), in turn on one
# host, twice each: float tgamma, lgamma and sin swept; the records must
# be equal field by field, maxima included. "cold" compiles the kernels
# and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/final tgamma,lgamma,sin --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base final; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=$R/$run-$build bash bench/math_sweep.sh NVIDIA /tmp/$build tgamma,lgamma,sin --known-failures suites >> $log 2>&1
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
