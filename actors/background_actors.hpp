#pragma once
/// \file background_actors.hpp
/// The decay, consolidation and action-gate actors.
///
/// - decay (detached): every decay interval, deletes the memories that fell
///   below the floor (their records become `decayed`) and opens `stale`
///   records; `run_atom` runs a cycle now.
/// - consolidation (detached, seed 000 context 4): a concept extracted from
///   episodes is first appended as `concept.extracted` (durable), then
///   consumed from the actor's own cursor: judged against existing concepts
///   (a near-duplicate with another value opens a record and marks both
///   contradicted, a restatement reinforces, a novel concept is stored
///   reliable). The outcome and the cursor move commit atomically, so a crash
///   neither loses nor repeats one.
/// - gate (event-based, seed 000 context 3): answers pre-action checks; every
///   check is an event.

#include <caf/behavior.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/messages.hpp"

namespace credence {

using decay_atom = caf::atom_constant<caf::atom("decay")>;

struct decay_state {
  static inline const char* name = "decay";
  Services* svc = nullptr;
  std::uint64_t tick_generation = 0;
};
caf::behavior decay_actor(caf::stateful_actor<decay_state>* self, Services* svc);
DecayReport run_decay_cycle(Services& svc);

struct consolidation_state {
  static inline const char* name = "consolidation";
  Services* svc = nullptr;
};
caf::behavior consolidation_actor(caf::stateful_actor<consolidation_state>* self, Services* svc);
/// Consumes every pending `concept.extracted` event after the cursor;
/// returns the outcome per event sequence number.
std::map<std::uint64_t, Expected<WriteOutcome>> consolidate_backlog(Services& svc);

struct gate_state {
  static inline const char* name = "gate";
  Services* svc = nullptr;
  std::uint64_t next_token = 1;
  std::map<std::uint64_t, std::pair<caf::response_promise, GateOutcome>> waiting;
};
caf::behavior gate_actor(caf::stateful_actor<gate_state>* self, Services* svc);

}  // namespace credence
