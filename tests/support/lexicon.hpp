#pragma once
// The judge's lexicon (built-in curated files + /usr/share/wordnet), loaded
// once per test binary; with and without the learned fallback.
#include <gtest/gtest.h>

#include "common/time.hpp"
#include "config/config.hpp"
#include "engine/judge.hpp"
#include "engine/lexicon.hpp"
#include "engine/normalizer.hpp"

namespace credence::test {

inline std::shared_ptr<const Lexicon> load_lexicon(const JudgeConfig& cfg) {
  auto l = Lexicon::load(cfg);
  if (!l) {
    ADD_FAILURE() << "cannot load the lexicon: " << l.error().message;
    std::abort();
  }
  return *l;
}

inline const Lexicon& lexicon() {
  static std::shared_ptr<const Lexicon> lex = load_lexicon(JudgeConfig{});
  return *lex;
}

/// The same lexicon with [judge] learned_fallback = false: the structural
/// stage alone.
inline const Lexicon& structural_lexicon() {
  static std::shared_ptr<const Lexicon> lex = [] {
    JudgeConfig cfg;
    cfg.learned_fallback = false;
    return load_lexicon(cfg);
  }();
  return *lex;
}

inline Claim claim(std::string_view text) { return normalize(lexicon(), text, NormalizeContext{}); }

/// Judges A (existing) against B (incoming) with `lex`, both traits unless given.
inline Verdict verdict_with(const Lexicon& lex, std::string_view a, std::string_view b,
                            MemoryKind ka = MemoryKind::trait, MemoryKind kb = MemoryKind::trait) {
  JudgeInput x, y;
  x.text = a;
  x.kind = ka;
  y.text = b;
  y.kind = kb;
  return judge(lex, x, y);
}

/// Judges A (existing) against B (incoming), both traits unless given.
inline Verdict verdict(std::string_view a, std::string_view b, MemoryKind ka = MemoryKind::trait,
                       MemoryKind kb = MemoryKind::trait) {
  return verdict_with(lexicon(), a, b, ka, kb);
}

inline Classification classify(std::string_view a, std::string_view b) {
  return verdict(a, b).classification;
}

/// The structural stage's verdict alone, for rules the learned fallback may
/// override at LOW (engine/pair_model.hpp): the rule is pinned here, and
/// `expect_bounded` checks what the fallback may do with it.
inline Verdict structural_verdict(std::string_view a, std::string_view b, MemoryKind ka = MemoryKind::trait,
                                  MemoryKind kb = MemoryKind::trait) {
  return verdict_with(structural_lexicon(), a, b, ka, kb);
}

/// The structural stage's verdict on two memories recorded at the given
/// RFC 3339 times (valid time against the record: seed 004).
inline Verdict structural_verdict_at(std::string_view a, std::string_view recorded_a, std::string_view b,
                                     std::string_view recorded_b) {
  JudgeInput x, y;
  x.text = a;
  y.text = b;
  x.created_at = parse_rfc3339(recorded_a);
  y.created_at = parse_rfc3339(recorded_b);
  EXPECT_TRUE(x.created_at && y.created_at) << "bad RFC 3339 time in the test";
  return judge(structural_lexicon(), x, y);
}

/// The full judge on a pair whose structural verdict a test pins: a
/// verdict of the learned fallback is LOW and never blocks.
inline void expect_bounded(std::string_view a, std::string_view b, MemoryKind ka = MemoryKind::trait,
                           MemoryKind kb = MemoryKind::trait) {
  const Verdict v = verdict(a, b, ka, kb);
  if (v.stage == "learned") {
    EXPECT_EQ(v.tier, ConfidenceTier::low) << a << " / " << b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b;
  }
}

}  // namespace credence::test
