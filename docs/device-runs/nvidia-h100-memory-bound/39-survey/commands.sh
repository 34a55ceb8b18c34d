#!/bin/bash
# Device call 39: every one-argument float math built-in's full sweep
# (2^32 floats x 6 widths) with 5985cbf (new, as call 37: tgamma's block
# from Stirling's formula, prepare_block's look for points the batch left
# four errors at a time), once each, on the NVIDIA driver, as call 35
# did. "cold" compiles the kernels and is left out.
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export CLCONFORM_DATA=build-carry/kernels
tar xJf build-carry/bins.tar.xz -C /tmp
R=/tmp/r; rm -rf $R; mkdir -p $R
( lscpu; nvidia-smi; free -g ) > $R/host.txt 2>&1
log=$R/log.txt
SWEEP_KEEP=$R/cold bash bench/math_sweep.sh NVIDIA /tmp/new sin --known-failures suites > /dev/null 2>&1
g1=acos,acospi,asin,asinpi,atan,atanpi,cos,cospi,sin,sinpi,tan,tanpi,acosh,asinh,atanh,cosh,sinh,tanh
g2=exp,exp2,exp10,expm1,log,log2,log10,log1p,logb,ilogb,cbrt,sqrt,rsqrt,recip,erf,erfc,lgamma,tgamma
g3=ceil,floor,rint,round,trunc,fabs,sincos,fract,modf,frexp,lgamma_r
g4=half_cos,half_exp,half_exp2,half_exp10,half_log,half_log2,half_log10,half_recip,half_rsqrt,half_sin,half_sqrt,half_tan
for g in g1 g2 g3 g4; do
  echo "== $g" >> $log
  SWEEP_KEEP=$R/$g bash bench/math_sweep.sh NVIDIA /tmp/new ${!g} --known-failures suites --timeout 120 >> $log 2>&1
done
cat $log
tar czf $OUT/r.tgz -C /tmp r
