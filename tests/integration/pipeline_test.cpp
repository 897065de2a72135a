// pipeline_test: the real daemon with an LLM second opinion served by a
// local fake chat-completions server that is well-behaved, slow, failing,
// garbage or never answers. The deadline holds on the real daemon, what
// misses it is finished in the background, failures fall back to the
// embedded judge and are counted.
#include <gtest/gtest.h>

#include <thread>

#include <simdjson.h>

#include "tests/integration/daemon.hpp"
#include "tests/support/fake_llm.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using namespace std::chrono_literals;
using test::Daemon;
using test::FakeLlm;

namespace {

std::vector<std::string> llm_env(const FakeLlm& f, const std::string& mode,
                                 const std::string& timeout_ms) {
  return {"CREDENCE_CLASSIFIER_MODE=" + mode, "CREDENCE_LLM_URL=" + f.url(),
          "CREDENCE_LLM_TIMEOUT_MS=" + timeout_ms, "CREDENCE_LLM_MODEL=fake"};
}

struct Reply {
  explicit Reply(const std::string& body) : padded(body) {
    ok = !parser.parse(padded).get(root);
  }
  bool flag(const char* ptr) {
    bool b = false;
    if (root.at_pointer(ptr).get_bool().get(b)) ADD_FAILURE() << ptr;
    return b;
  }
  double num(const char* ptr) {
    double d = -1;
    if (root.at_pointer(ptr).get_double().get(d)) ADD_FAILURE() << ptr;
    return d;
  }
  std::size_t count(const char* ptr) {
    simdjson::dom::array a;
    if (root.at_pointer(ptr).get_array().get(a)) return 0;
    return a.size();
  }
  std::string str(const char* ptr) {
    std::string_view sv;
    if (root.at_pointer(ptr).get_string().get(sv)) return "";
    return std::string(sv);
  }
  simdjson::padded_string padded;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  bool ok = false;
};

/// Polls until the user has an uncertainty record (background work done).
std::size_t wait_for_records(Daemon& d, const std::string& user, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    Reply r(d.get("/v1/uncertainties?user=" + user).body);
    if (r.count("/uncertainties") > 0) return r.count("/uncertainties");
    std::this_thread::sleep_for(50ms);
  }
  return 0;
}

const std::string kMessage = R"({"user":"ann","text":"I hate Honda"})";

}  // namespace

TEST(Pipeline, NeverAnsweringLlmIsDeferredAtTheDeadlineAndFinishedInTheBackground) {
  FakeLlm llm(FakeLlm::Mode::never);
  test::TmpDir dir;
  Daemon d(dir.str(), llm_env(llm, "llm", "1500"));
  ASSERT_TRUE(d.started()) << d.log();
  ASSERT_EQ(d.post("/v1/memories", R"({"user":"ann","kind":"trait","text":"I like Honda"})").status, 201);
  auto r = d.post("/v1/messages", kMessage);
  ASSERT_EQ(r.status, 200) << r.body;
  Reply msg(r.body);
  EXPECT_TRUE(msg.flag("/deferred")) << r.body;
  EXPECT_GE(msg.num("/elapsed_ms"), 600.0) << "answered at the deadline, not before";
  EXPECT_EQ(msg.count("/contradictions"), 0u);
  EXPECT_GE(llm.requests(), 1);
  // The LLM call times out (1.5 s) and falls back; the deferred pair is then
  // decided in the background with the embedded verdict: nothing is lost.
  EXPECT_EQ(wait_for_records(d, "ann", 15s), 1u);
  auto metrics = d.get("/metrics").body;
  EXPECT_NE(metrics.find("credence_deadline_misses_total 1"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("credence_llm_failures_total{reason=\"timeout\"} 1"), std::string::npos);
}

TEST(Pipeline, WellBehavedLlmAnswersWithinTheDeadline) {
  FakeLlm llm(FakeLlm::Mode::good);
  test::TmpDir dir;
  Daemon d(dir.str(), llm_env(llm, "llm", "2000"));
  ASSERT_TRUE(d.started()) << d.log();
  ASSERT_EQ(d.post("/v1/memories", R"({"user":"ann","kind":"trait","text":"I like Honda"})").status, 201);
  auto r = d.post("/v1/messages", kMessage);
  Reply msg(r.body);
  EXPECT_FALSE(msg.flag("/deferred")) << r.body;
  ASSERT_EQ(msg.count("/contradictions"), 1u) << r.body;
  Reply recs(d.get("/v1/uncertainties?user=ann").body);
  EXPECT_EQ(recs.str("/uncertainties/0/reasoning"), "llm reasoning") << "the LLM's verdict decided";
  EXPECT_EQ(recs.str("/uncertainties/0/surface_context"), "user discusses cars");
}

TEST(Pipeline, SlowLlmMissesTheDeadlineAndItsLateAnswerIsApplied) {
  FakeLlm llm(FakeLlm::Mode::slow, 1200ms);
  test::TmpDir dir;
  Daemon d(dir.str(), llm_env(llm, "llm", "5000"));
  ASSERT_TRUE(d.started()) << d.log();
  ASSERT_EQ(d.post("/v1/memories", R"({"user":"ann","kind":"trait","text":"I like Honda"})").status, 201);
  Reply msg(d.post("/v1/messages", kMessage).body);
  EXPECT_TRUE(msg.flag("/deferred"));
  ASSERT_EQ(wait_for_records(d, "ann", 15s), 1u);
  Reply recs(d.get("/v1/uncertainties?user=ann").body);
  EXPECT_EQ(recs.str("/uncertainties/0/reasoning"), "llm reasoning")
      << "the late LLM answer, not a fallback, decided it";
}

TEST(Pipeline, FailingAndGarbageLlmFallBackToTheEmbeddedJudgeAndAreCounted) {
  for (auto mode : {FakeLlm::Mode::fail, FakeLlm::Mode::garbage}) {
    FakeLlm llm(mode);
    test::TmpDir dir;
    Daemon d(dir.str(), llm_env(llm, "llm", "2000"));
    ASSERT_TRUE(d.started()) << d.log();
    ASSERT_EQ(d.post("/v1/memories", R"({"user":"ann","kind":"trait","text":"I like Honda"})").status, 201);
    Reply msg(d.post("/v1/messages", kMessage).body);
    EXPECT_FALSE(msg.flag("/deferred"));
    EXPECT_EQ(msg.count("/contradictions"), 1u) << "the embedded verdict stands in";
    const std::string metrics = d.get("/metrics").body;
    EXPECT_NE(metrics.find(mode == FakeLlm::Mode::fail ? "reason=\"io_error\"} 1"
                                                       : "reason=\"invalid_argument\"} 1"),
              std::string::npos)
        << metrics;
  }
}

TEST(Pipeline, CascadeAsksTheLlmOnlyForLowConfidencePairs) {
  FakeLlm llm(FakeLlm::Mode::good);
  test::TmpDir dir;
  Daemon d(dir.str(), llm_env(llm, "cascade", "2000"));
  ASSERT_TRUE(d.started()) << d.log();
  ASSERT_EQ(d.post("/v1/memories", R"({"user":"ann","kind":"trait","text":"I like Honda"})").status, 201);
  // A HIGH-confidence structural verdict needs no second opinion.
  Reply msg(d.post("/v1/messages", kMessage).body);
  EXPECT_EQ(msg.count("/contradictions"), 1u);
  EXPECT_EQ(llm.requests(), 0);
}

TEST(Pipeline, ClassifierModeWithoutAnLlmUrlIsAConfigurationError) {
  test::TmpDir dir;
  Daemon d(dir.str(), {"CREDENCE_CLASSIFIER_MODE=cascade"});
  EXPECT_FALSE(d.started());
  EXPECT_NE(d.log().find("llm.url"), std::string::npos) << d.log();
}
