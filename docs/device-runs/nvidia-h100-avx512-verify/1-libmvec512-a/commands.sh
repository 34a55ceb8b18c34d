#!/bin/bash
# Device call 1: verify_bench base vs avx at 16 threads; float sin base/avx twice; then FUNCS with avx once.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
B=build-carry
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for f in sin tgamma lgamma exp; do
  for b in base avx; do
    echo "== verify_bench $b $f" >> $log
    $B/$b/bench/verify_bench --function $f --widths 1,2,3,4,8,16 --inputs 16777216 --threads 16 --repeats 3 --same-widths >> $log 2>&1
  done
done
for run in base1 avx1 base2 avx2; do
  echo "== float sin $run" >> $log
  SWEEP_KEEP=$R/sin-$run bash bench/math_sweep.sh NVIDIA $B/${run%[0-9]} sin --known-failures suites >> $log 2>&1
done
echo "== avx: $FUNCS" >> $log
SWEEP_KEEP=$R/avx bash bench/math_sweep.sh NVIDIA $B/avx "$FUNCS" --known-failures suites >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
