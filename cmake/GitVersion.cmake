# Writes OUT with the version a run records: git describe of the source tree
# at build time (dirty when the tree has uncommitted changes), else FALLBACK.
# Run by the harness's clconform_version target on every build; the file is
# rewritten only when the version changes, so an unchanged tree rebuilds
# nothing.
execute_process(COMMAND git describe --always --dirty --tags
  WORKING_DIRECTORY "${SRC}" OUTPUT_VARIABLE version
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT version)
  set(version "${FALLBACK}")
endif()
set(content "#define CLCONFORM_VERSION \"${version}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUT}" "${content}")
endif()
