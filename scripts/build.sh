#!/usr/bin/env bash
# Configures and builds clconform into ${BUILD_DIR:-build}. Extra arguments go
# to CMake's configure step (for example -DCLCONFORM_DEVICE=oclgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
generator=()
[ -f "$build/CMakeCache.txt" ] || { command -v ninja >/dev/null && generator=(-G Ninja); }
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"
