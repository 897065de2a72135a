#pragma once
/// \file http_embedder.hpp
/// The `http` embedder: the OpenAI-compatible embeddings protocol over
/// libcurl, as served by Ollama, llama.cpp server, vLLM, Text Embeddings
/// Inference and OpenAI.
///
///   POST {url}/embeddings   {"model": "...", "input": ["text", ...]}
///   200 {"data": [{"embedding": [0.1, ...], "index": 0}, ...]}
///
/// Inputs are sent in batches of at most `batch_size`. Each HTTP attempt has
/// its own deadline (`timeout`); a 429, a 5xx or a dropped connection is
/// retried up to `max_retries` times with exponential backoff and jitter,
/// honouring a Retry-After header up to `max_backoff` (a server that asks
/// for longer fails the call at once as `overloaded`). A timeout is not
/// retried: the deadline is the caller's budget. Every vector is checked
/// (count, indices, dimension, finite numbers) and L2-normalised.
///
/// Errors are values that name the endpoint and the cause, e.g.
///   "POST http://127.0.0.1:11434/v1/embeddings: timed out after 2000 ms"
///
/// Lifecycle: `create` once; destroying it closes the connections. Threading:
/// thread-safe. A pool of at most `pool_size` curl handles, each keeping its
/// connection alive, serves concurrent callers (extra callers wait for a
/// free handle within their deadline).

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "common/expected.hpp"
#include "engine/embedder.hpp"

namespace credence {

class HttpEmbedder final : public Embedder {
 public:
  struct Options {
    std::string url;  ///< base URL; requests go to {url}/embeddings
    std::string model;
    std::size_t dim = 0;
    std::string api_key;  ///< sent as a bearer token when non-empty
    std::chrono::milliseconds timeout{2000};
    int max_retries = 3;
    std::chrono::milliseconds backoff{100};
    std::chrono::milliseconds max_backoff{5000};
    std::size_t batch_size = 64;
    std::size_t pool_size = 4;
  };

  /// Checks the options (URL scheme, dim, sizes); no network traffic.
  static Expected<std::unique_ptr<HttpEmbedder>> create(Options options);
  ~HttpEmbedder() override;
  HttpEmbedder(const HttpEmbedder&) = delete;
  HttpEmbedder& operator=(const HttpEmbedder&) = delete;

  std::size_t dim() const override;
  const std::string& id() const override;
  Expected<Embeddings> embed_batch(
      std::span<const std::string> texts) const override;

  /// The full endpoint URL ({url}/embeddings).
  const std::string& endpoint() const;

  struct Stats {
    std::uint64_t requests = 0;  ///< HTTP attempts made
    std::uint64_t retries = 0;
    std::uint64_t failures = 0;  ///< calls that returned an error
  };
  Stats stats() const;

 private:
  struct Impl;
  explicit HttpEmbedder(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
