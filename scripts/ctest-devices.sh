#!/usr/bin/env bash
# Runs CTest tests on every OpenCL device at once, one test per device at a
# time: writes a CTest resource-spec file from `clconform devices
# --resource-spec` (one "opencl" resource per device) and runs
# `ctest --resource-spec-file` with as many jobs as devices. The suite tests
# declare RESOURCE_GROUPS opencl:1, and clconform takes the device CTest
# allocated from CTEST_RESOURCE_GROUP_0_OPENCL.
#   scripts/ctest-devices.sh [BUILD_DIR] [ctest options, e.g. -L quick]
# With CLCONFORM_WITH_OCLGRIND=1 Oclgrind counts as one more device
# (scripts/opencl-vendors.sh).
set -euo pipefail
build=${1:-build}
shift || true
build=$(cd "$build" && pwd)
if [ "${CLCONFORM_WITH_OCLGRIND:-0}" = 1 ]; then
  export OCL_ICD_VENDORS=$build/opencl-vendors
  "$(dirname "$0")/opencl-vendors.sh" "$OCL_ICD_VENDORS" > /dev/null
fi
spec=$build/opencl-resources.json
"$build/harness/clconform" devices --resource-spec > "$spec"
devices=$(grep -c '"id"' "$spec")
echo "ctest-devices: $devices device(s), resource spec $spec"
cd "$build"
ctest -j"$devices" --resource-spec-file "$spec" --output-on-failure "$@"
