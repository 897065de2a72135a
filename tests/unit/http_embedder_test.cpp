// http_embedder_test: the OpenAI-compatible embedder against a local server
// written here (cpp-httplib on 127.0.0.1, a free port) that speaks the same
// protocol and misbehaves on request: slow answers, 500s, 429s with
// Retry-After, malformed JSON, wrong dimensions, wrong counts.
#include <gtest/gtest.h>

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/embedder.hpp"
#include "net/embedders.hpp"
#include "net/http_embedder.hpp"

using namespace credence;
using namespace std::chrono_literals;

namespace {

constexpr std::size_t kDim = 16;

/// A fake embeddings server. Vectors come from a HashEmbedder so the client's
/// results can be checked exactly; `data` is sent in reverse order to prove
/// the client places rows by `index`.
class FakeServer {
 public:
  enum class Mode {
    ok,
    slow,       // answers after 600 ms
    fail_once,  // 500 on the first request, then ok
    always_500,
    rate_limit_once,  // 429 + Retry-After: 1 on the first request, then ok
    rate_limit_long,  // 429 + Retry-After: 120
    malformed,        // not JSON
    wrong_dim,        // kDim + 1 components
    wrong_count,      // one embedding fewer than inputs
    bad_request,      // 400 with an OpenAI-style error object
  };

  FakeServer() : vectors_(kDim, nullptr) {
    server_.set_keep_alive_max_count(1000);
    server_.set_tcp_nodelay(true);
    server_.Post("/v1/embeddings",
                 [this](const httplib::Request& req, httplib::Response& res) {
                   handle(req, res);
                 });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    // stop() is a no-op until the accept loop runs, so wait for it.
    while (!server_.is_running()) std::this_thread::sleep_for(1ms);
  }
  ~FakeServer() {
    server_.stop();
    thread_.join();
  }

  std::string url() const {
    return "http://127.0.0.1:" + std::to_string(port_) + "/v1";
  }
  int requests() const { return requests_.load(); }
  std::vector<std::size_t> batch_sizes() const {
    std::lock_guard lk(mu_);
    return batch_sizes_;
  }
  std::set<int> client_ports() const {
    std::lock_guard lk(mu_);
    return ports_;
  }
  std::string last_auth() const {
    std::lock_guard lk(mu_);
    return auth_;
  }
  std::string last_model() const {
    std::lock_guard lk(mu_);
    return model_;
  }

  std::atomic<Mode> mode{Mode::ok};

 private:
  void handle(const httplib::Request& req, httplib::Response& res) {
    const int n = ++requests_;
    simdjson::dom::parser parser;
    auto obj = json::parse_object(parser, req.body);
    std::vector<std::string> inputs;
    if (obj) {
      json::ObjReader r(*obj);
      inputs = r.opt_str_array("input").value_or(std::vector<std::string>{});
      std::lock_guard lk(mu_);
      model_ = r.opt_str("model").value_or("");
    }
    {
      std::lock_guard lk(mu_);
      batch_sizes_.push_back(inputs.size());
      ports_.insert(req.remote_port);
      auth_ = req.get_header_value("Authorization");
    }
    switch (mode.load()) {
      case Mode::slow:
        std::this_thread::sleep_for(600ms);
        break;
      case Mode::fail_once:
        if (n == 1) return error(res, 500, "model is loading");
        break;
      case Mode::always_500:
        return error(res, 503, "overloaded upstream");
      case Mode::rate_limit_once:
        if (n == 1) {
          res.set_header("Retry-After", "1");
          return error(res, 429, "slow down");
        }
        break;
      case Mode::rate_limit_long:
        res.set_header("Retry-After", "120");
        return error(res, 429, "quota exhausted");
      case Mode::malformed:
        res.set_content("{\"data\": [ {\"embedding\": [0.1, ",
                        "application/json");
        return;
      case Mode::bad_request:
        return error(res, 400, "unknown model");
      default:
        break;
    }
    const std::size_t dim = mode.load() == Mode::wrong_dim ? kDim + 1 : kDim;
    std::size_t count = inputs.size();
    if (mode.load() == Mode::wrong_count && count > 0) --count;
    JsonWriter w;
    w.begin_object().kv("object", "list").key("data").begin_array();
    for (std::size_t k = count; k-- > 0;) {
      auto v = *vectors_.embed(inputs[k]);
      w.begin_object()
          .kv("object", "embedding")
          .kv("index", k)
          .key("embedding")
          .begin_array();
      for (std::size_t j = 0; j < dim; ++j)
        w.value(static_cast<double>(j < v.size() ? v[j] : 0.5f));
      w.end_array().end_object();
    }
    w.end_array().kv("model", "fake").end_object();
    res.set_content(w.str(), "application/json");
  }

  static void error(httplib::Response& res, int status,
                    const std::string& msg) {
    res.status = status;
    JsonWriter w;
    w.begin_object()
        .key("error")
        .begin_object()
        .kv("message", msg)
        .end_object()
        .end_object();
    res.set_content(w.str(), "application/json");
  }

  HashEmbedder vectors_;
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  std::atomic<int> requests_{0};
  mutable std::mutex mu_;
  std::vector<std::size_t> batch_sizes_;
  std::set<int> ports_;
  std::string auth_;
  std::string model_;
};

HttpEmbedder::Options options(const FakeServer& s) {
  HttpEmbedder::Options o;
  o.url = s.url();
  o.model = "nomic-embed-text";
  o.dim = kDim;
  o.timeout = 2000ms;
  o.max_retries = 2;
  o.backoff = 1ms;
  o.max_backoff = 3000ms;
  o.batch_size = 4;
  o.pool_size = 2;
  return o;
}

std::unique_ptr<HttpEmbedder> make(HttpEmbedder::Options o) {
  auto e = HttpEmbedder::create(std::move(o));
  EXPECT_TRUE(e) << e.error().message;
  return std::move(*e);
}

}  // namespace

TEST(HttpEmbedder, WellBehavedServerReturnsRowsInInputOrder) {
  FakeServer s;
  auto e = make(options(s));
  EXPECT_EQ(e->id(), "http:nomic-embed-text:16");
  EXPECT_EQ(e->endpoint(), s.url() + "/embeddings");
  std::vector<std::string> texts = {"I work at Acme", "I play the violin",
                                    "tea"};
  auto got = e->embed_batch(texts);
  ASSERT_TRUE(got) << got.error().message;
  ASSERT_EQ(got->size(), 3u);
  HashEmbedder reference(kDim, nullptr);
  for (std::size_t i = 0; i < texts.size(); ++i) {
    auto want = *reference.embed(texts[i]);
    for (std::size_t j = 0; j < kDim; ++j)
      EXPECT_NEAR(got->row(i)[j], want[j], 1e-6) << i;
  }
  EXPECT_EQ(s.last_model(), "nomic-embed-text");
  EXPECT_EQ(s.last_auth(), "") << "no key configured, no header";
}

TEST(HttpEmbedder, LargeInputsAreSentInBatchesOverOneKeptAliveConnection) {
  FakeServer s;
  auto e = make(options(s));
  std::vector<std::string> texts;
  for (int i = 0; i < 10; ++i)
    texts.push_back("memory number " + std::to_string(i));
  auto got = e->embed_batch(texts);
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->size(), 10u);
  EXPECT_EQ(s.batch_sizes(), (std::vector<std::size_t>{4, 4, 2}));
  EXPECT_EQ(s.client_ports().size(), 1u)
      << "sequential calls reuse the connection";
  EXPECT_EQ(e->stats().requests, 3u);
}

TEST(HttpEmbedder, ConcurrentCallersShareABoundedPool) {
  FakeServer s;
  auto e = make(options(s));  // pool_size 2
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i)
        if (e->embed("thread " + std::to_string(t) + " text " +
                     std::to_string(i)))
          ++ok;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 30);
  EXPECT_LE(s.client_ports().size(), 2u) << "at most pool_size connections";
}

TEST(HttpEmbedder, ApiKeyComesFromTheNamedEnvironmentVariable) {
  FakeServer s;
  EmbedderConfig c;
  c.kind = "http";
  c.url = s.url();
  c.dim = kDim;
  c.api_key_env = "TEST_EMBEDDING_KEY";
  auto env = [](const std::string& name) -> std::optional<std::string> {
    if (name == "TEST_EMBEDDING_KEY") return std::string("sk-test-123");
    return std::nullopt;
  };
  auto e = make_embedder(c, nullptr, env);
  ASSERT_TRUE(e) << e.error().message;
  ASSERT_TRUE((*e)->embed("hello"));
  EXPECT_EQ(s.last_auth(), "Bearer sk-test-123");

  c.api_key_env = "TEST_EMBEDDING_KEY_MISSING";
  auto missing = make_embedder(c, nullptr, env);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().field, "embedder.api_key_env");
  EXPECT_NE(missing.error().message.find("TEST_EMBEDDING_KEY_MISSING"),
            std::string::npos);
}

TEST(HttpEmbedder, SlowServerTimesOutWithoutRetrying) {
  FakeServer s;
  s.mode = FakeServer::Mode::slow;
  auto o = options(s);
  o.timeout = 150ms;
  auto e = make(o);
  const auto t0 = std::chrono::steady_clock::now();
  auto got = e->embed("hello");
  const auto took = std::chrono::steady_clock::now() - t0;
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::timeout);
  EXPECT_NE(got.error().message.find("POST " + s.url() + "/embeddings"),
            std::string::npos)
      << got.error().message;
  EXPECT_NE(got.error().message.find("timed out after 150 ms"),
            std::string::npos);
  EXPECT_LT(took, 500ms);
  EXPECT_EQ(s.requests(), 1);
}

TEST(HttpEmbedder, ServerErrorIsRetriedThenSucceeds) {
  FakeServer s;
  s.mode = FakeServer::Mode::fail_once;
  auto e = make(options(s));
  auto got = e->embed("hello");
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(s.requests(), 2);
  EXPECT_EQ(e->stats().retries, 1u);
}

TEST(HttpEmbedder, PersistentServerErrorsGiveUpAfterMaxRetriesNamingTheCause) {
  FakeServer s;
  s.mode = FakeServer::Mode::always_500;
  auto e = make(options(s));  // max_retries 2
  auto got = e->embed("hello");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::unavailable);
  EXPECT_EQ(s.requests(), 3);
  EXPECT_NE(got.error().message.find(
                "HTTP 503: overloaded upstream after 3 attempts"),
            std::string::npos)
      << got.error().message;
  EXPECT_EQ(e->stats().failures, 1u);
}

TEST(HttpEmbedder, RateLimitHonoursRetryAfter) {
  FakeServer s;
  s.mode = FakeServer::Mode::rate_limit_once;
  auto e = make(options(s));
  const auto t0 = std::chrono::steady_clock::now();
  auto got = e->embed("hello");
  const auto took = std::chrono::steady_clock::now() - t0;
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(s.requests(), 2);
  EXPECT_GE(took, 950ms)
      << "Retry-After: 1 means wait a second, not backoff_ms";
}

TEST(HttpEmbedder, RetryAfterLongerThanTheCapFailsAtOnceAsOverloaded) {
  FakeServer s;
  s.mode = FakeServer::Mode::rate_limit_long;
  auto e = make(options(s));
  auto got = e->embed("hello");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::overloaded);
  EXPECT_NE(got.error().message.find("retry after 120 s"), std::string::npos)
      << got.error().message;
  EXPECT_EQ(s.requests(), 1);
}

TEST(HttpEmbedder, MalformedJsonIsAnErrorNotACrash) {
  FakeServer s;
  s.mode = FakeServer::Mode::malformed;
  auto e = make(options(s));
  auto got = e->embed("hello");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::io_error);
  EXPECT_NE(got.error().message.find("malformed response"), std::string::npos)
      << got.error().message;
  EXPECT_NE(got.error().message.find(s.url()), std::string::npos);
}

TEST(HttpEmbedder, WrongDimensionIsRejectedNamingBoth) {
  FakeServer s;
  s.mode = FakeServer::Mode::wrong_dim;
  auto e = make(options(s));
  auto got = e->embed("hello");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::invalid_argument);
  EXPECT_NE(got.error().message.find(
                "17-dimensional vectors, but embedder.dim is 16"),
            std::string::npos)
      << got.error().message;
}

TEST(HttpEmbedder, WrongCountIsRejected) {
  FakeServer s;
  s.mode = FakeServer::Mode::wrong_count;
  auto e = make(options(s));
  std::vector<std::string> texts = {"a b", "c d"};
  auto got = e->embed_batch(texts);
  ASSERT_FALSE(got);
  EXPECT_NE(got.error().message.find("returned 1 embeddings for 2 inputs"),
            std::string::npos)
      << got.error().message;
}

TEST(HttpEmbedder, ClientErrorIsNotRetriedAndCarriesTheServerMessage) {
  FakeServer s;
  s.mode = FakeServer::Mode::bad_request;
  auto e = make(options(s));
  auto got = e->embed("hello");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::invalid_argument);
  EXPECT_NE(got.error().message.find("HTTP 400: unknown model"),
            std::string::npos)
      << got.error().message;
  EXPECT_EQ(s.requests(), 1);
}

TEST(HttpEmbedder, UnreachableServerIsUnavailableNamingTheEndpoint) {
  std::string url;
  {
    FakeServer s;  // take a free port, then close it
    url = s.url();
  }
  HttpEmbedder::Options o;
  o.url = url;
  o.model = "m";
  o.dim = kDim;
  o.max_retries = 1;
  o.backoff = 1ms;
  auto e = make(o);
  auto got = e->embed("hello");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, Errc::unavailable);
  EXPECT_NE(got.error().message.find("POST " + url + "/embeddings"),
            std::string::npos)
      << got.error().message;
  EXPECT_NE(got.error().message.find("after 2 attempts"), std::string::npos)
      << got.error().message;
}

TEST(HttpEmbedder, BadOptionsAreRejectedAtCreation) {
  HttpEmbedder::Options o;
  o.url = "localhost:11434";
  o.model = "m";
  o.dim = 8;
  auto bad = HttpEmbedder::create(o);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "embedder.url");
  o.url = "http://localhost:11434/v1/";
  o.dim = 0;
  EXPECT_FALSE(HttpEmbedder::create(o));
  o.dim = 8;
  auto good = HttpEmbedder::create(o);
  ASSERT_TRUE(good);
  EXPECT_EQ((*good)->endpoint(), "http://localhost:11434/v1/embeddings");
}
