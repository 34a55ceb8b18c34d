// junit.xml: well-formed, counts that match the children, the attributes CI
// servers need, and (with xmllint) valid against data/junit.xsd.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <set>

#include "xml_tree.hpp"
#include "json.hpp"
#include "reports/reports.hpp"
#include "test_support.hpp"

namespace clconform::reports {
namespace {

using testing::fixture;
using testing::parse_xml;
using testing::read_file;
using testing::ScratchDir;
using testing::write_text;
using testing::XmlNode;

uint64_t count_attr(const XmlNode& n, const char* name) {
  EXPECT_TRUE(n.has(name)) << "<" << n.name << "> lacks " << name;
  if (!n.has(name)) return 0;
  const std::string& v = n.attrs.at(name);
  EXPECT_FALSE(v.empty());
  EXPECT_EQ(v.find_first_not_of("0123456789"), std::string::npos) << name << "=" << v;
  return std::stoull(v);
}

void expect_seconds(const XmlNode& n) {
  ASSERT_TRUE(n.has("time")) << "<" << n.name << "> lacks time";
  const std::string& t = n.attrs.at("time");
  EXPECT_EQ(t.find_first_not_of("0123456789."), std::string::npos) << t;
  EXPECT_NE(t.find('.'), std::string::npos) << t;
}

size_t with_child(const std::vector<const XmlNode*>& cases, const char* child) {
  size_t n = 0;
  for (const XmlNode* c : cases) n += !c->all(child).empty();
  return n;
}

// The rules of the common JUnit schema, checked by hand, plus the counts
// (a schema cannot say that tests= equals the number of testcases).
std::unique_ptr<XmlNode> check_junit(const std::string& path) {
  auto root = parse_xml(read_file(path));
  EXPECT_EQ(root->name, "testsuites");
  uint64_t tests = 0, failures = 0, skipped = 0;
  for (const auto& child : root->children) EXPECT_EQ(child->name, "testsuite");
  for (const XmlNode* suite : root->all("testsuite")) {
    EXPECT_FALSE(suite->attrs.count("name") == 0 || suite->attrs.at("name").empty());
    expect_seconds(*suite);
    const auto cases = suite->all("testcase");
    EXPECT_EQ(count_attr(*suite, "tests"), cases.size());
    EXPECT_EQ(count_attr(*suite, "failures"), with_child(cases, "failure"));
    EXPECT_EQ(count_attr(*suite, "errors"), with_child(cases, "error"));
    EXPECT_EQ(count_attr(*suite, "skipped"), with_child(cases, "skipped"));
    tests += cases.size();
    failures += with_child(cases, "failure");
    skipped += with_child(cases, "skipped");
    EXPECT_EQ(suite->all("properties").size(), 1u);
    if (!suite->children.empty()) {
      EXPECT_EQ(suite->children.front()->name, "properties");  // properties come first
    }
    for (const XmlNode* props : suite->all("properties")) {
      for (const XmlNode* p : props->all("property")) EXPECT_TRUE(p->has("name") && p->has("value"));
    }
    for (const XmlNode* c : cases) {
      EXPECT_EQ(c->attrs.at("classname"), suite->attrs.at("name"));
      EXPECT_FALSE(c->attrs.at("name").empty());
      expect_seconds(*c);
      EXPECT_LE(c->all("failure").size() + c->all("skipped").size() + c->all("error").size(), 1u);
      for (const XmlNode* f : c->all("failure")) {
        EXPECT_TRUE(f->has("message"));
        EXPECT_TRUE(f->has("type"));
      }
      for (const XmlNode* s : c->all("skipped")) EXPECT_TRUE(s->has("message"));
    }
  }
  EXPECT_EQ(count_attr(*root, "tests"), tests);
  EXPECT_EQ(count_attr(*root, "failures"), failures);
  EXPECT_EQ(count_attr(*root, "errors"), 0u);
  EXPECT_EQ(count_attr(*root, "skipped"), skipped);
  expect_seconds(*root);
  return root;
}

const XmlNode* find_case(const XmlNode& root, const std::string& id) {
  for (const XmlNode* s : root.all("testsuite")) {
    for (const XmlNode* c : s->all("testcase")) {
      if (c->attrs.at("name") == id) return c;
    }
  }
  return nullptr;
}

std::string junit_of(const std::string& dir_name, const ScratchDir& dir) {
  const std::string path = dir.file(dir_name + ".xml");
  write_junit(load_run(fixture(dir_name)), path);
  return path;
}

TEST(Junit, NormalRunCountsAndContent) {
  ScratchDir dir;
  auto root = check_junit(junit_of("normal", dir));
  EXPECT_EQ(root->attrs.at("tests"), "16");
  EXPECT_EQ(root->attrs.at("failures"), "5");
  EXPECT_EQ(root->attrs.at("skipped"), "2");
  ASSERT_EQ(root->all("testsuite").size(), 4u);
  const XmlNode& math = *root->all("testsuite")[2];
  EXPECT_EQ(math.attrs.at("name"), "math");
  EXPECT_EQ(math.attrs.at("tests"), "7");
  EXPECT_EQ(math.attrs.at("failures"), "3");
  EXPECT_EQ(math.attrs.at("timestamp"), "2026-11-20T23:00:00");

  std::set<std::string> props;
  for (const XmlNode* p : math.all("properties")[0]->all("property")) {
    if (!p->attrs.at("value").empty()) props.insert(p->attrs.at("name") + "=" + p->attrs.at("value"));
  }
  for (const char* want : {"device=pthread-haswell-AMD EPYC", "driver_version=3.1", "opencl_c_version=OpenCL C 1.2 PoCL",
                           "build_options=-cl-denorms-are-zero", "mode=quick", "seed=1", "fp64=true"}) {
    EXPECT_TRUE(props.count(want)) << want;
  }

  const XmlNode* sin = find_case(*root, "math.sin.float4");
  ASSERT_TRUE(sin && sin->all("failure").size() == 1);
  const XmlNode& failure = *sin->all("failure")[0];
  EXPECT_EQ(failure.attrs.at("type"), "fail");
  EXPECT_EQ(failure.attrs.at("message"), "3 of 65536 values beyond 4 ulp");
  EXPECT_NE(failure.text.find("input 0: 0x40490fdb (float 3.1415927)"), std::string::npos) << failure.text;
  EXPECT_NE(failure.text.find("repro: clconform run --suite math --filter math.sin.float4"), std::string::npos);

  EXPECT_EQ(find_case(*root, "math.sqrt.double")->all("failure")[0]->attrs.at("type"), "crash");
  EXPECT_EQ(find_case(*root, "math.pow.float")->all("failure")[0]->attrs.at("type"), "timeout");
  EXPECT_EQ(find_case(*root, "half.half_arith.half4")->all("skipped")[0]->attrs.at("message"), "needs cl_khr_fp16");
  EXPECT_NE(find_case(*root, "math.tan.double2")->all("system-out")[0]->text.find("known failure, counted as passed"),
            std::string::npos);
  EXPECT_NE(find_case(*root, "math.exp.float16")->all("system-out")[0]->text.find("xpass"), std::string::npos);
  EXPECT_NE(find_case(*root, "types.size_t.bits")->all("system-out")[0]->text.find("implementation-defined"),
            std::string::npos);
  // The build log's terminal escapes are written as visible text, not raw.
  EXPECT_NE(find_case(*root, "types.ushort3.vload")->all("failure")[0]->text.find("\\x1B[1m<source>:3:5"),
            std::string::npos);
}

TEST(Junit, EmptyAndCrashedRuns) {
  ScratchDir dir;
  auto empty = check_junit(junit_of("empty", dir));
  EXPECT_EQ(empty->attrs.at("tests"), "0");
  auto crashed = check_junit(junit_of("crashed", dir));
  EXPECT_EQ(crashed->attrs.at("tests"), "3");
}

// Text XML 1.0 cannot carry: control characters, invalid UTF-8, "]]>",
// quotes and markup in attributes.
std::string write_hostile_run(const ScratchDir& dir) {
  const std::string run = dir.file("hostile");
  std::filesystem::create_directory(run);
  write_text(run + "/run.json", "{\"format\": 1, \"started\": \"2026-11-20T23:00:00Z\", \"build_options\": \"-D X=\\\"<&>\\\"\"}");
  // A build log may hold any bytes; the writer (json::quote) turns those
  // that are not UTF-8 into U+FFFD, since JSON readers refuse them.
  std::string bad_utf8 = json::quote("bytes \xff\xfe and \xc3\x28 and \xed\xa0\x80 end");
  bad_utf8 = bad_utf8.substr(1, bad_utf8.size() - 2);
  write_text(run + "/results.jsonl",
             "{\"case\": \"odd.\\\"quoted\\\"<case>\", \"suite\": \"odd & co\", \"status\": \"fail\", \"checked\": 1,"
             " \"failed\": 1, \"detail\": \"bell \\u0007 nul \\u0000 vt \\u000b ]]> <end> & 'x'\","
             " \"build_log\": \"" + bad_utf8 + " \\u001b[31mred\\u001b[0m \\uffff\"}\n"
             "{\"case\": \"odd.skip\", \"suite\": \"odd & co\", \"status\": \"unsupported\", \"checked\": 0, \"failed\": 0,"
             " \"detail\": \"needs \\\"fp16\\\"\\nand more\"}\n");
  return run;
}

TEST(Junit, HostileTextStaysWellFormed) {
  ScratchDir dir;
  const std::string run = write_hostile_run(dir);
  write_junit(load_run(run), dir.file("hostile.xml"));
  auto root = check_junit(dir.file("hostile.xml"));
  const XmlNode* c = find_case(*root, "odd.\"quoted\"<case>");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->attrs.at("classname"), "odd & co");
  const XmlNode& failure = *c->all("failure")[0];
  EXPECT_EQ(failure.attrs.at("message"), "bell \\x07 nul \\x00 vt \\x0B ]]> <end> & 'x'");
  EXPECT_NE(failure.text.find("bytes \xEF\xBF\xBD\xEF\xBF\xBD and \xEF\xBF\xBD( and"), std::string::npos) << failure.text;
  EXPECT_NE(failure.text.find("\\x1B[31mred"), std::string::npos);
  EXPECT_NE(failure.text.find("\\uFFFF"), std::string::npos);
  // Messages are one line.
  EXPECT_EQ(find_case(*root, "odd.skip")->all("skipped")[0]->attrs.at("message"), "needs \"fp16\" and more");
}

TEST(XmlTree, RefusesXmlThatIsNotWellFormed) {
  EXPECT_THROW(parse_xml("<a><b></a></b>"), testing::XmlError);
  EXPECT_THROW(parse_xml("<a>x & y</a>"), testing::XmlError);
  EXPECT_THROW(parse_xml("<a>\x01</a>"), testing::XmlError);
  EXPECT_THROW(parse_xml("<a>\xff</a>"), testing::XmlError);
  EXPECT_EQ(parse_xml("<a k=\"&lt;v&gt;\">t&amp;<![CDATA[<c>]]></a>")->text, "t&<c>");
}

bool have_xmllint() { return std::system("command -v xmllint >/dev/null 2>&1") == 0; }

TEST(Junit, ValidAgainstTheSchemaWithXmllint) {
  if (!have_xmllint()) {
    GTEST_SKIP() << "xmllint not found (Debian package libxml2-utils): schema validation of junit.xml not run";
  }
  ScratchDir dir;
  std::vector<std::string> files{junit_of("normal", dir), junit_of("empty", dir), junit_of("crashed", dir)};
  write_junit(load_run(write_hostile_run(dir)), dir.file("hostile.xml"));
  files.push_back(dir.file("hostile.xml"));
  for (const std::string& f : files) {
    const std::string cmd = "xmllint --noout --schema '" + fixture("junit.xsd") + "' '" + f + "' 2>&1";
    std::string output;
    FILE* pipe = popen(cmd.c_str(), "r");
    ASSERT_NE(pipe, nullptr) << cmd;
    char buf[512];
    while (std::fgets(buf, sizeof buf, pipe)) output += buf;
    EXPECT_EQ(pclose(pipe), 0) << cmd << "\n" << output;
  }
}

}  // namespace
}  // namespace clconform::reports
