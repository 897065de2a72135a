#include "actors/classifier_actor.hpp"

#include <caf/all.hpp>

#include "common/log.hpp"

namespace credence {

namespace {

void count(Services* svc, const char* name, const char* help, const Metrics::Labels& l = {}) {
  if (svc->metrics) svc->metrics->counter(name, help, l).inc();
}

/// One LLM call: blocking (own thread), bounded by the client's timeout.
caf::behavior llm_worker(caf::event_based_actor* self, Services* svc, caf::actor parent,
                         caf::actor late_sink) {
  return {[=](ClassifyJob& job) -> ClassifyAnswer {
    ClassifyAnswer ans;
    ans.key = job.key;
    auto v = svc->llm(job.existing, job.incoming);
    if (v) {
      ans.assessment = from_llm(*v, job.embedded);
      ans.from_llm = true;
    } else {
      ans.assessment = job.embedded;
      ans.fallback_reason = v.error().message;
      count(svc, "credence_llm_failures_total", "LLM calls that fell back to the embedded judge",
            {{"reason", to_string(v.error().code)}});
      log::get("classifier")->warn("LLM fallback for {}: {}", job.key, v.error().message);
    }
    // On time or late, LLM verdict or fallback: this is the pair's answer. If
    // the requester already gave up (deadline), drift applies it now.
    svc->verdicts->put(job.key, ans.assessment);
    if (late_sink) caf::anon_send(late_sink, VerdictReady{job.key});
    caf::anon_send(parent, done_atom::value);
    self->quit();
    return ans;
  }};
}

}  // namespace

caf::behavior classifier_actor(caf::stateful_actor<classifier_state>* self, Services* svc,
                               caf::actor late_sink) {
  self->state.svc = svc;
  self->state.late_sink = std::move(late_sink);
  return {
      [=](ClassifyJob& job) -> caf::response_promise {
        auto& st = self->state;
        auto rp = self->make_response_promise();
        if (!st.svc->llm || st.svc->mode == ClassifierMode::embedded) {
          rp.deliver(ClassifyAnswer{job.key, job.embedded, false, "no LLM configured"});
          return rp;
        }
        if (st.inflight >= st.svc->llm_max_inflight) {
          count(st.svc, "credence_llm_failures_total",
                "LLM calls that fell back to the embedded judge", {{"reason", "overloaded"}});
          rp.deliver(ClassifyAnswer{job.key, job.embedded, false, "too many LLM calls in flight"});
          return rp;
        }
        ++st.inflight;
        count(st.svc, "credence_llm_calls_total", "LLM calls started");
        auto worker = self->spawn<caf::detached>(llm_worker, st.svc,
                                                 caf::actor_cast<caf::actor>(self), st.late_sink);
        const ClassifyAnswer fallback{job.key, job.embedded, false, "LLM worker failed"};
        // The worker's own curl timeout bounds the call; the requester keeps
        // its deadline. A late answer still reaches the cache and drift.
        self->request(worker, caf::infinite, std::move(job))
            .then([rp](ClassifyAnswer& a) mutable { rp.deliver(std::move(a)); },
                  [=](caf::error&) mutable {
                    if (self->state.inflight > 0) --self->state.inflight;
                    rp.deliver(fallback);
                  });
        return rp;
      },
      [=](done_atom) {
        if (self->state.inflight > 0) --self->state.inflight;
      },
      [=](stats_atom) -> std::size_t { return self->state.inflight; },
  };
}

}  // namespace credence
