#include "repro.hpp"

namespace clconform {

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-:/=,") ==
                        std::string::npos) {
    return s;
  }
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string repro_command(const RunOptions& opts, const std::string& suite, const std::string& case_id,
                          const std::string& device_selector, std::optional<uint64_t> index) {
  std::string cmd = "clconform run --suite " + shell_quote(suite) + " --filter " + shell_quote(case_id) +
                    " --device " + shell_quote(device_selector) + " --mode " + opts.mode +
                    " --seed " + std::to_string(opts.seed);
  if (!opts.build_options.empty()) cmd += " --build-options " + shell_quote(opts.build_options);
  if (index) {
    cmd += " --index " + std::to_string(*index);
  } else if (opts.shards > 1) {
    cmd += " --shard " + std::to_string(opts.shard) + "/" + std::to_string(opts.shards);
  }
  return cmd;
}

}  // namespace clconform
