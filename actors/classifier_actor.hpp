#pragma once
/// \file classifier_actor.hpp
/// The classifier: an LLM second opinion on a pair, answered as a
/// ClassifyAnswer. Each LLM call runs on its own one-shot detached worker
/// (a blocking curl call bounded by llm.timeout_ms), so a slow call never
/// queues a fast one behind it; at most `llm_max_inflight` run at once and
/// beyond that the embedded verdict answers at once. A refusal, bad JSON, a
/// timeout or an HTTP error falls back to the embedded verdict and is
/// counted. Every answer (the LLM's or the fallback), on time or late, is put
/// in the verdict cache and announced to `late_sink` (drift) with
/// VerdictReady, so a pair that missed the ingestion deadline is finished as
/// soon as its answer exists.

#include <cstddef>

#include <caf/actor.hpp>
#include <caf/behavior.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/messages.hpp"

namespace credence {

using done_atom = caf::atom_constant<caf::atom("done")>;

struct classifier_state {
  static inline const char* name = "classifier";
  Services* svc = nullptr;
  caf::actor late_sink;
  std::size_t inflight = 0;
};

caf::behavior classifier_actor(caf::stateful_actor<classifier_state>* self, Services* svc,
                               caf::actor late_sink);

}  // namespace credence
