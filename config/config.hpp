#pragma once
/// \file config.hpp
/// credence's settings: one struct per section of config/credence.toml.
///
/// Lifecycle: `load_config` builds a Config once at start (defaults, then
/// the TOML file, then CREDENCE_<SECTION>_<KEY> environment variables, then
/// command-line overrides, each layer overriding the one before). Components
/// receive the section they need by value; nothing reads a global.
///
/// Adding a setting: a field here (with its default), one line in the schema
/// table in config.cpp, and a documented entry in config/credence.toml
/// (tests/unit/config_test.cpp checks that the three agree).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "engine/ledger.hpp"
#include "engine/policy.hpp"

namespace credence {

struct ServerConfig {
  std::string listen = "127.0.0.1:7420";
  std::string auth_token;
  std::int64_t max_body_bytes = 1 << 20;
  std::int64_t threads = 8;
  std::int64_t max_queue = 512;
};

struct StoreConfig {
  std::string data_dir = "./data";
  std::string sync = "fsync";  ///< "fsync" (per batch) | "os" (OS-buffered)
  std::int64_t group_commit_max_events = 4096;
  std::int64_t block_cache_mb = 64;
  std::int64_t state_flush_ms = 50;
};

struct LogConfig {
  std::string level = "info";
  std::string format = "text";  ///< "text" | "json"
};

/// The embedded judge (engine/lexicon.hpp, engine/judge.hpp).
struct JudgeConfig {
  std::string wordnet_dir = "/usr/share/wordnet";
  /// Directory of curated lexicon files; empty = the copy built into the binary.
  std::string lexicon_dir;
  /// Confidence at or above which a verdict is tier HIGH (a true
  /// contradiction at HIGH is the only verdict that blocks a guarded write).
  double high_confidence = 0.85;
  /// Confidence at or above which a verdict is tier MED (below: LOW, and the
  /// later stages, a gated NLI model or an LLM, would be consulted).
  double med_confidence = 0.6;
  /// The learned fallback (config/lexicon/judge_model.txt): weighs the cues of
  /// a pair the structural comparison did not settle (its verdict unrelated,
  /// or below HIGH, except a contradiction with "never" / "not at all"). Its
  /// verdicts are LOW, so they never block.
  bool learned_fallback = true;
  /// The fallback changes a verdict only when it gives its class at least
  /// this probability.
  double learned_min_probability = 0.50;
};

/// The actor pipeline: [ingestion], [classifier], [drift] and the decay interval.
struct PipelineConfig {
  std::int64_t deadline_ms = 600;     ///< ingestion.deadline_ms
  std::int64_t shards = 2;            ///< ingestion.shards
  std::int64_t actor_threads = 2;     ///< ingestion.actor_threads (CAF scheduler)
  std::int64_t idle_naps = 0;         ///< ingestion.idle_naps (CAF work-stealing naps)
  std::string mode = "embedded";      ///< classifier.mode: embedded | cascade | llm
  std::int64_t llm_max_inflight = 4;  ///< classifier.max_inflight
  std::int64_t drift_interval_s = 1800;
  std::int64_t drift_candidates = 5;
  std::int64_t decay_interval_s = 3600;
};

/// [llm]: an optional OpenAI-compatible chat completions endpoint.
struct LlmSettings {
  std::string url;  ///< e.g. http://127.0.0.1:11434/v1 ("" = none)
  std::string model = "llama3.1";
  std::string api_key_env;
  std::int64_t timeout_ms = 5000;
};

/// [embedder]: how texts become vectors (engine/embedder.hpp, net/).
struct EmbedderConfig {
  std::string kind = "hash";  ///< "hash" (offline) | "http" (OpenAI-compatible)
  std::int64_t dim = 384;
  std::string url = "http://127.0.0.1:11434/v1";  ///< http: POST {url}/embeddings
  std::string model = "nomic-embed-text";
  std::string api_key_env;  ///< name of the env variable holding the API key
  std::int64_t timeout_ms = 2000;
  std::int64_t max_retries = 3;
  std::int64_t backoff_ms = 100;
  std::int64_t max_backoff_ms = 5000;
  std::int64_t batch_size = 64;
  std::int64_t pool_size = 4;
  std::int64_t cache_entries = 4096;
};

/// [index]: the per-user vector index (store/vector_index.hpp).
struct IndexConfig {
  std::int64_t hnsw_threshold = 2048;
  std::int64_t hnsw_m = 16;
  std::int64_t hnsw_ef_construction = 200;
  std::int64_t hnsw_ef_search = 128;
  std::int64_t build_threads = 1;
  std::int64_t term_postings = 256;
  std::int64_t save_interval_s = 300;
};

/// [prescreen]: which neighbours reach the judge (engine/prescreen.hpp).
struct PrescreenConfig {
  std::int64_t k = 10;
  double min_similarity = 0.3;
  double high_similarity = 0.6;
  std::int64_t min_keyword_overlap = 1;
  std::int64_t max_candidates = 5;
  bool keep_duplicates = true;
  std::string ingestion_kinds = "trait,concept";
  std::string drift_kinds = "trait,concept,episode";
};

struct Config {
  ServerConfig server;
  StoreConfig store;
  LogConfig log;
  Policy policy;  ///< [reliability] [decay] [resolution] [surfacing] [tolerance] [gate]
  PipelineConfig pipeline;
  LlmSettings llm;
  LedgerConfig ledger;  ///< [ledger] (seed 001)
  JudgeConfig judge;
  EmbedderConfig embedder;
  IndexConfig index;
  PrescreenConfig prescreen;
};

/// Environment variables as name -> value (tests pass their own).
using EnvMap = std::map<std::string, std::string>;

/// The process environment as an EnvMap (only CREDENCE_* variables).
EnvMap process_env();

/// Builds the configuration. `path`: a TOML file, or nullopt for defaults
/// only. `overrides`: ("section.key", "value") pairs from the command line.
/// Errors name the key and, for file errors, the file and line:
///   "config/credence.toml:12: unknown key `store.sinc`".
Expected<Config> load_config(
    const std::optional<std::string>& path, const EnvMap& env,
    const std::vector<std::pair<std::string, std::string>>& overrides = {});

/// Description of one setting, for `credence config` and the consistency test.
struct SettingInfo {
  std::string section;
  std::string key;
  std::string type;           ///< "string" | "integer" | "float" | "bool"
  std::string default_value;  ///< rendered as TOML
  std::string env;            ///< CREDENCE_SECTION_KEY
};
std::vector<SettingInfo> describe_settings();

/// Renders the current value of every setting as TOML (for `credence config`).
std::string render_toml(const Config& c);

}  // namespace credence
