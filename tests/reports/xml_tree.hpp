// The JUnit file as a tree, for tests: libxml2 reads it and refuses anything
// that is not well-formed XML 1.0 (bad nesting, a bare & or <, characters
// XML 1.0 forbids, invalid UTF-8).
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace clconform::testing {

struct XmlError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct XmlNode {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::vector<std::unique_ptr<XmlNode>> children;
  std::string text;  // character data directly inside, entities resolved

  bool has(const std::string& attr) const { return attrs.count(attr) != 0; }
  std::vector<const XmlNode*> all(const std::string& child_name) const;
};

std::unique_ptr<XmlNode> parse_xml(const std::string& text);  // throws XmlError

}  // namespace clconform::testing
