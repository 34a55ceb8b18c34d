#!/bin/bash
# Device call 20, a924158: is a sweep's verification bound by the host's
# computing or by its memory? verify_bench on 16 threads (results in
# ordinary memory, no device) beside the sweeps of the same functions, and
# the sweeps at 2^22 (default), 2^20 and 2^18 lanes a chunk.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp && B=/tmp/head
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
vb() { echo "== verify_bench $*" >> $log; $B/bench/verify_bench --widths 1,2,3,4,8,16 --threads 16 --repeats 3 "$@" 2>&1 | grep -E "ns per|values" >> $log; }
vb --function fp64.sin --inputs 16777216 --same-widths
vb --function fp64.sin --inputs 16777216
vb --function sin --inputs 67108864 --same-widths
vb --function asinh --inputs 67108864 --same-widths
vb --function lgamma --inputs 67108864 --same-widths
sw() {  # NAME CHUNK FUNCTION-KIND
  echo "== $1 chunk $2" >> $log
  if [ "$3" = fp64 ]; then
    CLCONFORM_SWEEP_CHUNK=$2 OUT_DIR=$R/$1 sh bench/math_fp64_sweep.sh NVIDIA $B sin --known-failures suites >> $log 2>&1
  else
    CLCONFORM_SWEEP_CHUNK=$2 SWEEP_KEEP=$R/$1 bash bench/math_sweep.sh NVIDIA $B $3 --known-failures suites >> $log 2>&1
  fi
}
sw cold 4194304 sin
sw d22a 4194304 fp64; sw d20a 1048576 fp64; sw d18a 262144 fp64
sw d22b 4194304 fp64; sw d20b 1048576 fp64; sw d18b 262144 fp64
sw f22a 4194304 sin,asinh; sw f20a 1048576 sin,asinh; sw f18a 262144 sin,asinh
echo "== sweep_bench" >> $log
$B/bench/sweep_bench --device NVIDIA >> $log 2>&1
$B/bench/sweep_bench --device NVIDIA --chunk 1048576 >> $log 2>&1
$B/bench/sweep_bench --device NVIDIA --chunk 262144 >> $log 2>&1
cat $log
tar czf $OUT/r.tgz -C /tmp r
