#!/bin/bash
# Device call 4: 8210709 against 39364bc, the four issue-14 functions and float sin.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in new1 head1 new2 new3; do
  b=${run%[0-9]}
  echo "== $run" >> $log
  SWEEP_KEEP=$R/$run/float bash bench/math_sweep.sh NVIDIA $B/$b sin --known-failures suites >> $log 2>&1
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA $B/$b sin,exp,log,pow --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
