#pragma once
/// \file policy.hpp
/// Every threshold of the uncertainty model, with the seeds' values as
/// defaults. Filled from config/credence.toml ([reliability], [decay],
/// [resolution], [surfacing], [tolerance], [gate]); engine functions take the
/// Policy by const reference and never hard-code these numbers.

#include <cstdint>

#include "engine/model.hpp"

namespace credence {

struct ReliabilityPolicy {
  /// Seed 000: assembly_weight = base_type_weight * importance *
  /// max(floor, reliability_factor).
  double factor_reliable = 1.0;
  double factor_uncertain = 0.6;
  double factor_contradicted = 0.4;
  double factor_superseded = 0.2;
  double floor = 0.3;
  double weight_trait = 1.0;
  double weight_concept = 0.9;
  double weight_episode = 0.6;
  double weight_relationship = 0.8;

  double factor(Reliability r) const;
  double base_weight(MemoryKind k) const;
};

struct DecayPolicy {
  /// Base decay rate per day, by kind: strength = confidence *
  /// exp(-rate * sum(multiplier(state) * days in state)).
  double rate_trait = 0.01;
  double rate_concept = 0.01;
  double rate_episode = 0.05;
  double rate_relationship = 0.01;
  /// Seed 000's reliability multipliers.
  double mult_reliable = 1.0;
  double mult_uncertain = 1.5;
  double mult_contradicted = 2.0;
  double mult_superseded = 3.0;
  /// Below this strength a deletable memory is deleted by decay.
  double floor = 0.1;
  /// Episodes are observations and fade; reliable traits and concepts are
  /// never deleted by decay (they become `stale` records instead), and
  /// superseded memories are kept as history.
  bool delete_reliable_episodes = true;
  /// Age without reinforcement after which a memory is `stale` (days, 0 = never).
  double stale_days_trait = 365;
  double stale_days_concept = 365;
  double stale_days_episode = 0;
  double stale_days_relationship = 365;

  double rate(MemoryKind k) const;
  double multiplier(Reliability r) const;
  double stale_days(MemoryKind k) const;
};

struct ResolutionPolicy {
  /// Confidence dominance: the stronger memory's confidence must exceed this
  /// multiple of the weaker's, with a clear source hierarchy.
  double dominance_ratio = 2.0;
  /// Evidence resolution: reinforcing one side until its support exceeds
  /// this multiple of the other's resolves the record.
  double evidence_ratio = 2.0;
  /// Reinforcement: confidence += gain * (1 - confidence).
  double reinforce_gain = 0.2;
  /// How strongly uncertainty tolerance scales the two ratios above:
  /// ratio * (1 + k * (baseline - tolerance)).
  double tolerance_scaling = 1.0;
  /// Open an `ambiguous` record for context-dependent and figurative pairs.
  bool record_ambiguous = true;
  /// Confidence a clarified winner ends with.
  double clarified_confidence = 1.0;
  /// Write dedupe by vector: a live memory of the same kind at least this
  /// similar to the incoming one (pre-screen cosine), which the judge did not
  /// find opposed to it, is a duplicate (the write reinforces it).
  double near_duplicate_similarity = 0.97;
};

struct SurfacingPolicy {
  /// Anti-nag: surfacings without engagement before the severity is lowered.
  std::int64_t max_unengaged = 3;
  /// Most hints returned by one context assembly.
  std::int64_t max_hints = 2;
  /// A record surfaces when its severity weight >= the user's tolerance. At
  /// the baseline (0.5) every severity surfaces when relevant (seed 000: even
  /// solo unverified knowledge "should be surfaced when relevant"), with a
  /// margin so that a few reinforcements (+0.01 each) do not hide them; a
  /// more tolerant user is bothered with fewer (0.8: critical only).
  double weight_low = 0.55;
  double weight_medium = 0.65;
  double weight_high = 0.75;
  double weight_critical = 1.0;
  /// The same record is not surfaced again within this many seconds.
  std::int64_t cooldown_s = 300;
  /// A record the anti-nag rule left to decay, untouched this many days since
  /// it was last surfaced (or opened), is closed as decayed by the decay
  /// cycle, even when its memories cannot decay (reliable traits of an
  /// ambiguous pair, a stale memory).
  std::int64_t expire_after_days = 30;
  /// Least share of the topic's words a record's words must cover to match
  /// it, for a user at the baseline tolerance. It scales with the user's
  /// tolerance (min_topic_match * tolerance / baseline): a user who corrects
  /// often is asked at a looser match (earlier), a tolerant one only when the
  /// conversation is squarely on the record's topic.
  double min_topic_match = 0.2;

  double weight(Severity s) const;
};

struct TolerancePolicy {
  double baseline = 0.5;
  double min = 0.2;
  double max = 0.8;
  double correction = -0.03;
  double reinforcement = 0.01;
  double dismissal = 0.02;
  /// Dismissals in a row (any records, since the user last clarified or
  /// corrected) from which each dismissal raises tolerance.
  std::int64_t dismissals_before_nudge = 2;
  /// Drift budget (memories per cycle) moves from budget_max at min tolerance
  /// to budget_min at max tolerance.
  std::int64_t budget_min = 10;
  std::int64_t budget_max = 20;
};

struct GatePolicy {
  /// Confidence is lowered by this fraction when clarifying (seed: 40%).
  double confidence_penalty = 0.4;
  /// Treat an outdated (superseded) memory as doubtful too.
  bool clarify_superseded = true;
};

struct Policy {
  ReliabilityPolicy reliability;
  DecayPolicy decay;
  ResolutionPolicy resolution;
  SurfacingPolicy surfacing;
  TolerancePolicy tolerance;
  GatePolicy gate;
};

}  // namespace credence
