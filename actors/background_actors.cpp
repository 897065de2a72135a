#include "actors/background_actors.hpp"

#include <caf/all.hpp>

#include "common/json_reader.hpp"
#include "common/log.hpp"
#include "engine/codec.hpp"
#include "engine/events.hpp"
#include "engine/ledger_events.hpp"

namespace credence {

static constexpr const char* kConsolidationCursor = "consolidation";

// ---- decay ------------------------------------------------------------------------

DecayReport run_decay_cycle(Services& svc) {
  DecayReport rep;
  const auto t0 = std::chrono::steady_clock::now();
  const Millis now = svc.clock->now();
  std::vector<Event> evs = svc.store->read([&](const State& s) {
    auto out = decide_decay(s, svc.policy, now);
    auto stale = decide_stale(s, svc.policy, *svc.ids, now, 200);
    rep.stale = stale.size();
    out.insert(out.end(), stale.begin(), stale.end());
    // The ledger's beliefs decay linearly with time (seed 001).
    if (s.ledger().size() > 0) out.push_back(events::beliefs_decayed(now, svc.ledger_config, now));
    return out;
  });
  for (const auto& e : evs) {
    if (e.type != events::kDecayApplied) continue;
    simdjson::dom::parser parser;
    if (auto obj = json::parse_object(parser, e.payload)) {
      json::ObjReader r(*obj);
      rep.deleted += r.opt_str_array("deleted").value_or(std::vector<std::string>{}).size();
      rep.expired += r.opt_str_array("expired").value_or(std::vector<std::string>{}).size();
    }
  }
  if (!evs.empty()) {
    if (auto res = svc.store->submit(std::move(evs)); !res) rep.error = res.error();
  }
  rep.elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

caf::behavior decay_actor(caf::stateful_actor<decay_state>* self, Services* svc) {
  self->state.svc = svc;
  auto arm = [=] {
    self->delayed_send(self, svc->decay_interval, tick_atom::value, ++self->state.tick_generation);
  };
  arm();
  return {
      [=](tick_atom, std::uint64_t gen) {
        if (gen != self->state.tick_generation) return;
        auto rep = run_decay_cycle(*self->state.svc);
        if (rep.error) log::get("decay")->error("decay cycle failed: {}", rep.error->describe());
        arm();
      },
      [=](run_atom) -> DecayReport { return run_decay_cycle(*self->state.svc); },
  };
}

// ---- consolidation -----------------------------------------------------------------

namespace {

Expected<WriteOutcome> consolidate_one(Services& svc, const Event& e, EventLog::Txn& txn) {
  simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, e.payload);
  if (!obj) return obj.error();
  json::ObjReader r(*obj);
  auto cr = r.obj("concept", true);
  if (!cr) return make_error(Errc::corruption, "concept.extracted without a concept");
  Memory c = read_memory(*cr);
  if (!r.ok()) return r.error();
  c.kind = MemoryKind::concept_;
  c.user = e.user;
  c.claim = svc.normalize(c.text, c.kind, c.valid_from);
  Incoming in{c.user, c.id, c.text, c.claim, c.kind, c.source, c.confidence, c.created_at,
              c.valid_from};
  const Millis now = svc.clock->now();
  return svc.store->read([&](const State& s) -> Expected<WriteOutcome> {
    std::vector<Assessment> verdicts;
    for (const auto& cand : svc.candidates(in, false)) {
      const Memory* m = s.memory(cand.memory_id);
      // Seed 000: new concepts are checked against existing concepts.
      if (!m || m->deleted() || m->user != c.user ||
          (m->kind != MemoryKind::concept_ && m->kind != MemoryKind::relationship))
        continue;
      Assessment a = svc.judge(*m, in);
      a.existing_id = m->id;
      a.similarity = cand.similarity;
      verdicts.push_back(a);
    }
    WriteRequest req;
    req.memory = c;
    req.guarded = true;
    req.force = true;  // background work never blocks: a conflict becomes a record
    req.context = DetectionContext::consolidation;
    auto out = decide_write(s, req, verdicts, svc.policy, *svc.ids, now);
    if (out) txn.events = out->events;
    return out;
  });
}

}  // namespace

std::map<std::uint64_t, Expected<WriteOutcome>> consolidate_backlog(Services& svc) {
  std::map<std::uint64_t, Expected<WriteOutcome>> out;
  EventLog& log = svc.store->log();
  std::uint64_t cursor = log.cursor(kConsolidationCursor);
  std::vector<Event> todo;
  std::uint64_t scanned = cursor;
  (void)log.scan(cursor + 1, [&](Event& e) {
    scanned = e.seq;
    if (e.type == events::kConceptExtracted) todo.push_back(std::move(e));
    return true;
  });
  for (const auto& e : todo) {
    EventLog::Txn txn;
    auto res = consolidate_one(svc, e, txn);
    txn.cursors.push_back({kConsolidationCursor, cursor, e.seq});
    auto committed = svc.store->commit(std::move(txn));
    if (!committed) {
      out.emplace(e.seq, committed.error());
      break;  // the cursor did not move; retried on the next request or start
    }
    cursor = e.seq;
    out.emplace(e.seq, std::move(res));
  }
  // Everything scanned is consumed: move the cursor past the events that
  // were not concepts too, so the next scan (each start, each request)
  // reads only what is new instead of the log since the last concept.
  if (scanned > cursor && (todo.empty() || cursor == todo.back().seq)) {
    EventLog::Txn txn;
    txn.cursors.push_back({kConsolidationCursor, cursor, scanned});
    if (svc.store->log().commit(std::move(txn))) cursor = scanned;
  }
  return out;
}

caf::behavior consolidation_actor(caf::stateful_actor<consolidation_state>* self, Services* svc) {
  self->state.svc = svc;
  // Finish what a crash left behind.
  (void)consolidate_backlog(*svc);
  return {
      [=](ConsolidateCommand& cmd) -> ConsolidateReply {
        Services& s = *self->state.svc;
        ConsolidateReply rep;
        Memory c = std::move(cmd.extracted);
        if (c.id.empty()) c.id = s.ids->next("mem");
        c.kind = MemoryKind::concept_;
        if (c.created_at == 0) c.created_at = s.clock->now();
        auto res = s.store->submit({events::concept_extracted(c, cmd.episodes, s.clock->now())});
        if (!res) {
          rep.error = res.error();
          return rep;
        }
        const std::uint64_t seq = res->seqs.at(0);
        auto outcomes = consolidate_backlog(s);
        auto it = outcomes.find(seq);
        if (it == outcomes.end()) {
          rep.error = make_error(Errc::internal, "concept was not consolidated");
        } else if (!it->second) {
          rep.error = it->second.error();
        } else {
          rep.outcome = std::move(*it->second);
        }
        return rep;
      },
  };
}

// ---- the action gate ------------------------------------------------------------------

caf::behavior gate_actor(caf::stateful_actor<gate_state>* self, Services* svc) {
  self->state.svc = svc;
  self->set_exception_handler([=](std::exception_ptr& ep) -> caf::error {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    for (auto& [token, w] : self->state.waiting) {
      GateReply r;
      r.error = make_error(Errc::internal, "gate failed: " + what);
      w.first.deliver(std::move(r));
    }
    self->state.waiting.clear();
    return caf::make_error(caf::sec::runtime_error, what);
  });
  return {
      [=](GateCommand& cmd) -> caf::response_promise {
        auto rp = self->make_response_promise();
        Services& s = *self->state.svc;
        auto out = s.store->read([&](const State& st) {
          return check_action(st, cmd.user, cmd.action, cmd.memory_ids, cmd.confidence, s.policy,
                              *s.ids, s.clock->now());
        });
        if (!out) {
          GateReply r;
          r.error = out.error();
          rp.deliver(std::move(r));
          return rp;
        }
        const std::uint64_t token = self->state.next_token++;
        auto events = out->events;
        self->state.waiting.emplace(token, std::make_pair(rp, std::move(*out)));
        auto handle = caf::actor_cast<caf::actor>(self);
        s.append(std::move(events), [handle, token](Expected<EventLog::CommitResult> res) {
          Appended a;
          a.token = token;
          if (!res) a.error = res.error();
          caf::anon_send(handle, std::move(a));
        });
        return rp;
      },
      [=](Appended& a) {
        auto it = self->state.waiting.find(a.token);
        if (it == self->state.waiting.end()) return;
        GateReply r;
        if (a.error) {
          r.error = *a.error;
        } else {
          r.outcome = std::move(it->second.second);
        }
        it->second.first.deliver(std::move(r));
        self->state.waiting.erase(it);
      },
  };
}

}  // namespace credence
