#include "xml_tree.hpp"

#include <libxml/parser.h>
#include <libxml/tree.h>

namespace clconform::testing {
namespace {

std::string str(const xmlChar *s) { return s ? reinterpret_cast<const char *>(s) : ""; }

std::unique_ptr<XmlNode> convert(xmlNode *element) {
  auto node = std::make_unique<XmlNode>();
  node->name = str(element->name);
  for (xmlAttr *a = element->properties; a; a = a->next) {
    xmlChar *value = xmlNodeListGetString(element->doc, a->children, 1);
    node->attrs[str(a->name)] = str(value);
    xmlFree(value);
  }
  for (xmlNode *c = element->children; c; c = c->next) {
    if (c->type == XML_ELEMENT_NODE)
      node->children.push_back(convert(c));
    else if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
      node->text += str(c->content);
  }
  return node;
}

}  // namespace

std::vector<const XmlNode *> XmlNode::all(const std::string &child_name) const {
  std::vector<const XmlNode *> out;
  for (const auto &c : children) {
    if (c->name == child_name) out.push_back(c.get());
  }
  return out;
}

std::unique_ptr<XmlNode> parse_xml(const std::string &text) {
  // No network, no entity expansion beyond XML's own, no recovery: a file
  // with any error is refused.
  xmlDoc *doc = xmlReadMemory(text.data(), int(text.size()), "junit.xml", nullptr,
                              XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc) {
    const xmlError *e = xmlGetLastError();
    throw XmlError("not well-formed XML" + (e && e->message ? ": line " + std::to_string(e->line) + ": " +
                                                                  str(reinterpret_cast<const xmlChar *>(e->message))
                                                            : std::string()));
  }
  xmlNode *root = xmlDocGetRootElement(doc);
  if (!root) {
    xmlFreeDoc(doc);
    throw XmlError("no root element");
  }
  std::unique_ptr<XmlNode> tree = convert(root);
  xmlFreeDoc(doc);
  return tree;
}

}  // namespace clconform::testing
