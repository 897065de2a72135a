#pragma once
// Shared fixture of the ledger tests: a ledger on a ManualClock at T0, and the
// evidence shorthands of docs/ledger-conformance.md §0 (S(w) supporting
// memory-read, O(w) opposing tool-output, each with a unique source id).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/time.hpp"
#include "engine/ledger.hpp"

namespace credence::test {

inline constexpr Millis T0 = 1'000'000;
inline constexpr Millis HOUR = 3'600'000;

/// Asserts an interval bit for bit (the port keeps the reference's order of
/// floating-point operations, so == holds, not just |got - want| <= 1e-12).
#define EXPECT_INTERVAL(got, l, p, u)                                   \
  do {                                                                  \
    const ::credence::ConfidenceInterval ci_ = (got);                   \
    EXPECT_EQ(ci_.lower, (l)) << "lower";                               \
    EXPECT_EQ(ci_.point, (p)) << "point";                               \
    EXPECT_EQ(ci_.upper, (u)) << "upper";                               \
  } while (0)

/// DEF = [0.6, 0.7, 0.7999999999999999], the default interval.
#define EXPECT_DEF(got) EXPECT_INTERVAL(got, 0.6, 0.7, 0.7999999999999999)

struct LedgerFixture {
  ManualClock clock{T0};
  UncertaintyLedger ledger;
  int next_source = 0;

  explicit LedgerFixture(const LedgerConfigOverrides& o = {})
      : ledger(clock, config_or_default(o)) {}

  static LedgerConfig config_or_default(const LedgerConfigOverrides& o) {
    auto c = make_ledger_config(o);
    EXPECT_TRUE(c) << c.error().describe();
    return c ? *c : LedgerConfig{};
  }

  Evidence item(bool supports, double w, const char* type) {
    return Evidence{"src-" + std::to_string(next_source++), type, supports, w, clock.now()};
  }
  Evidence S(double w = 0.8) { return item(true, w, "memory-read"); }
  Evidence O(double w = 0.8) { return item(false, w, "tool-output"); }
  Evidence H(double w = 1.0) { return item(true, w, "human-input"); }

  std::string assert_(const std::string& claim, const std::string& ns,
                      std::vector<Evidence> evidence, ConfidenceOverride c = {}) {
    Assertion a;
    a.claim = claim;
    a.ns = ns;
    a.evidence = std::move(evidence);
    a.confidence = c;
    auto r = ledger.assert_belief(a);
    EXPECT_TRUE(r) << r.error().describe();
    return r ? *r : std::string();
  }
  std::string with_point(double point, std::vector<Evidence> evidence) {
    ConfidenceOverride c;
    c.point = point;
    return assert_("claim", "test", std::move(evidence), c);
  }

  Belief get(const std::string& id) {
    auto b = ledger.get(id);
    EXPECT_TRUE(b.has_value()) << "no belief " << id;
    return b ? *b : Belief{};
  }
  ConfidenceInterval conf(const std::string& id) { return get(id).confidence; }
  BeliefStatus status(const std::string& id) { return get(id).status; }

  BeliefUpdate add(const std::string& id, const Evidence& e) {
    auto r = ledger.add_evidence(id, e);
    EXPECT_TRUE(r) << r.error().describe();
    return r ? *r : BeliefUpdate{};
  }
  void depends(const std::string& child, const std::string& parent, double w) {
    auto r = ledger.depends_on(child, parent, w);
    EXPECT_TRUE(r) << r.error().describe();
  }
  void resolve(const std::string& id, BeliefStatus s, const std::string& reason = "test") {
    auto r = ledger.resolve(id, s, reason);
    EXPECT_TRUE(r) << r.error().describe();
  }
};

inline ConfidenceOverride point_lower_upper(double p, double l, double u) {
  ConfidenceOverride c;
  c.point = p;
  c.lower = l;
  c.upper = u;
  return c;
}

inline std::vector<std::string> ids_of(const std::vector<Belief>& v) {
  std::vector<std::string> out;
  for (const auto& b : v) out.push_back(b.id);
  return out;
}

inline std::vector<std::string> claims_of(const std::vector<Belief>& v) {
  std::vector<std::string> out;
  for (const auto& b : v) out.push_back(b.claim);
  return out;
}

}  // namespace credence::test
