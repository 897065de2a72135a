#include "actors/ingestion_actor.hpp"

#include <caf/all.hpp>

#include "common/log.hpp"
#include "engine/events.hpp"

namespace credence {

namespace {

using self_ptr = caf::stateful_actor<ingestion_state>*;

double elapsed_ms(self_ptr self, const IngestJob& job) {
  return std::chrono::duration<double, std::milli>(self->clock().now() - job.arrived).count();
}

void start(self_ptr self, std::uint64_t token);

/// Delivers a reply to the command's sink when it has one, else to the sender.
template <class Reply>
void deliver(IngestJob& job, const ReplySinkPtr<Reply>& sink, Reply r) {
  if (sink) {
    sink->put(std::move(r));
  } else {
    job.rp.deliver(std::move(r));
  }
}

void finish(self_ptr self, std::uint64_t token) {
  auto& st = self->state;
  auto it = st.jobs.find(token);
  if (it == st.jobs.end()) return;
  const std::string user = it->second.user;
  if (auto* m = st.svc->metrics) {
    const char* kind = it->second.kind == IngestJob::Kind::write     ? "write"
                       : it->second.kind == IngestJob::Kind::message ? "message"
                                                                     : "decide";
    m->histogram("credence_ingestion_seconds", "Ingestion latency from arrival to reply",
                 {{"kind", kind}})
        .observe(std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                               it->second.wall_arrived)
                     .count());
  }
  st.jobs.erase(it);
  auto q = st.queues.find(user);
  if (q == st.queues.end()) return;
  if (!q->second.empty() && q->second.front() == token) q->second.pop_front();
  if (q->second.empty()) {
    st.queues.erase(q);
  } else {
    start(self, q->second.front());
  }
}

void reply_error(self_ptr self, IngestJob& job, Error err) {
  switch (job.kind) {
    case IngestJob::Kind::write: {
      WriteReply r;
      r.error = std::move(err);
      r.elapsed_ms = elapsed_ms(self, job);
      deliver(job, job.write.sink, std::move(r));
      break;
    }
    case IngestJob::Kind::message: {
      MessageReply r;
      r.error = std::move(err);
      r.elapsed_ms = elapsed_ms(self, job);
      deliver(job, job.message.sink, std::move(r));
      break;
    }
    case IngestJob::Kind::decide: {
      DecideReply r;
      r.error = std::move(err);
      deliver(job, job.decide.sink, std::move(r));
      break;
    }
  }
}

bool any_deferred(const IngestJob& job) {
  for (bool d : job.deferred)
    if (d) return true;
  return false;
}

/// The successful answers (the outcome moves out of the job).
WriteReply write_reply(IngestJob& job) {
  WriteReply r;
  r.outcome = std::move(job.write_outcome);
  r.deferred = any_deferred(job);
  r.assessments = job.verdicts;
  return r;
}
MessageReply message_reply(IngestJob& job) {
  MessageReply r;
  r.outcome = std::move(job.message_outcome);
  r.deferred = any_deferred(job);
  r.candidates = job.verdicts.size();
  return r;
}

void reply_success(self_ptr self, IngestJob& job, std::vector<std::uint64_t> seqs) {
  switch (job.kind) {
    case IngestJob::Kind::write: {
      WriteReply r = write_reply(job);
      r.elapsed_ms = elapsed_ms(self, job);
      deliver(job, job.write.sink, std::move(r));
      break;
    }
    case IngestJob::Kind::message: {
      MessageReply r = message_reply(job);
      r.elapsed_ms = elapsed_ms(self, job);
      deliver(job, job.message.sink, std::move(r));
      break;
    }
    case IngestJob::Kind::decide: {
      DecideReply r;
      r.seqs = std::move(seqs);
      deliver(job, job.decide.sink, std::move(r));
      break;
    }
  }
}

using CommitResultRef = const Expected<EventLog::CommitResult>&;

double wall_ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// Puts `r` (or the commit's error instead) into `sink`, with the time since
/// `t0`.
template <class Reply>
std::function<void(CommitResultRef)> when_durable(ReplySinkPtr<Reply> sink, Reply r,
                                                  std::chrono::steady_clock::time_point t0) {
  return [sink = std::move(sink), r = std::move(r), t0](CommitResultRef res) mutable {
    if (!res) {
      r = Reply{};
      r.error = res.error();
    }
    r.elapsed_ms = wall_ms_since(t0);
    sink->put(std::move(r));
  };
}

/// For a caller waiting on a reply sink, the answer to send once the job's
/// events are durable and applied, built now (the outcome is final). The
/// state writer's thread calls it right after applying, so the reply does not
/// wait in this actor's mailbox behind other users' classification work; the
/// actor still gets Appended and starts the user's next job then (the state
/// that job sees already holds these events). Null for a caller without a
/// sink (an actor request: answered through the actor as before).
std::function<void(CommitResultRef)> writer_reply(IngestJob& job) {
  const auto t0 = job.wall_arrived;
  switch (job.kind) {
    case IngestJob::Kind::write: {
      if (!job.write.sink) return nullptr;
      return when_durable(job.write.sink, write_reply(job), t0);
    }
    case IngestJob::Kind::message: {
      if (!job.message.sink) return nullptr;
      return when_durable(job.message.sink, message_reply(job), t0);
    }
    case IngestJob::Kind::decide: {
      if (!job.decide.sink) return nullptr;
      return [sink = job.decide.sink](CommitResultRef res) {
        DecideReply r;
        if (res) {
          r.seqs = res->seqs;
        } else {
          r.error = res.error();
        }
        sink->put(std::move(r));
      };
    }
  }
  return nullptr;
}

/// Appends `events` asynchronously; the reply comes back as Appended.
void submit(self_ptr self, std::uint64_t token, std::vector<Event> events) {
  auto handle = caf::actor_cast<caf::actor>(self);
  IngestJob& job = self->state.jobs.at(token);
  auto early = writer_reply(job);
  job.answered_by_writer = early != nullptr;
  self->state.svc->append(std::move(events),
                          [handle, token, early = std::move(early)](
                              Expected<EventLog::CommitResult> res) {
                            if (early) early(res);
                            Appended a;
                            a.token = token;
                            if (res) {
                              a.seqs = res->seqs;
                            } else {
                              a.error = res.error();
                            }
                            caf::anon_send(handle, std::move(a));
                          });
}

/// Classifications of deferred pairs, logged so drift finishes them.
std::vector<Event> deferred_events(const IngestJob& job, const std::string& incoming_memory,
                                   DetectionContext ctx, Millis now) {
  PendingClassification p;
  p.id = job.incoming_key;
  p.user = job.user;
  p.incoming = incoming_memory;
  p.context = ctx;
  p.text = job.incoming.text;
  p.kind = job.incoming.kind;
  p.claim = job.incoming.claim;
  for (std::size_t i = 0; i < job.verdicts.size(); ++i)
    if (job.deferred[i]) p.candidates.push_back(job.verdicts[i].existing_id);
  if (p.candidates.empty()) return {};
  return {events::classification_deferred(p, now)};
}

void count_classifications(Services* svc, const IngestJob& job) {
  if (!svc->metrics) return;
  for (std::size_t i = 0; i < job.verdicts.size(); ++i) {
    if (job.deferred[i]) continue;
    svc->metrics
        ->counter("credence_classifications_total", "Pair classifications by class and stage",
                  {{"class", to_string(job.verdicts[i].classification)},
                   {"stage", job.verdicts[i].from_llm ? "llm" : "embedded"}})
        .inc();
  }
}

/// All pairs are classified or deferred: decide, append, reply.
void decide(self_ptr self, std::uint64_t token) {
  auto& st = self->state;
  auto it = st.jobs.find(token);
  if (it == st.jobs.end()) return;
  IngestJob& job = it->second;
  Services* svc = st.svc;
  const Millis now = svc->clock->now();
  std::vector<Assessment> decided;
  for (std::size_t i = 0; i < job.verdicts.size(); ++i)
    if (!job.deferred[i]) decided.push_back(job.verdicts[i]);
  count_classifications(svc, job);
  std::vector<Event> evs;
  if (job.kind == IngestJob::Kind::write) {
    auto out = svc->store->read([&](const State& s) {
      return decide_write(s, job.write.request, decided, svc->policy, *svc->ids, now);
    });
    if (!out) {
      reply_error(self, job, out.error());
      finish(self, token);
      return;
    }
    job.write_outcome = std::move(*out);
    evs = job.write_outcome.events;
    const bool stored = job.write_outcome.tier != WriteTier::block &&
                        (job.write_outcome.action == WriteAction::add ||
                         job.write_outcome.action == WriteAction::update);
    if (stored) {
      for (auto& e : deferred_events(job, job.write_outcome.memory_id,
                                     job.write.request.context, now))
        evs.push_back(std::move(e));
    } else {
      job.deferred.assign(job.deferred.size(), false);
    }
  } else {
    job.message_outcome = svc->store->read([&](const State& s) {
      return decide_message(s, job.user, job.incoming.text, job.incoming.claim, decided,
                            svc->policy, *svc->ids, now);
    });
    evs = job.message_outcome.events;
    for (auto& e : deferred_events(job, "", DetectionContext::ingestion, now))
      evs.push_back(std::move(e));
  }
  if (any_deferred(job) && svc->metrics)
    svc->metrics->counter("credence_deadline_misses_total",
                          "Requests with pairs that missed the classification deadline")
        .inc();
  if (evs.empty()) {
    reply_success(self, job, {});
    finish(self, token);
    return;
  }
  if (job.kind == IngestJob::Kind::write && !job.write.idempotency_key.empty())
    evs.front().idem_key = job.write.idempotency_key;
  submit(self, token, std::move(evs));
}

/// Judges the incoming statement against the pre-screen's candidates; sends
/// the pairs needing an LLM opinion to the classifier under the deadline.
void classify(self_ptr self, std::uint64_t token) {
  auto& st = self->state;
  IngestJob& job = st.jobs.at(token);
  Services* svc = st.svc;
  const auto cands = svc->candidates(job.incoming, false);
  svc->store->read([&](const State& s) {
    for (const auto& c : cands) {
      const Memory* m = s.memory(c.memory_id);
      if (!m || m->deleted() || m->user != job.user || m->id == job.incoming.memory_id) continue;
      Assessment a = svc->judge(*m, job.incoming);
      a.existing_id = m->id;
      a.similarity = c.similarity;
      job.verdicts.push_back(std::move(a));
      job.existing.push_back(pair_side(*m));
    }
    return 0;
  });
  job.deferred.assign(job.verdicts.size(), false);
  std::vector<std::size_t> need;
  if (st.classifier && svc->mode != ClassifierMode::embedded) {
    for (std::size_t i = 0; i < job.verdicts.size(); ++i)
      if (svc->mode == ClassifierMode::llm || job.verdicts[i].tier == ConfidenceTier::low)
        need.push_back(i);
  }
  if (need.empty()) {
    decide(self, token);
    return;
  }
  const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
      self->clock().now() - job.arrived);
  const auto remaining = job.deadline - spent;
  if (remaining.count() <= 0) {
    for (auto i : need) job.deferred[i] = true;
    decide(self, token);
    return;
  }
  job.outstanding = need.size();
  for (std::size_t i : need) {
    ClassifyJob cj;
    cj.key = pair_key(job.verdicts[i].existing_id, job.incoming_key);
    cj.existing = job.existing[i];
    cj.incoming = pair_side(job.incoming);
    cj.embedded = job.verdicts[i];
    cj.requester = "ingestion";
    self->request(st.classifier, remaining, std::move(cj))
        .then(
            [=](ClassifyAnswer& ans) {
              auto jt = self->state.jobs.find(token);
              if (jt == self->state.jobs.end()) return;
              Assessment a = std::move(ans.assessment);
              a.existing_id = jt->second.verdicts[i].existing_id;
              a.similarity = jt->second.verdicts[i].similarity;
              jt->second.verdicts[i] = std::move(a);
              if (--jt->second.outstanding == 0) decide(self, token);
            },
            [=](caf::error& err) {
              auto jt = self->state.jobs.find(token);
              if (jt == self->state.jobs.end()) return;
              if (err == caf::sec::request_timeout) {
                // Missed the deadline: finished in the background, never lost.
                jt->second.deferred[i] = true;
              } else {
                log::get("ingestion")
                    ->warn("classifier unavailable ({}); using the embedded verdict",
                           self->system().render(err));
              }
              if (--jt->second.outstanding == 0) decide(self, token);
            });
  }
}

void start(self_ptr self, std::uint64_t token) {
  auto& st = self->state;
  IngestJob& job = st.jobs.at(token);
  Services* svc = st.svc;
  const Millis now = svc->clock->now();
  switch (job.kind) {
    case IngestJob::Kind::decide: {
      auto evs = svc->store->read([&](const State& s) { return job.decide.decide(s); });
      if (!evs) {
        reply_error(self, job, evs.error());
        finish(self, token);
      } else if (evs->empty()) {
        reply_success(self, job, {});
        finish(self, token);
      } else {
        submit(self, token, std::move(*evs));
      }
      return;
    }
    case IngestJob::Kind::write: {
      WriteRequest& req = job.write.request;
      Memory& m = req.memory;
      if (!job.write.idempotency_key.empty()) {
        // Checked in the user's turn, so two retries cannot both decide.
        if (auto seq = svc->store->log().find_idempotent(job.user, job.write.idempotency_key)) {
          WriteReply r;
          r.replayed = true;
          r.replayed_seq = *seq;
          r.elapsed_ms = elapsed_ms(self, job);
          deliver(job, job.write.sink, std::move(r));
          finish(self, token);
          return;
        }
      }
      if (m.id.empty()) m.id = svc->ids->next("mem");
      m.user = job.user;
      if (m.created_at == 0) m.created_at = now;
      m.claim = svc->normalize(m.text, m.kind, m.valid_from);
      job.incoming = Incoming{job.user, m.id, m.text, m.claim, m.kind, m.source,
                              m.confidence, m.created_at, m.valid_from};
      job.incoming_key = m.id;
      if (!req.guarded) {
        req.single_valued = svc->single_valued && svc->single_valued(m.claim.slot);
        job.deferred.clear();
        decide(self, token);
        return;
      }
      classify(self, token);
      return;
    }
    case IngestJob::Kind::message: {
      job.incoming_key = svc->ids->next("msg");
      Incoming in;
      in.user = job.user;
      in.text = job.message.text;
      in.claim = svc->normalize(in.text, MemoryKind::trait, std::nullopt);
      in.created_at = now;
      in.valid_from = in.claim.valid_from;
      job.incoming = std::move(in);
      classify(self, token);
      return;
    }
  }
}

caf::response_promise enqueue(self_ptr self, IngestJob job) {
  auto& st = self->state;
  job.token = st.next_token++;
  job.rp = self->make_response_promise();
  job.arrived = self->clock().now();
  job.wall_arrived = std::chrono::steady_clock::now();
  auto rp = job.rp;
  const std::uint64_t token = job.token;
  const std::string user = job.user;
  st.jobs.emplace(token, std::move(job));
  auto& q = st.queues[user];
  q.push_back(token);
  if (q.size() == 1) start(self, token);
  return rp;
}

}  // namespace

caf::behavior ingestion_actor(caf::stateful_actor<ingestion_state>* self, Services* svc,
                              caf::actor classifier) {
  self->state.svc = svc;
  self->state.classifier = std::move(classifier);
  // A crash must not leave requesters waiting forever: every pending job is
  // answered with an error before the actor dies (the supervisor restarts it).
  self->set_exception_handler([=](std::exception_ptr& ep) -> caf::error {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    log::get("ingestion")->error("ingestion actor failed: {}", what);
    for (auto& [token, job] : self->state.jobs)
      reply_error(self, job, make_error(Errc::internal, "ingestion failed: " + what));
    self->state.jobs.clear();
    self->state.queues.clear();
    return caf::make_error(caf::sec::runtime_error, what);
  });
  return {
      [=](WriteCommand& cmd) -> caf::response_promise {
        IngestJob job;
        job.kind = IngestJob::Kind::write;
        job.user = cmd.request.memory.user;
        job.deadline = cmd.deadline.value_or(self->state.svc->deadline);
        job.write = std::move(cmd);
        return enqueue(self, std::move(job));
      },
      [=](MessageCommand& cmd) -> caf::response_promise {
        IngestJob job;
        job.kind = IngestJob::Kind::message;
        job.user = cmd.user;
        job.deadline = cmd.deadline.value_or(self->state.svc->deadline);
        job.message = std::move(cmd);
        return enqueue(self, std::move(job));
      },
      [=](DecideCommand& cmd) -> caf::response_promise {
        IngestJob job;
        job.kind = IngestJob::Kind::decide;
        job.user = cmd.user;
        job.decide = std::move(cmd);
        return enqueue(self, std::move(job));
      },
      [=](Appended& a) {
        auto it = self->state.jobs.find(a.token);
        if (it == self->state.jobs.end()) return;
        if (it->second.answered_by_writer) {
          // already answered from the writer's thread
        } else if (a.error) {
          reply_error(self, it->second, *a.error);
        } else {
          reply_success(self, it->second, std::move(a.seqs));
        }
        finish(self, a.token);
      },
  };
}

}  // namespace credence
