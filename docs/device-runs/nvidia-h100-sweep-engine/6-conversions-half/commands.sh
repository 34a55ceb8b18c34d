#!/bin/bash
# Device call 6: the four benchmark conversions and the two half-store sweeps, 2daf2f6 against 39364bc, in turn.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
echo "== float sin head (the host's measure)" >> $log
SWEEP_KEEP=$R/float-head bash bench/math_sweep.sh NVIDIA $B/head sin --known-failures suites >> $log 2>&1
for run in new1 head1 new2 head2 new3; do
  b=${run%[0-9]}
  echo "== $run" >> $log
  SWEEP_KEEP=$R/$run/conv bash bench/conversions_sweep.sh NVIDIA $B/$b --known-failures suites >> $log 2>&1
  SWEEP_KEEP=$R/$run/half bash bench/half_sweep.sh NVIDIA $B/$b --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
