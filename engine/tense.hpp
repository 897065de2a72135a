#pragma once
/// \file tense.hpp
/// Rewriting a present-tense statement into the past ("I work at Acme" ->
/// "I used to work at Acme"), for superseded memories (seed 000: "True in
/// past tense only"). Pure; uses WordNet morphology for verb base forms.

#include <string>
#include <string_view>

namespace credence {

class WordNet;

/// The statement in the past tense. Statements already in the past tense are
/// returned unchanged; statements without a recognisable finite verb are
/// prefixed with "Previously: ". `wn` may be null (fewer verbs recognised).
std::string past_tense(std::string_view text, const WordNet* wn);

}  // namespace credence
