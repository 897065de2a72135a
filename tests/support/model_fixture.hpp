#pragma once
// A fixture for the uncertainty model: a State folded from the events the
// decisions return, a counter id source, the default policy and a manual time.
#include <gtest/gtest.h>

#include "engine/events.hpp"
#include "engine/state.hpp"
#include "engine/uncertainty.hpp"

namespace credence::test {

inline constexpr Millis kT0 = 1'790'000'000'000;  // 2026-09-21

class ModelTest : public ::testing::Test {
 protected:
  State s;
  Policy p;
  CounterIds ids;
  Millis now = kT0;
  std::uint64_t seq = 0;
  std::vector<Event> log;  // everything applied, in order

  void commit(const std::vector<Event>& evs) {
    for (Event e : evs) {
      e.seq = ++seq;
      auto st = apply(s, e);
      ASSERT_TRUE(st) << st.error().describe();
      log.push_back(std::move(e));
    }
  }

  static Memory mem(const std::string& id, const std::string& text,
                    MemoryKind kind = MemoryKind::trait, Source source = Source::explicit_,
                    double confidence = 0.9, const std::string& user = "alice") {
    Memory m;
    m.id = id;
    m.user = user;
    m.kind = kind;
    m.text = text;
    m.source = source;
    m.confidence = confidence;
    m.importance = 0.8;
    m.claim.subject = "user";
    m.claim.subject_kind = SubjectKind::present;
    return m;
  }

  /// Stores a memory directly (no judging).
  const Memory& add(Memory m) {
    if (m.created_at == 0) m.created_at = now;
    commit({events::memory_added(m, now)});
    return *s.memory(m.id);
  }

  static Assessment verdict(const std::string& existing, Classification c,
                            ConfidenceTier tier = ConfidenceTier::high, double conf = 0.9) {
    Assessment a;
    a.existing_id = existing;
    a.classification = c;
    a.tier = tier;
    a.confidence = conf;
    a.action = write_action(c, tier);  // the judge's write view
    a.similarity = 0.8;
    a.reasoning = std::string("judged ") + to_string(c);
    return a;
  }

  WriteOutcome write(Memory m, std::vector<Assessment> as, bool guarded = true,
                     std::string supersedes = "", bool force = false) {
    WriteRequest req;
    req.memory = std::move(m);
    req.guarded = guarded;
    req.supersedes = std::move(supersedes);
    req.force = force;
    auto out = decide_write(s, req, as, p, ids, now);
    EXPECT_TRUE(out) << (out ? "" : out.error().describe());
    if (!out) return {};
    commit(out->events);
    return *out;
  }

  const Memory& m(const std::string& id) {
    const Memory* x = s.memory(id);
    EXPECT_NE(x, nullptr) << id;
    static Memory none;
    return x ? *x : none;
  }
  const Uncertainty& u(const std::string& id) {
    const Uncertainty* x = s.uncertainty(id);
    EXPECT_NE(x, nullptr) << id;
    static Uncertainty none;
    return x ? *x : none;
  }
  std::vector<const Uncertainty*> records_of(const std::string& memory_id) {
    std::vector<const Uncertainty*> out;
    for (const auto& id : s.memory_uncertainties(memory_id)) out.push_back(s.uncertainty(id));
    return out;
  }
};

}  // namespace credence::test
