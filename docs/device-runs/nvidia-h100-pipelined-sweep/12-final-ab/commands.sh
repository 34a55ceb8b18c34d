#!/bin/bash
# Device call 12: the pipelined engine with the block-ahead prefetch in both verifiers (final here;
# 5104057 less the float verifier's prefetch is the code kept) against f3a5e18 (avx), the builds in
# turn on one host: fp64 sin, exp, log and pow and float sin (bench/sweep_ab.sh), the float built-ins
# nearest 2 times their floor, the benchmark conversions and half stores, and verify_bench at 16 threads.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp && B=/tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
# avx0 compiles every kernel (a cold NVIDIA cache) and is left out of the comparison.
bash bench/sweep_ab.sh NVIDIA $B "avx0 final1 avx1 final2 avx2" sin,exp,log,pow $R/ab --known-failures suites >> $log 2>&1
for run in final1 avx1; do
  echo "== float tan,sinpi,expm1,tanpi,sinh,asinh,tgamma,lgamma $run" >> $log
  SWEEP_KEEP=$R/float-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} tan,sinpi,expm1,tanpi,sinh,asinh,tgamma,lgamma --known-failures suites >> $log 2>&1
done
for run in avx1 final1; do
  echo "== conversions $run" >> $log
  SWEEP_KEEP=$R/conv-$run bash bench/conversions_sweep.sh NVIDIA $B/${run%[0-9]} --known-failures suites >> $log 2>&1
  echo "== half $run" >> $log
  SWEEP_KEEP=$R/half-$run bash bench/half_sweep.sh NVIDIA $B/${run%[0-9]} --known-failures suites >> $log 2>&1
done
for run in avx final avx final; do
  echo "== verify_bench fp64.sin, sin $run" >> $log
  for f in fp64.sin sin; do
    $B/$run/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 16777216 --threads 16 --same-widths --repeats 3 2>&1 | grep "ns per" >> $log
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
