// tense_test: superseded memories read back in the past tense.
#include <gtest/gtest.h>

#include "engine/tense.hpp"
#include "engine/wordnet.hpp"

using namespace credence;

namespace {
const WordNet* wn() {
  static auto w = WordNet::load();
  return w ? w->get() : nullptr;
}
}  // namespace

TEST(PastTense, RewritesCommonPresentTenseStatements) {
  ASSERT_NE(wn(), nullptr);
  EXPECT_EQ(past_tense("I work at Acme", wn()), "I used to work at Acme");
  EXPECT_EQ(past_tense("I like Honda", wn()), "I used to like Honda");
  EXPECT_EQ(past_tense("Mom lives in Canada", wn()), "Mom used to live in Canada");
  EXPECT_EQ(past_tense("I'm vegan", wn()), "I used to be vegan");
  EXPECT_EQ(past_tense("My favourite colour is blue", wn()), "My favourite colour used to be blue");
  EXPECT_EQ(past_tense("The API server listens on port 8080", wn()),
            "The API server used to listen on port 8080");
  EXPECT_EQ(past_tense("Deploys need approval", wn()), "Deploys used to need approval");
  EXPECT_EQ(past_tense("I have two kids", wn()), "I used to have two kids");
  EXPECT_EQ(past_tense("I don't eat meat", wn()), "I used to not eat meat");
  EXPECT_EQ(past_tense("My favourite colors are red and blue", wn()),
            "My favourite colors used to be red and blue");
  EXPECT_EQ(past_tense("I’m based in Berlin", wn()), "I used to be based in Berlin");
}

TEST(PastTense, LeavesPastStatementsAlone) {
  EXPECT_EQ(past_tense("I worked at Google", wn()), "I worked at Google");
  EXPECT_EQ(past_tense("We were in Paris", wn()), "We were in Paris");
}

TEST(PastTense, FallsBackToAPrefix) {
  EXPECT_EQ(past_tense("Acme", wn()), "Previously: Acme");
}
