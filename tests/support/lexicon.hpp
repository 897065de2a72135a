#pragma once
// The judge's lexicon (built-in curated files + /usr/share/wordnet), loaded
// once per test binary.
#include <gtest/gtest.h>

#include "config/config.hpp"
#include "engine/judge.hpp"
#include "engine/lexicon.hpp"
#include "engine/normalizer.hpp"

namespace credence::test {

inline const Lexicon& lexicon() {
  static std::shared_ptr<const Lexicon> lex = [] {
    auto l = Lexicon::load(JudgeConfig{});
    if (!l) {
      ADD_FAILURE() << "cannot load the lexicon: " << l.error().message;
      std::abort();
    }
    return *l;
  }();
  return *lex;
}

inline Claim claim(std::string_view text) { return normalize(lexicon(), text, NormalizeContext{}); }

/// Judges A (existing) against B (incoming), both traits unless given.
inline Verdict verdict(std::string_view a, std::string_view b, MemoryKind ka = MemoryKind::trait,
                       MemoryKind kb = MemoryKind::trait) {
  JudgeInput x, y;
  x.text = a;
  x.kind = ka;
  y.text = b;
  y.kind = kb;
  return judge(lexicon(), x, y);
}

inline Classification classify(std::string_view a, std::string_view b) {
  return verdict(a, b).classification;
}

/// The same lexicon with [judge] learned_fallback = false: the structural
/// stage alone.
inline const Lexicon& structural_lexicon() {
  static std::shared_ptr<const Lexicon> lex = [] {
    JudgeConfig cfg;
    cfg.learned_fallback = false;
    auto l = Lexicon::load(cfg);
    if (!l) {
      ADD_FAILURE() << "cannot load the lexicon: " << l.error().message;
      std::abort();
    }
    return *l;
  }();
  return *lex;
}

/// The structural stage's verdict alone, for rules the learned fallback may
/// override at LOW (engine/pair_model.hpp): the rule is pinned here, and
/// `expect_bounded` checks what the fallback may do with it.
inline Verdict structural_verdict(std::string_view a, std::string_view b, MemoryKind ka = MemoryKind::trait,
                                  MemoryKind kb = MemoryKind::trait) {
  JudgeInput x, y;
  x.text = a;
  x.kind = ka;
  y.text = b;
  y.kind = kb;
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
