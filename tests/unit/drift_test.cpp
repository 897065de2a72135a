// drift_test: the RECONCILE pass. Sampling rotates over topic domains, takes
// recently active memories first, includes episodes, and covers the whole
// store over time at a fixed budget per cycle; a cycle resolves pairs,
// finishes deferred classifications and commits its events with its cursor.
#include <gtest/gtest.h>

#include <set>

#include "actors/drift_actor.hpp"
#include "engine/events.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

Memory mem(const std::string& id, const std::string& text, const std::string& domain,
           MemoryKind kind = MemoryKind::trait, const std::string& user = "alice") {
  Memory m;
  m.id = id;
  m.user = user;
  m.kind = kind;
  m.text = text;
  m.claim.subject = "user";
  m.claim.domain = domain;
  m.created_at = 1'790'000'000'000;
  return m;
}

struct DriftTest : ::testing::Test {
  test::TmpDir dir;
  std::unique_ptr<EventLog> log;
  std::unique_ptr<StateStore> store;
  ManualClock clock{1'790'000'000'000};
  Services svc;
  drift_state st;
  std::function<Classification(const Memory&, const Incoming&)> rule =
      [](const Memory&, const Incoming&) { return Classification::compatible; };

  DriftTest() {
    EventLog::Options o;
    o.dir = dir.str();
    o.fsync = false;
    log = std::move(*EventLog::open(o));
    store = std::move(*StateStore::open(*log, {}));
    svc.store = store.get();
    svc.clock = &clock;
    svc.ids = std::make_shared<CounterIds>();
    svc.candidates = [this](const Incoming& in, bool) {
      std::vector<Candidate> out;
      store->read([&](const State& s) {
        for (const auto& id : s.user_memories(in.user)) {
          const Memory* m = s.memory(id);
          if (m && !m->deleted() && !m->superseded() && id != in.memory_id) out.push_back({id, 0.8});
        }
        return 0;
      });
      return out;
    };
    svc.judge = [this](const Memory& e, const Incoming& in) {
      Assessment a;
      a.existing_id = e.id;
      a.classification = rule(e, in);
      a.tier = ConfidenceTier::high;
      a.confidence = 0.9;
      a.action = write_action(a.classification, a.tier);  // the judge's write view
      a.reasoning = "test rule";
      return a;
    };
    st.svc = &svc;
  }

  void add(const Memory& m) { ASSERT_TRUE(store->submit({events::memory_added(m, clock.now())})); }
};

}  // namespace

TEST_F(DriftTest, RotationCoversEveryDomainAndEveryMemoryAtAFixedBudget) {
  const char* domains[] = {"work", "health", "hobbies"};
  for (int i = 0; i < 90; ++i)
    add(mem("m" + std::to_string(i), "fact " + std::to_string(i), domains[i % 3],
            i % 5 == 0 ? MemoryKind::episode : MemoryKind::trait));
  std::set<std::string> seen_domains, seen_ids;
  for (int cycle = 0; cycle < 30; ++cycle) {
    auto rep = run_drift_cycle(st);
    ASSERT_FALSE(rep.error) << rep.error->describe();
    EXPECT_LE(rep.sampled, 15u) << "baseline tolerance 0.5: a budget of 15";
    EXPECT_EQ(rep.user_budgets.at("alice"), 15u);
    EXPECT_LE(rep.sampled, rep.budget);
    seen_domains.insert(rep.domain);
  }
  EXPECT_EQ(seen_domains, (std::set<std::string>{"health", "hobbies", "work"}));
  // Every memory was sampled at least once: check through the planner's
  // cursor by sampling each domain until it wraps. Half of each budget goes
  // to hot memories, so the cursor alone covers a domain of 30 in 30/5 rounds.
  DriftPlanner planner;
  store->read([&](const State& s) {
    planner.rebuild(s);
    for (int round = 0; round < 6; ++round)
      for (const auto& d : planner.domains())
        for (const auto& id : planner.sample(s, d, 10, svc.policy, clock.now())) seen_ids.insert(id);
    return 0;
  });
  EXPECT_EQ(seen_ids.size(), 90u);
}

TEST_F(DriftTest, EachUsersToleranceSetsTheirOwnBudget) {
  // Seed 000: a user who corrects often (low tolerance) gets more background
  // comparisons; one who dismisses clarifications (high) gets fewer. Each
  // user's own tolerance counts, not an average over users.
  for (int i = 0; i < 40; ++i) {
    add(mem("a" + std::to_string(i), "fact " + std::to_string(i), "work", MemoryKind::trait, "alice"));
    add(mem("b" + std::to_string(i), "fact " + std::to_string(i), "work", MemoryKind::trait, "bob"));
  }
  const TolerancePolicy& tp = svc.policy.tolerance;
  ASSERT_TRUE(store->submit({events::tolerance_set("alice", tp.max, "dismissals", clock.now()),
                             events::tolerance_set("bob", tp.min, "corrections", clock.now())}));
  for (int cycle = 0; cycle < 4; ++cycle) {
    auto rep = run_drift_cycle(st);
    ASSERT_FALSE(rep.error) << rep.error->describe();
    EXPECT_EQ(rep.budget, 20u);
    EXPECT_EQ(rep.user_budgets.at("alice"), 10u) << "tolerance 0.8";
    EXPECT_LE(rep.sampled_by_user["alice"], 10u);
    EXPECT_LE(rep.sampled, 20u);
    // The mean tolerance (0.5) would give 15 in all; each user's own gives
    // alice at most 10 and leaves the rest of the cycle to bob.
    EXPECT_EQ(rep.sampled, 20u);
    EXPECT_GE(rep.sampled_by_user["bob"], 10u);
  }
  // Alone in a domain, a user's budget is the whole cycle's.
  for (int i = 0; i < 40; ++i)
    add(mem("c" + std::to_string(i), "fact " + std::to_string(i), "home", MemoryKind::trait, "carol"));
  for (int i = 0; i < 40; ++i)
    add(mem("d" + std::to_string(i), "fact " + std::to_string(i), "garden", MemoryKind::trait, "dave"));
  ASSERT_TRUE(store->submit({events::tolerance_set("carol", tp.min, "corrections", clock.now()),
                             events::tolerance_set("dave", tp.max, "dismissals", clock.now())}));
  std::map<std::string, std::size_t> by_domain;
  for (int cycle = 0; cycle < 3; ++cycle) {
    auto rep = run_drift_cycle(st);
    ASSERT_FALSE(rep.error);
    by_domain[rep.domain] = rep.sampled;
  }
  EXPECT_EQ(by_domain.at("home"), 20u) << "carol, tolerance 0.2";
  EXPECT_EQ(by_domain.at("garden"), 10u) << "dave, tolerance 0.8";
}

TEST_F(DriftTest, ACappedUserAloneInADomainIsStillCoveredOverCycles) {
  // Alone in a domain at tolerance 0.8 a user gets 10 of a cycle's 20: the
  // walk goes all the way round refusing the rest, and the next cycle must
  // go on from the last memory taken, not start over.
  for (int i = 0; i < 40; ++i) add(mem("g" + std::to_string(i), "fact", "garden"));
  DriftPlanner planner;
  std::set<std::string> later;
  store->read([&](const State& s) {
    planner.rebuild(s);
    for (int cycle = 0; cycle < 8; ++cycle) {
      std::size_t taken = 0;
      auto sample = planner.sample(s, "garden", 20, svc.policy, clock.now(),
                                   [&](const Memory&) { return taken < 10 && ++taken; });
      EXPECT_EQ(sample.size(), 10u);
      if (cycle >= 4) later.insert(sample.begin(), sample.end());  // hot set drained
    }
    return 0;
  });
  EXPECT_EQ(later.size(), 40u) << "four cycles of 10 after the hot set cover all 40";
}

TEST_F(DriftTest, PeerLesson_RecentlyActiveMemoriesAndEpisodesAreSampledFirst) {
  for (int i = 0; i < 40; ++i) add(mem("old" + std::to_string(i), "old fact", "work"));
  auto first = run_drift_cycle(st);  // drains the hot set built from the adds
  ASSERT_FALSE(first.error);
  clock.advance(kDay);
  Memory fresh = mem("fresh_episode", "Had a long meeting with the team", "work", MemoryKind::episode);
  fresh.created_at = clock.now();
  add(fresh);
  ASSERT_TRUE(store->submit({events::memory_accessed("alice", {"old7"}, clock.now())}));
  DriftPlanner& p = st.planner;
  std::vector<std::string> sample;
  store->read([&](const State& s) {
    (void)log->scan(1, [&](const Event& e) {
      p.observe(e, s);
      return true;
    });
    sample = p.sample(s, "work", 4, svc.policy, clock.now());
    return 0;
  });
  ASSERT_GE(sample.size(), 2u);
  EXPECT_EQ(sample[0], "fresh_episode") << "the newest memory, an episode, comes first";
  EXPECT_NE(std::find(sample.begin(), sample.begin() + 2, "old7"), sample.begin() + 2)
      << "an accessed memory is hot";
}

TEST_F(DriftTest, HotSetIsBoundedPerDomainAndKeepsTheMostRecentlyTouched) {
  // A long burst of activity (or a cursor far behind the log) must not make
  // every memory hot: a cycle would then weigh the whole store.
  const std::size_t n = 3 * DriftPlanner::kHotPerDomain;
  for (std::size_t i = 0; i < n; ++i) {
    Memory m = mem("w" + std::to_string(i), "fact " + std::to_string(i), "work");
    m.created_at = clock.now();
    add(m);
    clock.advance(kMinute);
  }
  ASSERT_TRUE(store->submit({events::memory_accessed("alice", {"w0"}, clock.now())}));
  DriftPlanner p;
  std::vector<std::string> sample;
  store->read([&](const State& s) {
    p.rebuild(s);
    EXPECT_EQ(p.hot_size(), DriftPlanner::kHotPerDomain) << "rebuild seeds at most the cap";
    (void)log->scan(1, [&](const Event& e) {
      p.observe(e, s);
      return true;
    });
    EXPECT_EQ(p.hot_size(), DriftPlanner::kHotPerDomain) << "observing touches, never grows past the cap";
    sample = p.sample(s, "work", 4, svc.policy, clock.now());
    return 0;
  });
  ASSERT_EQ(sample.size(), 4u);
  EXPECT_EQ(sample[0], "w0") << "the last touched (accessed) memory is hot, though oldest";
  EXPECT_EQ(sample[1], "w" + std::to_string(n - 1)) << "then the newest";
  EXPECT_EQ(p.hot_size(), DriftPlanner::kHotPerDomain - 2) << "sampled hot memories cool down";
}

TEST_F(DriftTest, FirstCycleDoesNotReadALogItsStateAlreadyFolded) {
  for (int i = 0; i < 30; ++i) add(mem("m" + std::to_string(i), "fact", "work"));
  ASSERT_EQ(log->cursor("drift"), 0u);
  auto rep = run_drift_cycle(st);
  ASSERT_FALSE(rep.error);
  EXPECT_EQ(log->cursor("drift"), log->head() - rep.events - 1)
      << "the cursor jumps to what the planner indexed from the state";
  EXPECT_GT(rep.sampled, 0u) << "seeded hot memories are sampled";
}

TEST_F(DriftTest, CycleResolvesATemporalPairAndRecordsAContradiction) {
  add(mem("acme", "I work at Acme", "work"));
  clock.advance(kDay);
  add(mem("globex", "I moved to Globex", "work"));
  add(mem("lyon", "I live in Lyon", "work"));
  add(mem("nice", "I live in Nice", "work"));
  rule = [](const Memory& e, const Incoming& in) {
    auto both = [&](const char* a, const char* b) {
      return (e.id == a && in.memory_id == b) || (e.id == b && in.memory_id == a);
    };
    if (both("acme", "globex")) return Classification::temporal_change;
    if (both("lyon", "nice")) return Classification::true_contradiction;
    return Classification::compatible;
  };
  auto rep = run_drift_cycle(st);
  ASSERT_FALSE(rep.error);
  store->read([&](const State& s) {
    EXPECT_EQ(s.memory("acme")->reliability, Reliability::superseded);
    EXPECT_EQ(s.memory("globex")->reliability, Reliability::reliable);
    EXPECT_EQ(s.memory("lyon")->reliability, Reliability::contradicted);
    EXPECT_EQ(s.memory("nice")->reliability, Reliability::contradicted);
    std::size_t drift_records = 0;
    for (const auto& [id, u] : s.uncertainties())
      drift_records += u.detection_context == DetectionContext::drift;
    EXPECT_EQ(drift_records, 1u);
    EXPECT_EQ(s.background().drift_cycles, 1u);
    return 0;
  });
  EXPECT_EQ(log->cursor("drift"), log->head() - rep.events - 1)
      << "the cursor covers what the cycle consumed, committed with its events";
  auto again = run_drift_cycle(st);
  ASSERT_FALSE(again.error);
  store->read([&](const State& s) {
    EXPECT_EQ(s.uncertainties().size(), 1u) << "no duplicate record on the next cycle";
    return 0;
  });
}

TEST_F(DriftTest, CycleFinishesDeferredClassifications) {
  add(mem("honda", "I like Honda", "cars"));
  PendingClassification p;
  p.id = "msg_1";
  p.user = "alice";
  p.candidates = {"honda"};
  p.text = "I hate Honda";
  p.kind = MemoryKind::trait;
  ASSERT_TRUE(store->submit({events::classification_deferred(p, clock.now())}));
  rule = [](const Memory&, const Incoming& in) {
    return in.text == "I hate Honda" ? Classification::true_contradiction
                                     : Classification::compatible;
  };
  auto rep = run_drift_cycle(st);
  ASSERT_FALSE(rep.error);
  EXPECT_EQ(rep.deferred_resolved, 1u);
  store->read([&](const State& s) {
    EXPECT_TRUE(s.pending_all().empty());
    EXPECT_EQ(s.memory("honda")->reliability, Reliability::contradicted);
    return 0;
  });
}

TEST_F(DriftTest, ACachedLateLlmVerdictWinsOverTheEmbeddedOne) {
  add(mem("a", "I like jazz", "music"));
  PendingClassification p;
  p.id = "msg_9";
  p.user = "alice";
  p.candidates = {"a"};
  p.text = "Jazz? Can't stand it";
  ASSERT_TRUE(store->submit({events::classification_deferred(p, clock.now())}));
  Assessment llm;
  llm.classification = Classification::true_contradiction;
  llm.confidence = 0.8;
  llm.reasoning = "from the LLM";
  llm.from_llm = true;
  svc.verdicts->put(pair_key("a", "msg_9"), llm);
  std::vector<Event> evs;
  store->read([&](const State& s) {
    evs = resolve_pending(s, *s.pending("msg_9"), svc, clock.now());
    return 0;
  });
  ASSERT_TRUE(store->submit(std::move(evs)));
  store->read([&](const State& s) {
    EXPECT_EQ(s.memory("a")->reliability, Reliability::contradicted);
    for (const auto& [id, u] : s.uncertainties()) EXPECT_EQ(u.reasoning, "from the LLM");
    return 0;
  });
}
