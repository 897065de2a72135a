#pragma once
/// \file api.hpp
/// The HTTP JSON API a chat agent talks to (docs/openapi.yaml). Handlers
/// parse and validate input (errors name the field), send commands to the
/// actors through the supervisor (so a user's decisions stay ordered), and
/// render JSON. Reads go straight to the state under its read lock.
///
/// Threading: handlers run on cpp-httplib's worker threads; each uses its
/// own scoped_actor for requests and a thread-local JSON parser.

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <caf/actor.hpp>

#include "actors/services.hpp"
#include "config/config.hpp"

namespace httplib {
class Server;
}
namespace caf {
class actor_system;
}

namespace credence {

class WordNet;
class ShardTable;

struct ApiContext {
  Services* svc = nullptr;
  caf::actor_system* sys = nullptr;
  caf::actor supervisor;
  /// The live ingestion shards: writes, messages and decisions go to the
  /// user's shard directly when it is up (else through the supervisor).
  std::shared_ptr<ShardTable> shards;
  Config config;
  std::shared_ptr<const WordNet> wordnet;
  std::shared_ptr<std::atomic<bool>> degraded;
  /// Similarity search for `q` and context (memory ids with scores in [0, 1]);
  /// null falls back to keyword overlap.
  std::function<std::vector<Candidate>(const std::string& user, std::string_view text,
                                       std::size_t k)>
      search;
  std::atomic<int> inflight{0};
};

/// A route as documented: method and OpenAPI path ("/v1/memories/{id}").
struct RouteInfo {
  std::string method;
  std::string path;
};

/// Registers every route and the auth / limits / error handlers on `server`.
void install_api(httplib::Server& server, ApiContext& ctx);
/// Every route install_api registers (for the OpenAPI consistency test).
std::vector<RouteInfo> api_routes();

/// The OpenAPI document as JSON (generated at build time from docs/openapi.yaml).
const std::string& openapi_json();

}  // namespace credence
