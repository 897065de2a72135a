// scenario_test: a long randomised scenario (thousands of writes,
// contradictions, resolutions, dismissals, corrections, decays, gate checks)
// driven through the decision functions. Invariants are checked as it runs;
// at the end a fresh fold of the log, and the state persisted through the
// state store and reloaded, must reproduce the live state's digest.
#include <gtest/gtest.h>

#include <random>

#include "engine/digest.hpp"
#include "store/state_store.hpp"
#include "tests/support/model_fixture.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

class Scenario : public test::ModelTest {
 protected:
  std::mt19937_64 rng{20261122};
  std::vector<std::string> users = {"u1", "u2", "u3", "u4", "u5"};

  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng() % n); }
  double unit() { return static_cast<double>(rng() % 10000) / 10000.0; }

  std::vector<const Memory*> live_of(const std::string& user) {
    std::vector<const Memory*> out;
    for (const auto& id : s.user_memories(user)) {
      const Memory* m = s.memory(id);
      if (m && !m->deleted() && !m->superseded()) out.push_back(m);
    }
    return out;
  }
  std::vector<const Uncertainty*> active_of(const std::string& user) {
    std::vector<const Uncertainty*> out;
    for (const auto& id : s.user_uncertainties(user)) {
      const Uncertainty* u = s.uncertainty(id);
      if (u && u->active()) out.push_back(u);
    }
    return out;
  }

  Classification random_class() {
    static const Classification all[] = {
        Classification::true_contradiction, Classification::temporal_change,
        Classification::context_dependent,  Classification::figurative,
        Classification::compatible,         Classification::duplicate,
        Classification::unrelated};
    return all[pick(7)];
  }

  std::vector<Assessment> random_assessments(const std::string& user) {
    std::vector<Assessment> out;
    auto live = live_of(user);
    for (std::size_t i = 0; i < std::min<std::size_t>(live.size(), pick(3)); ++i) {
      Assessment a = verdict(live[pick(live.size())]->id, random_class(),
                             static_cast<ConfidenceTier>(pick(3)), 0.5 + unit() / 2);
      if (a.classification == Classification::temporal_change && pick(5) == 0)
        a.action = WriteAction::del;
      out.push_back(a);
    }
    return out;
  }

  Memory random_memory(const std::string& user, int n) {
    static const char* slots[] = {"employer", "residence", "pet", "diet", "hobby", "port"};
    Memory x = mem("", "statement " + std::to_string(n) + " about " + slots[pick(6)],
                   static_cast<MemoryKind>(pick(4)), static_cast<Source>(pick(3)),
                   0.2 + 0.8 * unit(), user);
    x.importance = unit();
    x.claim.slot = slots[pick(6)];
    x.claim.values = {"v" + std::to_string(pick(10))};
    x.claim.keywords = {x.claim.slot, x.claim.values[0]};
    if (pick(4) == 0) x.valid_from = now - static_cast<Millis>(pick(100)) * kDay;
    return x;
  }

  void check_invariants() {
    for (const auto& [id, u] : s.uncertainties()) {
      if (!u.active()) continue;
      const Memory* a = s.memory(u.memory_a);
      ASSERT_NE(a, nullptr);
      ASSERT_FALSE(a->deleted()) << "active record " << id << " on a deleted memory";
      if (u.type == UncertaintyType::contradiction && !u.memory_b.empty()) {
        const Memory* b = s.memory(u.memory_b);
        ASSERT_NE(b, nullptr);
        EXPECT_FALSE(b->deleted() || a->superseded() || b->superseded())
            << "active contradiction " << id << " involves a retired memory: "
            << u.memory_a << " " << to_string(a->reliability) << ", " << u.memory_b << " "
            << to_string(b->reliability);
      }
    }
    for (const auto& [id, m] : s.memories()) {
      if (m.superseded()) {
        EXPECT_TRUE(m.superseded_at.has_value()) << id;
      }
    }
    for (const auto& [user, us] : s.users()) {
      EXPECT_GE(us.tolerance, p.tolerance.min - 1e-12);
      EXPECT_LE(us.tolerance, p.tolerance.max + 1e-12);
    }
  }
};

}  // namespace

TEST_F(Scenario, LongRandomisedScenarioReplaysToTheSameDigest) {
  constexpr int kSteps = 8000;  // ~3,200 writes
  int n = 0;
  std::map<std::string, int> done;
  for (int step = 0; step < kSteps; ++step) {
    const std::string user = users[pick(users.size())];
    now += static_cast<Millis>(pick(6 * 3600)) * kSecond;
    const auto op = pick(100);
    if (op < 40) {
      WriteRequest req;
      req.memory = random_memory(user, ++n);
      req.memory.id = ids.next("mem");
      req.guarded = pick(10) != 0;
      req.force = pick(10) == 0;
      auto live = live_of(user);
      if (!live.empty() && pick(10) == 0) req.supersedes = live[pick(live.size())]->id;
      auto out = decide_write(s, req, random_assessments(user), p, ids, now);
      ASSERT_TRUE(out) << out.error().describe();
      commit(out->events);
      ++done[std::string("write.") + to_string(out->action)];
    } else if (op < 50) {
      auto out = decide_message(s, user, "message " + std::to_string(++n), {},
                                random_assessments(user), p, ids, now);
      commit(out.events);
      ++done["message"];
    } else if (op < 62) {
      auto live = live_of(user);
      if (live.empty()) continue;
      auto r = decide_reinforce(s, user, live[pick(live.size())]->id, p, ids, now);
      ASSERT_TRUE(r);
      commit(*r);
      ++done["reinforce"];
    } else if (op < 70) {
      auto act = active_of(user);
      if (act.empty()) continue;
      const Uncertainty* u = act[pick(act.size())];
      const std::string winner = !u->memory_b.empty() && pick(2) ? u->memory_b : u->memory_a;
      const Memory* w = s.memory(winner);
      if (!w || w->deleted()) continue;
      auto r = decide_resolve(s, user, u->id, winner, pick(2) == 0, "", p, ids, now);
      ASSERT_TRUE(r) << r.error().describe();
      commit(*r);
      ++done["resolve"];
    } else if (op < 76) {
      auto act = active_of(user);
      if (act.empty()) continue;
      auto r = decide_dismiss(s, user, act[pick(act.size())]->id, p, now);
      ASSERT_TRUE(r);
      commit(*r);
      ++done["dismiss"];
    } else if (op < 80) {
      auto live = live_of(user);
      if (live.empty()) continue;
      Correction c;
      c.memory_id = live[pick(live.size())]->id;
      c.was_true_once = pick(2) == 0;
      if (pick(2)) c.replacement = random_memory(user, ++n);
      auto r = decide_correction(s, user, c, p, ids, now);
      ASSERT_TRUE(r);
      commit(*r);
      ++done["correct"];
    } else if (op < 83) {
      auto live = live_of(user);
      if (live.empty()) continue;
      commit(*decide_delete(s, user, live[pick(live.size())]->id, "", now));
      ++done["delete"];
    } else if (op < 90) {
      auto ctx = assemble_context(s, user, {"employer", "pet", "v3"}, {}, 5, p, now);
      commit(ctx.events);
      done["hints"] += static_cast<int>(ctx.hints.size());
    } else if (op < 94) {
      auto live = live_of(user);
      if (live.empty()) continue;
      auto g = check_action(s, user, "do something", {live[pick(live.size())]->id}, unit(), p,
                            ids, now);
      ASSERT_TRUE(g);
      commit(g->events);
      ++done["gate"];
    } else if (op < 97) {
      now += static_cast<Millis>(pick(60)) * kDay;
      commit(decide_decay(s, p, now));
      ++done["decay"];
    } else {
      auto live = live_of(user);
      if (live.size() < 2) continue;
      const Memory* a = live[pick(live.size())];
      const Memory* b = live[pick(live.size())];
      commit(decide_pair(s, *a, *b, verdict(a->id, random_class()), DetectionContext::drift, p,
                         ids, now));
      commit(decide_stale(s, p, ids, now, 5));
      ++done["drift"];
    }
    if (step % 250 == 0) {
      check_invariants();
      if (HasFailure()) return;
    }
  }
  check_invariants();
  // The scenario exercised every path.
  for (const char* k : {"write.ADD", "write.UPDATE", "write.NOOP", "message", "reinforce",
                        "resolve", "dismiss", "correct", "delete", "gate", "decay", "drift"})
    EXPECT_GT(done[k], 0) << k;
  EXPECT_GT(done["hints"], 0);
  std::size_t resolved = 0, decayed = 0;
  for (const auto& [id, u] : s.uncertainties()) {
    resolved += u.state == RecordState::resolved;
    decayed += u.state == RecordState::decayed;
  }
  EXPECT_GT(resolved, 20u);
  EXPECT_GT(decayed, 0u);
  EXPECT_GT(done["write.ADD"] + done["write.UPDATE"] + done["write.NOOP"], 2000) << "thousands of writes";
  EXPECT_GT(log.size(), 8000u);
  // Every resolution strategy and every kind of record took part.
  std::map<Resolution, int> by_strategy;
  std::map<UncertaintyType, int> by_type;
  for (const auto& [id, u] : s.uncertainties()) {
    ++by_strategy[u.resolution];
    ++by_type[u.type];
  }
  for (Resolution r : {Resolution::temporal_supersede, Resolution::user_clarified, Resolution::evidence_resolved,
                       Resolution::confidence_dominance, Resolution::decayed})
    EXPECT_GT(by_strategy[r], 0) << "resolution " << static_cast<int>(r);
  for (UncertaintyType t : {UncertaintyType::contradiction, UncertaintyType::unverified, UncertaintyType::stale,
                            UncertaintyType::ambiguous})
    EXPECT_GT(by_type[t], 0) << "record type " << static_cast<int>(t);

  const std::string live = state_digest(s);
  State replayed;
  for (const auto& e : log) ASSERT_TRUE(apply(replayed, e));
  EXPECT_EQ(state_digest(replayed), live);

  // Through the real state store: appended in chunks, persisted, reloaded.
  test::TmpDir dir;
  {
    EventLog::Options o;
    o.dir = dir.str();
    o.fsync = false;
    auto elog = std::move(*EventLog::open(o));
    auto ss = std::move(*StateStore::open(*elog, {std::chrono::milliseconds(5), 64, true}));
    std::vector<Event> chunk;
    for (const auto& e : log) {
      Event copy = e;
      copy.seq = 0;
      chunk.push_back(std::move(copy));
      if (chunk.size() == 37) {
        ASSERT_TRUE(ss->submit(std::move(chunk)));
        chunk.clear();
      }
    }
    if (!chunk.empty()) {
      ASSERT_TRUE(ss->submit(std::move(chunk)));
    }
    EXPECT_EQ(ss->digest(), live);
  }
  EventLog::Options o;
  o.dir = dir.str();
  auto elog = std::move(*EventLog::open(o));
  auto ss = std::move(*StateStore::open(*elog, {}));
  EXPECT_EQ(ss->digest(), live) << "reloaded from the state store";
}
