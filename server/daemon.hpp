#pragma once
/// \file daemon.hpp
/// `credence serve`: the sidecar process. Owns the store, the actor system
/// and the HTTP server for the lifetime of the process.
///
/// Lifecycle: construct with the configuration, `start()` (opens the data
/// directory, catches the state up with the log, binds the listener), then
/// `wait_for_shutdown()` blocks until SIGTERM/SIGINT, drains in-flight work,
/// flushes state and returns. The caller must block SIGTERM/SIGINT in every
/// thread before start() (see cli/main.cpp).

#include <cstddef>
#include <memory>

#include "actors/messages.hpp"
#include "common/expected.hpp"
#include "config/config.hpp"

namespace credence {

class Daemon {
 public:
  explicit Daemon(Config config);
  ~Daemon();
  /// `serve_http` false starts everything but the HTTP listener (the
  /// in-process ingestion benchmark drives the pipeline with write() and
  /// message() instead).
  Status start(bool serve_http = true);
  /// Blocks until a shutdown signal, then shutdown(); returns the process
  /// exit code.
  int wait_for_shutdown();
  /// Stops taking requests, drains the actors, saves the vector index and
  /// flushes the state (what SIGTERM does). Returns the process exit code.
  int shutdown();

  /// The same per-user commands the HTTP workers send (to the user's
  /// ingestion shard, waiting for the reply), for in-process callers. A write
  /// without a memory id gets one.
  Expected<WriteReply> write(WriteCommand cmd);
  Expected<MessageReply> message(MessageCommand cmd);
  /// Live (not deleted) memories in the state.
  std::size_t live_memories() const;

 private:
  Status start_vector_search();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
