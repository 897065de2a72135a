// prescreen_test: the claim-level filter keeps only pairs worth judging
// (same subject and slot with differing values or stance, change cues,
// similar unslotted statements with shared words) and drops the rest with
// a reason; the pre-screen service embeds, searches and filters against a
// real state, per user, with kinds chosen by context and history on request.
#include <gtest/gtest.h>

#include "engine/events.hpp"
#include "engine/prescreen.hpp"
#include "engine/wordnet.hpp"
#include "store/memory_index.hpp"
#include "store/prescreen_service.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

Claim claim(std::string subject, std::string slot,
            std::vector<std::string> values, int stance = 0,
            std::vector<std::string> cues = {}) {
  Claim c;
  c.subject = std::move(subject);
  c.subject_kind =
      c.subject.empty() ? SubjectKind::missing : SubjectKind::present;
  c.slot = std::move(slot);
  c.values = std::move(values);
  c.stance = stance;
  c.change_cues = std::move(cues);
  return c;
}

struct Stored {
  std::string id;
  Claim claim;
  std::string text;
  float similarity;
  MemoryKind kind = MemoryKind::trait;
  bool key_match = false;
};

Screened run(const Claim& in, const std::string& text,
             const std::vector<Stored>& stored, ScreenOptions o = {},
             std::vector<std::string> cue_targets = {}) {
  std::vector<Neighbour> ns;
  for (const auto& s : stored)
    ns.push_back({s.id, s.kind, s.similarity, &s.claim, s.text, false, s.key_match});
  return screen(in, text, ns, o, cue_targets);
}

Claim with_domain(Claim c, std::string domain) {
  c.domain = std::move(domain);
  return c;
}

const PrescreenDrop* dropped(const Screened& s, const std::string& id) {
  for (const auto& d : s.dropped)
    if (d.memory_id == id) return &d;
  return nullptr;
}

}  // namespace

// ---- the pure filter
// ---------------------------------------------------------

TEST(PrescreenFilter, SameSlotDifferentValueIsKept) {
  auto s = run(
      claim("user", "employer", {"globex"}), "I work at Globex",
      {{"m1", claim("user", "employer", {"acme"}), "I work at Acme", 0.44f}});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].memory_id, "m1");
  EXPECT_EQ(s.kept[0].reason, KeepReason::value_divergence);
  EXPECT_FLOAT_EQ(s.kept[0].similarity, 0.44f);
}

TEST(PrescreenFilter, UnrelatedTopicIsDropped) {
  auto s = run(claim("user", "instrument", {"violin"}), "I play the violin",
               {{"m1", claim("user", "appointment", {"friday"}),
                 "My dentist appointment is on Friday", 0.35f}});
  EXPECT_TRUE(s.kept.empty());
  ASSERT_NE(dropped(s, "m1"), nullptr);
  EXPECT_EQ(dropped(s, "m1")->reason, DropReason::different_slot);
  // Without slots the same pair is still dropped: not similar enough, no shared
  // words.
  auto u = run(claim("", "", {}), "I play the violin",
               {{"m1", claim("", "", {}), "My dentist appointment is on Friday",
                 0.35f}});
  EXPECT_TRUE(u.kept.empty());
}

TEST(PrescreenFilter, ANeighbourBelowTheFloorIsDroppedEvenWhenNearest) {
  ScreenOptions o;
  o.min_similarity = 0.3f;
  auto s = run(claim("user", "employer", {"globex"}), "I work at Globex",
               {{"far", claim("user", "employer", {"acme"}),
                 "Acme is where I work", 0.25f}},
               o);
  EXPECT_TRUE(s.kept.empty());
  ASSERT_NE(dropped(s, "far"), nullptr);
  EXPECT_EQ(dropped(s, "far")->reason, DropReason::below_floor);
}

TEST(PrescreenFilter, DifferentSubjectsAreNotCompared) {
  auto s = run(claim("user", "residence", {"china"}), "I live in China",
               {{"m1", claim("mom", "residence", {"canada"}),
                 "My mom lives in Canada", 0.5f}});
  EXPECT_TRUE(s.kept.empty());
  EXPECT_EQ(dropped(s, "m1")->reason, DropReason::different_subject);
}

TEST(PrescreenFilter, OppositeStanceOnTheSameObjectIsKept) {
  Claim likes = claim("user", "preference", {"honda"}, +1);
  likes.object = "honda";
  Claim dislikes = claim("user", "preference", {"honda"}, -1);
  dislikes.object = "honda";
  auto s = run(dislikes, "I don't like Honda",
               {{"m1", likes, "I like Honda", 0.95f}});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].reason, KeepReason::opposite_stance);
  // Opposite modality of a policy too.
  Claim must = claim("deploys", "approval", {"required"});
  must.modality = Modality::must;
  Claim must_not = claim("deploys", "approval", {"required"});
  must_not.modality = Modality::must_not;
  auto p = run(must_not, "Deploys must not need approval",
               {{"p1", must, "Deploys must need approval", 0.8f}});
  ASSERT_EQ(p.kept.size(), 1u);
  EXPECT_EQ(p.kept[0].reason, KeepReason::opposite_stance);
}

TEST(PrescreenFilter, AChangeCueKeepsTheSlotsOldValue) {
  auto s = run(
      claim("user", "employer", {}, 0, {"switched"}), "I switched jobs",
      {{"m1", claim("user", "employer", {"acme"}), "I work at Acme", 0.35f}});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].reason, KeepReason::change_cue);
  // Unslotted: the cue needs a shared word or a matching "from" value.
  Claim moved = claim("", "", {}, 0, {"no longer"});
  moved.from_values = {"paris"};
  auto u = run(moved, "I am no longer in Paris",
               {{"m2", claim("", "", {"paris"}), "Home is Paris", 0.4f},
                {"m3", claim("", "", {"tea"}), "Tea in the morning", 0.4f}});
  ASSERT_EQ(u.kept.size(), 1u);
  EXPECT_EQ(u.kept[0].memory_id, "m2");
}

TEST(PrescreenFilter, SameValueIsADuplicateKeptOnlyWhenWanted) {
  auto in = claim("user", "employer", {"acme"});
  std::vector<Stored> st = {
      {"m1", claim("user", "employer", {"Acme"}), "I work at Acme", 0.9f}};
  auto keep = run(in, "I'm employed by Acme", st);
  ASSERT_EQ(keep.kept.size(), 1u);
  EXPECT_EQ(keep.kept[0].reason, KeepReason::same_value);
  ScreenOptions o;
  o.keep_duplicates = false;
  auto drop = run(in, "I'm employed by Acme", st, o);
  EXPECT_TRUE(drop.kept.empty());
  EXPECT_EQ(dropped(drop, "m1")->reason, DropReason::duplicate);
}

TEST(PrescreenFilter, NoValuesToCompareIsNoDivergence) {
  auto s = run(
      claim("user", "employer", {}), "I have a job",
      {{"m1", claim("user", "employer", {"acme"}), "I work at Acme", 0.5f}});
  EXPECT_TRUE(s.kept.empty());
  EXPECT_EQ(dropped(s, "m1")->reason, DropReason::no_divergence);
}

TEST(PrescreenFilter, WithoutValuesWhatEachSideNamesIsCompared) {
  auto tea = claim("user", "prefer", {});
  tea.keywords = {"prefer", "tea"};
  auto coffee = claim("user", "prefer", {});
  coffee.keywords = {"prefer", "coffee"};
  auto s = run(coffee, "I prefer coffee", {{"m1", tea, "I prefer tea", 0.45f}});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].reason, KeepReason::value_divergence);
  // Naming less than the other side is not a divergence.
  auto more = claim("user", "prefer", {});
  more.keywords = {"prefer", "tea", "green"};
  auto t = run(tea, "I prefer tea", {{"m1", more, "I prefer green tea", 0.8f}});
  EXPECT_TRUE(t.kept.empty());
}

TEST(PrescreenFilter, AClaimKeyMatchPassesTheFloorButStillNeedsAReason) {
  // "I'm Australian" next to "I'm Canadian": the embedding sees nothing in
  // common, the claim key (subject and slot) does.
  auto s = run(claim("user", "nationality", {"australia"}), "I'm Australian",
               {{"m1", claim("user", "nationality", {"canada"}), "I'm Canadian", -0.01f,
                 MemoryKind::trait, true},
                {"m2", claim("user", "nationality", {"canada"}), "I'm Canadian", -0.01f}});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].memory_id, "m1");
  EXPECT_EQ(dropped(s, "m2")->reason, DropReason::below_floor);
  auto u = run(claim("user", "nationality", {"canada"}), "I'm Canadian",
               {{"m1", claim("user", "nationality", {"canada"}), "I'm Canadian", 0.1f,
                 MemoryKind::trait, true}},
               [] { ScreenOptions o; o.keep_duplicates = false; return o; }());
  EXPECT_TRUE(u.kept.empty()) << "found by key, but nothing diverges";
}

TEST(PrescreenFilter, AStatementThatNamesTheOldValueIsKeptWhateverTheSubject) {
  // "My car is a Golf" (subject car) / "I traded in my Golf" (subject user).
  auto in = claim("user", "", {"subaru"}, 0, {"trade in"});
  in.from_values = {"golf"};
  auto s = run(in, "I traded in my Golf for a Subaru",
               {{"m1", claim("car", "model", {"golf"}), "My car is a Golf", 0.31f}});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].reason, KeepReason::change_cue);
}

TEST(PrescreenFilter, AChangeCueReachesTheSlotsItNames) {
  auto in = claim("user", "travel", {"berlin"}, 0, {"move to"});
  const std::vector<Stored> st{
      {"m1", claim("user", "residence", {"paris"}), "I live in Paris", 0.31f}};
  EXPECT_TRUE(run(in, "I moved to Berlin", st).kept.empty())
      << "without the cue's targets the slots differ";
  auto s = run(in, "I moved to Berlin", st, {}, {"residence", "location"});
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].reason, KeepReason::change_cue);
}

TEST(PrescreenFilter, OneTopicAcrossSlotsOppositeStancesFirstSameTopicLast) {
  auto habit = with_domain(claim("user", "drink", {"green tea"}, 1), "food");
  habit.keywords = {"drink", "green", "tea"};
  auto hate = with_domain(claim("user", "like", {}, -1), "food");
  hate.keywords = {"stand", "green", "tea"};
  auto vegan = with_domain(claim("user", "diet", {"vegan"}, 1), "food");
  auto job = with_domain(claim("user", "employer", {"acme"}, 1), "work");
  auto s = run(hate, "I can't stand green tea",
               {{"veg", vegan, "I'm vegan", 0.02f, MemoryKind::trait, true},
                {"tea", habit, "I drink green tea every afternoon", 0.35f},
                {"job", job, "I work at Acme", 0.31f}});
  ASSERT_EQ(s.kept.size(), 2u);
  EXPECT_EQ(s.kept[0].memory_id, "tea");
  EXPECT_EQ(s.kept[0].reason, KeepReason::opposite_stance);
  EXPECT_EQ(s.kept[1].memory_id, "veg");
  EXPECT_EQ(s.kept[1].reason, KeepReason::same_topic);
  EXPECT_EQ(dropped(s, "job")->reason, DropReason::different_slot);
}

TEST(PrescreenFilter, StructuralReasonsWinTheBudgetOverSimilarity) {
  ScreenOptions o;
  o.max_candidates = 1;
  auto in = with_domain(claim("user", "employer", {"globex"}), "work");
  auto s = run(in, "I work at Globex",
               {{"topic", with_domain(claim("user", "commute", {"bus"}), "work"),
                 "I take the bus to work", 0.9f},
                {"acme", with_domain(claim("user", "employer", {"acme"}), "work"),
                 "I work at Acme", 0.35f}},
               o);
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].memory_id, "acme");
  EXPECT_EQ(dropped(s, "topic")->reason, DropReason::over_budget);
}

TEST(PrescreenKeys, MemoriesAndStatementsMeetOnSubjectSlotDomainAndValues) {
  auto paris = with_domain(claim("user", "residence", {"paris"}), "home");
  auto keys = claim_keys(paris);
  EXPECT_EQ(keys.size(), 3u) << "subject|slot, subject|domain, the value";
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  auto shares = [](const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    for (auto k : a)
      if (std::binary_search(b.begin(), b.end(), k)) return true;
    return false;
  };
  // "I moved to Berlin": no slot of its own; its cue's targets reach residence.
  auto moved = claim("user", "", {"berlin"}, 0, {"move to"});
  EXPECT_FALSE(shares(query_keys(moved), keys));
  EXPECT_TRUE(shares(query_keys(moved, std::vector<std::string>{"residence"}), keys));
  // "I left Paris": the value it says changed.
  auto left = claim("user", "", {}, 0, {"leave"});
  left.from_values = {"Paris"};
  EXPECT_TRUE(shares(query_keys(left), keys));
  // Another subject with the same slot does not meet; numbers are no keys.
  EXPECT_FALSE(shares(claim_keys(claim("mom", "residence", {})), keys));
  EXPECT_TRUE(claim_keys(claim("", "", {"29"})).empty());
  EXPECT_TRUE(claim_keys(Claim{}).empty());
}

TEST(PrescreenFilter, UnknownSlotsNeedHighSimilarityAndSharedWords) {
  ScreenOptions o;
  o.high_similarity = 0.6f;
  auto none = claim("", "", {});
  auto s =
      run(none, "The staging database runs Postgres 15",
          {{"hi", none, "The staging database runs Postgres 14", 0.8f},
           {"low", none, "The staging database is slow", 0.5f},
           {"nowords", none, "Everything there is on version fifteen", 0.7f}},
          o);
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0].memory_id, "hi");
  EXPECT_EQ(s.kept[0].reason, KeepReason::similar_unslotted);
  EXPECT_EQ(dropped(s, "low")->reason, DropReason::not_similar_enough);
  EXPECT_EQ(dropped(s, "nowords")->reason, DropReason::no_keyword_overlap);
  // Claim keywords are used when both sides have them.
  auto a = none, b = none;
  a.keywords = {"postgres"};
  b.keywords = {"mysql"};
  auto k = run(a, "The staging database runs Postgres 15",
               {{"hi", b, "The staging database runs Postgres 14", 0.8f}}, o);
  EXPECT_TRUE(k.kept.empty()) << "the claims' keywords do not overlap";
}

TEST(PrescreenFilter, AtMostMaxCandidatesTheMostSimilarFirst) {
  std::vector<Stored> st;
  for (int i = 0; i < 8; ++i)
    st.push_back({"m" + std::to_string(i),
                  claim("user", "employer", {"co" + std::to_string(i)}),
                  "I work at Co" + std::to_string(i),
                  0.4f + 0.05f * static_cast<float>(i)});
  ScreenOptions o;
  o.max_candidates = 5;
  auto s =
      run(claim("user", "employer", {"globex"}), "I work at Globex", st, o);
  ASSERT_EQ(s.kept.size(), 5u);
  EXPECT_EQ(s.kept[0].memory_id, "m7");
  EXPECT_EQ(s.kept[4].memory_id, "m3");
  ASSERT_EQ(s.dropped.size(), 3u);
  for (const auto& d : s.dropped) EXPECT_EQ(d.reason, DropReason::over_budget);
}

TEST(PrescreenFilter, TheStatementsOwnMemoryIsNeverAPair) {
  ScreenOptions o;
  o.self_id = "m1";
  auto s = run(
      claim("user", "employer", {"acme"}), "I work at Acme",
      {{"m1", claim("user", "employer", {"acme"}), "I work at Acme", 1.0f}}, o);
  EXPECT_TRUE(s.kept.empty());
  EXPECT_EQ(dropped(s, "m1")->reason, DropReason::self);
}

// ---- the service against a real state
// ----------------------------------------

namespace {

std::shared_ptr<const WordNet> wordnet() {
  static auto loaded = WordNet::load();
  return loaded ? *loaded : nullptr;
}

struct Fixture {
  test::TmpDir dir;
  std::unique_ptr<EventLog> log;
  std::unique_ptr<StateStore> state;
  std::unique_ptr<MemoryIndex> index;
  std::unique_ptr<Prescreen> prescreen;
  Millis now = 1'000'000;
  int next = 0;

  Fixture() {
    EventLog::Options lo;
    lo.dir = (dir.path() / "db").string();
    lo.fsync = false;
    log = std::move(*EventLog::open(lo));
    StateStore::Options so;
    so.start_flusher = false;
    state = std::move(*StateStore::open(*log, so));
    MemoryIndex::Options mo;
    mo.dir = (dir.path() / "index").string();
    mo.save_interval = std::chrono::seconds(0);
    mo.fsync = false;
    index = std::move(*MemoryIndex::open(
        *state, std::make_shared<HashEmbedder>(384, wordnet()), mo));
    prescreen =
        std::make_unique<Prescreen>(*index, *state, Prescreen::Options{});
  }
  ~Fixture() {
    prescreen.reset();
    index.reset();
    state.reset();
  }

  std::string add(const std::string& user, const std::string& text, Claim c,
                  MemoryKind kind = MemoryKind::trait) {
    Memory m;
    m.id = "mem_" + std::to_string(++next);
    m.user = user;
    m.kind = kind;
    m.text = text;
    m.claim = std::move(c);
    m.created_at = now;
    EXPECT_TRUE(state->submit({events::memory_added(m, ++now)}));
    return m.id;
  }
};

std::vector<std::string> ids(const Prescreen::Result& r) {
  std::vector<std::string> out;
  for (const auto& c : r.candidates) out.push_back(c.memory_id);
  return out;
}

}  // namespace

TEST(PrescreenService, FindsTheConflictingMemoryAndNotTheUnrelatedOnes) {
  Fixture f;
  const auto acme =
      f.add("alice", "I work at Acme", claim("user", "employer", {"acme"}));
  f.add("alice", "I play the violin", claim("user", "instrument", {"violin"}));
  f.add("alice", "My dentist appointment is on Friday",
        claim("user", "appointment", {"friday"}));
  f.add("alice", "My sister lives in Boston",
        claim("sister", "residence", {"boston"}));
  auto r = f.prescreen->candidates(
      "alice", claim("user", "employer", {"globex"}), "I work at Globex");
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(ids(*r), std::vector<std::string>{acme});
  EXPECT_EQ(r->candidates[0].reason, KeepReason::value_divergence);
  EXPECT_GT(r->candidates[0].similarity, 0.3f);
  EXPECT_EQ(r->embedding.size(), 384u);
}

TEST(PrescreenService, NeverEveryNeighbourOnlyThePairsWorthJudging) {
  Fixture f;
  for (int i = 0; i < 40; ++i)
    f.add("alice",
          "I work on project number " + std::to_string(i) + " with the team",
          claim("user", "project", {"p" + std::to_string(i)}));
  const auto acme =
      f.add("alice", "I work at Acme", claim("user", "employer", {"acme"}));
  auto r = f.prescreen->candidates(
      "alice", claim("user", "employer", {"globex"}), "I work at Globex");
  ASSERT_TRUE(r);
  EXPECT_EQ(ids(*r), std::vector<std::string>{acme});
  EXPECT_GT(r->neighbours, 1u)
      << "other similar memories were found, and dropped";
}

TEST(PrescreenService, TheOnlyMemoryIsNotAPairWhenItIsFarEvenThoughNearest) {
  // The earlier engine classified the top-5 nearest whatever their
  // distance; here a far nearest neighbour never reaches the judge.
  Fixture f;
  f.add("alice", "My dentist appointment is on Friday",
        claim("user", "appointment", {"friday"}));
  auto r = f.prescreen->candidates(
      "alice", claim("user", "instrument", {"violin"}), "I play the violin");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->candidates.empty());
  EXPECT_EQ(r->neighbours, 0u) << "below the floor: not even a neighbour";
}

TEST(PrescreenService, AnotherUsersMemoriesNeverTakePart) {
  Fixture f;
  f.add("bob", "I work at Initech", claim("user", "employer", {"initech"}));
  auto r = f.prescreen->candidates(
      "alice", claim("user", "employer", {"globex"}), "I work at Globex");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->candidates.empty());
  EXPECT_EQ(r->neighbours, 0u);
}

TEST(PrescreenService, SupersededMemoriesTakePartOnlyWithHistory) {
  Fixture f;
  const auto acme =
      f.add("alice", "I work at Acme", claim("user", "employer", {"acme"}));
  const auto initech = f.add("alice", "I work at Initech",
                             claim("user", "employer", {"initech"}));
  const Millis until = f.now++;
  ASSERT_TRUE(f.state->submit({events::memory_superseded(
      "alice", acme, initech, until, "rel_1", f.now)}));
  Prescreen::Request rq;
  rq.user = "alice";
  rq.claim = claim("user", "employer", {"globex"});
  rq.text = "I work at Globex";
  auto now = f.prescreen->candidates(rq);
  ASSERT_TRUE(now);
  EXPECT_EQ(ids(*now), std::vector<std::string>{initech});
  rq.include_history = true;
  auto history = f.prescreen->candidates(rq);
  ASSERT_TRUE(history);
  EXPECT_EQ(history->candidates.size(), 2u);
  bool saw_superseded = false;
  for (const auto& c : history->candidates)
    saw_superseded |= c.memory_id == acme && c.superseded;
  EXPECT_TRUE(saw_superseded);
}

TEST(PrescreenService, IngestionSearchesTraitsAndConceptsDriftAlsoEpisodes) {
  Fixture f;
  const auto episode =
      f.add("alice", "At work at Acme all day",
            claim("user", "employer", {"acme"}), MemoryKind::episode);
  Claim in = claim("user", "employer", {"globex"});
  auto ingestion = f.prescreen->candidates("alice", in, "I work at Globex");
  ASSERT_TRUE(ingestion);
  EXPECT_TRUE(ingestion->candidates.empty());
  Prescreen::Request rq;
  rq.user = "alice";
  rq.claim = in;
  rq.text = "I work at Globex";
  rq.context = DetectionContext::drift;
  auto drift = f.prescreen->candidates(rq);
  ASSERT_TRUE(drift);
  EXPECT_EQ(ids(*drift), std::vector<std::string>{episode});
}

TEST(PrescreenService, CandidatesForAStoredMemoryExcludeItself) {
  Fixture f;
  const auto acme =
      f.add("alice", "I work at Acme", claim("user", "employer", {"acme"}));
  const auto globex =
      f.add("alice", "I work at Globex", claim("user", "employer", {"globex"}));
  auto r = f.prescreen->candidates_for_memory(globex);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(ids(*r), std::vector<std::string>{acme});
  auto missing = f.prescreen->candidates_for_memory("mem_404");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, Errc::not_found);
}

TEST(PrescreenService, DeletedMemoriesDisappearAtOnce) {
  Fixture f;
  const auto acme =
      f.add("alice", "I work at Acme", claim("user", "employer", {"acme"}));
  ASSERT_TRUE(f.state->submit({events::memory_deleted(
      "alice", acme, DeleteReason::user, "", ++f.now)}));
  auto r = f.prescreen->candidates(
      "alice", claim("user", "employer", {"globex"}), "I work at Globex");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->candidates.empty());
}

TEST(PrescreenService, OptionsComeFromThePrescreenSection) {
  PrescreenConfig c;
  c.k = 7;
  c.min_similarity = 0.4;
  c.drift_kinds = "trait,episode";
  auto o = Prescreen::options_from(c);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->k, 7u);
  EXPECT_FLOAT_EQ(o->screen.min_similarity, 0.4f);
  EXPECT_EQ(o->drift_kinds,
            kind_bit(MemoryKind::trait) | kind_bit(MemoryKind::episode));
  EXPECT_EQ(o->ingestion_kinds,
            kind_bit(MemoryKind::trait) | kind_bit(MemoryKind::concept_));
  c.ingestion_kinds = "trait,nonsense";
  EXPECT_FALSE(Prescreen::options_from(c));
}

TEST(PrescreenService, TheClaimKeyChannelFindsWhatTheEmbeddingMisses) {
  Fixture f;
  const auto canadian =
      f.add("alice", "I'm Canadian", claim("user", "nationality", {"canada"}));
  for (int i = 0; i < 30; ++i)
    f.add("alice", "I went hiking near lake number " + std::to_string(i),
          claim("user", "hike", {"lake " + std::to_string(i)}));
  f.add("bob", "I'm Canadian", claim("user", "nationality", {"canada"}));
  auto r = f.prescreen->candidates("alice", claim("user", "nationality", {"australia"}),
                                   "I'm Australian");
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(ids(*r), std::vector<std::string>{canadian});
  EXPECT_LT(r->candidates[0].similarity, f.prescreen->options().screen.min_similarity)
      << "found by its claim key, not by similarity";
  // The keys are saved with the index and survive a reopen.
  f.prescreen.reset();
  f.index.reset();
  MemoryIndex::Options mo;
  mo.dir = (f.dir.path() / "index").string();
  mo.save_interval = std::chrono::seconds(0);
  mo.fsync = false;
  auto reopened = MemoryIndex::open(*f.state, std::make_shared<HashEmbedder>(384, wordnet()), mo);
  ASSERT_TRUE(reopened);
  ASSERT_EQ((*reopened)->start_report().how, MemoryIndex::Start::loaded);
  f.index = std::move(*reopened);
  f.prescreen = std::make_unique<Prescreen>(*f.index, *f.state, Prescreen::Options{});
  auto again = f.prescreen->candidates("alice", claim("user", "nationality", {"australia"}),
                                       "I'm Australian");
  ASSERT_TRUE(again);
  EXPECT_EQ(ids(*again), std::vector<std::string>{canadian});
}
