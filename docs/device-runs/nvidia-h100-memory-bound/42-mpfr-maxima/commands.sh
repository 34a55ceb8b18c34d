#!/bin/bash
# Device call 42: c8b9374 (base: float maxima from the fast tier's
# estimates) against 39917f7 (new: MPFR's error wherever an estimate could
# set a maximum), in turn on one host, twice each: four float built-ins
# swept; records may differ only in maxima. "cold" compiles the kernels
# and is left out. (Call 41 ran 8f69a40, which also took MPFR's error for
# every estimate near a bin edge; it ran past the 600 s limit and
# returned nothing: see the README row.)
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=$OUT/r; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
F=sin,exp,tgamma,lgamma
SWEEP_KEEP=/tmp/cold timeout 200 bash bench/math_sweep.sh NVIDIA /tmp/new $F --known-failures suites > /dev/null 2>&1
for run in a b; do
  for build in base new; do
    echo "== $run $build" >> $log
    SWEEP_KEEP=/tmp/$run-$build timeout 150 bash bench/math_sweep.sh NVIDIA /tmp/$build $F --known-failures suites >> $log 2>&1
    cp /tmp/$run-$build/results.jsonl $R/$run-$build.jsonl
  done
done
cat $log
