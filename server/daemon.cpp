#include "server/daemon.hpp"

#include <csignal>
#include <thread>

#include <caf/all.hpp>
#include <httplib.h>

#include "actors/supervisor.hpp"
#include "common/log.hpp"
#include "common/metrics.hpp"
#include "engine/judge.hpp"
#include "engine/lexicon.hpp"
#include "engine/normalizer.hpp"
#include "net/llm_client.hpp"
#include "server/api.hpp"
#include "server/api_common.hpp"
#include "engine/wordnet.hpp"
#include "net/embedders.hpp"
#include "store/event_log.hpp"
#include "store/memory_index.hpp"
#include "store/prescreen_service.hpp"
#include "store/state_store.hpp"

namespace credence {

namespace {

bool split_listen(const std::string& listen, std::string& host, int& port) {
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos) return false;
  host = listen.substr(0, colon);
  try {
    port = std::stoi(listen.substr(colon + 1));
  } catch (...) {
    return false;
  }
  return port >= 0 && port < 65536 && !host.empty();
}

JudgeInput judge_input(const Memory& m) {
  return JudgeInput{m.text, &m.claim, m.kind, m.source, m.confidence, m.created_at, m.valid_from};
}

Assessment to_assessment(const Verdict& v, const std::string& existing_id) {
  Assessment a;
  a.existing_id = existing_id;
  a.classification = v.classification;
  a.confidence = v.confidence;
  a.tier = v.tier;
  a.action = v.action;
  a.temporal_signal = v.temporal_signal;
  a.reasoning = v.reasoning;
  a.surface_context = v.surface_context;
  return a;
}

/// The fallback pre-screen, used only when the embedder fails: the user's
/// live memories that share the claim's subject and slot, or enough content
/// words.
std::vector<Candidate> overlap_candidates(StateStore& store, const Incoming& in, bool history,
                                          std::size_t k) {
  std::vector<Candidate> out;
  auto words = simple_keywords(in.text);
  std::sort(words.begin(), words.end());
  store.read([&](const State& s) {
    for (const auto& id : s.user_memories(in.user)) {
      const Memory* m = s.memory(id);
      if (!m || m->deleted() || m->id == in.memory_id || (m->superseded() && !history)) continue;
      auto mw = simple_keywords(m->text);
      std::sort(mw.begin(), mw.end());
      std::vector<std::string> common;
      std::set_intersection(words.begin(), words.end(), mw.begin(), mw.end(),
                            std::back_inserter(common));
      const double jaccard = words.empty() || mw.empty()
                                 ? 0
                                 : static_cast<double>(common.size()) /
                                       static_cast<double>(words.size() + mw.size() - common.size());
      const bool same_slot = !in.claim.slot.empty() && m->claim.slot == in.claim.slot &&
                             m->claim.subject == in.claim.subject;
      // A change statement that names the old value ("left Acme") is kept.
      bool names_old = false;
      for (const auto& fv : in.claim.from_values)
        for (const auto& v : m->claim.values) names_old = names_old || fv == v;
      const bool cue = !in.claim.change_cues.empty() && !common.empty();
      if (same_slot || names_old || cue || jaccard >= 0.2)
        out.push_back({id, same_slot || names_old ? std::max(0.5, jaccard) : jaccard});
    }
    return 0;
  });
  std::stable_sort(out.begin(), out.end(),
                   [](const Candidate& a, const Candidate& b) { return a.similarity > b.similarity; });
  if (out.size() > k) out.resize(k);
  return out;
}

}  // namespace

struct Daemon::Impl {
  Config config;
  std::shared_ptr<spdlog::logger> log = log::get("daemon");
  std::unique_ptr<EventLog> event_log;
  std::unique_ptr<StateStore> state;
  std::unique_ptr<MemoryIndex> memory_index;  // follows `state`; destroyed before it
  std::unique_ptr<Prescreen> prescreen;
  std::shared_ptr<const Lexicon> lexicon;
  std::unique_ptr<Judge> judge;
  std::unique_ptr<LlmClient> llm;
  Metrics metrics;
  Services svc;
  caf::actor_system_config caf_cfg;
  std::unique_ptr<caf::actor_system> sys;
  caf::actor supervisor;
  std::shared_ptr<std::atomic<bool>> degraded = std::make_shared<std::atomic<bool>>(false);
  ApiContext api;
  httplib::Server http;
  std::thread http_thread;
  std::string host;
  int port = 0;
};

Daemon::Daemon(Config config) : impl_(std::make_unique<Impl>()) {
  impl_->config = std::move(config);
}

Daemon::~Daemon() {
  auto& im = *impl_;
  if (im.http_thread.joinable()) {
    im.http.stop();
    im.http_thread.join();
  }
  if (im.sys) {
    caf::anon_send_exit(im.supervisor, caf::exit_reason::user_shutdown);
    im.sys->await_all_actors_done();
    im.sys.reset();
  }
}

/// The embedder, the vector index following the state, and the pre-screen.
Status Daemon::start_vector_search() {
  auto& im = *impl_;
  // The hash embedder shares the judge's WordNet (loaded once).
  std::shared_ptr<const WordNet> wordnet(im.lexicon, &im.lexicon->wordnet());
  auto embedder = make_embedder(im.config.embedder, wordnet);
  if (!embedder) return embedder.error();
  auto index = MemoryIndex::open(*im.state, *embedder,
                                 MemoryIndex::options_from(im.config.index, im.config.store));
  if (!index) return index.error();
  im.memory_index = std::move(*index);
  auto options = Prescreen::options_from(im.config.prescreen);
  if (!options) return options.error();
  im.prescreen = std::make_unique<Prescreen>(*im.memory_index, *im.state, *options, im.lexicon);
  im.log->info("pre-screen ready: embedder {}, {} vectors", (*embedder)->id(),
               im.memory_index->index().stats().vectors);
  return {};
}

Status Daemon::start(bool serve_http) {
  auto& im = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  if (!split_listen(im.config.server.listen, im.host, im.port))
    return make_error(Errc::invalid_argument,
                      "server.listen must be host:port, got \"" + im.config.server.listen + "\"",
                      "server.listen");
  // Lexical knowledge first: a missing WordNet is a set-up problem to report
  // before anything touches the data directory.
  auto lex = Lexicon::load(im.config.judge);
  if (!lex) return lex.error();
  im.lexicon = *lex;
  im.judge = std::make_unique<Judge>(im.lexicon);

  EventLog::Options lo;
  lo.dir = im.config.store.data_dir;
  lo.fsync = im.config.store.sync == "fsync";
  lo.max_batch_events = static_cast<std::size_t>(im.config.store.group_commit_max_events);
  lo.block_cache_mb = static_cast<std::size_t>(im.config.store.block_cache_mb);
  auto log = EventLog::open(lo);
  if (!log) return log.error();
  im.event_log = std::move(*log);
  StateStore::Options so;
  so.flush_interval = std::chrono::milliseconds(im.config.store.state_flush_ms);
  auto st = StateStore::open(*im.event_log, so);
  if (!st) return st.error();
  im.state = std::move(*st);
  if (auto vs = start_vector_search(); !vs) return vs;

  // The services every actor shares.
  Services& svc = im.svc;
  svc.store = im.state.get();
  svc.clock = &SystemClock::instance();
  svc.ids = std::make_shared<ClockIds>(SystemClock::instance());
  svc.policy = im.config.policy;
  svc.ledger_config = im.config.ledger;
  svc.metrics = &im.metrics;
  const Lexicon* lexp = im.lexicon.get();
  svc.normalize = [lexp](std::string_view text, MemoryKind kind, std::optional<Millis> valid_from) {
    return normalize(*lexp, text, NormalizeContext{kind, std::nullopt, valid_from});
  };
  svc.single_valued = [lexp](std::string_view slot) {
    const SlotDef* d = lexp->slot(slot);
    return d && d->single;
  };
  const Judge* judge = im.judge.get();
  svc.judge = [judge](const Memory& existing, const Incoming& in) {
    const JudgeInput a = judge_input(existing);
    const JudgeInput b{in.text, &in.claim, in.kind, in.source, in.confidence, in.created_at,
                       in.valid_from};
    return to_assessment(judge->classify(a, b), existing.id);
  };
  StateStore* store = im.state.get();
  const Prescreen* prescreen = im.prescreen.get();
  auto dlog = im.log;
  // The vector pre-screen; keyword overlap when the embedder fails (an http
  // embedding service that is down), so detection goes on without it.
  svc.candidates = [store, prescreen, dlog](const Incoming& in, bool history) {
    Prescreen::Request rq;
    rq.user = in.user;
    rq.claim = in.claim;
    rq.text = in.text;
    rq.include_history = history;
    rq.self_id = in.memory_id;
    // A statement already stored is being re-examined (drift, consolidation).
    const bool stored = !in.memory_id.empty() &&
                        store->read([&](const State& s) { return s.memory(in.memory_id) != nullptr; });
    rq.context = stored ? DetectionContext::drift : DetectionContext::ingestion;
    auto res = prescreen->candidates(rq);
    if (!res) {
      dlog->warn("pre-screen failed ({}); falling back to keyword overlap", res.error().describe());
      return overlap_candidates(*store, in, history, prescreen->options().screen.max_candidates);
    }
    std::vector<Candidate> out;
    out.reserve(res->candidates.size());
    for (const auto& c : res->candidates) out.push_back({c.memory_id, c.similarity});
    if (dlog->should_log(spdlog::level::debug)) {
      std::string why;
      for (const auto& c : res->candidates)
        why += fmt::format(" {}:{:.3f}:kept:{}", c.memory_id, c.similarity, to_string(c.reason));
      for (const auto& d : res->dropped)
        why += fmt::format(" {}:{:.3f}:dropped:{}", d.memory_id, d.similarity, to_string(d.reason));
      dlog->debug("pre-screen of \"{}\": {} neighbours;{}", in.text, res->neighbours, why);
    }
    return out;
  };
  Histogram* append_latency = &im.metrics.histogram(
      "credence_log_append_seconds", "Event log append latency (queued to durable and applied)");
  svc.append = [store, append_latency](std::vector<Event> evs, StateStore::SubmitCallback done) {
    const auto t0 = std::chrono::steady_clock::now();
    store->submit_async(std::move(evs), [done = std::move(done), t0, append_latency](
                                            Expected<EventLog::CommitResult> r) {
      append_latency->observe(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      done(std::move(r));
    });
  };
  const auto& pc = im.config.pipeline;
  svc.mode = pc.mode == "cascade" ? ClassifierMode::cascade
             : pc.mode == "llm"   ? ClassifierMode::llm
                                  : ClassifierMode::embedded;
  if (!im.config.llm.url.empty()) {
    LlmConfig lc{im.config.llm.url, im.config.llm.model, im.config.llm.api_key_env,
                 im.config.llm.timeout_ms};
    im.llm = std::make_unique<LlmClient>(lc);
    const LlmClient* client = im.llm.get();
    svc.llm = [client](const PairSide& a, const PairSide& b) { return client->classify(a, b); };
  }
  svc.llm_max_inflight = static_cast<std::size_t>(pc.llm_max_inflight);
  svc.deadline = std::chrono::milliseconds(pc.deadline_ms);
  svc.drift_interval = std::chrono::seconds(pc.drift_interval_s);
  svc.decay_interval = std::chrono::seconds(pc.decay_interval_s);
  svc.drift_candidates = static_cast<std::size_t>(pc.drift_candidates);

  // Metric families exist from the start (a scrape never misses one).
  im.metrics.counter("credence_classifications_total", "Pair classifications by class and stage");
  im.metrics.counter("credence_deadline_misses_total",
                     "Requests with pairs that missed the classification deadline");
  im.metrics.counter("credence_llm_failures_total", "LLM calls that fell back to the embedded judge");
  im.metrics.counter("credence_actor_restarts_total", "Actors restarted after a crash");
  im.metrics.histogram("credence_ingestion_seconds", "Ingestion latency from arrival to reply");

  // The actors. CAF's own config parsing (caf-application.ini) is skipped.
  im.caf_cfg.set("scheduler.max-threads", static_cast<std::size_t>(pc.actor_threads));
  im.caf_cfg.set("work-stealing.moderate-poll-attempts", static_cast<std::size_t>(pc.idle_naps));
  im.sys = std::make_unique<caf::actor_system>(im.caf_cfg);
  auto shards = std::make_shared<ShardTable>(static_cast<std::size_t>(pc.shards));
  im.supervisor = im.sys->spawn(supervisor_actor, &im.svc,
                                SupervisorOptions{static_cast<std::size_t>(pc.shards), 5,
                                                  std::chrono::seconds(60), shards},
                                im.degraded);
  im.api.shards = shards;

  // The HTTP API.
  im.api.svc = &im.svc;
  im.api.sys = im.sys.get();
  im.api.supervisor = im.supervisor;
  im.api.config = im.config;
  im.api.wordnet = std::shared_ptr<const WordNet>(im.lexicon, &im.lexicon->wordnet());
  im.api.degraded = im.degraded;
  // Similarity search for `q` and context assembly. Superseded memories take
  // part (a query may look at the past; the API filters by its own rules).
  im.api.search = [prescreen, store, dlog](const std::string& user, std::string_view text,
                                          std::size_t k) {
    std::vector<Candidate> out;
    auto hits = prescreen->nearest(user, text, k, true);
    if (!hits) {
      dlog->warn("similarity search failed ({}); keyword overlap only", hits.error().describe());
      Incoming in;
      in.user = user;
      in.text = std::string(text);
      return overlap_candidates(*store, in, true, k);
    }
    for (const auto& h : *hits) out.push_back({h.id, std::max(0.0, static_cast<double>(h.similarity))});
    return out;
  };
  im.http.new_task_queue = [n = im.config.server.threads] {
    return new httplib::ThreadPool(static_cast<std::size_t>(n));
  };
  // Responses go out as header and body writes: without TCP_NODELAY, Nagle's
  // algorithm holds the second write for the client's delayed ACK (~40 ms).
  im.http.set_tcp_nodelay(true);
  install_api(im.http, im.api);
  if (!serve_http) {
    im.log->info("credence pipeline ready without HTTP (data in {}, classifier {})",
                 im.config.store.data_dir, pc.mode);
    return {};
  }
  if (im.port == 0) {
    im.port = im.http.bind_to_any_port(im.host);
    if (im.port <= 0)
      return make_error(Errc::unavailable, "cannot listen on " + im.config.server.listen,
                        "server.listen");
  } else if (!im.http.bind_to_port(im.host, im.port)) {
    return make_error(Errc::unavailable, "cannot listen on " + im.config.server.listen,
                      "server.listen");
  }
  im.http_thread = std::thread([this] { impl_->http.listen_after_bind(); });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
  im.log->info("credence listening on {}:{} (data in {}, classifier {}, started in {} ms)",
               im.host, im.port, im.config.store.data_dir, pc.mode, ms);
  return {};
}

int Daemon::wait_for_shutdown() {
  auto& im = *impl_;
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGINT);
  sigaddset(&sigs, SIGTERM);
  int sig = 0;
  sigwait(&sigs, &sig);
  im.log->info("received {}, draining", sig == SIGTERM ? "SIGTERM" : "SIGINT");
  return shutdown();
}

Expected<WriteReply> Daemon::write(WriteCommand cmd) {
  auto& im = *impl_;
  if (cmd.request.memory.id.empty()) cmd.request.memory.id = im.svc.ids->next("mem");
  const std::string user = cmd.request.memory.user;
  return api::ask_shard<WriteReply>(im.api, user, std::move(cmd), api::command_timeout(im.api));
}

Expected<MessageReply> Daemon::message(MessageCommand cmd) {
  auto& im = *impl_;
  const std::string user = cmd.user;
  const auto timeout = api::message_timeout(im.api, cmd);
  return api::ask_shard<MessageReply>(im.api, user, std::move(cmd), timeout);
}

std::size_t Daemon::live_memories() const {
  return impl_->state->read([](const State& s) { return s.live_memory_count(); });
}

int Daemon::shutdown() {
  auto& im = *impl_;
  if (!im.sys) return 0;
  // 1. Stop taking requests; requests in flight finish (they wait on actors).
  if (im.http_thread.joinable()) {
    im.http.stop();
    im.http_thread.join();
  }
  // 2. Stop the actors; a drift or decay cycle in hand completes first and
  //    commits its cursor with its effects.
  caf::anon_send_exit(im.supervisor, caf::exit_reason::user_shutdown);
  im.sys->await_all_actors_done();
  im.sys.reset();
  // 3. Save the vector index (it follows the state, so it goes first).
  im.prescreen.reset();
  im.memory_index.reset();
  // 4. Drain queued appends, persist the state and its cursor.
  int rc = 0;
  if (auto st = im.state->flush(); !st) {
    im.log->error("final flush failed: {}", st.error().describe());
    rc = 1;
  }
  im.state.reset();
  im.event_log.reset();
  im.log->info("shutdown complete");
  return rc;
}

}  // namespace credence
