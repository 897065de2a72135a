// uncertainty_test: seed 000's uncertainty model (reliability, records,
// resolution strategies, surfacing, tolerance, the action gate) and seed
// 004's bi-temporal supersession, driven through decisions and the fold.
// Values come from the seeds; each first-section item of peer-lessons.md has
// a test here (named PeerLesson_*) or in the actor/pre-screen suites.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/decay.hpp"
#include "engine/digest.hpp"
#include "engine/tense.hpp"
#include "engine/wordnet.hpp"
#include "tests/support/lexicon.hpp"
#include "tests/support/model_fixture.hpp"

using namespace credence;
using credence::test::ModelTest;

// ---- reliability and the rank guard -------------------------------------------

TEST_F(ModelTest, RankGuardRefusesSupersededBackToContradicted) {
  add(mem("m1", "I work at Acme"));
  add(mem("m2", "I work at Globex"));
  commit({events::temporal_supersede("alice", {"", "m1", "m2", now, "rel_1", "job change"}, now)});
  ASSERT_EQ(m("m1").reliability, Reliability::superseded);
  commit({events::reliability_changed("alice", "m1", Reliability::contradicted, "late", now)});
  EXPECT_EQ(m("m1").reliability, Reliability::superseded);
}

TEST_F(ModelTest, RankGuardOnlyRaisesRankOutsideResolutions) {
  add(mem("m1", "I like tea"));
  commit({events::reliability_changed("alice", "m1", Reliability::contradicted, "x", now)});
  EXPECT_EQ(m("m1").reliability, Reliability::contradicted);
  commit({events::reliability_changed("alice", "m1", Reliability::uncertain, "x", now)});
  EXPECT_EQ(m("m1").reliability, Reliability::contradicted) << "a lower rank is refused";
}

TEST_F(ModelTest, DecayMultipliersAreOneOneAndAHalfTwoAndThree) {
  const double days = 10;
  const Millis later = now + static_cast<Millis>(days * kDay);
  const Reliability states[] = {Reliability::reliable, Reliability::uncertain,
                                Reliability::contradicted, Reliability::superseded};
  const double mult[] = {1.0, 1.5, 2.0, 3.0};
  for (int i = 0; i < 4; ++i) {
    Memory x = mem("d" + std::to_string(i), "fact", MemoryKind::trait);
    x.reliability = states[i];
    x.decay_mark = now;
    EXPECT_NEAR(strength(x, p.decay, later), 0.9 * std::exp(-p.decay.rate_trait * mult[i] * days),
                1e-12)
        << to_string(states[i]);
  }
}

TEST_F(ModelTest, DecayExposureAccumulatesPerStateAcrossChanges) {
  add(mem("m1", "I like tea"));
  now += 5 * kDay;
  commit({events::reliability_changed("alice", "m1", Reliability::contradicted, "x", now)});
  const double expected = p.decay.rate_trait * (5 * 1.0 + 5 * 2.0);
  EXPECT_NEAR(decay_exposure(m("m1"), p.decay, now + 5 * kDay), expected, 1e-12);
}

// ---- journeys through the write path -------------------------------------------

TEST_F(ModelTest, TraitContradictionOpensACriticalRecordAndMarksBoth) {
  // labels.md: "I like Honda" / "I hate Honda" is a true contradiction;
  // seed 000: trait vs trait is critical.
  add(mem("honda", "I like Honda"));
  auto out = write(mem("hate", "I hate Honda"),
                   {verdict("honda", Classification::true_contradiction)});
  EXPECT_EQ(out.action, WriteAction::add);
  EXPECT_EQ(out.tier, WriteTier::warn);
  ASSERT_EQ(out.uncertainties.size(), 1u);
  const Uncertainty& r = u(out.uncertainties[0]);
  EXPECT_EQ(r.severity, Severity::critical);
  EXPECT_EQ(r.type, UncertaintyType::contradiction);
  EXPECT_EQ(r.state, RecordState::open);
  EXPECT_EQ(r.memory_a, "honda");
  EXPECT_EQ(r.memory_b, "hate");
  EXPECT_FALSE(r.surface_context.empty());
  EXPECT_EQ(m("honda").reliability, Reliability::contradicted);
  EXPECT_EQ(m("hate").reliability, Reliability::contradicted);
  // "I like Toyota" is compatible: stored, no record.
  auto toyota = write(mem("toyota", "I like Toyota"),
                      {verdict("honda", Classification::compatible)});
  EXPECT_EQ(toyota.tier, WriteTier::clean);
  EXPECT_TRUE(toyota.uncertainties.empty());
  EXPECT_EQ(m("toyota").reliability, Reliability::reliable);
}

TEST_F(ModelTest, PeerLesson_RecordsAreNotSoloSoSeverityFollowsTheKinds) {
  add(mem("t", "I live in London"));
  add(mem("c", "The user's home city is Sydney", MemoryKind::concept_));
  add(mem("e", "Walked along the Thames yesterday", MemoryKind::episode));
  auto tt = write(mem("t2", "I live in Sydney"), {verdict("t", Classification::true_contradiction)});
  auto ct = write(mem("c2", "The user's home city is Paris", MemoryKind::concept_),
                  {verdict("t", Classification::true_contradiction, ConfidenceTier::med)});
  auto et = write(mem("e2", "Walked along Bondi beach today", MemoryKind::episode),
                  {verdict("t", Classification::true_contradiction, ConfidenceTier::med)});
  auto ee = write(mem("e3", "Was in Tokyo all week", MemoryKind::episode),
                  {verdict("e", Classification::true_contradiction, ConfidenceTier::med)});
  EXPECT_EQ(u(tt.uncertainties.at(0)).severity, Severity::critical);
  EXPECT_EQ(u(ct.uncertainties.at(0)).severity, Severity::high);
  EXPECT_EQ(u(et.uncertainties.at(0)).severity, Severity::medium);
  EXPECT_EQ(u(ee.uncertainties.at(0)).severity, Severity::low);
  for (const auto* out : {&tt, &ct, &et, &ee})
    EXPECT_FALSE(u(out->uncertainties.at(0)).memory_b.empty()) << "a pair, not a solo record";
}

TEST_F(ModelTest, HighConfidenceConceptContradictionBlocksUnlessSupersedesOrForce) {
  add(mem("p8080", "The API server listens on port 8080", MemoryKind::concept_));
  auto blocked = write(mem("p9090", "The API server listens on port 9090", MemoryKind::concept_),
                       {verdict("p8080", Classification::true_contradiction)});
  EXPECT_EQ(blocked.tier, WriteTier::block);
  EXPECT_TRUE(blocked.events.empty()) << "nothing is stored";
  EXPECT_EQ(s.memory("p9090"), nullptr);
  ASSERT_EQ(blocked.conflicts.size(), 1u);
  EXPECT_EQ(blocked.conflicts[0].memory_id, "p8080");

  auto updated = write(mem("p9090", "The API server listens on port 9090", MemoryKind::concept_),
                       {verdict("p8080", Classification::true_contradiction)}, true, "p8080");
  EXPECT_EQ(updated.action, WriteAction::update);
  EXPECT_EQ(updated.tier, WriteTier::clean);
  EXPECT_EQ(m("p8080").reliability, Reliability::superseded);
  EXPECT_EQ(m("p8080").superseded_by, "p9090");
  EXPECT_EQ(m("p9090").supersedes, "p8080");
}

TEST_F(ModelTest, ForcedConceptWriteRecordsTheContradiction) {
  add(mem("a", "Deploys need approval from the on-call engineer", MemoryKind::concept_));
  auto out = write(mem("b", "Deploys never need approval", MemoryKind::concept_),
                   {verdict("a", Classification::true_contradiction)}, true, "", true);
  EXPECT_EQ(out.tier, WriteTier::warn);
  EXPECT_EQ(out.uncertainties.size(), 1u);
  EXPECT_EQ(m("a").reliability, Reliability::contradicted);
  EXPECT_EQ(m("b").reliability, Reliability::contradicted);
}

TEST_F(ModelTest, TraitAndEpisodeConflictsNeverBlock) {
  add(mem("a", "I am vegetarian"));
  auto out = write(mem("b", "I eat steak every day"),
                   {verdict("a", Classification::true_contradiction, ConfidenceTier::high)});
  EXPECT_NE(out.tier, WriteTier::block);
  EXPECT_NE(s.memory("b"), nullptr);
}

TEST_F(ModelTest, PeerLesson_TemporalChangeSupersedesWithPastTenseAndAnEvolutionLink) {
  auto acme = mem("acme", "I work at Acme");
  acme.valid_from = now - 400 * kDay;
  add(acme);
  now += 10 * kDay;
  auto globex = mem("globex", "I left Acme and joined Globex last month");
  globex.valid_from = now - 30 * kDay;
  auto out = write(globex, {verdict("acme", Classification::temporal_change)});
  EXPECT_EQ(out.action, WriteAction::update);
  EXPECT_EQ(out.tier, WriteTier::clean);
  EXPECT_EQ(out.superseded, std::vector<std::string>{"acme"});
  EXPECT_EQ(m("acme").reliability, Reliability::superseded) << "not contradicted";
  EXPECT_EQ(m("acme").valid_until, now - 30 * kDay);
  EXPECT_EQ(m("acme").superseded_by, "globex");
  EXPECT_EQ(m("globex").reliability, Reliability::reliable);
  bool evolution = false;
  for (const auto& rid : s.memory_relationships("acme")) {
    const Relationship* r = s.relationship(rid);
    evolution = evolution || (r->type == "temporal_evolution" && r->from == "acme" && r->to == "globex");
  }
  EXPECT_TRUE(evolution);
  EXPECT_TRUE(out.uncertainties.empty()) << "auto-resolved silently";
  auto wn = WordNet::load();
  ASSERT_TRUE(wn);
  EXPECT_EQ(past_tense(m("acme").text, wn->get()), "I used to work at Acme");
}

TEST_F(ModelTest, PastTenseStatementWithoutACueDoesNotSupersedeTheCurrentOne) {
  add(mem("apple", "I work at Apple"));
  Memory google = mem("google", "I worked at Google");
  google.claim.tense = Tense::past;  // as the normaliser reads "worked"
  auto out = write(google, {verdict("apple", Classification::temporal_change)});
  EXPECT_EQ(m("apple").reliability, Reliability::reliable);
  EXPECT_TRUE(out.superseded.empty());
}

// A change only the judge's learned fallback saw (its write view ADD) is a
// guess: nothing is superseded on it; it is resolved or asked about like a
// contradiction, on the write, message and pair paths.
TEST_F(ModelTest, AnUnconfirmedTemporalChangeSupersedesNothingAndIsAskedAbout) {
  add(mem("acme", "I work at Acme"));
  auto guess = verdict("acme", Classification::temporal_change, ConfidenceTier::low, 0.4);
  guess.action = WriteAction::add;  // as the judge writes a learned-fallback change
  auto out = write(mem("globex", "these days it's all Globex for me"), {guess});
  EXPECT_EQ(out.action, WriteAction::add);
  EXPECT_TRUE(out.superseded.empty());
  EXPECT_EQ(m("acme").superseded_by, "");
  EXPECT_NE(m("acme").reliability, Reliability::superseded);
  ASSERT_EQ(out.uncertainties.size(), 1u) << "asked about, not applied";
  EXPECT_EQ(out.tier, WriteTier::warn);

  add(mem("paris", "I live in Paris"));
  auto msg_guess = verdict("paris", Classification::temporal_change, ConfidenceTier::low, 0.4);
  msg_guess.action = WriteAction::add;
  auto msg = decide_message(s, "alice", "Berlin flat is finally feeling like home", {}, {msg_guess}, p, ids, now);
  EXPECT_TRUE(msg.auto_resolved.empty());
  commit(msg.events);
  EXPECT_NE(m("paris").reliability, Reliability::superseded);

  add(mem("tea", "I drink tea every morning"));
  add(mem("coffee", "coffee is my morning thing now"));
  auto pair_guess = verdict("tea", Classification::temporal_change, ConfidenceTier::low, 0.4);
  pair_guess.action = WriteAction::add;
  auto events = decide_pair(s, m("tea"), m("coffee"), pair_guess, DetectionContext::drift, p, ids, now);
  for (const auto& e : events) EXPECT_NE(e.type, events::kTemporalSupersede) << "no supersession";
  commit(events);
  EXPECT_NE(m("tea").reliability, Reliability::superseded);
  // A confirmed change (UPDATE, as every structural change is) still supersedes.
  auto sure = verdict("tea", Classification::temporal_change);
  commit(decide_pair(s, m("tea"), m("coffee"), sure, DetectionContext::drift, p, ids, now));
  EXPECT_EQ(m("tea").reliability, Reliability::superseded);
}

TEST_F(ModelTest, DuplicateIsANoopThatReinforces) {
  add(mem("green", "My favourite colour is green"));
  auto out = write(mem("green2", "My favorite color is green"),
                   {verdict("green", Classification::duplicate)});
  EXPECT_EQ(out.action, WriteAction::noop);
  EXPECT_EQ(out.memory_id, "green");
  EXPECT_EQ(s.memory("green2"), nullptr);
  EXPECT_EQ(m("green").reinforcement_count, 1u);
  EXPECT_NEAR(m("green").confidence, 0.9 + 0.2 * 0.1, 1e-12);
  auto exact = write(mem("green3", "My favourite colour is green"), {});
  EXPECT_EQ(exact.action, WriteAction::noop) << "exact text dedupe needs no judge";
  EXPECT_EQ(m("green").reinforcement_count, 2u);
}

TEST_F(ModelTest, AnUndecidedDuplicateIsStoredBesideTheOtherNotMergedIntoIt) {
  add(mem("cat", "Our cat is called Pepper"));
  auto low = verdict("cat", Classification::duplicate, ConfidenceTier::low, 0.55);
  low.action = WriteAction::add;  // as the judge writes a LOW duplicate
  auto out = write(mem("cat2", "Pepper is the name of our cat"), {low});
  EXPECT_EQ(out.action, WriteAction::add);
  EXPECT_NE(s.memory("cat2"), nullptr) << "stored";
  EXPECT_EQ(m("cat").reinforcement_count, 0u) << "the other is not reinforced on weak evidence";
  EXPECT_TRUE(out.uncertainties.empty()) << "and nothing to ask about";
  // A decided one still merges.
  auto med = verdict("cat", Classification::duplicate, ConfidenceTier::med, 0.66);
  EXPECT_EQ(write(mem("cat3", "Our cat's name is Pepper"), {med}).action, WriteAction::noop);
  EXPECT_EQ(m("cat").reinforcement_count, 1u);
}

TEST_F(ModelTest, AVectorNearDuplicateIsANoopUnlessTheJudgeSeesAnOpposition) {
  add(mem("hike", "I love hiking in the Alps every summer"));
  add(mem("port", "The API listens on port 8080", MemoryKind::concept_));
  // Almost identical by vector, the judge undecided: the write reinforces.
  auto near = verdict("hike", Classification::compatible, ConfidenceTier::low, 0.5);
  near.similarity = 0.98;
  auto out = write(mem("hike2", "I really love hiking in the Alps every summer"), {near});
  EXPECT_EQ(out.action, WriteAction::noop);
  EXPECT_EQ(out.memory_id, "hike");
  EXPECT_EQ(s.memory("hike2"), nullptr);
  EXPECT_EQ(m("hike").reinforcement_count, 1u);
  // Below the threshold it is stored.
  near.similarity = p.resolution.near_duplicate_similarity - 0.01;
  EXPECT_EQ(write(mem("hike3", "I love hiking in the Alps most summers"), {near}).action, WriteAction::add);
  // As close by vector, but opposed: a conflict, never swallowed.
  auto opposed = verdict("port", Classification::true_contradiction, ConfidenceTier::med, 0.7);
  opposed.similarity = 0.99;
  auto conflict = write(mem("port2", "The API listens on port 9090", MemoryKind::concept_), {opposed});
  EXPECT_EQ(conflict.action, WriteAction::add);
  EXPECT_NE(s.memory("port2"), nullptr);
  // Another kind is not a duplicate.
  auto episode = verdict("hike", Classification::compatible, ConfidenceTier::low, 0.5);
  episode.similarity = 0.99;
  EXPECT_EQ(write(mem("trip", "I love hiking in the Alps every summer!", MemoryKind::episode), {episode}).action,
            WriteAction::add);
}

TEST_F(ModelTest, EveryReinforcementRaisesTheUsersToleranceByItsStep) {
  // Seed 000: +0.01 per reinforcement, through whatever path reinforces.
  add(mem("green", "My favourite colour is green"));
  const double before = tolerance_of(s, "alice", p.tolerance);
  EXPECT_DOUBLE_EQ(before, p.tolerance.baseline);
  write(mem("g2", "My favourite colour is green"), {});  // exact text
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), before + 0.01, 1e-12);
  write(mem("g3", "My favorite color is green"), {verdict("green", Classification::duplicate)});  // the judge's NOOP
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), before + 0.02, 1e-12);
  EXPECT_EQ(m("green").reinforcement_count, 2u);
  EXPECT_NEAR(tolerance_of(s, "bob", p.tolerance), p.tolerance.baseline, 1e-12) << "per user";
}

TEST_F(ModelTest, TextDedupeFindsMemoriesAddedBeforeAndAfterItsIndexWasBuilt) {
  add(mem("a", "I like Honda"));
  add(mem("b", "I work at Acme"));
  // The first lookup builds the user's index; later memories are caught up.
  EXPECT_EQ(s.memories_with_text("alice", "i like   HONDA!"), (std::vector<std::string>{"a"}));
  EXPECT_TRUE(s.memories_with_text("alice", "I like Toyota").empty());
  EXPECT_TRUE(s.memories_with_text("nobody", "I like Honda").empty());
  add(mem("c", "I like honda."));
  EXPECT_EQ(s.memories_with_text("alice", "I like Honda"), (std::vector<std::string>{"a", "c"}));
  // A write of the same words is a noop that reinforces the oldest live one.
  auto out = write(mem("d", "i LIKE honda"), {});
  EXPECT_EQ(out.action, WriteAction::noop);
  EXPECT_EQ(out.memory_id, "a");
  // A copy of the state answers the same (it builds its own index).
  State copy = s;
  EXPECT_EQ(copy.memories_with_text("alice", "I like Honda"), (std::vector<std::string>{"a", "c"}));
}

TEST_F(ModelTest, IngestUpsertsReferenceFactsByClaimKey) {
  // Seed 003: ingest skips the guard and reference facts upsert. The key is
  // the claim's subject, slot, stance object and scope (not its values).
  auto fact = [&](const std::string& id, const std::string& text, MemoryKind kind,
                  Source src = Source::researched) {
    Memory x = mem(id, text, kind, src, 0.7);
    x.claim = test::claim(text);
    return x;
  };
  auto ingest = [&](Memory x, bool single) {
    WriteRequest req;
    req.memory = std::move(x);
    req.guarded = false;
    req.single_valued = single;
    auto out = decide_write(s, req, {}, p, ids, now);
    EXPECT_TRUE(out);
    if (!out) return WriteOutcome{};
    commit(out->events);
    return *out;
  };
  ASSERT_FALSE(claim_key(test::claim("The API timeout is 30 seconds")).empty());
  ASSERT_EQ(claim_key(test::claim("The API timeout is 30 seconds")),
            claim_key(test::claim("The API timeout is 45 seconds")));
  ASSERT_NE(claim_key(test::claim("The API timeout is 30 seconds")),
            claim_key(test::claim("The DB timeout is 30 seconds")));

  // A single-valued slot: the new value replaces the old one, no judge, no
  // contradiction record.
  ingest(fact("t30", "The API timeout is 30 seconds", MemoryKind::concept_), true);
  now += kMinute;
  auto upd = ingest(fact("t45", "The API timeout is 45 seconds", MemoryKind::concept_), true);
  EXPECT_EQ(upd.action, WriteAction::update);
  EXPECT_EQ(upd.superseded, std::vector<std::string>{"t30"});
  EXPECT_EQ(m("t30").reliability, Reliability::superseded);
  EXPECT_EQ(m("t30").superseded_by, "t45");
  EXPECT_EQ(m("t45").supersedes, "t30");
  EXPECT_EQ(m("t45").reliability, Reliability::uncertain) << "researched: unverified, not contradicted";
  for (const auto* r : records_of("t45")) EXPECT_NE(r->type, UncertaintyType::contradiction);
  // The same value in other words restates it: NOOP, reinforced.
  auto same = ingest(fact("t45b", "The API timeout is 45s", MemoryKind::concept_), true);
  EXPECT_EQ(same.action, WriteAction::noop);
  EXPECT_EQ(same.memory_id, "t45");
  EXPECT_EQ(m("t45").reinforcement_count, 1u);
  EXPECT_EQ(s.memory("t45b"), nullptr);
  // A re-import is not the user confirming it: still unverified, and the
  // user's tolerance does not move.
  EXPECT_EQ(m("t45").reliability, Reliability::uncertain);
  EXPECT_DOUBLE_EQ(tolerance_of(s, "alice", p.tolerance), p.tolerance.baseline);
  auto exact = ingest(fact("t45c", "The API timeout is 45 seconds", MemoryKind::concept_), true);
  EXPECT_EQ(exact.action, WriteAction::noop);
  EXPECT_EQ(m("t45").reliability, Reliability::uncertain);
  EXPECT_DOUBLE_EQ(tolerance_of(s, "alice", p.tolerance), p.tolerance.baseline);
  // Another subject is another key.
  auto db = ingest(fact("db", "The DB timeout is 45 seconds", MemoryKind::concept_), true);
  EXPECT_EQ(db.action, WriteAction::add);
  EXPECT_FALSE(m("t45").superseded());

  // A multi-valued slot: another value is one more fact.
  ingest(fact("fr", "I speak French", MemoryKind::trait), false);
  auto de = ingest(fact("de", "I speak German", MemoryKind::trait), false);
  EXPECT_EQ(de.action, WriteAction::add);
  EXPECT_FALSE(m("fr").superseded());
  // A stance toward one object holds one way at a time, even on a
  // multi-valued slot.
  ingest(fact("like", "I like Honda", MemoryKind::trait), false);
  auto flip = ingest(fact("dislike", "I dislike Honda", MemoryKind::trait), false);
  EXPECT_EQ(flip.action, WriteAction::update);
  EXPECT_EQ(m("like").reliability, Reliability::superseded);

  // What the user said themselves is not replaced by a reference fact of
  // another source, and history adds instead of replacing.
  add(fact("acme", "I work at Acme", MemoryKind::trait, Source::explicit_));
  auto globex = ingest(fact("globex", "I work at Globex", MemoryKind::trait), true);
  EXPECT_EQ(globex.action, WriteAction::add);
  EXPECT_FALSE(m("acme").superseded());
  ingest(fact("was1", "I worked at Initech", MemoryKind::trait), true);
  auto was2 = ingest(fact("was2", "I worked at Hooli", MemoryKind::trait), true);
  EXPECT_EQ(was2.action, WriteAction::add);
  EXPECT_FALSE(m("was1").superseded());

  // The fold is the same from the log (the index is rebuilt on demand).
  State replayed;
  for (const auto& e : log) ASSERT_TRUE(apply(replayed, e));
  EXPECT_EQ(state_digest(replayed), state_digest(s));
}

TEST_F(ModelTest, IngestModeSkipsTheGuard) {
  add(mem("a", "Max upload size is 10 MB", MemoryKind::concept_));
  auto out = write(mem("b", "Max upload size is 20 MB", MemoryKind::concept_),
                   {verdict("a", Classification::true_contradiction)}, false);
  EXPECT_EQ(out.action, WriteAction::add);
  EXPECT_EQ(out.tier, WriteTier::clean);
  EXPECT_EQ(m("a").reliability, Reliability::reliable);
}

TEST_F(ModelTest, UnknownSupersedesTargetIsNotFound) {
  WriteRequest req;
  req.memory = mem("x", "y");
  req.supersedes = "mem_missing";
  auto out = decide_write(s, req, {}, p, ids, now);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().code, Errc::not_found);
  EXPECT_EQ(out.error().field, "supersedes");
}

TEST_F(ModelTest, RetractionSupersedesWithoutStoringANewFact) {
  add(mem("dog", "I have a dog"));
  auto v = verdict("dog", Classification::temporal_change);
  v.action = WriteAction::del;
  auto out = write(mem("nodog", "Forget the dog, I gave it away"), {v});
  EXPECT_EQ(out.action, WriteAction::del);
  EXPECT_EQ(s.memory("nodog"), nullptr);
  EXPECT_EQ(m("dog").reliability, Reliability::superseded);
}

TEST_F(ModelTest, PeerLesson_UnverifiedAndAmbiguousRecordsAreCreated) {
  auto inferred = write(mem("docker", "Found a Docker feature in beta the user may want",
                            MemoryKind::concept_, Source::researched, 0.6),
                        {});
  ASSERT_EQ(inferred.uncertainties.size(), 1u);
  const Uncertainty& unv = u(inferred.uncertainties[0]);
  EXPECT_EQ(unv.type, UncertaintyType::unverified);
  EXPECT_EQ(unv.severity, Severity::low);
  EXPECT_TRUE(unv.memory_b.empty()) << "a solo record";
  EXPECT_EQ(m("docker").reliability, Reliability::uncertain);

  add(mem("mornings", "I hate mornings"));
  auto fig = write(mem("sunrise", "Woke up at 5am to watch the sunrise and loved it",
                       MemoryKind::episode),
                   {verdict("mornings", Classification::figurative, ConfidenceTier::med, 0.6)});
  ASSERT_EQ(fig.uncertainties.size(), 1u);
  EXPECT_EQ(u(fig.uncertainties[0]).type, UncertaintyType::ambiguous);
  EXPECT_EQ(u(fig.uncertainties[0]).severity, Severity::low);
  EXPECT_EQ(m("mornings").reliability, Reliability::reliable) << "figurative never marks";

  // labels.md: context dependent ("prefers tea in the morning" / "coffee in
  // the evening") is ambiguous, not a contradiction, and marks neither.
  add(mem("tea", "I drink tea in the morning"));
  auto cd = write(mem("coffee", "I drink coffee in the evening"),
                  {verdict("tea", Classification::context_dependent, ConfidenceTier::med, 0.6)});
  ASSERT_EQ(cd.uncertainties.size(), 1u);
  const Uncertainty& amb = u(cd.uncertainties[0]);
  EXPECT_EQ(amb.type, UncertaintyType::ambiguous);
  EXPECT_EQ(amb.memory_a, "tea");
  EXPECT_EQ(amb.memory_b, "coffee");
  EXPECT_EQ(amb.classification, Classification::context_dependent);
  EXPECT_EQ(amb.state, RecordState::open);
  EXPECT_EQ(cd.action, WriteAction::add);
  EXPECT_EQ(m("tea").reliability, Reliability::reliable);
  EXPECT_EQ(m("coffee").reliability, Reliability::reliable);
  // The pair judged again (drift, a reinforcement) does not open a second record.
  Assessment v2 = verdict("tea", Classification::context_dependent, ConfidenceTier::med, 0.6);
  auto pair = decide_pair(s, m("tea"), m("coffee"), v2, DetectionContext::drift, p, ids, now);
  EXPECT_TRUE(pair.empty());
  commit(pair);
  std::size_t ambiguous = 0;
  for (const auto* r : records_of("tea")) ambiguous += r->type == UncertaintyType::ambiguous;
  EXPECT_EQ(ambiguous, 1u);
  // With record_ambiguous off, nothing is opened.
  p.resolution.record_ambiguous = false;
  add(mem("run", "I run in summer"));
  auto off = write(mem("swim", "I swim in winter"),
                   {verdict("run", Classification::context_dependent, ConfidenceTier::med, 0.6)});
  EXPECT_TRUE(off.uncertainties.empty());
}

// ---- resolution strategies ---------------------------------------------------------

TEST_F(ModelTest, PeerLesson_ConfidenceDominanceKeepsTheWinnerAndTheNewValue) {
  add(mem("teacher", "The user works as a teacher", MemoryKind::trait, Source::inferred, 0.3));
  auto out = write(mem("doctor", "I work as a doctor"),
                   {verdict("teacher", Classification::true_contradiction)});
  ASSERT_EQ(out.uncertainties.size(), 1u);
  const Uncertainty& r = u(out.uncertainties[0]);
  EXPECT_EQ(r.state, RecordState::resolved);
  EXPECT_EQ(r.resolution, Resolution::confidence_dominance);
  EXPECT_EQ(r.surfaced_count, 0u) << "logged, not surfaced";
  EXPECT_EQ(m("doctor").reliability, Reliability::reliable) << "the winner is not contradicted";
  EXPECT_EQ(m("teacher").reliability, Reliability::uncertain);
  EXPECT_EQ(m("doctor").text, "I work as a doctor") << "the new value is kept";
}

TEST_F(ModelTest, DominanceNeedsASourceHierarchy) {
  add(mem("a", "I live in Lisbon", MemoryKind::trait, Source::explicit_, 0.9));
  auto out = write(mem("b", "I live in Porto", MemoryKind::trait, Source::explicit_, 0.3),
                   {verdict("a", Classification::true_contradiction)});
  ASSERT_EQ(out.uncertainties.size(), 1u);
  EXPECT_EQ(u(out.uncertainties[0]).state, RecordState::open);
  EXPECT_EQ(m("a").reliability, Reliability::contradicted);
}

TEST_F(ModelTest, EvidenceResolvesOnceTheReinforcedSideExceedsTwiceTheOther) {
  // seed_cases: favourite colour blue vs red (then strongly reinforced).
  add(mem("blue", "My favourite colour is blue", MemoryKind::trait, Source::explicit_, 0.95));
  auto out = write(mem("red", "My favourite colour is red"),
                   {verdict("blue", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  auto r1 = decide_reinforce(s, "alice", "red", p, ids, now);
  ASSERT_TRUE(r1);
  commit(*r1);
  // red: 0.92 * 2 = 1.84 < 2 * 0.95 (blue): still open.
  EXPECT_EQ(u(rid).state, RecordState::open);
  auto r2 = decide_reinforce(s, "alice", "red", p, ids, now);
  ASSERT_TRUE(r2);
  commit(*r2);
  // red: 0.936 * 3 = 2.808 > 1.9: resolved.
  EXPECT_EQ(u(rid).state, RecordState::resolved);
  EXPECT_EQ(u(rid).resolution, Resolution::evidence_resolved);
  EXPECT_EQ(m("red").reliability, Reliability::reliable);
  EXPECT_EQ(m("blue").reliability, Reliability::uncertain)
      << "no temporal signal: blue was never shown to be history, it fades by decay";
  EXPECT_EQ(m("red").reinforcement_count, 2u);
  // New evidence can rehabilitate either side: blue restated until its
  // support exceeds twice red's (2.81): 0.96 * 2, 0.968 * 3, ... 0.98 * 6 > 5.6.
  int n = 0;
  while (m("blue").reliability != Reliability::reliable && n < 10) {
    auto r = decide_reinforce(s, "alice", "blue", p, ids, now);
    ASSERT_TRUE(r);
    commit(*r);
    ++n;
  }
  EXPECT_EQ(n, 5);
  EXPECT_EQ(m("blue").reliability, Reliability::reliable);
  EXPECT_EQ(m("red").reliability, Reliability::uncertain);
}

TEST_F(ModelTest, EvidenceSupersedesAnOlderLoserWhenThePairCarriedATemporalSignal) {
  add(mem("acme", "I work at Acme"));
  now += 30 * kDay;
  Assessment v = verdict("acme", Classification::true_contradiction);
  v.temporal_signal = true;  // e.g. a tense shift the judge did not call a change
  auto out = write(mem("globex", "I work at Globex"), {v});
  const std::string rid = out.uncertainties.at(0);
  for (int i = 0; i < 2; ++i) commit(*decide_reinforce(s, "alice", "globex", p, ids, now));
  EXPECT_EQ(u(rid).resolution, Resolution::evidence_resolved);
  EXPECT_EQ(m("acme").reliability, Reliability::superseded);
  EXPECT_EQ(m("acme").superseded_by, "globex");
}

TEST_F(ModelTest, NewEvidenceRehabilitatesADemotedMemory) {
  add(mem("inf", "The user prefers Rust", MemoryKind::trait, Source::inferred, 0.4));
  write(mem("exp", "I prefer Go", MemoryKind::trait, Source::explicit_, 0.5),
        {verdict("inf", Classification::true_contradiction)});
  ASSERT_EQ(m("inf").reliability, Reliability::uncertain);
  for (int i = 0; i < 3; ++i) {
    auto r = decide_reinforce(s, "alice", "inf", p, ids, now);
    ASSERT_TRUE(r);
    commit(*r);
  }
  EXPECT_EQ(m("inf").reliability, Reliability::reliable);
  EXPECT_EQ(m("exp").reliability, Reliability::uncertain);
}

TEST_F(ModelTest, PeerLesson_NaturalDecayDeletesAndResolvesRecordsAsDecayed) {
  add(mem("typewriter", "Typewriters are my most passionate hobby"));
  auto out = write(mem("waste", "Typewriters are a complete waste of time"),
                   {verdict("typewriter", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  add(mem("stable", "I was born in Lyon"));
  // Contradicted traits decay at 2x: 0.9 * exp(-0.02 d) < 0.1 after ~110 days.
  EXPECT_TRUE(decide_decay(s, p, now + 100 * kDay).empty());
  auto evs = decide_decay(s, p, now + 120 * kDay);
  ASSERT_EQ(evs.size(), 1u);
  now += 120 * kDay;
  commit(evs);
  EXPECT_TRUE(m("typewriter").deleted());
  EXPECT_TRUE(m("waste").deleted());
  EXPECT_EQ(u(rid).state, RecordState::decayed);
  EXPECT_EQ(u(rid).resolution, Resolution::decayed);
  EXPECT_FALSE(m("stable").deleted()) << "reliable traits are never deleted by decay";
}

TEST_F(ModelTest, PeerLesson_EveryDecayPathResolvesRecordsAsDecayed) {
  add(mem("a", "I like jazz"));
  auto out = write(mem("b", "I can't stand jazz"), {verdict("a", Classification::true_contradiction)});
  commit({events::memory_deleted("alice", "a", DeleteReason::decay, "", now)});
  EXPECT_EQ(u(out.uncertainties.at(0)).state, RecordState::decayed);
  EXPECT_EQ(m("b").reliability, Reliability::reliable) << "its counterpart is rehabilitated";
}

TEST_F(ModelTest, ReliableEpisodesFadeAndSupersededMemoriesStayAsHistory) {
  add(mem("ep", "Had sushi for lunch", MemoryKind::episode));
  add(mem("old", "I work at Acme"));
  add(mem("new", "I work at Globex"));
  commit({events::temporal_supersede("alice", {"", "old", "new", now, "rel_1", ""}, now)});
  auto victims = decay_victims(s, p.decay, now + 200 * kDay);
  EXPECT_EQ(victims, std::vector<std::string>{"ep"});
}

TEST_F(ModelTest, UserClarificationMakesTheWinnerReliableAndRecordsTheExchange) {
  add(mem("london", "I live in London"));
  auto out = write(mem("sydney", "I live in Sydney"),
                   {verdict("london", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  auto res = decide_resolve(s, "alice", rid, "sydney", false, "moved last year", p, ids, now);
  ASSERT_TRUE(res);
  commit(*res);
  EXPECT_EQ(u(rid).state, RecordState::resolved);
  EXPECT_EQ(u(rid).resolution, Resolution::user_clarified);
  EXPECT_EQ(m("sydney").reliability, Reliability::reliable);
  EXPECT_EQ(m("sydney").reinforcement_count, 1u);
  EXPECT_DOUBLE_EQ(m("sydney").confidence, 1.0);
  EXPECT_EQ(m("london").reliability, Reliability::superseded);
  bool rel = false;
  for (const auto& id : s.memory_relationships("sydney"))
    rel = rel || s.relationship(id)->type == "user_clarified";
  EXPECT_TRUE(rel);
  bool episode = false;
  for (const auto& id : s.user_memories("alice")) {
    const Memory* e = s.memory(id);
    episode = episode || (e->kind == MemoryKind::episode &&
                          e->text.find("clarified") != std::string::npos);
  }
  EXPECT_TRUE(episode);
  EXPECT_EQ(s.user("alice")->engagements, 1u);
}

TEST_F(ModelTest, ClarificationCanDeleteAWrongLoser) {
  add(mem("a", "I have three kids"));
  auto out = write(mem("b", "I have two kids"), {verdict("a", Classification::true_contradiction)});
  auto res = decide_resolve(s, "alice", out.uncertainties.at(0), "b", true, "", p, ids, now);
  ASSERT_TRUE(res);
  commit(*res);
  EXPECT_TRUE(m("a").deleted());
  EXPECT_EQ(*m("a").delete_reason, DeleteReason::clarification);
}

TEST_F(ModelTest, ResolveValidatesTheRecordAndTheWinner) {
  add(mem("a", "I like cats"));
  auto out = write(mem("b", "I hate cats"), {verdict("a", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  auto bad = decide_resolve(s, "alice", rid, "zzz", false, "", p, ids, now);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "winner");
  auto other_user = decide_resolve(s, "bob", rid, "a", false, "", p, ids, now);
  ASSERT_FALSE(other_user);
  EXPECT_EQ(other_user.error().code, Errc::not_found);
  commit(*decide_resolve(s, "alice", rid, "a", false, "", p, ids, now));
  auto again = decide_resolve(s, "alice", rid, "a", false, "", p, ids, now);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, Errc::conflict);
}

TEST_F(ModelTest, DeletingAMemoryResolvesItsRecords) {
  // seed_cases: "deleting the location trait should resolve linked uncertainties".
  add(mem("london", "I have lived in London for 12 years"));
  auto out = write(mem("boston", "I have lived in Boston for 15 years"),
                   {verdict("london", Classification::true_contradiction)});
  auto del = decide_delete(s, "alice", "london", "", now);
  ASSERT_TRUE(del);
  commit(*del);
  EXPECT_EQ(u(out.uncertainties.at(0)).state, RecordState::resolved);
  EXPECT_EQ(u(out.uncertainties.at(0)).resolution, Resolution::user_clarified);
  EXPECT_EQ(m("boston").reliability, Reliability::reliable);
}

namespace {
/// The clarification episodes of a user (seed 000: "an episode records the
/// clarification").
std::vector<const Memory*> clarification_episodes(const State& s, const std::string& user) {
  std::vector<const Memory*> out;
  for (const auto& id : s.user_memories(user)) {
    const Memory* e = s.memory(id);
    if (e && e->kind == MemoryKind::episode && e->claim.slot == "clarification") out.push_back(e);
  }
  return out;
}
bool has_relationship(const State& s, const std::string& from, const std::string& to,
                      const std::string& type) {
  for (const auto& id : s.memory_relationships(from)) {
    const Relationship* r = s.relationship(id);
    if (r && r->from == from && r->to == to && r->type == type) return true;
  }
  return false;
}
}  // namespace

TEST_F(ModelTest, CorrectionResolvesRecordsAndLowersTolerance) {
  add(mem("cricket", "My favourite sport is cricket"));
  auto out = write(mem("cricket2", "I don't care about cricket at all"),
                   {verdict("cricket", Classification::true_contradiction)});
  Correction c;
  c.memory_id = "cricket";
  c.replacement = mem("rugby", "My favourite sport is rugby");
  auto evs = decide_correction(s, "alice", c, p, ids, now);
  ASSERT_TRUE(evs);
  commit(*evs);
  EXPECT_TRUE(m("cricket").deleted());
  EXPECT_EQ(m("rugby").reliability, Reliability::reliable);
  EXPECT_EQ(u(out.uncertainties.at(0)).resolution, Resolution::user_clarified);
  EXPECT_NEAR(s.user("alice")->tolerance, 0.47, 1e-12) << "-0.03 per correction";
  EXPECT_EQ(s.user("alice")->corrections, 1u);
  EXPECT_TRUE(has_relationship(s, "cricket", "rugby", "user_clarified"));
  auto eps = clarification_episodes(s, "alice");
  ASSERT_EQ(eps.size(), 1u);
  EXPECT_EQ(eps[0]->text,
            "The user clarified that \"My favourite sport is rugby\" holds and \"My favourite "
            "sport is cricket\" was wrong.");
  // A correction with nothing to replace it still leaves an episode.
  Correction gone;
  gone.memory_id = "cricket2";
  gone.was_true_once = true;
  commit(*decide_correction(s, "alice", gone, p, ids, now));
  EXPECT_EQ(m("cricket2").reliability, Reliability::superseded);
  eps = clarification_episodes(s, "alice");
  ASSERT_EQ(eps.size(), 2u);
  EXPECT_NE(eps[1]->text.find("is no longer true"), std::string::npos) << eps[1]->text;
}

// ---- tolerance -----------------------------------------------------------------------

TEST_F(ModelTest, PeerLesson_ToleranceNudgesHaveTheSeedSizesAndAreReadBack) {
  EXPECT_DOUBLE_EQ(tolerance_of(s, "alice", p.tolerance), 0.5);
  commit({nudge_tolerance(s, "alice", p.tolerance.correction, "correction", p.tolerance, now)});
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), 0.47, 1e-12);
  commit({nudge_tolerance(s, "alice", p.tolerance.reinforcement, "reinforcement", p.tolerance, now)});
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), 0.48, 1e-12);
  for (int i = 0; i < 30; ++i)
    commit({nudge_tolerance(s, "alice", p.tolerance.correction, "correction", p.tolerance, now)});
  EXPECT_DOUBLE_EQ(tolerance_of(s, "alice", p.tolerance), 0.2) << "bounded below";
  for (int i = 0; i < 100; ++i)
    commit({nudge_tolerance(s, "alice", p.tolerance.dismissal, "dismissal", p.tolerance, now)});
  EXPECT_DOUBLE_EQ(tolerance_of(s, "alice", p.tolerance), 0.8) << "bounded above";
}

TEST_F(ModelTest, ToleranceMovesTheSurfacingThreshold) {
  add(mem("t", "I jog every morning"));
  auto out = write(mem("e", "Skipped jogging for a month, too tired", MemoryKind::episode),
                   {verdict("t", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  ASSERT_EQ(u(rid).severity, Severity::medium);
  add(mem("e1", "Ate pizza in Rome", MemoryKind::episode));
  auto low = write(mem("e2", "Have never been to Rome", MemoryKind::episode),
                   {verdict("e1", Classification::true_contradiction)});
  ASSERT_EQ(u(low.uncertainties.at(0)).severity, Severity::low);
  // Seed 000: solo unverified knowledge "should be surfaced when relevant".
  auto docker = write(mem("docker", "Docker has a new beta feature for builds",
                          MemoryKind::concept_, Source::researched, 0.6),
                      {});
  ASSERT_EQ(u(docker.uncertainties.at(0)).type, UncertaintyType::unverified);
  const std::vector<std::string> jog = {"jogging", "morning"};
  auto hints = [&](std::vector<std::string> topic) {
    return assemble_context(s, "alice", topic, {}, 5, p, now).hints.size();
  };
  // Baseline 0.5: every severity surfaces when on topic, low ones included.
  EXPECT_EQ(hints(jog), 1u);
  EXPECT_EQ(hints({"rome"}), 1u) << "low";
  EXPECT_EQ(hints({"docker", "feature"}), 1u) << "a solo unverified record";
  // Five reinforcements later (0.55) they still do: the low weight keeps a margin.
  commit({events::tolerance_set("alice", 0.55, "reinforcement", now)});
  EXPECT_EQ(hints({"rome"}), 1u);
  // More tolerant (0.6): low records stay in the background.
  commit({events::tolerance_set("alice", 0.6, "dismissal", now)});
  EXPECT_EQ(hints(jog), 1u);
  EXPECT_EQ(hints({"rome"}), 0u);
  // A user who dismisses a lot (0.8) is not bothered with a medium one.
  commit({events::tolerance_set("alice", 0.8, "dismissal", now)});
  EXPECT_EQ(hints(jog), 0u);
  // A user who corrects often (0.2) sees them all.
  commit({events::tolerance_set("alice", 0.2, "correction", now)});
  EXPECT_EQ(hints({"rome"}), 1u);
}

TEST_F(ModelTest, ToleranceMovesHowCloselyTheTopicMustMatch) {
  // A critical record (weight 1.0) passes every threshold; what changes is
  // how much of the conversation's topic must be about it: min_topic_match
  // (0.2) scaled by tolerance / baseline.
  add(mem("honda", "I like Honda"));
  write(mem("hate", "I hate Honda"), {verdict("honda", Classification::true_contradiction)});
  const std::vector<std::string> quarter = {"honda", "weather", "lunch", "music"};  // 1 of 4
  const std::vector<std::string> eighth = {"honda", "weather", "lunch", "music",
                                           "garden", "film",  "train", "coffee"};  // 1 of 8
  auto hints = [&](const std::vector<std::string>& topic) {
    return assemble_context(s, "alice", topic, {}, 0, p, now).hints.size();
  };
  EXPECT_EQ(hints(quarter), 1u) << "0.25 >= 0.2 at the baseline";
  EXPECT_EQ(hints(eighth), 0u) << "0.125 < 0.2 at the baseline";
  commit({events::tolerance_set("alice", 0.8, "dismissal", now)});
  EXPECT_EQ(hints(quarter), 0u) << "0.25 < 0.32 at tolerance 0.8";
  commit({events::tolerance_set("alice", 0.2, "correction", now)});
  EXPECT_EQ(hints(eighth), 1u) << "0.125 >= 0.08 at tolerance 0.2";
}

TEST_F(ModelTest, ToleranceMovesAutoResolutionAggressiveness) {
  // researched 0.8 vs inferred 0.45: ratio 1.78 < 2.0 at the baseline.
  auto setup = [&](const std::string& suffix) {
    add(mem("a" + suffix, "The user's team " + suffix + " uses Jira", MemoryKind::trait,
            Source::inferred, 0.45));
    return write(mem("b" + suffix, "The user's team " + suffix + " uses Linear", MemoryKind::trait,
                     Source::researched, 0.8),
                 {verdict("a" + suffix, Classification::true_contradiction)});
  };
  auto baseline = setup("1");
  EXPECT_EQ(u(baseline.uncertainties.at(0)).state, RecordState::open);
  commit({events::tolerance_set("alice", 0.8, "dismissal", now)});
  auto tolerant = setup("2");
  EXPECT_EQ(u(tolerant.uncertainties.at(0)).resolution, Resolution::confidence_dominance)
      << "ratio 2.0 * (1 - 0.3) = 1.4 < 1.78";
  EXPECT_NEAR(effective_ratio(2.0, 0.2, p), 2.6, 1e-12);
}

TEST_F(ModelTest, ToleranceMovesTheBackgroundBudget) {
  EXPECT_EQ(drift_budget(0.2, p.tolerance), 20u);
  EXPECT_EQ(drift_budget(0.5, p.tolerance), 15u);
  EXPECT_EQ(drift_budget(0.8, p.tolerance), 10u);
}

// ---- context assembly and surfacing -------------------------------------------------

TEST_F(ModelTest, AssemblyWeightFollowsTheSeedFormulaWithItsFloor) {
  Memory x = mem("x", "fact");
  x.importance = 0.8;
  x.reliability = Reliability::reliable;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 1.0 * 0.8 * 1.0);
  x.reliability = Reliability::uncertain;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.8 * 0.6);
  x.reliability = Reliability::contradicted;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.8 * 0.4);
  x.reliability = Reliability::superseded;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.8 * 0.3) << "floor 0.3 > factor 0.2";
  x.kind = MemoryKind::episode;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.6 * 0.8 * 0.3);
  // Every kind has its base weight (config [reliability] weight_*), and the
  // floor and factors apply to each.
  x.kind = MemoryKind::concept_;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.9 * 0.8 * 0.3);
  x.reliability = Reliability::uncertain;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.9 * 0.8 * 0.6);
  x.kind = MemoryKind::relationship;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.8 * 0.8 * 0.6);
  x.reliability = Reliability::contradicted;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.8 * 0.8 * 0.4);
  x.reliability = Reliability::reliable;
  x.importance = 0.5;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 0.8 * 0.5 * 1.0);
  x.kind = MemoryKind::trait;
  EXPECT_DOUBLE_EQ(assembly_weight(x, p.reliability), 1.0 * 0.5 * 1.0);
  // A configured weight is the one used.
  ReliabilityPolicy custom = p.reliability;
  custom.weight_relationship = 0.25;
  x.kind = MemoryKind::relationship;
  EXPECT_DOUBLE_EQ(assembly_weight(x, custom), 0.25 * 0.5 * 1.0);
}

TEST_F(ModelTest, PeerLesson_SurfaceContextDecidesWhenARecordSurfaces) {
  add(mem("honda", "I like Honda"));
  auto v = verdict("honda", Classification::true_contradiction);
  v.surface_context = "user discusses cars or buying a car";
  auto out = write(mem("toyota", "I'm buying a Toyota and I hate Honda"), {v});
  const std::string rid = out.uncertainties.at(0);
  auto unrelated = assemble_context(s, "alice", simple_keywords("What's the weather tomorrow?"),
                                    {}, 5, p, now);
  EXPECT_TRUE(unrelated.hints.empty());
  auto cars = assemble_context(s, "alice", simple_keywords("Thinking about getting a new car"),
                               {}, 5, p, now);
  ASSERT_EQ(cars.hints.size(), 1u);
  EXPECT_EQ(cars.hints[0].uncertainty_id, rid);
  EXPECT_EQ(cars.hints[0].memory_a, "honda");
  EXPECT_NE(cars.hints[0].hint.find("I like Honda"), std::string::npos);
  commit(cars.events);
  EXPECT_EQ(u(rid).surfaced_count, 1u);
  EXPECT_EQ(u(rid).state, RecordState::surfaced);
}

TEST_F(ModelTest, ContextRanksByWeightAndRelevanceAndCountsAccess) {
  add(mem("a", "I like jazz music"));
  Memory ep = mem("b", "Went to a jazz club", MemoryKind::episode);
  add(ep);
  auto ctx = assemble_context(s, "alice", {"jazz"}, {}, 5, p, now);
  ASSERT_EQ(ctx.items.size(), 2u);
  EXPECT_EQ(ctx.items[0].memory_id, "a") << "traits weigh more than episodes";
  commit(ctx.events);
  EXPECT_EQ(m("a").access_count, 1u);
}

TEST_F(ModelTest, PeerLesson_AntiNagCounterGrowsAndLowersSeverityAfterThree) {
  add(mem("am", "I wake up at 5am every day"));
  auto out = write(mem("owl", "I'm a night owl and work from midnight to 4am"),
                   {verdict("am", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  ASSERT_EQ(u(rid).severity, Severity::critical);
  for (int i = 0; i < 3; ++i) {
    auto ctx = assemble_context(s, "alice", {"sleep", "wake", "morning", "night"}, {}, 5, p, now);
    ASSERT_EQ(ctx.hints.size(), 1u) << "surfacing " << i;
    commit(ctx.events);
    auto again = assemble_context(s, "alice", {"sleep", "wake"}, {}, 5, p, now);
    EXPECT_TRUE(again.hints.empty()) << "cooldown holds it back";
    now += p.surfacing.cooldown_s * kSecond + 1;
  }
  EXPECT_EQ(u(rid).surfaced_count, 3u) << "the counter exceeds 1";
  EXPECT_EQ(u(rid).severity, Severity::high) << "lowered one step after three";
  // ... and left to decay: still over the surfacing threshold (high), yet it
  // is not raised again, however often the topic comes back.
  ASSERT_GE(p.surfacing.weight(u(rid).severity), tolerance_of(s, "alice", p.tolerance));
  for (int i = 0; i < 5; ++i) {
    now += p.surfacing.cooldown_s * kSecond + 1;
    auto ctx = assemble_context(s, "alice", {"sleep", "wake", "morning", "night"}, {}, 5, p, now);
    EXPECT_TRUE(ctx.hints.empty()) << "surfacing " << 4 + i << " after the anti-nag step";
    commit(ctx.events);
  }
  EXPECT_EQ(u(rid).surfaced_count, 3u);
  EXPECT_EQ(u(rid).state, RecordState::surfaced) << "not resolved: left to decay";
  // Engagement still resolves it; left alone instead (the state is rewound),
  // it decays with its contradicted memories.
  State before_decay = s;
  auto res = decide_resolve(s, "alice", rid, "owl", false, "I changed my schedule", p, ids, now);
  ASSERT_TRUE(res);
  commit(*res);
  EXPECT_EQ(u(rid).state, RecordState::resolved) << "engagement resolves it";
  EXPECT_EQ(u(rid).resolution, Resolution::user_clarified);
  s = before_decay;
  auto evs = decide_decay(s, p, now + 400 * kDay);
  ASSERT_FALSE(evs.empty());
  commit(evs);
  EXPECT_TRUE(m("am").deleted() && m("owl").deleted()) << "the contradicted memories decayed";
  EXPECT_EQ(u(rid).state, RecordState::decayed) << "left to decay, it decays";
  EXPECT_EQ(u(rid).resolution, Resolution::decayed);
}

TEST_F(ModelTest, ARecordLeftToDecayExpiresEvenWhenItsMemoriesCannotDecay) {
  // An ambiguous pair marks neither memory, and reliable traits are never
  // deleted by decay: after the anti-nag step the record would otherwise
  // stay open for ever.
  add(mem("mornings", "I hate mornings"));
  auto out = write(mem("sunrise", "I love watching the sunrise"),
                   {verdict("mornings", Classification::figurative, ConfidenceTier::med, 0.6)});
  const std::string rid = out.uncertainties.at(0);
  add(mem("x", "I like tea"));
  auto fresh = write(mem("y", "I like tea in the evening"),
                     {verdict("x", Classification::context_dependent, ConfidenceTier::med, 0.6)});
  const std::string untouched = fresh.uncertainties.at(0);
  for (int i = 0; i < 3; ++i) {
    commit(*decide_dismiss(s, "alice", rid, p, now));
  }
  ASSERT_TRUE(u(rid).active());
  EXPECT_TRUE(decide_decay(s, p, now + 29 * kDay).empty()) << "not idle long enough";
  auto evs = decide_decay(s, p, now + 30 * kDay);
  ASSERT_EQ(evs.size(), 1u);
  now += 30 * kDay;
  commit(evs);
  EXPECT_EQ(u(rid).state, RecordState::decayed);
  EXPECT_EQ(u(rid).resolution, Resolution::decayed);
  EXPECT_TRUE(u(untouched).active()) << "a record never surfaced or dismissed is not expired";
  EXPECT_FALSE(m("mornings").deleted());
  EXPECT_EQ(m("mornings").reliability, Reliability::reliable);
  EXPECT_TRUE(decide_decay(s, p, now + 60 * kDay).empty()) << "closed once";
}

TEST_F(ModelTest, ThreeDismissalsLowerSeverityAndRaiseTolerance) {
  add(mem("a", "I love spicy food"));
  auto out = write(mem("b", "I can't eat anything spicy"), {verdict("a", Classification::true_contradiction)});
  const std::string rid = out.uncertainties.at(0);
  for (int i = 0; i < 3; ++i) {
    auto d = decide_dismiss(s, "alice", rid, p, now);
    ASSERT_TRUE(d);
    commit(*d);
  }
  EXPECT_EQ(u(rid).dismissed_count, 3u);
  EXPECT_EQ(u(rid).severity, Severity::high);
  EXPECT_EQ(u(rid).state, RecordState::open) << "left to decay, not resolved";
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), 0.54, 1e-12) << "+0.02 from the 2nd dismissal";
  EXPECT_EQ(s.user("alice")->dismissals, 3u);
  now += p.surfacing.cooldown_s * kSecond + 1;
  EXPECT_TRUE(assemble_context(s, "alice", {"spicy", "food"}, {}, 5, p, now).hints.empty())
      << "a record dismissed three times is not raised again";
}

TEST_F(ModelTest, DismissingManyDifferentRecordsRaisesToleranceUntilTheUserEngages) {
  // Seed 000: a user who "dismisses clarifications repeatedly" gets a higher
  // tolerance, whether or not it is the same clarification each time.
  std::vector<std::string> rids;
  for (int i = 0; i < 4; ++i) {
    const std::string n = std::to_string(i);
    add(mem("a" + n, "I like band " + n));
    rids.push_back(write(mem("b" + n, "I hate band " + n),
                         {verdict("a" + n, Classification::true_contradiction)})
                       .uncertainties.at(0));
  }
  for (int i = 0; i < 3; ++i) commit(*decide_dismiss(s, "alice", rids[i], p, now));
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), 0.54, 1e-12)
      << "three records dismissed once each: +0.02 from the 2nd in a row";
  EXPECT_EQ(s.user("alice")->dismissal_streak, 3u);
  // Engaging (a clarification) ends the streak: the next dismissal alone
  // does not move the tolerance.
  commit(*decide_resolve(s, "alice", rids[0], "b0", false, "", p, ids, now));
  EXPECT_EQ(s.user("alice")->dismissal_streak, 0u);
  commit(*decide_dismiss(s, "alice", rids[3], p, now));
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), 0.54, 1e-12);
  // The streak is part of the state: it survives a replay.
  State replayed;
  for (const auto& e : log) ASSERT_TRUE(apply(replayed, e));
  EXPECT_EQ(replayed.user("alice")->dismissal_streak, 1u);
  EXPECT_EQ(state_digest(replayed), state_digest(s));
}

// ---- the action gate ---------------------------------------------------------------

TEST_F(ModelTest, PeerLesson_ActionGateClarifiesOnDoubtfulMemories) {
  add(mem("jp", "I'm fluent in Japanese after 10 years in Tokyo"));
  auto out = write(mem("nojp", "I don't speak any Japanese"),
                   {verdict("jp", Classification::true_contradiction)});
  add(mem("ok", "My manager is Kenji"));
  auto proceed = check_action(s, "alice", "email my manager", {"ok"}, 0.9, p, ids, now);
  ASSERT_TRUE(proceed);
  EXPECT_FALSE(proceed->clarify);
  EXPECT_DOUBLE_EQ(proceed->confidence, 0.9);
  auto gate = check_action(s, "alice", "draft the email in Japanese", {"ok", "jp"}, 0.9, p, ids, now);
  ASSERT_TRUE(gate);
  EXPECT_TRUE(gate->clarify);
  EXPECT_NEAR(gate->confidence, 0.9 * 0.6, 1e-12) << "lowered by 40%";
  EXPECT_EQ(gate->doubtful, std::vector<std::string>{"jp"});
  EXPECT_EQ(gate->clarify_prompt.rfind("I was going to draft the email in Japanese, but I'm not certain that", 0), 0u)
      << gate->clarify_prompt;
  EXPECT_NE(gate->clarify_prompt.find("fluent in Japanese"), std::string::npos);
  EXPECT_NE(gate->reliability_warning.find("contradicted"), std::string::npos);
  commit(proceed->events);
  commit(gate->events);
  EXPECT_EQ(s.user("alice")->action_checks, 2u) << "every check is an event";
  EXPECT_EQ(s.user("alice")->clarify_decisions, 1u);
}

TEST_F(ModelTest, ActionGateRejectsUnknownOrForeignMemories) {
  add(mem("a", "x"));
  add(mem("b", "y", MemoryKind::trait, Source::explicit_, 0.9, "bob"));
  auto r = check_action(s, "alice", "act", {"a", "b"}, 0.5, p, ids, now);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
  EXPECT_EQ(r.error().field, "memory_ids[1]");
}

TEST_F(ModelTest, ActionGateOpensAPreActionRecordForAnUnrecordedDoubt) {
  add(mem("a", "I prefer window seats"));
  commit({events::reliability_changed("alice", "a", Reliability::uncertain, "test", now)});
  auto g = check_action(s, "alice", "book a flight", {"a"}, 0.8, p, ids, now);
  ASSERT_TRUE(g);
  commit(g->events);
  auto recs = records_of("a");
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0]->detection_context, DetectionContext::pre_action);
}

// ---- stale --------------------------------------------------------------------------

TEST_F(ModelTest, PeerLesson_StaleRecordsAreCreatedAndReinforcementResolvesThem) {
  // seed_cases: "Mom lives in Canada" (3 years old, no reinforcement).
  Memory mom = mem("mom", "Mom lives in Canada");
  mom.created_at = now - 3 * 365 * kDay;
  add(mom);
  add(mem("fresh", "I like tea"));
  auto evs = decide_stale(s, p, ids, now, 10);
  ASSERT_EQ(evs.size(), 1u);
  commit(evs);
  auto recs = records_of("mom");
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0]->type, UncertaintyType::stale);
  EXPECT_TRUE(decide_stale(s, p, ids, now, 10).empty()) << "no second record";
  auto r = decide_reinforce(s, "alice", "mom", p, ids, now);
  ASSERT_TRUE(r);
  commit(*r);
  EXPECT_EQ(recs[0]->state, RecordState::resolved);
  EXPECT_EQ(m("mom").reinforcement_count, 1u);
}

TEST_F(ModelTest, ConfirmingAnInferredMemoryResolvesItsUnverifiedRecord) {
  write(mem("inf", "The user likes hiking", MemoryKind::trait, Source::inferred, 0.5), {});
  ASSERT_EQ(m("inf").reliability, Reliability::uncertain);
  auto r = decide_reinforce(s, "alice", "inf", p, ids, now);
  ASSERT_TRUE(r);
  commit(*r);
  EXPECT_EQ(m("inf").reliability, Reliability::reliable);
  EXPECT_EQ(m("inf").reinforcement_count, 1u) << "counted once";
  EXPECT_EQ(records_of("inf")[0]->state, RecordState::resolved);
}

// ---- messages and drift pairs ---------------------------------------------------------

TEST_F(ModelTest, MessageTemporalChangeIsAutoResolvedWithANewMemory) {
  add(mem("acme", "I work at Acme"));
  Claim c;
  c.subject = "user";
  c.slot = "employer";
  c.tense = Tense::past;  // "left", "joined": past tense, but a change cue
  c.change_cues = {"leave", "join"};
  auto out = decide_message(s, "alice", "I left Acme and joined Globex last month", c,
                            {verdict("acme", Classification::temporal_change)}, p, ids, now);
  ASSERT_EQ(out.auto_resolved.size(), 1u);
  commit(out.events);
  const std::string nid = out.auto_resolved[0].new_id;
  EXPECT_EQ(m("acme").reliability, Reliability::superseded);
  EXPECT_EQ(m(nid).text, "I left Acme and joined Globex last month");
  EXPECT_EQ(m(nid).kind, MemoryKind::trait) << "kind of the memory it concerns";
  EXPECT_TRUE(out.contradictions.empty());
}

TEST_F(ModelTest, MessageContradictionOfABeliefIsWovenAndOfAnEpisodeIsNot) {
  add(mem("honda", "I like Honda"));
  add(mem("trip", "Drove to Lyon on Saturday", MemoryKind::episode));
  auto out = decide_message(s, "alice", "I hate Honda", {},
                            {verdict("honda", Classification::true_contradiction)}, p, ids, now);
  ASSERT_EQ(out.contradictions.size(), 1u);
  EXPECT_TRUE(out.contradictions[0].weave);
  EXPECT_EQ(out.contradictions[0].severity, Severity::critical);
  EXPECT_NE(out.contradictions[0].hint.find("I like Honda"), std::string::npos);
  commit(out.events);
  EXPECT_EQ(u(out.contradictions[0].uncertainty_id).detection_context, DetectionContext::ingestion);
  auto ep = decide_message(s, "alice", "I was home all Saturday", {},
                           {verdict("trip", Classification::true_contradiction)}, p, ids, now);
  ASSERT_EQ(ep.contradictions.size(), 1u);
  EXPECT_FALSE(ep.contradictions[0].weave) << "episode contradictions resolve in the background";
}

TEST_F(ModelTest, MessageThatIsFigurativeOrContextDependentOpensAnAmbiguousRecord) {
  add(mem("commute", "My commute is about forty minutes each way"));
  add(mem("tea", "I drink tea in the morning"));
  auto fig = decide_message(s, "alice", "Ugh, my commute lasts forever", {},
                            {verdict("commute", Classification::figurative, ConfidenceTier::med, 0.6)},
                            p, ids, now);
  ASSERT_EQ(fig.ambiguous.size(), 1u);
  EXPECT_TRUE(fig.contradictions.empty());
  commit(fig.events);
  const Uncertainty& r = u(fig.ambiguous[0]);
  EXPECT_EQ(r.type, UncertaintyType::ambiguous);
  EXPECT_EQ(r.detection_context, DetectionContext::ingestion);
  EXPECT_EQ(r.classification, Classification::figurative);
  EXPECT_EQ(r.memory_a, "commute");
  EXPECT_EQ(m(r.memory_b).text, "Ugh, my commute lasts forever");
  EXPECT_EQ(m("commute").reliability, Reliability::reliable) << "neither side is marked";
  EXPECT_EQ(m(r.memory_b).reliability, Reliability::reliable);
  auto cd = decide_message(s, "alice", "In the evening I have coffee", {},
                           {verdict("tea", Classification::context_dependent, ConfidenceTier::med, 0.6)},
                           p, ids, now);
  ASSERT_EQ(cd.ambiguous.size(), 1u);
  commit(cd.events);
  EXPECT_EQ(u(cd.ambiguous[0]).classification, Classification::context_dependent);
  // Saying it again in the same words adds nothing.
  auto again = decide_message(s, "alice", "ugh... my commute lasts forever!", {},
                              {verdict("commute", Classification::figurative, ConfidenceTier::med, 0.6)},
                              p, ids, now);
  EXPECT_TRUE(again.ambiguous.empty());
  EXPECT_TRUE(again.events.empty());
  // With record_ambiguous off, a message stores nothing for such a pair.
  p.resolution.record_ambiguous = false;
  auto off = decide_message(s, "alice", "Mornings and I are at war", {},
                            {verdict("tea", Classification::figurative, ConfidenceTier::med, 0.6)},
                            p, ids, now);
  EXPECT_TRUE(off.ambiguous.empty());
  EXPECT_TRUE(off.events.empty());
}

TEST_F(ModelTest, DriftPairTemporalChangeClosesTheOpenRecord) {
  add(mem("a", "Mom lives in Canada"));
  now += kDay;
  add(mem("b", "Mom moved to China last spring"));
  // An earlier pass recorded it as a contradiction.
  commit(decide_pair(s, m("a"), m("b"), verdict("a", Classification::true_contradiction),
                     DetectionContext::drift, p, ids, now));
  const std::string rid = records_of("a").at(0)->id;
  commit(decide_pair(s, m("a"), m("b"), verdict("a", Classification::temporal_change),
                     DetectionContext::drift, p, ids, now));
  EXPECT_EQ(u(rid).state, RecordState::resolved);
  EXPECT_EQ(u(rid).resolution, Resolution::temporal_supersede);
  EXPECT_EQ(m("a").reliability, Reliability::superseded);
  EXPECT_EQ(m("b").reliability, Reliability::reliable);
}

TEST_F(ModelTest, DriftDoesNotDuplicateAnActiveRecord) {
  add(mem("a", "I live in Canada"));
  add(mem("b", "I live in China"));
  commit(decide_pair(s, m("a"), m("b"), verdict("a", Classification::true_contradiction),
                     DetectionContext::drift, p, ids, now));
  EXPECT_TRUE(decide_pair(s, m("a"), m("b"), verdict("a", Classification::true_contradiction),
                          DetectionContext::drift, p, ids, now)
                  .empty());
}

TEST_F(ModelTest, DriftDoesNotReopenASettledPair) {
  // Evidence settled blue vs red; blue stays live (uncertain). Judging the
  // pair again in the background must not open a fresh record that would
  // mark the winner contradicted again.
  add(mem("blue", "My favourite colour is blue"));
  auto out = write(mem("red", "My favourite colour is red"),
                   {verdict("blue", Classification::true_contradiction)});
  for (int i = 0; i < 2; ++i) commit(*decide_reinforce(s, "alice", "red", p, ids, now));
  ASSERT_EQ(u(out.uncertainties.at(0)).resolution, Resolution::evidence_resolved);
  ASSERT_EQ(m("blue").reliability, Reliability::uncertain);
  EXPECT_TRUE(decide_pair(s, m("blue"), m("red"), verdict("blue", Classification::true_contradiction),
                          DetectionContext::drift, p, ids, now)
                  .empty());
  EXPECT_EQ(m("red").reliability, Reliability::reliable);
  // An expired ambiguous pair is not reopened either.
  add(mem("x", "I hate mornings"));
  add(mem("y", "I love the sunrise"));
  auto amb = verdict("x", Classification::figurative, ConfidenceTier::med, 0.6);
  commit(decide_pair(s, m("x"), m("y"), amb, DetectionContext::drift, p, ids, now));
  const std::string rid = records_of("x").at(0)->id;
  for (int i = 0; i < 3; ++i) commit(*decide_dismiss(s, "alice", rid, p, now));
  now += 31 * kDay;
  commit(decide_decay(s, p, now));
  ASSERT_EQ(u(rid).state, RecordState::decayed);
  EXPECT_TRUE(decide_pair(s, m("x"), m("y"), amb, DetectionContext::drift, p, ids, now).empty());
}

// ---- bi-temporal queries ---------------------------------------------------------------

TEST_F(ModelTest, QueriesExcludeSupersededByDefaultAndAnswerAsOfAndKnownAt) {
  const Millis t_acme = now - 400 * kDay;
  auto acme = mem("acme", "I work at Acme");
  acme.valid_from = t_acme;
  add(acme);
  const Millis t_learned_acme = now;
  now += 10 * kDay;
  auto globex = mem("globex", "I work at Globex");
  globex.valid_from = now - 30 * kDay;
  write(globex, {verdict("acme", Classification::temporal_change)});
  auto ids_of = [](const std::vector<const Memory*>& v) {
    std::vector<std::string> out;
    for (auto* x : v) out.push_back(x->id);
    return out;
  };
  EXPECT_EQ(ids_of(query_memories(s, "alice", {})), std::vector<std::string>{"globex"});
  MemoryQuery hist;
  hist.include_superseded = true;
  EXPECT_EQ(ids_of(query_memories(s, "alice", hist)), (std::vector<std::string>{"acme", "globex"}));
  MemoryQuery before;
  before.as_of = now - 60 * kDay;
  EXPECT_EQ(ids_of(query_memories(s, "alice", before)), std::vector<std::string>{"acme"});
  MemoryQuery after;
  after.as_of = now - kDay;
  EXPECT_EQ(ids_of(query_memories(s, "alice", after)), std::vector<std::string>{"globex"});
  MemoryQuery known;
  known.known_at = t_learned_acme + kDay;
  EXPECT_EQ(ids_of(query_memories(s, "alice", known)), std::vector<std::string>{"acme"})
      << "what credence knew then";
  auto chain = supersession_chain(s, "globex");
  ASSERT_EQ(chain.size(), 2u);
  EXPECT_EQ(chain[0]->id, "acme");
  EXPECT_EQ(chain[1]->id, "globex");
}

TEST_F(ModelTest, DeletedMemoriesAreHiddenExceptFromEarlierKnowledge) {
  add(mem("a", "I have a cat"));
  const Millis before = now;
  now += kDay;
  commit(*decide_delete(s, "alice", "a", "", now));
  EXPECT_TRUE(query_memories(s, "alice", {}).empty());
  MemoryQuery q;
  q.known_at = before;
  EXPECT_EQ(query_memories(s, "alice", q).size(), 1u);
}

TEST_F(ModelTest, UsersNeverSeeEachOthersMemories) {
  add(mem("a", "I like tea"));
  add(mem("b", "I like coffee", MemoryKind::trait, Source::explicit_, 0.9, "bob"));
  EXPECT_EQ(query_memories(s, "alice", {}).size(), 1u);
  EXPECT_EQ(query_memories(s, "bob", {}).front()->id, "b");
  auto r = decide_reinforce(s, "bob", "a", p, ids, now);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
}

// ---- regressions found by the randomised scenario ------------------------------------

TEST_F(ModelTest, EvidenceResolutionRetiresTheLosersOtherRecords) {
  add(mem("blue", "My favourite colour is blue"));
  auto r1 = write(mem("red", "My favourite colour is red"),
                  {verdict("blue", Classification::true_contradiction)});
  auto r2 = write(mem("green", "My favourite colour is green"),
                  {verdict("blue", Classification::true_contradiction)});
  for (int i = 0; i < 2; ++i) commit(*decide_reinforce(s, "alice", "red", p, ids, now));
  ASSERT_EQ(m("blue").reliability, Reliability::uncertain);
  EXPECT_TRUE(u(r2.uncertainties.at(0)).active())
      << "blue only lost to red: its question with green stays open";
  // When the loser is superseded (a temporal signal, the older memory), its
  // other records close with it.
  add(mem("cat", "My pet is a cat"));
  now += kDay;
  Assessment v = verdict("cat", Classification::true_contradiction);
  v.temporal_signal = true;
  auto d1 = write(mem("dog", "My pet is a dog"), {v});
  auto d2 = write(mem("fish", "My pet is a fish"), {verdict("cat", Classification::true_contradiction)});
  for (int i = 0; i < 2; ++i) commit(*decide_reinforce(s, "alice", "dog", p, ids, now));
  ASSERT_EQ(m("cat").reliability, Reliability::superseded);
  EXPECT_FALSE(u(d2.uncertainties.at(0)).active())
      << "cat's record with fish closes when cat is superseded";
  EXPECT_EQ(m("fish").reliability, Reliability::reliable);
  EXPECT_FALSE(u(d1.uncertainties.at(0)).active());
}

TEST_F(ModelTest, NoRecordIsOpenedOnARetiredMemory) {
  add(mem("a", "I work at Acme"));
  // The same memory named twice: the temporal change wins, no record follows.
  auto out = write(mem("b", "I work at Globex now"),
                   {verdict("a", Classification::temporal_change, ConfidenceTier::high, 0.95),
                    verdict("a", Classification::true_contradiction, ConfidenceTier::high, 0.6)});
  EXPECT_EQ(m("a").reliability, Reliability::superseded);
  EXPECT_TRUE(out.uncertainties.empty());
  // A late event about the superseded memory is ignored by the fold.
  Uncertainty late;
  late.id = "unc_late";
  late.user = "alice";
  late.memory_a = "a";
  late.memory_b = "b";
  commit({events::uncertainty_opened(late, {{"b", Reliability::contradicted}}, now)});
  EXPECT_EQ(s.uncertainty("unc_late"), nullptr);
  EXPECT_EQ(m("b").reliability, Reliability::reliable);
}

TEST_F(ModelTest, AStatedCorrectionSupersedesTheOldMemoryAsAUserClarification) {
  // seed_cases: "prefers Rust" then "correction: prefers Go".
  add(mem("rust", "I prefer Rust"));
  Memory go = mem("go", "Correction: I prefer Go");
  go.claim.correction = true;
  auto out = write(go, {verdict("rust", Classification::true_contradiction, ConfidenceTier::med, 0.8)});
  ASSERT_EQ(out.uncertainties.size(), 1u);
  EXPECT_EQ(u(out.uncertainties[0]).resolution, Resolution::user_clarified);
  EXPECT_EQ(m("rust").reliability, Reliability::superseded) << "kept as history";
  EXPECT_EQ(m("go").reliability, Reliability::reliable);
  EXPECT_NEAR(tolerance_of(s, "alice", p.tolerance), 0.47, 1e-12);
  EXPECT_EQ(s.user("alice")->corrections, 1u);
  EXPECT_TRUE(has_relationship(s, "rust", "go", "user_clarified"));
  auto eps = clarification_episodes(s, "alice");
  ASSERT_EQ(eps.size(), 1u);
  EXPECT_NE(eps[0]->text.find("\"I prefer Rust\" is no longer true"), std::string::npos);
}
