// index_soak_test: the vector index at scale (label `soak`, left out of
// scripts/test; run with `ctest --test-dir build -L soak`): HNSW recall on
// 200,000 realistic memories, a large store rebuilt, saved and reloaded with
// the same answers, and user isolation across 10,000 partitions.
#include <gtest/gtest.h>

#include <set>

#include "bench/synthetic_memories.hpp"
#include "engine/embedder.hpp"
#include "engine/events.hpp"
#include "engine/text_terms.hpp"
#include "store/memory_index.hpp"
#include "store/prescreen_service.hpp"
#include "store/vector_index.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using namespace credence::synthetic;

namespace {

std::shared_ptr<const WordNet> wordnet() {
  static auto loaded = WordNet::load();
  EXPECT_TRUE(loaded);
  return *loaded;
}

const Vocab& vocab() {
  static Vocab v(*wordnet());
  return v;
}

std::shared_ptr<HashEmbedder> embedder() {
  static auto e = std::make_shared<HashEmbedder>(384, wordnet());
  return e;
}

}  // namespace

TEST(IndexSoak, SearchRecallAt10IsAtLeast95PercentOn200kMemories) {
  VectorIndex::Options
      o;  // the defaults: M 16, ef_construction 200, ef_search 128
  o.dim = 384;
  o.build_threads = 2;
  VectorIndex idx(o);
  Generator gen(vocab(), 42);
  std::vector<VectorIndex::Item> items;
  std::vector<std::string> texts;
  for (int i = 0; i < 200000; ++i) {
    auto g = gen.next();
    items.push_back({"mem_" + std::to_string(i), MemoryKind::trait, false,
                     text::terms(g.text)});
    texts.push_back(std::move(g.text));
  }
  auto vectors = embedder()->embed_batch(texts);
  ASSERT_TRUE(vectors);
  ASSERT_TRUE(idx.upsert_batch("u", items, vectors->data));
  ASSERT_TRUE(idx.partition("u").hnsw);
  Generator queries(vocab(), 7);
  std::size_t hits = 0, total = 0;
  for (int q = 0; q < 300; ++q) {
    const auto text = queries.next().text;
    auto v = *embedder()->embed(text);
    VectorQuery vq;
    vq.k = 10;
    vq.terms = text::terms(text);  // as the pre-screen searches
    auto approx = idx.search("u", v, vq);
    vq.exact = true;
    auto exact = idx.search("u", v, vq);
    ASSERT_TRUE(approx && exact);
    std::set<std::string> truth;
    for (const auto& h : *exact) truth.insert(h.id);
    for (const auto& h : *approx)
      hits +=
          truth.count(h.id) || h.similarity >= exact->back().similarity - 1e-6f;
    total += exact->size();
  }
  const double recall = static_cast<double>(hits) / static_cast<double>(total);
  std::printf("recall@10 = %.4f\n", recall);
  EXPECT_GE(recall, 0.95);
}

TEST(IndexSoak, ALargeStoreIsRebuiltSavedAndReloadedWithTheSameAnswers) {
  test::TmpDir d;
  EventLog::Options lo;
  lo.dir = (d.path() / "db").string();
  lo.fsync = false;
  auto log = std::move(*EventLog::open(lo));
  StateStore::Options so;
  so.start_flusher = false;
  auto state = std::move(*StateStore::open(*log, so));
  Generator gen(vocab(), 3);
  std::vector<Event> batch;
  for (int i = 0; i < 100000; ++i) {
    auto g = gen.next();
    Memory m;
    m.id = "mem_" + std::to_string(i);
    m.user = "user_" + std::to_string(i % 3);
    m.kind = g.kind;
    m.text = g.text;
    m.claim = g.claim;
    m.created_at = 1000 + i;
    batch.push_back(events::memory_added(m, 1000 + i));
    if (batch.size() == 5000) {
      ASSERT_TRUE(state->submit(std::move(batch)));
      batch.clear();
    }
  }
  MemoryIndex::Options mo;
  mo.dir = (d.path() / "index").string();
  mo.save_interval = std::chrono::seconds(0);
  mo.fsync = false;
  mo.index.build_threads = 2;
  std::vector<std::vector<std::string>> before;
  Generator queries(vocab(), 11);
  std::vector<std::pair<std::string, std::vector<float>>> qs;
  for (int q = 0; q < 100; ++q)
    qs.emplace_back("user_" + std::to_string(q % 3),
                    *embedder()->embed(queries.next().text));
  auto answers = [&](const MemoryIndex& mi) {
    std::vector<std::vector<std::string>> out;
    for (const auto& [user, v] : qs) {
      VectorQuery vq;
      vq.k = 10;
      std::vector<std::string> ids;
      auto hits = mi.search(user, v, vq);
      EXPECT_TRUE(hits);
      if (hits)
        for (const auto& h : *hits) ids.push_back(h.id);
      out.push_back(ids);
    }
    return out;
  };
  {
    auto mi = MemoryIndex::open(*state, embedder(), mo);
    ASSERT_TRUE(mi);
    EXPECT_EQ((*mi)->start_report().how, MemoryIndex::Start::rebuilt);
    EXPECT_EQ((*mi)->index().stats().vectors, 100000u);
    before = answers(**mi);
  }
  auto mi = MemoryIndex::open(*state, embedder(), mo);
  ASSERT_TRUE(mi);
  EXPECT_EQ((*mi)->start_report().how, MemoryIndex::Start::loaded);
  EXPECT_EQ(answers(**mi), before);
}

TEST(IndexSoak, TenThousandUsersNeverSeeEachOthersMemories) {
  VectorIndex::Options o;
  o.dim = 384;
  VectorIndex idx(o);
  Generator gen(vocab(), 5);
  for (int u = 0; u < 10000; ++u) {
    std::vector<VectorIndex::Item> items;
    std::vector<std::string> texts;
    for (int i = 0; i < 20; ++i) {
      items.push_back({"u" + std::to_string(u) + "_m" + std::to_string(i),
                       MemoryKind::trait,
                       false,
                       {}});
      texts.push_back(gen.next().text);
    }
    auto v = embedder()->embed_batch(texts);
    ASSERT_TRUE(idx.upsert_batch("user_" + std::to_string(u), items, v->data));
  }
  EXPECT_EQ(idx.stats().partitions, 10000u);
  Generator queries(vocab(), 9);
  for (int q = 0; q < 2000; ++q) {
    const int u = (q * 7919) % 10000;
    VectorQuery vq;
    vq.k = 10;
    auto hits = idx.search("user_" + std::to_string(u),
                           *embedder()->embed(queries.next().text), vq);
    ASSERT_TRUE(hits);
    EXPECT_EQ(hits->size(), 10u);
    const std::string prefix = "u" + std::to_string(u) + "_";
    for (const auto& h : *hits) ASSERT_EQ(h.id.rfind(prefix, 0), 0u) << h.id;
  }
}
