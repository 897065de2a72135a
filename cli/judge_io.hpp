#pragma once
/// \file judge_io.hpp
/// Reading the pair lines of `credence classify` and `credence eval --format
/// pairs`: {"id", "existing": {"text", "kind", "created_at"?, "valid_from"?,
/// "source"?, "confidence"?}, "incoming": {...}, "label"?, "split"?}.

#include <optional>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/time.hpp"
#include "engine/judge.hpp"
#include "engine/model.hpp"

namespace credence::cli {

struct PairSide {
  std::string text;
  MemoryKind kind = MemoryKind::trait;
  Source source = Source::explicit_;
  double confidence = 0.9;
  std::optional<Millis> created_at;
  std::optional<Millis> valid_from;
};

struct PairLine {
  std::string id;
  PairSide existing, incoming;
  std::optional<Classification> label;  ///< gold label ("label" or "expected")
  std::string split;
};

/// Parses one line; the error's `field` names the offending field
/// ("incoming.text").
Expected<PairLine> parse_pair_line(std::string_view line);

/// The judge input for one side (the claim is normalised by the caller).
JudgeInput to_input(const PairSide& s, const Claim* claim);


}  // namespace credence::cli
