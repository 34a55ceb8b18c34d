# Intel's oneAPI OpenCL runtime for CPUs, installed from PyPI by
# scripts/install-intel-opencl.sh: the device here with cl_khr_fp16 and every
# OpenCL C 3.0 feature. Where its ICD folder exists, CLCONFORM_HAVE_INTEL is
# ON and intel_icd_dir is the folder to give the loader as OCL_ICD_VENDORS
# (the runtime alone); the suites and the reproducers then add tests for it.
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
else()
  message(STATUS "Intel OpenCL CPU runtime: not installed (scripts/install-intel-opencl.sh); no intel tests")
  set(CLCONFORM_HAVE_INTEL OFF)
endif()
