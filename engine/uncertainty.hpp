#pragma once
/// \file uncertainty.hpp
/// Seed 000's uncertainty model as pure decisions. Each function reads the
/// State (and the judge's assessments), applies the Policy at time `now`, and
/// returns the events that record its decision; nothing changes until the
/// caller appends them and apply() folds them. So the same decision code runs
/// on the write path, at ingestion, in drift, decay and the action gate, and
/// every outcome is in the log.
///
/// Threading: functions are pure and re-entrant; they read State under the
/// caller's read lock.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/event.hpp"
#include "common/expected.hpp"
#include "engine/judge.hpp"
#include "engine/model.hpp"
#include "engine/policy.hpp"
#include "engine/state.hpp"

namespace credence {

/// Ids for new entities. Production draws unique time-ordered ids; tests
/// use counters so outcomes are exact.
class IdSource {
 public:
  virtual ~IdSource() = default;
  virtual std::string next(std::string_view prefix) = 0;
};
class ClockIds final : public IdSource {
 public:
  explicit ClockIds(const Clock& clock) : clock_(clock) {}
  std::string next(std::string_view prefix) override;

 private:
  const Clock& clock_;
};
class CounterIds final : public IdSource {
 public:
  std::string next(std::string_view prefix) override;

 private:
  unsigned n_ = 0;
};

/// The judge's verdict on (existing memory, incoming statement), as the
/// decisions need it.
struct Assessment {
  std::string existing_id;
  Classification classification = Classification::unrelated;
  double confidence = 0;
  ConfidenceTier tier = ConfidenceTier::low;
  WriteAction action = WriteAction::add;  ///< the judge's per-pair write view
  bool temporal_signal = false;
  std::string reasoning;
  std::string surface_context;
  double similarity = 0;  ///< from the pre-screen
  bool from_llm = false;  ///< the LLM's second opinion, not the embedded judge
};

/// A conflict reported to the caller of a write.
struct Conflict {
  std::string memory_id;
  Classification classification = Classification::unrelated;
  double confidence = 0;
  ConfidenceTier tier = ConfidenceTier::low;
  std::string reasoning;
};

// ---- tolerance ----------------------------------------------------------

/// The user's uncertainty tolerance (the policy baseline until first nudged).
double tolerance_of(const State& s, std::string_view user, const TolerancePolicy& p);
/// A tolerance_set event moving the user's tolerance by `delta` (clamped).
Event nudge_tolerance(const State& s, const std::string& user, double delta,
                      const std::string& reason, const TolerancePolicy& p, Millis now);
/// A resolution ratio scaled by tolerance: higher tolerance -> smaller ratio
/// -> more silent auto-resolution. Never below 1.
double effective_ratio(double ratio, double tolerance, const Policy& p);
/// Memories per drift cycle for this tolerance (lower tolerance -> more).
std::size_t drift_budget(double tolerance, const TolerancePolicy& p);

/// Evidence weight of a memory: its decayed strength times (1 + reinforcements).
double support(const Memory& m, const Policy& p, Millis now);

// ---- writes (POST /v1/memories) ----------------------------------------

struct WriteRequest {
  Memory memory;         ///< id, user, kind, text, claim, source, confidence, ...
  bool guarded = true;   ///< false: ingest (reference facts upsert unchecked)
  std::string supersedes;  ///< explicit supersession target, if any
  bool force = false;    ///< let a blocked write through (records the conflict)
  /// Ingest only: the claim's slot holds one value at a time (lexicon data:
  /// employer, residence, a port). Upsert then replaces the previous fact of
  /// the same claim key and source instead of adding a second one.
  bool single_valued = false;
  DetectionContext context = DetectionContext::write;
};

struct WriteOutcome {
  WriteAction action = WriteAction::add;
  WriteTier tier = WriteTier::clean;
  std::string memory_id;  ///< stored memory; the duplicate for NOOP; "" for DELETE
  std::vector<Conflict> conflicts;
  std::vector<std::string> uncertainties;  ///< records created by this write
  std::vector<std::string> superseded;     ///< memories this write retired
  std::vector<Event> events;               ///< empty when blocked
};

/// Decides a write. `assessments` are the judge's verdicts of the new memory
/// against the pre-screen's candidates (ignored for ingest). Errors:
/// not_found for an unknown `supersedes` (field "supersedes").
Expected<WriteOutcome> decide_write(const State& s, const WriteRequest& req,
                                    const std::vector<Assessment>& assessments,
                                    const Policy& p, IdSource& ids, Millis now);

// ---- messages (POST /v1/messages, seed 000 context 1) --------------------

struct MessageOutcome {
  struct Contradiction {
    std::string uncertainty_id;
    Classification classification = Classification::true_contradiction;
    Severity severity = Severity::low;
    std::string existing_id;
    std::string incoming_id;
    std::string hint;   ///< a sentence the agent can weave into its answer
    bool weave = true;  ///< false for episode-only conflicts (background)
  };
  struct AutoResolved {
    std::string superseded_id;
    std::string new_id;
  };
  std::vector<Contradiction> contradictions;
  std::vector<AutoResolved> auto_resolved;
  std::vector<std::string> reinforced;
  /// `ambiguous` records opened (context-dependent or figurative pairs).
  std::vector<std::string> ambiguous;
  std::vector<Event> events;
};

/// Decides what a user message means for memory. A memory is created from the
/// message only when it matters: a temporal change (it supersedes the old
/// one), a contradiction (it is one side of the record) or an ambiguous pair
/// (context-dependent or figurative: recorded, neither side marked); its kind
/// is the kind of the memory it concerns. A restatement reinforces.
MessageOutcome decide_message(const State& s, const std::string& user,
                              std::string_view text, const Claim& claim,
                              const std::vector<Assessment>& assessments,
                              const Policy& p, IdSource& ids, Millis now);

// ---- pairs of existing memories (drift, consolidation, late answers) -----

/// Decides a pair of existing memories that the judge classified as
/// judge(existing = `a`, incoming = `b`) (for a temporal change, `a` is the
/// old state). Deterministic resolution first (temporal supersession,
/// confidence dominance, one inferred and one explicit), a record for the
/// rest. Returns no events when nothing is to be done or an equivalent record
/// is already active.
std::vector<Event> decide_pair(const State& s, const Memory& a, const Memory& b,
                               const Assessment& verdict, DetectionContext context,
                               const Policy& p, IdSource& ids, Millis now);

// ---- reinforcement, correction, clarification, dismissal ------------------

/// A reinforcement of `memory_id` (the user restated or confirmed it): the
/// reinforcement itself, a tolerance nudge, evidence resolution of records it
/// now dominates, confirmation of an unverified memory, and rehabilitation
/// of a memory an earlier resolution had demoted.
Expected<std::vector<Event>> decide_reinforce(const State& s, const std::string& user,
                                              const std::string& memory_id,
                                              const Policy& p, IdSource& ids, Millis now);

struct Correction {
  std::string memory_id;
  std::optional<Memory> replacement;  ///< the corrected statement, if given
  bool was_true_once = false;  ///< outdated (supersede) rather than wrong (delete)
  std::string detail;
};
/// A user correction: the corrected memory is superseded or deleted, its
/// records resolve as user_clarified, and the tolerance moves down.
Expected<std::vector<Event>> decide_correction(const State& s, const std::string& user,
                                               const Correction& c, const Policy& p,
                                               IdSource& ids, Millis now);

/// Resolution by user clarification of record `record_id`: `winner` (one of
/// its memories) becomes reliable and reinforced, the other is superseded or
/// deleted, a relationship and an episode record the exchange. Errors:
/// not_found (record), invalid_argument (winner not in the record, field
/// "winner"), conflict (record no longer active).
Expected<std::vector<Event>> decide_resolve(const State& s, const std::string& user,
                                            const std::string& record_id,
                                            const std::string& winner, bool delete_loser,
                                            const std::string& detail, const Policy& p,
                                            IdSource& ids, Millis now);

/// The user did not engage with a surfaced record: counts a dismissal,
/// lowers the severity one step every `max_unengaged` unengaged surfacings
/// (anti-nag), and raises the tolerance after repeated dismissals.
Expected<std::vector<Event>> decide_dismiss(const State& s, const std::string& user,
                                            const std::string& record_id, const Policy& p,
                                            Millis now);

/// A user deletion of a memory (its records resolve as user_clarified).
Expected<std::vector<Event>> decide_delete(const State& s, const std::string& user,
                                           const std::string& memory_id,
                                           const std::string& detail, Millis now);

// ---- background ---------------------------------------------------------

/// `stale` solo records for reliable memories past their kind's age without
/// reinforcement (at most `limit`, oldest first, none for memories that
/// already have an active stale record).
std::vector<Event> decide_stale(const State& s, const Policy& p, IdSource& ids, Millis now,
                                std::size_t limit);
/// A `stale` record for one memory if it is stale and has none yet.
std::optional<Event> decide_stale_for(const State& s, const Memory& m, const Policy& p,
                                      IdSource& ids, Millis now, DetectionContext context);
/// The decay cycle: one decay.applied event deleting the memories below the
/// floor and closing, as decayed, the records the anti-nag rule left to decay
/// that stayed idle for surfacing.expire_after_days (none when neither).
std::vector<Event> decide_decay(const State& s, const Policy& p, Millis now);

// ---- context assembly and surfacing ---------------------------------------

struct ContextItem {
  std::string memory_id;
  double weight = 0;     ///< assembly weight (seed 000 formula)
  double relevance = 0;  ///< to the topic
  double score = 0;      ///< weight * relevance, the ranking key
};
struct Hint {
  std::string uncertainty_id;
  std::string memory_a;
  std::string memory_b;
  Severity severity = Severity::low;
  UncertaintyType type = UncertaintyType::contradiction;
  std::string hint;
};
struct ContextOutcome {
  std::vector<ContextItem> items;
  std::vector<Hint> hints;
  std::vector<Event> events;  ///< accesses, surfacings, anti-nag lowering
};

/// assembly_weight = base_type_weight(kind) * importance *
/// max(floor, reliability_factor(reliability)).
double assembly_weight(const Memory& m, const ReliabilityPolicy& p);

/// Context for a topic. `candidates` are (memory id, relevance in [0, 1])
/// from a similarity search; when empty, every live memory of the user is a
/// candidate with relevance from keyword overlap. `topic_keywords` are the
/// topic's content words (lemmas). Returns the top `k` memories by score and
/// the hints for active records that match the topic and pass the user's
/// surfacing threshold, counting each hint as a surfacing.
ContextOutcome assemble_context(const State& s, const std::string& user,
                                const std::vector<std::string>& topic_keywords,
                                const std::vector<std::pair<std::string, double>>& candidates,
                                std::size_t k, const Policy& p, Millis now);

// ---- the action gate (seed 000 context 3) --------------------------------

struct GateOutcome {
  bool clarify = false;
  double confidence = 0;
  std::vector<std::string> doubtful;
  std::string reliability_warning;
  std::string clarify_prompt;
  std::vector<Event> events;
};
/// Checks an intended action against the memories it relies on. Errors:
/// not_found naming "memory_ids[i]" for an unknown id or another user's.
Expected<GateOutcome> check_action(const State& s, const std::string& user,
                                   const std::string& action,
                                   const std::vector<std::string>& memory_ids,
                                   double confidence, const Policy& p, IdSource& ids,
                                   Millis now);

// ---- queries (seed 004 bi-temporal) ----------------------------------------

struct MemoryQuery {
  std::optional<MemoryKind> kind;
  std::optional<Millis> as_of;     ///< valid time: what was true then
  std::optional<Millis> known_at;  ///< system time: what credence knew then
  bool include_superseded = false;
};
/// The user's memories matching the query, in the order they were added.
/// Superseded memories are excluded unless asked for (or an as_of/known_at
/// time makes them current then); deleted memories only appear for a
/// known_at before their deletion.
std::vector<const Memory*> query_memories(const State& s, const std::string& user,
                                          const MemoryQuery& q);
/// The supersession chain through a memory, oldest first.
std::vector<const Memory*> supersession_chain(const State& s, const std::string& memory_id);

/// Content words of a text (lower case, stop words removed, simple
/// plural/verb suffixes stripped); used to match topics when no normaliser
/// keywords are at hand.
std::vector<std::string> simple_keywords(std::string_view text);

}  // namespace credence
