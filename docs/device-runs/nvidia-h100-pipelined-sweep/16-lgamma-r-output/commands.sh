#!/bin/bash
# Device call 16: the lgamma_r entries naming their output (kf: c9e3a2a, the commit that added
# "output"): float and double lgamma_r on the NVIDIA driver (quick, and float's full sweep) and on
# PoCL 5 (the machine's CPU, quick), each expected known_fail with the same counts as before.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp && B=/tmp/kf
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; $B/harness/clconform devices ) > $R/host.txt 2>&1
$B/harness/clconform run --suite math --filter 'math.lgamma_r,math.fp64.lgamma_r' --device NVIDIA --out $R/nvidia-quick --no-report --known-failures suites > $R/nvidia-quick.log 2>&1
$B/harness/clconform run --suite math --filter 'math.lgamma_r,math.fp64.lgamma_r' --device cpu --out $R/pocl5-quick --no-report --known-failures suites > $R/pocl5-quick.log 2>&1
$B/harness/clconform run --suite math --filter 'math.lgamma_r' --device NVIDIA --mode full --timeout 0 --out $R/nvidia-full --no-report --known-failures suites > $R/nvidia-full.log 2>&1
for d in nvidia-quick pocl5-quick nvidia-full; do
  python3 -c "
import json, sys
for l in open('$R/$d/results.jsonl'):
    r = json.loads(l); kf = r.get('known_failure', {})
    print('$d', r['case'], r['status'], r.get('device'), 'excused', kf.get('excused'), 'unexcused', kf.get('unexcused'), [(e.get('source'), e.get('excused')) for e in kf.get('entries', [])])
" >> $R/log.txt 2>&1 || tail -3 $R/$d.log >> $R/log.txt
done
cat $R/log.txt
tar czf $OUT/r.tgz -C /tmp r
