#pragma once
/// \file events.hpp
/// Builders for every event type credence appends, and their type names.
///
/// An event states a decision already taken (by the judge, a resolution rule
/// or a user), never a request to decide: apply() only folds it. Payloads are
/// JSON objects; the names below are part of the on-disk format.

#include <optional>
#include <string>
#include <vector>

#include "common/event.hpp"
#include "engine/model.hpp"
#include "engine/state.hpp"

namespace credence::events {

inline constexpr const char* kMemoryAdded = "memory.added";
inline constexpr const char* kMemoryReinforced = "memory.reinforced";
inline constexpr const char* kMemoryAccessed = "memory.accessed";
inline constexpr const char* kMemoryDeleted = "memory.deleted";
inline constexpr const char* kMemorySuperseded = "memory.superseded";
inline constexpr const char* kReliabilityChanged = "memory.reliability_changed";
inline constexpr const char* kUncertaintyOpened = "uncertainty.opened";
inline constexpr const char* kUncertaintySurfaced = "uncertainty.surfaced";
inline constexpr const char* kUncertaintyDismissed = "uncertainty.dismissed";
inline constexpr const char* kSeverityLowered = "uncertainty.severity_lowered";
inline constexpr const char* kTemporalSupersede = "resolution.temporal_supersede";
inline constexpr const char* kEvidenceResolved = "resolution.evidence";
inline constexpr const char* kConfidenceDominance = "resolution.confidence_dominance";
inline constexpr const char* kUserClarified = "resolution.user_clarified";
inline constexpr const char* kDecayApplied = "decay.applied";
inline constexpr const char* kToleranceSet = "user.tolerance_set";
inline constexpr const char* kActionChecked = "action.checked";
inline constexpr const char* kClassificationDeferred = "classification.deferred";
inline constexpr const char* kClassificationCompleted = "classification.completed";
inline constexpr const char* kDriftCycle = "drift.cycle";
inline constexpr const char* kConceptExtracted = "concept.extracted";

/// A new memory. The memory's own fields (id, user, kind, text, claim,
/// source, confidence, importance, created_at, valid_from/until, supersedes)
/// are taken as given; recorded_at and decay_mark become the event time.
/// A non-empty `supersedes` retires that memory (manual supersession).
Event memory_added(const Memory& m, Millis ts);

/// Reinforcement: count + 1, confidence set to `confidence_after`, decay
/// exposure reset.
Event memory_reinforced(const std::string& user, const std::string& id,
                        double confidence_after, Millis ts);

/// Access (recall / context assembly): access_count + 1 for each id.
Event memory_accessed(const std::string& user,
                      const std::vector<std::string>& ids, Millis ts);

/// Deletion (tombstone). Active records involving it close as `resolution`
/// (decayed for decay, user_clarified otherwise).
Event memory_deleted(const std::string& user, const std::string& id,
                     DeleteReason reason, const std::string& detail, Millis ts);

/// Supersession of `old_id` by the existing memory `new_id`, or a retraction
/// when `new_id` is empty (seed 004's DELETE: the old fact stops being true,
/// nothing replaces it). Its active records close with `resolution`.
Event memory_superseded(const std::string& user, const std::string& old_id,
                        const std::string& new_id, Millis valid_until,
                        const std::string& relationship_id, Millis ts,
                        Resolution resolution = Resolution::temporal_supersede);

/// A reliability change outside a resolution (guarded: only to a higher rank).
Event reliability_changed(const std::string& user, const std::string& id,
                          Reliability to, const std::string& reason, Millis ts);

/// A new uncertainty record; `marks` sets the reliability of the memories
/// involved (guarded like reliability_changed).
Event uncertainty_opened(const Uncertainty& u,
                         const std::vector<std::pair<std::string, Reliability>>& marks,
                         Millis ts);
Event uncertainty_surfaced(const std::string& user, const std::string& id, Millis ts);
Event uncertainty_dismissed(const std::string& user, const std::string& id, Millis ts);
Event severity_lowered(const std::string& user, const std::string& id,
                       Severity to, const std::string& reason, Millis ts);

/// Temporal supersession: old -> superseded (valid_until set), new ->
/// reliable, a temporal_evolution relationship old -> new, and the record
/// (if any) resolved as temporal_supersede.
struct TemporalSupersede {
  std::string record_id;  ///< may be empty (auto-resolved at ingestion)
  std::string old_id;
  std::string new_id;
  Millis valid_until = 0;
  std::string relationship_id;
  std::string detail;
};
Event temporal_supersede(const std::string& user, const TemporalSupersede& x, Millis ts);

/// Evidence resolution: winner -> reliable, loser -> `loser_to`
/// (superseded or uncertain), record resolved as evidence_resolved.
struct EvidenceResolution {
  std::string record_id;
  std::string winner;
  std::string loser;
  Reliability loser_to = Reliability::superseded;
  std::string relationship_id;
  std::string detail;
};
Event evidence_resolved(const std::string& user, const EvidenceResolution& x, Millis ts);

/// Confidence dominance: winner stays/becomes reliable, loser -> uncertain;
/// the record (if any) resolved as confidence_dominance.
struct ConfidenceDominance {
  std::string record_id;
  std::string winner;
  std::string loser;
  std::string detail;
};
Event confidence_dominance(const std::string& user, const ConfidenceDominance& x, Millis ts);

/// User clarification: winner -> reliable with reinforcement + 1 and
/// confidence `winner_confidence`; loser superseded (it was true once) or
/// deleted (it was wrong); a relationship records the resolution and an
/// episode memory (optional) records the exchange.
struct UserClarification {
  std::string record_id;
  std::string winner;
  std::string loser;
  bool loser_deleted = false;
  bool reinforce_winner = true;  ///< false when the caller already reinforced it
  double winner_confidence = 1.0;
  std::string relationship_id;
  std::optional<Memory> episode;
  std::string detail;
};
Event user_clarified(const std::string& user, const UserClarification& x, Millis ts);

/// A decay cycle: the listed memories fell below the floor and are deleted;
/// their records close as decayed.
/// `deleted`: memories decayed below the floor; `expired`: records left to
/// decay by the anti-nag rule that stayed idle past surfacing.expire_after_days
/// (closed as decayed; their memories are untouched).
Event decay_applied(const std::vector<std::string>& deleted, Millis ts,
                    const std::vector<std::string>& expired = {});

/// Uncertainty tolerance set to `value` because of `reason`
/// (correction | reinforcement | dismissal | engagement).
Event tolerance_set(const std::string& user, double value, const std::string& reason,
                    Millis ts);

/// A pre-action check and its decision.
struct ActionCheck {
  std::string action;
  std::vector<std::string> memory_ids;
  std::vector<std::string> doubtful;
  double confidence_in = 0;
  double confidence_out = 0;
  bool clarify = false;
};
Event action_checked(const std::string& user, const ActionCheck& x, Millis ts);

Event classification_deferred(const PendingClassification& p, Millis ts);
Event classification_completed(const std::string& user, const std::string& pending_id,
                               const std::string& outcome, Millis ts);

/// A concept extracted from episodes, waiting for the consolidation actor
/// (which consumes these from its cursor). Changes no state by itself.
Event concept_extracted(const Memory& extracted, const std::vector<std::string>& episodes,
                        Millis ts);

/// A drift (RECONCILE) cycle finished; the rotation moves to `next_domain_index`.
Event drift_cycle(std::uint32_t next_domain_index, std::uint32_t sampled,
                  std::uint32_t pairs, Millis ts);

}  // namespace credence::events
