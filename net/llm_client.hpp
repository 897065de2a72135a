#pragma once
/// \file llm_client.hpp
/// An optional LLM second opinion on a pair of memories, over the
/// OpenAI-compatible chat completions protocol (`POST {url}/chat/completions`,
/// served by Ollama, llama.cpp server, vLLM and OpenAI).
///
/// Every call is bounded by `timeout_ms` (CURLOPT_TIMEOUT_MS), so a worker
/// never hangs. A refusal, non-JSON content, an unknown label, a timeout or
/// an HTTP error is returned as an Error; callers fall back to the embedded
/// judge's verdict. Thread-safe: calls may run concurrently (easy handles are
/// pooled so connections are reused).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/time.hpp"
#include "engine/model.hpp"

namespace credence {

struct LlmConfig {
  std::string url;        ///< base URL, e.g. http://127.0.0.1:11434/v1
  std::string model = "llama3.1";
  std::string api_key_env;  ///< name of the variable holding the API key ("" = none)
  std::int64_t timeout_ms = 5000;
};

/// One side of the pair, with the metadata seed 000 asks the classifier to see.
struct PairSide {
  std::string text;
  MemoryKind kind = MemoryKind::trait;
  Source source = Source::explicit_;
  double confidence = 0.9;
  Millis created_at = 0;
  std::uint32_t reinforcement_count = 0;
  Millis last_reinforced_at = 0;
};

struct LlmVerdict {
  Classification classification = Classification::unrelated;
  double confidence = 0;
  bool temporal_signal = false;
  std::string reasoning;
  std::string surface_context;
  std::string recommended_resolution;
};

class LlmClient {
 public:
  explicit LlmClient(LlmConfig config);
  ~LlmClient();
  LlmClient(const LlmClient&) = delete;
  LlmClient& operator=(const LlmClient&) = delete;

  /// Asks "can both be true at the same time?" about (existing, incoming).
  Expected<LlmVerdict> classify(const PairSide& existing, const PairSide& incoming) const;

  /// The request body sent for a pair (exposed for tests).
  std::string request_body(const PairSide& existing, const PairSide& incoming) const;
  /// Parses a chat completions response body into a verdict.
  static Expected<LlmVerdict> parse_response(std::string_view body);

  const LlmConfig& config() const { return config_; }

 private:
  struct Pool;
  LlmConfig config_;
  std::unique_ptr<Pool> pool_;
};

}  // namespace credence
