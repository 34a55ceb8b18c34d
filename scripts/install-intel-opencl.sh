#!/usr/bin/env bash
# Installs Intel's oneAPI OpenCL runtime for CPUs (PyPI, pinned versions) into
# a project-local Python environment, and writes two ICD folders for the
# loader's OCL_ICD_VENDORS, leaving /etc/OpenCL/vendors alone:
#   DIR/icd/      the Intel runtime alone (the CTest "intel" tests use it)
#   DIR/vendors/  every ICD registered on the system, and the Intel runtime
# DIR is $CLCONFORM_INTEL_OPENCL, or .deps/intel-opencl in the checkout.
# It is the only device here with cl_khr_fp16 and every OpenCL C 3.0 feature.
# A machine without it still builds, tests and runs: CMake registers the
# intel tests only where DIR/icd exists. CLCONFORM_NO_INTEL=1 skips this.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${CLCONFORM_NO_INTEL:-0}" = 1 ] && { echo "install-intel-opencl: skipped (CLCONFORM_NO_INTEL=1)"; exit 0; }
dir=${CLCONFORM_INTEL_OPENCL:-$PWD/.deps/intel-opencl}
versions=(intel-opencl-rt==2026.2.0 intel-cmplr-lib-rt==2026.2.0 intel-cmplr-lic-rt==2026.2.0 tbb==2023.2.0 tcmlib==1.6.0)
stamp="$dir/installed-versions"

if [ ! -e "$dir/lib/libintelocl.so" ] || [ "$(cat "$stamp" 2>/dev/null)" != "${versions[*]}" ]; then
  # Only a folder this script made (it leaves a marker) or an empty one is
  # replaced: CLCONFORM_INTEL_OPENCL may name any folder.
  if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ] && ! [ -e "$dir/.clconform-intel-opencl" ]; then
    echo "install-intel-opencl: $dir exists and is not an installation of this script; name another folder" >&2
    exit 2
  fi
  echo "install-intel-opencl: installing ${versions[*]} into $dir"
  rm -rf "$dir"
  /usr/bin/python3 -m venv "$dir"
  touch "$dir/.clconform-intel-opencl"
  "$dir/bin/pip" install -q --disable-pip-version-check "${versions[@]}"
  echo "${versions[*]}" > "$stamp"
fi

# The runtime finds its own libraries (libsvml, libtbb, ...) through its
# RUNPATH, so the ICD file needs only the library's absolute path.
lib=$(readlink -f "$dir/lib/libintelocl.so")
mkdir -p "$dir/icd" "$dir/vendors"
echo "$lib" > "$dir/icd/intel-cpu.icd"
rm -f "$dir/vendors"/*.icd
for f in /etc/OpenCL/vendors/*.icd; do
  [ -e "$f" ] && cp "$f" "$dir/vendors/"
done
cp "$dir/icd/intel-cpu.icd" "$dir/vendors/"
echo "install-intel-opencl: OCL_ICD_VENDORS=$dir/vendors shows it beside the system's devices"
