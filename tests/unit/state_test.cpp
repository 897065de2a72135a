// state_test: the fold of the log (apply), its persistence in the state
// store, and that a fresh replay reproduces the live state's digest.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>
#include <variant>

#include "common/ids.hpp"
#include "common/json_writer.hpp"
#include "engine/codec.hpp"
#include "engine/digest.hpp"
#include "engine/events.hpp"
#include "engine/state.hpp"
#include "store/state_store.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

Memory make_memory(const std::string& id, const std::string& user, const std::string& text,
                   MemoryKind kind = MemoryKind::trait) {
  Memory m;
  m.id = id;
  m.user = user;
  m.kind = kind;
  m.text = text;
  m.claim.subject = "user";
  m.claim.subject_kind = SubjectKind::present;
  m.claim.slot = "employer";
  m.claim.values = {"acme"};
  m.confidence = 0.9;
  m.created_at = 5000;
  return m;
}

Event with_seq(Event e, std::uint64_t seq) {
  e.seq = seq;
  return e;
}

std::unique_ptr<EventLog> open_log(const test::TmpDir& d) {
  EventLog::Options o;
  o.dir = d.str();
  o.fsync = false;
  return std::move(*EventLog::open(o));
}

}  // namespace

TEST(Apply, MemoryAddedRecordsBothTimeAxes) {
  State s;
  auto m = make_memory("mem_1", "alice", "I work at Acme");
  m.valid_from = 3000;
  ASSERT_TRUE(apply(s, with_seq(events::memory_added(m, 7000), 1)));
  const Memory* got = s.memory("mem_1");
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(got->recorded_at, 7000) << "system time = when credence learnt it";
  EXPECT_EQ(got->valid_from, 3000) << "valid time = as stated";
  EXPECT_EQ(got->created_at, 5000);
  EXPECT_EQ(got->reliability, Reliability::reliable);
  EXPECT_EQ(got->claim.values, std::vector<std::string>{"acme"});
  EXPECT_EQ(s.applied_seq(), 1u);
  EXPECT_EQ(s.user_memories("alice"), std::vector<std::string>{"mem_1"});
  EXPECT_EQ(s.live_memory_count(), 1u);
}

TEST(Apply, ReplayedEventIsIgnored) {
  State s;
  auto e = with_seq(events::memory_added(make_memory("mem_1", "a", "x"), 1), 1);
  ASSERT_TRUE(apply(s, e));
  ASSERT_TRUE(apply(s, with_seq(events::memory_reinforced("a", "mem_1", 0.95, 2), 2)));
  ASSERT_TRUE(apply(s, with_seq(events::memory_reinforced("a", "mem_1", 0.99, 2), 2)));
  EXPECT_EQ(s.memory("mem_1")->reinforcement_count, 1u) << "seq 2 applied once";
  EXPECT_DOUBLE_EQ(s.memory("mem_1")->confidence, 0.95);
}

TEST(Apply, UnknownTypeAndBadPayloadLeaveStateUnchanged) {
  State s;
  Event unknown;
  unknown.type = "no.such.type";
  unknown.seq = 1;
  auto st = apply(s, unknown);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, Errc::unsupported);
  Event bad = events::memory_reinforced("a", "mem_1", 0.5, 1);
  bad.seq = 1;
  bad.payload = "{\"id\": 7}";
  st = apply(s, bad);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, Errc::corruption);
  EXPECT_EQ(s.applied_seq(), 0u);
}

TEST(Apply, EventsAboutUnknownMemoriesAreNoOps) {
  State s;
  ASSERT_TRUE(apply(s, with_seq(events::memory_reinforced("a", "ghost", 0.5, 1), 1)));
  ASSERT_TRUE(apply(s, with_seq(events::memory_deleted("a", "ghost", DeleteReason::user, "", 2), 2)));
  EXPECT_TRUE(s.memories().empty());
  EXPECT_EQ(s.applied_seq(), 2u);
}

TEST(Digest, SameEventsGiveTheSameDigestAndAChangeAltersIt) {
  State a, b;
  auto e1 = with_seq(events::memory_added(make_memory("mem_1", "u", "x"), 10), 1);
  auto e2 = with_seq(events::memory_added(make_memory("mem_2", "u", "y"), 11), 2);
  for (State* s : {&a, &b}) {
    ASSERT_TRUE(apply(*s, e1));
    ASSERT_TRUE(apply(*s, e2));
  }
  EXPECT_EQ(state_digest(a), state_digest(b));
  ASSERT_TRUE(apply(b, with_seq(events::memory_accessed("u", {"mem_2"}, 12), 3)));
  EXPECT_NE(state_digest(a), state_digest(b));
}

TEST(StateStore, PersistsAndReloadsTheSameState) {
  test::TmpDir d;
  std::string digest;
  {
    auto log = open_log(d);
    auto ss = std::move(*StateStore::open(*log, {}));
    for (int i = 0; i < 50; ++i) {
      auto m = make_memory("mem_" + std::to_string(i), "u" + std::to_string(i % 3),
                           "text " + std::to_string(i));
      ASSERT_TRUE(ss->submit({events::memory_added(m, 1000 + i)}));
    }
    ASSERT_TRUE(ss->submit({events::memory_reinforced("u0", "mem_3", 0.97, 2000)}));
    ASSERT_TRUE(ss->flush());
    digest = ss->digest();
    EXPECT_EQ(log->cursor(StateStore::kCursor), 51u);
  }
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  EXPECT_EQ(ss->digest(), digest);
  EXPECT_EQ(ss->applied_seq(), 51u);
  ss->read([](const State& s) {
    EXPECT_EQ(s.memories().size(), 50u);
    EXPECT_EQ(s.user_memories("u1").front(), "mem_1") << "insertion order restored";
    EXPECT_EQ(s.memory("mem_3")->reinforcement_count, 1u);
    return 0;
  });
}

TEST(StateStore, AStoreWrittenInAnotherFormatIsRefoldedFromTheLog) {
  // A store written before UserSettings::dismissal_streak existed holds the
  // user without it; loading it as it is would disagree with a replay.
  test::TmpDir d;
  std::string digest;
  {
    auto log = open_log(d);
    auto ss = std::move(*StateStore::open(*log, {}));
    Uncertainty u;
    u.id = "unc_1";
    u.user = "u";
    u.memory_a = "mem_a";
    ASSERT_TRUE(ss->submit({events::memory_added(make_memory("mem_a", "u", "a"), 1),
                            events::uncertainty_opened(u, {}, 2),
                            events::uncertainty_dismissed("u", "unc_1", 3),
                            events::uncertainty_dismissed("u", "unc_1", 4)}));
    ASSERT_TRUE(ss->flush());
    digest = ss->digest();
    EXPECT_EQ(**log->get_meta(StateStore::kFormatKey), StateStore::kFormat);
    // Make it look like the old build's store: format 1, the user saved
    // without the streak.
    UserSettings old;
    ss->read([&](const State& s) {
      old = *s.user("u");
      return 0;
    });
    EXPECT_EQ(old.dismissal_streak, 2u);
    old.dismissal_streak = 0;
    JsonWriter w;
    write_user(w, old);
    EventLog::Txn txn;
    txn.state_puts.emplace_back(state_key_user("u"), w.str());
    txn.meta_puts.emplace_back(StateStore::kFormatKey, "1");
    ASSERT_TRUE(log->commit(std::move(txn)));
  }
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  EXPECT_EQ(ss->digest(), digest) << "refolded, not loaded as saved";
  ss->read([](const State& s) {
    EXPECT_EQ(s.user("u")->dismissal_streak, 2u);
    EXPECT_EQ(s.user("u")->dismissals, 2u);
    EXPECT_EQ(s.memories().size(), 1u);
    return 0;
  });
  EXPECT_EQ(**log->get_meta(StateStore::kFormatKey), StateStore::kFormat) << "recorded";
  // The rewritten store now loads as it is (same answer).
  ss.reset();
  log.reset();
  auto log2 = open_log(d);
  auto ss2 = std::move(*StateStore::open(*log2, {}));
  EXPECT_EQ(ss2->digest(), digest);
}

TEST(StateStore, CatchesUpWithEventsAppendedWhileItWasDown) {
  test::TmpDir d;
  {
    auto log = open_log(d);
    auto ss = std::move(*StateStore::open(*log, {}));
    ASSERT_TRUE(ss->submit({events::memory_added(make_memory("mem_a", "u", "a"), 1)}));
  }
  {
    // As after a crash between the durable append and the state flush.
    auto log = open_log(d);
    ASSERT_TRUE(log->append({events::memory_added(make_memory("mem_b", "u", "b"), 2)}));
    EXPECT_EQ(log->cursor(StateStore::kCursor), 1u);
  }
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  EXPECT_EQ(ss->applied_seq(), 2u);
  EXPECT_EQ(log->cursor(StateStore::kCursor), 2u);
  ss->read([](const State& s) {
    EXPECT_NE(s.memory("mem_b"), nullptr);
    return 0;
  });
}

TEST(StateStore, FreshFoldOfTheLogEqualsTheLiveState) {
  test::TmpDir d;
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  for (int i = 0; i < 30; ++i) {
    auto m = make_memory("mem_" + std::to_string(i), "u", "t" + std::to_string(i));
    ASSERT_TRUE(ss->submit({events::memory_added(m, 100 + i)}));
    if (i % 4 == 0) {
      ASSERT_TRUE(ss->submit({events::memory_deleted("u", m.id, DeleteReason::user, "", 200 + i)}));
    }
  }
  State replayed;
  ASSERT_TRUE(log->scan(1, [&](const Event& e) {
    EXPECT_TRUE(apply(replayed, e));
    return true;
  }));
  EXPECT_EQ(state_digest(replayed), ss->digest());
}

TEST(StateStore, ConcurrentSubmittersApplyInSequenceOrder) {
  test::TmpDir d;
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i) {
        auto m = make_memory(new_id("mem", 1), "u" + std::to_string(t), "x");
        auto r = ss->submit({events::memory_added(m, 10)});
        ASSERT_TRUE(r);
        ss->read([&](const State& s) {
          EXPECT_NE(s.memory(m.id), nullptr) << "visible once submit returns";
          return 0;
        });
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(ss->applied_seq(), 400u);
  ss->read([](const State& s) {
    EXPECT_EQ(s.memories().size(), 400u);
    return 0;
  });
}

TEST(StateStore, AsyncSubmissionsAreBatchedAppliedAndAnswered) {
  test::TmpDir d;
  EventLog::Options o;
  o.dir = d.str();
  o.fsync = true;
  auto log = std::move(*EventLog::open(o));
  auto ss = std::move(*StateStore::open(*log, {}));
  std::mutex mu;
  std::condition_variable cv;
  int answered = 0;
  std::vector<std::uint64_t> seqs;
  constexpr int kN = 300;
  for (int i = 0; i < kN; ++i) {
    auto m = make_memory("mem_" + std::to_string(i), "u", "t" + std::to_string(i));
    ss->submit_async({events::memory_added(m, 10 + i)}, [&, i](auto res) {
      ASSERT_TRUE(res);
      std::lock_guard lk(mu);
      // The memory is visible by the time the callback runs.
      EXPECT_EQ(res->seqs.size(), 1u);
      seqs.push_back(res->seqs[0]);
      ++answered;
      (void)i;
      cv.notify_all();
    });
  }
  std::unique_lock lk(mu);
  ASSERT_TRUE(cv.wait_for(lk, std::chrono::seconds(20), [&] { return answered == kN; }));
  EXPECT_TRUE(std::is_sorted(seqs.begin(), seqs.end())) << "appended in submission order";
  EXPECT_EQ(ss->applied_seq(), static_cast<std::uint64_t>(kN));
  EXPECT_LT(log->stats().batches, static_cast<std::uint64_t>(kN)) << "shared group commits";
  ss->read([](const State& s) {
    EXPECT_EQ(s.memories().size(), static_cast<std::size_t>(kN));
    return 0;
  });
}

TEST(StateStore, DestructionAnswersEveryQueuedAsyncSubmission) {
  test::TmpDir d;
  std::atomic<int> answered{0};
  {
    EventLog::Options o;
    o.dir = d.str();
    auto log = std::move(*EventLog::open(o));
    auto ss = std::move(*StateStore::open(*log, {}));
    for (int i = 0; i < 50; ++i)
      ss->submit_async({events::memory_added(make_memory("m" + std::to_string(i), "u", "x"), 1)},
                       [&](auto res) {
                         if (res) ++answered;
                       });
  }
  EXPECT_EQ(answered.load(), 50);
  EventLog::Options o;
  o.dir = d.str();
  auto log = std::move(*EventLog::open(o));
  EXPECT_EQ(log->head(), 50u) << "nothing queued was lost";
}

TEST(StateStore, AsyncSubmissionsInterleavedWithOtherWritersFoldLikeTheLog) {
  // The async writer applies what it committed without reading it back;
  // events other writers append in between (drift, consolidation, direct
  // log commits) must still be applied first, in sequence order.
  test::TmpDir d;
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  std::atomic<int> answered{0};
  constexpr int kN = 200;
  std::thread other([&] {
    for (int i = 0; i < kN; ++i) {
      auto m = make_memory("other_" + std::to_string(i), "v", "o" + std::to_string(i));
      ASSERT_TRUE(log->append({events::memory_added(m, 500 + i)}));
    }
  });
  for (int i = 0; i < kN; ++i) {
    auto m = make_memory("mem_" + std::to_string(i), "u", "t" + std::to_string(i));
    std::vector<Event> evs{events::memory_added(m, 100 + i)};
    if (i % 5 == 0) evs.push_back(events::memory_deleted("u", m.id, DeleteReason::user, "", 300 + i));
    ss->submit_async(std::move(evs), [&](auto res) {
      EXPECT_TRUE(res);
      ++answered;
    });
  }
  other.join();
  for (int i = 0; i < 2000 && answered.load() < kN; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(answered.load(), kN);
  ASSERT_TRUE(ss->catch_up());
  EXPECT_EQ(ss->applied_seq(), log->head());
  State replayed;
  ASSERT_TRUE(log->scan(1, [&](const Event& e) {
    EXPECT_TRUE(apply(replayed, e));
    return true;
  }));
  EXPECT_EQ(state_digest(replayed), ss->digest());
  ss->read([&](const State& s) {
    EXPECT_EQ(s.memories().size(), static_cast<std::size_t>(2 * kN));
    return 0;
  });
}

TEST(Codec, ACopiedEntitySerialisesExactlyAsTheEntityInTheState) {
  // The state store copies entities under its lock and serialises the copies
  // outside it; what it writes must be byte for byte what serialising the
  // entity in place gives (digests and replay compare those bytes).
  State s;
  std::uint64_t seq = 0;
  auto next = [&](Event e) { ASSERT_TRUE(apply(s, with_seq(std::move(e), ++seq))); };
  next(events::memory_added(make_memory("mem_a", "alice", "I work at Acme"), 10));
  auto b = make_memory("mem_b", "alice", "I work at \"Globex\"\n");
  b.valid_from = 20;
  next(events::memory_added(b, 11));
  next(events::memory_reinforced("alice", "mem_a", 0.97, 12));
  Uncertainty u;
  u.id = "unc_1";
  u.user = "alice";
  u.memory_a = "mem_a";
  u.memory_b = "mem_b";
  u.memory_b_kind = MemoryKind::trait;
  u.severity = Severity::critical;
  u.reasoning = "one employer at a time";
  u.created_at = 13;
  next(events::uncertainty_opened(
      u, {{"mem_a", Reliability::contradicted}, {"mem_b", Reliability::contradicted}}, 13));
  next(events::tolerance_set("alice", 0.7, "test", 14));
  PendingClassification p;
  p.id = "pend_1";
  p.user = "alice";
  p.candidates = {"mem_a"};
  p.text = "I joined Initech";
  p.created_at = 15;
  next(events::classification_deferred(p, 15));
  next(events::drift_cycle(3, 12, 4, 16));

  std::set<char> kinds;
  std::size_t n = 0;
  for_each_entity(s, [&](std::string_view key, std::string_view json) {
    ++n;
    kinds.insert(key[0]);
    const EntityCopy c = copy_entity(s, key);
    EXPECT_FALSE(std::holds_alternative<std::monostate>(c)) << key;
    EXPECT_EQ(serialize_copy(c), json) << key;
    EXPECT_FALSE(json.empty()) << key;
  });
  EXPECT_EQ(kinds, (std::set<char>{'m', 'u', 's', 'p', 'g'}));
  EXPECT_EQ(n, 6u);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(copy_entity(s, "m/nope")));
  EXPECT_EQ(serialize_copy(copy_entity(s, "m/nope")), "");
  EXPECT_EQ(serialize_entity(s, "m/nope"), "");
}

TEST(StateStore, EveryCheckpointTakenWhileWritersApplyIsTheFoldOfTheLogUpToItsCursor) {
  // flush() copies the dirty entities under the lock and writes them after
  // releasing it, while submitters keep applying. A checkpoint must still be
  // exactly the state at its cursor: load it, fold the log up to the cursor,
  // and the two digests agree.
  test::TmpDir d;
  auto log = open_log(d);
  StateStore::Options o;
  o.start_flusher = false;  // this test is the only flusher
  auto ss = std::move(*StateStore::open(*log, o));
  std::atomic<bool> stop{false};
  std::vector<std::thread> writers;
  for (int w = 0; w < 3; ++w) {
    writers.emplace_back([&, w] {
      const std::string user = "u" + std::to_string(w);
      for (int i = 0; !stop.load() && i < 4000; ++i) {
        const std::string id = "mem_" + std::to_string(w) + "_" + std::to_string(i);
        EXPECT_TRUE(ss->submit({events::memory_added(make_memory(id, user, "t " + id), 100 + i)}));
        if (i > 0) {
          const std::string prev = "mem_" + std::to_string(w) + "_" + std::to_string(i - 1);
          EXPECT_TRUE(ss->submit({events::memory_reinforced(user, prev, 0.5 + (i % 40) / 100.0,
                                                            200 + i)}));
        }
      }
    });
  }
  int checked = 0;
  std::uint64_t last_cursor = 0;
  for (int round = 0; round < 12; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_TRUE(ss->flush());
    const std::uint64_t cursor = log->cursor(StateStore::kCursor);
    EXPECT_GE(cursor, last_cursor);
    last_cursor = cursor;
    State loaded;
    EntityLoader loader;
    ASSERT_TRUE(log->scan_state("", [&](std::string_view k, std::string_view v) {
      EXPECT_TRUE(loader.load(loaded, k, v)) << k;
      return true;
    }));
    ASSERT_TRUE(loaded.finish_load());
    loaded.set_applied_seq(cursor);
    State folded;
    ASSERT_TRUE(log->scan(1, [&](const Event& e) {
      if (e.seq > cursor) return false;
      EXPECT_TRUE(apply(folded, e));
      return true;
    }));
    EXPECT_EQ(state_digest(loaded), state_digest(folded)) << "checkpoint at " << cursor;
    ++checked;
  }
  stop = true;
  for (auto& t : writers) t.join();
  EXPECT_EQ(checked, 12);
  EXPECT_GT(last_cursor, 0u);
}
