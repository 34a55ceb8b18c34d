# Intel's oneAPI OpenCL runtime for CPUs, installed from PyPI by
# scripts/install-intel-opencl.sh: the device here with cl_khr_fp16 and every
# OpenCL C 3.0 feature. Where its ICD folder exists, CLCONFORM_HAVE_INTEL is
# ON and intel_environment is what its CTest tests run with: OCL_ICD_VENDORS
# naming its ICD folder (the runtime alone), and the code path pinned to
# AVX2. The runtime picks its compiled built-ins (libocl_svml_*) by the host's
# instruction set; on an AVX-512 host its results differ by fractions of an
# ulp, and some defects it has on AVX2 are absent
# (docs/device-runs/intel-cpu-2026.2-avx512/), so the reviewed baseline, the
# known failures and the reproducers hold for one code path, the AVX2 one,
# where the host has AVX2 (every CI host here has).
# The default is where the script installs: $CLCONFORM_INTEL_OPENCL, as it
# reads it, or .deps/intel-opencl in the checkout.
if(DEFINED ENV{CLCONFORM_INTEL_OPENCL})
  set(intel_default "$ENV{CLCONFORM_INTEL_OPENCL}")
else()
  set(intel_default "${PROJECT_SOURCE_DIR}/.deps/intel-opencl")
endif()
set(CLCONFORM_INTEL_OPENCL "${intel_default}" CACHE PATH
    "Where scripts/install-intel-opencl.sh installed Intel's OpenCL CPU runtime")
set(intel_icd_dir "${CLCONFORM_INTEL_OPENCL}/icd")
if(EXISTS "${intel_icd_dir}/intel-cpu.icd")
  message(STATUS "Intel OpenCL CPU runtime: ${CLCONFORM_INTEL_OPENCL} (CTest label intel)")
  set(CLCONFORM_HAVE_INTEL ON)
  set(intel_environment "OCL_ICD_VENDORS=${intel_icd_dir}")
  file(READ /proc/cpuinfo cpuinfo LIMIT 8192)
  if(cpuinfo MATCHES " avx2 ")
    list(APPEND intel_environment "CL_CONFIG_CPU_TARGET_ARCH=core-avx2")
  endif()
else()
  message(STATUS "Intel OpenCL CPU runtime: not installed (scripts/install-intel-opencl.sh); no intel tests")
  set(CLCONFORM_HAVE_INTEL OFF)
endif()
