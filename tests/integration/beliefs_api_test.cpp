// beliefs_api_test: the uncertainty ledger over HTTP through the real
// daemon: assert with evidence, add evidence, the inference chain and
// propagation through it, resolve, aggregate, actionability, bad input
// naming the field, cycles refused, users isolated, and beliefs surviving a
// restart.
#include <gtest/gtest.h>

#include <cmath>

#include <simdjson.h>

#include "tests/integration/daemon.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using test::Daemon;

namespace {

struct J {
  explicit J(const std::string& b) : padded(b) { ok = !parser.parse(padded).get(root); }
  std::string s(const char* p) {
    std::string_view v;
    return root.at_pointer(p).get_string().get(v) ? "" : std::string(v);
  }
  double n(const char* p) {
    double d = NAN;
    if (root.at_pointer(p).get_double().get(d)) return NAN;
    return d;
  }
  bool b(const char* p) {
    bool v = false;
    return root.at_pointer(p).get_bool().get(v) ? false : v;
  }
  std::size_t len(const char* p) {
    simdjson::dom::array a;
    return root.at_pointer(p).get_array().get(a) ? 0 : a.size();
  }
  simdjson::padded_string padded;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  bool ok = false;
};

class Beliefs : public ::testing::Test {
 protected:
  test::TmpDir dir;
  std::unique_ptr<Daemon> d;
  void SetUp() override {
    d = std::make_unique<Daemon>(dir.str());
    ASSERT_TRUE(d->started()) << d->log();
  }
  std::string assert_belief(const std::string& user, const std::string& claim,
                            const std::string& extra = "") {
    auto r = d->post("/v1/beliefs", "{\"user\":\"" + user + "\",\"claim\":\"" + claim + "\"" +
                                         (extra.empty() ? "" : "," + extra) + "}");
    EXPECT_EQ(r.status, 201) << r.body;
    return J(r.body).s("/belief/id");
  }
  J evidence(const std::string& id, bool supports, double w, int expect = 200) {
    auto r = d->post("/v1/beliefs/" + id + "/evidence",
                     std::string("{\"user\":\"u\",\"source_type\":\"tool-output\",\"supports\":") +
                         (supports ? "true" : "false") + ",\"weight\":" + std::to_string(w) + "}");
    EXPECT_EQ(r.status, expect) << r.body;
    return J(r.body);
  }
};

}  // namespace

TEST_F(Beliefs, AssertingStartsAtTheDefaultIntervalAndEvidenceMovesIt) {
  const std::string id = assert_belief(
      "u", "the deploy pipeline is green",
      R"("namespace":"infra","evidence":[{"source_type":"memory-read","supports":true,"weight":0.9}])");
  J got(d->get("/v1/beliefs/" + id + "?user=u").body);
  EXPECT_EQ(got.s("/belief/namespace"), "infra");
  EXPECT_DOUBLE_EQ(got.n("/belief/confidence/point"), 0.7) << "not recomputed at assertion";
  EXPECT_EQ(got.s("/belief/status"), "uncertain");
  J after = evidence(id, false, 0.7);
  // point = 0.9 / 1.6, spread 0.3/sqrt(2): the reference arithmetic.
  EXPECT_NEAR(after.n("/belief/confidence/point"), 0.5625, 1e-12);
  EXPECT_NEAR(after.n("/belief/confidence/lower"), 0.5625 - 0.3 / std::sqrt(2.0), 1e-12);
  EXPECT_EQ(after.s("/belief/status"), "contested");
  EXPECT_EQ(after.n("/belief/evidence_count"), 2);
}

TEST_F(Beliefs, APropagatedDropReachesTheWholeChain) {
  const std::string a = assert_belief("u", "the API is up");
  const std::string b = assert_belief("u", "checkout works", "\"depends_on\":[{\"parent_id\":\"" + a + "\",\"weight\":0.9}]");
  const std::string c = assert_belief("u", "orders can be placed", "\"depends_on\":[{\"parent_id\":\"" + b + "\",\"weight\":1}]");
  J chain(d->get("/v1/beliefs/" + c + "?user=u").body);
  EXPECT_EQ(chain.len("/chain"), 3u);
  EXPECT_EQ(chain.s("/chain/2/belief/id"), a);
  EXPECT_EQ(chain.n("/chain/2/depth"), 2);
  evidence(a, false, 1.0);  // the API is down: point 0
  J leaf(d->get("/v1/beliefs/" + c + "?user=u").body);
  EXPECT_DOUBLE_EQ(leaf.n("/belief/confidence/point"), 0.0) << "the grandchild follows its grandparent";
  J act(d->get("/v1/beliefs/" + c + "/actionable?user=u").body);
  EXPECT_FALSE(act.b("/actionable"));
}

TEST_F(Beliefs, ACycleIsRefusedNotLooped) {
  const std::string a = assert_belief("u", "a");
  const std::string b = assert_belief("u", "b", "\"depends_on\":[{\"parent_id\":\"" + a + "\"}]");
  auto r = d->post("/v1/beliefs/" + a + "/depends_on", "{\"user\":\"u\",\"parent_id\":\"" + b + "\"}");
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(J(r.body).s("/error/field"), "depends_on");
}

TEST_F(Beliefs, ResolveAggregateAndActionability) {
  const std::string a = assert_belief("u", "a", R"("evidence":[{"supports":true,"weight":1}])");
  const std::string b = assert_belief("u", "b", R"("evidence":[{"supports":true,"weight":1}])");
  auto r = d->post("/v1/beliefs/" + a + "/resolve", R"({"user":"u","status":"confirmed","reason":"checked by hand"})");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(J(r.body).s("/belief/status"), "confirmed");
  J agg(d->post("/v1/beliefs/aggregate", "{\"user\":\"u\",\"ids\":[\"" + a + "\",\"" + b + "\"]}").body);
  EXPECT_NEAR(agg.n("/aggregate"), std::sqrt(0.95 * 0.7), 1e-12) << "geometric mean";
  EXPECT_DOUBLE_EQ(agg.n("/worst_case"), 0.7);
  EXPECT_DOUBLE_EQ(agg.n("/best_case"), 0.95);
  EXPECT_FALSE(agg.b("/all_confirmed"));
  J act(d->get("/v1/beliefs/" + b + "/actionable?user=u&threshold=0.75").body);
  EXPECT_FALSE(act.b("/actionable"));
  EXPECT_DOUBLE_EQ(act.n("/threshold"), 0.75);
}

TEST_F(Beliefs, BadInputNamesTheField) {
  const std::string a = assert_belief("u", "a");
  struct Case {
    std::string path, body;
    int status;
    std::string field;
  };
  std::vector<Case> cases = {
      {"/v1/beliefs", R"({"user":"u"})", 400, "claim"},
      {"/v1/beliefs", R"({"user":"u","claim":"x","evidence":[{"supports":true,"weight":1.5}]})", 400, "evidence[0].weight"},
      {"/v1/beliefs", R"({"user":"u","claim":"x","evidence":[{"weight":0.5}]})", 400, "evidence[0].supports"},
      {"/v1/beliefs", R"({"user":"u","claim":"x","depends_on":[{"parent_id":"bel_nope"}]})", 404, "depends_on[0].parent_id"},
      {"/v1/beliefs/" + a + "/evidence", R"({"user":"u","supports":true,"weight":-0.1})", 400, "weight"},
      {"/v1/beliefs/" + a + "/evidence", R"({"user":"u","supports":"yes","weight":0.1})", 400, "supports"},
      {"/v1/beliefs/bel_nope/evidence", R"({"user":"u","supports":true,"weight":0.1})", 404, "id"},
      {"/v1/beliefs/" + a + "/resolve", R"({"user":"u","status":"true"})", 400, "status"},
      {"/v1/beliefs/aggregate", R"({"user":"u","ids":["bel_nope"]})", 404, "ids"},
      {"/v1/beliefs/aggregate", R"({"user":"u"})", 400, "ids"},
  };
  for (const auto& c : cases) {
    auto r = d->post(c.path, c.body);
    EXPECT_EQ(r.status, c.status) << c.path << " " << c.body << " -> " << r.body;
    EXPECT_EQ(J(r.body).s("/error/field"), c.field) << c.body << " -> " << r.body;
  }
}

TEST_F(Beliefs, UsersAreIsolatedAndBeliefsSurviveARestart) {
  const std::string mine = assert_belief("u", "mine", R"("evidence":[{"supports":true,"weight":0.8}])");
  evidence(mine, true, 0.5);
  EXPECT_EQ(d->get("/v1/beliefs/" + mine + "?user=other").status, 404);
  EXPECT_EQ(J(d->get("/v1/beliefs?user=other").body).len("/beliefs"), 0u);
  EXPECT_EQ(d->post("/v1/beliefs/" + mine + "/evidence", R"({"user":"other","supports":false,"weight":1})").status, 404);
  const std::string before = d->get("/v1/beliefs/" + mine + "?user=u").body;
  d.reset();  // stop the first daemon before starting the second on the directory
  d = std::make_unique<Daemon>(dir.str());
  ASSERT_TRUE(d->started());
  EXPECT_EQ(d->get("/v1/beliefs/" + mine + "?user=u").body, before);
}
