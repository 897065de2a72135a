#pragma once
/// \file nli.hpp
/// The NLI view: the classic three-way relation of a hypothesis B to a
/// premise A (entailment / contradiction / neutral), as in SICK and Breaking
/// NLI, where both sentences describe ONE scene.
///
/// This view exists to measure the engine against public data; it never
/// drives a memory decision (docs/labels.md). It differs from the memory view
/// on purpose: two different values of a multi-valued slot ("drinking beer" /
/// "drinking champagne" in one photo) are a contradiction here but
/// `compatible` for memories, and a change cue means nothing in a photo.
///
/// `nli_view` works on raw text: lemma alignment of B's content words to A's
/// (equal, synonym, hypernym), negation on each side, and exclusive pairs
/// (antonyms, co-hyponyms, different numbers, countries, colours) at the
/// place where the sentences differ. Pure, thread-safe.

#include <string>
#include <string_view>

#include "engine/claim.hpp"
#include "engine/judge.hpp"
#include "engine/model.hpp"

namespace credence {

class Lexicon;

struct NliResult {
  Nli label = Nli::neutral;
  double confidence = 0.5;
  std::string why;
};

/// How the two sentences relate to the world, which NLI datasets annotate
/// differently: SNLI and Breaking NLI asked annotators to assume both
/// captions describe the same photo (so "a man is sitting" / "a man is
/// running" contradict), SICK did not (the same pair is neutral there: it may
/// be another man, another moment). Only explicit negation contradicts
/// without a shared scene.
struct NliOptions {
  bool same_scene = true;
};

/// The NLI relation of `hypothesis` given `premise`, from their texts.
NliResult nli_view(const Lexicon& lex, std::string_view premise, std::string_view hypothesis,
                   const NliOptions& options = {});

/// The NLI relation implied by a memory-view verdict on two claims (what
/// `judge()` reports in Verdict::nli): duplicate -> entailment, true
/// contradiction and temporal change -> contradiction, a more general value in
/// B -> entailment, exclusive values of a multi-valued slot -> contradiction
/// (one scene), else neutral.
Nli nli_from_memory_view(const Lexicon& lex, const Claim& a, const Claim& b, Classification c);

}  // namespace credence
