#!/bin/bash
# Device call 21: a924158 (head) against the same with each chunk's
# results handed back in parts (parts; CLCONFORM_SWEEP_PART sets the lanes
# per part, 2^20 by default), in turn on one host: fp64 sin, float sin and
# asinh at parts of 2^20, 2^19 and 2^18 lanes, then the benchmark
# conversions and the half stores. "cold" and "coldc" compile the kernels and are left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
run() {  # NAME BUILD PART WHAT
  echo "== $1 build $2 part $3" >> $log
  export CLCONFORM_SWEEP_PART=$3
  case $4 in
    math)
      OUT_DIR=$R/$1 sh bench/math_fp64_sweep.sh NVIDIA /tmp/$2 sin --known-failures suites >> $log 2>&1
      SWEEP_KEEP=$R/$1/float bash bench/math_sweep.sh NVIDIA /tmp/$2 sin,asinh --known-failures suites >> $log 2>&1;;
    other)
      SWEEP_KEEP=$R/$1/conv bash bench/conversions_sweep.sh NVIDIA /tmp/$2 --known-failures suites >> $log 2>&1
      SWEEP_KEEP=$R/$1/half bash bench/half_sweep.sh NVIDIA /tmp/$2 --known-failures suites >> $log 2>&1;;
  esac
}
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/parts sin --known-failures suites > /dev/null 2>&1
for round in a b; do
  run head$round head 0 math
  run p20$round parts 1048576 math
  run p19$round parts 524288 math
  run p18$round parts 262144 math
done
run coldc parts 1048576 other
run headc head 0 other
run p20c parts 1048576 other
cat $log
tar czf $OUT/r.tgz -C /tmp r
