// pair_model_test: the judge's learned fallback (engine/pair_model.hpp): the
// weights file is parsed strictly, the features say what the pair's cues
// are, the model's probabilities follow its weights, and in the judge the
// fallback only refines what the structure left open, always at LOW (never a
// block), and can be switched off ([judge] learned_fallback).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "tests/support/lexicon.hpp"

using namespace credence;
using C = Classification;

namespace {

PairFeatures features_of(std::string_view a, std::string_view b, C structural = C::unrelated,
                         MemoryKind ka = MemoryKind::trait, MemoryKind kb = MemoryKind::trait) {
  const Lexicon& lex = test::lexicon();
  const Claim ca = test::claim(a), cb = test::claim(b);
  PairFeatures f;
  pair_features(lex, PairView{ca, a, ka}, PairView{cb, b, kb},
                StructuralView{structural, 0.5, ConfidenceTier::low, nullptr}, f);
  return f;
}

bool has(const PairFeatures& f, std::string_view name) {
  const int id = pair_feature_id(name);
  EXPECT_GE(id, 0) << name << " is not a feature";
  return std::any_of(f.begin(), f.end(), [&](const auto& x) { return x.first == id; });
}

const Lexicon& without_fallback() { return test::structural_lexicon(); }

Verdict judge_with(const Lexicon& lex, std::string_view a, std::string_view b) {
  return test::verdict_with(lex, a, b);
}

}  // namespace

TEST(PairModel, ParsesCommentsBlankLinesAndWeightsPerClass) {
  auto m = PairModel::parse("# a comment\n\nbias 0 0 0 0 0 0 0\nneg_xor 3 0 0 0 0 0 0  # trailing\n",
                            "judge_model.txt");
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_FALSE(m->empty());
  EXPECT_DOUBLE_EQ(m->weight(pair_feature_id("neg_xor"), 0), 3.0);
  EXPECT_DOUBLE_EQ(m->weight(pair_feature_id("neg_xor"), 1), 0.0);
  // A feature the file does not name weighs nothing.
  EXPECT_DOUBLE_EQ(m->weight(pair_feature_id("scope_contrast"), 2), 0.0);
}

TEST(PairModel, RejectsUnknownFeaturesAndMalformedWeightsNamingTheLine) {
  auto unknown = PairModel::parse("bias 0 0 0 0 0 0 0\nno_such_feature 1 0 0 0 0 0 0\n", "judge_model.txt");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("judge_model.txt:2"), std::string::npos) << unknown.error().message;
  EXPECT_NE(unknown.error().message.find("no_such_feature"), std::string::npos);
  auto short_line = PairModel::parse("bias 0 0 0\n", "judge_model.txt");
  ASSERT_FALSE(short_line);
  EXPECT_NE(short_line.error().message.find("7 weights"), std::string::npos) << short_line.error().message;
  auto not_number = PairModel::parse("bias 0 0 0 x 0 0 0\n", "judge_model.txt");
  ASSERT_FALSE(not_number);
  EXPECT_NE(not_number.error().message.find("'x'"), std::string::npos) << not_number.error().message;
  auto infinite = PairModel::parse("bias 0 0 0 inf 0 0 0\n", "judge_model.txt");
  EXPECT_FALSE(infinite);
}

TEST(PairModel, AnEmptyModelPredictsNothing) {
  auto m = PairModel::parse("# nothing yet\n", "judge_model.txt");
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->empty());
  const auto p = m->probabilities({{pair_feature_id("bias"), 1.0f}});
  EXPECT_EQ(std::accumulate(p.begin(), p.end(), 0.0), 0.0);
}

TEST(PairModel, ProbabilitiesAreASoftmaxOfTheWeightedFeatures) {
  auto m = PairModel::parse("bias 0 0 0 0 0 0 1\nneg_xor 3 0 0 0 0 0 0\n", "judge_model.txt");
  ASSERT_TRUE(m);
  const int bias = pair_feature_id("bias"), neg = pair_feature_id("neg_xor");
  const auto only_bias = m->probabilities({{bias, 1.0f}});
  EXPECT_NEAR(std::accumulate(only_bias.begin(), only_bias.end(), 0.0), 1.0, 1e-12);
  EXPECT_EQ(std::max_element(only_bias.begin(), only_bias.end()) - only_bias.begin(),
            static_cast<long>(C::unrelated));
  const auto with_neg = m->probabilities({{bias, 1.0f}, {neg, 1.0f}});
  EXPECT_EQ(std::max_element(with_neg.begin(), with_neg.end()) - with_neg.begin(),
            static_cast<long>(C::true_contradiction));
  // e^3 / (e^3 + e^1 + 5): the exact softmax.
  EXPECT_NEAR(with_neg[0], std::exp(3.0) / (std::exp(3.0) + std::exp(1.0) + 5.0), 1e-9);
}

TEST(PairFeatures, NameTheCuesOfThePair) {
  // A negation on one side only, of a topic both share.
  auto f = features_of("I eat fish on Fridays", "I don't eat fish at all");
  EXPECT_TRUE(has(f, "neg_xor"));
  EXPECT_TRUE(has(f, "neg_xor_shared"));
  EXPECT_TRUE(has(f, "B_neg"));
  EXPECT_FALSE(has(f, "A_neg"));
  // Two scopes of one dimension that differ.
  f = features_of("In staging the cache holds 512 MB", "In production the cache holds 4 GB");
  EXPECT_TRUE(has(f, "scope_contrast"));
  EXPECT_TRUE(has(f, "amt_disjoint"));
  EXPECT_TRUE(has(f, "amt_dim_disjoint"));  // two sizes, not a size and a time
  // Numbers of different kinds are not "the same quantity, differing".
  f = features_of("The gateway listens on port 7000", "The gateway times out after 45 seconds");
  EXPECT_TRUE(has(f, "amt_dim_none"));
  EXPECT_FALSE(has(f, "amt_dim_disjoint"));
  // The same measure in other words.
  f = features_of("The upload limit is 10 MB", "uploads over ten megabytes are rejected");
  EXPECT_TRUE(has(f, "amt_equal"));
  // One distance in other units, rounded, is the same amount; a different one is not.
  f = features_of("Lives 2 miles from work", "The commute is roughly 3.2 km each way");
  EXPECT_TRUE(has(f, "amt_equal"));
  EXPECT_FALSE(has(f, "amt_dim_disjoint"));
  f = features_of("Lives 2 miles from work", "The commute is roughly 5 km each way");
  EXPECT_FALSE(has(f, "amt_equal"));
  EXPECT_TRUE(has(f, "amt_dim_disjoint"));
  // Subjects whose head nouns name different things.
  f = features_of("The invoice queue is drained hourly", "The invoice printer is on the third floor");
  EXPECT_TRUE(has(f, "subj_head_other_noun"));
  // Marker words, a change cue, the structural verdict and the kinds.
  f = features_of("I have one cat", "we only just adopted a second cat!", C::compatible, MemoryKind::trait,
                  MemoryKind::episode);
  EXPECT_TRUE(has(f, "B_w_only"));
  EXPECT_TRUE(has(f, "B_excl"));
  EXPECT_TRUE(has(f, "sc_compatible"));
  EXPECT_TRUE(has(f, "sc_compatible_LOW"));
  EXPECT_TRUE(has(f, "B_kind_episode"));
  EXPECT_TRUE(has(f, "bias"));
}

TEST(PairFeatures, AValueThatStartsWithTheOthersWordsIsShared) {
  // "Liverpool FC" / "Liverpool": one value named with more words.
  auto f = features_of("I support Liverpool FC", "I support Liverpool");
  EXPECT_TRUE(has(f, "val_shared"));
  EXPECT_FALSE(has(f, "val_disjoint"));
  // A word that only starts the same is another value.
  f = features_of("I support Liverpool", "I support Liverpoolians United");
  EXPECT_TRUE(has(f, "val_disjoint"));
  f = features_of("I support Arsenal", "I support Chelsea");
  EXPECT_TRUE(has(f, "val_disjoint"));
}

TEST(PairFeatures, WordsOfOneTopicThatAreNotTheSameWord) {
  // No word in common, but one topic (relatedness.hpp).
  auto f = features_of("I enjoy Thai food", "Green curry is my go-to takeaway");
  EXPECT_TRUE(has(f, "kw_shared_0"));
  EXPECT_TRUE(has(f, "top_close"));
  EXPECT_FALSE(has(f, "top_none"));
  f = features_of("I play the violin", "My dentist appointment is on Friday");
  EXPECT_TRUE(has(f, "top_none"));
  EXPECT_FALSE(has(f, "top_close"));
  // A negation on one side, of a related word: "coffee" / "espresso".
  f = features_of("I don't drink coffee at all", "on my third espresso of the day");
  EXPECT_TRUE(has(f, "neg_xor"));
  EXPECT_TRUE(has(f, "neg_xor_related"));
  EXPECT_FALSE(has(f, "neg_xor_shared"));
}

TEST(PairModel, WeighsTheWordsOfBothSidesApart) {
  auto m = PairModel::parse("bias 0 0 0 0 0 0 1\nB_t_anymore 0 3 0 0 0 0 0\nA_t_anymore 0 0 0 0 3 0 0\n",
                            "judge_model.txt");
  ASSERT_TRUE(m) << m.error().message;
  const PairFeatures bias = {{pair_feature_id("bias"), 1.0f}};
  const std::vector<std::string> word = {"anymore"}, none;
  auto top = [](const std::array<double, kClassCount>& p) {
    return static_cast<C>(std::max_element(p.begin(), p.end()) - p.begin());
  };
  EXPECT_EQ(top(m->probabilities(bias)), C::unrelated);
  EXPECT_EQ(top(m->probabilities(bias, word)), C::temporal_change);
  EXPECT_EQ(top(m->probabilities(bias, none, word)), C::compatible);
  EXPECT_DOUBLE_EQ(m->token_weight("anymore", 1), 3.0);
  EXPECT_DOUBLE_EQ(m->token_weight("anymore", 1, true), 0.0);
  EXPECT_DOUBLE_EQ(m->token_weight("anymore", 4, true), 3.0);
}

TEST(PairFeatures, ATypographicApostropheIsAnApostrophe) {
  const auto plain = features_of("I like jazz", "I don't like jazz");
  const auto curly = features_of("I like jazz", "I don\xE2\x80\x99t like jazz");
  EXPECT_TRUE(has(plain, "B_neg"));
  EXPECT_TRUE(has(curly, "B_neg"));
}

TEST(LearnedFallback, TheShippedModelLoadsAndIsOnByDefault) {
  EXPECT_FALSE(test::lexicon().pair_model().empty());
  EXPECT_TRUE(test::lexicon().learned_fallback());
  EXPECT_FALSE(without_fallback().learned_fallback());
}

// Freely worded opposites the structure cannot line up (one measure under
// two names, an exclusive rule answered by its opposite in other words): the
// structural stage leaves them unrelated or LOW; the fallback weighs the
// cues and finds the conflict, at LOW, so it warns and never blocks.
TEST(LearnedFallback, FindsConflictsTheStructureCouldNotLineUpAtLowConfidence) {
  struct P {
    const char* a;
    const char* b;
  };
  for (const P& p : {P{"My resting heart rate is around 52.", "Resting pulse usually sits at about 78 bpm."},
                     P{"Squash merges are required on this repo",
                       "Only rebase merging is permitted here; squash merge is disabled."}}) {
    const Verdict structural = judge_with(without_fallback(), p.a, p.b);
    const Verdict v = judge_with(test::lexicon(), p.a, p.b);
    EXPECT_NE(structural.classification, C::true_contradiction) << p.a << " / " << p.b;
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.stage, "learned");
    EXPECT_EQ(v.tier, ConfidenceTier::low);
    EXPECT_EQ(v.write_tier, WriteTier::warn);
    EXPECT_NE(v.reasoning.find("learned fallback"), std::string::npos) << v.reasoning;
  }
}

// A HIGH structural verdict is a finding, not a failure to compare: the
// fallback is not consulted.
TEST(LearnedFallback, LeavesHighFindingsAlone) {
  for (const auto& [a, b] : {std::pair{"I work at Google", "I work at Apple"},
                             std::pair{"I live in Paris", "I moved to Berlin"},
                             std::pair{"My favourite colour is green", "My favorite color is green"}}) {
    const Verdict s = judge_with(without_fallback(), a, b);
    ASSERT_EQ(s.tier, ConfidenceTier::high) << a << " / " << b << ": " << s.reasoning;
    const Verdict v = judge_with(test::lexicon(), a, b);
    EXPECT_EQ(v.classification, s.classification) << a << " / " << b;
    EXPECT_EQ(v.stage, "structural");
  }
}

// A conflict found below HIGH is weighed too (since 2026-12-07): a date or a
// weekday said of two different things is no conflict, whatever the
// structure lined up.
TEST(LearnedFallback, WeighsAConflictBelowHigh) {
  for (const auto& [a, b] : {std::pair{"Thao's birthday: July 2.", "July 2 is go-live for the new PACS viewer"},
                             std::pair{"Maya does ballet on Tuesdays.", "my driving lesson got moved to tuesday"}}) {
    const Verdict s = judge_with(without_fallback(), a, b);
    const bool conflict = s.classification == C::true_contradiction || s.classification == C::temporal_change;
    ASSERT_TRUE(conflict && s.tier != ConfidenceTier::high) << a << " / " << b << ": " << s.reasoning;
    const Verdict v = judge_with(test::lexicon(), a, b);
    EXPECT_EQ(v.stage, "learned") << a << " / " << b << ": " << v.reasoning;
    EXPECT_EQ(v.classification, C::unrelated) << a << " / " << b << ": " << v.reasoning;
  }
}

// But a contradiction becomes a change only with a change cue (labels.md
// rule 1), and one with a denial for every occasion stands (the review's
// pairs).
TEST(LearnedFallback, KeepsAContradictionWithoutACueOrWithADenialForEveryOccasion) {
  for (const auto& [a, b] : {std::pair{"I'm single", "My wife and I went to Rome"},
                             std::pair{"I don't drink coffee at all", "I had a double espresso after lunch"},
                             std::pair{"I never drink alcohol", "Dana and I split a bottle of rioja on Friday"}}) {
    const Verdict v = judge_with(test::lexicon(), a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
  }
}

// A MED verdict that finds no conflict is weighed: "I work remotely" / "I
// went back to working in the office" is structurally compatible at MED
// (working remotely and in an office read as two values of a multi-valued
// slot), and the fallback, which has seen returns to the office end remote
// work, calls it a change, at LOW. (Until the seventh session of
// 2026-12-07 the pair here was "I support Arsenal" / "I support Chelsea";
// after that session's retraining the fallback no longer overturns it.)
TEST(LearnedFallback, WeighsANonConflictVerdictAtMed) {
  const Verdict s = judge_with(without_fallback(), "I work remotely", "I went back to working in the office");
  ASSERT_EQ(s.classification, C::compatible) << s.reasoning;
  ASSERT_EQ(s.tier, ConfidenceTier::med);
  const Verdict v = judge_with(test::lexicon(), "I work remotely", "I went back to working in the office");
  EXPECT_EQ(v.stage, "learned") << v.reasoning;
  EXPECT_EQ(v.classification, C::temporal_change);
  EXPECT_EQ(v.tier, ConfidenceTier::low);
  EXPECT_NE(v.write_tier, WriteTier::block);
}

// Whatever the tier thresholds, a learned verdict is below the MED one.
TEST(LearnedFallback, StaysLowUnderAnyTierThresholds) {
  JudgeConfig cfg;
  cfg.med_confidence = 0.1;
  cfg.high_confidence = 0.5;
  auto lex = Lexicon::load(cfg);
  ASSERT_TRUE(lex) << lex.error().message;
  const Verdict v = judge_with(**lex, "My resting heart rate is around 52.", "Resting pulse usually sits at about 78 bpm.");
  ASSERT_EQ(v.stage, "learned") << v.reasoning;
  EXPECT_EQ(v.tier, ConfidenceTier::low);
  EXPECT_LT(v.confidence, 0.1);
  EXPECT_NE(v.write_tier, WriteTier::block);
}

TEST(PairModel, AContradictionOnWeakEvidenceIsRefutable) {
  auto features = [](std::string_view a, std::string_view b) {
    JudgeInput x, y;
    x.text = a;
    y.text = b;
    PairFeatures f;
    std::vector<std::string> words, memory_words;
    judge_features(test::structural_lexicon(), x, y, f, words, memory_words);
    return f;
  };
  // Kinds a few steps apart in WordNet (a golden retriever, a pug): the
  // structure calls it a contradiction, and the fallback may weigh it.
  const Verdict weak = test::structural_verdict("I have one dog, a golden retriever called Milo.", "Milo is a pug.");
  EXPECT_EQ(weak.classification, C::true_contradiction) << weak.reasoning;
  EXPECT_TRUE(has(features("I have one dog, a golden retriever called Milo.", "Milo is a pug."), "sc_refutable"));
  // A cue on one word both name, the slots unmatched: a change on weak
  // evidence ("Apollo" the gateway, "Apollo" the nephew).
  EXPECT_TRUE(has(features("Apollo is our GraphQL gateway.", "my nephew Apollo turned five on Saturday"),
                  "sc_refutable"));
  // Two blood types exclude each other outright: not refutable.
  EXPECT_FALSE(has(features("My blood type is O negative", "blood type: A positive"), "sc_refutable"));
}
