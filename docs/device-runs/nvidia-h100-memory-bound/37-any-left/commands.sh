#!/bin/bash
# Device call 37: f2cd907 (base) against 5985cbf (new: tgamma's block from
# Stirling's formula, and prepare_block's look for points the batch left
# four errors at a time), in turn on one host, twice each: the full
# sweeps of float sin, exp, lgamma and tgamma, and fp64 sin (issue 14's
# benchmark); then verify_bench sin and tgamma at 16 threads. "cold"
# compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/new sin,exp,lgamma,tgamma --known-failures suites > /dev/null 2>&1
bash bench/math_fp64_sweep.sh NVIDIA /tmp/new sin --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=$R/$run-$build bash bench/math_sweep.sh NVIDIA /tmp/$build sin,exp,lgamma,tgamma --known-failures suites >> $log 2>&1
    OUT_DIR=$R/$run-$build-fp64 bash bench/math_fp64_sweep.sh NVIDIA /tmp/$build sin --known-failures suites >> $log 2>&1
  done
done
for run in a b; do
  for build in base new; do
    for f in sin tgamma; do
      echo "== verify_bench $run $build $f" >> $log
      /tmp/$build/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --same-widths \
        2>&1 | grep -E "ns per|results" >> $log
    done
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
