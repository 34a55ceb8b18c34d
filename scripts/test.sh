#!/usr/bin/env bash
# The project's own tests: install what is missing, build, and run every
# CTest test (unit tests, and each suite on the default device).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cd "${BUILD_DIR:-build}"
# Exhaustive sweeps (label "exhaustive") take hours on a CPU device: run them
# on purpose with `ctest -L exhaustive`, never in CI.
ctest --output-on-failure -j"$(nproc)" -LE exhaustive --output-junit ctest-junit.xml
