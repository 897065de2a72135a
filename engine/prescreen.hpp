#pragma once
/// \file prescreen.hpp
/// The claim-level filter of the pre-screen: of the nearest memories found
/// by vector search, keep only the pairs worth judging.
///
/// Neighbours come from two channels: the nearest by embedding similarity,
/// and the memories that share a *claim key* with the statement (its
/// subject and slot, its subject and domain, a value it names or says
/// changed; see claim_keys). Short paraphrases can be far apart in an
/// embedding space ("I'm Canadian" / "I'm Australian", "I live in Paris" /
/// "I moved to Berlin"), so the structural channel is what keeps recall up.
///
/// Similarity measures "aboutness", not contradiction, so a neighbour is
/// kept only with a reason to suspect a conflict (checked in this order):
///   1. below the similarity floor and not found by a claim key: dropped,
///      even when it is the nearest;
///   1b. the statement says it changed a value the neighbour holds
///      ("I left Acme", "we replaced Kong"): kept as `change_cue`;
///   2. both subjects known and different ("mom" vs "user"): dropped;
///   3. both slots known and different ("employer" vs "residence"): dropped,
///      unless the statement's change cue applies to the neighbour's slot
///      or domain ("moved to" -> residence; `cue_targets`), or the two have
///      opposite stances on one domain (`opposite_stance`), or they share
///      the domain (`same_topic`, judged last: "I'm vegan" / "I had a
///      cheese omelette" needs the judge's world knowledge);
///   4. same subject and slot:
///      - opposite stance on the same object, or opposite modality
///        (must / must_not): kept as `opposite_stance`;
///      - different values ("acme" vs "globex"): kept as `value_divergence`;
///      - a change cue in the incoming statement ("switched", "no longer"):
///        kept as `change_cue`;
///      - the same value and stance: kept as `same_value` when duplicates are
///        wanted (the judge reinforces), dropped otherwise;
///      - no values on either side but each names something the other does
///        not ("prefer tea" / "prefer coffee"): `value_divergence`;
///      - anything else: dropped;
///   5. subject or slot unknown on either side: kept as `change_cue` when the
///      incoming statement has a change cue and the texts share a keyword or
///      the cue applies to the neighbour's slot or domain; as
///      `opposite_stance` when both are about the same domain with opposite
///      stances ("I don't have pets" / "I walk my dog"); as
///      `similar_unslotted` at or above `high_similarity` with at least
///      `min_keyword_overlap` shared keywords; dropped otherwise.
/// At most `max_candidates` are kept: structural reasons (rules 1b and 4)
/// first, then cue, stance and similarity reasons, then `same_topic`, the
/// most similar first within each; the rest are dropped as `over_budget`. Every neighbour appears in exactly one of the
/// two lists, with its reason, so callers can log why a pair was not judged.
///
/// Keywords are the claims' `keywords` when both have some, else the content
/// words of the texts (stopwords removed, light stemming).
///
/// Pure function of its inputs; thread-safe.

#include <cstddef>
#include <cstdint>
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
  same_topic,
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
  bool key_match = false;  ///< found through a claim key (may be below the floor)
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
  std::vector<PrescreenCandidate> kept;  ///< structural reasons first, then by similarity
  std::vector<PrescreenDrop> dropped;
};

/// Filters `neighbours` of an incoming statement (its claim and text).
/// `cue_targets`: the slots or domains the statement's change cues apply to
/// (Lexicon::cue_by_phrase(...)->targets), empty when unknown.
Screened screen(const Claim& incoming, std::string_view incoming_text,
                std::span<const Neighbour> neighbours,
                const ScreenOptions& options,
                std::span<const std::string> cue_targets = {});

/// The claim keys a memory is indexed under (stored with its terms in the
/// vector index): subject|slot, subject|domain (when the subject is known)
/// and each non-numeric value. Hashed into a namespace of their own.
std::vector<std::uint32_t> claim_keys(const Claim& c);
/// The keys a statement searches with: its claim keys, the values it says
/// changed (`from_values`), and subject|target for each slot or domain its
/// change cues apply to.
std::vector<std::uint32_t> query_keys(const Claim& c,
                                      std::span<const std::string> cue_targets = {});

}  // namespace credence
