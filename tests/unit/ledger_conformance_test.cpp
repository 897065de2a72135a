// ledger_conformance_test: every case of docs/ledger-conformance.md (the 83
// upstream cases F/B/E/T/R/P/C/D/A/Q/U/X/G/W/S and the 48 edge cases
// X-S01..X-S48) against the engine's UncertaintyLedger, asserting the exact
// reference values. Where credence deliberately differs (engine/ledger.hpp
// lists why), the test asserts credence's behaviour and its name ends in
// `DiffersFromReference`; the comment gives the reference's result.
// Group: unit (LedgerConformance).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/ledger_codec.hpp"
#include "tests/unit/ledger_fixture.hpp"

using namespace credence;
using namespace credence::test;

namespace {

LedgerConfigOverrides decay_rate(double r) {
  LedgerConfigOverrides o;
  o.decay_rate_per_hour = r;
  return o;
}

LedgerConfigOverrides min_action(double m) {
  LedgerConfigOverrides o;
  o.min_confidence_for_action = m;
  return o;
}

std::vector<std::pair<std::string, int>> chain_of(const UncertaintyLedger& l,
                                                  const std::string& id) {
  std::vector<std::pair<std::string, int>> out;
  auto c = l.confidence_chain(id);
  EXPECT_TRUE(c) << c.error().describe();
  if (c)
    for (const auto& link : *c) out.emplace_back(link.belief.id, link.depth);
  return out;
}

}  // namespace

// ===== 2.1 Factory functions ================================================

TEST(LedgerConformance, F01_DefaultLedgerIsEmptyWithDefaultConfig) {
  LedgerFixture f;
  EXPECT_EQ(f.ledger.size(), 0u);
  const LedgerConfig& c = f.ledger.config();
  EXPECT_EQ(c.default_confidence, 0.7);
  EXPECT_EQ(c.decay_rate_per_hour, 0.01);
  EXPECT_EQ(c.contested_threshold, 0.3);
  EXPECT_EQ(c.refuted_threshold, 0.7);
  EXPECT_EQ(c.min_confidence_for_action, 0.3);
}

TEST(LedgerConformance, F02_CustomConfigOverridesFieldByField) {
  LedgerConfigOverrides o;
  o.default_confidence = 0.5;
  o.decay_rate_per_hour = 0.02;
  o.min_confidence_for_action = 0.6;
  LedgerFixture f(o);
  const LedgerConfig& c = f.ledger.config();
  EXPECT_EQ(c.default_confidence, 0.5);
  EXPECT_EQ(c.decay_rate_per_hour, 0.02);
  EXPECT_EQ(c.min_confidence_for_action, 0.6);
  EXPECT_EQ(c.contested_threshold, 0.3);
  EXPECT_EQ(c.refuted_threshold, 0.7);
}

TEST(LedgerConformance, F03_AggregatorIsCreatedOverALedger) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  EXPECT_EQ(agg.aggregate(std::vector<std::string>{}), 0.0);
  const std::string id = f.assert_("c", "test", {f.S()});
  EXPECT_EQ(agg.aggregate(std::vector<std::string>{id}), 0.7) << "reads that ledger";
}

// ===== 2.2 Ledger: basic operations =========================================

TEST(LedgerConformance, B01_AssertKeepsTheDefaultIntervalAndMakesACredenceId_DiffersFromReference) {
  // Reference: the id is a random 36-character UUID v4. credence uses its own
  // id scheme (bel_<time><counter>), carried in events so replays agree.
  LedgerFixture f;
  const std::string id = f.assert_("user is authenticated", "auth", {f.S(0.9)});
  EXPECT_EQ(id.rfind("bel_", 0), 0u);
  EXPECT_EQ(id.size(), 15u) << "fits std::string's own buffer and the hot record";
  const Belief b = f.get(id);
  EXPECT_EQ(b.claim, "user is authenticated");
  EXPECT_EQ(b.ns, "auth");
  EXPECT_EQ(b.supporting_count, 1u);
  EXPECT_EQ(b.opposing_count, 0u);
  EXPECT_DEF(b.confidence);  // assert does not recompute from the 0.9 weight
  EXPECT_EQ(b.status, BeliefStatus::uncertain);
  EXPECT_TRUE(b.tags.empty());
  EXPECT_TRUE(b.inferred_from.empty());
  EXPECT_EQ(b.decay_rate, 0.01);
  EXPECT_EQ(b.first_asserted, T0);
  EXPECT_EQ(b.last_updated, T0);
}

TEST(LedgerConformance, B02_AssertWithMixedEvidenceSplitsByDirection) {
  LedgerFixture f;
  const std::string id = f.assert_("claim is valid", "test", {f.S(0.8), f.O(0.3)});
  const Belief b = f.get(id);
  EXPECT_EQ(b.supporting_count, 1u);
  EXPECT_EQ(b.opposing_count, 1u);
  EXPECT_DEF(b.confidence);
  EXPECT_EQ(b.status, BeliefStatus::uncertain) << "ratio 0.3/1.1 < 0.3";
}

TEST(LedgerConformance, B03_AssertWithAnExplicitIntervalKeepsIt) {
  LedgerFixture f;
  const std::string id =
      f.assert_("custom confidence", "test", {f.S()}, point_lower_upper(0.85, 0.75, 0.95));
  EXPECT_INTERVAL(f.conf(id), 0.75, 0.85, 0.95);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
}

TEST(LedgerConformance, B04_AssertClampsToUnitInterval_DerivesConfirmed_DiffersFromReference) {
  // Reference status: probable (confirmed is never derived). credence derives
  // confirmed: point 1 >= 0.95 and no opposing evidence (seed's table).
  LedgerFixture f;
  const std::string id =
      f.assert_("clamped", "test", {f.S()}, point_lower_upper(1.5, -0.2, 1.8));
  EXPECT_INTERVAL(f.conf(id), 0.0, 1.0, 1.0);
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
}

TEST(LedgerConformance, B05_GetReturnsTheBeliefById) {
  LedgerFixture f;
  const std::string id = f.assert_("test claim", "test", {f.S()});
  auto b = f.ledger.get(id);
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(b->id, id);
  EXPECT_EQ(b->claim, "test claim");
}

TEST(LedgerConformance, B06_GetOfAnUnknownIdIsAbsent) {
  LedgerFixture f;
  EXPECT_FALSE(f.ledger.get("non-existent-id").has_value());
}

TEST(LedgerConformance, B07_SizeCountsBeliefs) {
  LedgerFixture f;
  EXPECT_EQ(f.ledger.size(), 0u);
  f.assert_("belief 1", "test", {f.S()});
  EXPECT_EQ(f.ledger.size(), 1u);
  f.assert_("belief 2", "test", {f.S()});
  EXPECT_EQ(f.ledger.size(), 2u);
}

TEST(LedgerConformance, B08_ClearRemovesEveryBelief) {
  LedgerFixture f;
  const std::string a = f.assert_("belief 1", "test", {f.S()});
  f.assert_("belief 2", "test", {f.S()});
  EXPECT_EQ(f.ledger.size(), 2u);
  f.ledger.clear();
  EXPECT_EQ(f.ledger.size(), 0u);
  EXPECT_FALSE(f.ledger.contains(a));
}

// ===== 2.3 Ledger: evidence management ======================================

TEST(LedgerConformance, E01_SupportingEvidenceRaisesConfidence_DerivesConfirmed_DiffersFromReference) {
  // Reference status: probable. credence: point 1, no opposing -> confirmed.
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.5)});
  EXPECT_EQ(f.conf(id).point, 0.7);
  f.clock.advance(10);
  const BeliefUpdate u = f.add(id, f.S(0.8));
  EXPECT_EQ(u.evidence_count, 2u);
  EXPECT_INTERVAL(u.confidence, 0.7878679656440357, 1.0, 1.0);
  const Belief b = f.get(id);
  EXPECT_EQ(b.supporting_count, 2u);
  EXPECT_INTERVAL(b.confidence, 0.7878679656440357, 1.0, 1.0);
  EXPECT_EQ(b.status, BeliefStatus::confirmed);
  EXPECT_EQ(b.last_updated, T0 + 10);
}

TEST(LedgerConformance, E02_OpposingEvidenceLowersConfidence) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.8)});
  f.clock.advance(10);
  f.add(id, f.O(0.7));
  const Belief b = f.get(id);
  EXPECT_EQ(b.opposing_count, 1u);
  EXPECT_INTERVAL(b.confidence, 0.3212012989773691, 0.5333333333333333, 0.7454653676892975);
  EXPECT_EQ(b.status, BeliefStatus::contested);
}

TEST(LedgerConformance, E03_EvidenceForAnUnknownBeliefIsANotFoundError) {
  LedgerFixture f;
  auto r = f.ledger.add_evidence("non-existent", f.S());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
  EXPECT_EQ(r.error().field, "id");
  EXPECT_EQ(f.ledger.size(), 0u);
}

TEST(LedgerConformance, E04_LastUpdatedComesFromTheClock_DerivesConfirmed_DiffersFromReference) {
  // Reference status: probable; credence derives confirmed (point 1, no opposing).
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S()});
  f.clock.advance(10);
  Evidence e = f.S(0.8);
  e.timestamp = T0 + 100;
  f.add(id, e);
  const Belief b = f.get(id);
  EXPECT_EQ(b.last_updated, T0 + 10) << "not the evidence timestamp";
  EXPECT_INTERVAL(b.confidence, 0.7878679656440357, 1.0, 1.0);
  EXPECT_EQ(b.status, BeliefStatus::confirmed);
}

TEST(LedgerConformance, E05_ConfidenceIsRecomputedFromAllEvidence) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.9), f.S(0.8)});
  f.clock.advance(10);
  f.add(id, f.O(0.3));
  EXPECT_INTERVAL(f.conf(id), 0.6767949192431124, 0.8500000000000001, 1.0);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
}

TEST(LedgerConformance, E06_ComputeConfidenceRecomputes_DerivesConfirmed_DiffersFromReference) {
  // Reference status: probable; credence derives confirmed (point 1, no opposing).
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.6)});
  f.clock.advance(10);
  auto c = f.ledger.compute_confidence(id);
  ASSERT_TRUE(c);
  EXPECT_INTERVAL(*c, 0.7, 1.0, 1.0);
  const Belief b = f.get(id);
  EXPECT_INTERVAL(b.confidence, 0.7, 1.0, 1.0);
  EXPECT_EQ(b.status, BeliefStatus::confirmed);
  EXPECT_EQ(b.last_updated, T0 + 10);
}

TEST(LedgerConformance, E07_ComputeConfidenceOfAnUnknownBeliefIsANotFoundError) {
  LedgerFixture f;
  auto c = f.ledger.compute_confidence("non-existent");
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, Errc::not_found);
  EXPECT_EQ(c.error().field, "id");
}

// ===== 2.4 Ledger: status transitions =======================================

TEST(LedgerConformance, T01_NoEvidenceIsUnknown) {
  LedgerFixture f;
  const std::string id = f.assert_("no evidence", "test", {});
  EXPECT_EQ(f.status(id), BeliefStatus::unknown);
  EXPECT_DEF(f.conf(id));
}

TEST(LedgerConformance, T02_HighSupportIsProbable) {
  LedgerFixture f;
  ConfidenceOverride c;
  c.point = 0.85;
  const std::string id = f.assert_("high support", "test", {f.S(0.9), f.S(0.9), f.S(0.8)}, c);
  EXPECT_INTERVAL(f.conf(id), 0.75, 0.85, 0.95);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
}

TEST(LedgerConformance, T03_ModerateConfidenceIsUncertain) {
  LedgerFixture f;
  ConfidenceOverride c;
  c.point = 0.65;
  const std::string id = f.assert_("moderate", "test", {f.S(0.8), f.O(0.1)}, c);
  EXPECT_INTERVAL(f.conf(id), 0.55, 0.65, 0.75);
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
}

TEST(LedgerConformance, T04_ThirtyPercentOpposingIsContested) {
  LedgerFixture f;
  const std::string id = f.assert_("contested", "test", {f.S(0.6), f.O(0.4)});
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
  EXPECT_DEF(f.conf(id));
}

TEST(LedgerConformance, T05_SeventyPercentOpposingIsRefuted) {
  LedgerFixture f;
  const std::string id = f.assert_("refuted", "test", {f.S(0.2), f.O(0.8), f.O(0.8)});
  EXPECT_EQ(f.status(id), BeliefStatus::refuted);
  EXPECT_DEF(f.conf(id));
}

TEST(LedgerConformance, T06_OpposingEvidenceTurnsProbableIntoContested) {
  LedgerFixture f;
  ConfidenceOverride c;
  c.point = 0.85;
  const std::string id = f.assert_("claim", "test", {f.S(0.9), f.S(0.8)}, c);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
  EXPECT_INTERVAL(f.conf(id), 0.75, 0.85, 0.95);
  f.clock.advance(10);
  f.add(id, f.O(0.9));
  EXPECT_INTERVAL(f.conf(id), 0.4806410730892661, 0.6538461538461539, 0.8270512346030416);
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
}

TEST(LedgerConformance, T07_OverwhelmingOpposingEvidenceRefutes) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.5)});
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
  f.clock.advance(10);
  f.add(id, f.O(0.9));
  EXPECT_INTERVAL(f.conf(id), 0.14501082278689292, 0.35714285714285715, 0.5692748914988214);
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
  f.clock.advance(10);
  f.add(id, f.O(0.9));
  EXPECT_INTERVAL(f.conf(id), 0.04418622359093838, 0.2173913043478261, 0.39059638510471384);
  EXPECT_EQ(f.status(id), BeliefStatus::refuted);
}

// ===== 2.5 Ledger: manual resolution ========================================

TEST(LedgerConformance, R01_ResolveConfirmedRaisesTheIntervalAndRecordsHumanInput) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.6)});
  f.clock.advance(10);
  ASSERT_TRUE(f.ledger.resolve(id, BeliefStatus::confirmed, "Human verified"));
  const Belief b = f.get(id);
  EXPECT_EQ(b.status, BeliefStatus::confirmed);
  EXPECT_INTERVAL(b.confidence, 0.9, 0.95, 1.0);
  EXPECT_EQ(b.supporting_count, 2u);
  EXPECT_EQ(b.last_updated, T0 + 10);
  auto ev = f.ledger.evidence(id);
  ASSERT_TRUE(ev);
  ASSERT_EQ(ev->supporting.size(), 2u);
  const Evidence& last = ev->supporting.back();
  EXPECT_EQ(last.source_id, "resolution:" + id + ":" + std::to_string(T0 + 10));
  EXPECT_EQ(last.source_type, "human-input");
  EXPECT_EQ(last.supports, true);
  EXPECT_EQ(last.weight, 1.0);
  EXPECT_EQ(last.timestamp, T0 + 10);
}

TEST(LedgerConformance, R02_ResolveRefutedLowersTheIntervalAndRecordsOpposingHumanInput) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S(0.8)});
  ASSERT_TRUE(f.ledger.resolve(id, BeliefStatus::refuted, "Disproven by test"));
  const Belief b = f.get(id);
  EXPECT_EQ(b.status, BeliefStatus::refuted);
  EXPECT_INTERVAL(b.confidence, 0.0, 0.05, 0.1);
  EXPECT_EQ(b.opposing_count, 1u);
  auto ev = f.ledger.evidence(id);
  ASSERT_TRUE(ev);
  ASSERT_EQ(ev->opposing.size(), 1u);
  EXPECT_EQ(ev->opposing[0].source_type, "human-input");
  EXPECT_EQ(ev->opposing[0].weight, 1.0);
  EXPECT_EQ(ev->opposing[0].supports, false);
}

TEST(LedgerConformance, R03_ConfirmingAddsSupportingResolutionEvidence) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S()});
  EXPECT_EQ(f.get(id).supporting_count, 1u);
  ASSERT_TRUE(f.ledger.resolve(id, BeliefStatus::confirmed, "Tested and verified"));
  auto ev = f.ledger.evidence(id);
  ASSERT_TRUE(ev);
  ASSERT_EQ(ev->supporting.size(), 2u);
  EXPECT_EQ(ev->supporting.back().source_type, "human-input");
  EXPECT_EQ(ev->supporting.back().weight, 1.0);
  EXPECT_EQ(ev->supporting.back().supports, true);
  EXPECT_INTERVAL(f.conf(id), 0.9, 0.95, 1.0);
}

TEST(LedgerConformance, R04_RefutingAddsOpposingResolutionEvidence) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S()});
  ASSERT_TRUE(f.ledger.resolve(id, BeliefStatus::refuted, "Failed validation"));
  auto ev = f.ledger.evidence(id);
  ASSERT_TRUE(ev);
  ASSERT_EQ(ev->opposing.size(), 1u);
  EXPECT_EQ(ev->opposing.back().source_type, "human-input");
  EXPECT_EQ(ev->opposing.back().weight, 1.0);
  EXPECT_EQ(ev->opposing.back().supports, false);
  EXPECT_INTERVAL(f.conf(id), 0.0, 0.05, 0.1);
}

TEST(LedgerConformance, R05_ResolvingAnUnknownBeliefIsANotFoundError) {
  LedgerFixture f;
  auto r = f.ledger.resolve("non-existent", BeliefStatus::confirmed, "reason");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
  EXPECT_EQ(r.error().field, "id");
}

TEST(LedgerConformance, R06_ConfirmedSurvivesRecomputation) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S()});
  f.resolve(id, BeliefStatus::confirmed, "Human verified");
  f.clock.advance(10);
  f.add(id, f.S());
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
  EXPECT_INTERVAL(f.conf(id), 0.8267949192431123, 1.0, 1.0);  // 0.8, 1.0, 0.8 supporting
}

// ===== 2.6 Ledger: uncertainty propagation ==================================

TEST(LedgerConformance, P01_ChildIsBoundedByParentTimesWeight) {
  LedgerFixture f;
  const std::string p = f.assert_("parent claim", "test", {f.S(0.9)});
  const std::string c = f.assert_("child claim", "test", {f.S(0.95)});
  f.clock.advance(10);
  auto u = f.ledger.depends_on(c, p, 0.8);
  ASSERT_TRUE(u);
  const Belief child = f.get(c);
  ASSERT_EQ(child.inferred_from.size(), 1u);
  EXPECT_EQ(child.inferred_from[0].parent_id, p);
  EXPECT_INTERVAL(child.confidence, 0.48, 0.5599999999999999, 0.64);
  EXPECT_EQ(child.status, BeliefStatus::uncertain);
  EXPECT_EQ(child.last_updated, T0 + 10);
  const Belief parent = f.get(p);
  EXPECT_DEF(parent.confidence);
  EXPECT_EQ(parent.last_updated, T0);
}

TEST(LedgerConformance, P02_BoundIsParentPointTimesWeight) {
  LedgerFixture f;
  const std::string p = f.assert_("parent", "test", {f.S(0.7)});
  const std::string c = f.assert_("child", "test", {f.S(0.95)});
  f.depends(c, p, 0.6);
  EXPECT_INTERVAL(f.conf(c), 0.36, 0.42, 0.4799999999999999);
}

TEST(LedgerConformance, P03_PropagationKeepsLowerPointUpperOrdered) {
  LedgerFixture f;
  const std::string p = f.assert_("parent", "test", {f.S(0.8)});
  const std::string c = f.assert_("child", "test", {f.S(0.9)});
  f.depends(c, p, 0.5);
  const ConfidenceInterval ci = f.conf(c);
  EXPECT_INTERVAL(ci, 0.3, 0.35, 0.39999999999999997);
  EXPECT_LE(ci.lower, ci.point);
  EXPECT_LE(ci.point, ci.upper);
}

TEST(LedgerConformance, P04_InferenceWeightIsClampedToOne) {
  LedgerFixture f;
  const std::string p = f.assert_("parent", "test", {f.S(0.8)});
  const std::string c = f.assert_("child", "test", {f.S(0.9)});
  f.depends(c, p, 1.5);
  const Belief child = f.get(c);
  EXPECT_DEF(child.confidence);
  ASSERT_EQ(child.inferred_from.size(), 1u);
  EXPECT_EQ(child.inferred_from[0].parent_id, p);
  EXPECT_EQ(child.inferred_from[0].weight, 1.0);
}

TEST(LedgerConformance, P05_RepeatedPropagationDoesNotDuplicateTheParent) {
  LedgerFixture f;
  const std::string p = f.assert_("parent", "test", {f.S()});
  const std::string c = f.assert_("child", "test", {f.S()});
  f.depends(c, p, 0.8);
  EXPECT_INTERVAL(f.conf(c), 0.48, 0.5599999999999999, 0.64);
  f.depends(c, p, 0.7);
  const Belief child = f.get(c);
  EXPECT_EQ(child.inferred_from.size(), 1u);
  EXPECT_INTERVAL(child.confidence, 0.42, 0.48999999999999994, 0.5599999999999999);
}

TEST(LedgerConformance, P06_UnknownParentIsANotFoundErrorWithoutSideEffects) {
  LedgerFixture f;
  const std::string c = f.assert_("child", "test", {f.S()});
  auto r = f.ledger.depends_on(c, "non-existent", 0.8);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
  EXPECT_EQ(r.error().field, "parent_id");
  const Belief child = f.get(c);
  EXPECT_TRUE(child.inferred_from.empty());
  EXPECT_DEF(child.confidence);
}

TEST(LedgerConformance, P07_UnknownChildIsANotFoundError) {
  LedgerFixture f;
  const std::string p = f.assert_("parent", "test", {f.S()});
  auto r = f.ledger.depends_on("non-existent", p, 0.8);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
  EXPECT_EQ(r.error().field, "id");
}

// ===== 2.7 Ledger: confidence chain =========================================

TEST(LedgerConformance, C01_ChainOfALeafIsItself) {
  LedgerFixture f;
  const std::string b = f.assert_("leaf", "test", {f.S()});
  EXPECT_EQ(chain_of(f.ledger, b), (std::vector<std::pair<std::string, int>>{{b, 0}}));
}

TEST(LedgerConformance, C02_ChainTracesEveryLevel) {
  LedgerFixture f;
  const std::string root = f.assert_("root", "test", {f.S()});
  const std::string parent = f.assert_("parent", "test", {f.S()});
  const std::string child = f.assert_("child", "test", {f.S()});
  f.depends(parent, root, 0.8);
  f.depends(child, parent, 0.7);
  EXPECT_EQ(chain_of(f.ledger, child),
            (std::vector<std::pair<std::string, int>>{{child, 0}, {parent, 1}, {root, 2}}));
  EXPECT_DEF(f.conf(root));
  EXPECT_INTERVAL(f.conf(parent), 0.48, 0.5599999999999999, 0.64);
  EXPECT_INTERVAL(f.conf(child), 0.33599999999999997, 0.39199999999999996,
                  0.44799999999999995);
}

TEST(LedgerConformance, C03_ChainIsOrderedByDepth) {
  LedgerFixture f;
  const std::string root = f.assert_("root", "test", {f.S()});
  const std::string parent = f.assert_("parent", "test", {f.S()});
  const std::string child = f.assert_("child", "test", {f.S()});
  f.depends(parent, root, 0.8);
  f.depends(child, parent, 0.7);
  const auto chain = chain_of(f.ledger, child);
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(chain[0].second, 0);
  EXPECT_EQ(chain[1].second, 1);
  EXPECT_EQ(chain[2].second, 2);
}

TEST(LedgerConformance, C04_ACycleIsRefusedSoTheChainStaysFinite_DiffersFromReference) {
  // Reference: cycles can be built (by mutating inferredFrom directly) and
  // chain(a) = [(a,0), (b,1)] terminates thanks to a visited set. credence
  // refuses the edge that would close the cycle (field depends_on).
  LedgerFixture f;
  const std::string a = f.assert_("a", "test", {f.S()});
  const std::string b = f.assert_("b", "test", {f.S()});
  f.depends(b, a, 0.8);
  f.depends(b, a, 0.8);
  EXPECT_EQ(f.get(b).inferred_from.size(), 1u) << "no duplicate edge";
  auto r = f.ledger.depends_on(a, b, 1.0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::invalid_argument);
  EXPECT_EQ(r.error().field, "depends_on");
  EXPECT_TRUE(f.get(a).inferred_from.empty());
  EXPECT_EQ(chain_of(f.ledger, a), (std::vector<std::pair<std::string, int>>{{a, 0}}));
  EXPECT_EQ(chain_of(f.ledger, b), (std::vector<std::pair<std::string, int>>{{b, 0}, {a, 1}}));
}

TEST(LedgerConformance, C05_ChainOfAnUnknownBeliefIsANotFoundError) {
  LedgerFixture f;
  auto c = f.ledger.confidence_chain("non-existent");
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, Errc::not_found);
}

// ===== 2.8 Ledger: time-based decay (decay rate 0.1) ========================

TEST(LedgerConformance, D01_DecayLowersConfidenceOverTime) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("claim", "test", {f.S(0.9)});
  f.ledger.decay_all(T0 + HOUR);
  const Belief b = f.get(id);
  EXPECT_INTERVAL(b.confidence, 0.5, 0.6, 0.7499999999999999);
  EXPECT_EQ(b.status, BeliefStatus::uncertain);
  EXPECT_EQ(b.last_updated, T0 + HOUR);
}

TEST(LedgerConformance, D02_DecayIsProportionalToElapsedHours) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("claim", "test", {f.S(0.8)});
  f.ledger.decay_all(T0 + 2 * HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.39999999999999997, 0.49999999999999994, 0.7);
}

TEST(LedgerConformance, D03_NoElapsedTimeNoDecay) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("claim", "test", {f.S()});
  EXPECT_EQ(f.ledger.decay_all(T0), 0u);
  EXPECT_DEF(f.conf(id));
  EXPECT_EQ(f.get(id).last_updated, T0);
}

TEST(LedgerConformance, D04_TimeInThePastDoesNotDecay) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("claim", "test", {f.S()});
  EXPECT_EQ(f.ledger.decay_all(T0 - HOUR), 0u);
  EXPECT_DEF(f.conf(id));
  EXPECT_EQ(f.get(id).last_updated, T0);
}

TEST(LedgerConformance, D05_DecayFloorsAtZero) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("claim", "test", {f.S(0.2)});
  f.ledger.decay_all(T0 + 10 * HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.0, 0.0, 0.29999999999999993);
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
}

TEST(LedgerConformance, D06_DecayShrinksTheBounds) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("claim", "test", {f.S(0.8)});
  f.ledger.decay_all(T0 + HOUR);
  const ConfidenceInterval c = f.conf(id);
  EXPECT_INTERVAL(c, 0.5, 0.6, 0.7499999999999999);
  EXPECT_LE(c.lower, 0.6);
  EXPECT_LE(c.upper, 0.7999999999999999);
}

TEST(LedgerConformance, D07_DecayRederivesTheStatus) {
  LedgerFixture f(decay_rate(0.1));
  ConfidenceOverride c;
  c.point = 0.85;
  const std::string id = f.assert_("claim", "test", {f.S(0.9), f.S(0.9)}, c);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
  f.ledger.decay_all(T0 + 5 * HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.25, 0.35, 0.7);
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
}

// ===== 2.9 Ledger: actionability (min confidence 0.6) =======================

TEST(LedgerConformance, A01_ConfidentBeliefIsActionable) {
  LedgerFixture f(min_action(0.6));
  const std::string id = f.assert_("claim", "test", {f.S(0.9), f.S(0.8)});
  EXPECT_TRUE(f.ledger.is_actionable(id));
}

TEST(LedgerConformance, A02_UnconfidentBeliefIsNotActionable) {
  LedgerFixture f(min_action(0.6));
  const std::string id = f.with_point(0.4, {f.S(0.4)});
  EXPECT_INTERVAL(f.conf(id), 0.30000000000000004, 0.4, 0.5);
  EXPECT_FALSE(f.ledger.is_actionable(id));
}

TEST(LedgerConformance, A03_ActionabilityUsesTheConfiguredThreshold) {
  LedgerFixture f(min_action(0.6));
  const std::string x = f.with_point(0.65, {f.S(0.65)});
  const std::string y = f.with_point(0.55, {f.S(0.55)});
  EXPECT_TRUE(f.ledger.is_actionable(x));
  EXPECT_FALSE(f.ledger.is_actionable(y));
  EXPECT_INTERVAL(f.conf(y), 0.45000000000000007, 0.55, 0.65);
}

TEST(LedgerConformance, A04_UnknownBeliefIsNotActionable) {
  LedgerFixture f(min_action(0.6));
  EXPECT_FALSE(f.ledger.is_actionable("non-existent"));
}

// ===== 2.10 Ledger: querying ================================================

namespace {
struct ThreeClaims {
  LedgerFixture f;
  std::string c1, c2, c3;
  ThreeClaims() {
    c1 = f.assert_("claim 1", "auth", {f.S()});
    f.clock.advance(1);
    c2 = f.assert_("claim 2", "data", {f.S()});
    f.clock.advance(1);
    c3 = f.assert_("claim 3", "auth", {f.S()});
  }
};
}  // namespace

TEST(LedgerConformance, Q01_QueryWithoutFiltersReturnsAllNewestFirst) {
  ThreeClaims t;
  EXPECT_EQ(claims_of(t.f.ledger.query()),
            (std::vector<std::string>{"claim 3", "claim 2", "claim 1"}));
}

TEST(LedgerConformance, Q02_QueryFiltersByNamespace) {
  ThreeClaims t;
  BeliefQuery q;
  q.ns = "auth";
  const auto r = t.f.ledger.query(q);
  EXPECT_EQ(claims_of(r), (std::vector<std::string>{"claim 3", "claim 1"}));
  for (const auto& b : r) EXPECT_EQ(b.ns, "auth");
}

TEST(LedgerConformance, Q03_QueryFiltersByStatus) {
  LedgerFixture f;
  f.assert_("probable", "test", {f.S(0.9), f.S(0.9)});
  const std::string contested = f.assert_("contested", "test", {f.S(0.5), f.O(0.4)});
  f.assert_("unknown", "test", {});
  BeliefQuery q;
  q.status = BeliefStatus::contested;
  EXPECT_EQ(ids_of(f.ledger.query(q)), std::vector<std::string>{contested});
}

TEST(LedgerConformance, Q04_QueryFiltersByMinimumConfidenceInclusively) {
  LedgerFixture f;
  f.assert_("high", "test", {f.S(0.9)});
  f.assert_("medium", "test", {f.S(0.6)});
  f.assert_("low", "test", {f.S(0.3)});
  BeliefQuery q;
  q.min_confidence = 0.7;
  const auto r = f.ledger.query(q);
  EXPECT_EQ(r.size(), 3u) << "all have point 0.7 and the test is >=";
  for (const auto& b : r) EXPECT_GE(b.confidence.point, 0.7);
  q.min_confidence = 0.71;
  EXPECT_TRUE(f.ledger.query(q).empty());
}

TEST(LedgerConformance, Q05_QueryFiltersByAllListedTags) {
  LedgerFixture f;
  const std::string b1 = f.assert_("b1", "test", {f.S()});
  const std::string b2 = f.assert_("b2", "test", {f.S()});
  const std::string b3 = f.assert_("b3", "test", {f.S()});
  ASSERT_TRUE(f.ledger.set_tags(b1, {"important", "security"}));
  ASSERT_TRUE(f.ledger.set_tags(b2, {"important"}));
  ASSERT_TRUE(f.ledger.set_tags(b3, {"security"}));
  BeliefQuery q;
  q.tags = {"important"};
  EXPECT_EQ(ids_of(f.ledger.query(q)), (std::vector<std::string>{b1, b2}));
  q.tags = {"important", "security"};
  EXPECT_EQ(ids_of(f.ledger.query(q)), std::vector<std::string>{b1});
}

TEST(LedgerConformance, Q06_QueryAndsEveryFilter) {
  LedgerFixture f;
  const std::string b1 = f.assert_("claim 1", "auth", {f.S(0.9)});
  ASSERT_TRUE(f.ledger.set_tags(b1, {"critical"}));
  f.assert_("claim 2", "auth", {f.S(0.5)});
  f.assert_("claim 3", "data", {f.S(0.9)});
  BeliefQuery q;
  q.ns = "auth";
  q.min_confidence = 0.7;
  q.tags = {"critical"};
  EXPECT_EQ(ids_of(f.ledger.query(q)), std::vector<std::string>{b1});
}

TEST(LedgerConformance, Q07_QuerySortsByLastUpdatedDescendingAndStably) {
  {
    LedgerFixture f;
    f.assert_("first", "test", {f.S()});
    f.assert_("second", "test", {f.S()});
    f.assert_("third", "test", {f.S()});
    EXPECT_EQ(claims_of(f.ledger.query()),
              (std::vector<std::string>{"first", "second", "third"}))
        << "ties keep insertion order";
  }
  LedgerFixture f;
  f.assert_("first", "test", {f.S()});
  f.clock.advance(1);
  f.assert_("second", "test", {f.S()});
  f.clock.advance(1);
  f.assert_("third", "test", {f.S()});
  const auto r = f.ledger.query();
  EXPECT_EQ(claims_of(r), (std::vector<std::string>{"third", "second", "first"}));
  for (std::size_t i = 1; i < r.size(); ++i) EXPECT_GE(r[i - 1].last_updated, r[i].last_updated);
}

// ===== 2.11 Ledger: contested and unresolved ================================

TEST(LedgerConformance, U01_ContestedListsContestedBeliefs) {
  LedgerFixture f;
  f.assert_("probable", "test", {f.S(0.9)});
  const std::string c1 = f.assert_("contested 1", "test", {f.S(0.6), f.O(0.5)});
  const std::string c2 = f.assert_("contested 2", "test", {f.S(0.5), f.O(0.4)});
  EXPECT_EQ(ids_of(f.ledger.contested()), (std::vector<std::string>{c1, c2}));
}

TEST(LedgerConformance, U02_UnresolvedListsUncertainAndContested) {
  LedgerFixture f;
  f.assert_("probable", "test", {f.S(0.9), f.S(0.9)});
  f.assert_("uncertain", "test", {f.S(0.6)});
  f.assert_("contested", "test", {f.S(0.5), f.O(0.4)});
  const auto r = f.ledger.unresolved();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].status, BeliefStatus::uncertain);
  EXPECT_EQ(r[1].status, BeliefStatus::uncertain);
  EXPECT_EQ(r[2].status, BeliefStatus::contested);
}

TEST(LedgerConformance, U03_ConfirmedIsNotUnresolved) {
  LedgerFixture f;
  const std::string id = f.assert_("claim", "test", {f.S()});
  f.resolve(id, BeliefStatus::confirmed, "verified");
  EXPECT_TRUE(f.ledger.unresolved().empty());
}

// ===== 2.12 Ledger: import/export ===========================================

TEST(LedgerConformance, X01_ExportCarriesEveryBeliefField) {
  LedgerFixture f;
  f.assert_("claim 1", "test", {f.S()});
  f.assert_("claim 2", "test", {f.S()});
  const LedgerExport x = f.ledger.export_beliefs();
  ASSERT_EQ(x.beliefs.size(), 2u);
  EXPECT_EQ(x.version, 1);
  EXPECT_TRUE(parse_rfc3339(x.created_at).has_value()) << x.created_at;
  for (const auto& eb : x.beliefs) {
    JsonWriter w;
    write_belief(w, eb.belief);
    simdjson::dom::parser parser;
    auto obj = json::parse_object(parser, w.view());
    ASSERT_TRUE(obj);
    json::ObjReader r(*obj);
    for (const char* key : {"id", "claim", "namespace", "confidence", "status", "depends_on",
                            "supporting_count", "opposing_count", "first_asserted",
                            "last_updated", "decay_rate", "tags"})
      EXPECT_TRUE(r.has(key)) << key;
    EXPECT_EQ(eb.evidence.size(), 1u);
  }
}

TEST(LedgerConformance, X02_ImportRestoresExportedBeliefs) {
  LedgerFixture a, b;
  a.assert_("claim 1", "test", {a.S()});
  ASSERT_TRUE(b.ledger.import_beliefs(a.ledger.export_beliefs()));
  EXPECT_EQ(b.ledger.size(), 1u);
  EXPECT_EQ(b.ledger.query()[0].claim, "claim 1");
}

TEST(LedgerConformance, X03_ImportReplacesExistingBeliefs) {
  LedgerFixture a, b;
  a.assert_("old claim", "test", {a.S()});
  b.assert_("new claim 1", "test", {b.S()});
  b.assert_("new claim 2", "test", {b.S()});
  ASSERT_TRUE(a.ledger.import_beliefs(b.ledger.export_beliefs()));
  EXPECT_EQ(a.ledger.size(), 2u);
  for (const auto& x : a.ledger.query()) EXPECT_NE(x.claim, "old claim");
}

TEST(LedgerConformance, X04_ImportRefusesAnUnsupportedVersion) {
  LedgerFixture f;
  const std::string kept = f.assert_("kept", "test", {f.S()});
  LedgerExport data;
  data.created_at = format_rfc3339(T0);
  data.version = 999;
  auto st = f.ledger.import_beliefs(data);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "Unsupported uncertainty ledger version: 999 (expected 1)");
  EXPECT_EQ(st.error().code, Errc::unsupported);
  EXPECT_TRUE(f.ledger.contains(kept)) << "nothing changed";
}

TEST(LedgerConformance, X05_ExportImportPreservesEveryProperty) {
  LedgerFixture a, b;
  const std::string id = a.assert_("claim", "test", {a.S(0.8)});
  ASSERT_TRUE(a.ledger.set_tags(id, {"important", "security"}));
  ASSERT_TRUE(b.ledger.import_beliefs(a.ledger.export_beliefs()));
  auto got = b.ledger.get(id);
  ASSERT_TRUE(got.has_value()) << "found under the same id";
  EXPECT_EQ(got->claim, "claim");
  EXPECT_EQ(got->ns, "test");
  EXPECT_EQ(got->confidence.point, 0.7);
  EXPECT_EQ(got->status, BeliefStatus::uncertain);
  EXPECT_EQ(got->tags, (std::vector<std::string>{"important", "security"}));
  EXPECT_EQ(got->evidence_count(), 1u);
  EXPECT_EQ(*got, *a.ledger.get(id)) << "every field";
}

// ===== 2.13 Aggregator: aggregate confidence ================================

TEST(LedgerConformance, G01_AggregateIsTheGeometricMean) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::vector<std::string> ids = {f.with_point(0.9, {f.S(0.9)}),
                                        f.with_point(0.8, {f.S(0.8)}),
                                        f.with_point(0.7, {f.S(0.7)})};
  const double g = agg.aggregate(ids);
  EXPECT_NEAR(g, 0.7958114415792783, 1e-12);
  EXPECT_LT(std::fabs(g - 0.794), 0.005);
}

TEST(LedgerConformance, G02_AggregateOfNothingIsZero) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  EXPECT_EQ(agg.aggregate(std::vector<std::string>{}), 0.0);
}

TEST(LedgerConformance, G03_AggregateSkipsUnknownIds) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string id = f.assert_("c", "test", {f.S(0.8)});
  EXPECT_EQ(agg.aggregate(std::vector<std::string>{id, "non-existent"}), 0.7);
}

TEST(LedgerConformance, G04_OneWeakBeliefDragsTheAggregateDown) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::vector<std::string> ids = {f.with_point(0.9, {f.S(0.9)}),
                                        f.with_point(0.9, {f.S(0.9)}),
                                        f.with_point(0.2, {f.S(0.2)})};
  const double g = agg.aggregate(ids);
  EXPECT_NEAR(g, 0.545136177849642, 1e-12);
  EXPECT_LT(g, 0.6);
}

// ===== 2.14 Aggregator: worst/best case =====================================

TEST(LedgerConformance, W01_WorstCaseIsTheMinimum) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::vector<std::string> ids = {f.with_point(0.9, {f.S(0.9)}),
                                        f.with_point(0.6, {f.S(0.6)}),
                                        f.with_point(0.3, {f.S(0.3)})};
  EXPECT_EQ(agg.worst_case(ids), 0.3);
}

TEST(LedgerConformance, W02_BestCaseIsTheMaximum) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::vector<std::string> ids = {f.with_point(0.9, {f.S(0.9)}),
                                        f.with_point(0.6, {f.S(0.6)}),
                                        f.with_point(0.3, {f.S(0.3)})};
  EXPECT_EQ(agg.best_case(ids), 0.9);
}

TEST(LedgerConformance, W03_WorstAndBestOfNothingAreZero) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  EXPECT_EQ(agg.worst_case(std::vector<std::string>{}), 0.0);
  EXPECT_EQ(agg.best_case(std::vector<std::string>{}), 0.0);
}

TEST(LedgerConformance, W04_WorstAndBestSkipUnknownIds) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string id = f.assert_("c", "test", {f.S(0.8)});
  const std::vector<std::string> ids = {id, "non-existent"};
  EXPECT_EQ(agg.worst_case(ids), 0.7);
  EXPECT_EQ(agg.best_case(ids), 0.7);
}

// ===== 2.15 Aggregator: status checks =======================================

TEST(LedgerConformance, S01_AnyContestedFindsAContestedBelief) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string b1 = f.assert_("b1", "test", {f.S(0.9)});
  const std::string b2 = f.assert_("b2", "test", {f.S(0.6), f.O(0.5)});
  EXPECT_TRUE(agg.any_contested(std::vector<std::string>{b1, b2}));
}

TEST(LedgerConformance, S02_AnyContestedIsFalseWithoutContestedBeliefs) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string b1 = f.assert_("b1", "test", {f.S(0.9)});
  const std::string b2 = f.assert_("b2", "test", {f.S(0.6)});
  EXPECT_FALSE(agg.any_contested(std::vector<std::string>{b1, b2}));
}

TEST(LedgerConformance, S03_AllConfirmedWhenEveryBeliefIsConfirmed) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string b1 = f.assert_("b1", "test", {f.S()});
  const std::string b2 = f.assert_("b2", "test", {f.S()});
  f.resolve(b1, BeliefStatus::confirmed);
  f.resolve(b2, BeliefStatus::confirmed);
  EXPECT_TRUE(agg.all_confirmed(std::vector<std::string>{b1, b2}));
}

TEST(LedgerConformance, S04_AllConfirmedIsFalseWhenOneIsNot) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string b1 = f.assert_("b1", "test", {f.S()});
  const std::string b2 = f.assert_("b2", "test", {f.S()});
  f.resolve(b1, BeliefStatus::confirmed);
  EXPECT_FALSE(agg.all_confirmed(std::vector<std::string>{b1, b2}));
  EXPECT_TRUE(agg.all_confirmed(std::vector<std::string>{b1}));
}

TEST(LedgerConformance, S05_AllConfirmedOfNothingIsFalse) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  EXPECT_FALSE(agg.all_confirmed(std::vector<std::string>{}));
}

TEST(LedgerConformance, S06_AllConfirmedIsFalseWithAnUnknownId) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string b1 = f.assert_("b1", "test", {f.S()});
  f.resolve(b1, BeliefStatus::confirmed);
  EXPECT_FALSE(agg.all_confirmed(std::vector<std::string>{b1, "non-existent"}));
}

// ===== 3. Supplementary cases X-S01..X-S48 ==================================

TEST(LedgerConformance, X_S01_OnlyAPointBuildsBoundsFromTheUnclampedPoint_DerivesConfirmed_DiffersFromReference) {
  // Reference: [1, 1, 1] probable. credence: same interval, confirmed.
  LedgerFixture f;
  const std::string id = f.with_point(1.5, {f.S()});
  EXPECT_INTERVAL(f.conf(id), 1.0, 1.0, 1.0);
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
}

TEST(LedgerConformance, X_S02_LowerAbovePointIsKeptAsGiven) {
  LedgerFixture f;
  ConfidenceOverride c;
  c.point = 0.5;
  c.lower = 0.9;
  const std::string id = f.assert_("c", "test", {f.S()}, c);
  EXPECT_INTERVAL(f.conf(id), 0.9, 0.5, 0.6);
}

TEST(LedgerConformance, X_S03_ALowPointIsStillUncertain) {
  LedgerFixture f;
  const std::string id = f.with_point(0.05, {f.S()});
  EXPECT_INTERVAL(f.conf(id), 0.0, 0.05, 0.15000000000000002);
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
}

TEST(LedgerConformance, X_S04_ExplicitPointIgnoresTheEvidenceWeight) {
  LedgerFixture f;
  const std::string id = f.with_point(0.3, {f.S(0.9)});
  EXPECT_INTERVAL(f.conf(id), 0.19999999999999998, 0.3, 0.4);
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
}

TEST(LedgerConformance, X_S05_ProbableCutOffIsInclusive) {
  LedgerFixture f;
  const std::string id = f.with_point(0.8, {f.S(0.9)});
  EXPECT_INTERVAL(f.conf(id), 0.7000000000000001, 0.8, 0.9);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
}

TEST(LedgerConformance, X_S06_ContestedThresholdIsInclusive) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.7), f.O(0.3)});
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
}

TEST(LedgerConformance, X_S07_RefutedThresholdIsInclusive) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.3), f.O(0.7)});
  EXPECT_EQ(f.status(id), BeliefStatus::refuted);
}

TEST(LedgerConformance, X_S08_OneThirdOpposingIsContested) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.5), f.S(0.5), f.O(0.5)});
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
}

TEST(LedgerConformance, X_S09_ZeroTotalWeightKeepsTheIntervalAndIsUnknown) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0)});
  EXPECT_DEF(f.conf(id));
  EXPECT_EQ(f.status(id), BeliefStatus::unknown);
  f.clock.advance(10);
  auto c = f.ledger.compute_confidence(id);
  ASSERT_TRUE(c);
  EXPECT_DEF(*c);
  EXPECT_EQ(f.status(id), BeliefStatus::unknown);
  EXPECT_EQ(f.get(id).last_updated, T0 + 10);
}

TEST(LedgerConformance, X_S10_ComputeWithoutEvidenceKeepsTheDefault) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {});
  f.clock.advance(10);
  auto c = f.ledger.compute_confidence(id);
  ASSERT_TRUE(c);
  EXPECT_DEF(*c);
  EXPECT_EQ(f.status(id), BeliefStatus::unknown);
  EXPECT_EQ(f.get(id).last_updated, T0 + 10);
}

TEST(LedgerConformance, X_S11_SpreadNarrowsWithTheSquareRootOfTheCount_DerivesConfirmed_DiffersFromReference) {
  // Reference status (not pinned by the case): probable. credence: confirmed.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {});
  const ConfidenceInterval want[] = {{0.7, 1, 1},
                                     {0.7878679656440357, 1, 1},
                                     {0.8267949192431123, 1, 1},
                                     {0.85, 1, 1}};
  for (const auto& w : want) {
    f.clock.advance(10);
    f.add(id, f.S(0.5));
    EXPECT_INTERVAL(f.conf(id), w.lower, w.point, w.upper);
    EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
  }
}

TEST(LedgerConformance, X_S12_SpreadFloorsAtTwoHundredthsFromN225_DerivesConfirmed_DiffersFromReference) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.5)});
  for (int n = 2; n <= 225; ++n) f.add(id, f.S(0.5));
  EXPECT_EQ(f.get(id).evidence_count(), 225u);
  EXPECT_INTERVAL(f.conf(id), 0.98, 1.0, 1.0);
  for (int n = 226; n <= 301; ++n) f.add(id, f.S(0.5));
  EXPECT_INTERVAL(f.conf(id), 0.98, 1.0, 1.0);
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
}

TEST(LedgerConformance, X_S13_WeightAboveOneIsRejected_DiffersFromReference) {
  // Reference: S(2) accepted; after adding S(0.1): [0.634.., 0.807.., 0.980..].
  LedgerFixture f;
  Assertion a;
  a.claim = "c";
  a.evidence = {f.S(2), f.O(0.5)};
  auto r = f.ledger.assert_belief(a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::invalid_argument);
  EXPECT_EQ(r.error().field, "evidence.weight");
  EXPECT_EQ(f.ledger.size(), 0u);
  const std::string id = f.assert_("c", "test", {f.S(0.5)});
  auto add = f.ledger.add_evidence(id, f.S(1.0000001));
  ASSERT_FALSE(add);
  EXPECT_EQ(add.error().field, "evidence.weight");
}

TEST(LedgerConformance, X_S14_NegativeWeightIsRejected_DiffersFromReference) {
  // Reference: O(-0.5) accepted, Sw + Ow = 0, status unknown.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.5)});
  auto r = f.ledger.add_evidence(id, f.O(-0.5));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "evidence.weight");
  const Belief b = f.get(id);
  EXPECT_EQ(b.evidence_count(), 1u) << "nothing stored";
  EXPECT_DEF(b.confidence);
  EXPECT_EQ(b.status, BeliefStatus::uncertain);
}

TEST(LedgerConformance, X_S15_NanWeightIsRejectedNotPropagated_DiffersFromReference) {
  // Reference: [NaN, NaN, NaN] uncertain.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.5)});
  auto r = f.ledger.add_evidence(id, f.S(std::numeric_limits<double>::quiet_NaN()));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::invalid_argument);
  EXPECT_EQ(r.error().field, "evidence.weight");
  EXPECT_DEF(f.conf(id));
  EXPECT_EQ(f.get(id).evidence_count(), 1u);
}

TEST(LedgerConformance, X_S16_EvidenceWithoutDirectionIsRejected_DiffersFromReference) {
  // Reference: counted as opposing -> [0.287.., 0.5, 0.712..] contested.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S(0.5)});
  Evidence e = f.S(0.5);
  e.supports.reset();
  auto r = f.ledger.add_evidence(id, e);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "evidence.supports");
  EXPECT_EQ(f.get(id).evidence_count(), 1u);
  EXPECT_EQ(f.status(id), BeliefStatus::uncertain);
}

TEST(LedgerConformance, X_S17_ReadmeShapedEvidenceIsRejectedNamingSupports_DiffersFromReference) {
  // Reference: {direction:"supporting", weight, source} lands in opposing and
  // the belief is refuted. credence's reader requires `supports`.
  simdjson::dom::parser parser;
  auto obj = json::parse_object(
      parser, R"({"direction":"supporting","weight":0.9,"source":"README example"})");
  ASSERT_TRUE(obj);
  json::ObjReader r(*obj, "evidence");
  (void)read_evidence(r);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "evidence.supports");
  // And at the ledger: an assertion carrying such an item asserts nothing.
  LedgerFixture f;
  Assertion a;
  a.claim = "c";
  Evidence e;
  e.weight = 0.9;
  a.evidence = {e};
  auto res = f.ledger.assert_belief(a);
  ASSERT_FALSE(res);
  EXPECT_EQ(res.error().field, "evidence.supports");
  EXPECT_EQ(f.ledger.size(), 0u);
}

TEST(LedgerConformance, X_S18_EnoughOpposingEvidenceReopensAConfirmation_DiffersFromReference) {
  // Reference: [0.3975.., 0.52, 0.6424..] and still confirmed forever.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S()});
  f.resolve(id, BeliefStatus::confirmed);
  f.add(id, f.S());
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
  for (int i = 0; i < 3; ++i) f.add(id, f.O(0.8));
  const Belief b = f.get(id);
  EXPECT_INTERVAL(b.confidence, 0.3975255128608411, 0.52, 0.6424744871391589);
  EXPECT_EQ(b.status, BeliefStatus::contested);
  EXPECT_FALSE(b.verdict.has_value()) << "the verdict was reopened";
}

TEST(LedgerConformance, X_S19_SupportingEvidenceAfterARefutationReopensIt_DiffersFromReference) {
  // Reference: same interval, still refuted. credence: the evidence since the
  // refutation (its weight-1 item and S(0.8)) is 44% supporting -> reopened,
  // and all evidence (ratio 1.0/2.6) makes it contested.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S()});
  f.resolve(id, BeliefStatus::refuted);
  f.add(id, f.S(0.8));
  EXPECT_INTERVAL(f.conf(id), 0.4421795346277277, 0.6153846153846154, 0.7885896961415031);
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
}

TEST(LedgerConformance, X_S20_ResolvingToANonFinalStatusAddsNoOpposingEvidence_DiffersFromReference) {
  // Reference: an opposing human-input item is added, so the next S(0.8)
  // leaves it contested at [0.442.., 0.615.., 0.788..].
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S()});
  f.resolve(id, BeliefStatus::probable);
  Belief b = f.get(id);
  EXPECT_EQ(b.status, BeliefStatus::probable);
  EXPECT_DEF(b.confidence);
  EXPECT_EQ(b.opposing_count, 0u);
  EXPECT_EQ(b.evidence_count(), 1u);
  f.add(id, f.S(0.8));
  EXPECT_INTERVAL(f.conf(id), 0.7878679656440357, 1.0, 1.0);
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
}

TEST(LedgerConformance, X_S21_ResolvingToUnknownAddsNoEvidence_DiffersFromReference) {
  // Reference: status unknown, DEF, and one opposing human-input item.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S()});
  f.resolve(id, BeliefStatus::unknown);
  const Belief b = f.get(id);
  EXPECT_EQ(b.status, BeliefStatus::unknown);
  EXPECT_DEF(b.confidence);
  EXPECT_EQ(b.opposing_count, 0u);
}

TEST(LedgerConformance, X_S22_CallerSuppliedHumanInputDoesNotMakeRefutedPermanent_DiffersFromReference) {
  // Reference: still refuted at the end although the ratio is 0.329.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.H(1.0), f.O(0.9), f.O(0.9), f.O(0.9)});
  EXPECT_EQ(f.status(id), BeliefStatus::refuted);
  for (int i = 0; i < 5; ++i) f.add(id, f.S(0.9));
  EXPECT_INTERVAL(f.conf(id), 0.5707317073170732, 0.6707317073170732, 0.7707317073170732);
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
  // The same scenario without the human-input item (matches the reference).
  const std::string plain = f.assert_("c", "test", {f.O(0.9), f.O(0.9), f.O(0.9)});
  for (int i = 0; i < 5; ++i) f.add(plain, f.S(0.9));
  EXPECT_INTERVAL(f.conf(plain), 0.5189339828220179, 0.625, 0.7310660171779821);
  EXPECT_EQ(f.status(plain), BeliefStatus::contested);
}

TEST(LedgerConformance, X_S23_DecayIsAdditiveAndARepeatAtTheSameTimeIsANoOp) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("c", "test", {f.S()});
  f.ledger.decay_all(T0 + HOUR / 2);
  EXPECT_INTERVAL(f.conf(id), 0.5499999999999999, 0.6499999999999999, 0.7749999999999999);
  f.ledger.decay_all(T0 + HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.49999999999999994, 0.5999999999999999, 0.7499999999999999);
  EXPECT_EQ(f.ledger.decay_all(T0 + HOUR), 0u);
  EXPECT_INTERVAL(f.conf(id), 0.49999999999999994, 0.5999999999999999, 0.7499999999999999);
}

TEST(LedgerConformance, X_S24_RecomputeReplacesADecayedInterval_DerivesConfirmed_DiffersFromReference) {
  // Reference status: probable. credence: confirmed (point 1, no opposing).
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("c", "test", {f.S()});
  f.ledger.decay_all(T0 + 2 * HOUR);
  f.clock.set(T0 + 10);
  f.add(id, f.S(0.9));
  EXPECT_INTERVAL(f.conf(id), 0.7878679656440357, 1.0, 1.0);
  EXPECT_EQ(f.status(id), BeliefStatus::confirmed);
}

TEST(LedgerConformance, X_S25_DefaultRateDecaysOneHundredthPerHour) {
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S()});
  f.ledger.decay_all(T0 + HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.59, 0.69, 0.7949999999999999);
}

TEST(LedgerConformance, X_S26_DecayKeepsARatioBasedContestedStatus) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("c", "test", {f.S(0.9), f.O(0.5)});
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
  f.ledger.decay_all(T0 + 10 * HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.0, 0.0, 0.29999999999999993);
  EXPECT_EQ(f.status(id), BeliefStatus::contested);
}

TEST(LedgerConformance, X_S27_DecayKeepsARatioBasedRefutedStatus) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("c", "test", {f.S(0.2), f.O(0.8)});
  EXPECT_EQ(f.status(id), BeliefStatus::refuted);
  f.ledger.decay_all(T0 + HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.5, 0.6, 0.7499999999999999);
  EXPECT_EQ(f.status(id), BeliefStatus::refuted);
}

TEST(LedgerConformance, X_S28_BeliefsWithoutEvidenceDecayToo) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("c", "test", {});
  f.ledger.decay_all(T0 + HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.5, 0.6, 0.7499999999999999);
  EXPECT_EQ(f.status(id), BeliefStatus::unknown);
}

TEST(LedgerConformance, X_S29_DecayBelowTheProbableCutOffLapsesAConfirmation_DiffersFromReference) {
  // Reference: [0, 0, 0.5] and still confirmed.
  LedgerFixture f(decay_rate(0.1));
  const std::string id = f.assert_("c", "test", {f.S()});
  f.resolve(id, BeliefStatus::confirmed);
  f.ledger.decay_all(T0 + 10 * HOUR);
  const Belief b = f.get(id);
  EXPECT_INTERVAL(b.confidence, 0.0, 0.0, 0.5);
  EXPECT_EQ(b.status, BeliefStatus::uncertain);
  EXPECT_FALSE(b.verdict.has_value());
  EXPECT_FALSE(f.ledger.is_actionable(id));
}

TEST(LedgerConformance, X_S30_DecayOfAnExplicitInterval) {
  LedgerFixture f(decay_rate(0.1));
  const std::string id =
      f.assert_("c", "test", {f.S()}, point_lower_upper(0.9, 0.85, 0.99));
  f.ledger.decay_all(T0 + HOUR);
  EXPECT_INTERVAL(f.conf(id), 0.75, 0.8, 0.94);
  EXPECT_EQ(f.status(id), BeliefStatus::probable);
}

TEST(LedgerConformance, X_S31_ZeroRateSkipsTheBeliefEntirely) {
  LedgerFixture f(decay_rate(0));
  const std::string id = f.assert_("c", "test", {f.S()});
  EXPECT_EQ(f.ledger.decay_all(T0 + 10 * HOUR), 0u);
  EXPECT_DEF(f.conf(id));
  EXPECT_EQ(f.get(id).last_updated, T0) << "not touched";
}

TEST(LedgerConformance, X_S32_ImportedBeliefsKeepTheirDecayRate) {
  LedgerFixture a;
  LedgerFixture b(decay_rate(0.5));
  const std::string id = a.assert_("c", "test", {a.S()});
  ASSERT_TRUE(b.ledger.import_beliefs(a.ledger.export_beliefs()));
  EXPECT_EQ(b.get(id).decay_rate, 0.01);
}

TEST(LedgerConformance, X_S33_PropagationOnlyEverLowers) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "test", {f.S()}, point_lower_upper(0.9, 0.8, 1));
  const std::string c = f.assert_("c", "test", {f.S()}, point_lower_upper(0.5, 0.45, 0.55));
  f.depends(c, p, 0.9);
  EXPECT_INTERVAL(f.conf(c), 0.45, 0.5, 0.55);
}

TEST(LedgerConformance, X_S34_EachBoundIsTakenSeparately) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "test", {f.S()}, point_lower_upper(0.5, 0.1, 0.9));
  const std::string c = f.assert_("c", "test", {f.S()}, point_lower_upper(0.7, 0.05, 0.75));
  f.depends(c, p, 1);
  EXPECT_INTERVAL(f.conf(c), 0.05, 0.5, 0.75);
}

TEST(LedgerConformance, X_S35_NegativeInferenceWeightIsClampedToZero) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "test", {f.S()});
  const std::string c = f.assert_("c", "test", {f.S()});
  f.depends(c, p, -1);
  EXPECT_INTERVAL(f.conf(c), 0.0, 0.0, 0.0);
  EXPECT_EQ(f.status(c), BeliefStatus::uncertain);
}

TEST(LedgerConformance, X_S36_NanInferenceWeightIsRejected_DiffersFromReference) {
  // Reference: child [NaN, NaN, NaN].
  LedgerFixture f;
  const std::string p = f.assert_("p", "test", {f.S()});
  const std::string c = f.assert_("c", "test", {f.S()});
  auto r = f.ledger.depends_on(c, p, std::numeric_limits<double>::quiet_NaN());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::invalid_argument);
  EXPECT_EQ(r.error().field, "weight");
  EXPECT_DEF(f.conf(c));
  EXPECT_TRUE(f.get(c).inferred_from.empty());
}

TEST(LedgerConformance, X_S37_PropagationIsTransitiveAndFollowsParentChanges_DiffersFromReference) {
  // Reference: after a -> b (0.5), a's new evidence leaves b unchanged; c only
  // moves by an explicit propagate(b, c, 1). credence re-bounds b and c.
  LedgerFixture f;
  const std::string a = f.assert_("a", "test", {f.S()});
  const std::string b = f.assert_("b", "test", {f.S()});
  const std::string c = f.assert_("c", "test", {f.S()});
  f.depends(b, a, 0.5);
  EXPECT_INTERVAL(f.conf(b), 0.3, 0.35, 0.39999999999999997);
  f.depends(c, b, 1);
  EXPECT_INTERVAL(f.conf(c), 0.3, 0.35, 0.39999999999999997);
  const BeliefUpdate u = f.add(a, f.O(0.9));
  EXPECT_EQ(u.downstream_updated, 2u);
  EXPECT_INTERVAL(f.conf(a), 0.2584562009381534, 0.47058823529411764, 0.6827202696500818);
  EXPECT_INTERVAL(f.conf(b), 0.1292281004690767, 0.23529411764705882, 0.3413601348250409);
  EXPECT_INTERVAL(f.conf(c), 0.1292281004690767, 0.23529411764705882, 0.3413601348250409);
}

TEST(LedgerConformance, X_S38_RecomputeKeepsThePropagationBound_DiffersFromReference) {
  // Reference: the third S(0.9) wipes the bound: [0.8267.., 1, 1] probable.
  LedgerFixture f;
  const std::string child = f.assert_("child", "test", {f.S(0.9)});
  f.add(child, f.S(0.9));
  EXPECT_INTERVAL(f.conf(child), 0.7878679656440357, 1.0, 1.0);
  const std::string parent = f.assert_("parent", "test", {f.S(0.5), f.O(0.5)});
  EXPECT_DEF(f.conf(parent));
  EXPECT_EQ(f.status(parent), BeliefStatus::contested);
  f.depends(child, parent, 0.5);
  EXPECT_INTERVAL(f.conf(child), 0.3, 0.35, 0.39999999999999997);
  f.add(child, f.S(0.9));
  const Belief b = f.get(child);
  EXPECT_INTERVAL(b.own_confidence, 0.8267949192431123, 1.0, 1.0);
  EXPECT_INTERVAL(b.confidence, 0.3, 0.35, 0.39999999999999997);
  EXPECT_EQ(b.status, BeliefStatus::uncertain);
}

TEST(LedgerConformance, X_S39_SelfDependencyIsACycleAndIsRejected_DiffersFromReference) {
  // Reference: b becomes [0.3, 0.35, 0.4] with inferredFrom [b].
  LedgerFixture f;
  const std::string b = f.assert_("b", "test", {f.S()});
  auto r = f.ledger.depends_on(b, b, 0.5);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "depends_on");
  EXPECT_DEF(f.conf(b));
  EXPECT_TRUE(f.get(b).inferred_from.empty());
  EXPECT_EQ(chain_of(f.ledger, b), (std::vector<std::pair<std::string, int>>{{b, 0}}));
}

TEST(LedgerConformance, X_S40_DiamondChainUsesFirstVisitDepth) {
  LedgerFixture f;
  const std::string A = f.assert_("A", "test", {f.S()});
  const std::string B = f.assert_("B", "test", {f.S()});
  const std::string C = f.assert_("C", "test", {f.S()});
  f.depends(A, B, 1);
  f.depends(A, C, 1);
  f.depends(B, C, 1);
  EXPECT_EQ(chain_of(f.ledger, A),
            (std::vector<std::pair<std::string, int>>{{A, 0}, {B, 1}, {C, 2}}));
}

TEST(LedgerConformance, X_S41_ImportWithAnUnknownDependencyIsRejected_DiffersFromReference) {
  // Reference: a dangling inferredFrom id is kept and skipped by the chain.
  LedgerFixture a, b;
  const std::string id = a.assert_("A", "test", {a.S()});
  LedgerExport data = a.ledger.export_beliefs();
  data.beliefs[0].belief.inferred_from.push_back(Dependency{"ghost", 1.0});
  const std::string kept = b.assert_("kept", "test", {b.S()});
  auto st = b.ledger.import_beliefs(data);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().field, "depends_on");
  EXPECT_TRUE(b.ledger.contains(kept));
  EXPECT_FALSE(b.ledger.contains(id));
}

TEST(LedgerConformance, X_S42_AnEmptyTagListDoesNotFilter) {
  LedgerFixture f;
  f.assert_("a", "test", {f.S()});
  f.assert_("b", "test", {f.S()});
  BeliefQuery q;
  q.tags = {};
  EXPECT_EQ(f.ledger.query(q).size(), 2u);
}

TEST(LedgerConformance, X_S43_ImportKeepsLastUpdatedForQueryOrder) {
  LedgerFixture a, b;
  const std::string A = a.assert_("A", "test", {a.S()});
  a.clock.advance(5);
  const std::string B = a.assert_("B", "test", {a.S()});
  ASSERT_TRUE(b.ledger.import_beliefs(a.ledger.export_beliefs()));
  EXPECT_EQ(ids_of(b.ledger.query()), (std::vector<std::string>{B, A}));
}

TEST(LedgerConformance, X_S44_AggregateCountsDuplicatesAndSkipsUnknownIds) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string id = f.assert_("c", "test", {f.S()});
  EXPECT_EQ(agg.aggregate(std::vector<std::string>{id, id, "x"}), 0.7);
}

TEST(LedgerConformance, X_S45_AggregateFloorsZeroBeforeTheLog) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string a = f.with_point(0.9, {f.S()});
  const std::string b = f.with_point(0, {f.S()});
  EXPECT_NEAR(agg.aggregate(std::vector<std::string>{a, b}), 0.000009486832980505143, 1e-12);
}

TEST(LedgerConformance, X_S46_AggregateOfOneIsItsPoint) {
  LedgerFixture f;
  UncertaintyAggregator agg(f.ledger);
  const std::string id = f.with_point(0.9, {f.S()});
  EXPECT_NEAR(agg.aggregate(std::vector<std::string>{id}), 0.9, 1e-12);
}

TEST(LedgerConformance, X_S47_ExportIsADeepCopy_DiffersFromReference) {
  // Reference: the export is shallow; changing the belief changes the copy.
  LedgerFixture f;
  const std::string id = f.assert_("c", "test", {f.S()});
  const LedgerExport x = f.ledger.export_beliefs();
  f.add(id, f.O(0.9));
  ASSERT_TRUE(f.ledger.set_tags(id, {"changed"}));
  EXPECT_DEF(x.beliefs[0].belief.confidence);
  EXPECT_TRUE(x.beliefs[0].belief.tags.empty());
  EXPECT_EQ(x.beliefs[0].evidence.size(), 1u);
  EXPECT_NE(f.conf(id).point, 0.7);
}

TEST(LedgerConformance, X_S48_AnUnsetConfigOverrideKeepsTheDefault_DiffersFromReference) {
  // Reference: {decayRatePerHour: undefined} makes the field undefined.
  LedgerConfigOverrides o;
  o.decay_rate_per_hour = std::nullopt;
  auto c = make_ledger_config(o);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->decay_rate_per_hour, 0.01);
  o.decay_rate_per_hour = std::numeric_limits<double>::quiet_NaN();
  auto bad = make_ledger_config(o);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "ledger.decay_rate_per_hour");
}
