#!/bin/bash
# Device call 5: 5351ae9 against 39364bc (the four issue-14 functions and float sin), then fp64 sin with 15 and 14 host threads and with 2^22 lanes a chunk.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for run in new1 head1 new2 head2 new3; do
  b=${run%[0-9]}
  echo "== $run" >> $log
  SWEEP_KEEP=$R/$run/float bash bench/math_sweep.sh NVIDIA $B/$b sin --known-failures suites >> $log 2>&1
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA $B/$b sin,exp,log,pow --known-failures suites >> $log 2>&1
done
for t in 15 14; do
  echo "== threads $t" >> $log
  CLCONFORM_SWEEP_THREADS=$t OUT_DIR=$R/threads$t sh bench/math_fp64_sweep.sh NVIDIA $B/new sin --known-failures suites >> $log 2>&1
done
echo "== chunk 4194304" >> $log
CLCONFORM_SWEEP_CHUNK=4194304 OUT_DIR=$R/chunk4194304 sh bench/math_fp64_sweep.sh NVIDIA $B/new sin --known-failures suites >> $log 2>&1
echo "== threads 16 again" >> $log
OUT_DIR=$R/threads16 sh bench/math_fp64_sweep.sh NVIDIA $B/new sin --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
