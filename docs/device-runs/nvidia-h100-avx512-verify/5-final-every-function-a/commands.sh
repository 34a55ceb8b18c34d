#!/bin/bash
# Device calls 5 and 6: float sin with base, then every one-argument float built-in in FUNCS with the final code (avx) once.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
echo "== float sin base (the host's measure)" >> $log
SWEEP_KEEP=$R/sin-base bash bench/math_sweep.sh NVIDIA $B/base sin --known-failures suites >> $log 2>&1
echo "== avx: $FUNCS" >> $log
SWEEP_KEEP=$R/avx bash bench/math_sweep.sh NVIDIA $B/avx "$FUNCS" --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
