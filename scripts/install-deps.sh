#!/usr/bin/env bash
# Installs what clconform needs to build and run on Debian or Ubuntu, and
# only what is missing. Runs apt-get as root (through sudo when not root).
set -euo pipefail

packages=(
  g++ cmake ninja-build python3 python3-venv git    # toolchain; venv for the Intel runtime
  ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers  # ICD loader, C and C++ headers
  pocl-opencl-icd                                   # the default device: PoCL on the CPU
  libmpfr-dev libgmp-dev                            # the reference
  nlohmann-json3-dev                                # JSON reading and writing
  libgtest-dev python3-jsonschema                   # unit tests; schema check of the known-failures lists
  chromium libxml2-utils libxml2-dev                # report tests: headless browser, XSD validation, XML reading
  clang libclang-rt-dev                             # sanitizer build and libFuzzer targets (CMakePresets.json)
  oclgrind                                          # a second device for the several-device tests
  slurmctld slurmd slurm-client munge               # the Slurm campaign test (a one-node cluster on loopback)
)
# Optional extras: `CLCONFORM_EXTRA_PACKAGES='pkg ...' scripts/install-deps.sh`.
read -r -a extra <<< "${CLCONFORM_EXTRA_PACKAGES:-}"
packages+=("${extra[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every Debian package is installed"
else
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "install-deps: installing ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The fp16 and OpenCL C 3.0 device, from PyPI into .deps/ (not apt).
"$(dirname "$0")/install-intel-opencl.sh"
