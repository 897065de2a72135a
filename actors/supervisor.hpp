#pragma once
/// \file supervisor.hpp
/// The root of the actor tree. Spawns the ingestion shards, the classifier,
/// drift, decay, consolidation and the gate; monitors them and restarts one
/// that crashes (at most `max_restarts` times per `restart_window` each; a
/// child past its budget stays down and the daemon reports itself degraded).
///
/// It is also the stable address of every role: commands sent to it are
/// delegated to the current child (requests are answered by the child
/// directly), so a restart is invisible to callers. Ingestion reaches the
/// classifier, and the classifier reaches drift, through it as well.
///
/// Shutdown: an exit message (user_shutdown) is forwarded to every child;
/// detached children finish the message in hand first (await them with
/// actor_system::await_all_actors_done).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

#include <caf/actor.hpp>
#include <caf/behavior.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/messages.hpp"

namespace credence {

/// The user -> ingestion shard choice (the same everywhere, so a user's
/// commands keep their order whichever way they travel).
std::size_t shard_index(const std::string& user, std::size_t shards);

/// The live ingestion shards, for callers that send a user's commands to
/// the shard directly (the HTTP workers) instead of through the supervisor.
/// The supervisor fills a slot when it (re)spawns a shard and empties it when
/// the shard dies; an empty slot means "ask the supervisor".
class ShardTable {
 public:
  /// `shards` slots, as many as the supervisor spawns, so a user maps to the
  /// same shard here as in the supervisor from the first request on.
  explicit ShardTable(std::size_t shards) : shards_(std::max<std::size_t>(1, shards)) {}
  void set(std::size_t index, caf::actor shard);
  /// The shard of `user`, or an invalid handle.
  caf::actor pick(const std::string& user) const;
  void clear();

 private:
  mutable std::shared_mutex mu_;
  std::vector<caf::actor> shards_;
};

struct SupervisorOptions {
  std::size_t ingestion_shards = 2;
  std::size_t max_restarts = 5;
  std::chrono::seconds restart_window{60};
  std::shared_ptr<ShardTable> shards;  ///< published ingestion shards (optional)
};

struct supervisor_state {
  static inline const char* name = "supervisor";
  Services* svc = nullptr;
  SupervisorOptions opt;
  std::vector<caf::actor> ingestion;
  caf::actor classifier, drift, decay, consolidation, gate;
  std::map<caf::actor_addr, std::string> roles;
  std::map<std::string, std::deque<caf::actor_clock::time_point>> restart_times;
  std::uint64_t restarts = 0;
  std::shared_ptr<std::atomic<bool>> degraded = std::make_shared<std::atomic<bool>>(false);
  bool stopping = false;
};

/// Answers stats_atom with the number of restarts so far.
caf::behavior supervisor_actor(caf::stateful_actor<supervisor_state>* self, Services* svc,
                               SupervisorOptions opt, std::shared_ptr<std::atomic<bool>> degraded);

}  // namespace credence
