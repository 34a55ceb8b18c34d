#include <gtest/gtest.h>

#include <fstream>

#include "results_file.hpp"

using namespace clconform;

TEST(ResultsFile, AppendsOneLinePerRecordAndResumeIgnoresACutLine) {
  std::string path = testing::TempDir() + "/results_file_test.jsonl";
  std::remove(path.c_str());
  {
    ResultsFile f(path);
    json::Value a = json::Value::object();
    a["case"] = "x.a";
    f.append(a);
    json::Value b = json::Value::object();
    b["case"] = "x.b";
    f.append(b);
  }
  std::ofstream(path, std::ios::app) << "{\"case\": \"x.c\", \"sta";  // a kill mid-write
  auto done = recorded_cases(path);
  EXPECT_EQ(done, (std::set<std::string>{"x.a", "x.b"}));
}
