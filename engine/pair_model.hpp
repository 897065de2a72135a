#pragma once
/// \file pair_model.hpp
/// The judge's learned fallback: a linear (multinomial logistic) model over
/// the cues of two claims and the structural verdict, consulted when the
/// structural comparison found no conflict or only a LOW one.
///
/// Why: the structural stage decides well when it can line two statements up
/// (same subject, same slot). Freely worded pairs often defeat that alignment
/// ("I hate running" / "nothing beats a long run for me") and then fall to
/// "unrelated" or "compatible" although their cues (a negation on one side
/// only, a change cue, a contrast of scopes, numbers that differ, shared
/// content words) say otherwise. The model weighs those cues together. Its
/// weights are data (config/lexicon/judge_model.txt), trained offline from
/// the labelled pairs by scripts/train-judge-model; the features are computed
/// here, identically for training (`credence eval --dump-features`) and for
/// judging.
///
/// Pure and deterministic: no I/O, no allocation beyond the feature list.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "common/string_table.hpp"
#include "engine/claim.hpp"
#include "engine/model.hpp"

namespace credence {

struct TopicOverlap;

class Lexicon;
enum class ConfidenceTier : std::uint8_t;

inline constexpr std::size_t kClassCount = 7;  ///< Classification values, in enum order

/// A sparse feature vector: (feature id, value).
using PairFeatures = std::vector<std::pair<int, float>>;

/// One side of a pair as the features see it.
struct PairView {
  const Claim& claim;
  std::string_view text;
  MemoryKind kind;
  /// The text's words (text_words) when the caller has them already; else
  /// pair_features splits the text itself.
  const std::vector<std::string>* words = nullptr;
};

/// The structural verdict the model refines.
struct StructuralView {
  Classification cls;
  double confidence;
  ConfidenceTier tier;
  /// The claims' topic overlap if the structural stage computed it (else
  /// pair_features computes it).
  const TopicOverlap* topics = nullptr;
  /// A contradiction found on weak evidence (kinds a few steps apart in
  /// WordNet), which the fallback may weigh: feature "sc_refutable".
  bool refutable = false;
};

/// Every feature name, indexed by id (stable within a build; the weights file
/// names features, so ids never leave the process).
std::span<const std::string> pair_feature_names();
/// The id of a feature name, or -1.
int pair_feature_id(std::string_view name);

/// The features of (existing, incoming) given the structural verdict.
void pair_features(const Lexicon& lex, const PairView& existing, const PairView& incoming,
                   const StructuralView& structural, PairFeatures& out);

/// Lower-case word tokens of raw text: runs of letters, digits and
/// apostrophes, and "!" / "?" alone. Split once per text and shared by
/// pair_features (PairView::words) and pair_tokens_of.
void text_words(std::string_view text, std::vector<std::string>& out);

/// The words of a statement (its text_words), each once, without numbers
/// (in digits or words) and punctuation: the model's open-vocabulary features, so
/// cue words no curated list names ("anymore", "instead", "these days") are
/// learned from the data. The incoming statement's words are named
/// kTokenPrefix + word in the weights file, the existing memory's
/// kMemoryTokenPrefix + word.
inline constexpr std::string_view kTokenPrefix = "B_t_";
inline constexpr std::string_view kMemoryTokenPrefix = "A_t_";
void pair_tokens_of(const std::vector<std::string>& words, std::vector<std::string>& out);

/// The trained weights. An empty model (no file) predicts nothing.
class PairModel {
 public:
  /// Parses judge_model.txt: comment lines (#), then one line per feature:
  /// `name w0 w1 ... w6` (a weight per class, in Classification order); a
  /// name starting with kTokenPrefix weighs a word of the incoming text, one
  /// starting with kMemoryTokenPrefix a word of the existing memory.
  /// An unknown feature name or a malformed line is an error naming the line.
  static Expected<PairModel> parse(std::string_view text, std::string_view file_name);
  bool empty() const { return weights_.empty(); }
  /// Class probabilities (softmax of the linear scores) of the features, the
  /// incoming statement's words and the existing memory's (pair_tokens_of).
  std::array<double, kClassCount> probabilities(const PairFeatures& f, std::span<const std::string> tokens = {},
                                                std::span<const std::string> memory_tokens = {}) const;
  /// One weight (0 for an empty model).
  double weight(int feature, std::size_t cls) const {
    return weights_.empty() ? 0.0 : weights_[static_cast<std::size_t>(feature)][cls];
  }
  /// A word's weight (0 when the word is not in the model's vocabulary), as
  /// a word of the incoming statement or (memory) of the existing memory.
  double token_weight(const std::string& word, std::size_t cls, bool memory = false) const;

 private:
  std::vector<std::array<float, kClassCount>> weights_;  // by feature id; all zero if absent
  WordMap<std::array<float, kClassCount>> token_weights_, memory_token_weights_;
};

}  // namespace credence
