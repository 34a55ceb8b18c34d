#!/bin/bash
# Device calls 7 and 8: every one-argument float built-in swept once with 2daf2f6 (FUNCS), float sin with 39364bc first as the host's measure.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
echo "== float sin head (the host's measure)" >> $log
SWEEP_KEEP=$R/float-head bash bench/math_sweep.sh NVIDIA $B/head sin --known-failures suites >> $log 2>&1
echo "== new: $FUNCS" >> $log
SWEEP_KEEP=$R/new bash bench/math_sweep.sh NVIDIA $B/new "$FUNCS" --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
