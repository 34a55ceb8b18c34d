#!/bin/bash
# Device call 11: where fp64 sin's process time goes (diag: div with timestamps on stderr, a
# temporary patch not in the tree), the host's verification alone (verify_bench, 16 threads) for
# avx and div, and fp64 sin with div against avx. div is the pipelined engine with pass_lanes'
# divisions by 1/2 or 1 made multiplications. The binaries travelled as bins.tar.xz.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp && B=/tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
for i in 1 2; do
  echo "== diag fp64 sin $i" >> $log
  start=$(date +%s.%N)
  $B/diag/harness/clconform run --suite math --filter math.fp64.sin --device NVIDIA --mode full --timeout 0 --no-report \
    --out $R/diag$i --known-failures suites 2>&1 | grep DIAG >> $log
  end=$(date +%s.%N)
  echo "process wall $(python3 -c "print(round($end - $start, 3))") s" >> $log
done
for run in avx div avx div; do
  echo "== verify_bench fp64.sin $run" >> $log
  $B/$run/bench/verify_bench --function fp64.sin --widths 1,2,3,4,8,16 --inputs 16777216 --threads 16 --same-widths --repeats 3 2>&1 | grep "ns per" >> $log
done
for run in avx1 div1 avx2 div2; do
  echo "== fp64 sin $run" >> $log
  OUT_DIR=$R/fp64-$run sh bench/math_fp64_sweep.sh NVIDIA $B/${run%[0-9]} sin --known-failures suites >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
