#pragma once
/// \file drift_actor.hpp
/// Drift (seed 000's RECONCILE): background cycles that sample 10-20
/// memories, search each one's neighbours across kinds (traits, concepts,
/// episodes), judge the pairs, and resolve deterministically what can be
/// (temporal supersession, confidence dominance, explicit over inferred) or
/// open records for the rest. Each cycle also finishes classifications that
/// missed the ingestion deadline, and an LLM answer that arrives late
/// (VerdictReady) is applied at once.
///
/// Sampling (DriftPlanner) rotates over topic domains (the claims' domains:
/// work, home, health, hobbies, ...) one domain per cycle, takes the hottest
/// memories of that domain first (recently added, reinforced or accessed,
/// weighted by recency, access count and strength) and then continues a
/// rotating cursor through the rest, so the whole store is covered over time
/// while the cost of a cycle does not grow with the store.
///
/// Drift consumes the log from its durable cursor ("drift") to learn about
/// new activity; the events a cycle produces and the cursor advance are
/// committed in one transaction. Runs detached (judging and pre-screening
/// take CPU; an LLM call may block).

#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <caf/behavior.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/messages.hpp"

namespace credence {

/// Chooses what drift looks at. Not thread-safe (owned by the drift actor).
///
/// Each domain keeps a bounded hot set: the `kHotPerDomain` memories most
/// recently added, reinforced or accessed (least recently touched ones fall
/// out). A cycle weighs only those, so its cost does not depend on how many
/// memories were touched since the last cycle, nor on the size of the store;
/// what falls out is still reached by the rotating cursor.
class DriftPlanner {
 public:
  static constexpr std::size_t kHotPerDomain = 64;

  /// Indexes every live memory and seeds each domain's hot set with its most
  /// recently active memories (at start; O(store)).
  void rebuild(const State& s);
  /// Learns from one new event (O(1)): new memories join their domain and the
  /// hot set; reinforced or accessed ones become hot.
  void observe(const Event& e, const State& s);
  /// Domains known so far, in rotation order.
  std::vector<std::string> domains() const;
  /// The domain of the `index`-th cycle (rotation), or "" if none.
  std::string domain_at(std::uint32_t index) const;
  /// Whether a memory may still be taken this cycle (its user's own budget);
  /// called once per candidate, in sampling order. A refused memory stays hot.
  using Admit = std::function<bool(const Memory&)>;
  /// Up to `budget` memories of `domain`: hot ones first by weight, then the
  /// rotating cursor, each one only if `admit` (when given) accepts it.
  /// O(budget) amortised when most are admitted; at most one pass over the
  /// domain otherwise.
  std::vector<std::string> sample(const State& s, const std::string& domain, std::size_t budget,
                                  const Policy& p, Millis now, const Admit& admit = {});
  std::size_t hot_size() const;

  static std::string domain_of(const Memory& m);

 private:
  struct Domain {
    std::vector<std::string> ids;
    std::size_t pos = 0;
    std::list<std::string> hot_order;  ///< least recently touched first
    std::unordered_map<std::string, std::list<std::string>::iterator> hot;
    void touch(const std::string& id);
    void cool(const std::string& id);
  };
  void add(const Memory& m, bool hot);
  std::map<std::string, Domain> domains_;
  std::unordered_set<std::string> known_;
};

using drift_atom = caf::atom_constant<caf::atom("drift")>;

struct drift_state {
  static inline const char* name = "drift";
  Services* svc = nullptr;
  DriftPlanner planner;
  std::uint64_t scanned = 0;  ///< last log seq observed (committed as the cursor)
  std::uint64_t tick_generation = 0;
  bool started = false;
};

/// The drift actor. `run_atom` runs a cycle now and answers a DriftReport;
/// `tick_atom` is the periodic trigger; VerdictReady applies a late verdict.
caf::behavior drift_actor(caf::stateful_actor<drift_state>* self, Services* svc);

/// One drift cycle against the current state (used by the actor; exposed for
/// tests). Commits its events with the cursor move.
DriftReport run_drift_cycle(drift_state& st);
/// Finishes one deferred classification now (late verdict or cycle).
std::vector<Event> resolve_pending(const State& s, const PendingClassification& p,
                                   Services& svc, Millis now);

}  // namespace credence
