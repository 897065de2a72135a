// ledger_state_test: the uncertainty ledger as a fold of the event log. The
// belief.* events reproduce the in-memory ledger exactly, an evidence append
// persists two small state entries (never the whole list), refused operations
// are no-ops, and the state store persists, reloads and replays to the same
// digest (what `credence replay --verify` checks).
// Group: unit (LedgerEvents, LedgerStateStore, LedgerCodec).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/codec.hpp"
#include "engine/digest.hpp"
#include "engine/events.hpp"
#include "engine/ledger_codec.hpp"
#include "engine/ledger_events.hpp"
#include "engine/state.hpp"
#include "store/state_store.hpp"
#include "tests/support/tmpdir.hpp"
#include "tests/unit/ledger_fixture.hpp"

using namespace credence;
using namespace credence::test;

namespace {

/// A non-default config: proves the fold uses the values carried by events.
LedgerConfig custom_config() {
  LedgerConfig c;
  c.default_confidence = 0.6;
  c.decay_rate_per_hour = 0.05;
  c.contested_threshold = 0.25;
  c.refuted_threshold = 0.65;
  return c;
}

/// Performs each operation on an in-memory ledger and emits the matching
/// event, so the fold can be compared with the ledger.
struct Script {
  LedgerConfig config = custom_config();
  ManualClock clock{T0};
  UncertaintyLedger mem{clock, config};
  std::vector<Event> events;
  int next_source = 0;

  Evidence ev(bool supports, double w) {
    return Evidence{"src-" + std::to_string(next_source++), supports ? "memory-read" : "tool-output",
                    supports, w, clock.now()};
  }
  void emit(Event e) { events.push_back(std::move(e)); }
  std::string assert_(const std::string& claim, std::vector<Evidence> evidence) {
    clock.advance(7);
    Assertion a;
    a.id = new_belief_id(clock.now());
    a.claim = claim;
    a.ns = "ns";
    a.evidence = std::move(evidence);
    EXPECT_TRUE(mem.assert_belief(a));
    emit(events::belief_asserted("alice", a, config, clock.now()));
    return a.id;
  }
  void add(const std::string& id, const Evidence& e) {
    clock.advance(7);
    EXPECT_TRUE(mem.add_evidence(id, e));
    emit(events::belief_evidence_added("alice", id, e, config, clock.now()));
  }
  void depends(const std::string& id, const std::string& parent, double w) {
    clock.advance(7);
    EXPECT_TRUE(mem.depends_on(id, parent, w));
    emit(events::belief_depends_on("alice", id, parent, w, config, clock.now()));
  }
  void resolve(const std::string& id, BeliefStatus s, const std::string& reason) {
    clock.advance(7);
    EXPECT_TRUE(mem.resolve(id, s, reason));
    emit(events::belief_resolved("alice", id, s, reason, config, clock.now()));
  }
  void decay(Millis at) {
    mem.decay_all(at);
    emit(events::beliefs_decayed(at, config, clock.now()));
  }
  void tags(const std::string& id, std::vector<std::string> t) {
    EXPECT_TRUE(mem.set_tags(id, t));
    emit(events::belief_tags_set("alice", id, t, clock.now()));
  }
  void recompute(const std::string& id) {
    clock.advance(7);
    EXPECT_TRUE(mem.compute_confidence(id));
    emit(events::belief_recomputed("alice", id, config, clock.now()));
  }

  /// A workload touching every event type, dependencies and verdicts.
  void standard() {
    const std::string root = assert_("root", {ev(true, 0.9)});
    const std::string mid = assert_("mid", {ev(true, 0.8), ev(false, 0.1)});
    const std::string leaf = assert_("leaf", {});
    const std::string lone = assert_("lone", {ev(false, 0.7)});
    depends(mid, root, 0.9);
    depends(leaf, mid, 0.8);
    for (int i = 0; i < 40; ++i) add(i % 3 == 0 ? root : mid, ev(i % 4 != 0, 0.05 + i * 0.02));
    add(leaf, ev(true, 0.6));
    resolve(lone, BeliefStatus::refuted, "checked by hand");
    add(lone, ev(false, 0.2));
    tags(mid, {"auth", "critical"});
    decay(clock.now() + 3 * HOUR);
    clock.advance(4 * HOUR);
    add(root, ev(false, 0.95));
    recompute(leaf);
    resolve(mid, BeliefStatus::confirmed, "verified");
  }
};

Event with_seq(Event e, std::uint64_t seq) {
  e.seq = seq;
  return e;
}

void expect_ledgers_equal(const UncertaintyLedger& want, const UncertaintyLedger& got) {
  ASSERT_EQ(got.size(), want.size());
  want.for_each([&](const Belief& b) {
    auto g = got.get(b.id);
    ASSERT_TRUE(g.has_value()) << b.id;
    EXPECT_EQ(*g, b) << b.id;
    EXPECT_EQ(got.evidence(b.id)->supporting, want.evidence(b.id)->supporting);
    EXPECT_EQ(got.evidence(b.id)->opposing, want.evidence(b.id)->opposing);
  });
}

std::unique_ptr<EventLog> open_log(const TmpDir& d) {
  EventLog::Options o;
  o.dir = d.str();
  o.fsync = false;
  return std::move(*EventLog::open(o));
}

}  // namespace

// ===== fold =================================================================

TEST(LedgerEvents, FoldReproducesTheInMemoryLedgerExactly) {
  Script s;
  s.standard();
  State state;
  std::uint64_t seq = 0;
  for (const auto& e : s.events) ASSERT_TRUE(apply(state, with_seq(e, ++seq)));
  expect_ledgers_equal(s.mem, state.ledger());
  EXPECT_EQ(state.applied_seq(), s.events.size());
}

TEST(LedgerEvents, AnEvidenceAppendTouchesTheBeliefAndOneEvidenceKey) {
  Script s;
  const std::string id = s.assert_("c", {});
  for (int i = 0; i < 500; ++i) s.add(id, s.ev(true, 0.5));
  State state;
  std::uint64_t seq = 0;
  for (const auto& e : s.events) ASSERT_TRUE(apply(state, with_seq(e, ++seq)));
  Touched touched;
  const Evidence e = s.ev(false, 0.25);
  ASSERT_TRUE(apply(state, with_seq(events::belief_evidence_added("alice", id, e, s.config,
                                                                  s.clock.now()),
                                    ++seq),
                    &touched));
  EXPECT_EQ(touched.keys,
            (std::vector<std::string>{"b/" + id, "e/" + id + "/0000000500"}));
  EXPECT_NE(serialize_entity(state, "e/" + id + "/0000000500").find("\"weight\":0.25"),
            std::string::npos);
}

TEST(LedgerEvents, AReplayedEventIsIgnored) {
  Script s;
  const std::string id = s.assert_("c", {s.ev(true, 0.5)});
  s.add(id, s.ev(false, 0.5));
  State state;
  ASSERT_TRUE(apply(state, with_seq(s.events[0], 1)));
  ASSERT_TRUE(apply(state, with_seq(s.events[1], 2)));
  ASSERT_TRUE(apply(state, with_seq(s.events[1], 2)));
  EXPECT_EQ(state.ledger().get(id)->evidence_count(), 2u);
}

TEST(LedgerEvents, ARefusedOperationIsANoOpOnEveryReplay) {
  Script s;
  const std::string a = s.assert_("a", {});
  const std::string b = s.assert_("b", {});
  s.depends(b, a, 0.5);
  State state;
  std::uint64_t seq = 0;
  for (const auto& e : s.events) ASSERT_TRUE(apply(state, with_seq(e, ++seq)));
  const std::string before = state_digest(state);
  // Two writers raced: a now depends on b would close a cycle.
  ASSERT_TRUE(apply(state, with_seq(events::belief_depends_on("alice", a, b, 1.0, s.config, 99),
                                    ++seq)));
  ASSERT_TRUE(apply(state, with_seq(events::belief_evidence_added("alice", "bel_ghost",
                                                                  s.ev(true, 1), s.config, 99),
                                    ++seq)));
  EXPECT_EQ(state_digest(state), before);
  EXPECT_EQ(state.applied_seq(), seq);
  EXPECT_TRUE(state.ledger().get(a)->inferred_from.empty());
}

TEST(LedgerEvents, AMalformedPayloadIsAnErrorNamingTheFieldAndChangesNothing) {
  Script s;
  const std::string id = s.assert_("c", {});
  State state;
  ASSERT_TRUE(apply(state, with_seq(s.events[0], 1)));
  const std::string before = state_digest(state);
  Event bad = events::belief_evidence_added("alice", id, s.ev(true, 0.5), s.config, 5);
  bad.seq = 2;
  const auto at = bad.payload.find("\"weight\":0.5");
  ASSERT_NE(at, std::string::npos);
  bad.payload.replace(at, 12, "\"weight\":1.5");
  auto st = apply(state, bad);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, Errc::corruption);
  EXPECT_NE(st.error().message.find("evidence.weight"), std::string::npos) << st.error().message;
  Event no_config = events::belief_recomputed("alice", id, s.config, 5);
  no_config.seq = 2;
  no_config.payload = "{\"id\":\"" + id + "\"}";
  EXPECT_FALSE(apply(state, no_config));
  EXPECT_EQ(state_digest(state), before);
  EXPECT_EQ(state.applied_seq(), 1u);
}

// ===== state store ==========================================================

TEST(LedgerStateStore, PersistsReloadsAndReplaysToTheSameDigest) {
  TmpDir d;
  Script s;
  s.standard();
  std::string digest;
  {
    auto log = open_log(d);
    auto ss = std::move(*StateStore::open(*log, {}));
    for (const auto& e : s.events) ASSERT_TRUE(ss->submit({e}));
    ASSERT_TRUE(ss->flush());
    digest = ss->digest();
    ss->read([&](const State& st) {
      expect_ledgers_equal(s.mem, st.ledger());
      return 0;
    });
  }
  auto log = open_log(d);
  // The persisted layout: b/<id> records and e/<id>/<ordinal> items.
  std::map<std::string, std::string> stored;
  State stored_state;
  EntityLoader loader;
  ASSERT_TRUE(log->scan_state("", [&](std::string_view k, std::string_view v) {
    stored.emplace(std::string(k), std::string(v));
    EXPECT_TRUE(loader.load(stored_state, k, v));
    return true;
  }));
  ASSERT_TRUE(stored_state.finish_load());
  std::size_t items = 0;
  s.mem.for_each([&](const Belief& b) {
    EXPECT_TRUE(stored.count("b/" + b.id)) << b.id;
    for (std::uint64_t k = 0; k < b.evidence_count(); ++k)
      items += stored.count(state_key_evidence(b.id, k));
  });
  std::size_t want_items = 0;
  s.mem.for_each([&](const Belief& b) { want_items += b.evidence_count(); });
  EXPECT_EQ(items, want_items);
  // What `credence replay --verify` compares: the store against a fresh fold.
  State replayed;
  ASSERT_TRUE(log->scan(1, [&](const Event& e) {
    EXPECT_TRUE(apply(replayed, e));
    return true;
  }));
  EXPECT_EQ(state_digest(replayed), digest);
  EXPECT_EQ(state_digest(stored_state), digest);
  auto ss = std::move(*StateStore::open(*log, {}));
  EXPECT_EQ(ss->digest(), digest);
  ss->read([&](const State& st) {
    expect_ledgers_equal(s.mem, st.ledger());
    return 0;
  });
}

TEST(LedgerStateStore, AReloadedLedgerContinuesLikeOneThatNeverStopped) {
  TmpDir d;
  Script s;
  s.standard();
  const std::size_t first_half = s.events.size();
  // More work after the restart: propagation through reloaded edges.
  const std::string extra = s.assert_("extra", {s.ev(true, 0.4)});
  std::string root;
  s.mem.for_each([&](const Belief& b) {
    if (b.claim == "root") root = b.id;
  });
  s.depends(extra, root, 0.6);
  for (int i = 0; i < 10; ++i) s.add(root, s.ev(i % 2 == 0, 0.3));
  s.decay(s.clock.now() + HOUR);
  {
    auto log = open_log(d);
    auto ss = std::move(*StateStore::open(*log, {}));
    for (std::size_t i = 0; i < first_half; ++i) ASSERT_TRUE(ss->submit({s.events[i]}));
  }
  auto log = open_log(d);
  auto ss = std::move(*StateStore::open(*log, {}));
  for (std::size_t i = first_half; i < s.events.size(); ++i) ASSERT_TRUE(ss->submit({s.events[i]}));
  ss->read([&](const State& st) {
    expect_ledgers_equal(s.mem, st.ledger());
    return 0;
  });
  State replayed;
  ASSERT_TRUE(log->scan(1, [&](const Event& e) {
    EXPECT_TRUE(apply(replayed, e));
    return true;
  }));
  EXPECT_EQ(state_digest(replayed), ss->digest());
}

TEST(LedgerStateStore, MemoriesAndBeliefsShareOneDigest) {
  State a, b;
  Memory m;
  m.id = "mem_1";
  m.user = "u";
  m.text = "I work at Acme";
  Script s;
  const std::string id = s.assert_("c", {s.ev(true, 0.5)});
  ASSERT_TRUE(apply(a, with_seq(events::memory_added(m, 10), 1)));
  ASSERT_TRUE(apply(b, with_seq(events::memory_added(m, 10), 1)));
  const std::string memories_only = state_digest(a);
  ASSERT_TRUE(apply(a, with_seq(s.events[0], 2)));
  EXPECT_NE(state_digest(a), memories_only) << "beliefs are part of the digest";
  ASSERT_TRUE(apply(b, with_seq(s.events[0], 2)));
  EXPECT_EQ(state_digest(a), state_digest(b));
  std::vector<std::string> keys;
  for_each_entity(a, [&](std::string_view k, std::string_view) { keys.emplace_back(k); });
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  EXPECT_EQ(keys, (std::vector<std::string>{"b/" + id, "e/" + id + "/0000000000", "m/mem_1"}));
}

// ===== codec ================================================================

TEST(LedgerCodec, BeliefRecordsRoundTripBitForBit) {
  LedgerFixture f;
  const std::string p = f.assert_("p", "ns", {f.S(0.1), f.S(0.2), f.O(0.30000000000000004)});
  const std::string c = f.assert_("c", "ns", {f.S(1.0 / 3.0)});
  f.depends(c, p, 0.7);
  f.resolve(p, BeliefStatus::confirmed, "why \"quoted\"");
  ASSERT_TRUE(f.ledger.set_tags(c, {"a", "b"}));
  for (const auto& id : {p, c}) {
    const Belief b = f.get(id);
    JsonWriter w;
    write_belief(w, b);
    simdjson::dom::parser parser;
    auto obj = json::parse_object(parser, w.view());
    ASSERT_TRUE(obj);
    json::ObjReader r(*obj);
    const Belief back = read_belief(r);
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(back, b) << w.str();
  }
  const Evidence e = *f.ledger.evidence_at(p, 2);
  JsonWriter w;
  write_evidence(w, e);
  simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, w.view());
  ASSERT_TRUE(obj);
  json::ObjReader r(*obj, "evidence");
  EXPECT_EQ(read_evidence(r), e);
  EXPECT_TRUE(r.ok());
}
