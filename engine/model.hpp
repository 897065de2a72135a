#pragma once
/// \file model.hpp
/// credence's domain vocabulary: memory kinds, reliability states, uncertainty
/// records, classifications, and their textual names (the names are part of
/// the event log and the HTTP API: never rename one).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/time.hpp"
#include "engine/claim.hpp"

namespace credence {

enum class MemoryKind : std::uint8_t { trait, episode, concept_, relationship };
enum class Source : std::uint8_t { explicit_, inferred, researched };

/// Seed 000's reliability states, in rank order (see reliability_rank()).
enum class Reliability : std::uint8_t {
  reliable,
  uncertain,
  contradicted,
  superseded
};

enum class UncertaintyType : std::uint8_t {
  contradiction,
  unverified,
  stale,
  ambiguous
};
enum class Severity : std::uint8_t { low, medium, high, critical };
enum class DetectionContext : std::uint8_t {
  ingestion,
  drift,
  pre_action,
  consolidation,
  write
};
enum class RecordState : std::uint8_t { open, surfaced, resolved, decayed };
enum class Resolution : std::uint8_t {
  none,
  temporal_supersede,
  user_clarified,
  evidence_resolved,
  confidence_dominance,
  decayed,
};

/// The judge's memory view of a pair (docs/labels.md).
enum class Classification : std::uint8_t {
  true_contradiction,
  temporal_change,
  context_dependent,
  figurative,
  compatible,
  duplicate,
  unrelated,
};

/// The verdicts that say the two memories cannot simply both stand as they
/// are: a contradiction, a change, a context split or a figure of speech.
constexpr bool is_opposition(Classification c) {
  return c == Classification::true_contradiction || c == Classification::temporal_change ||
         c == Classification::context_dependent || c == Classification::figurative;
}

/// Why a memory was deleted (deleted memories stay as tombstones).
enum class DeleteReason : std::uint8_t { user, decay, clarification };

// ---- names --------------------------------------------------------------

const char* to_string(MemoryKind v);
const char* to_string(Source v);
const char* to_string(Reliability v);
const char* to_string(UncertaintyType v);
const char* to_string(Severity v);
const char* to_string(DetectionContext v);
const char* to_string(RecordState v);
const char* to_string(Resolution v);
const char* to_string(Classification v);
const char* to_string(DeleteReason v);

std::optional<MemoryKind> parse_memory_kind(std::string_view s);
std::optional<Source> parse_source(std::string_view s);
std::optional<Reliability> parse_reliability(std::string_view s);
std::optional<UncertaintyType> parse_uncertainty_type(std::string_view s);
std::optional<Severity> parse_severity(std::string_view s);
std::optional<DetectionContext> parse_detection_context(std::string_view s);
std::optional<RecordState> parse_record_state(std::string_view s);
std::optional<Resolution> parse_resolution(std::string_view s);
std::optional<Classification> parse_classification(std::string_view s);
std::optional<DeleteReason> parse_delete_reason(std::string_view s);

/// Seed 000's severity table, from the kinds of the two memories (solo
/// records have no second kind): trait-trait critical; concept-trait and
/// concept-concept high; episode-trait and episode-concept medium;
/// episode-episode and solo low. Relationships count as concepts.
Severity severity_for(MemoryKind a, std::optional<MemoryKind> b);
/// One step lower (low stays low).
Severity lower(Severity s);

/// Comma-separated list of the names of an enum, for error messages.
template <class E>
std::string enum_names();

// ---- entities -----------------------------------------------------------

/// A durable memory (trait, episode, concept or relationship) with both time
/// axes: valid time (valid_from/valid_until: when it is true in the world)
/// and system time (recorded_at/superseded_at: when credence learnt and
/// retired it).
struct Memory {
  std::string id;
  std::string user;
  MemoryKind kind = MemoryKind::trait;
  std::string text;
  Claim claim;  ///< normalised once, at write time
  Source source = Source::explicit_;
  double confidence = 0.9;
  double importance = 0.5;
  std::uint32_t reinforcement_count = 0;
  std::uint32_t access_count = 0;
  Millis created_at = 0;
  Millis last_reinforced_at = 0;
  Millis last_accessed_at = 0;
  Reliability reliability = Reliability::reliable;
  std::optional<Millis> valid_from;
  std::optional<Millis> valid_until;
  Millis recorded_at = 0;
  std::optional<Millis> superseded_at;
  std::string supersedes;     ///< id of the memory this one replaced
  std::string superseded_by;  ///< id of the memory that replaced this one
  std::optional<Millis> deleted_at;
  std::optional<DeleteReason> delete_reason;
  /// Decay bookkeeping (config-free, so apply() stays pure): time spent in
  /// each reliability state since the last reinforcement, up to `decay_mark`;
  /// the current state has been held since `decay_mark`. engine/decay.hpp
  /// turns this into a strength using the configured rates and multipliers.
  std::array<Millis, 4> dwell{};
  Millis decay_mark = 0;
  std::uint64_t seq = 0;  ///< log sequence number of the event that added it

  bool deleted() const { return deleted_at.has_value(); }
  bool superseded() const { return reliability == Reliability::superseded; }
};

/// Seed 000's uncertainty record. Solo records have an empty memory_b.
struct Uncertainty {
  std::string id;
  std::string user;
  MemoryKind memory_a_kind = MemoryKind::trait;
  std::string memory_a;
  std::optional<MemoryKind> memory_b_kind;
  std::string memory_b;
  UncertaintyType type = UncertaintyType::contradiction;
  Severity severity = Severity::low;
  DetectionContext detection_context = DetectionContext::ingestion;
  std::string reasoning;
  bool temporal_signal = false;
  std::string surface_context;
  Classification classification = Classification::true_contradiction;
  double confidence = 0;  ///< the judge's confidence in the classification
  RecordState state = RecordState::open;
  Resolution resolution = Resolution::none;
  std::string resolution_detail;
  std::string winner;  ///< the memory a resolution kept (empty if none)
  std::optional<Millis> resolved_at;
  std::uint32_t surfaced_count = 0;
  std::uint32_t dismissed_count = 0;
  std::optional<Millis> last_surfaced_at;
  Millis created_at = 0;

  bool active() const {
    return state == RecordState::open || state == RecordState::surfaced;
  }
  bool involves(std::string_view memory_id) const {
    return memory_a == memory_id || (!memory_b.empty() && memory_b == memory_id);
  }
};

/// A link between two memories: temporal_evolution (A replaced by B) or the
/// record of how an uncertainty was resolved.
struct Relationship {
  std::string id;
  std::string user;
  std::string from;
  std::string to;
  std::string type;  ///< temporal_evolution | user_clarified | evidence_resolved | ...
  std::string detail;
  Millis created_at = 0;
};

/// Per-user settings and counters.
struct UserSettings {
  std::string user;
  double tolerance = 0.5;  ///< uncertainty tolerance (seed 000), self-tuning
  std::uint32_t corrections = 0;
  std::uint32_t reinforcements = 0;
  std::uint32_t dismissals = 0;
  std::uint32_t engagements = 0;
  /// Dismissals since the user last engaged (clarified or corrected): what
  /// "dismisses clarifications repeatedly" (seed 000) counts, across records.
  std::uint32_t dismissal_streak = 0;
  std::uint32_t action_checks = 0;
  std::uint32_t clarify_decisions = 0;
};

/// Rank used by the reliability guard: a transition to a lower rank is
/// refused (it would lose information), except the explicit rehabilitation
/// paths of the resolution strategies. reliable < uncertain < contradicted <
/// superseded.
int reliability_rank(Reliability r);

}  // namespace credence
