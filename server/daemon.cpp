#include "server/daemon.hpp"

#include <csignal>
#include <thread>

#include <httplib.h>

#include "common/log.hpp"
#include "engine/wordnet.hpp"
#include "net/embedders.hpp"
#include "store/event_log.hpp"
#include "store/memory_index.hpp"
#include "store/prescreen_service.hpp"
#include "store/state_store.hpp"

namespace credence {

struct Daemon::Impl {
  Config config;
  std::shared_ptr<spdlog::logger> log = log::get("daemon");
  std::unique_ptr<EventLog> event_log;
  std::unique_ptr<StateStore> state;
  std::unique_ptr<MemoryIndex> memory_index;  // follows `state`; destroyed first
  std::unique_ptr<Prescreen> prescreen;
  httplib::Server http;
  std::thread http_thread;
  std::string host;
  int port = 0;
};

Daemon::Daemon(Config config) : impl_(std::make_unique<Impl>()) {
  impl_->config = std::move(config);
}

Daemon::~Daemon() {
  if (impl_->http_thread.joinable()) {
    impl_->http.stop();
    impl_->http_thread.join();
  }
}

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
}  // namespace

/// The embedder, the vector index following the state, and the pre-screen.
Status Daemon::start_vector_search() {
  auto& im = *impl_;
  std::shared_ptr<const WordNet> wordnet;
  if (auto wn = WordNet::load(); wn) {
    wordnet = *wn;
  } else {
    im.log->warn("hash embedder without WordNet (no lemmas or synsets): {}",
                 wn.error().message);
  }
  auto embedder = make_embedder(im.config.embedder, wordnet);
  if (!embedder) return embedder.error();
  auto index = MemoryIndex::open(*im.state, *embedder,
                                 MemoryIndex::options_from(im.config.index, im.config.store));
  if (!index) return index.error();
  im.memory_index = std::move(*index);
  auto options = Prescreen::options_from(im.config.prescreen);
  if (!options) return options.error();
  im.prescreen = std::make_unique<Prescreen>(*im.memory_index, *im.state, *options);
  im.log->info("pre-screen ready: embedder {}, {} vectors", (*embedder)->id(),
               im.memory_index->index().stats().vectors);
  return {};
}

Status Daemon::start() {
  auto& im = *impl_;
  if (!split_listen(im.config.server.listen, im.host, im.port))
    return make_error(Errc::invalid_argument,
                      "server.listen must be host:port, got \"" + im.config.server.listen + "\"",
                      "server.listen");
  EventLog::Options lo;
  lo.dir = im.config.store.data_dir;
  lo.fsync = im.config.store.sync == "fsync";
  lo.max_batch_events = static_cast<std::size_t>(im.config.store.group_commit_max_events);
  lo.block_cache_mb = static_cast<std::size_t>(im.config.store.block_cache_mb);
  auto log = EventLog::open(lo);
  if (!log) return log.error();
  im.event_log = std::move(*log);
  auto st = StateStore::open(*im.event_log, {});
  if (!st) return st.error();
  im.state = std::move(*st);
  if (auto vs = start_vector_search(); !vs) return vs;

  im.http.Get("/healthz", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("{\"status\":\"ok\"}", "application/json");
  });
  im.http.Get("/readyz", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content("{\"status\":\"ready\",\"applied_seq\":" +
                        std::to_string(impl_->state->applied_seq()) + "}",
                    "application/json");
  });
  if (im.port == 0) {
    // Port 0: the OS picks a free port (used by tests); it is logged below.
    im.port = im.http.bind_to_any_port(im.host);
    if (im.port <= 0)
      return make_error(Errc::unavailable, "cannot listen on " + im.config.server.listen,
                        "server.listen");
  } else if (!im.http.bind_to_port(im.host, im.port)) {
    return make_error(Errc::unavailable, "cannot listen on " + im.config.server.listen,
                      "server.listen");
  }
  im.http_thread = std::thread([this] { impl_->http.listen_after_bind(); });
  im.log->info("credence listening on {}:{} (data in {})", im.host, im.port,
               im.config.store.data_dir);
  return {};
}

int Daemon::wait_for_shutdown() {
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGINT);
  sigaddset(&sigs, SIGTERM);
  int sig = 0;
  sigwait(&sigs, &sig);
  impl_->log->info("received {}, draining", sig == SIGTERM ? "SIGTERM" : "SIGINT");
  impl_->http.stop();
  if (impl_->http_thread.joinable()) impl_->http_thread.join();
  impl_->prescreen.reset();
  impl_->memory_index.reset();  // saves the vector index
  if (auto st = impl_->state->flush(); !st) {
    impl_->log->error("final flush failed: {}", st.error().describe());
    return 1;
  }
  impl_->state.reset();
  impl_->event_log.reset();
  impl_->log->info("shutdown complete");
  return 0;
}

}  // namespace credence
