#!/bin/bash
# Device call 2: slots pinned beside the sweep, a persistent thread team, shrinking pieces, streamed fp64 fill.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in float-new1 float-head1 float-new2 float-head2; do
  b=${run#float-}; b=${b%[0-9]}
  echo "== $run" >> $log
  SWEEP_KEEP=$R/$run bash bench/math_sweep.sh NVIDIA $B/$b sin --known-failures suites >> $log 2>&1
done
for run in new1 head1 new2 head2 new3; do
  b=${run%[0-9]}
  echo "== $run" >> $log
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA $B/$b sin,exp,log,pow --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
