#pragma once
/// \file ledger_events.hpp
/// The uncertainty ledger's event types, their builders, and their fold into
/// the ledger held by State.
///
/// Each event carries every input of the operation: ids (a new belief's id is
/// chosen by the command side, see new_belief_id), weights, statuses, and the
/// ledger config values in force (`config`), so apply() reads no clock and no
/// config: the event timestamp is the ledger's clock during the fold. An
/// operation the ledger refuses while folding (an unknown id, a dependency
/// that would close a cycle because two writers raced) is a no-op, the same
/// on every replay; a payload that cannot be decoded is an apply() error.
///
/// Payloads (JSON objects; the names are part of the on-disk format):
///   belief.asserted       {"belief": <assertion>, "config": <config>}
///   belief.evidence_added {"id", "evidence": <evidence>, "config"}
///   belief.resolved       {"id", "status", "reason", "config"}
///   belief.depends_on     {"id", "parent_id", "weight", "config"}
///   belief.decayed        {"at": RFC 3339, "config"}
///   belief.recomputed     {"id", "config"}
///   belief.tags_set       {"id", "tags": [...]}
/// (<assertion>, <evidence>, <config>: engine/ledger_codec.hpp.)

#include <string>
#include <string_view>
#include <vector>

#include "common/event.hpp"
#include "engine/ledger.hpp"
#include "engine/state.hpp"

namespace credence {

namespace json {
class ObjReader;
}

namespace events {

inline constexpr const char* kBeliefAsserted = "belief.asserted";
inline constexpr const char* kBeliefEvidenceAdded = "belief.evidence_added";
inline constexpr const char* kBeliefResolved = "belief.resolved";
inline constexpr const char* kBeliefDependsOn = "belief.depends_on";
inline constexpr const char* kBeliefsDecayed = "belief.decayed";
inline constexpr const char* kBeliefRecomputed = "belief.recomputed";
inline constexpr const char* kBeliefTagsSet = "belief.tags_set";

/// A new belief. `a.id` should be set (new_belief_id); when empty, the
/// builder chooses one, readable back from the payload.
Event belief_asserted(const std::string& user, const Assertion& a,
                      const LedgerConfig& config, Millis ts);
Event belief_evidence_added(const std::string& user, const std::string& id,
                            const Evidence& e, const LedgerConfig& config, Millis ts);
Event belief_resolved(const std::string& user, const std::string& id, BeliefStatus status,
                      const std::string& reason, const LedgerConfig& config, Millis ts);
/// `id` is inferred from `parent_id` with `weight`.
Event belief_depends_on(const std::string& user, const std::string& id,
                        const std::string& parent_id, double weight,
                        const LedgerConfig& config, Millis ts);
/// decay_all(at) over every belief.
Event beliefs_decayed(Millis at, const LedgerConfig& config, Millis ts);
Event belief_recomputed(const std::string& user, const std::string& id,
                        const LedgerConfig& config, Millis ts);
Event belief_tags_set(const std::string& user, const std::string& id,
                      const std::vector<std::string>& tags, Millis ts);

}  // namespace events

/// Folds one belief.* event (already parsed into `r`) into the ledger of
/// State, recording the state-store keys it changed in `touched`. Decode
/// problems are recorded in `r`; nothing changes then.
void apply_belief_event(StateLedger& ledger, const Event& e, json::ObjReader& r,
                        Touched* touched);

}  // namespace credence
