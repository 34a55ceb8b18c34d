#!/usr/bin/env bash
# Makes DIR an OpenCL ICD vendors folder holding every registered ICD
# (/etc/OpenCL/vendors, or $OCL_ICD_VENDORS when that is a folder) and
# Oclgrind's when it is installed, so that `OCL_ICD_VENDORS=DIR` shows PoCL
# and Oclgrind as two devices without changing the system's registry. (The
# ICD loader lists Oclgrind first whatever the file names; registering it
# for good would make it the default device of every run.)
#   scripts/opencl-vendors.sh DIR      prints the number of ICDs in DIR
set -euo pipefail
dir=${1:?usage: opencl-vendors.sh DIR}
src=/etc/OpenCL/vendors
[ -d "${OCL_ICD_VENDORS:-}" ] && src=$OCL_ICD_VENDORS
mkdir -p "$dir"
rm -f "$dir"/*.icd
n=0
for f in "$src"/*.icd; do
  [ -e "$f" ] || continue
  grep -q oclgrind "$f" && continue
  cp "$f" "$dir/0-$(basename "$f")"
  n=$((n + 1))
done
oclgrind=/usr/lib/oclgrind/liboclgrind-rt-icd.so
if [ -e "$oclgrind" ]; then
  echo "$oclgrind" > "$dir/9-oclgrind.icd"
  n=$((n + 1))
fi
echo "$n"
