# `cmake --install build --prefix P` and the Debian package (cpack -G DEB).
# The layout, which harness/install_paths.cpp finds relative to the binary so
# that an installed tree may be moved:
#   P/bin/clconform
#   P/share/clconform/kernels/<suite>/...            generated kernels and manifests
#   P/share/clconform/known_failures/<suite>/known_failures.json
#   P/share/clconform/baselines/*.json               when suites/baselines/ has any
#   P/share/clconform/slurm/                         the Slurm campaign scripts
#   P/share/clconform/generators/{fuzz,clgen}/       the fuzz generator `clconform fuzz` runs
#   P/share/doc/clconform/README.md
include(GNUInstallDirs)

install(TARGETS clconform RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CLCONFORM_DATA_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/clconform/kernels)

# One known-failures list per suite (a suite may have none).
file(GLOB known_lists CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}/suites
  ${PROJECT_SOURCE_DIR}/suites/*/known_failures.json)
foreach(f ${known_lists})
  get_filename_component(suite ${f} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/suites/${f} DESTINATION ${CMAKE_INSTALL_DATADIR}/clconform/known_failures/${suite})
endforeach()

file(GLOB baselines CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/suites/baselines/*.json)
if(baselines)
  install(FILES ${baselines} DESTINATION ${CMAKE_INSTALL_DATADIR}/clconform/baselines)
endif()

install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/slurm/campaign.sh ${PROJECT_SOURCE_DIR}/scripts/slurm/shard.sbatch
  ${PROJECT_SOURCE_DIR}/scripts/slurm/merge.sbatch DESTINATION ${CMAKE_INSTALL_DATADIR}/clconform/slurm)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# `clconform fuzz` starts generators/fuzz/fuzz.py, which reads clgen's tables.
foreach(dir fuzz clgen)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/generators/${dir} DESTINATION ${CMAKE_INSTALL_DATADIR}/clconform/generators
          FILES_MATCHING PATTERN "*.py" PATTERN "test_*" EXCLUDE PATTERN "__pycache__" EXCLUDE)
endforeach()

# The Debian package. It needs an OpenCL ICD loader and MPFR/GMP at run time
# (Debian 12 and Ubuntu 24.04 names) and Python 3 for `clconform fuzz`, and
# recommends PoCL as a device.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME clconform)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "clconform maintainers <clconform@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "OpenCL C conformance and numerical-compliance suite")
set(CPACK_PACKAGE_DESCRIPTION
  "Runs generated OpenCL C kernels on any OpenCL device through the ICD loader, computes every expected result on the host (exactly, or with MPFR), and reports where the device departs from the OpenCL C specification.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libstdc++6, libgcc-s1, ocl-icd-libopencl1 | libopencl1, libmpfr6, libgmp10, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
