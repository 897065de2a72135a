// embedder_test: the offline hash embedder puts synonyms and paraphrases
// near each other and unrelated sentences far apart, deterministically;
// the tokeniser; the embedding cache.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "engine/embedder.hpp"
#include "engine/text_terms.hpp"
#include "engine/wordnet.hpp"

using namespace credence;

namespace {

std::shared_ptr<const WordNet> wordnet() {
  static auto loaded = WordNet::load();
  EXPECT_TRUE(loaded) << loaded.error().message;
  return *loaded;
}

const HashEmbedder& hash() {
  static HashEmbedder e(384, wordnet());
  return e;
}

float sim(const Embedder& e, std::string_view a, std::string_view b) {
  auto va = e.embed(a);
  auto vb = e.embed(b);
  EXPECT_TRUE(va && vb);
  return dot(*va, *vb);
}

float sim(std::string_view a, std::string_view b) {
  return sim(hash(), a, b);
}

/// Counts calls, for the cache tests.
class CountingEmbedder final : public Embedder {
 public:
  explicit CountingEmbedder(std::shared_ptr<const Embedder> inner)
      : inner_(std::move(inner)) {}
  std::size_t dim() const override { return inner_->dim(); }
  const std::string& id() const override { return inner_->id(); }
  Expected<Embeddings> embed_batch(
      std::span<const std::string> texts) const override {
    texts_ += texts.size();
    return inner_->embed_batch(texts);
  }
  mutable std::atomic<std::size_t> texts_{0};

 private:
  std::shared_ptr<const Embedder> inner_;
};

}  // namespace

TEST(Text, WordsAreLowerCasedAndApostrophesJoinWords) {
  EXPECT_EQ(
      text::words("I don't like Acme's NEW car!"),
      (std::vector<std::string>{"i", "dont", "like", "acmes", "new", "car"}));
  EXPECT_EQ(text::words("Café in Zürich, 2024"),
            (std::vector<std::string>{"café", "in", "zürich", "2024"}));
  EXPECT_EQ(text::content_words("I work at the Acme office"),
            (std::vector<std::string>{"work", "acme", "office"}));
}

TEST(Text, LightStemMatchesInflections) {
  EXPECT_EQ(text::light_stem("appointments"), "appointment");
  EXPECT_EQ(text::light_stem("worked"), "work");
  EXPECT_EQ(text::light_stem("playing"), "play");
  EXPECT_EQ(text::light_stem("cities"), "city");
  EXPECT_EQ(text::light_stem("glass"), "glass");
}

TEST(HashEmbedder, VectorsHaveTheConfiguredDimensionAndUnitLength) {
  auto v = hash().embed("My sister lives in Boston");
  ASSERT_TRUE(v);
  ASSERT_EQ(v->size(), 384u);
  EXPECT_NEAR(dot(*v, *v), 1.0f, 1e-5);
  HashEmbedder small(64, wordnet());
  EXPECT_EQ(small.embed("hello world")->size(), 64u);
}

TEST(HashEmbedder, IdNamesVersionDimensionAndLexicon) {
  EXPECT_EQ(hash().id(), "hash-v1:384:wordnet-3.0");
  EXPECT_EQ(HashEmbedder(128, nullptr).id(), "hash-v1:128:no-wordnet");
}

TEST(HashEmbedder, CarAndAutomobileLandNearEachOther) {
  EXPECT_GT(sim("car", "automobile"), 0.5f);
  EXPECT_LT(std::abs(sim("car", "banana")), 0.15f);
  EXPECT_GT(sim("I bought a new car", "I purchased a new automobile"), 0.5f);
}

TEST(HashEmbedder, ParaphrasesAreClose) {
  EXPECT_GT(
      sim("I moved to Berlin last year", "Last year I relocated to Berlin"),
      0.5f);
  EXPECT_GT(sim("I am allergic to peanuts", "I have a peanut allergy"), 0.3f)
      << "derivation links allergic to allergy";
  EXPECT_GT(sim("My mom lives in Canada", "My mother lives in China"), 0.3f)
      << "mom is-a mother";
}

TEST(HashEmbedder, SameSlotDifferentValuesStaysAboveTheDefaultFloor) {
  // The pre-screen must see these pairs: they are what contradictions look
  // like.
  EXPECT_GT(sim("I work at Acme", "I work at Globex"), 0.35f);
  EXPECT_GT(sim("I play the violin", "I play the cello"), 0.35f);
}

TEST(HashEmbedder, UnrelatedSentencesAreFar) {
  EXPECT_LT(
      std::abs(sim("I play the violin", "My dentist appointment is on Friday")),
      0.15f);
  EXPECT_LT(std::abs(sim("The weather is nice today", "I have two cats")),
            0.15f);
  EXPECT_LT(std::abs(sim("My favourite colour is blue",
                         "The server runs on port 8080")),
            0.15f);
  EXPECT_LT(std::abs(sim("I live in Paris", "I work at Acme")), 0.15f);
}

TEST(HashEmbedder, DeterministicAcrossInstancesAndRuns) {
  HashEmbedder other(384, wordnet());
  auto a = hash().embed("Deploys to prod need approval from the on-call lead");
  auto b = other.embed("Deploys to prod need approval from the on-call lead");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, *b);
  // Pinned values: a change to features, weights or seeds changes them, and
  // must bump the embedder id (indexes built with the old vectors rebuild).
  auto v = *hash().embed("car");
  double checksum = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    checksum += v[i] * static_cast<double>(i % 7 + 1);
  EXPECT_NEAR(checksum, -7.39446, 5e-4) << "checksum " << checksum;
}

TEST(HashEmbedder, TextWithoutWordsIsAllZeros) {
  auto v = hash().embed("?!  ...");
  ASSERT_TRUE(v);
  for (float x : *v) EXPECT_EQ(x, 0.0f);
  auto stop = hash().embed("Is it?");  // only stopwords: still embedded
  EXPECT_NEAR(dot(*stop, *stop), 1.0f, 1e-5);
}

TEST(HashEmbedder, WorksWithoutWordNet) {
  // Fewer features per word (no synsets), so hash collisions weigh more.
  HashEmbedder bare(384, nullptr);
  EXPECT_GT(sim(bare, "I work at Acme", "I work at Globex"), 0.3f);
  EXPECT_LT(std::abs(sim(bare, "I play the violin",
                         "My dentist appointment is on Friday")),
            0.25f);
}

TEST(HashEmbedder, BatchEqualsOneByOne) {
  std::vector<std::string> texts = {"I like tea", "My cat is called Tom", ""};
  auto batch = hash().embed_batch(texts);
  ASSERT_TRUE(batch);
  ASSERT_EQ(batch->size(), 3u);
  for (std::size_t i = 0; i < texts.size(); ++i) {
    auto one = *hash().embed(texts[i]);
    auto row = batch->row(i);
    EXPECT_TRUE(std::equal(row.begin(), row.end(), one.begin())) << i;
  }
}

TEST(CachingEmbedder, RepeatedTextIsEmbeddedOnceAndEvictionIsLru) {
  auto counting = std::make_shared<CountingEmbedder>(
      std::make_shared<HashEmbedder>(64, nullptr));
  CachingEmbedder cache(counting, 2);
  EXPECT_EQ(cache.id(), counting->id());
  auto a1 = *cache.embed("alpha");
  auto a2 = *cache.embed("alpha");
  EXPECT_EQ(a1, a2);
  EXPECT_EQ(counting->texts_.load(), 1u);
  std::vector<std::string> batch = {"alpha", "beta", "gamma"};
  auto b = cache.embed_batch(batch);
  ASSERT_TRUE(b);
  EXPECT_EQ(counting->texts_.load(), 3u) << "only beta and gamma were missing";
  (void)cache.embed("alpha");  // evicted by beta + gamma (capacity 2)
  EXPECT_EQ(counting->texts_.load(), 4u);
  EXPECT_EQ(cache.stats().hits, 2u);
}
