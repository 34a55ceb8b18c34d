#!/bin/bash
# Device call 3: head, new (slots pinned beside the sweep, uploads on their own queue), sync (every slot pinned first, uploads on their own queue).
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in new1 sync1 head1 new2 sync2 head2; do
  b=${run%[0-9]}
  echo "== $run" >> $log
  SWEEP_KEEP=$R/$run/float bash bench/math_sweep.sh NVIDIA $B/$b sin --known-failures suites >> $log 2>&1
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA $B/$b sin,exp,pow --known-failures suites >> $log 2>&1
done
echo "== conversions new" >> $log
SWEEP_KEEP=$R/conv-new bash bench/conversions_sweep.sh NVIDIA $B/new --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
