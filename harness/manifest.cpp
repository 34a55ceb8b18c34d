#include "manifest.hpp"

#include <algorithm>
#include <filesystem>

#include "errors.hpp"

namespace clconform {
namespace fs = std::filesystem;
namespace {

std::vector<std::string> strings(const json::Value& v) {
  std::vector<std::string> out;
  if (v.is_null()) return out;
  for (const auto& s : v.as_array()) out.push_back(s.as_string());
  return out;
}

}  // namespace

TypeDesc TypeDesc::from_json(const json::Value& v) {
  TypeDesc t;
  t.name = v.at("name").as_string();
  t.elem = v.at("elem").as_string();
  const std::string& kind = v.at("kind").as_string();
  if (kind == "int") t.kind = Kind::Int;
  else if (kind == "uint") t.kind = Kind::Uint;
  else if (kind == "float") t.kind = Kind::Float;
  else throw json::ParseError("unknown type kind '" + kind + "'");
  t.elem_size = unsigned(v.at("elem_size").as_uint());
  t.n = unsigned(v.at("n").as_uint());
  if (t.elem_size == 0 || t.elem_size > 8 || t.n == 0 || t.n > 16)
    throw json::ParseError("type " + t.name + " has an impossible size");
  return t;
}

std::vector<std::string> available_suites(const std::string& data_dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(data_dir, ec)) {
    if (e.is_directory() && fs::exists(e.path() / "manifest.json")) out.push_back(e.path().filename().string());
  }
  if (ec) throw SetupError("cannot read the manifest folder " + data_dir + ": " + ec.message());
  std::sort(out.begin(), out.end());
  return out;
}

Suite load_suite(const std::string& data_dir, const std::string& name) {
  Suite s;
  s.dir = data_dir + "/" + name;
  std::string path = s.dir + "/manifest.json";
  if (!fs::exists(path)) {
    throw SetupError("unknown suite '" + name + "' (no " + path + "); 'clconform list' shows the suites");
  }
  try {
    json::Value m = json::parse_file(path);
    if (m.at("format").as_int() != 1) throw json::ParseError("unsupported manifest format");
    s.name = m.at("suite").as_string();
    s.spec = m.get("spec").is_string() ? m.get("spec").as_string() : "";
    for (const auto& [id, p] : m.at("programs").as_object()) {
      s.programs[id] = {id, p.at("file").as_string(), strings(p.get("requires")),
                        p.get("cl_std").is_string() ? p.get("cl_std").as_string() : ""};
    }
    for (const auto& c : m.at("cases").as_array()) {
      Case k;
      k.id = c.at("id").as_string();
      k.suite = s.name;
      k.program = c.at("program").as_string();
      k.kernel = c.at("kernel").as_string();
      k.check = c.at("check").as_string();
      k.group = c.at("group").as_string();
      k.labels = strings(c.get("labels"));
      k.requires = strings(c.get("requires"));
      k.expect_build_failure = c.at("expect").as_string() == "build_failure";
      k.params = c.get("params");
      if (!s.programs.count(k.program)) throw json::ParseError("case " + k.id + " names unknown program " + k.program);
      s.cases.push_back(std::move(k));
    }
    for (const auto& [g, n] : m.get("groups").is_object() ? m.get("groups").as_object() : json::Value::Object{}) {
      s.groups[g] = n.as_uint();
    }
  } catch (const json::ParseError& e) {
    throw SetupError("unreadable manifest " + path + ": " + e.what());
  }
  return s;
}

}  // namespace clconform
