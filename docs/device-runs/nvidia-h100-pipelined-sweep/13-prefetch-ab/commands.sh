#!/bin/bash
# Device call 13 (pre: the float verifier prefetching a block ahead too, as in call 12; nopre: 5104057, the code kept): the float verifier with (pre) and without (nopre) the block-ahead prefetch, both
# with the pipelined engine, against f3a5e18 (avx), the builds in turn on one host.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp && B=/tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
# avx0 compiles every kernel (a cold NVIDIA cache) and is left out of the comparison.
bash bench/sweep_ab.sh NVIDIA $B "avx0 pre1 nopre1 avx1 pre2 nopre2 avx2" sin $R/ab --known-failures suites >> $log 2>&1
for run in nopre avx; do
  echo "== fp64 exp,log,pow $run" >> $log
  OUT_DIR=$R/fp64-$run sh bench/math_fp64_sweep.sh NVIDIA $B/$run exp,log,pow --known-failures suites >> $log 2>&1
done
for run in pre nopre avx; do
  echo "== float exp,asinh,tgamma $run" >> $log
  SWEEP_KEEP=$R/float-$run bash bench/math_sweep.sh NVIDIA $B/$run exp,asinh,tgamma --known-failures suites >> $log 2>&1
done
for run in nopre; do
  echo "== conversions $run" >> $log
  SWEEP_KEEP=$R/conv-$run bash bench/conversions_sweep.sh NVIDIA $B/$run --known-failures suites >> $log 2>&1
  echo "== half $run" >> $log
  SWEEP_KEEP=$R/half-$run bash bench/half_sweep.sh NVIDIA $B/$run --known-failures suites >> $log 2>&1
done
for round in 1 2; do
  for run in avx pre nopre; do
    for f in sin exp fp64.sin; do
      echo "== verify_bench $f $run: $($B/$run/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 16777216 --threads 16 --same-widths --repeats 3 2>&1 | grep 'ns per')" >> $log
    done
  done
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
