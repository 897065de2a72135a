#pragma once
/// \file messages.hpp
/// Every atom and message type the actors exchange. All messages are
/// in-process (never serialised), so the structs are whitelisted with
/// CAF_ALLOW_UNSAFE_MESSAGE_TYPE; they must stay copy-constructible.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <caf/allowed_unsafe_message_type.hpp>
#include <caf/atom.hpp>

#include "actors/reply_sink.hpp"
#include "actors/services.hpp"
#include "common/expected.hpp"
#include "engine/uncertainty.hpp"

namespace credence {

struct WriteReply;
struct MessageReply;
struct DecideReply;

using tick_atom = caf::atom_constant<caf::atom("tick")>;
using run_atom = caf::atom_constant<caf::atom("run")>;
using stats_atom = caf::atom_constant<caf::atom("stats")>;

/// POST /v1/memories.
struct WriteCommand {
  WriteRequest request;
  std::optional<std::chrono::milliseconds> deadline;
  /// When set, a write whose (user, key) was already appended is not decided
  /// again: the reply says `replayed` with the earlier sequence number.
  std::string idempotency_key;
  /// When set, the reply goes here instead of to the sender.
  ReplySinkPtr<WriteReply> sink;
};
struct WriteReply {
  std::optional<Error> error;
  bool replayed = false;
  std::uint64_t replayed_seq = 0;
  WriteOutcome outcome;
  bool deferred = false;  ///< some pairs missed the deadline (finished in background)
  std::vector<Assessment> assessments;
  double elapsed_ms = 0;
};

/// POST /v1/messages (seed 000 context 1).
struct MessageCommand {
  std::string user;
  std::string text;
  std::optional<std::chrono::milliseconds> deadline;
  /// When set, the reply goes here instead of to the sender.
  ReplySinkPtr<MessageReply> sink;
};
struct MessageReply {
  std::optional<Error> error;
  MessageOutcome outcome;
  bool deferred = false;
  std::size_t candidates = 0;
  double elapsed_ms = 0;
};

/// Any other per-user decision (reinforce, correct, resolve, dismiss, delete,
/// context assembly...): runs `decide` against the current state in the
/// user's turn, appends its events, and replies. `decide` may stash extra
/// results in objects it captured.
struct DecideCommand {
  std::string user;
  std::function<Expected<std::vector<Event>>(const State&)> decide;
  /// When set, the reply goes here instead of to the sender.
  ReplySinkPtr<DecideReply> sink;
};
struct DecideReply {
  std::optional<Error> error;
  std::vector<std::uint64_t> seqs;
};

/// To the classifier: an LLM second opinion on one pair.
struct ClassifyJob {
  std::string key;  ///< pair_key(existing, incoming)
  PairSide existing;
  PairSide incoming;
  Assessment embedded;  ///< the fallback
  std::string requester;  ///< for logs
};
struct ClassifyAnswer {
  std::string key;
  Assessment assessment;
  bool from_llm = false;
  std::string fallback_reason;  ///< why the embedded verdict was used
};
/// To drift: an LLM answer is in the verdict cache (possibly late).
struct VerdictReady {
  std::string key;
};

/// POST /v1/act/check (seed 000 context 3).
struct GateCommand {
  std::string user;
  std::string action;
  std::vector<std::string> memory_ids;
  double confidence = 1.0;
};
struct GateReply {
  std::optional<Error> error;
  GateOutcome outcome;
};

/// A concept extracted from episodes (seed 000 context 4).
struct ConsolidateCommand {
  Memory extracted;  ///< the concept: user, text, source, confidence, importance
  std::vector<std::string> episodes;
};
struct ConsolidateReply {
  std::optional<Error> error;
  WriteOutcome outcome;
};

struct DriftReport {
  std::string domain;
  std::size_t sampled = 0;
  std::size_t pairs = 0;
  std::size_t events = 0;
  std::size_t deferred_resolved = 0;
  std::size_t budget = 0;  ///< the cycle's cap (the largest per-user budget)
  /// How many memories of each user the cycle took, and each user's own
  /// budget (from their uncertainty tolerance).
  std::map<std::string, std::size_t> sampled_by_user;
  std::map<std::string, std::size_t> user_budgets;
  double elapsed_ms = 0;
  std::optional<Error> error;
};
struct DecayReport {
  std::size_t deleted = 0;
  std::size_t expired = 0;  ///< records left to decay (anti-nag) and closed
  std::size_t stale = 0;
  double elapsed_ms = 0;
  std::optional<Error> error;
};

/// From the appender back to the actor that submitted events.
struct Appended {
  std::uint64_t token = 0;
  std::optional<Error> error;
  std::vector<std::uint64_t> seqs;
};

}  // namespace credence

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::WriteCommand)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::WriteReply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::MessageCommand)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::MessageReply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::DecideCommand)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::DecideReply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::ClassifyJob)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::ClassifyAnswer)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::VerdictReady)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::GateCommand)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::GateReply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::ConsolidateCommand)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::ConsolidateReply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::DriftReport)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::DecayReport)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(credence::Appended)
