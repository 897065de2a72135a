// relatedness_test: the WordNet topic overlap the judge's learned fallback
// weighs (engine/relatedness.hpp): words of one topic that are not the same
// word are found, in several kinds, and words of different topics, times
// and people in general are not.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/relatedness.hpp"
#include "tests/support/lexicon.hpp"

using namespace credence;

namespace {
const WordNet& wn() { return test::lexicon().wordnet(); }
float sim(const char* a, const char* b) { return word_similarity(wn(), a, b); }
}  // namespace

TEST(Relatedness, SharedSensesAndDerivedForms) {
  EXPECT_FLOAT_EQ(sim("coffee", "coffee"), 1.0f);
  EXPECT_FLOAT_EQ(sim("autumn", "fall"), 0.9f);
  EXPECT_FLOAT_EQ(sim("cilantro", "coriander"), 0.9f);
  EXPECT_FLOAT_EQ(sim("allergic", "allergy"), 0.85f);
  EXPECT_FLOAT_EQ(sim("fly", "flight"), 0.85f);
  EXPECT_FLOAT_EQ(sim("love", "hate"), 0.8f);  // antonyms: one topic, opposite stance
}

TEST(Relatedness, CloseKinInTheHierarchy) {
  EXPECT_FLOAT_EQ(sim("curry", "food"), 0.75f);     // a kind of
  EXPECT_FLOAT_EQ(sim("espresso", "coffee"), 0.75f);
  EXPECT_FLOAT_EQ(sim("cat", "dog"), 0.75f);        // siblings under a specific ancestor
  EXPECT_FLOAT_EQ(sim("piano", "guitar"), 0.75f);
  EXPECT_FLOAT_EQ(sim("japan", "vietnam"), 0.75f);
  EXPECT_FLOAT_EQ(sim("whisky", "scotch"), 0.75f);  // not the first sense of "scotch"
  EXPECT_FLOAT_EQ(sim("rome", "italy"), 0.75f);     // a place within another
  EXPECT_FLOAT_EQ(sim("italy", "rome"), 0.75f);
  EXPECT_FLOAT_EQ(sim("german", "turkish"), 0.6f);  // one family: languages
}

TEST(Relatedness, DifferentTopicsTimesAndPeopleInGeneralAreNot) {
  EXPECT_FLOAT_EQ(sim("violin", "dentist"), 0.0f);
  EXPECT_FLOAT_EQ(sim("cello", "car"), 0.0f);        // both artifacts, far apart
  EXPECT_FLOAT_EQ(sim("tuesday", "sunday"), 0.0f);   // times name no topic
  EXPECT_FLOAT_EQ(sim("week", "day"), 0.0f);
  EXPECT_FLOAT_EQ(sim("volunteer", "grandmother"), 0.0f);  // both people, nothing more
  EXPECT_FLOAT_EQ(sim("xyzzy", "plugh"), 0.0f);      // unknown words match only themselves
  EXPECT_FLOAT_EQ(sim("kestrel-svc", "kestrel-svc"), 1.0f);
}

TEST(Relatedness, TopicOverlapCountsAndCovers) {
  const std::vector<std::string> a = {"enjoy", "thai", "food"}, b = {"green", "curry", "takeaway"};
  const TopicOverlap t = topic_overlap(wn(), a, b);
  EXPECT_EQ(t.same, 0);
  EXPECT_GE(t.close, 1);  // food / curry
  EXPECT_GT(t.cover_a, 0.0f);
  EXPECT_GT(t.cover_b, 0.0f);
  EXPECT_GE(t.best, 0.75f);

  const std::vector<std::string> c = {"play", "violin"}, d = {"dentist", "appointment", "friday"};
  const TopicOverlap u = topic_overlap(wn(), c, d);
  EXPECT_EQ(u.same + u.synonym + u.close, 0);
  EXPECT_FLOAT_EQ(u.cover_a, 0.0f);
  EXPECT_FLOAT_EQ(u.cover_b, 0.0f);

  const std::vector<std::string> e = {"bee", "sting", "allergic"}, f = {"bee", "sting", "swell"};
  const TopicOverlap v = topic_overlap(wn(), e, f);
  EXPECT_EQ(v.same, 2);
  EXPECT_NEAR(v.cover_a, 2.0f / 3.0f, 1e-6);
  EXPECT_TRUE(topic_overlap(wn(), {}, f).same == 0);
}

// The per-thread table of word profiles is bounded and emptied between
// comparisons, never during one: thousands of new words later, a comparison
// whose words fill the table past its bound still sees every profile.
TEST(Relatedness, TheProfileTableStaysCorrectPastItsBound) {
  for (int i = 0; i < 1500; ++i) {
    const std::vector<std::string> a = {"cat", "w" + std::to_string(i) + "a"},
                                   b = {"dog", "w" + std::to_string(i) + "b", "w" + std::to_string(i) + "c"};
    const TopicOverlap t = topic_overlap(wn(), a, b);
    ASSERT_EQ(t.close, 1) << i;
    ASSERT_EQ(t.same, 0) << i;
  }
  // A statement's first 32 words are compared; the rest are left out.
  std::vector<std::string> many = {"espresso"};
  for (int i = 0; i < 40; ++i) many.push_back("x" + std::to_string(i));
  many.push_back("latte");
  const std::vector<std::string> coffee = {"coffee"};
  EXPECT_EQ(topic_overlap(wn(), many, coffee).close, 1);  // espresso, not latte
}
