// Where clconform finds its data: the generated kernels and manifests, the
// known-failures lists and the baselines. An installed clconform (see
// docs/install.md) finds them in PREFIX/share/clconform/, PREFIX being the
// folder above the one that holds the binary, so an installed tree may be
// moved as a whole; a binary in the build tree uses the build and source
// folders named at configure time.
#pragma once

#include <string>

namespace clconform {

// The folder that holds the running binary (from /proc/self/exe), or "".
std::string own_folder();

// PREFIX/share/clconform when the binary lies in PREFIX/bin and that folder
// holds the kernels, else "" (a binary in the build tree).
std::string installed_share();

// The generated kernels and manifests: $CLCONFORM_DATA if set, else
// PREFIX/share/clconform/kernels, else BUILD_DEFAULT.
std::string default_data_dir(const std::string& build_default);

// The known-failures lists: PREFIX/share/clconform/known_failures (a folder
// of <suite>/known_failures.json) or PREFIX/share/clconform/known_failures.json
// when installed, else BUILD_DEFAULT.
std::string default_known_failures(const std::string& build_default);

// The baselines: PREFIX/share/clconform/baselines when installed, else
// BUILD_DEFAULT.
std::string default_baselines(const std::string& build_default);

}  // namespace clconform
