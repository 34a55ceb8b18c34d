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
# PoCL picks its kernel library by the host's instruction set. On an AVX-512
# host its double fmod, remainder and remquo at widths 8 and 16 spend over
# three minutes each on the quick inputs (docs/device-runs/pocl3-avx512/),
# so CI takes its AVX2 library wherever the host has AVX2: CI's time and
# PoCL's verdicts then do not depend on the host it lands on.
if grep -qw avx2 /proc/cpuinfo; then export POCL_KERNELLIB_NAME=avx2; fi
(
  cd "${BUILD_DIR:-build}"
  # Exhaustive sweeps (label "exhaustive") take hours on a CPU device: run them
  # on purpose with `ctest -L exhaustive`, never in CI. The fuzz targets are
  # not in this build.
  # Label "slow": the build-option runs (options.*, 14 of them: about 7
  # minutes each on PoCL with a cold kernel cache, 2 on the Intel runtime),
  # which CI's time cannot hold. Run them all with `ctest -L options`.
  ctest --output-on-failure -j"$(nproc)" -LE 'exhaustive|selftest|slow|intel' --output-junit ctest-junit.xml
  # Intel's CPU runtime (label "intel", where it is installed) on its own:
  # its threads take every core, and beside PoCL's tests both crawl.
  ctest --output-on-failure -j"$(nproc)" -L intel -LE 'exhaustive|slow' --output-junit ctest-intel-junit.xml \
    --no-tests=ignore
  # The fault-injection self-test, alone, so its mutation score is printed.
  status=0
  ctest -L selftest -V --output-junit ctest-selftest-junit.xml > selftest.log 2>&1 || status=$?
  grep -E 'mutation score|^[0-9]+: +[a-z]+ +[0-9]+/[0-9]+|^[0-9]+: +total|ESCAPED|ERROR|tests passed|tests failed' selftest.log
  [ "$status" -eq 0 ] || { echo "selftest failed (build/selftest.log)"; exit "$status"; }
)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake --preset asan "${launcher[@]}" >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan-unit -j"$(nproc)" --output-junit ctest-asan-junit.xml
# Each target runs for a fixed time on one core: one per core.
ctest --preset asan-fuzz -j"$(nproc)" --output-junit ctest-fuzz-junit.xml
