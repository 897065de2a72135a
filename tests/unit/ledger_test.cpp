// ledger_test: credence's own ledger behaviour beyond the conformance cases:
// transitive propagation on deep and wide graphs, cycle refusal, verdicts,
// input validation that names the field, O(1) evidence appends, and
// export/import that validates before it changes anything.
// Group: unit (LedgerPropagation, LedgerVerdict, LedgerValidation,
// LedgerScale, LedgerExportImport).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>

#include "tests/unit/ledger_fixture.hpp"

using namespace credence;
using namespace credence::test;

namespace {

// The reference's per-edge arithmetic, written out independently.
ConfidenceInterval bound(ConfidenceInterval c, const ConfidenceInterval& p, double w) {
  c.point = std::min(c.point, p.point * w);
  c.upper = std::min(c.upper, p.upper * w);
  c.lower = std::min(c.lower, p.lower * w);
  c.lower = std::min(c.lower, c.point);
  c.upper = std::max(c.upper, c.point);
  return c;
}

const ConfidenceInterval kDef{0.6, 0.7, 0.7999999999999999};
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<std::string> chain(LedgerFixture& f, int n, double w) {
  std::vector<std::string> ids;
  for (int i = 0; i < n; ++i) ids.push_back(f.assert_("c" + std::to_string(i), "t", {f.S()}));
  for (int i = 1; i < n; ++i) f.depends(ids[i], ids[i - 1], w);
  return ids;
}

void expect_same(const ConfidenceInterval& got, const ConfidenceInterval& want) {
  EXPECT_INTERVAL(got, want.lower, want.point, want.upper);
}

}  // namespace

// ===== propagation ==========================================================

TEST(LedgerPropagation, DeepChainOfAThousandIsRecomputedEndToEndWhenTheRootChanges) {
  LedgerFixture f;
  const auto ids = chain(f, 1000, 0.999);
  ConfidenceInterval want = kDef;
  for (int i = 1; i < 1000; ++i) want = bound(kDef, want, 0.999);
  expect_same(f.conf(ids.back()), want);

  const BeliefUpdate u = f.add(ids[0], f.O(0.9));
  EXPECT_EQ(u.downstream_updated, 999u) << "every belief of the chain, not one edge";
  want = f.conf(ids[0]);
  for (int i = 1; i < 1000; ++i) want = bound(kDef, want, 0.999);
  expect_same(f.conf(ids.back()), want);
  EXPECT_LT(f.conf(ids.back()).point, 0.25);
  const auto c = f.ledger.confidence_chain(ids.back());
  ASSERT_TRUE(c);
  EXPECT_EQ(c->size(), 1000u);
  EXPECT_EQ(c->back().depth, 999);
}

TEST(LedgerPropagation, ChainBuiltLeafFirstEndsWhereAChainBuiltRootFirstEnds) {
  LedgerFixture forward, backward;
  const auto a = chain(forward, 300, 0.99);
  std::vector<std::string> b;
  for (int i = 0; i < 300; ++i)
    b.push_back(backward.assert_("c" + std::to_string(i), "t", {backward.S()}));
  for (int i = 299; i >= 1; --i) backward.depends(b[i], b[i - 1], 0.99);
  for (int i = 0; i < 300; ++i) expect_same(backward.conf(b[i]), forward.conf(a[i]));
}

TEST(LedgerPropagation, WideFanOutOfTenThousandChildrenFollowsTheParent) {
  LedgerFixture f;
  const std::string parent = f.assert_("parent", "t", {f.S()});
  std::vector<std::string> kids;
  for (int i = 0; i < 10000; ++i) {
    kids.push_back(f.assert_("kid", "t", {f.S()}));
    f.depends(kids.back(), parent, 0.5);
  }
  expect_same(f.conf(kids[1234]), bound(kDef, kDef, 0.5));
  const BeliefUpdate u = f.add(parent, f.O(0.9));
  EXPECT_EQ(u.downstream_updated, 10000u);
  const ConfidenceInterval want = bound(kDef, f.conf(parent), 0.5);
  for (const auto& k : {kids.front(), kids[5000], kids.back()}) expect_same(f.conf(k), want);
  UncertaintyAggregator agg(f.ledger);
  EXPECT_EQ(agg.worst_case(kids), want.point);
  EXPECT_EQ(agg.best_case(kids), want.point);
}

TEST(LedgerPropagation, DiamondIsRecomputedAfterBothOfItsParents) {
  LedgerFixture f;
  const std::string a = f.assert_("a", "t", {f.S()});
  const std::string b = f.assert_("b", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  const std::string d = f.assert_("d", "t", {f.S()});
  f.depends(b, a, 0.9);
  f.depends(c, a, 0.6);
  f.depends(d, b, 1.0);
  f.depends(d, c, 1.0);
  f.add(a, f.O(0.5));
  const ConfidenceInterval ca = f.conf(a);
  const ConfidenceInterval cb = bound(kDef, ca, 0.9);
  const ConfidenceInterval cc = bound(kDef, ca, 0.6);
  expect_same(f.conf(b), cb);
  expect_same(f.conf(c), cc);
  expect_same(f.conf(d), bound(bound(kDef, cb, 1.0), cc, 1.0));
}

TEST(LedgerPropagation, ACycleThroughALongChainIsRefusedAndChangesNothing) {
  LedgerFixture f;
  const auto ids = chain(f, 1000, 0.999);
  const Belief before = f.get(ids[0]);
  auto r = f.ledger.depends_on(ids[0], ids[999], 1.0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::invalid_argument);
  EXPECT_EQ(r.error().field, "depends_on");
  EXPECT_NE(r.error().message.find("cycle"), std::string::npos) << r.error().message;
  EXPECT_EQ(f.get(ids[0]), before);
  // Evidence still propagates through the whole (acyclic) chain and ends.
  const BeliefUpdate u = f.add(ids[0], f.S());
  EXPECT_EQ(u.downstream_updated, 999u);
  EXPECT_INTERVAL(f.conf(ids[1]), 0.6, 0.7, 0.7999999999999999);
}

TEST(LedgerPropagation, RepeatingAnEdgeSetsItsWeight) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  f.depends(c, p, 0.5);
  expect_same(f.conf(c), bound(kDef, kDef, 0.5));
  f.depends(c, p, 1.0);
  expect_same(f.conf(c), kDef);  // the looser bound restores the own interval
  EXPECT_EQ(f.get(c).inferred_from, (std::vector<Dependency>{{p, 1.0}}));
}

TEST(LedgerPropagation, DecayReboundsDependentsByTheirDecayedParents) {
  LedgerConfigOverrides o;
  o.decay_rate_per_hour = 0.1;
  LedgerFixture f(o);
  const std::string p = f.assert_("p", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  f.depends(c, p, 0.5);
  EXPECT_EQ(f.ledger.decay_all(T0 + HOUR), 2u);
  const ConfidenceInterval decayed{0.5, 0.6, 0.7499999999999999};
  expect_same(f.conf(p), decayed);
  expect_same(f.get(c).own_confidence, decayed);
  expect_same(f.conf(c), bound(decayed, decayed, 0.5));
}

TEST(LedgerPropagation, ResolvingAParentMovesItsDependents) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  f.depends(c, p, 0.5);
  auto u = f.ledger.resolve(p, BeliefStatus::refuted, "wrong");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->downstream_updated, 1u);
  expect_same(f.conf(c), bound(kDef, ConfidenceInterval{0, 0.05, 0.1}, 0.5));
  EXPECT_FALSE(f.ledger.is_actionable(c));
}

TEST(LedgerPropagation, EverySuccessiveAppendToAParentMovesItsDependents) {
  // After its first append a belief's interval follows its running sums; the
  // interval before each later append must still be the old one, or the
  // change would not be seen and the dependents would keep stale bounds.
  LedgerConfigOverrides o;
  o.decay_rate_per_hour = 0.01;
  LedgerFixture f(o);
  const std::string p = f.assert_("p", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  f.depends(c, p, 1.0);
  for (const Evidence& e : {f.S(0.9), f.O(0.9), f.O(0.9), f.S(0.2), f.O(0.5)}) {
    auto u = f.ledger.add_evidence(p, e);
    ASSERT_TRUE(u);
    expect_same(f.conf(c), bound(kDef, f.conf(p), 1.0));
  }
  const Belief decayed = f.get(p);
  ASSERT_EQ(f.ledger.decay_all(T0 + 10 * HOUR), 2u);
  EXPECT_NEAR(f.conf(p).point, decayed.confidence.point - 0.1, 1e-12)
      << "decay starts from the sums' interval";
  expect_same(f.conf(c), bound(f.get(c).own_confidence, f.conf(p), 1.0));
}

TEST(LedgerPropagation, UnrelatedBeliefsAreNotTouched) {
  LedgerFixture f;
  const auto ids = chain(f, 10, 0.9);
  const std::string other = f.assert_("other", "t", {f.S()});
  LedgerChanges changes;
  f.ledger.record_changes(&changes);
  f.add(ids[5], f.O(0.9));
  f.ledger.record_changes(nullptr);
  std::vector<std::string> touched = changes.beliefs;
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  EXPECT_EQ(touched.size(), 5u) << "ids[5] and its 4 descendants";
  EXPECT_EQ(std::count(touched.begin(), touched.end(), other), 0);
  EXPECT_EQ(std::count(touched.begin(), touched.end(), ids[4]), 0);
}

// ===== verdicts =============================================================

TEST(LedgerVerdict, AConfirmationHoldsAgainstWeakOpposition) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "t", {f.S()});
  f.resolve(id, BeliefStatus::confirmed, "seen it");
  f.add(id, f.O(0.4));  // 0.4 / 1.4 = 0.286 of the evidence since: below 0.3
  const Belief b = f.get(id);
  EXPECT_EQ(b.status, BeliefStatus::confirmed);
  EXPECT_EQ(b.verdict, BeliefStatus::confirmed);
  EXPECT_EQ(b.verdict_reason, "seen it");
  f.add(id, f.O(0.1));  // 0.5 / 1.5 = 0.333: reopened
  EXPECT_NE(f.status(id), BeliefStatus::confirmed);
  EXPECT_FALSE(f.get(id).verdict.has_value());
}

TEST(LedgerVerdict, AVerdictOutranksTheDependencyBoundUntilItIsReopened) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  f.depends(c, p, 0.5);
  f.resolve(c, BeliefStatus::confirmed);
  EXPECT_INTERVAL(f.conf(c), 0.9, 0.95, 1.0);
  EXPECT_TRUE(f.ledger.is_actionable(c));
  for (int i = 0; i < 3; ++i) f.add(c, f.O(0.9));
  const Belief b = f.get(c);
  EXPECT_FALSE(b.verdict.has_value());
  expect_same(b.confidence, bound(b.own_confidence, f.conf(p), 0.5));
}

TEST(LedgerVerdict, ANewResolutionReplacesTheOldVerdict) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "t", {f.S()});
  f.resolve(id, BeliefStatus::confirmed);
  f.resolve(id, BeliefStatus::uncertain);
  EXPECT_FALSE(f.get(id).verdict.has_value());
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
  f.resolve(id, BeliefStatus::refuted);
  EXPECT_EQ(f.get(id).verdict, BeliefStatus::refuted);
  EXPECT_INTERVAL(f.conf(id), 0.0, 0.05, 0.1);
}

// ===== validation ===========================================================

TEST(LedgerValidation, EvidenceErrorsNameTheField) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "t", {f.S()});
  for (double w : {kNaN, -0.01, 1.01, std::numeric_limits<double>::infinity()}) {
    auto r = f.ledger.add_evidence(id, f.S(w));
    ASSERT_FALSE(r) << w;
    EXPECT_EQ(r.error().code, Errc::invalid_argument);
    EXPECT_EQ(r.error().field, "evidence.weight");
    EXPECT_NE(r.error().describe().find("[0, 1]"), std::string::npos);
  }
  for (double w : {0.0, 1.0}) EXPECT_TRUE(f.ledger.add_evidence(id, f.S(w))) << w;
  Evidence long_source = f.S();
  long_source.source_id.assign(kMaxSourceLength + 1, 'x');
  auto r = f.ledger.add_evidence(id, long_source);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "evidence.source_id");
}

TEST(LedgerValidation, AssertionErrorsNameTheFieldAndAssertNothing) {
  LedgerFixture f;
  Assertion a;
  a.claim = "";
  auto r = f.ledger.assert_belief(a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "claim");
  a.claim = "c";
  a.confidence.point = kNaN;
  r = f.ledger.assert_belief(a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "confidence.point");
  a.confidence = {};
  a.id = "has space";
  r = f.ledger.assert_belief(a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "id");
  a.id = "bel_given";
  ASSERT_TRUE(f.ledger.assert_belief(a));
  r = f.ledger.assert_belief(a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::conflict);
  EXPECT_EQ(r.error().field, "id");
  EXPECT_EQ(f.ledger.size(), 1u);
}

TEST(LedgerValidation, UnknownStatusNamesAreRefused) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "t", {f.S()});
  auto r = f.ledger.resolve(id, "certain", "x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::invalid_argument);
  EXPECT_EQ(r.error().field, "status");
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
  EXPECT_TRUE(f.ledger.resolve(id, "confirmed", "x"));
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
  for (auto s : {BeliefStatus::unknown, BeliefStatus::uncertain, BeliefStatus::probable,
                 BeliefStatus::confirmed, BeliefStatus::contested, BeliefStatus::refuted})
    EXPECT_EQ(parse_belief_status(to_string(s)), s);
}

TEST(LedgerValidation, ConfigErrorsNameTheKey) {
  LedgerConfigOverrides o;
  o.contested_threshold = 0.8;
  auto c = make_ledger_config(o);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().field, "ledger.contested_threshold");
  o = {};
  o.min_confidence_for_action = 1.5;
  c = make_ledger_config(o);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().field, "ledger.min_confidence_for_action");
  o = {};
  o.decay_rate_per_hour = -1;
  EXPECT_FALSE(make_ledger_config(o));
}

TEST(LedgerValidation, UnknownIdsAreNotFoundErrorsNamingTheField) {
  LedgerFixture f;
  EXPECT_EQ(f.ledger.set_tags("ghost", {"x"}).error().field, "id");
  EXPECT_EQ(f.ledger.actionability("ghost").error().code, Errc::not_found);
  EXPECT_EQ(f.ledger.derive_status("ghost").error().field, "id");
  EXPECT_EQ(f.ledger.evidence("ghost").error().field, "id");
}

TEST(LedgerIds, IdsOfEveryLengthAreFoundAndNeverConfusedWithTheirPrefixes) {
  // Ids up to 16 bytes live in the hot record and compare as two words; longer
  // ones (such as the 24-character ids of earlier releases) live apart.
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string base = "bel_0123456789abcdefghijklmnopqrstuvwxyz-0123456789abcdefghijkl";
  std::vector<std::string> ids;
  for (std::size_t n : {1, 7, 8, 9, 15, 16, 17, 24, 63}) ids.push_back(base.substr(0, n));
  ids.push_back(base.substr(0, 15) + "X");  // same 15-byte prefix as ids[4]
  double w = 0.05;
  for (const auto& id : ids) {
    Assertion a;
    a.id = id;
    a.claim = "claim " + id;
    a.ns = "t";
    ASSERT_TRUE(f.ledger.assert_belief(a)) << id;
    ASSERT_TRUE(f.ledger.add_evidence(id, f.S(w += 0.05))) << id;
  }
  for (const auto& id : ids) {
    EXPECT_EQ(f.get(id).id, id);
    EXPECT_EQ(f.get(id).claim, "claim " + id);
    EXPECT_EQ(agg.aggregate(std::vector<std::string>{id}), f.conf(id).point) << id;
  }
  for (const auto& ghost : {base.substr(0, 2), base.substr(0, 14), base.substr(0, 23),
                            base.substr(0, 15) + "Y", base.substr(1, 16)})
    EXPECT_EQ(f.ledger.evidence(ghost).error().code, Errc::not_found) << ghost;
}

TEST(LedgerIds, NewIdsAreShortUniqueAndSortByCreationTime) {
  std::vector<std::string> ids;
  for (Millis t : {Millis{1'700'000'000'000}, Millis{1'700'000'000'001},
                   Millis{1'800'000'000'000}, Millis{4'000'000'000'000}})
    for (int k = 0; k < 3; ++k) ids.push_back(new_belief_id(t));
  for (const auto& id : ids) {
    EXPECT_EQ(id.size(), 15u) << id;
    EXPECT_EQ(id.rfind("bel_", 0), 0u) << id;
  }
  for (std::size_t i = 3; i < ids.size(); ++i) EXPECT_LT(ids[i - 3], ids[i]) << "later ms sorts later";
  std::set<std::string> unique(ids.begin(), ids.end());
  EXPECT_EQ(unique.size(), ids.size());
}

TEST(LedgerIds, NewIdsAreFoundWhateverOrderTheyArriveInAndAmongOtherIds) {
  // Ids made by new_belief_id are usually found from their counter bits
  // (runs of ordinals); whatever the order of arrival, the number of runs or
  // ids of other shapes mixed in, every lookup must land on the right belief.
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  std::vector<std::string> made;
  for (int i = 0; i < 60; ++i) made.push_back(new_belief_id(T0 + i / 7));
  std::vector<std::string> order;
  for (int i = 0; i < 20; ++i) order.push_back(made[i]);  // one run, in order
  for (int i = 59; i >= 20; --i) order.push_back(made[i]);  // 40 runs of one
  order.insert(order.begin() + 10, "custom-id");
  order.insert(order.begin() + 30, "bel_ABCDEFGHIJ-");  // 15 chars, not base 62
  std::vector<std::string> all;
  double w = 0.0;
  for (const auto& id : order) {
    Assertion a;
    a.id = id;
    a.claim = "claim " + id;
    a.ns = "t";
    ASSERT_TRUE(f.ledger.assert_belief(a)) << id;
    ASSERT_TRUE(f.ledger.add_evidence(id, f.S(w += 0.01))) << id;
    all.push_back(id);
    // The ledger's own ids in between (one more run each time).
    if (all.size() % 9 == 0) all.push_back(f.assert_("made by the ledger", "t", {f.S(w += 0.01)}));
  }
  auto check = [&](UncertaintyLedger& led, UncertaintyAggregator& ag) {
    for (const auto& id : all) {
      auto b = led.get(id);
      ASSERT_TRUE(b.has_value()) << id;
      EXPECT_EQ(b->id, id);
      EXPECT_EQ(ag.aggregate(std::vector<std::string>{id}), b->confidence.point) << id;
    }
    double log_sum = 0;
    for (const auto& id : all) log_sum += std::log(led.get(id)->confidence.point);
    EXPECT_NEAR(ag.aggregate(all), std::exp(log_sum / static_cast<double>(all.size())), 1e-12)
        << "every id of a batch found";
    // Ids never asserted: fresh ones, and ones with the counter bits of an
    // asserted id but another time (as another process could make), which
    // the runs place exactly on that belief: none may be found.
    static const std::string digits =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    auto later = [&](const std::string& id) {
      std::uint64_t v = 0;
      for (std::size_t i = 4; i < id.size(); ++i) v = v * 62 + digits.find(id[i]);
      v += std::uint64_t{1} << 22;  // one millisecond later, same counter
      std::string out = "bel_00000000000";
      for (std::size_t i = out.size(); i-- > 4; v /= 62) out[i] = digits[v % 62];
      return out;
    };
    for (const auto& ghost : {new_belief_id(T0), std::string("bel_00000000000"),
                              std::string("bel_zzzzzzzzzzz"), later(made[3]), later(made[40]),
                              later(all.back())})
      EXPECT_EQ(led.evidence(ghost).error().code, Errc::not_found) << ghost;
  };
  check(f.ledger, agg);
  LedgerFixture g;
  ASSERT_TRUE(g.ledger.import_beliefs(f.ledger.export_beliefs()));
  UncertaintyAggregator agg_g(g.ledger);
  check(g.ledger, agg_g);
}

TEST(LedgerEvidence, ItemsComeBackExactlyWhateverTheirTimestampsAndSources) {
  // Items keep their timestamps as differences from a base per storage
  // chunk: far apart, out of order, negative, and across chunks (long source
  // ids fill a chunk quickly), each comes back as it went in.
  LedgerFixture f;
  const std::string id = f.assert_("c", "t", {});
  const std::vector<Millis> times = {T0, 0, -5, 4'102'444'800'000, T0 - 1,
                                     std::numeric_limits<Millis>::max() / 2,
                                     std::numeric_limits<Millis>::min() / 2, 1};
  std::vector<Evidence> sent;
  for (int i = 0; i < 1500; ++i) {
    Evidence e;
    e.source_id = i % 3 == 0 ? std::string(static_cast<std::size_t>(2000 + i), 'x') + std::to_string(i)
                             : (i % 3 == 1 ? std::string() : "s" + std::to_string(i));
    e.source_type = i % 2 ? "tool-output" : "type-" + std::to_string(i % 200);
    e.supports = i % 4 != 0;
    e.weight = (i % 101) / 100.0;
    e.timestamp = times[static_cast<std::size_t>(i) % times.size()] + i;
    ASSERT_TRUE(f.ledger.add_evidence(id, e)) << i;
    sent.push_back(e);
  }
  for (std::size_t i = 0; i < sent.size(); ++i) {
    auto got = f.ledger.evidence_at(id, i);
    ASSERT_TRUE(got.has_value()) << i;
    EXPECT_EQ(got->timestamp, sent[i].timestamp) << i;
    EXPECT_EQ(got->source_id, sent[i].source_id) << i;
    EXPECT_EQ(got->source_type, sent[i].source_type) << i;
    EXPECT_EQ(got->supports, sent[i].supports) << i;
    EXPECT_EQ(got->weight, sent[i].weight) << i;
  }
}

TEST(LedgerValidation, ActionabilityReportsPointThresholdAndStatus) {
  LedgerFixture f;
  const std::string id = f.with_point(0.31, {f.S()});
  auto a = f.ledger.actionability(id);
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->actionable);
  EXPECT_EQ(a->point, 0.31);
  EXPECT_EQ(a->threshold, 0.3);
  EXPECT_EQ(a->status, BeliefStatus::uncertain);
  EXPECT_EQ(f.ledger.derive_status(id).value(), BeliefStatus::uncertain);
  EXPECT_FALSE(f.ledger.actionability(id, 0.5)->actionable) << "a caller's own threshold";
  EXPECT_EQ(f.ledger.actionability(id, 0.5)->threshold, 0.5);
  EXPECT_FALSE(f.ledger.is_actionable(id, 0.32));
  EXPECT_TRUE(f.ledger.is_actionable(id, 0.31));
}

// ===== scale ================================================================

namespace {
double time_appends(LedgerFixture& f, const std::string& id, int n) {
  double best = 1e9;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) (void)f.ledger.add_evidence(id, f.S(0.5 + (i % 5) * 0.1));
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  return best;
}
}  // namespace

TEST(LedgerScale, ABeliefWithAMillionItemsAppendsAsFastAsOneWithTen) {
  LedgerFixture f;
  const std::string small = f.assert_("small", "t", {});
  const std::string big = f.assert_("big", "t", {});
  for (int i = 0; i < 10; ++i) f.add(small, f.S(0.5));
  double sw = 0, ow = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const bool sup = i % 10 < 7;
    const double w = 0.05 + 0.95 * static_cast<double>((i * 7919u) % 1000u) / 1000.0;
    (sup ? sw : ow) += w;
    ASSERT_TRUE(f.ledger.add_evidence(big, f.item(sup, w, "tool-output")));
  }
  const Belief b = f.get(big);
  EXPECT_EQ(b.evidence_count(), 1'000'000u);
  EXPECT_EQ(b.supporting_weight, sw) << "running sums in insertion order";
  EXPECT_EQ(b.opposing_weight, ow);
  const double point = sw / (sw + ow);
  EXPECT_INTERVAL(b.confidence, point - 0.02, point, point + 0.02);
  const double t_small = time_appends(f, small, 20'000);
  const double t_big = time_appends(f, big, 20'000);
  EXPECT_LT(t_big, 4 * t_small + 2'000) << "small " << t_small << " us, big " << t_big << " us";
  auto e = f.ledger.evidence_at(big, 999'999);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->source_type, "tool-output");
}

// ===== export / import ======================================================

TEST(LedgerExportImport, RoundTripKeepsEdgesVerdictsAndEvidenceOrder) {
  LedgerFixture a, b;
  const std::string p = a.assert_("p", "ns1", {a.S(), a.O(0.2), a.S(0.3)});
  const std::string c = a.assert_("c", "ns2", {a.O(0.1)});
  a.depends(c, p, 0.7);
  a.resolve(p, BeliefStatus::confirmed, "checked");
  a.add(p, a.O(0.2));
  ASSERT_TRUE(a.ledger.set_tags(c, {"x"}));
  ASSERT_TRUE(b.ledger.import_beliefs(a.ledger.export_beliefs()));
  for (const auto& id : {p, c}) {
    EXPECT_EQ(b.get(id), a.get(id));
    EXPECT_EQ(b.ledger.evidence(id)->opposing, a.ledger.evidence(id)->opposing);
    EXPECT_EQ(b.ledger.evidence(id)->supporting, a.ledger.evidence(id)->supporting);
    EXPECT_EQ(b.ledger.evidence_at(id, 1), a.ledger.evidence_at(id, 1));
  }
  // Both continue identically.
  a.add(p, a.item(false, 0.9, "x"));
  b.add(p, b.item(false, 0.9, "x"));
  EXPECT_EQ(b.get(p).confidence, a.get(p).confidence);
  EXPECT_EQ(b.get(c).confidence, a.get(c).confidence);
  EXPECT_EQ(b.get(p).status, a.get(p).status);
}

TEST(LedgerExportImport, ImportValidatesEverythingBeforeChangingAnything) {
  LedgerFixture a, b;
  a.assert_("one", "t", {a.S()});
  a.assert_("two", "t", {a.S()});
  const std::string kept = b.assert_("kept", "t", {b.S()});
  LedgerExport bad_weight = a.ledger.export_beliefs();
  bad_weight.beliefs[1].evidence[0].weight = 3;
  auto st = b.ledger.import_beliefs(bad_weight);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().field, "evidence.weight");
  LedgerExport dup = a.ledger.export_beliefs();
  dup.beliefs[1].belief.id = dup.beliefs[0].belief.id;
  EXPECT_EQ(b.ledger.import_beliefs(dup).error().code, Errc::conflict);
  EXPECT_EQ(b.ledger.size(), 1u);
  EXPECT_TRUE(b.ledger.contains(kept));
}

TEST(LedgerExportImport, ImportRefusesACycle) {
  LedgerFixture a, b;
  const std::string x = a.assert_("x", "t", {a.S()});
  const std::string y = a.assert_("y", "t", {a.S()});
  a.depends(y, x, 1.0);
  LedgerExport data = a.ledger.export_beliefs();
  data.beliefs[0].belief.inferred_from.push_back(Dependency{y, 1.0});
  auto st = b.ledger.import_beliefs(data);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().field, "depends_on");
  EXPECT_EQ(b.ledger.size(), 0u);
}

TEST(LedgerExportImport, ACopiedLedgerIsIndependent) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "t", {f.S()});
  const std::string c = f.assert_("c", "t", {f.S()});
  f.depends(c, p, 0.5);
  UncertaintyLedger copy = f.ledger;
  f.add(p, f.O(0.9));
  expect_same(copy.get(c)->confidence, bound(kDef, kDef, 0.5));
  EXPECT_NE(f.conf(c), copy.get(c)->confidence);
  EXPECT_EQ(copy.evidence(p)->opposing.size(), 0u);
}

// ===== checks for the command side ==========================================

TEST(LedgerValidation, ChecksReportWhatTheMutationWouldRefuseWithoutMutating) {
  LedgerFixture f;
  const auto ids = chain(f, 5, 0.9);
  const std::string before = f.get(ids[0]).id;
  auto st = f.ledger.check_dependency(ids[0], ids[4], 1.0);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().field, "depends_on");
  EXPECT_EQ(f.ledger.depends_on(ids[0], ids[4], 1.0).error().message, st.error().message);
  EXPECT_EQ(f.ledger.check_dependency(ids[2], ids[2], 1.0).error().field, "depends_on");
  EXPECT_EQ(f.ledger.check_dependency(ids[2], "ghost", 1.0).error().field, "parent_id");
  EXPECT_EQ(f.ledger.check_dependency(ids[2], ids[0], kNaN).error().field, "weight");
  EXPECT_TRUE(f.ledger.check_dependency(ids[4], ids[0], 1.0));
  EXPECT_TRUE(f.get(ids[4]).inferred_from.size() == 1u) << "a check adds nothing";

  EXPECT_EQ(f.ledger.check_evidence(ids[0], f.S(2)).error().field, "evidence.weight");
  EXPECT_EQ(f.ledger.check_evidence("ghost", f.S()).error().field, "id");
  EXPECT_TRUE(f.ledger.check_evidence(ids[0], f.S()));
  EXPECT_EQ(f.get(ids[0]).evidence_count(), 1u);

  Assertion a;
  a.claim = "c";
  a.id = ids[1];
  EXPECT_EQ(f.ledger.check_assertion(a).error().code, Errc::conflict);
  a.id.clear();
  EXPECT_TRUE(f.ledger.check_assertion(a));
  EXPECT_EQ(f.ledger.size(), 5u);
}
