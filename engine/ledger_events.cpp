// Builders of the belief.* events and their fold (see ledger_events.hpp).
// Handlers decode the whole payload first and touch the ledger only when it
// is well formed, so a bad payload leaves the state unchanged. The keys they
// mark as touched are b/<belief id> and e/<belief id>/<10-digit ordinal>
// (layout: store/state_store.cpp).

#include "engine/ledger_events.hpp"

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/ledger_codec.hpp"

namespace credence {

namespace events {

namespace {

Event make(const char* type, const std::string& user, Millis ts, JsonWriter& w) {
  Event e;
  e.type = type;
  e.user = user;
  e.ts = ts;
  e.payload = w.str();
  return e;
}

void config_kv(JsonWriter& w, const LedgerConfig& c) {
  w.key("config");
  write_ledger_config(w, c);
}

}  // namespace

Event belief_asserted(const std::string& user, const Assertion& a,
                      const LedgerConfig& config, Millis ts) {
  JsonWriter w;
  w.begin_object();
  w.key("belief");
  if (a.id.empty()) {
    Assertion with_id = a;
    with_id.id = new_belief_id(ts);
    write_assertion(w, with_id);
  } else {
    write_assertion(w, a);
  }
  config_kv(w, config);
  w.end_object();
  return make(kBeliefAsserted, user, ts, w);
}

Event belief_evidence_added(const std::string& user, const std::string& id,
                            const Evidence& e, const LedgerConfig& config, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id);
  w.key("evidence");
  write_evidence(w, e);
  config_kv(w, config);
  w.end_object();
  return make(kBeliefEvidenceAdded, user, ts, w);
}

Event belief_resolved(const std::string& user, const std::string& id, BeliefStatus status,
                      const std::string& reason, const LedgerConfig& config, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id).kv("status", to_string(status)).kv("reason", reason);
  config_kv(w, config);
  w.end_object();
  return make(kBeliefResolved, user, ts, w);
}

Event belief_depends_on(const std::string& user, const std::string& id,
                        const std::string& parent_id, double weight,
                        const LedgerConfig& config, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id).kv("parent_id", parent_id).kv("weight", weight);
  config_kv(w, config);
  w.end_object();
  return make(kBeliefDependsOn, user, ts, w);
}

Event beliefs_decayed(Millis at, const LedgerConfig& config, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("at", format_rfc3339(at));
  config_kv(w, config);
  w.end_object();
  return make(kBeliefsDecayed, "", ts, w);
}

Event belief_recomputed(const std::string& user, const std::string& id,
                        const LedgerConfig& config, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id);
  config_kv(w, config);
  w.end_object();
  return make(kBeliefRecomputed, user, ts, w);
}

Event belief_tags_set(const std::string& user, const std::string& id,
                      const std::vector<std::string>& tags, Millis ts) {
  JsonWriter w;
  w.begin_object().kv("id", id);
  w.key("tags").begin_array();
  for (const auto& t : tags) w.value(t);
  w.end_array();
  w.end_object();
  return make(kBeliefTagsSet, user, ts, w);
}

}  // namespace events

void apply_belief_event(StateLedger& cell, const Event& e, json::ObjReader& r,
                        Touched* touched) {
  enum class Op { asserted, evidence, resolved, depends_on, decayed, recomputed, tags };
  const std::string_view type = e.type;
  Op op;
  if (type == events::kBeliefAsserted) {
    op = Op::asserted;
  } else if (type == events::kBeliefEvidenceAdded) {
    op = Op::evidence;
  } else if (type == events::kBeliefResolved) {
    op = Op::resolved;
  } else if (type == events::kBeliefDependsOn) {
    op = Op::depends_on;
  } else if (type == events::kBeliefsDecayed) {
    op = Op::decayed;
  } else if (type == events::kBeliefRecomputed) {
    op = Op::recomputed;
  } else {
    op = Op::tags;
  }

  // ---- decode ----
  LedgerConfig config = cell.ledger().config();
  if (op != Op::tags) {
    if (auto c = r.obj("config", true)) config = read_ledger_config(*c);
  }
  Assertion assertion;
  Evidence evidence;
  std::string id, parent_id, reason;
  BeliefStatus status = BeliefStatus::unknown;
  double weight = 0;
  Millis at = 0;
  std::vector<std::string> tags;
  switch (op) {
    case Op::asserted:
      if (auto b = r.obj("belief", true)) {
        assertion = read_assertion(*b);
        if (b->ok() && assertion.id.empty()) b->fail("id", "field `belief.id` is required");
      }
      break;
    case Op::evidence:
      id = r.str("id");
      if (auto ev = r.obj("evidence", true)) evidence = read_evidence(*ev);
      break;
    case Op::resolved: {
      id = r.str("id");
      const std::string name = r.str("status");
      reason = r.opt_str("reason").value_or("");
      auto s = parse_belief_status(name);
      if (!s && r.ok()) r.fail("status", "field `status`: unknown status \"" + name + "\"");
      status = s.value_or(BeliefStatus::unknown);
      break;
    }
    case Op::depends_on:
      id = r.str("id");
      parent_id = r.str("parent_id");
      weight = r.num("weight");
      break;
    case Op::decayed: {
      const std::string s = r.str("at");
      if (r.ok()) {
        auto t = parse_rfc3339(s);
        if (!t) r.fail("at", "field `at`: not an RFC 3339 time");
        at = t.value_or(0);
      }
      break;
    }
    case Op::recomputed:
      id = r.str("id");
      break;
    case Op::tags:
      id = r.str("id");
      tags = r.opt_str_array("tags").value_or(std::vector<std::string>{});
      break;
  }
  if (!r.ok()) return;

  // ---- fold (a refused operation is a no-op) ----
  UncertaintyLedger& ledger = cell.at(e.ts);
  ledger.set_config(config);
  LedgerChanges changes;
  ledger.record_changes(&changes);
  switch (op) {
    case Op::asserted: (void)ledger.assert_belief(assertion); break;
    case Op::evidence: (void)ledger.add_evidence(id, evidence); break;
    case Op::resolved: (void)ledger.resolve(id, status, reason); break;
    case Op::depends_on: (void)ledger.depends_on(id, parent_id, weight); break;
    case Op::decayed: (void)ledger.decay_all(at); break;
    case Op::recomputed: (void)ledger.compute_confidence(id); break;
    case Op::tags: (void)ledger.set_tags(id, std::move(tags)); break;
  }
  ledger.record_changes(nullptr);
  if (!touched) return;
  for (const auto& b : changes.beliefs) touched->add(state_key_belief(b));
  for (const auto& [b, ordinal] : changes.evidence)
    touched->add(state_key_evidence(b, ordinal));
}

}  // namespace credence
