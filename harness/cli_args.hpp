// A small argument reader for the CLI: options of the form --name VALUE or
// --name=VALUE, flags, and positional words. Unknown options are errors.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clconform {

class CliArgs {
 public:
  // VALUED and FLAGS name the options this subcommand takes (without "--").
  CliArgs(const std::vector<std::string>& args, const std::set<std::string>& valued,
          const std::set<std::string>& flags);  // throws SetupError

  bool has(const std::string& name) const { return values_.count(name) || flags_.count(name); }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
  std::vector<std::string> positional_;
};

}  // namespace clconform
