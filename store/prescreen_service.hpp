#pragma once
/// \file prescreen_service.hpp
/// The pre-screen: find the few memories worth judging against a statement,
/// fast, whatever the size of the store.
///
/// `candidates()` embeds the statement (or takes its embedding), asks the
/// MemoryIndex for the user's `k` nearest memories of the wanted kinds above
/// the similarity floor (graph hits plus memories sharing a rare word with
/// the statement), reads their claims from the state and runs the
/// claim-level filter (engine/prescreen.hpp). Only the kept pairs go to the
/// judge: never every neighbour, never a neighbour below the floor.
///
/// The kinds searched depend on the detection context: `ingestion_kinds`
/// (default traits and concepts, as in seed 000) while a message is being
/// ingested, `drift_kinds` (also episodes) for the background pass and
/// consolidation. Superseded memories take part only when the request asks
/// for history. The state is authoritative: a hit the state no longer holds
/// (deleted, or superseded without history) is skipped even if the index
/// has not caught up yet.
///
/// Threading: const and thread-safe; share one instance.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "config/config.hpp"
#include "engine/claim.hpp"
#include "engine/model.hpp"
#include "engine/prescreen.hpp"
#include "store/memory_index.hpp"
#include "store/state_store.hpp"
#include "store/vector_index.hpp"

namespace credence {

class Lexicon;

class Prescreen {
 public:
  struct Options {
    std::size_t k = 10;
    ScreenOptions screen;
    KindMask ingestion_kinds =
        kind_bit(MemoryKind::trait) | kind_bit(MemoryKind::concept_);
    KindMask drift_kinds = kind_bit(MemoryKind::trait) |
                           kind_bit(MemoryKind::concept_) |
                           kind_bit(MemoryKind::episode);
  };
  /// The [prescreen] section as Options (errors name the bad key).
  static Expected<Options> options_from(const PrescreenConfig& c);

  struct Request {
    std::string user;
    Claim claim;
    std::string text;
    std::vector<float> embedding;  ///< empty: `text` is embedded here
    DetectionContext context = DetectionContext::ingestion;
    bool include_history = false;   ///< let superseded memories take part
    std::optional<KindMask> kinds;  ///< overrides the context's kinds
    std::string self_id;  ///< the statement's own memory id, if stored
  };

  struct Result {
    std::vector<PrescreenCandidate>
        candidates;  ///< pairs to judge, most similar first
    std::vector<PrescreenDrop>
        dropped;                   ///< neighbours not worth judging, and why
    std::size_t neighbours = 0;    ///< hits above the floor before the filter
    std::vector<float> embedding;  ///< the statement's vector (reusable)
    std::chrono::microseconds embed_time{0}, search_time{0}, filter_time{0};
  };

  /// `lexicon` (optional) tells which slots a change cue applies to, so
  /// "I moved to Berlin" finds "I live in Paris" through its claim keys.
  Prescreen(const MemoryIndex& index, const StateStore& state, Options options,
            std::shared_ptr<const Lexicon> lexicon = nullptr);

  Expected<Result> candidates(const Request& request) const;
  /// Ingestion defaults: `user`'s traits and concepts against `claim`/`text`.
  Expected<Result> candidates(const std::string& user, const Claim& claim,
                              const std::string& text) const;
  /// For the background pass: candidates for a stored memory (drift kinds,
  /// the memory itself excluded). not_found for an unknown or deleted id.
  Expected<Result> candidates_for_memory(const std::string& memory_id,
                                         bool include_history = false) const;

  /// The user's `k` most similar live memories of any kind (superseded
  /// ones included only with `include_history`), without the claim filter:
  /// the similarity search of context assembly and GET /v1/memories?q=.
  /// Hits at or below zero similarity are not returned.
  Expected<std::vector<VectorHit>> nearest(const std::string& user, std::string_view text,
                                           std::size_t k, bool include_history = false) const;

  const Options& options() const { return options_; }

 private:
  std::vector<std::string> cue_targets(const Claim& claim) const;

  const MemoryIndex& index_;
  const StateStore& state_;
  Options options_;
  std::shared_ptr<const Lexicon> lexicon_;
};

}  // namespace credence
