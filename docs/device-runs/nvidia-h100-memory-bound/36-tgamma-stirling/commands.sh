#!/bin/bash
# Device call 36: tgamma's full sweep, f2cd907 (base) against the new
# code (tgamma's block from Stirling's formula with libmvec's pow and exp,
# and through the reflection formula, instead of glibc's tgamma), in turn
# on one host, three times each, with sin's sweep once each beside it as
# a control; then verify_bench tgamma at 16 threads, twice each. "cold"
# compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/new tgamma,sin --known-failures suites > /dev/null 2>&1
for run in a b c; do
  for build in base new; do
    echo "== $run $build" >> $log
    fns=tgamma; [ $run = a ] && fns=tgamma,sin
    SWEEP_KEEP=$R/$run-$build bash bench/math_sweep.sh NVIDIA /tmp/$build $fns --known-failures suites >> $log 2>&1
  done
done
for run in a b; do
  for build in base new; do
    echo "== verify_bench $run $build tgamma" >> $log
    /tmp/$build/bench/verify_bench --function tgamma --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths \
      2>&1 | grep -E "ns per|results" >> $log
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
