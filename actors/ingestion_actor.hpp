#pragma once
/// \file ingestion_actor.hpp
/// The ingestion actor (seed 000 context 1): receives memory writes, user
/// messages and other per-user decisions. For a statement it runs the
/// pre-screen and the embedded judge inline, sends the pairs that need a
/// second opinion (classifier.mode cascade/llm) to the classifier, and races
/// the deadline: what is classified in time is decided and applied; pairs
/// that miss it are logged as `classification.deferred` and finished by
/// drift. Nothing is thrown away.
///
/// Ordering: requests of one user are handled one at a time, in arrival
/// order (the next starts once the previous one's events are applied), so
/// every decision sees the effects of the one before. Different users
/// proceed concurrently. The actor never blocks: appends are asynchronous
/// (Services::append) and answered with an `Appended` message.

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_clock.hpp>
#include <caf/behavior.hpp>
#include <caf/response_promise.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/messages.hpp"

namespace credence {

struct IngestJob {
  enum class Kind { write, message, decide };
  Kind kind = Kind::write;
  std::uint64_t token = 0;
  std::string user;
  caf::response_promise rp;
  caf::actor_clock::time_point arrived;
  std::chrono::steady_clock::time_point wall_arrived;
  std::chrono::milliseconds deadline{600};
  WriteCommand write;
  MessageCommand message;
  DecideCommand decide;
  // classification
  Incoming incoming;
  std::string incoming_key;  ///< memory id, or a message key
  std::vector<Assessment> verdicts;
  std::vector<PairSide> existing;
  std::vector<bool> deferred;
  std::size_t outstanding = 0;
  /// The caller's sink was handed to the state writer with the events, which
  /// answers it once they are durable and applied (see submit()).
  bool answered_by_writer = false;
  // outcome
  WriteOutcome write_outcome;
  MessageOutcome message_outcome;
};

struct ingestion_state {
  static inline const char* name = "ingestion";
  Services* svc = nullptr;
  caf::actor classifier;
  std::unordered_map<std::uint64_t, IngestJob> jobs;
  std::unordered_map<std::string, std::deque<std::uint64_t>> queues;
  std::uint64_t next_token = 1;
};

/// `classifier` may be invalid (embedded mode): then no pair ever waits.
caf::behavior ingestion_actor(caf::stateful_actor<ingestion_state>* self, Services* svc,
                              caf::actor classifier);

}  // namespace credence
