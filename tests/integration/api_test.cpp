// api_test: end-to-end journeys through the real daemon (HTTP on a free
// port, a temporary data directory): the contract of docs/openapi.yaml,
// the journeys of the sidecar issue, bad inputs, auth, idempotency,
// isolation, crash safety and shutdown.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include <simdjson.h>

#include "server/api.hpp"
#include "tests/integration/daemon.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using namespace std::chrono_literals;
using test::Daemon;

namespace {

/// A parsed JSON response (keeps its parser alive).
struct Json {
  explicit Json(const std::string& body) : padded(body) {
    if (parser.parse(padded).get(root)) ok = false;
  }
  simdjson::dom::element at(const std::string& pointer) const {
    simdjson::dom::element e;
    if (root.at_pointer(pointer).get(e)) {
      ADD_FAILURE() << "no " << pointer << " in " << std::string(padded.data(), padded.size());
    }
    return e;
  }
  std::string str(const std::string& pointer) const {
    std::string_view sv;
    if (at(pointer).get_string().get(sv)) return "<not a string>";
    return std::string(sv);
  }
  double num(const std::string& pointer) const {
    double d = -1;
    if (at(pointer).get_double().get(d)) d = -1;
    return d;
  }
  std::size_t size(const std::string& pointer) const {
    simdjson::dom::array a;
    if (at(pointer).get_array().get(a)) return 0;
    return a.size();
  }
  bool is_null(const std::string& pointer) const { return at(pointer).is_null(); }
  bool boolean(const std::string& pointer) const {
    bool b = false;
    if (at(pointer).get_bool().get(b)) b = false;
    return b;
  }
  simdjson::padded_string padded;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  bool ok = true;
};

std::string write_body(const std::string& user, const std::string& kind, const std::string& text,
                       const std::string& extra = "") {
  return "{\"user\":\"" + user + "\",\"kind\":\"" + kind + "\",\"text\":\"" + text + "\"" +
         (extra.empty() ? "" : "," + extra) + "}";
}

class Api : public ::testing::Test {
 protected:
  test::TmpDir dir;
  std::unique_ptr<Daemon> d;
  void SetUp() override {
    d = std::make_unique<Daemon>(dir.str());
    ASSERT_TRUE(d->started()) << d->log();
  }
  Json post(const std::string& path, const std::string& body, int expect) {
    auto r = d->post(path, body);
    EXPECT_EQ(r.status, expect) << path << " " << body << " -> " << r.body;
    return Json(r.body);
  }
  Json get(const std::string& path, int expect = 200) {
    auto r = d->get(path);
    EXPECT_EQ(r.status, expect) << path << " -> " << r.body;
    return Json(r.body);
  }
  std::string write(const std::string& user, const std::string& kind, const std::string& text,
                    const std::string& extra = "") {
    auto j = post("/v1/memories", write_body(user, kind, text, extra), 201);
    return j.str("/memory/id");
  }
};

}  // namespace

TEST_F(Api, Journey1_LikeThenHateHondaIsACriticalContradictionAndToyotaIsCompatible) {
  const std::string like = write("alice", "trait", "I like Honda");
  auto hate = post("/v1/memories", write_body("alice", "trait", "I hate Honda"), 201);
  EXPECT_EQ(hate.str("/action"), "ADD");
  EXPECT_EQ(hate.str("/tier"), "warn");
  ASSERT_EQ(hate.size("/uncertainties"), 1u);
  EXPECT_EQ(hate.str("/uncertainties/0/severity"), "critical");
  EXPECT_EQ(hate.str("/uncertainties/0/uncertainty_type"), "contradiction");
  EXPECT_EQ(hate.str("/uncertainties/0/state"), "open");
  EXPECT_EQ(hate.str("/conflicts/0/classification"), "true_contradiction");
  EXPECT_EQ(hate.str("/memory/reliability"), "contradicted");
  EXPECT_EQ(get("/v1/memories/" + like + "?user=alice").str("/memory/reliability"), "contradicted");
  auto toyota = post("/v1/memories", write_body("alice", "trait", "I like Toyota"), 201);
  EXPECT_EQ(toyota.str("/tier"), "clean");
  EXPECT_EQ(toyota.size("/uncertainties"), 0u);
  EXPECT_EQ(toyota.str("/memory/reliability"), "reliable");
  EXPECT_EQ(get("/v1/uncertainties?user=alice").size("/uncertainties"), 1u);
}

TEST_F(Api, Journey2_AJobChangeMessageSupersedesAcmeAndTimeTravelStillSeesIt) {
  const std::string acme =
      write("bob", "trait", "I work at Acme", "\"valid_from\":\"2024-01-15T00:00:00Z\"");
  auto msg = post("/v1/messages",
                  "{\"user\":\"bob\",\"text\":\"I left Acme and joined Globex last month\"}", 200);
  ASSERT_EQ(msg.size("/auto_resolved"), 1u);
  EXPECT_EQ(msg.str("/auto_resolved/0/superseded/id"), acme);
  EXPECT_EQ(msg.str("/auto_resolved/0/superseded/reliability"), "superseded");
  EXPECT_FALSE(msg.is_null("/auto_resolved/0/superseded/valid_until"));
  EXPECT_EQ(msg.str("/auto_resolved/0/superseded/text_past"), "I used to work at Acme");
  EXPECT_EQ(msg.str("/auto_resolved/0/new/reliability"), "reliable");
  EXPECT_FALSE(msg.boolean("/deferred"));
  EXPECT_EQ(msg.size("/contradictions"), 0u);
  auto now = get("/v1/memories?user=bob");
  ASSERT_EQ(now.size("/memories"), 1u);
  EXPECT_NE(now.str("/memories/0/id"), acme) << "the default query excludes superseded memories";
  auto before = get("/v1/memories?user=bob&as_of=2025-06-01T00:00:00Z");
  ASSERT_EQ(before.size("/memories"), 1u);
  EXPECT_EQ(before.str("/memories/0/id"), acme) << "as_of before the change returns Acme";
  auto history = get("/v1/memories/" + acme + "?user=bob");
  EXPECT_EQ(history.size("/history"), 2u);
}

TEST_F(Api, Journey3_APortConflictIsBlockedUntilSupersedes) {
  const std::string p8080 = write("carol", "concept", "The API server listens on port 8080");
  auto blocked = post("/v1/memories",
                      write_body("carol", "concept", "The API server listens on port 9090"), 409);
  EXPECT_EQ(blocked.str("/tier"), "block");
  EXPECT_EQ(blocked.str("/error/code"), "conflict");
  ASSERT_EQ(blocked.size("/conflicts"), 1u);
  EXPECT_EQ(blocked.str("/conflicts/0/memory/id"), p8080);
  EXPECT_EQ(get("/v1/memories?user=carol").size("/memories"), 1u) << "nothing was stored";
  auto ok = post("/v1/memories",
                 write_body("carol", "concept", "The API server listens on port 9090",
                            "\"supersedes\":\"" + p8080 + "\""),
                 201);
  EXPECT_EQ(ok.str("/action"), "UPDATE");
  EXPECT_EQ(ok.str("/memory/supersedes"), p8080);
  EXPECT_EQ(get("/v1/memories/" + p8080 + "?user=carol").str("/memory/reliability"), "superseded");
}

TEST_F(Api, IngestModeUpsertsAReferenceFactOnASingleValuedSlot) {
  // Seed 003: ingest skips the guard (no 409 here) and reference facts
  // upsert: the port is single-valued in the lexicon, so 9090 replaces 8080.
  auto first = post("/v1/memories",
                    write_body("cy", "concept", "The API server listens on port 8080",
                               "\"mode\":\"ingest\",\"source\":\"researched\""),
                    201);
  const std::string p8080 = first.str("/memory/id");
  auto second = post("/v1/memories",
                     write_body("cy", "concept", "The API server listens on port 9090",
                                "\"mode\":\"ingest\",\"source\":\"researched\""),
                     201);
  EXPECT_EQ(second.str("/action"), "UPDATE");
  EXPECT_EQ(second.str("/memory/supersedes"), p8080);
  EXPECT_EQ(get("/v1/memories/" + p8080 + "?user=cy").str("/memory/reliability"), "superseded");
  auto again = post("/v1/memories",
                    write_body("cy", "concept", "API server listens on port 9090",
                               "\"mode\":\"ingest\",\"source\":\"researched\""),
                    201);
  EXPECT_EQ(again.str("/action"), "NOOP");
  EXPECT_EQ(get("/v1/memories?user=cy").size("/memories"), 1u);
}

TEST_F(Api, Journey4_ContradictionsSurfaceOnTopicAndDismissalsLowerSeverity) {
  write("dan", "trait", "I like Honda");
  auto hate = post("/v1/memories", write_body("dan", "trait", "I hate Honda"), 201);
  const std::string rid = hate.str("/uncertainties/0/id");
  auto unrelated = post("/v1/context", "{\"user\":\"dan\",\"text\":\"What's the weather like tomorrow?\"}", 200);
  EXPECT_EQ(unrelated.size("/hints"), 0u);
  auto cars = post("/v1/context", "{\"user\":\"dan\",\"text\":\"Should I buy a Honda or a Toyota?\"}", 200);
  ASSERT_EQ(cars.size("/hints"), 1u);
  EXPECT_EQ(cars.str("/hints/0/uncertainty_id"), rid);
  EXPECT_GT(cars.size("/memories"), 0u);
  auto rec = get("/v1/uncertainties/" + rid + "?user=dan");
  EXPECT_EQ(rec.num("/uncertainty/surfaced_count"), 1);
  EXPECT_EQ(rec.str("/uncertainty/state"), "surfaced");
  for (int i = 0; i < 3; ++i)
    post("/v1/uncertainties/" + rid + "/dismiss", "{\"user\":\"dan\"}", 200);
  auto after = get("/v1/uncertainties/" + rid + "?user=dan");
  EXPECT_EQ(after.str("/uncertainty/severity"), "high") << "critical lowered one step";
  EXPECT_EQ(after.num("/uncertainty/dismissed_count"), 3);
}

TEST_F(Api, Journey5_AnActionRelyingOnAContradictedMemoryAsksFirst) {
  const std::string jp = write("erin", "trait", "I am fluent in Japanese");
  write("erin", "trait", "I don't speak Japanese at all");
  const std::string ok = write("erin", "trait", "My manager is Kenji");
  auto proceed = post("/v1/act/check",
                      "{\"user\":\"erin\",\"action\":\"email my manager\",\"memory_ids\":[\"" + ok +
                          "\"],\"confidence\":0.9}",
                      200);
  EXPECT_EQ(proceed.str("/decision"), "proceed");
  auto gate = post("/v1/act/check",
                   "{\"user\":\"erin\",\"action\":\"draft the email in Japanese\",\"memory_ids\":[\"" +
                       jp + "\"],\"confidence\":0.9}",
                   200);
  EXPECT_EQ(gate.str("/decision"), "clarify");
  EXPECT_NEAR(gate.num("/confidence"), 0.54, 1e-9);
  EXPECT_NE(gate.str("/clarify_prompt").find("I was going to draft the email in Japanese"),
            std::string::npos);
  EXPECT_NE(gate.str("/reliability_warning").find("contradicted"), std::string::npos);
}

TEST_F(Api, Journey6_UserClarificationMakesTheWinnerReliable) {
  const std::string london = write("fay", "trait", "I live in London");
  auto sydney = post("/v1/memories", write_body("fay", "trait", "I live in Sydney"), 201);
  const std::string sid = sydney.str("/memory/id");
  const std::string rid = sydney.str("/uncertainties/0/id");
  auto res = post("/v1/uncertainties/" + rid + "/resolve",
                  "{\"user\":\"fay\",\"winner\":\"" + sid + "\",\"loser\":\"supersede\"}", 200);
  EXPECT_EQ(res.str("/uncertainty/state"), "resolved");
  EXPECT_EQ(res.str("/uncertainty/resolution_strategy"), "user_clarified");
  auto w = get("/v1/memories/" + sid + "?user=fay");
  EXPECT_EQ(w.str("/memory/reliability"), "reliable");
  EXPECT_EQ(w.num("/memory/reinforcement_count"), 1);
  EXPECT_EQ(get("/v1/memories/" + london + "?user=fay").str("/memory/reliability"), "superseded");
  // Resolving again is a conflict, not a silent success.
  post("/v1/uncertainties/" + rid + "/resolve",
       "{\"user\":\"fay\",\"winner\":\"" + sid + "\"}", 409);
}

TEST_F(Api, Journey7_KillNineDuringABurstLosesNoAcknowledgedWrite) {
  std::vector<std::string> acked;
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; !stop; ++i) {
        auto r = d->post("/v1/memories",
                         write_body("burst" + std::to_string(t), "episode",
                                    "Event number " + std::to_string(i) + " of writer " + std::to_string(t)));
        if (r.status == 201) {
          Json j(r.body);
          std::lock_guard lk(mu);
          acked.push_back("burst" + std::to_string(t) + "/" + j.str("/memory/id"));
        }
      }
    });
  }
  std::this_thread::sleep_for(700ms);
  d->kill(SIGKILL);
  stop = true;
  for (auto& w : writers) w.join();
  d->wait_for(5s);
  ASSERT_GT(acked.size(), 10u);
  d = std::make_unique<Daemon>(dir.str());
  ASSERT_TRUE(d->started()) << d->log();
  for (const auto& a : acked) {
    const auto slash = a.find('/');
    auto r = d->get("/v1/memories/" + a.substr(slash + 1) + "?user=" + a.substr(0, slash));
    EXPECT_EQ(r.status, 200) << "acknowledged write " << a << " lost";
  }
}

TEST_F(Api, Journey8_BadInputsGetClearErrorsAndTheDaemonKeepsServing) {
  const std::string mem = write("gus", "trait", "I like tea");
  const std::string big(9000, 'x');
  struct Case {
    const char* name;
    std::string method, path, body, content_type;
    int status;
    std::string field;
  };
  const std::string J = "application/json";
  std::vector<Case> cases = {
      {"malformed json", "POST", "/v1/memories", "{not json", J, 400, ""},
      {"array body", "POST", "/v1/memories", "[1,2]", J, 400, ""},
      {"missing user", "POST", "/v1/memories", R"({"kind":"trait","text":"x"})", J, 400, "user"},
      {"user not string", "POST", "/v1/memories", R"({"user":5,"kind":"trait","text":"x"})", J, 400, "user"},
      {"empty user", "POST", "/v1/memories", R"({"user":"","kind":"trait","text":"x"})", J, 400, "user"},
      {"missing kind", "POST", "/v1/memories", R"({"user":"gus","text":"x"})", J, 400, "kind"},
      {"unknown kind", "POST", "/v1/memories", R"({"user":"gus","kind":"belief","text":"x"})", J, 400, "kind"},
      {"missing text", "POST", "/v1/memories", R"({"user":"gus","kind":"trait"})", J, 400, "text"},
      {"blank text", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"   "})", J, 400, "text"},
      {"text too long", "POST", "/v1/memories", "{\"user\":\"gus\",\"kind\":\"trait\",\"text\":\"" + big + "\"}", J, 413, "text"},
      {"unknown source", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","source":"gossip"})", J, 400, "source"},
      {"confidence > 1", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","confidence":1.5})", J, 400, "confidence"},
      {"confidence string", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","confidence":"high"})", J, 400, "confidence"},
      {"importance < 0", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","importance":-1})", J, 400, "importance"},
      {"bad valid_from", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","valid_from":"yesterday"})", J, 400, "valid_from"},
      {"unknown mode", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","mode":"yolo"})", J, 400, "mode"},
      {"force not bool", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","force":"yes"})", J, 400, "force"},
      {"unknown field", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x","colour":"red"})", J, 400, "colour"},
      {"unknown supersedes", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"y","supersedes":"mem_nope"})", J, 404, "supersedes"},
      {"wrong content type", "POST", "/v1/memories", R"({"user":"gus","kind":"trait","text":"x"})", "text/plain", 415, ""},
      {"message missing text", "POST", "/v1/messages", R"({"user":"gus"})", J, 400, "text"},
      {"deadline too big", "POST", "/v1/messages", R"({"user":"gus","text":"hi","deadline_ms":999999})", J, 400, "deadline_ms"},
      {"list without user", "GET", "/v1/memories", "", "", 400, "user"},
      {"bad as_of", "GET", "/v1/memories?user=gus&as_of=soon", "", "", 400, "as_of"},
      {"bad kind filter", "GET", "/v1/memories?user=gus&kind=thought", "", "", 400, "kind"},
      {"bad k", "GET", "/v1/memories?user=gus&k=0", "", "", 400, "k"},
      {"bad include_superseded", "GET", "/v1/memories?user=gus&include_superseded=maybe", "", "", 400, "include_superseded"},
      {"unknown memory", "GET", "/v1/memories/mem_nope?user=gus", "", "", 404, "id"},
      {"another user's memory", "GET", "/v1/memories/" + mem + "?user=hal", "", "", 404, "id"},
      {"unknown record", "GET", "/v1/uncertainties/unc_nope?user=gus", "", "", 404, "id"},
      {"bad state filter", "GET", "/v1/uncertainties?user=gus&state=done", "", "", 400, "state"},
      {"resolve unknown record", "POST", "/v1/uncertainties/unc_nope/resolve", R"({"user":"gus","winner":"x"})", J, 404, "id"},
      {"resolve bad loser", "POST", "/v1/uncertainties/unc_nope/resolve", R"({"user":"gus","winner":"x","loser":"burn"})", J, 400, "loser"},
      {"gate missing ids", "POST", "/v1/act/check", R"({"user":"gus","action":"go"})", J, 400, "memory_ids"},
      {"gate unknown id", "POST", "/v1/act/check", R"({"user":"gus","action":"go","memory_ids":["mem_nope"]})", J, 404, "memory_ids[0]"},
      {"gate ids not strings", "POST", "/v1/act/check", R"({"user":"gus","action":"go","memory_ids":[1]})", J, 400, "memory_ids"},
      {"context without text", "POST", "/v1/context", R"({"user":"gus"})", J, 400, "text"},
      {"reinforce unknown", "POST", "/v1/memories/mem_nope/reinforce", R"({"user":"gus"})", J, 404, "id"},
      {"delete unknown", "DELETE", "/v1/memories/mem_nope?user=gus", "", "", 404, "id"},
      {"unknown route", "GET", "/v1/nothing", "", "", 404, ""},
  };
  ASSERT_GE(cases.size(), 30u);
  for (const auto& c : cases) {
    test::HttpResult r;
    if (c.method == "GET") r = d->get(c.path);
    else if (c.method == "DELETE") r = d->del(c.path);
    else r = d->post(c.path, c.body, "", c.content_type);
    EXPECT_EQ(r.status, c.status) << c.name << ": " << r.body;
    Json j(r.body);
    ASSERT_TRUE(j.ok) << c.name << ": error bodies are JSON: " << r.body;
    EXPECT_FALSE(j.str("/error/code").empty()) << c.name;
    EXPECT_FALSE(j.str("/error/message").empty()) << c.name;
    if (!c.field.empty()) {
      EXPECT_EQ(j.str("/error/field"), c.field) << c.name << ": " << r.body;
    }
  }
  EXPECT_EQ(d->get("/healthz").status, 200) << "still serving";
  EXPECT_EQ(get("/v1/memories?user=gus").size("/memories"), 1u);
}

TEST_F(Api, IdempotencyKeyReturnsTheFirstAnswer) {
  const std::string body = write_body("ivy", "trait", "I own a red bike", "\"idempotency_key\":\"k-1\"");
  auto first = d->post("/v1/memories", body);
  auto second = d->post("/v1/memories", body);
  ASSERT_EQ(first.status, 201);
  EXPECT_EQ(second.status, 201);
  EXPECT_EQ(second.body, first.body) << "the same answer, byte for byte";
  EXPECT_EQ(second.headers["Idempotent-Replay"], "true");
  EXPECT_EQ(get("/v1/memories?user=ivy").size("/memories"), 1u);
  EXPECT_EQ(get("/v1/memories?user=ivy").num("/memories/0/reinforcement_count"), 0)
      << "the replay did not reinforce";
}

TEST_F(Api, UsersNeverSeeEachOthersData) {
  const std::string a = write("jo", "trait", "I like cats");
  write("kim", "trait", "I like dogs");
  auto jo = get("/v1/memories?user=jo");
  ASSERT_EQ(jo.size("/memories"), 1u);
  EXPECT_EQ(jo.str("/memories/0/text"), "I like cats");
  d->post("/v1/memories", write_body("jo", "trait", "I hate cats"));
  EXPECT_EQ(get("/v1/uncertainties?user=kim").size("/uncertainties"), 0u);
  EXPECT_EQ(d->post("/v1/memories/" + a + "/reinforce", "{\"user\":\"kim\"}").status, 404);
}

TEST_F(Api, DriftAndDecayRunOnDemand) {
  write("lu", "trait", "I live in Canada");
  auto drift = post("/v1/drift/run", "{}", 200);
  EXPECT_GE(drift.num("/budget"), 10);
  auto decay = post("/v1/decay/run", "{}", 200);
  EXPECT_GE(decay.num("/deleted"), 0);
}

TEST_F(Api, MetricsAndReadinessAreExposed) {
  write("mo", "trait", "I like tea");
  auto ready = d->get("/readyz");
  EXPECT_EQ(ready.status, 200);
  // The request histogram is recorded by the server's logger, which runs
  // after the response is written: a scrape that follows at once may be
  // served before the write's observation lands, so poll briefly.
  const char* families[] = {"credence_http_request_seconds_bucket", "credence_ingestion_seconds",
                            "credence_classifications_total", "credence_uncertainties"};
  auto m = d->get("/metrics");
  for (int i = 0; i < 50; ++i) {
    if (std::all_of(std::begin(families), std::end(families),
                    [&](const char* f) { return m.body.find(f) != std::string::npos; }))
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    m = d->get("/metrics");
  }
  EXPECT_EQ(m.status, 200);
  for (const char* family : families) EXPECT_NE(m.body.find(family), std::string::npos) << family;
}

TEST_F(Api, OpenApiDocumentMatchesTheRoutes) {
  auto r = d->get("/openapi.json");
  ASSERT_EQ(r.status, 200);
  Json doc(r.body);
  ASSERT_TRUE(doc.ok);
  simdjson::dom::object paths;
  ASSERT_FALSE(doc.at("/paths").get_object().get(paths));
  std::set<std::string> documented;
  for (auto [path, ops] : paths) {
    simdjson::dom::object o;
    ASSERT_FALSE(ops.get_object().get(o));
    for (auto [method, op] : o) {
      std::string m(method);
      for (auto& ch : m) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      documented.insert(m + " " + std::string(path));
    }
  }
  std::set<std::string> served;
  for (const auto& route : api_routes()) served.insert(route.method + " " + route.path);
  EXPECT_EQ(documented, served);
}

TEST(ApiAuth, TokenIsRequiredEverywhereButHealthz) {
  test::TmpDir dir;
  Daemon d(dir.str(), {"CREDENCE_AUTH_TOKEN=s3cret-token"});
  ASSERT_TRUE(d.started()) << d.log();
  EXPECT_EQ(d.get("/healthz").status, 200);
  EXPECT_EQ(d.get("/v1/memories?user=a").status, 401);
  EXPECT_EQ(d.get("/v1/memories?user=a", "wrong").status, 401);
  EXPECT_EQ(d.get("/metrics").status, 401);
  EXPECT_EQ(d.get("/v1/memories?user=a", "s3cret-token").status, 200);
  EXPECT_EQ(d.post("/v1/memories", write_body("a", "trait", "x"), "s3cret-token").status, 201);
}

TEST(ApiShutdown, SigtermDrainsAndExitsZeroAndDataSurvives) {
  test::TmpDir dir;
  std::string id;
  {
    Daemon d(dir.str());
    ASSERT_TRUE(d.started()) << d.log();
    auto r = d.post("/v1/memories", write_body("ned", "trait", "I play the violin"));
    ASSERT_EQ(r.status, 201);
    id = Json(r.body).str("/memory/id");
    d.kill(SIGTERM);
    auto rc = d.wait_for(15s);
    ASSERT_TRUE(rc.has_value());
    EXPECT_EQ(*rc, 0);
  }
  Daemon again(dir.str());
  ASSERT_TRUE(again.started());
  EXPECT_EQ(again.get("/v1/memories/" + id + "?user=ned").status, 200);
}

namespace {

std::vector<std::string> memory_ids(const Json& j) {
  std::vector<std::string> out;
  simdjson::dom::array a;
  if (j.at("/memories").get_array().get(a)) return out;
  for (auto m : a) {
    std::string_view id;
    if (!m["id"].get_string().get(id)) out.emplace_back(id);
  }
  return out;
}

}  // namespace

TEST(ApiVectorSearch, SearchFindsSynonymsAndTheIndexSurvivesRestartAndDeletion) {
  test::TmpDir dir;
  std::string car;
  {
    Daemon d(dir.str());
    ASSERT_TRUE(d.started()) << d.log();
    auto r = d.post("/v1/memories", write_body("uma", "trait", "I drive an old automobile"));
    ASSERT_EQ(r.status, 201) << r.body;
    car = Json(r.body).str("/memory/id");
    ASSERT_EQ(d.post("/v1/memories", write_body("uma", "trait", "I play the violin")).status, 201);
    ASSERT_EQ(d.post("/v1/memories", write_body("vic", "trait", "I drive a car")).status, 201);
    // "car" shares no word with "automobile": only the embedding (WordNet
    // synsets in the hash embedder) relates them. Another user's car never shows.
    auto ids = memory_ids(Json(d.get("/v1/memories?user=uma&q=car").body));
    ASSERT_FALSE(ids.empty());
    EXPECT_EQ(ids.front(), car);
    EXPECT_EQ(ids.size(), 1u) << "the violin is not about cars, vic's car is not uma's";
    d.kill(SIGTERM);
    ASSERT_EQ(d.wait_for(15s), std::optional<int>(0));
  }
  ASSERT_TRUE(std::filesystem::exists(dir.path() / "index" / "meta.json"))
      << "the index is saved at shutdown";
  for (bool remove_index : {false, true}) {
    if (remove_index) std::filesystem::remove_all(dir.path() / "index");
    Daemon d(dir.str());
    ASSERT_TRUE(d.started()) << d.log();
    auto ids = memory_ids(Json(d.get("/v1/memories?user=uma&q=car").body));
    ASSERT_FALSE(ids.empty()) << (remove_index ? "rebuilt" : "loaded") << " index\n" << d.log();
    EXPECT_EQ(ids.front(), car);
    d.kill(SIGTERM);
    ASSERT_EQ(d.wait_for(15s), std::optional<int>(0));
  }
}

TEST(ApiVectorSearch, WithTheEmbeddingServiceDownDetectionFallsBackAndNothingIsLost) {
  test::TmpDir dir;
  // Port 9 (discard) refuses connections: every embedding call fails fast.
  Daemon d(dir.str(), {"CREDENCE_EMBEDDER_KIND=http", "CREDENCE_EMBEDDER_URL=http://127.0.0.1:9/v1",
                       "CREDENCE_EMBEDDER_TIMEOUT_MS=300", "CREDENCE_EMBEDDER_MAX_RETRIES=0"});
  ASSERT_TRUE(d.started()) << d.log();
  auto w = d.post("/v1/memories", write_body("wes", "trait", "I work at Acme"));
  ASSERT_EQ(w.status, 201) << w.body;
  const std::string acme = Json(w.body).str("/memory/id");
  auto m = d.post("/v1/messages", "{\"user\":\"wes\",\"text\":\"I left Acme and joined Globex\"}");
  ASSERT_EQ(m.status, 200) << m.body;
  Json msg(m.body);
  ASSERT_EQ(msg.size("/auto_resolved"), 1u) << m.body;
  EXPECT_EQ(msg.str("/auto_resolved/0/superseded/id"), acme);
  auto ids = memory_ids(Json(d.get("/v1/memories?user=wes&q=Globex").body));
  EXPECT_FALSE(ids.empty()) << "search falls back to keyword overlap";
  EXPECT_EQ(Json(d.get("/v1/memories/" + acme + "?user=wes").body).str("/memory/reliability"),
            "superseded");
}
