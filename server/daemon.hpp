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

#include <memory>

#include "common/expected.hpp"
#include "config/config.hpp"

namespace credence {

class Daemon {
 public:
  explicit Daemon(Config config);
  ~Daemon();
  Status start();
  /// Blocks until a shutdown signal; returns the process exit code.
  int wait_for_shutdown();

 private:
  Status start_vector_search();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
