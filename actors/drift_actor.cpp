#include "actors/drift_actor.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <caf/all.hpp>

#include "common/json_reader.hpp"
#include "common/log.hpp"
#include "engine/decay.hpp"
#include "engine/events.hpp"

namespace credence {

static constexpr const char* kDriftCursor = "drift";

// ---- planner --------------------------------------------------------------------

std::string DriftPlanner::domain_of(const Memory& m) {
  return m.claim.domain.empty() ? "general" : m.claim.domain;
}

void DriftPlanner::Domain::touch(const std::string& id) {
  if (auto it = hot.find(id); it != hot.end()) {
    hot_order.splice(hot_order.end(), hot_order, it->second);
    return;
  }
  hot_order.push_back(id);
  hot.emplace(id, std::prev(hot_order.end()));
  if (hot.size() > kHotPerDomain) {
    hot.erase(hot_order.front());
    hot_order.pop_front();
  }
}

void DriftPlanner::Domain::cool(const std::string& id) {
  if (auto it = hot.find(id); it != hot.end()) {
    hot_order.erase(it->second);
    hot.erase(it);
  }
}

void DriftPlanner::add(const Memory& m, bool hot) {
  auto& d = domains_[domain_of(m)];
  if (known_.insert(m.id).second) d.ids.push_back(m.id);
  if (hot) d.touch(m.id);
}

namespace {
Millis last_activity(const Memory& m) {
  return std::max({m.created_at, m.last_reinforced_at, m.last_accessed_at});
}
}  // namespace

void DriftPlanner::rebuild(const State& s) {
  domains_.clear();
  known_.clear();
  std::vector<const Memory*> all;
  for (const auto& [id, m] : s.memories())
    if (!m.deleted() && !m.superseded()) all.push_back(&m);
  std::sort(all.begin(), all.end(), [](const Memory* a, const Memory* b) { return a->seq < b->seq; });
  std::map<std::string, std::vector<const Memory*>> by_domain;
  for (const Memory* m : all) {
    add(*m, false);
    by_domain[domain_of(*m)].push_back(m);
  }
  // Seed the hot sets with each domain's most recently active memories
  // (oldest of them touched first, so the newest is the last to fall out).
  auto older = [](const Memory* a, const Memory* b) {
    const Millis ta = last_activity(*a), tb = last_activity(*b);
    return ta != tb ? ta < tb : a->seq < b->seq;
  };
  for (auto& [name, ms] : by_domain) {
    if (ms.size() > kHotPerDomain) {
      std::nth_element(ms.begin(), ms.end() - kHotPerDomain, ms.end(), older);
      ms.erase(ms.begin(), ms.end() - kHotPerDomain);
    }
    std::sort(ms.begin(), ms.end(), older);
    for (const Memory* m : ms) domains_[name].touch(m->id);
  }
}

void DriftPlanner::observe(const Event& e, const State& s) {
  const bool added = e.type == events::kMemoryAdded;
  const bool touched = e.type == events::kMemoryReinforced || e.type == events::kMemoryAccessed;
  if (!added && !touched) return;
  thread_local simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, e.payload);
  if (!obj) return;
  json::ObjReader r(*obj);
  std::vector<std::string> ids;
  if (added) {
    if (auto m = r.obj("memory")) ids.push_back(m->opt_str("id").value_or(""));
  } else if (auto id = r.opt_str("id")) {
    ids.push_back(*id);
  } else if (auto list = r.opt_str_array("ids")) {
    ids = *list;
  }
  for (const auto& id : ids) {
    const Memory* m = s.memory(id);
    if (m && !m->deleted() && !m->superseded()) add(*m, true);
  }
}

std::vector<std::string> DriftPlanner::domains() const {
  std::vector<std::string> out;
  for (const auto& [name, d] : domains_) out.push_back(name);
  return out;
}

std::string DriftPlanner::domain_at(std::uint32_t index) const {
  if (domains_.empty()) return {};
  auto it = domains_.begin();
  std::advance(it, index % domains_.size());
  return it->first;
}

std::size_t DriftPlanner::hot_size() const {
  std::size_t n = 0;
  for (const auto& [name, d] : domains_) n += d.hot.size();
  return n;
}

std::vector<std::string> DriftPlanner::sample(const State& s, const std::string& domain,
                                              std::size_t budget, const Policy& p, Millis now,
                                              const Admit& admit) {
  std::vector<std::string> out;
  auto it = domains_.find(domain);
  if (it == domains_.end() || budget == 0) return out;
  Domain& d = it->second;
  auto live = [&](const std::string& id) -> const Memory* {
    const Memory* m = s.memory(id);
    return m && !m->deleted() && !m->superseded() ? m : nullptr;
  };
  // Hot memories first, by recency, access count and strength.
  std::vector<std::pair<double, std::string>> hot;
  std::vector<std::string> dead;
  for (const auto& id : d.hot_order) {
    const Memory* m = live(id);
    if (!m) {
      dead.push_back(id);
      continue;
    }
    const double age_days =
        std::max<double>(0, static_cast<double>(now - std::max(m->created_at, m->last_reinforced_at)) /
                                static_cast<double>(kDay));
    const double w = 1.0 / (1.0 + age_days) + 0.3 * std::log1p(m->access_count) +
                     strength(*m, p.decay, now);
    hot.emplace_back(w, id);
  }
  for (const auto& id : dead) d.cool(id);
  std::sort(hot.begin(), hot.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  const std::size_t hot_quota = (budget + 1) / 2;
  for (std::size_t i = 0; i < hot.size() && out.size() < hot_quota; ++i) {
    if (admit && !admit(*s.memory(hot[i].second))) continue;
    out.push_back(hot[i].second);
    d.cool(hot[i].second);
  }
  // Then the rotating cursor over the whole domain, for coverage. Dead ids
  // are dropped as they are met (amortised compaction).
  std::size_t steps = 0;
  // Where the next cycle goes on: just past the last memory taken. When
  // memories are refused (their users' budgets are spent) and the walk
  // goes all the way round, the cursor must not end where it began, or the
  // same memories would be taken every cycle.
  std::optional<std::size_t> resume;
  while (out.size() < budget && !d.ids.empty() && steps < d.ids.size()) {
    if (d.pos >= d.ids.size()) d.pos = 0;
    const std::string id = d.ids[d.pos];
    const Memory* m = live(id);
    if (!m) {
      known_.erase(id);
      d.ids[d.pos] = d.ids.back();
      d.ids.pop_back();
      continue;
    }
    ++d.pos;
    ++steps;
    if (std::find(out.begin(), out.end(), id) != out.end()) continue;
    if (admit && !admit(*m)) continue;
    out.push_back(id);
    resume = d.pos;
  }
  if (resume && steps >= d.ids.size()) d.pos = *resume;
  return out;
}

// ---- cycles -------------------------------------------------------------------------

namespace {

Incoming incoming_of(const Memory& m) {
  return Incoming{m.user, m.id, m.text, m.claim, m.kind, m.source, m.confidence, m.created_at,
                  m.valid_from};
}

/// Each user's own drift budget (seed 000: a user's uncertainty tolerance
/// sets how many of their memories a cycle compares), counted per cycle.
class UserBudgets {
 public:
  UserBudgets(const State& s, const TolerancePolicy& p) : s_(s), p_(p) {}
  bool admit(const Memory& m) {
    auto [it, fresh] = used_.try_emplace(m.user);
    auto& [used, cap] = it->second;
    if (fresh) cap = drift_budget(tolerance_of(s_, m.user, p_), p_);
    if (used >= cap) return false;
    ++used;
    return true;
  }
  /// Each user met: their budget, and how many of their memories were taken.
  void report(DriftReport& rep) const {
    for (const auto& [u, uc] : used_) {
      rep.sampled_by_user[u] = uc.first;
      rep.user_budgets[u] = uc.second;
    }
  }

 private:
  const State& s_;
  const TolerancePolicy& p_;
  std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> used_;
};

}  // namespace

std::vector<Event> resolve_pending(const State& s, const PendingClassification& p, Services& svc,
                                   Millis now) {
  std::vector<Event> out;
  const Memory* incoming_mem = p.incoming.empty() ? nullptr : s.memory(p.incoming);
  Incoming in;
  if (incoming_mem) {
    in = incoming_of(*incoming_mem);
  } else {
    in.user = p.user;
    in.text = p.text;
    in.claim = p.claim;
    in.kind = p.kind;
    in.created_at = p.created_at;
  }
  std::vector<Assessment> verdicts;
  for (const auto& cid : p.candidates) {
    const Memory* c = s.memory(cid);
    if (!c || c->deleted() || c->user != p.user) continue;
    Assessment a;
    if (auto cached = svc.verdicts->take(pair_key(cid, p.id))) {
      a = *cached;
    } else {
      a = svc.judge(*c, in);
    }
    a.existing_id = cid;
    verdicts.push_back(a);
  }
  if (incoming_mem) {
    if (!incoming_mem->deleted() && !incoming_mem->superseded()) {
      for (const auto& v : verdicts) {
        const Memory* c = s.memory(v.existing_id);
        if (!c || !is_opposition(v.classification)) continue;
        auto evs = decide_pair(s, *c, *incoming_mem, v, p.context, svc.policy, *svc.ids, now);
        out.insert(out.end(), evs.begin(), evs.end());
      }
    }
  } else {
    auto mo = decide_message(s, p.user, p.text, p.claim, verdicts, svc.policy, *svc.ids, now);
    out = std::move(mo.events);
  }
  out.push_back(events::classification_completed(
      p.user, p.id, std::to_string(verdicts.size()) + " pair(s) decided in the background", now));
  return out;
}

DriftReport run_drift_cycle(drift_state& st) {
  Services& svc = *st.svc;
  DriftReport rep;
  const auto t0 = std::chrono::steady_clock::now();
  const Millis now = svc.clock->now();
  EventLog& log = svc.store->log();
  const std::uint64_t cursor = log.cursor(kDriftCursor);
  if (!st.started) {
    // The planner indexes the state as of `applied`, so the log up to there
    // is already accounted for: however far behind the cursor was, the
    // first cycle does not read it.
    svc.store->read([&](const State& s) {
      st.planner.rebuild(s);
      st.scanned = std::max(cursor, s.applied_seq());
      return 0;
    });
    st.started = true;
  }
  // Learn from the log since the last cycle (new, reinforced, accessed memories).
  const std::uint64_t head = svc.store->applied_seq();
  std::uint64_t scanned = st.scanned;
  svc.store->read([&](const State& s) {
    (void)log.scan(scanned + 1, [&](const Event& e) {
      if (e.seq > head) return false;
      st.planner.observe(e, s);
      scanned = e.seq;
      return true;
    });
    return 0;
  });

  std::vector<Event> evs;
  std::uint32_t next_index = 0;
  svc.store->read([&](const State& s) {
    // The cycle as a whole never exceeds the largest budget (the cost of a
    // cycle stays bounded however many users share a domain); within it each
    // user gets their own tolerance's budget.
    const std::size_t budget = static_cast<std::size_t>(
        std::max<std::int64_t>({svc.policy.tolerance.budget_max, svc.policy.tolerance.budget_min, 0}));
    rep.budget = budget;
    UserBudgets per_user(s, svc.policy.tolerance);
    std::set<std::string> busy;  // memories already decided about this cycle
    // Deferred classifications first: they were promised a background pass.
    std::size_t done = 0;
    for (const auto& [id, p] : s.pending_all()) {
      if (done >= budget) break;
      auto out = resolve_pending(s, p, svc, now);
      evs.insert(evs.end(), out.begin(), out.end());
      for (const auto& c : p.candidates) busy.insert(c);
      if (!p.incoming.empty()) busy.insert(p.incoming);
      ++done;
    }
    rep.deferred_resolved = done;
    const std::uint32_t index = s.background().drift_domain_index;
    const std::size_t n_domains = std::max<std::size_t>(1, st.planner.domains().size());
    rep.domain = st.planner.domain_at(index);
    next_index = static_cast<std::uint32_t>((index + 1) % n_domains);
    const auto sample = st.planner.sample(s, rep.domain, budget, svc.policy, now,
                                          [&](const Memory& m) { return per_user.admit(m); });
    rep.sampled = sample.size();
    per_user.report(rep);
    std::set<std::pair<std::string, std::string>> judged;
    for (const auto& id : sample) {
      const Memory* m = s.memory(id);
      if (!m || busy.count(id)) continue;
      if (auto e = decide_stale_for(s, *m, svc.policy, *svc.ids, now, DetectionContext::drift))
        evs.push_back(std::move(*e));
      const Incoming in = incoming_of(*m);
      auto cands = svc.candidates(in, false);
      if (cands.size() > svc.drift_candidates) cands.resize(svc.drift_candidates);
      for (const auto& c : cands) {
        if (c.memory_id == id || busy.count(c.memory_id)) continue;
        const Memory* other = s.memory(c.memory_id);
        if (!other || other->deleted() || other->superseded() || other->user != m->user) continue;
        auto key = std::minmax(id, c.memory_id);
        if (!judged.insert({key.first, key.second}).second) continue;
        ++rep.pairs;
        Assessment v = svc.judge(*other, in);
        v.existing_id = other->id;
        v.similarity = c.similarity;
        if (!is_opposition(v.classification)) continue;
        auto out = decide_pair(s, *other, *m, v, DetectionContext::drift, svc.policy, *svc.ids, now);
        if (!out.empty()) {
          busy.insert(id);
          busy.insert(other->id);
          evs.insert(evs.end(), out.begin(), out.end());
          break;
        }
      }
    }
    return 0;
  });
  rep.events = evs.size();
  evs.push_back(events::drift_cycle(next_index, static_cast<std::uint32_t>(rep.sampled),
                                    static_cast<std::uint32_t>(rep.pairs), now));
  EventLog::Txn txn;
  txn.events = std::move(evs);
  txn.cursors.push_back({kDriftCursor, cursor, scanned});
  auto res = svc.store->commit(std::move(txn));
  if (!res) {
    rep.error = res.error();
    // The cursor did not move; the next cycle sees these events again.
  } else {
    st.scanned = scanned;
  }
  rep.elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (svc.metrics) {
    svc.metrics->histogram("credence_drift_cycle_seconds", "Drift cycle duration")
        .observe(rep.elapsed_ms / 1000.0);
  }
  return rep;
}

caf::behavior drift_actor(caf::stateful_actor<drift_state>* self, Services* svc) {
  self->state.svc = svc;
  auto arm = [=] {
    self->delayed_send(self, svc->drift_interval, tick_atom::value, ++self->state.tick_generation);
  };
  arm();
  return {
      [=](tick_atom, std::uint64_t gen) {
        if (gen != self->state.tick_generation) return;  // a stale tick
        auto rep = run_drift_cycle(self->state);
        if (rep.error)
          log::get("drift")->error("drift cycle failed: {}", rep.error->describe());
        arm();
      },
      [=](run_atom) -> DriftReport { return run_drift_cycle(self->state); },
      [=](VerdictReady& v) {
        // A (possibly late) LLM answer: finish its deferred classification now.
        const auto bar = v.key.find('|');
        if (bar == std::string::npos) return;
        const std::string pending_id = v.key.substr(bar + 1);
        auto& svc_ref = *self->state.svc;
        std::vector<Event> evs;
        svc_ref.store->read([&](const State& s) {
          if (const PendingClassification* p = s.pending(pending_id))
            evs = resolve_pending(s, *p, svc_ref, svc_ref.clock->now());
          return 0;
        });
        if (evs.empty()) return;  // not deferred (answered in time), or already done
        if (auto res = svc_ref.store->submit(std::move(evs)); !res)
          log::get("drift")->error("applying a late verdict failed: {}", res.error().describe());
      },
  };
}

}  // namespace credence
