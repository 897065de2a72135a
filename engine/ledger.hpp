#pragma once
/// \file ledger.hpp
/// The uncertainty ledger of seed 001: beliefs (a claim in a namespace) with
/// directional, weighted evidence, a confidence interval, a status derived
/// from the evidence, linear decay over time, actionability, aggregation over
/// sets of beliefs, and inference chains along `depends_on` edges.
///
/// The arithmetic follows docs/ledger-conformance.md §1 (the published
/// `@claude-flow/guidance` UncertaintyLedger) operation for operation, so
/// every interval is bit-identical to the reference where credence does not
/// deliberately differ. The deliberate differences (a conformance case whose
/// reference value they change is tested under a name ending in
/// `DiffersFromReference`):
///
///  1. Input is validated and bad input is an Error naming the field, never
///     stored: evidence weight NaN or outside [0, 1] (`evidence.weight`),
///     evidence without a direction (`evidence.supports`; the reference
///     counts it as opposing), NaN confidence values (`confidence.point`...),
///     NaN dependency weights (`weight`), unknown ids (`id`, `parent_id`),
///     unknown status names (`status`), an empty claim (`claim`).
///  2. `confirmed` is derived from evidence, as the seed's table says: point
///     >= 0.95 and no opposing evidence item. (The reference only ever sets
///     it through resolve.)
///  3. Resolving to a non-final status (anything but confirmed/refuted) sets
///     the status and adds no evidence. (The reference adds an opposing
///     human-input item, so the belief turns contested on the next update.)
///  4. Only resolve() gives a verdict that outlasts re-derivation, and a
///     verdict is not permanent. It stands while the evidence added since it
///     (its own weight-1 human-input item included) would not make the belief
///     contested: a confirmation is reopened once the opposing share of that
///     evidence reaches `contested_threshold`, a refutation once the
///     supporting share does; the status is then derived from all evidence.
///     Decay erodes a confirmation: it lapses when decay brings the point
///     below the probable cut-off (0.8). A caller-supplied human-input item
///     of weight 1 is ordinary evidence. (The reference keeps confirmed or
///     refuted forever once any human-input weight-1 item exists.)
///  5. Propagation is real. `depends_on(child, parent, w)` records an edge
///     (a repeated call replaces its weight); a belief's interval is its own
///     interval (from assertion, evidence, decay, resolve) bounded by every
///     parent's interval times the edge weight, in edge order, with the
///     reference's per-edge arithmetic. Whenever a belief's interval changes,
///     every belief downstream is recomputed in topological order, so the
///     bound is transitive and survives later recomputation. A belief with an
///     active verdict is exempt from its bounds (a human's direct verdict
///     outranks an inference). (The reference bounds one edge once; a later
///     recompute of the child wipes the bound and nothing re-runs when the
///     parent changes.)
///  6. A dependency that would close a cycle (self-edges included) is refused
///     with Errc::invalid_argument naming `depends_on`; so is an import whose
///     dependencies form a cycle or name a belief that is not imported.
///  7. Export is a deep copy (the reference's is shallow and aliases live
///     beliefs), and it carries the evidence items. Import validates all of
///     it first and changes nothing on error.
///  8. Ids are credence ids (`bel_<ms><counter>`, see common/ids.hpp) unless
///     the caller supplies one, not random UUIDs.
///  9. Operations on an unknown id return Error(not_found, field `id`) where
///     the reference returns `undefined` or [] (confidence_chain). The
///     aggregator keeps the reference semantics (unknown ids are skipped) and
///     is_actionable is false for them.
/// 10. A config override left unset keeps the default (the JS spread quirk
///     of X-S48 cannot happen), and a config is validated.
///
/// Performance: an evidence append is O(1) (running sums and counts, one
/// record appended to a log shared by all beliefs); nothing rescans the
/// evidence list. A belief with 1,000,000 items answers like one with ten.
/// The check_* methods let a command side refuse bad input before it
/// appends an event (engine/ledger_events.hpp).
///
/// Lifecycle: a ledger reads time only from the Clock given at construction
/// (which must outlive it). Threading: not synchronised; one owner at a
/// time (store/state_store guards the ledger inside State).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/time.hpp"

namespace credence {

/// Status of a belief. The names are part of the event log and the API.
enum class BeliefStatus : std::uint8_t {
  unknown,
  uncertain,
  probable,
  confirmed,
  contested,
  refuted,
};

const char* to_string(BeliefStatus s);
std::optional<BeliefStatus> parse_belief_status(std::string_view s);
/// Like parse_belief_status, with an Error naming `field` for unknown names.
Expected<BeliefStatus> belief_status_from(std::string_view s,
                                          std::string_view field = "status");

/// A confidence interval. Ordering is not enforced at assertion (X-S02).
struct ConfidenceInterval {
  double lower = 0;
  double point = 0;
  double upper = 0;
  bool operator==(const ConfidenceInterval&) const = default;
};

/// The ledger's tunables. The probable (0.8) and confirmed (0.95) cut-offs are
/// fixed, as in the seed.
struct LedgerConfig {
  double default_confidence = 0.7;
  double decay_rate_per_hour = 0.01;
  double contested_threshold = 0.3;
  double refuted_threshold = 0.7;
  double min_confidence_for_action = 0.3;
  bool operator==(const LedgerConfig&) const = default;
};

/// A partial config: unset fields keep their defaults.
struct LedgerConfigOverrides {
  std::optional<double> default_confidence;
  std::optional<double> decay_rate_per_hour;
  std::optional<double> contested_threshold;
  std::optional<double> refuted_threshold;
  std::optional<double> min_confidence_for_action;
};

/// Every field finite; confidences and thresholds in [0, 1]; decay rate >= 0;
/// contested_threshold <= refuted_threshold. The Error names the field.
Status validate_ledger_config(const LedgerConfig& c);
/// Defaults overridden field by field, then validated.
Expected<LedgerConfig> make_ledger_config(const LedgerConfigOverrides& o);

inline constexpr double kProbableCutoff = 0.8;
inline constexpr double kConfirmedCutoff = 0.95;
inline constexpr const char* kHumanInput = "human-input";
inline constexpr std::size_t kMaxSourceLength = 4096;

/// One piece of evidence. `timestamp` is kept for the record; the ledger
/// never reads it.
struct Evidence {
  std::string source_id;
  std::string source_type;       ///< e.g. memory-read, tool-output, human-input
  std::optional<bool> supports;  ///< required: true supporting, false opposing
  double weight = 0;             ///< in [0, 1]
  Millis timestamp = 0;
  bool operator==(const Evidence&) const = default;
};

/// Checks one evidence item; the Error names `<field>.weight`,
/// `<field>.supports`, `<field>.source_id` or `<field>.source_type`.
Status validate_evidence(const Evidence& e, std::string_view field = "evidence");

/// Explicit parts of the initial interval. Values are clamped to [0, 1];
/// missing bounds are point -/+ 0.1 of the unclamped point (X-S01).
struct ConfidenceOverride {
  std::optional<double> lower;
  std::optional<double> point;
  std::optional<double> upper;
};

/// Everything assert_belief needs.
struct Assertion {
  std::string id;  ///< empty: the ledger makes one (new_belief_id)
  std::string claim;
  std::string ns;  ///< the namespace
  std::vector<Evidence> evidence;
  ConfidenceOverride confidence;
  std::vector<std::string> tags;
};

/// An edge: this belief is inferred from `parent_id` with `weight` in [0, 1].
struct Dependency {
  std::string parent_id;
  double weight = 1;
  bool operator==(const Dependency&) const = default;
};

/// A snapshot of one belief (a deep copy; evidence items are separate, see
/// UncertaintyLedger::evidence). Also the persisted form (engine/ledger_codec).
struct Belief {
  std::string id;
  std::string claim;
  std::string ns;
  ConfidenceInterval confidence;      ///< effective: own bounded by parents
  ConfidenceInterval own_confidence;  ///< before the dependency bounds
  BeliefStatus status = BeliefStatus::unknown;
  /// A standing resolve() verdict (confirmed or refuted), see difference 4.
  std::optional<BeliefStatus> verdict;
  std::string verdict_reason;
  double verdict_supporting_weight = 0;  ///< evidence since the verdict
  double verdict_opposing_weight = 0;
  std::vector<Dependency> inferred_from;  ///< parents, in edge order
  std::uint64_t supporting_count = 0;
  std::uint64_t opposing_count = 0;
  double supporting_weight = 0;  ///< running sums, in insertion order
  double opposing_weight = 0;
  Millis first_asserted = 0;
  Millis last_updated = 0;
  double decay_rate = 0;  ///< per hour, copied from the config at assertion
  std::vector<std::string> tags;
  std::uint64_t ordinal = 0;  ///< position in insertion order

  std::uint64_t evidence_count() const { return supporting_count + opposing_count; }
  bool operator==(const Belief&) const = default;
};

/// What a mutation returns: the belief's state right after it.
struct BeliefUpdate {
  ConfidenceInterval confidence;
  BeliefStatus status = BeliefStatus::unknown;
  std::uint64_t evidence_count = 0;
  std::size_t downstream_updated = 0;  ///< dependents whose interval changed
};

/// The evidence of one belief, split by direction, each in insertion order.
struct BeliefEvidence {
  std::vector<Evidence> supporting;
  std::vector<Evidence> opposing;
};

/// One node of an inference chain: a belief and the depth at which the
/// depth-first walk first reached it.
struct ChainLink {
  Belief belief;
  int depth = 0;
};

/// Filters of query(); all are ANDed. `tags` keeps beliefs holding every tag.
struct BeliefQuery {
  std::optional<std::string> ns;
  std::optional<BeliefStatus> status;
  std::optional<double> min_confidence;
  std::vector<std::string> tags;
};

/// A deep copy of a whole ledger.
struct ExportedBelief {
  Belief belief;
  std::vector<Evidence> evidence;  ///< both directions, in insertion order
};
struct LedgerExport {
  std::vector<ExportedBelief> beliefs;  ///< insertion order
  std::string created_at;               ///< RFC 3339, from the ledger's clock
  int version = 1;
};
inline constexpr int kLedgerExportVersion = 1;

/// The answer to "may the agent act on this belief?".
struct Actionability {
  bool actionable = false;
  double point = 0;
  double threshold = 0;
  BeliefStatus status = BeliefStatus::unknown;
};

/// Ids of beliefs and evidence items changed by mutations, for persistence
/// (apply() turns them into state-store keys). Filled only when installed.
struct LedgerChanges {
  std::vector<std::string> beliefs;
  std::vector<std::pair<std::string, std::uint64_t>> evidence;  ///< (id, ordinal)
  void clear() {
    beliefs.clear();
    evidence.clear();
  }
};

/// A new belief id ("bel_..."), as assert_belief makes them.
std::string new_belief_id(Millis now);

class UncertaintyLedger {
 public:
  /// `clock` must outlive the ledger. `config` must pass validate_ledger_config.
  explicit UncertaintyLedger(const Clock& clock, LedgerConfig config = {});
  ~UncertaintyLedger();
  UncertaintyLedger(const UncertaintyLedger& o);
  UncertaintyLedger& operator=(const UncertaintyLedger& o);
  UncertaintyLedger(UncertaintyLedger&&) noexcept;
  UncertaintyLedger& operator=(UncertaintyLedger&&) noexcept;

  // ---- mutations ---------------------------------------------------------

  /// Adds a belief; returns its id. The interval is the explicit or default
  /// one (evidence does not recompute it yet); the status is derived.
  Expected<std::string> assert_belief(const Assertion& a);
  /// Appends one evidence item (O(1)), recomputes the interval from the
  /// running sums, re-derives the status and updates every dependent.
  Expected<BeliefUpdate> add_evidence(std::string_view id, const Evidence& e);
  /// Recomputes the interval from the evidence and re-derives the status.
  Expected<ConfidenceInterval> compute_confidence(std::string_view id);
  /// `id` is inferred from `parent_id` with `weight` (clamped to [0, 1]).
  /// Refuses cycles (field `depends_on`). Repeating an edge sets its weight.
  Expected<BeliefUpdate> depends_on(std::string_view id, std::string_view parent_id,
                                    double weight);
  /// Linear decay of every belief up to `t` (default: now), in insertion
  /// order, then dependents re-bounded. Returns the number decayed.
  std::size_t decay_all(std::optional<Millis> t = std::nullopt);
  /// Sets the status by hand. confirmed/refuted move the interval, add a
  /// human-input weight-1 item and give a standing verdict; other statuses
  /// only set the status. `reason` is kept with the verdict.
  Expected<BeliefUpdate> resolve(std::string_view id, BeliefStatus status,
                                 std::string_view reason);
  /// resolve() with a status name (an unknown name is an Error on `status`).
  Expected<BeliefUpdate> resolve(std::string_view id, std::string_view status,
                                 std::string_view reason);
  /// Replaces the tags of a belief.
  Status set_tags(std::string_view id, std::vector<std::string> tags);
  /// Empties the ledger.
  void clear();
  /// Replaces the contents with `data` after validating all of it (nothing
  /// changes on error). Sums and counts are recomputed from the items; each
  /// belief keeps its own decay rate.
  Status import_beliefs(const LedgerExport& data);
  /// The config used by later operations (existing beliefs keep their decay
  /// rate). apply() sets it from each event's payload. Must be valid.
  void set_config(const LedgerConfig& config);
  /// Reads time from another clock from now on (which must outlive the ledger).
  void set_clock(const Clock& clock) { clock_ = &clock; }

  // ---- checks (for the command side, before it appends an event) --------

  /// The Error assert_belief would return for `a`, without asserting.
  Status check_assertion(const Assertion& a) const;
  /// The Error add_evidence would return, without adding.
  Status check_evidence(std::string_view id, const Evidence& e) const;
  /// The Error depends_on would return (unknown ids, NaN weight, a cycle),
  /// without adding the edge.
  Status check_dependency(std::string_view id, std::string_view parent_id,
                          double weight) const;

  // ---- reads -------------------------------------------------------------

  std::optional<Belief> get(std::string_view id) const;
  bool contains(std::string_view id) const;
  /// The status rule applied to the belief as it is now (no change made).
  Expected<BeliefStatus> derive_status(std::string_view id) const;
  /// point >= the threshold (default: config().min_confidence_for_action).
  /// False for unknown ids (as the reference); see also actionability().
  /// The ledger inside State takes its config from events, so a caller with
  /// its own configuration passes its threshold.
  bool is_actionable(std::string_view id,
                     std::optional<double> min_confidence = std::nullopt) const;
  Expected<Actionability> actionability(
      std::string_view id, std::optional<double> min_confidence = std::nullopt) const;
  /// The belief and its ancestors: depth-first pre-order along inferred_from,
  /// each at its first-visit depth, stably sorted by depth.
  Expected<std::vector<ChainLink>> confidence_chain(std::string_view id) const;
  /// Matching beliefs, by last_updated descending (stable: ties keep
  /// insertion order).
  std::vector<Belief> query(const BeliefQuery& q = {}) const;
  std::vector<Belief> contested() const;
  /// Beliefs whose status is uncertain or contested.
  std::vector<Belief> unresolved() const;
  Expected<BeliefEvidence> evidence(std::string_view id) const;
  /// The `ordinal`-th item of a belief (insertion order over both directions).
  std::optional<Evidence> evidence_at(std::string_view id, std::uint64_t ordinal) const;
  /// Visits every belief in insertion order (for persistence and digests).
  void for_each(const std::function<void(const Belief&)>& fn) const;
  /// Visits the evidence of one belief in insertion order (nothing for an
  /// unknown id); cheaper than evidence_at() for every ordinal.
  void for_each_evidence(
      std::string_view id,
      const std::function<void(std::uint64_t ordinal, const Evidence&)>& fn) const;
  LedgerExport export_beliefs() const;
  std::size_t size() const;
  const LedgerConfig& config() const { return config_; }

  // ---- persistence (state store load; not for normal use) ----------------

  /// Re-inserts a persisted belief as is (sums from the record; parents are
  /// linked by finish_restore). Errors on a duplicate id.
  Status restore_belief(const Belief& b);
  /// Re-inserts a persisted evidence item; `ordinal` must be the next one.
  Status restore_evidence(std::string_view id, std::uint64_t ordinal, const Evidence& e);
  /// Restores insertion order and dependency links, checks item counts.
  Status finish_restore();
  /// Installs (or with nullptr removes) a sink that records what changes.
  void record_changes(LedgerChanges* sink) { changes_ = sink; }

 private:
  friend class UncertaintyAggregator;
  struct Impl;
  const Clock* clock_;
  LedgerConfig config_;
  std::unique_ptr<Impl> impl_;
  LedgerChanges* changes_ = nullptr;
};

/// Aggregates over sets of beliefs of one ledger (which must outlive it).
/// Unknown ids are skipped and duplicates count each time, as the reference.
class UncertaintyAggregator {
 public:
  explicit UncertaintyAggregator(const UncertaintyLedger& ledger) : ledger_(ledger) {}
  /// Geometric mean of the points (each floored at 1e-10); 0 when none.
  double aggregate(std::span<const std::string> ids) const;
  /// Minimum / maximum point; 0 when none.
  double worst_case(std::span<const std::string> ids) const;
  double best_case(std::span<const std::string> ids) const;
  bool any_contested(std::span<const std::string> ids) const;
  /// False for an empty set or when any id is unknown or not confirmed.
  bool all_confirmed(std::span<const std::string> ids) const;

 private:
  const UncertaintyLedger& ledger_;
};

}  // namespace credence
