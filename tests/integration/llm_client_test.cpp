// llm_client_test: the LLM second opinion against a local server speaking
// the OpenAI chat completions protocol: well-behaved, slow, failing,
// garbage and never-answering endpoints. Every failure is a value the
// caller can fall back from, and no call outlives its timeout.
#include <gtest/gtest.h>

#include <chrono>

#include "net/llm_client.hpp"
#include "tests/support/fake_llm.hpp"

using namespace credence;
using namespace std::chrono_literals;
using test::FakeLlm;

namespace {
PairSide side(const std::string& text) {
  PairSide p;
  p.text = text;
  p.created_at = 1'790'000'000'000;
  p.reinforcement_count = 2;
  return p;
}
LlmConfig config(const FakeLlm& f, std::int64_t timeout_ms = 2000) {
  LlmConfig c;
  c.url = f.url();
  c.model = "test-model";
  c.timeout_ms = timeout_ms;
  return c;
}
}  // namespace

TEST(LlmClient, WellBehavedServerGivesAVerdictFromFencedJson) {
  FakeLlm f;
  LlmClient c(config(f));
  auto v = c.classify(side("I like Honda"), side("I hate Honda"));
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->classification, Classification::true_contradiction);
  EXPECT_DOUBLE_EQ(v->confidence, 0.88);
  EXPECT_EQ(v->surface_context, "user discusses cars");
  // The prompt carries both memories, their metadata and the core question.
  const std::string body = f.last_body();
  EXPECT_NE(body.find("I like Honda"), std::string::npos);
  EXPECT_NE(body.find("reinforcement_count: 2"), std::string::npos);
  EXPECT_NE(body.find("both be true at the same time"), std::string::npos);
  EXPECT_NE(body.find("\"model\":\"test-model\""), std::string::npos);
}

TEST(LlmClient, SlowServerTimesOutWithinItsBound) {
  FakeLlm f(FakeLlm::Mode::slow, 1500ms);
  LlmClient c(config(f, 300));
  const auto t0 = std::chrono::steady_clock::now();
  auto v = c.classify(side("a"), side("b"));
  const auto took = std::chrono::steady_clock::now() - t0;
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, Errc::timeout);
  EXPECT_LT(took, 1000ms) << "curl's timeout bounds the call";
}

TEST(LlmClient, NeverAnsweringServerTimesOut) {
  FakeLlm f(FakeLlm::Mode::never);
  LlmClient c(config(f, 250));
  auto v = c.classify(side("a"), side("b"));
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, Errc::timeout);
}

TEST(LlmClient, ServerErrorIsReportedWithTheStatus) {
  FakeLlm f(FakeLlm::Mode::fail);
  LlmClient c(config(f));
  auto v = c.classify(side("a"), side("b"));
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, Errc::io_error);
  EXPECT_NE(v.error().message.find("HTTP 500"), std::string::npos);
}

TEST(LlmClient, RefusalAndNonJsonBodiesAreErrorsNotVerdicts) {
  FakeLlm f(FakeLlm::Mode::garbage);
  LlmClient c(config(f));
  auto v = c.classify(side("a"), side("b"));
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("not JSON"), std::string::npos);
  f.set_mode(FakeLlm::Mode::badjson);
  auto w = c.classify(side("a"), side("b"));
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().code, Errc::invalid_argument);
}

TEST(LlmClient, UnknownLabelIsRejected) {
  FakeLlm f;
  f.set_label("maybe");
  LlmClient c(config(f));
  auto v = c.classify(side("a"), side("b"));
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("unknown label"), std::string::npos);
}

TEST(LlmClient, UnreachableEndpointIsUnavailable) {
  LlmConfig cfg;
  cfg.url = "http://127.0.0.1:1/v1";
  cfg.timeout_ms = 500;
  LlmClient c(cfg);
  auto v = c.classify(side("a"), side("b"));
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, Errc::unavailable);
}

TEST(LlmClient, ParsesPlainJsonContent) {
  auto v = LlmClient::parse_response(
      R"({"choices":[{"message":{"content":"{\"classification\":\"temporal_change\",\"confidence\":0.7,\"temporal_signal\":true}"}}]})");
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->classification, Classification::temporal_change);
  EXPECT_TRUE(v->temporal_signal);
  auto bad_conf = LlmClient::parse_response(
      R"({"choices":[{"message":{"content":"{\"classification\":\"duplicate\",\"confidence\":7}"}}]})");
  EXPECT_FALSE(bad_conf);
}
