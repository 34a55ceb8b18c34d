#!/bin/bash
# Device call 27: a924158 (head) against the code of call 25 plus a block
# pass for an infinity whose real value lies beyond 2^128 (over), in turn
# on one host: verify_bench at 16 threads, then the full float sweeps of
# lgamma and tgamma (twice each) and of exp, exp2, exp10, expm1, sinh,
# cosh and asinh (once each), every record kept. "cold" compiles the
# kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for f in lgamma tgamma exp; do
  for b in head over head over; do
    echo "== verify_bench $b $f: $(/tmp/$b/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --repeats 3 --same-widths 2>&1 | grep 'ns per input per')" >> $log
  done
done
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/over lgamma --known-failures suites > /dev/null 2>&1
for run in heada overa headb overb; do
  echo "== $run" >> $log
  fns=lgamma,tgamma; case $run in *a) fns=lgamma,tgamma,exp,exp2,exp10,expm1,sinh,cosh,asinh;; esac
  SWEEP_KEEP=$R/$run bash bench/math_sweep.sh NVIDIA /tmp/${run%?} $fns --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
