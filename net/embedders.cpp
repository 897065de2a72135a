#include "net/embedders.hpp"

#include <cstdlib>

#include "engine/wordnet.hpp"
#include "net/http_embedder.hpp"

namespace credence {

std::optional<std::string> getenv_lookup(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (!v) return std::nullopt;
  return std::string(v);
}

Expected<std::shared_ptr<const Embedder>> make_embedder(
    const EmbedderConfig& c, std::shared_ptr<const WordNet> wordnet,
    const EnvLookup& env) {
  std::shared_ptr<const Embedder> inner;
  if (c.kind == "hash") {
    inner = std::make_shared<HashEmbedder>(static_cast<std::size_t>(c.dim),
                                           std::move(wordnet));
  } else if (c.kind == "http") {
    HttpEmbedder::Options o;
    o.url = c.url;
    o.model = c.model;
    o.dim = static_cast<std::size_t>(c.dim);
    if (!c.api_key_env.empty()) {
      auto key = env(c.api_key_env);
      if (!key || key->empty())
        return make_error(
            Errc::invalid_argument,
            "embedder.api_key_env names the environment variable " +
                c.api_key_env + ", which is not set",
            "embedder.api_key_env");
      o.api_key = *key;
    }
    o.timeout = std::chrono::milliseconds(c.timeout_ms);
    o.max_retries = static_cast<int>(c.max_retries);
    o.backoff = std::chrono::milliseconds(c.backoff_ms);
    o.max_backoff = std::chrono::milliseconds(c.max_backoff_ms);
    o.batch_size = static_cast<std::size_t>(c.batch_size);
    o.pool_size = static_cast<std::size_t>(c.pool_size);
    auto http = HttpEmbedder::create(std::move(o));
    if (!http) return http.error();
    inner = std::shared_ptr<const Embedder>(std::move(*http));
  } else {
    return make_error(
        Errc::invalid_argument,
        "embedder.kind must be hash or http, got \"" + c.kind + "\"",
        "embedder.kind");
  }
  if (c.cache_entries <= 0) return inner;
  return std::shared_ptr<const Embedder>(std::make_shared<CachingEmbedder>(
      std::move(inner), static_cast<std::size_t>(c.cache_entries)));
}

}  // namespace credence
