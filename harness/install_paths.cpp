#include "install_paths.hpp"

#include <cstdlib>
#include <filesystem>

namespace clconform {

namespace fs = std::filesystem;

std::string own_folder() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  return exe.parent_path().string();
}

std::string installed_share() {
  const std::string bin = own_folder();
  if (bin.empty() || fs::path(bin).filename() != "bin") return "";
  fs::path share = fs::path(bin).parent_path() / "share" / "clconform";
  std::error_code ec;
  return fs::is_directory(share / "kernels", ec) ? share.string() : "";
}

std::string default_data_dir(const std::string& build_default) {
  if (const char* env = std::getenv("CLCONFORM_DATA")) return env;
  const std::string share = installed_share();
  return share.empty() ? build_default : share + "/kernels";
}

std::string default_known_failures(const std::string& build_default) {
  const std::string share = installed_share();
  if (share.empty()) return build_default;
  std::error_code ec;
  if (fs::is_directory(share + "/known_failures", ec)) return share + "/known_failures";
  // Installed without any list: judge every case as it is.
  return "";
}

std::string default_baselines(const std::string& build_default) {
  const std::string share = installed_share();
  return share.empty() ? build_default : share + "/baselines";
}

}  // namespace clconform
