// nli_test: the NLI view (measurement only): negation, one-span swaps by
// their lexical relation, the scene assumption, alignment.
#include <gtest/gtest.h>

#include "engine/nli.hpp"
#include "tests/support/lexicon.hpp"

using namespace credence;

namespace {
Nli nli(const char* a, const char* b, bool same_scene = true) {
  NliOptions o;
  o.same_scene = same_scene;
  return nli_view(test::lexicon(), a, b, o).label;
}
}  // namespace

TEST(NliView, NegationOfTheSameContentContradicts) {
  EXPECT_EQ(nli("A man is playing a guitar", "There is no man playing a guitar"), Nli::contradiction);
  EXPECT_EQ(nli("A woman is not cutting broccoli", "A woman is cutting broccoli"), Nli::contradiction);
  EXPECT_EQ(nli("A man is playing a guitar", "There is no man playing a guitar", false), Nli::contradiction);
}

TEST(NliView, ExclusiveSwapsContradictWithinOneScene) {
  EXPECT_EQ(nli("Several women stand near the yellow line.", "Several women stand near the black line."),
            Nli::contradiction);
  EXPECT_EQ(nli("The mall is located in Japan.", "The mall is located in Malaysia."), Nli::contradiction);
  EXPECT_EQ(nli("Two dogs play in the park.", "Three dogs play in the park."), Nli::contradiction);
  EXPECT_EQ(nli("A person surfs for the first time.", "A person surfs for the sixteenth time."),
            Nli::contradiction);
  EXPECT_EQ(nli("A small child falls.", "A big child falls."), Nli::contradiction);
  EXPECT_EQ(nli("An Indian man uses a microphone", "A Thai man uses a microphone"), Nli::contradiction);
}

TEST(NliView, WithoutASharedSceneSwapsAreNeutral) {
  EXPECT_EQ(nli("A man is sitting in a field", "A man is running in a field", false), Nli::neutral);
  EXPECT_EQ(nli("A man is sitting in a field", "A man is running in a field", true), Nli::contradiction);
}

TEST(NliView, SynonymsAndMoreGeneralWordsEntail) {
  EXPECT_EQ(nli("A woman is chopping onions", "A woman is cutting onions"), Nli::entailment);
  EXPECT_EQ(nli("The little girl smiles.", "The tiny girl smiles."), Nli::entailment);
  EXPECT_EQ(nli("A woman is cutting a lemon", "A woman is cutting fruit"), Nli::entailment);
  EXPECT_EQ(nli("A dog is running on concrete and is holding a blue ball", "A dog is running on concrete"),
            Nli::entailment);
}

TEST(NliView, AddedContentIsNeutral) {
  EXPECT_EQ(nli("A dog is running", "A brown dog is running in the park"), Nli::neutral);
  EXPECT_EQ(nli("A woman is cutting tofu", "A woman is cutting onions", false), Nli::neutral);
}

TEST(NliView, MemoryViewMapsToNliForOneScene) {
  const Lexicon& lex = test::lexicon();
  Claim a = test::claim("I drink beer"), b = test::claim("I drink champagne");
  EXPECT_EQ(nli_from_memory_view(lex, a, b, Classification::compatible), Nli::contradiction)
      << "one scene: two drinks exclude each other";
  EXPECT_EQ(nli_from_memory_view(lex, a, b, Classification::duplicate), Nli::entailment);
  EXPECT_EQ(nli_from_memory_view(lex, a, b, Classification::unrelated), Nli::neutral);
}
