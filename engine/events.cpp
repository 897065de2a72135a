#include "engine/events.hpp"

#include "common/json_writer.hpp"
#include "engine/codec.hpp"

namespace credence::events {

namespace {

Event make(const char* type, const std::string& user, Millis ts, JsonWriter& w) {
  Event e;
  e.type = type;
  e.user = user;
  e.ts = ts;
  e.payload = w.str();
  return e;
}

void list(JsonWriter& w, const char* key, const std::vector<std::string>& v) {
  w.key(key).begin_array();
  for (const auto& s : v) w.value(s);
  w.end_array();
}

}  // namespace

Event memory_added(const Memory& m, Millis ts) {
  JsonWriter w;
  w.begin_object();
  w.key("memory");
  write_memory(w, m);
  w.end_object();
  return make(kMemoryAdded, m.user, ts, w);
}

Event memory_reinforced(const std::string& user, const std::string& id,
                        double confidence_after, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id).kv("confidence", confidence_after).end_object();
  return make(kMemoryReinforced, user, ts, w);
}

Event memory_accessed(const std::string& user, const std::vector<std::string>& ids,
                      Millis ts) {
  JsonWriter w;
  w.begin_object();
  list(w, "ids", ids);
  w.end_object();
  return make(kMemoryAccessed, user, ts, w);
}

Event memory_deleted(const std::string& user, const std::string& id,
                     DeleteReason reason, const std::string& detail, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("id", id)
      .kv("reason", to_string(reason))
      .kv("detail", detail)
      .end_object();
  return make(kMemoryDeleted, user, ts, w);
}

Event memory_superseded(const std::string& user, const std::string& old_id,
                        const std::string& new_id, Millis valid_until,
                        const std::string& relationship_id, Millis ts,
                        Resolution resolution) {
  JsonWriter w;
  w.begin_object()
      .kv("old", old_id)
      .kv("new", new_id)
      .kv("valid_until", format_rfc3339(valid_until))
      .kv("relationship_id", relationship_id)
      .kv("resolution", to_string(resolution))
      .end_object();
  return make(kMemorySuperseded, user, ts, w);
}

Event reliability_changed(const std::string& user, const std::string& id,
                          Reliability to, const std::string& reason, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("id", id)
      .kv("to", to_string(to))
      .kv("reason", reason)
      .end_object();
  return make(kReliabilityChanged, user, ts, w);
}

Event uncertainty_opened(const Uncertainty& u,
                         const std::vector<std::pair<std::string, Reliability>>& marks,
                         Millis ts) {
  JsonWriter w;
  w.begin_object();
  w.key("record");
  write_uncertainty(w, u);
  w.key("marks").begin_array();
  for (const auto& [id, r] : marks)
    w.begin_object().kv("id", id).kv("reliability", to_string(r)).end_object();
  w.end_array();
  w.end_object();
  return make(kUncertaintyOpened, u.user, ts, w);
}

Event uncertainty_surfaced(const std::string& user, const std::string& id, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id).end_object();
  return make(kUncertaintySurfaced, user, ts, w);
}

Event uncertainty_dismissed(const std::string& user, const std::string& id, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id).end_object();
  return make(kUncertaintyDismissed, user, ts, w);
}

Event severity_lowered(const std::string& user, const std::string& id, Severity to,
                       const std::string& reason, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("id", id)
      .kv("to", to_string(to))
      .kv("reason", reason)
      .end_object();
  return make(kSeverityLowered, user, ts, w);
}

Event temporal_supersede(const std::string& user, const TemporalSupersede& x, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("record_id", x.record_id)
      .kv("old", x.old_id)
      .kv("new", x.new_id)
      .kv("valid_until", format_rfc3339(x.valid_until))
      .kv("relationship_id", x.relationship_id)
      .kv("detail", x.detail)
      .end_object();
  return make(kTemporalSupersede, user, ts, w);
}

Event evidence_resolved(const std::string& user, const EvidenceResolution& x, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("record_id", x.record_id)
      .kv("winner", x.winner)
      .kv("loser", x.loser)
      .kv("loser_to", to_string(x.loser_to))
      .kv("relationship_id", x.relationship_id)
      .kv("detail", x.detail)
      .end_object();
  return make(kEvidenceResolved, user, ts, w);
}

Event confidence_dominance(const std::string& user, const ConfidenceDominance& x,
                           Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("record_id", x.record_id)
      .kv("winner", x.winner)
      .kv("loser", x.loser)
      .kv("detail", x.detail)
      .end_object();
  return make(kConfidenceDominance, user, ts, w);
}

Event user_clarified(const std::string& user, const UserClarification& x, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("record_id", x.record_id)
      .kv("winner", x.winner)
      .kv("loser", x.loser)
      .kv("loser_action", x.loser_deleted ? "delete" : "supersede")
      .kv("winner_confidence", x.winner_confidence)
      .kv("reinforce_winner", x.reinforce_winner)
      .kv("relationship_id", x.relationship_id)
      .kv("detail", x.detail);
  if (x.episode) {
    w.key("episode");
    write_memory(w, *x.episode);
  }
  w.end_object();
  return make(kUserClarified, user, ts, w);
}

Event decay_applied(const std::vector<std::string>& deleted, Millis ts,
                    const std::vector<std::string>& expired) {
  JsonWriter w;
  w.begin_object();
  list(w, "deleted", deleted);
  if (!expired.empty()) list(w, "expired", expired);
  w.end_object();
  return make(kDecayApplied, "", ts, w);
}

Event tolerance_set(const std::string& user, double value, const std::string& reason,
                    Millis ts) {
  JsonWriter w;
  w.begin_object().kv("value", value).kv("reason", reason).end_object();
  return make(kToleranceSet, user, ts, w);
}

Event action_checked(const std::string& user, const ActionCheck& x, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("action", x.action);
  list(w, "memory_ids", x.memory_ids);
  list(w, "doubtful", x.doubtful);
  w.kv("confidence_in", x.confidence_in)
      .kv("confidence_out", x.confidence_out)
      .kv("decision", x.clarify ? "clarify" : "proceed")
      .end_object();
  return make(kActionChecked, user, ts, w);
}

Event classification_deferred(const PendingClassification& p, Millis ts) {
  JsonWriter w;
  w.begin_object();
  w.key("pending");
  write_pending(w, p);
  w.end_object();
  return make(kClassificationDeferred, p.user, ts, w);
}

Event classification_completed(const std::string& user, const std::string& pending_id,
                               const std::string& outcome, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", pending_id).kv("outcome", outcome).end_object();
  return make(kClassificationCompleted, user, ts, w);
}

Event concept_extracted(const Memory& extracted, const std::vector<std::string>& episodes,
                        Millis ts) {
  JsonWriter w;
  w.begin_object();
  w.key("concept");
  write_memory(w, extracted);
  list(w, "episodes", episodes);
  w.end_object();
  return make(kConceptExtracted, extracted.user, ts, w);
}

Event drift_cycle(std::uint32_t next_domain_index, std::uint32_t sampled,
                  std::uint32_t pairs, Millis ts) {
  JsonWriter w;
  w.begin_object()
      .kv("next_domain_index", next_domain_index)
      .kv("sampled", sampled)
      .kv("pairs", pairs)
      .end_object();
  return make(kDriftCycle, "", ts, w);
}

}  // namespace credence::events
