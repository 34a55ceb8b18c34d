#include "known_failures.hpp"

#include "errors.hpp"
#include "glob.hpp"

namespace clconform {

KnownFailures KnownFailures::load(const std::string& path) {
  KnownFailures k;
  if (path.empty()) return k;
  try {
    json::Value doc = json::parse_file(path);
    for (const auto& e : doc.at("entries").as_array()) {
      KnownFailure f;
      f.device = e.at("device").as_string();
      f.driver = e.get("driver").is_string() ? e.get("driver").as_string() : "*";
      f.case_pattern = e.at("case").as_string();
      // A defect may show only under some options (-cl-denorms-are-zero).
      f.build_options = e.get("build_options").is_string() ? e.get("build_options").as_string() : "*";
      f.reason = e.at("reason").as_string();
      f.evidence = e.at("evidence");
      k.entries_.push_back(std::move(f));
    }
  } catch (const json::ParseError& e) {
    throw SetupError(std::string("unreadable known-failures file: ") + e.what());
  }
  return k;
}

const KnownFailure* KnownFailures::match(const std::string& device, const std::string& driver,
                                         const std::string& case_id, const std::string& build_options) const {
  for (const auto& e : entries_) {
    if (glob_match(e.device, device) && glob_match(e.driver, driver) && glob_match(e.case_pattern, case_id) &&
        glob_match(e.build_options, build_options))
      return &e;
  }
  return nullptr;
}

void KnownFailures::apply(json::Value& record, const std::string& device, const std::string& driver) const {
  const std::string status = record.at("status").as_string();
  if (status != "fail" && status != "pass") return;
  const json::Value& options = record.get("build_options");
  const KnownFailure* k =
      match(device, driver, record.at("case").as_string(), options.is_string() ? options.as_string() : "");
  if (!k) return;
  record["status"] = status == "fail" ? "known_fail" : "xpass";
  json::Value note = json::Value::object();
  note["reason"] = k->reason;
  note["entry"] = k->device + " / " + k->driver + " / " + k->case_pattern +
                  (k->build_options == "*" ? "" : " / options " + k->build_options);
  note["evidence"] = k->evidence;
  record["known_failure"] = note;
}

}  // namespace clconform
