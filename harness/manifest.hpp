// The case manifests written by generators/ (format 1, see
// generators/clgen/manifest.py): what exists, which kernel runs each case,
// and what the check needs to compute the reference on the host.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

// An OpenCL C scalar or vector type as the type model describes it.
struct TypeDesc {
  enum class Kind { Int, Uint, Float };
  std::string name, elem;
  Kind kind = Kind::Int;
  unsigned elem_size = 0;  // bytes
  unsigned n = 1;          // components; 1 for a scalar

  unsigned storage_n() const { return n == 3 ? 4 : n; }  // 3-vectors occupy 4 (6.3.5)
  // The element's format letter for WrongBits (case_result.hpp): 'h', 'f',
  // 'd' for floats, 'i' signed and 'u' unsigned integers.
  char bits_format() const {
    return kind == Kind::Float ? (elem_size == 2 ? 'h' : elem_size == 8 ? 'd' : 'f') : kind == Kind::Int ? 'i' : 'u';
  }
  size_t size() const { return size_t(elem_size) * storage_n(); }
  static TypeDesc from_json(const json::Value& v);
};

struct ProgramDesc {
  std::string id, file;
  std::vector<std::string> requires;
  // "2.0": build with the newest OpenCL C >= 2.0 the device accepts
  // (-cl-std=CL2.0 or CL3.0); "" builds with the device's default, OpenCL C 1.x.
  std::string cl_std;
};

struct Case {
  std::string id, suite, program, kernel, check, group;
  std::vector<std::string> labels, requires;
  bool expect_build_failure = false;
  json::Value params;
};

struct Suite {
  std::string name, spec, dir;  // dir holds manifest.json and the kernels
  std::map<std::string, ProgramDesc> programs;
  std::vector<Case> cases;
  std::map<std::string, size_t> groups;  // group -> case count, as generated

  const ProgramDesc& program_of(const Case& c) const { return programs.at(c.program); }
  // The program the case runs in the mode: in full mode, a case whose
  // params name a "full" variant ({"full": {"program": P, ...}}, the
  // vectors suite's larger kernels) runs P's; nullptr where P is no program
  // of the suite.
  const ProgramDesc* program_in_mode(const Case& c, bool full) const {
    if (!full || !c.params.is_object() || !c.params.has("full") || !c.params.at("full").has("program"))
      return &program_of(c);
    auto it = programs.find(c.params.at("full").at("program").as_string());
    return it == programs.end() ? nullptr : &it->second;
  }
  // The case of id ID, or nullptr.
  const Case* find_case(const std::string& id) const {
    for (const Case& c : cases)
      if (c.id == id) return &c;
    return nullptr;
  }
  std::string source_path(const ProgramDesc& p) const { return dir + "/" + p.file; }
};

// Suites present in DATA_DIR (one folder per suite with a manifest.json).
std::vector<std::string> available_suites(const std::string& data_dir);

// Throws SetupError with a one-line reason for a missing or malformed manifest.
Suite load_suite(const std::string& data_dir, const std::string& name);

}  // namespace clconform
