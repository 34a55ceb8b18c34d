#!/bin/bash
# Device call 9: the final code (1c06eeb) against 39364bc once more: float sin, fp64 sin, exp, log, pow.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi -L; free -g ) > $R/host.txt 2>&1
bash bench/sweep_ab.sh NVIDIA build-carry "new1 head1 new2 head2 new3" sin,exp,log,pow $R --known-failures suites > $R/log.txt 2>&1
cat $R/log.txt
tar czf $OUT/r.tgz -C /tmp r
