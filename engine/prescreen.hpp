#pragma once
/// \file prescreen.hpp
/// The claim-level filter of the pre-screen: of the nearest memories found
/// by vector search, keep only the pairs worth judging.
///
/// Similarity measures "aboutness", not contradiction, so a neighbour is
/// kept only with a reason to suspect a conflict (checked in this order):
///   1. below the similarity floor: dropped, even when it is the nearest;
///   2. both subjects known and different ("mom" vs "user"): dropped;
///   3. both slots known and different ("employer" vs "residence"): dropped;
///   4. same subject and slot:
///      - opposite stance on the same object, or opposite modality
///        (must / must_not): kept as `opposite_stance`;
///      - different values ("acme" vs "globex"): kept as `value_divergence`;
///      - a change cue in the incoming statement ("switched", "no longer"):
///        kept as `change_cue`;
///      - the same value and stance: kept as `same_value` when duplicates are
///        wanted (the judge reinforces), dropped otherwise;
///      - anything else (e.g. no values to compare): dropped;
///   5. subject or slot unknown on either side: kept as `change_cue` when the
///      incoming statement has a change cue and the texts share a keyword,
///      or as `similar_unslotted` at or above `high_similarity` with at least
///      `min_keyword_overlap` shared keywords; dropped otherwise.
/// At most `max_candidates` are kept, the most similar first; the others are
/// dropped as `over_budget`. Every neighbour appears in exactly one of the
/// two lists, with its reason, so callers can log why a pair was not judged.
///
/// Keywords are the claims' `keywords` when both have some, else the content
/// words of the texts (stopwords removed, light stemming).
///
/// Pure function of its inputs; thread-safe.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/claim.hpp"
#include "engine/model.hpp"

namespace credence {

enum class KeepReason : std::uint8_t {
  value_divergence,
  opposite_stance,
  change_cue,
  similar_unslotted,
  same_value,
};

enum class DropReason : std::uint8_t {
  below_floor,
  self,
  different_subject,
  different_slot,
  no_divergence,
  duplicate,
  not_similar_enough,
  no_keyword_overlap,
  over_budget,
};

const char* to_string(KeepReason r);
const char* to_string(DropReason r);

/// A memory found by vector search, with what the filter needs to know.
struct Neighbour {
  std::string memory_id;
  MemoryKind kind = MemoryKind::trait;
  float similarity = 0;
  const Claim* claim = nullptr;  ///< must outlive the screen() call
  std::string_view text;
  bool superseded = false;
};

struct ScreenOptions {
  float min_similarity = 0.3f;
  float high_similarity = 0.6f;
  std::size_t min_keyword_overlap = 1;
  std::size_t max_candidates = 5;
  bool keep_duplicates = true;
  std::string self_id;  ///< the incoming memory's own id, if it is stored
};

struct PrescreenCandidate {
  std::string memory_id;
  MemoryKind kind = MemoryKind::trait;
  float similarity = 0;
  KeepReason reason = KeepReason::value_divergence;
  bool superseded = false;
};

struct PrescreenDrop {
  std::string memory_id;
  float similarity = 0;
  DropReason reason = DropReason::below_floor;
};

struct Screened {
  std::vector<PrescreenCandidate> kept;  ///< most similar first
  std::vector<PrescreenDrop> dropped;
};

/// Filters `neighbours` of an incoming statement (its claim and text).
Screened screen(const Claim& incoming, std::string_view incoming_text,
                std::span<const Neighbour> neighbours,
                const ScreenOptions& options);

}  // namespace credence
