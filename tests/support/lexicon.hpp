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

}  // namespace credence::test
