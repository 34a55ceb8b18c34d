#!/bin/bash
# Device call 30: which of NVIDIA's wrong lgamma_r signs differ between
# widths (a quick run without known failures, every wrong value kept),
# and verify_bench for lgamma, tgamma and lgamma_r at 16 threads, base
# (75b66c7) and new (d59898a) in turn, twice.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
/tmp/new/harness/clconform run --suite math --device NVIDIA --filter math.lgamma_r --no-known-failures \
  --keep-failures 100000 --out $R/quick --no-report > /dev/null 2>&1
for run in a b; do
  for build in base new; do
    for f in lgamma tgamma lgamma_r; do
      echo "== $run $build $f" >> $log
      /tmp/$build/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths 2>&1 | grep "ns per" >> $log
    done
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
