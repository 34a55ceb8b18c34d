#!/bin/bash
# Device call 25: a924158 (head) against asinh's batch as it is kept (series): its series
# below 0.5 (to a^51 from 2^-4 on), libmvec's log of a + sqrt(a^2 + 1) above, in turn on one host:
# verify_bench at 16 threads for asinh, then the full float sweeps of
# asinh (twice each) and sin (once each, unchanged code), with every
# record kept. "cold" compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for b in head series head series; do
  echo "== verify_bench $b asinh: $(/tmp/$b/bench/verify_bench --function asinh --widths 1,2,3,4,8,16 --inputs 67108864 --threads 16 --repeats 3 --same-widths 2>&1 | grep 'ns per input per')" >> $log
done
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/series asinh --known-failures suites > /dev/null 2>&1
for run in heada seriesa headb seriesb; do
  echo "== $run" >> $log
  fns=asinh; case $run in *a) fns=asinh,sin;; esac
  SWEEP_KEEP=$R/$run bash bench/math_sweep.sh NVIDIA /tmp/${run%?} $fns --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
