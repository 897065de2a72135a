#pragma once
/// \file normalizer.hpp
/// Seed 003, stage 1: free text -> a structured Claim (engine/claim.hpp).
///
/// Rule-based and deterministic: tokenise (engine/text.hpp), record and strip
/// change cues, scope qualifiers, time expressions, modality, negation and
/// figurative idioms (all from the curated lexicons), find the subject noun
/// phrase, match the verb group against the slot patterns, and read the
/// complement as the value(s). Called once per memory, at write time; the
/// claim is stored with the memory. Pure: no I/O, thread-safe.

#include <optional>
#include <string_view>

#include "common/time.hpp"
#include "engine/claim.hpp"
#include "engine/model.hpp"

namespace credence {

class Lexicon;

/// What is known about a statement besides its text.
struct NormalizeContext {
  MemoryKind kind = MemoryKind::trait;
  std::optional<Millis> created_at;
  std::optional<Millis> valid_from;
};

Claim normalize(const Lexicon& lex, std::string_view text, const NormalizeContext& ctx);

}  // namespace credence
