// apply(): the fold of the event log into State. See state.hpp for the rules
// (pure, config-free, replay-safe). Each handler reads its payload, checks
// the ids it refers to (an event about an unknown or deleted memory is a
// no-op, never an error: late or replayed events must not corrupt state) and
// records the keys it touched.

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "common/json_reader.hpp"
#include "engine/codec.hpp"
#include "engine/events.hpp"
#include "engine/ledger_events.hpp"
#include "engine/state.hpp"

namespace credence {

/// `m` in a node of State's memory map, allocated by this thread.
static MemoryNode memory_node(Memory m) {
  thread_local StringMap<Memory> scratch;
  std::string id = m.id;
  auto it = scratch.emplace(std::move(id), std::move(m)).first;
  return scratch.extract(it);
}

class Applier {
 public:
  Applier(State& s, const Event& e, Touched* t) : s_(s), e_(e), t_(t) {}

  Status run() {
    using Handler = void (Applier::*)(json::ObjReader&);
    static const std::unordered_map<std::string, Handler> handlers = {
        {events::kMemoryAdded, &Applier::memory_added},
        {events::kMemoryReinforced, &Applier::memory_reinforced},
        {events::kMemoryAccessed, &Applier::memory_accessed},
        {events::kMemoryDeleted, &Applier::memory_deleted},
        {events::kMemorySuperseded, &Applier::memory_superseded},
        {events::kReliabilityChanged, &Applier::reliability_changed},
        {events::kUncertaintyOpened, &Applier::uncertainty_opened},
        {events::kUncertaintySurfaced, &Applier::uncertainty_surfaced},
        {events::kUncertaintyDismissed, &Applier::uncertainty_dismissed},
        {events::kSeverityLowered, &Applier::severity_lowered},
        {events::kTemporalSupersede, &Applier::temporal_supersede},
        {events::kEvidenceResolved, &Applier::evidence_resolved},
        {events::kConfidenceDominance, &Applier::confidence_dominance},
        {events::kUserClarified, &Applier::user_clarified},
        {events::kDecayApplied, &Applier::decay_applied},
        {events::kToleranceSet, &Applier::tolerance_set},
        {events::kActionChecked, &Applier::action_checked},
        {events::kClassificationDeferred, &Applier::classification_deferred},
        {events::kClassificationCompleted, &Applier::classification_completed},
        {events::kDriftCycle, &Applier::drift_cycle},
        {events::kConceptExtracted, &Applier::concept_extracted},
        {events::kBeliefAsserted, &Applier::belief_event},
        {events::kBeliefEvidenceAdded, &Applier::belief_event},
        {events::kBeliefResolved, &Applier::belief_event},
        {events::kBeliefDependsOn, &Applier::belief_event},
        {events::kBeliefsDecayed, &Applier::belief_event},
        {events::kBeliefRecomputed, &Applier::belief_event},
        {events::kBeliefTagsSet, &Applier::belief_event},
    };
    auto it = handlers.find(e_.type);
    if (it == handlers.end())
      return make_error(Errc::unsupported,
                        "event " + std::to_string(e_.seq) + ": unknown type `" +
                            e_.type + "`");
    thread_local simdjson::dom::parser parser;
    auto obj = json::parse_object(parser, e_.payload);
    if (!obj)
      return make_error(Errc::corruption, "event " + std::to_string(e_.seq) +
                                              " (" + e_.type + "): " +
                                              obj.error().message);
    json::ObjReader r(*obj);
    // Decode first, mutate second: handlers read everything they need before
    // touching state, so a bad payload leaves the state unchanged.
    (this->*(it->second))(r);
    if (!r.ok())
      return make_error(Errc::corruption, "event " + std::to_string(e_.seq) +
                                              " (" + e_.type + "): " +
                                              r.error().message);
    return {};
  }

 private:
  // ---- helpers -----------------------------------------------------------
  void touch_mem(const std::string& id) { if (t_) t_->add(state_key_memory(id)); }
  void touch_unc(const std::string& id) { if (t_) t_->add(state_key_uncertainty(id)); }
  void touch_user(const std::string& u) { if (t_) t_->add(state_key_user(u)); }

  Memory* live(const std::string& id) {
    Memory* m = s_.memory_mut(id);
    return m && !m->deleted() ? m : nullptr;
  }

  /// Moves the dwell clock to now and switches the reliability.
  void switch_reliability(Memory& m, Reliability to) {
    if (m.reliability == to) return;
    const Millis now = e_.ts;
    if (now > m.decay_mark) {
      m.dwell[static_cast<std::size_t>(m.reliability)] += now - m.decay_mark;
      m.decay_mark = now;
    }
    m.reliability = to;
    touch_mem(m.id);
  }

  /// The rank guard: outside a resolution, reliability only moves up in rank
  /// (reliable < uncertain < contradicted < superseded); a move that would
  /// lose information is refused.
  void set_guarded(Memory& m, Reliability to) {
    if (reliability_rank(to) > reliability_rank(m.reliability))
      switch_reliability(m, to);
  }

  /// Resolutions may rehabilitate (e.g. contradicted -> reliable), but a
  /// superseded memory stays superseded: it is history.
  void set_resolved(Memory& m, Reliability to) {
    if (m.reliability == Reliability::superseded) return;
    switch_reliability(m, to);
  }

  void add_relationship(const std::string& id, const std::string& user,
                        const std::string& from, const std::string& to,
                        const std::string& type, const std::string& detail) {
    if (id.empty() || s_.relationship(id)) return;
    Relationship r{id, user, from, to, type, detail, e_.ts};
    auto [it, ok] = s_.relationships_.emplace(id, std::move(r));
    if (!ok) return;
    s_.index_relationship(it->second);
    if (t_) t_->add(state_key_relationship(id));
  }

  void close_record(Uncertainty& u, RecordState state, Resolution how,
                    const std::string& detail, const std::string& winner = "") {
    if (!u.active()) return;
    u.state = state;
    u.resolution = how;
    u.resolution_detail = detail;
    u.winner = winner;
    u.resolved_at = e_.ts;
    touch_unc(u.id);
  }

  bool has_other_active_conflict(const std::string& memory_id,
                                 const std::string& except) const {
    for (const auto& rid : s_.memory_uncertainties(memory_id)) {
      if (rid == except) continue;
      const Uncertainty* u = s_.uncertainty(rid);
      if (u && u->active() && u->type == UncertaintyType::contradiction) return true;
    }
    return false;
  }

  /// Closes every active record involving a memory that left the picture
  /// (superseded, deleted, decayed). The other memory of such a record was
  /// contradicted only because of it, so it returns to reliable unless
  /// another active contradiction still holds it.
  void retire_records(const std::string& memory_id, RecordState state,
                      Resolution how, const std::string& detail) {
    for (const auto& rid : s_.memory_uncertainties(memory_id)) {
      Uncertainty* u = s_.uncertainty_mut(rid);
      if (!u || !u->active()) continue;
      close_record(*u, state, how, detail);
      const std::string& other = u->memory_a == memory_id ? u->memory_b : u->memory_a;
      if (other.empty() || other == memory_id) continue;
      Memory* o = live(other);
      if (o && o->reliability == Reliability::contradicted &&
          !has_other_active_conflict(other, rid))
        set_resolved(*o, Reliability::reliable);
    }
  }

  void supersede(Memory& old, const std::string& by, Millis valid_until) {
    if (old.superseded()) return;
    switch_reliability(old, Reliability::superseded);
    old.superseded_at = e_.ts;
    old.superseded_by = by;
    if (!old.valid_until || *old.valid_until > valid_until) old.valid_until = valid_until;
    touch_mem(old.id);
  }

  void tombstone(Memory& m, DeleteReason reason) {
    if (m.deleted()) return;
    m.deleted_at = e_.ts;
    m.delete_reason = reason;
    --s_.live_memories_;
    touch_mem(m.id);
  }

  void reinforce(Memory& m, double confidence) {
    m.reinforcement_count += 1;
    m.last_reinforced_at = e_.ts;
    m.confidence = std::clamp(confidence, 0.0, 1.0);
    m.dwell = {};
    m.decay_mark = e_.ts;
    touch_mem(m.id);
  }

  Millis time_field(json::ObjReader& r, const char* key) {
    auto s = r.opt_str(key);
    if (!s) return e_.ts;
    auto t = parse_rfc3339(*s);
    if (!t) {
      r.fail(key, "not an RFC 3339 time");
      return e_.ts;
    }
    return *t;
  }

  /// Links a memory's node into the state; false when the id is taken
  /// (replay-safe: the first memory.added of an id wins).
  bool insert_memory(MemoryNode node) {
    Memory& m = node.mapped();
    m.user = m.user.empty() ? e_.user : m.user;
    m.recorded_at = e_.ts;
    m.decay_mark = e_.ts;
    m.dwell = {};
    m.seq = e_.seq;
    if (m.created_at == 0) m.created_at = e_.ts;
    if (m.last_reinforced_at == 0) m.last_reinforced_at = m.created_at;
    auto res = s_.memories_.insert(std::move(node));
    if (!res.inserted) return false;
    s_.index_memory(res.position->second);
    touch_mem(res.position->first);
    return true;
  }

  // ---- handlers ----------------------------------------------------------
  void memory_added(json::ObjReader& r) {
    auto mr = r.obj("memory", true);
    if (!mr) return;
    Memory m = read_memory(*mr);
    if (!r.ok()) return;
    add_memory(memory_node(std::move(m)));
  }

 public:
  /// The state change of memory.added, given its decoded memory.
  void add_memory(MemoryNode node) {
    const Memory& m = node.mapped();
    std::string old_id = m.supersedes;
    const std::string new_id = node.key();
    const Millis until = m.valid_from.value_or(e_.ts);
    if (!insert_memory(std::move(node))) return;
    if (old_id.empty()) return;
    Memory* old = live(old_id);
    if (!old || old->superseded()) return;
    supersede(*old, new_id, until);
    add_relationship("rel_" + new_id, e_.user, old_id, new_id, "supersedes",
                     "explicit supersession");
    retire_records(old_id, RecordState::resolved, Resolution::temporal_supersede,
                   "superseded by " + new_id);
  }

 private:
  void memory_reinforced(json::ObjReader& r) {
    const std::string id = r.str("id");
    const double conf = r.num("confidence");
    if (!r.ok()) return;
    if (Memory* m = live(id)) reinforce(*m, conf);
  }

  void memory_accessed(json::ObjReader& r) {
    auto ids = r.opt_str_array("ids").value_or(std::vector<std::string>{});
    if (!r.ok()) return;
    for (const auto& id : ids) {
      if (Memory* m = live(id)) {
        m->access_count += 1;
        m->last_accessed_at = e_.ts;
        touch_mem(id);
      }
    }
  }

  void memory_deleted(json::ObjReader& r) {
    const std::string id = r.str("id");
    const auto reason = parse_delete_reason(r.str("reason"));
    const std::string detail = r.opt_str("detail").value_or("");
    if (!reason) r.fail("reason", "unknown delete reason");
    if (!r.ok()) return;
    Memory* m = live(id);
    if (!m) return;
    tombstone(*m, *reason);
    if (*reason == DeleteReason::decay) {
      retire_records(id, RecordState::decayed, Resolution::decayed,
                     detail.empty() ? "memory decayed below the floor" : detail);
    } else {
      retire_records(id, RecordState::resolved, Resolution::user_clarified,
                     detail.empty() ? "memory deleted by the user" : detail);
    }
  }

  void memory_superseded(json::ObjReader& r) {
    const std::string old_id = r.str("old");
    const std::string new_id = r.opt_str("new").value_or("");
    const Millis until = time_field(r, "valid_until");
    const std::string rel = r.opt_str("relationship_id").value_or("");
    const auto how = parse_resolution(r.opt_str("resolution").value_or("temporal_supersede"));
    if (!how || *how == Resolution::none) r.fail("resolution", "unknown resolution");
    if (!r.ok()) return;
    Memory* old = live(old_id);
    if (!old || old_id == new_id || old->superseded()) return;
    if (new_id.empty()) {
      // A retraction: the old fact stops being true and nothing replaces it.
      supersede(*old, "", until);
      retire_records(old_id, RecordState::resolved, *how, "retracted");
      return;
    }
    Memory* nw = live(new_id);
    if (!nw) return;
    supersede(*old, new_id, until);
    if (nw->supersedes.empty()) {
      nw->supersedes = old_id;
      touch_mem(new_id);
    }
    add_relationship(rel, e_.user, old_id, new_id, "supersedes", "explicit supersession");
    retire_records(old_id, RecordState::resolved, *how, "superseded by " + new_id);
  }

  void reliability_changed(json::ObjReader& r) {
    const std::string id = r.str("id");
    const auto to = parse_reliability(r.str("to"));
    if (!to) r.fail("to", "unknown reliability");
    if (!r.ok()) return;
    if (Memory* m = live(id)) set_guarded(*m, *to);
  }

  void uncertainty_opened(json::ObjReader& r) {
    auto rr = r.obj("record", true);
    if (!rr) return;
    Uncertainty u = read_uncertainty(*rr);
    std::vector<std::pair<std::string, Reliability>> marks;
    if (auto arr = r.opt_array("marks")) {
      for (auto el : *arr) {
        simdjson::dom::object o;
        if (el.get_object().get(o)) {
          r.fail("marks", "expected objects");
          return;
        }
        json::ObjReader mr(o, "marks");
        const std::string id = mr.str("id");
        auto rel = parse_reliability(mr.str("reliability"));
        if (!mr.ok() || !rel) {
          r.fail("marks", "malformed mark");
          return;
        }
        marks.emplace_back(id, *rel);
      }
    }
    if (!r.ok() || s_.uncertainty(u.id)) return;
    // A record about a memory that has left the picture (deleted or
    // superseded) would never close; late or racing events must not open one.
    for (const std::string* mid : {&u.memory_a, &u.memory_b}) {
      if (mid->empty()) continue;
      const Memory* m = s_.memory(*mid);
      if (!m || m->deleted() || m->superseded()) return;
    }
    u.user = u.user.empty() ? e_.user : u.user;
    u.created_at = e_.ts;
    u.state = RecordState::open;
    u.resolution = Resolution::none;
    u.resolved_at.reset();
    u.surfaced_count = 0;
    u.dismissed_count = 0;
    u.last_surfaced_at.reset();
    const std::string id = u.id;
    auto [it, ok] = s_.uncertainties_.emplace(id, std::move(u));
    if (!ok) return;
    s_.index_uncertainty(it->second);
    touch_unc(id);
    for (const auto& [mid, rel] : marks)
      if (Memory* m = live(mid)) set_guarded(*m, rel);
  }

  void uncertainty_surfaced(json::ObjReader& r) {
    const std::string id = r.str("id");
    if (!r.ok()) return;
    Uncertainty* u = s_.uncertainty_mut(id);
    if (!u || !u->active()) return;
    u->surfaced_count += 1;
    u->last_surfaced_at = e_.ts;
    u->state = RecordState::surfaced;
    touch_unc(id);
  }

  void uncertainty_dismissed(json::ObjReader& r) {
    const std::string id = r.str("id");
    if (!r.ok()) return;
    Uncertainty* u = s_.uncertainty_mut(id);
    if (!u || !u->active()) return;
    u->dismissed_count += 1;
    touch_unc(id);
    UserSettings& us = s_.user_mut(u->user);
    us.dismissals += 1;
    us.dismissal_streak += 1;
    touch_user(u->user);
  }

  void severity_lowered(json::ObjReader& r) {
    const std::string id = r.str("id");
    auto to = parse_severity(r.str("to"));
    if (!to) r.fail("to", "unknown severity");
    if (!r.ok()) return;
    Uncertainty* u = s_.uncertainty_mut(id);
    if (!u || static_cast<int>(*to) >= static_cast<int>(u->severity)) return;
    u->severity = *to;
    touch_unc(id);
  }

  Uncertainty* record(const std::string& id) {
    if (id.empty()) return nullptr;
    Uncertainty* u = s_.uncertainty_mut(id);
    return u && u->active() ? u : nullptr;
  }

  void temporal_supersede(json::ObjReader& r) {
    const std::string rid = r.opt_str("record_id").value_or("");
    const std::string old_id = r.str("old");
    const std::string new_id = r.str("new");
    const Millis until = time_field(r, "valid_until");
    const std::string rel = r.opt_str("relationship_id").value_or("");
    const std::string detail = r.opt_str("detail").value_or("");
    if (!r.ok()) return;
    Memory* old = live(old_id);
    Memory* nw = live(new_id);
    if (!old || !nw || old_id == new_id) return;
    supersede(*old, new_id, until);
    set_resolved(*nw, Reliability::reliable);
    if (nw->supersedes.empty()) nw->supersedes = old_id;
    if (!nw->valid_from) nw->valid_from = until;
    touch_mem(new_id);
    add_relationship(rel, e_.user, old_id, new_id, "temporal_evolution", detail);
    if (Uncertainty* u = record(rid))
      close_record(*u, RecordState::resolved, Resolution::temporal_supersede, detail, new_id);
    retire_records(old_id, RecordState::resolved, Resolution::temporal_supersede,
                   "superseded by " + new_id);
  }

  void evidence_resolved(json::ObjReader& r) {
    const std::string rid = r.str("record_id");
    const std::string winner = r.str("winner");
    const std::string loser = r.str("loser");
    auto loser_to = parse_reliability(r.str("loser_to"));
    const std::string rel = r.opt_str("relationship_id").value_or("");
    const std::string detail = r.opt_str("detail").value_or("");
    if (!loser_to) r.fail("loser_to", "unknown reliability");
    if (!r.ok()) return;
    Memory* w = live(winner);
    Memory* l = live(loser);
    if (!w || !l) return;
    set_resolved(*w, Reliability::reliable);
    if (*loser_to == Reliability::superseded) {
      supersede(*l, winner, e_.ts);
    } else {
      set_resolved(*l, *loser_to);
    }
    add_relationship(rel, e_.user, loser, winner, "evidence_resolved", detail);
    if (Uncertainty* u = record(rid))
      close_record(*u, RecordState::resolved, Resolution::evidence_resolved, detail, winner);
    if (*loser_to == Reliability::superseded)
      retire_records(loser, RecordState::resolved, Resolution::evidence_resolved,
                     "superseded by " + winner);
  }

  void confidence_dominance(json::ObjReader& r) {
    const std::string rid = r.opt_str("record_id").value_or("");
    const std::string winner = r.str("winner");
    const std::string loser = r.str("loser");
    const std::string detail = r.opt_str("detail").value_or("");
    if (!r.ok()) return;
    Memory* w = live(winner);
    Memory* l = live(loser);
    if (!w || !l) return;
    set_resolved(*w, Reliability::reliable);
    set_resolved(*l, Reliability::uncertain);
    if (Uncertainty* u = record(rid))
      close_record(*u, RecordState::resolved, Resolution::confidence_dominance, detail, winner);
  }

  void user_clarified(json::ObjReader& r) {
    const std::string rid = r.opt_str("record_id").value_or("");
    const std::string winner = r.str("winner");
    const std::string loser = r.opt_str("loser").value_or("");
    const std::string action = r.opt_str("loser_action").value_or("supersede");
    const double conf = r.opt_num("winner_confidence").value_or(1.0);
    const bool boost = r.opt_bool("reinforce_winner").value_or(true);
    const std::string rel = r.opt_str("relationship_id").value_or("");
    const std::string detail = r.opt_str("detail").value_or("");
    std::optional<Memory> episode;
    if (auto er = r.obj("episode")) episode = read_memory(*er);
    if (action != "supersede" && action != "delete")
      r.fail("loser_action", "must be supersede or delete");
    if (!r.ok()) return;
    Memory* w = live(winner);
    if (!w) return;
    set_resolved(*w, Reliability::reliable);
    if (boost) reinforce(*w, conf);
    if (Uncertainty* u = record(rid))
      close_record(*u, RecordState::resolved, Resolution::user_clarified, detail, winner);
    if (Memory* l = loser.empty() || loser == winner ? nullptr : live(loser)) {
      if (action == "delete") {
        tombstone(*l, DeleteReason::clarification);
      } else {
        supersede(*l, winner, e_.ts);
      }
      add_relationship(rel, e_.user, loser, winner, "user_clarified", detail);
      retire_records(loser, RecordState::resolved, Resolution::user_clarified,
                     "resolved by user clarification");
    }
    UserSettings& us = s_.user_mut(e_.user);
    us.engagements += 1;
    us.dismissal_streak = 0;
    touch_user(e_.user);
    if (episode) insert_memory(memory_node(std::move(*episode)));
  }

  void decay_applied(json::ObjReader& r) {
    auto ids = r.opt_str_array("deleted").value_or(std::vector<std::string>{});
    if (!r.ok()) return;
    for (const auto& id : ids) {
      Memory* m = live(id);
      if (!m) continue;
      tombstone(*m, DeleteReason::decay);
      retire_records(id, RecordState::decayed, Resolution::decayed,
                     "memory decayed below the floor");
    }
    for (const auto& id : r.opt_str_array("expired").value_or(std::vector<std::string>{})) {
      Uncertainty* u = record(id);
      if (u && u->active())
        close_record(*u, RecordState::decayed, Resolution::decayed,
                     "left to decay after surfacing without engagement; expired");
    }
    s_.background_.decay_cycles += 1;
    s_.background_.last_decay_at = e_.ts;
    if (t_) t_->add(kStateKeyBackground);
  }

  void tolerance_set(json::ObjReader& r) {
    const double v = r.num("value");
    const std::string reason = r.opt_str("reason").value_or("");
    if (!r.ok()) return;
    UserSettings& u = s_.user_mut(e_.user);
    u.tolerance = v;
    if (reason == "correction") {
      u.corrections += 1;
      u.dismissal_streak = 0;  // correcting is engaging
    }
    if (reason == "reinforcement") u.reinforcements += 1;
    touch_user(e_.user);
  }

  void action_checked(json::ObjReader& r) {
    const std::string decision = r.str("decision");
    if (!r.ok()) return;
    UserSettings& u = s_.user_mut(e_.user);
    u.action_checks += 1;
    if (decision == "clarify") u.clarify_decisions += 1;
    touch_user(e_.user);
  }

  void classification_deferred(json::ObjReader& r) {
    auto pr = r.obj("pending", true);
    if (!pr) return;
    PendingClassification p = read_pending(*pr);
    if (!r.ok()) return;
    p.user = p.user.empty() ? e_.user : p.user;
    p.created_at = e_.ts;
    const std::string id = p.id;
    s_.pending_.emplace(id, std::move(p));
    if (t_) t_->add(state_key_pending(id));
  }

  void classification_completed(json::ObjReader& r) {
    const std::string id = r.str("id");
    if (!r.ok()) return;
    if (s_.pending_.erase(id) && t_) t_->add(state_key_pending(id));
  }

  void concept_extracted(json::ObjReader& r) {
    // Consumed by the consolidation actor from its own cursor; its outcome
    // arrives as separate events. Only the payload's shape is checked here.
    (void)r.obj("concept", true);
  }

  void drift_cycle(json::ObjReader& r) {
    const auto next = r.opt_int("next_domain_index").value_or(0);
    if (!r.ok()) return;
    s_.background_.drift_cycles += 1;
    s_.background_.drift_domain_index = static_cast<std::uint32_t>(next);
    s_.background_.last_drift_at = e_.ts;
    if (t_) t_->add(kStateKeyBackground);
  }

  /// The uncertainty ledger's events (engine/ledger_events.cpp).
  void belief_event(json::ObjReader& r) { apply_belief_event(s_.ledger_, e_, r, t_); }

  State& s_;
  const Event& e_;
  Touched* t_;
};

Expected<MemoryNode> decode_memory_added(const Event& e) {
  thread_local simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, e.payload);
  if (!obj)
    return make_error(Errc::corruption,
                      "event " + std::to_string(e.seq) + " (" + e.type + "): " + obj.error().message);
  json::ObjReader r(*obj);
  auto mr = r.obj("memory", true);
  Memory m;
  if (mr) m = read_memory(*mr);
  if (!r.ok())
    return make_error(Errc::corruption,
                      "event " + std::to_string(e.seq) + " (" + e.type + "): " + r.error().message);
  return memory_node(std::move(m));
}

Status apply_decoded(State& state, const Event& event, MemoryNode decoded, Touched* touched) {
  if (event.seq != 0 && event.seq <= state.applied_seq()) return {};
  Applier a(state, event, touched);
  a.add_memory(std::move(decoded));
  if (event.seq != 0) state.set_applied_seq(event.seq);
  return {};
}

Status apply(State& state, const Event& event, Touched* touched) {
  if (event.seq != 0 && event.seq <= state.applied_seq()) return {};
  Applier a(state, event, touched);
  auto st = a.run();
  if (!st) return st;
  if (event.seq != 0) state.set_applied_seq(event.seq);
  return {};
}

}  // namespace credence
