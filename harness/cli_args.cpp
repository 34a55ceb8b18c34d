#include "cli_args.hpp"

#include "errors.hpp"

namespace clconform {

CliArgs::CliArgs(const std::vector<std::string>& args, const std::set<std::string>& valued,
                 const std::set<std::string>& flags) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0 || a == "--") {
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2), value;
    bool inline_value = false;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    if (flags.count(name)) {
      if (inline_value) throw SetupError("option --" + name + " takes no value");
      flags_.insert(name);
    } else if (valued.count(name)) {
      if (!inline_value) {
        if (i + 1 >= args.size()) throw SetupError("option --" + name + " needs a value");
        value = args[++i];
      }
      values_[name] = value;
    } else {
      throw SetupError("unknown option --" + name + " (see --help)");
    }
  }
}

std::string CliArgs::get(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

}  // namespace clconform
