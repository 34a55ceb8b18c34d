#!/usr/bin/env bash
# The project's own tests: install what is missing, build, and run every
# CTest test (unit tests, and each suite on the default device); then build
# the unit tests and the fuzz targets with AddressSanitizer and
# UndefinedBehaviorSanitizer (CMakePresets.json, preset "asan") and run both,
# so a memory error in reference/, harness/ or reports/ fails.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
(
  cd "${BUILD_DIR:-build}"
  # Exhaustive sweeps (label "exhaustive") take hours on a CPU device: run them
  # on purpose with `ctest -L exhaustive`, never in CI. The fuzz targets are
  # not in this build.
  ctest --output-on-failure -j"$(nproc)" -LE exhaustive --output-junit ctest-junit.xml
)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake --preset asan "${launcher[@]}" >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan-unit -j"$(nproc)" --output-junit ctest-asan-junit.xml
# One target at a time (each uses a core fully): about a minute in all.
ctest --preset asan-fuzz --output-junit ctest-fuzz-junit.xml
