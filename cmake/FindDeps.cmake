# OpenCL-CLHPP (header only) and MPFR/GMP, which CMake has no modules for.
find_path(CLHPP_INCLUDE_DIR CL/opencl.hpp REQUIRED)
add_library(clconform_clhpp INTERFACE)
target_include_directories(clconform_clhpp INTERFACE ${CLHPP_INCLUDE_DIR})
# 1.2 is the newest API every device at hand (PoCL, Oclgrind, NVIDIA) offers in
# full; newer queries go through the C API where a device reports support.
target_compile_definitions(clconform_clhpp INTERFACE
  CL_HPP_TARGET_OPENCL_VERSION=120 CL_HPP_MINIMUM_OPENCL_VERSION=120
  CL_TARGET_OPENCL_VERSION=300 CL_HPP_ENABLE_EXCEPTIONS)
target_link_libraries(clconform_clhpp INTERFACE OpenCL::OpenCL)

find_path(MPFR_INCLUDE_DIR mpfr.h REQUIRED)
if(CLCONFORM_STATIC_MPFR)
  find_library(MPFR_LIBRARY NAMES libmpfr.a REQUIRED)
  find_library(GMP_LIBRARY NAMES libgmp.a REQUIRED)
else()
  find_library(MPFR_LIBRARY NAMES mpfr REQUIRED)
  find_library(GMP_LIBRARY NAMES gmp REQUIRED)
endif()
add_library(clconform_mpfr INTERFACE)
target_include_directories(clconform_mpfr INTERFACE ${MPFR_INCLUDE_DIR})
target_link_libraries(clconform_mpfr INTERFACE ${MPFR_LIBRARY} ${GMP_LIBRARY})
