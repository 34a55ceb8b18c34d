# Sourced by the sweep scripts: sets $out, the folder a run writes its
# results into. SWEEP_KEEP=DIR keeps them there; else a temporary folder,
# removed when the script ends.
if [ -n "${SWEEP_KEEP:-}" ]; then
  out=$SWEEP_KEEP
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
