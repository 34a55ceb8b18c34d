#!/bin/bash
# Device call 22: a924158 (head) against the same with a double lane whose
# widths differ passed width by width (each), in turn on one host:
# verify_bench at 16 threads (fp64 sin, cos, log, exp; widths differing in
# one lane of eight, as verify_bench makes them by default, and all alike),
# then the full sweeps of fp64 sin, cos, exp and log on the NVIDIA driver.
# "cold" compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for f in fp64.sin fp64.cos fp64.log fp64.exp; do
  for b in head each head each; do
    for same in "" --same-widths; do
      echo "== verify_bench $b $f $same: $(/tmp/$b/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 16777216 --threads 16 --repeats 3 $same 2>&1 | grep 'ns per input per')" >> $log
    done
  done
done
OUT_DIR=$R/cold sh bench/math_fp64_sweep.sh NVIDIA /tmp/each sin --known-failures suites > /dev/null 2>&1
for run in heada eacha headb eachb; do
  echo "== $run" >> $log
  OUT_DIR=$R/$run sh bench/math_fp64_sweep.sh NVIDIA /tmp/${run%?} sin,cos,exp,log --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
