#pragma once
/// \file services.hpp
/// What the actors need from the rest of credence, bundled by the daemon and
/// passed to every actor at spawn. Function members are the seams: the daemon
/// wires the embedded judge, the pre-screen and the asynchronous store; actor
/// tests substitute deterministic stand-ins (e.g. a synchronous appender and
/// CAF's virtual clock).
///
/// Threading: every member must be safe to call from any actor concurrently.

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/metrics.hpp"
#include "common/time.hpp"
#include "engine/policy.hpp"
#include "engine/uncertainty.hpp"
#include "net/llm_client.hpp"
#include "store/state_store.hpp"

namespace credence {

/// An incoming statement being judged against existing memories.
struct Incoming {
  std::string user;
  std::string memory_id;  ///< set when the statement is (or will be) a memory
  std::string text;
  Claim claim;
  MemoryKind kind = MemoryKind::trait;
  Source source = Source::explicit_;
  double confidence = 0.9;
  Millis created_at = 0;
  std::optional<Millis> valid_from;
};

/// A memory the pre-screen thinks is worth judging against.
struct Candidate {
  std::string memory_id;
  double similarity = 0;
};

enum class ClassifierMode : std::uint8_t { embedded, cascade, llm };

/// LLM verdicts that arrived (possibly after their deadline), keyed by pair;
/// the background pass uses them before asking again. Bounded; thread-safe.
class VerdictCache {
 public:
  explicit VerdictCache(std::size_t capacity = 10000) : capacity_(capacity) {}
  void put(const std::string& key, const Assessment& a);
  std::optional<Assessment> take(const std::string& key);
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::size_t capacity_;
  std::unordered_map<std::string, Assessment> map_;
  std::vector<std::string> order_;
};

/// Identifies a pair for the cache and for deferred classifications.
std::string pair_key(std::string_view existing_id, std::string_view incoming_key);

struct Services {
  StateStore* store = nullptr;
  const Clock* clock = &SystemClock::instance();
  std::shared_ptr<IdSource> ids;
  Policy policy;
  LedgerConfig ledger_config;  ///< [ledger]
  Metrics* metrics = nullptr;

  /// Normalises a statement into a claim (the judge's normaliser).
  std::function<Claim(std::string_view text, MemoryKind kind, std::optional<Millis> valid_from)>
      normalize;
  /// Whether a claim slot holds one value at a time (lexicon data; ingest
  /// upserts replace on such slots). Unset: every slot is multi-valued.
  std::function<bool(std::string_view slot)> single_valued;
  /// The pre-screen: the few memories of `user` worth judging `incoming`
  /// against (never all of them). `history` includes superseded memories.
  std::function<std::vector<Candidate>(const Incoming& incoming, bool history)> candidates;
  /// The embedded judge: (existing memory, incoming statement).
  std::function<Assessment(const Memory& existing, const Incoming& incoming)> judge;
  /// Appends events durably and applies them, then calls `done` (possibly on
  /// another thread). Production: StateStore::submit_async.
  std::function<void(std::vector<Event>, StateStore::SubmitCallback done)> append;

  ClassifierMode mode = ClassifierMode::embedded;
  /// The LLM second opinion (used when mode != embedded).
  std::function<Expected<LlmVerdict>(const PairSide& existing, const PairSide& incoming)> llm;
  std::size_t llm_max_inflight = 4;
  std::shared_ptr<VerdictCache> verdicts = std::make_shared<VerdictCache>();

  std::chrono::milliseconds deadline{600};
  std::chrono::milliseconds drift_interval{std::chrono::minutes(10)};
  std::chrono::milliseconds decay_interval{std::chrono::hours(1)};
  std::size_t drift_candidates = 5;  ///< pre-screen fan-out per sampled memory
};

/// The PairSide the LLM sees for a memory / an incoming statement.
PairSide pair_side(const Memory& m);
PairSide pair_side(const Incoming& in);
/// Turns an LLM verdict into an assessment of the same pair.
Assessment from_llm(const LlmVerdict& v, const Assessment& embedded);

}  // namespace credence
