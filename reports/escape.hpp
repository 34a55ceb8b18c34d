// Escaping for XML and HTML. Results carry text we do not control (kernel
// sources with < and &, build logs with stray bytes and terminal control
// codes), and one bad byte makes a JUnit file unreadable to a CI server.
#pragma once

#include <string>
#include <string_view>

namespace clconform::reports {

// Element text: & < > become entities, a carriage return a reference.
// Invalid UTF-8 becomes U+FFFD; characters XML 1.0 forbids (C0 controls
// other than tab, newline and carriage return, DEL, C1 controls, U+FFFE,
// U+FFFF) become the visible text "\xNN" / "\uNNNN", since XML 1.0 has no
// way to write them, not even as character references.
std::string escape_text(std::string_view s);

// Attribute values: as escape_text, and " ' too; tab, newline and carriage
// return become character references so attribute normalisation keeps them.
std::string escape_attr(std::string_view s);

}  // namespace clconform::reports
