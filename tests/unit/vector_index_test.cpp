// vector_index_test: per-user partitions, exact search for small partitions
// and HNSW above the threshold, deletion / supersession / kind filters, the
// similarity floor, persistence with corruption detection, and searches
// running while a writer adds points.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <thread>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "common/half.hpp"
#include "engine/embedder.hpp"
#include "store/vector_index.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

constexpr std::size_t kDim = 32;

std::vector<float> random_unit(std::mt19937& rng) {
  std::normal_distribution<float> n(0, 1);
  std::vector<float> v(kDim);
  for (auto& x : v) x = n(rng);
  l2_normalise(v);
  return v;
}

VectorIndex::Options small_options(std::size_t threshold = 64) {
  VectorIndex::Options o;
  o.dim = kDim;
  o.hnsw_threshold = threshold;
  o.hnsw_m = 16;
  o.ef_construction = 100;
  o.ef_search = 64;
  return o;
}

std::string mid(std::size_t i) {
  return "mem_" + std::to_string(i);
}

VectorQuery vq(std::size_t k, float min_similarity = -1.0f,
               KindMask kinds = kAllKinds, bool include_superseded = false,
               bool exact = false, std::string exclude = {}) {
  VectorQuery q;
  q.k = k;
  q.min_similarity = min_similarity;
  q.kinds = kinds;
  q.include_superseded = include_superseded;
  q.exact = exact;
  q.exclude_id = std::move(exclude);
  return q;
}

/// Fills `user` with n random vectors (ids mem_0..), returns them.
std::vector<std::vector<float>> fill(VectorIndex& idx, const std::string& user,
                                     std::size_t n, std::mt19937& rng,
                                     MemoryKind kind = MemoryKind::trait) {
  std::vector<std::vector<float>> vs;
  for (std::size_t i = 0; i < n; ++i) {
    vs.push_back(random_unit(rng));
    EXPECT_TRUE(idx.upsert(user, mid(i), kind, vs.back()));
  }
  return vs;
}

std::vector<std::string> ids(const std::vector<VectorHit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits) out.push_back(h.id);
  return out;
}

std::vector<VectorHit> search(const VectorIndex& idx, const std::string& user,
                              const std::vector<float>& q,
                              const VectorQuery& query = {}) {
  auto r = idx.search(user, q, query);
  EXPECT_TRUE(r) << r.error().message;
  return r ? *r : std::vector<VectorHit>{};
}

}  // namespace

// ---- half precision (common/half.hpp) --------------------------------------

float bits_float(std::uint32_t x) {
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

TEST(Half, KnownValuesRoundToNearestTiesToEven) {
  EXPECT_EQ(float_to_half(0.0f), 0x0000);
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(-2.0f), 0xc000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);           // the largest half
  EXPECT_EQ(float_to_half(65519.0f), 0x7bff);           // rounds down
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);           // rounds to infinity
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -24)), 0x0001);  // smallest subnormal
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -25)), 0x0000);  // a tie: to even, zero
  EXPECT_EQ(float_to_half(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(float_to_half(std::ldexp(3.0f, -25)), 0x0002);  // 1.5 ulp, tie: to even
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -14)), 0x0400);  // smallest normal
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11)), 0x3c00);      // tie: even
  EXPECT_EQ(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);  // tie: even
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -10)), 0x3c01);
  EXPECT_EQ(float_to_half(2047.5f), 0x6800);  // mantissa carry into the exponent
  EXPECT_EQ(float_to_half(bits_float(0x7f800000u)), 0x7c00);  // infinity
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(std::nanf("")))));
  EXPECT_EQ(half_to_float(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(half_to_float(0x03ff), std::ldexp(1023.0f, -24));
  EXPECT_EQ(half_to_float(0x3555), 0.333251953125f);
}

TEST(Half, EveryHalfSurvivesTheRoundTrip) {
  for (std::uint32_t h = 0; h <= 0xffff; ++h) {
    const float f = half_to_float(static_cast<std::uint16_t>(h));
    if (std::isnan(f)) continue;
    ASSERT_EQ(float_to_half(f), h) << std::hex << h;
  }
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("f16c"))) std::uint16_t hw_to_half(float f) {
  return static_cast<std::uint16_t>(
      _mm_extract_epi16(_mm_cvtps_ph(_mm_set_ss(f), _MM_FROUND_TO_NEAREST_INT), 0));
}
__attribute__((target("f16c"))) float hw_to_float(std::uint16_t h) {
  return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(h)));
}

// The portable conversions give the bits of the CPU's own instructions, so
// the index rounds the same way with and without F16C.
TEST(Half, PortableConversionsMatchF16c) {
  if (!__builtin_cpu_supports("f16c")) GTEST_SKIP() << "no F16C on this CPU";
  for (std::uint32_t h = 0; h <= 0xffff; ++h) {
    const float a = half_to_float(static_cast<std::uint16_t>(h));
    const float b = hw_to_float(static_cast<std::uint16_t>(h));
    if (std::isnan(a)) {
      ASSERT_TRUE(std::isnan(b));
      continue;
    }
    ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0) << std::hex << h;
  }
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::uint32_t> any;
  std::normal_distribution<float> unit(0.0f, 0.05f);  // vector components
  for (int i = 0; i < 2000000; ++i) {
    const float f = i % 2 ? bits_float(any(rng)) : unit(rng);
    if (std::isnan(f)) continue;
    ASSERT_EQ(float_to_half(f), hw_to_half(f)) << std::hexfloat << f;
  }
}
#endif

TEST(VectorIndex, VectorsAreStoredAtHalfPrecisionTheSameWayFlatAndHnsw) {
  std::mt19937 rng(21);
  VectorIndex flat(small_options(1000)), graph(small_options(8));
  std::vector<std::vector<float>> vs;
  for (int i = 0; i < 40; ++i) {
    vs.push_back(random_unit(rng));
    const std::string id = "mem_" + std::to_string(i);
    ASSERT_TRUE(flat.upsert("u", id, MemoryKind::trait, vs.back()));
    ASSERT_TRUE(graph.upsert("u", id, MemoryKind::trait, vs.back()));
  }
  ASSERT_FALSE(flat.partition("u").hnsw);
  ASSERT_TRUE(graph.partition("u").hnsw);
  for (int q = 0; q < 20; ++q) {
    auto query = random_unit(rng);
    auto a = search(flat, "u", query, vq(40, -1.0f));
    auto b = search(graph, "u", query, vq(40, -1.0f, kAllKinds, false, true));
    ASSERT_EQ(a.size(), 40u);
    ASSERT_EQ(b.size(), 40u);
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].id, b[i].id);
      EXPECT_NEAR(a[i].similarity, b[i].similarity, 1e-6);
      // The rounded vector is within half an ulp of each component.
      const auto& v = vs[std::stoul(a[i].id.substr(4))];
      float rounded = 0;
      for (std::size_t j = 0; j < kDim; ++j)
        rounded += query[j] * half_to_float(float_to_half(v[j]));
      EXPECT_NEAR(a[i].similarity, rounded, 1e-6);
      EXPECT_NEAR(a[i].similarity, dot(query, v), 1e-3);
    }
  }
}

TEST(VectorIndex, FindsTheNearestFirstWithCosineSimilarity) {
  std::mt19937 rng(1);
  VectorIndex idx(small_options());
  auto vs = fill(idx, "alice", 20, rng);
  auto hits = search(idx, "alice", vs[7], vq(3));
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].id, "mem_7");
  EXPECT_NEAR(hits[0].similarity, 1.0f, 1e-3);  // stored at half precision
  EXPECT_GE(hits[0].similarity, hits[1].similarity);
  EXPECT_GE(hits[1].similarity, hits[2].similarity);
  // Stored at half precision: within 1e-3 of the exact cosine.
  EXPECT_NEAR(hits[1].similarity,
              dot(vs[7], vs[std::stoul(hits[1].id.substr(4))]), 1e-3);
}

TEST(VectorIndex, VectorsAreNormalisedOnTheWayIn) {
  VectorIndex idx(small_options());
  std::vector<float> v(kDim, 0.0f), w(kDim, 0.0f);
  v[0] = 10.0f;
  w[0] = 3.0f;
  w[1] = 4.0f;
  ASSERT_TRUE(idx.upsert("u", "a", MemoryKind::trait, v));
  auto hits = search(idx, "u", w, vq(1));
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_NEAR(hits[0].similarity, 0.6f, 1e-5);
}

TEST(VectorIndex, AUsersSearchNeverSeesAnotherUsersMemories) {
  std::mt19937 rng(2);
  VectorIndex idx(small_options());
  auto alice = fill(idx, "alice", 10, rng);
  ASSERT_TRUE(idx.upsert("bob", "bob_secret", MemoryKind::trait, alice[3]));
  auto hits = search(idx, "alice", alice[3], vq(20));
  EXPECT_EQ(hits.size(), 10u);
  for (const auto& h : hits) EXPECT_NE(h.id, "bob_secret");
  auto bob = search(idx, "bob", alice[3], vq(20));
  EXPECT_EQ(ids(bob), std::vector<std::string>{"bob_secret"});
  EXPECT_TRUE(search(idx, "carol", alice[3]).empty())
      << "unknown user: no hits";
  EXPECT_FALSE(idx.remove("alice", "bob_secret"));
}

TEST(VectorIndex, SmallPartitionsAreExactAndLargeOnesMigrateToHnsw) {
  std::mt19937 rng(3);
  VectorIndex idx(small_options(64));
  fill(idx, "small", 64, rng);
  fill(idx, "large", 65, rng);
  EXPECT_FALSE(idx.partition("small").hnsw);
  EXPECT_TRUE(idx.partition("large").hnsw);
  EXPECT_EQ(idx.partition("large").vectors, 65u);
  // The migrated partition still holds every vector.
  auto stats = idx.stats();
  EXPECT_EQ(stats.partitions, 2u);
  EXPECT_EQ(stats.hnsw_partitions, 1u);
  EXPECT_EQ(stats.graphs, 1u);
  EXPECT_EQ(stats.vectors, 129u);
}

TEST(VectorIndex, HnswResultsAgreeWithExactSearch) {
  std::mt19937 rng(4);
  VectorIndex idx(small_options(100));
  auto vs = fill(idx, "u", 3000, rng);
  ASSERT_TRUE(idx.partition("u").hnsw);
  std::size_t agree = 0, total = 0;
  for (int q = 0; q < 100; ++q) {
    auto query = random_unit(rng);
    auto approx = ids(search(idx, "u", query, vq(10)));
    auto exact =
        ids(search(idx, "u", query, vq(10, -1.0f, kAllKinds, false, true)));
    ASSERT_EQ(exact.size(), 10u);
    std::set<std::string> e(exact.begin(), exact.end());
    for (const auto& id : approx) agree += e.count(id);
    total += 10;
  }
  EXPECT_GE(static_cast<double>(agree) / total, 0.95) << agree << "/" << total;
}

TEST(VectorIndex, EquallySimilarMemoriesComeBackInTheSameOrderEveryWay) {
  // Identical texts embed identically. Whichever of them the graph walk
  // meets first, the answer is the same: ties are broken by kind and label,
  // as the exact scan does, so graph, hybrid and exact search agree.
  std::mt19937 rng(21);
  auto o = small_options(50);
  o.term_postings = 64;
  VectorIndex idx(o);
  const auto twin = random_unit(rng);
  std::vector<std::string> twins;
  for (std::size_t i = 0; i < 1500; ++i) {
    const bool is_twin = i % 50 == 7;  // 30 identical vectors spread over the graph
    std::vector<std::uint32_t> terms;
    if (is_twin) terms.push_back(99);
    ASSERT_TRUE(idx.upsert("u", mid(i), MemoryKind::trait, is_twin ? twin : random_unit(rng),
                           false, terms));
    if (is_twin) twins.push_back(mid(i));
  }
  ASSERT_TRUE(idx.partition("u").hnsw);
  auto exact = ids(search(idx, "u", twin, vq(10, -1.0f, kAllKinds, false, true)));
  ASSERT_EQ(exact.size(), 10u);
  EXPECT_EQ(exact, std::vector<std::string>(twins.begin(), twins.begin() + 10))
      << "the first ten twins, in insertion order";
  VectorQuery hybrid = vq(10);
  hybrid.terms = {99};
  EXPECT_EQ(ids(search(idx, "u", twin, hybrid)), exact);
  EXPECT_EQ(ids(search(idx, "u", twin, vq(10))), exact) << "the graph walk alone too";
  // Repeated searches give the same list.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(ids(search(idx, "u", twin, hybrid)), exact);
}

TEST(VectorIndex, RemovedMemoriesAreNeverReturnedFlatOrHnsw) {
  for (std::size_t threshold : {1000u, 50u}) {
    std::mt19937 rng(5);
    VectorIndex idx(small_options(threshold));
    auto vs = fill(idx, "u", 200, rng);
    ASSERT_EQ(idx.partition("u").hnsw, threshold == 50u);
    for (std::size_t i = 0; i < 200; i += 2)
      EXPECT_TRUE(idx.remove("u", mid(i)));
    EXPECT_FALSE(idx.remove("u", mid(0))) << "already removed";
    EXPECT_EQ(idx.partition("u").vectors, 100u);
    for (std::size_t i = 0; i < 200; i += 10) {
      for (const auto& h : search(idx, "u", vs[i], vq(10))) {
        const auto n = std::stoul(h.id.substr(4));
        EXPECT_EQ(n % 2, 1u)
            << h.id << " was removed (threshold " << threshold << ")";
      }
    }
    // Re-adding a removed memory brings it back.
    ASSERT_TRUE(idx.upsert("u", mid(0), MemoryKind::trait, vs[0]));
    EXPECT_EQ(search(idx, "u", vs[0], vq(1))[0].id, mid(0));
  }
}

TEST(VectorIndex, SupersededMemoriesAppearOnlyWhenHistoryIsAsked) {
  for (std::size_t threshold : {1000u, 50u}) {
    std::mt19937 rng(6);
    VectorIndex idx(small_options(threshold));
    auto vs = fill(idx, "u", 120, rng);
    ASSERT_TRUE(idx.set_superseded("u", mid(5), true));
    auto now = search(idx, "u", vs[5], vq(5));
    for (const auto& h : now) EXPECT_NE(h.id, mid(5));
    auto history = search(idx, "u", vs[5], vq(5, -1.0f, kAllKinds, true));
    ASSERT_FALSE(history.empty());
    EXPECT_EQ(history[0].id, mid(5));
    EXPECT_TRUE(history[0].superseded);
    EXPECT_TRUE(idx.find("u", mid(5))->superseded);
    EXPECT_EQ(idx.stats().superseded, 1u);
  }
}

TEST(VectorIndex, EachKindIsItsOwnShardSoAKindFilterCostsNothing) {
  std::mt19937 rng(7);
  VectorIndex idx(small_options(50));
  // 1000 episodes (a graph) and 15 traits (flat): a query near the episodes
  // still gets the 10 nearest traits, exactly.
  auto episodes = fill(idx, "u", 1000, rng, MemoryKind::episode);
  for (int i = 0; i < 15; ++i)
    ASSERT_TRUE(idx.upsert("u", "trait_" + std::to_string(i), MemoryKind::trait,
                           random_unit(rng)));
  auto hits =
      search(idx, "u", episodes[0], vq(10, -1.0f, kind_bit(MemoryKind::trait)));
  ASSERT_EQ(hits.size(), 10u);
  for (const auto& h : hits) EXPECT_EQ(h.kind, MemoryKind::trait);
  auto exact = search(idx, "u", episodes[0],
                      vq(10, -1.0f, kind_bit(MemoryKind::trait), false, true));
  EXPECT_EQ(ids(hits), ids(exact));
  // All kinds: hits of both shards, merged by similarity.
  auto all = search(idx, "u", episodes[0], vq(5));
  EXPECT_EQ(all[0].id, mid(0));
  for (std::size_t i = 1; i < all.size(); ++i)
    EXPECT_GE(all[i - 1].similarity, all[i].similarity);
  // A memory whose kind changes moves to its new shard.
  ASSERT_TRUE(idx.upsert("u", mid(0), MemoryKind::concept_, episodes[0]));
  EXPECT_EQ(idx.find("u", mid(0))->kind, MemoryKind::concept_);
  EXPECT_EQ(ids(search(idx, "u", episodes[0],
                       vq(1, -1.0f, kind_bit(MemoryKind::concept_)))),
            std::vector<std::string>{mid(0)});
  for (const auto& h : search(idx, "u", episodes[0],
                              vq(5, -1.0f, kind_bit(MemoryKind::episode))))
    EXPECT_NE(h.id, mid(0));
  EXPECT_EQ(idx.partition("u").vectors, 1015u);
}

TEST(VectorIndex, HnswSearchWidensPastSupersededNeighbours) {
  std::mt19937 rng(14);
  VectorIndex idx(small_options(50));
  auto vs = fill(idx, "u", 2000, rng);
  // Supersede the 100 nearest neighbours of a query: the search must widen.
  auto q = vs[0];
  auto nearest = search(idx, "u", q, vq(100, -1.0f, kAllKinds, false, true));
  for (const auto& h : nearest)
    ASSERT_TRUE(idx.set_superseded("u", h.id, true));
  auto hits = search(idx, "u", q, vq(10));
  ASSERT_EQ(hits.size(), 10u);
  for (const auto& h : hits) EXPECT_FALSE(h.superseded);
  auto exact = search(idx, "u", q, vq(10, -1.0f, kAllKinds, false, true));
  std::set<std::string> truth;
  for (const auto& h : exact) truth.insert(h.id);
  std::size_t agree = 0;
  for (const auto& h : hits) agree += truth.count(h.id);
  EXPECT_GE(agree, 9u);
}

TEST(VectorIndex, MemoriesSharingARareTermAreScoredExactlyAndMergedOnce) {
  std::mt19937 rng(15);
  auto o = small_options(50);
  o.term_postings = 5;
  VectorIndex idx(o);
  std::vector<std::vector<float>> vs;
  for (std::size_t i = 0; i < 1000; ++i) {
    vs.push_back(random_unit(rng));
    std::vector<std::uint32_t> terms;
    if (i >= 5 && i <= 7) terms.push_back(42);  // rare: three memories
    if (i >= 100 && i < 110)
      terms.push_back(7);  // common: ten, above term_postings
    ASSERT_TRUE(
        idx.upsert("u", mid(i), MemoryKind::trait, vs.back(), false, terms));
  }
  ASSERT_TRUE(idx.partition("u").hnsw);
  idx.set_superseded("u", mid(6), true);
  idx.remove("u", mid(7));
  // A query near mem_5 with the rare term: mem_5 once, not the superseded
  // mem_6 (no history asked) nor the removed mem_7.
  VectorQuery q = vq(10);
  q.terms = {42};
  auto hits = search(idx, "u", vs[5], q);
  ASSERT_EQ(hits.size(), 10u);
  std::set<std::string> seen;
  for (const auto& h : hits)
    EXPECT_TRUE(seen.insert(h.id).second) << h.id << " twice";
  EXPECT_EQ(hits[0].id, mid(5));
  EXPECT_FALSE(seen.count(mid(6)));
  EXPECT_FALSE(seen.count(mid(7)));
  // A far query with the rare term still gets the rare-term memories scored;
  // with history, the superseded one too.
  std::vector<float> far(kDim, 0.0f);
  for (std::size_t j = 0; j < kDim; ++j) far[j] = -vs[5][j] * 0.2f + vs[6][j];
  VectorQuery h = vq(1000, -1.0f, kAllKinds, true);
  h.terms = {42};
  auto all = search(idx, "u", far, h);
  std::set<std::string> ids_all;
  for (const auto& x : all) ids_all.insert(x.id);
  EXPECT_TRUE(ids_all.count(mid(5)) && ids_all.count(mid(6)));
  EXPECT_FALSE(ids_all.count(mid(7)));
}

TEST(VectorIndex, TermsSurviveSaveAndLoad) {
  test::TmpDir d;
  const std::string dir = (d.path() / "index").string();
  std::mt19937 rng(16);
  VectorIndex idx(small_options(50));
  std::vector<std::vector<float>> vs;
  for (std::size_t i = 0; i < 200; ++i) {
    vs.push_back(random_unit(rng));
    std::vector<std::uint32_t> terms = {static_cast<std::uint32_t>(i % 50),
                                        1000u + static_cast<std::uint32_t>(i)};
    ASSERT_TRUE(
        idx.upsert("u", mid(i), MemoryKind::trait, vs.back(), false, terms));
  }
  ASSERT_TRUE(idx.save(dir, {"e", kDim, 0, 0, 0}, false));
  auto loaded = VectorIndex::load(dir, small_options(50));
  ASSERT_TRUE(loaded) << loaded.error().message;
  // No floor: the opposite of a vector stored at half precision can score
  // a little under -1.
  VectorQuery q = vq(200, -2.0f);
  q.terms = {1000u + 17};
  std::vector<float> far(kDim, 0.0f);
  for (std::size_t j = 0; j < kDim; ++j) far[j] = -vs[17][j];
  auto before = search(idx, "u", far, q);
  auto after = search(**loaded, "u", far, q);
  EXPECT_EQ(ids(before), ids(after));
  const auto got = ids(after);
  EXPECT_TRUE(std::find(got.begin(), got.end(), mid(17)) != got.end());
}

TEST(VectorIndex, SimilarityFloorDropsFarNeighboursEvenTheNearest) {
  VectorIndex idx(small_options());
  std::vector<float> a(kDim, 0.0f), b(kDim, 0.0f), q(kDim, 0.0f);
  a[0] = 1;  // orthogonal to q
  b[1] = 1;  // 0.2 similar to q
  q[1] = 0.2f;
  q[2] = std::sqrt(1 - 0.04f);
  ASSERT_TRUE(idx.upsert("u", "a", MemoryKind::trait, a));
  ASSERT_TRUE(idx.upsert("u", "b", MemoryKind::trait, b));
  EXPECT_EQ(ids(search(idx, "u", q, vq(5))),
            (std::vector<std::string>{"b", "a"}));
  EXPECT_TRUE(search(idx, "u", q, vq(5, 0.3f)).empty())
      << "the nearest is below the floor";
}

TEST(VectorIndex, ExcludedIdIsSkipped) {
  std::mt19937 rng(8);
  for (std::size_t threshold : {1000u, 50u}) {
    VectorIndex idx(small_options(threshold));
    auto vs = fill(idx, "u", 100, rng);
    auto hits =
        search(idx, "u", vs[3], vq(3, -1.0f, kAllKinds, false, false, mid(3)));
    ASSERT_EQ(hits.size(), 3u);
    for (const auto& h : hits) EXPECT_NE(h.id, mid(3));
  }
}

TEST(VectorIndex, UpsertOfAnIndexedIdReplacesItsVector) {
  for (std::size_t threshold : {1000u, 20u}) {
    std::mt19937 rng(9);
    VectorIndex idx(small_options(threshold));
    auto vs = fill(idx, "u", 40, rng);
    ASSERT_TRUE(idx.upsert("u", mid(1), MemoryKind::concept_, vs[2]));
    EXPECT_EQ(idx.partition("u").vectors, 40u);
    auto hits = search(idx, "u", vs[2], vq(2));
    const auto got = ids(hits);
    const std::set<std::string> top(got.begin(), got.end());
    EXPECT_TRUE(top.count(mid(1)) && top.count(mid(2)));
    EXPECT_EQ(idx.find("u", mid(1))->kind, MemoryKind::concept_);
  }
}

TEST(VectorIndex, WrongDimensionIsAnError) {
  VectorIndex idx(small_options());
  std::vector<float> v(kDim + 1, 1.0f);
  auto st = idx.upsert("u", "a", MemoryKind::trait, v);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, Errc::invalid_argument);
  EXPECT_FALSE(idx.search("u", v, {}));
}

TEST(VectorIndex, BatchUpsertBuildsTheGraphOnce) {
  std::mt19937 rng(10);
  auto o = small_options(100);
  o.build_threads = 2;
  VectorIndex idx(o);
  std::vector<VectorIndex::Item> items;
  std::vector<float> data;
  for (int i = 0; i < 500; ++i) {
    items.push_back({mid(i), MemoryKind::episode, i % 10 == 0, {}});
    auto v = random_unit(rng);
    data.insert(data.end(), v.begin(), v.end());
  }
  ASSERT_TRUE(idx.upsert_batch("u", items, data));
  EXPECT_TRUE(idx.partition("u").hnsw);
  EXPECT_EQ(idx.stats().superseded, 50u);
  // A second batch goes into the existing graph in parallel.
  std::vector<VectorIndex::Item> more;
  std::vector<float> more_data;
  for (int i = 500; i < 700; ++i) {
    more.push_back({mid(i), MemoryKind::trait, false, {}});
    auto v = random_unit(rng);
    more_data.insert(more_data.end(), v.begin(), v.end());
  }
  ASSERT_TRUE(idx.upsert_batch("u", more, more_data));
  EXPECT_EQ(idx.partition("u").vectors, 700u);
  std::vector<float> q(more_data.begin() + 5 * kDim,
                       more_data.begin() + 6 * kDim);
  EXPECT_EQ(search(idx, "u", q, vq(1))[0].id, mid(505));
}

TEST(VectorIndex, SaveAndLoadGiveTheSameAnswers) {
  test::TmpDir d;
  const std::string dir = (d.path() / "index").string();
  std::mt19937 rng(11);
  VectorIndex idx(small_options(50));
  auto big = fill(idx, "big", 300, rng);
  auto small = fill(idx, "small", 20, rng);
  idx.set_superseded("big", mid(3), true);
  idx.remove("big", mid(4));
  idx.set_superseded("small", mid(1), true);
  idx.remove("small", mid(2));
  VectorIndex::Meta meta{"hash-v1:32:test", kDim, 77, 0xabcdef0123456789ULL, 0};
  ASSERT_TRUE(idx.save(dir, meta));
  EXPECT_FALSE(std::filesystem::exists(dir + ".tmp"));

  auto m = VectorIndex::read_meta(dir);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->embedder_id, "hash-v1:32:test");
  EXPECT_EQ(m->seq, 77u);
  EXPECT_EQ(m->seq_fingerprint, 0xabcdef0123456789ULL);
  EXPECT_EQ(m->vectors, 318u);

  auto loaded = VectorIndex::load(dir, small_options(50));
  ASSERT_TRUE(loaded) << loaded.error().message;
  auto& li = **loaded;
  EXPECT_TRUE(li.partition("big").hnsw);
  EXPECT_FALSE(li.partition("small").hnsw);
  EXPECT_EQ(li.stats().vectors, idx.stats().vectors);
  EXPECT_EQ(li.stats().superseded, 2u);
  for (std::size_t i = 0; i < 300; i += 7) {
    const VectorQuery q = vq(5, -1.0f, kAllKinds, i % 2 == 0);
    EXPECT_EQ(ids(search(li, "big", big[i], q)),
              ids(search(idx, "big", big[i], q)))
        << i;
  }
  for (std::size_t i = 0; i < 20; ++i)
    EXPECT_EQ(ids(search(li, "small", small[i], vq(5))),
              ids(search(idx, "small", small[i], vq(5))));
  EXPECT_FALSE(li.find("big", mid(4)));
  // The loaded index keeps accepting writes.
  ASSERT_TRUE(li.upsert("big", "new", MemoryKind::trait, big[4]));
  EXPECT_EQ(search(li, "big", big[4], vq(1))[0].id, "new");
  // Saving again over the existing directory replaces it.
  meta.seq = 78;
  ASSERT_TRUE(li.save(dir, meta));
  EXPECT_EQ(VectorIndex::read_meta(dir)->seq, 78u);
}

// A save larger than the writer's 1 MiB chunks and the 8 MiB removal steps:
// records split across chunk boundaries, the paced writeback (fsync on) and
// the stepwise removal of the replaced directory leave an exact copy.
TEST(VectorIndex, ASaveSpanningManyChunksLoadsBackExactly) {
  test::TmpDir d;
  const std::string dir = (d.path() / "index").string();
  std::mt19937 rng(21);
  VectorIndex idx(small_options(1000));
  std::vector<std::vector<std::vector<float>>> users;
  for (int u = 0; u < 120; ++u) users.push_back(fill(idx, "user" + std::to_string(u), 600, rng));
  VectorIndex::Meta meta{"hash-v1:32:test", kDim, 5, 1, 0};
  ASSERT_TRUE(idx.save(dir, meta, true));
  const auto bytes = std::filesystem::file_size(std::filesystem::path(dir) / "partitions.bin");
  EXPECT_GT(bytes, std::uintmax_t{9} << 20);  // more than one removal step
  for (int round = 0; round < 2; ++round) {
    auto loaded = VectorIndex::load(dir, small_options(1000));
    ASSERT_TRUE(loaded) << loaded.error().message;
    EXPECT_EQ((*loaded)->stats().vectors, 120u * 600u);
    for (int u = 0; u < 120; u += 13)
      for (std::size_t i = 0; i < 600; i += 97) {
        const std::string user = "user" + std::to_string(u);
        const auto hits = search(**loaded, user, users[u][i], vq(3));
        ASSERT_FALSE(hits.empty());
        EXPECT_EQ(hits[0].id, mid(i)) << user;
        EXPECT_EQ(ids(hits), ids(search(idx, user, users[u][i], vq(3))));
      }
    // Saving again replaces the directory (the old one is removed in steps).
    meta.seq = 6 + static_cast<std::uint64_t>(round);
    ASSERT_TRUE(idx.save(dir, meta, true));
    EXPECT_FALSE(std::filesystem::exists(dir + ".old"));
    EXPECT_FALSE(std::filesystem::exists(dir + ".tmp"));
    EXPECT_EQ(VectorIndex::read_meta(dir)->seq, meta.seq);
  }
}

TEST(VectorIndex, CorruptOrTruncatedFilesAreReportedNotParsed) {
  test::TmpDir d;
  const std::string dir = (d.path() / "index").string();
  std::mt19937 rng(12);
  VectorIndex idx(small_options(50));
  fill(idx, "big", 100, rng);
  fill(idx, "small", 10, rng);
  ASSERT_TRUE(idx.save(dir, {"e", kDim, 1, 0, 0}));
  const auto backup = d.path() / "backup";
  std::filesystem::copy(dir, backup);
  for (const char* file : {"partitions.bin", "hnsw-1.bin"}) {
    const auto path = std::filesystem::path(dir) / file;
    // Flip one byte in the middle.
    {
      std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(
          static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
      char c = 0;
      f.read(&c, 1);
      c = static_cast<char>(c ^ 0x5a);
      f.seekp(
          static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
      f.write(&c, 1);
    }
    auto r = VectorIndex::load(dir, small_options(50));
    ASSERT_FALSE(r) << file;
    EXPECT_EQ(r.error().code, Errc::corruption) << r.error().message;
    EXPECT_NE(r.error().message.find(file), std::string::npos)
        << r.error().message;
    // Truncation too.
    std::filesystem::resize_file(path, std::filesystem::file_size(path) / 3);
    EXPECT_FALSE(VectorIndex::load(dir, small_options(50)));
    std::filesystem::remove_all(dir);
    std::filesystem::copy(backup, dir);
  }
  std::filesystem::remove(std::filesystem::path(dir) / "meta.json");
  auto missing = VectorIndex::read_meta(dir);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, Errc::not_found);
  auto other_dim = small_options(50);
  other_dim.dim = 16;
  std::filesystem::remove_all(dir);
  std::filesystem::copy(backup, dir);
  auto wrong = VectorIndex::load(dir, other_dim);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, Errc::unsupported);
}

TEST(VectorIndex, SearchesRunWhileAWriterAddsAcrossTheMigration) {
  std::mt19937 rng(13);
  VectorIndex idx(small_options(500));
  std::vector<std::vector<float>> vs;
  for (int i = 0; i < 2000; ++i) vs.push_back(random_unit(rng));
  std::atomic<bool> done{false};
  std::atomic<int> searches{0}, bad{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t) {
    readers.emplace_back([&, t] {
      std::mt19937 r(100 + t);
      while (!done) {
        auto q = vs[r() % vs.size()];
        auto hits = idx.search("u", q, vq(5));
        if (!hits || hits->size() > 5) ++bad;
        for (std::size_t i = 1; hits && i < hits->size(); ++i)
          if ((*hits)[i].similarity > (*hits)[i - 1].similarity + 1e-6f) ++bad;
        ++searches;
      }
    });
  }
  for (std::size_t i = 0; i < vs.size(); ++i) {
    ASSERT_TRUE(idx.upsert("u", mid(i), MemoryKind::trait, vs[i]));
    if (i % 3 == 0) idx.set_superseded("u", mid(i / 2), true);
    if (i % 7 == 0) idx.remove("u", mid(i / 3));
  }
  done = true;
  for (auto& t : readers) t.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(searches.load(), 0);
  EXPECT_TRUE(idx.partition("u").hnsw);
  EXPECT_EQ(search(idx, "u", vs[1999], vq(1))[0].id, mid(1999));
}

TEST(VectorIndex, KindListsParse) {
  EXPECT_EQ(parse_kind_mask("trait,concept"),
            kind_bit(MemoryKind::trait) | kind_bit(MemoryKind::concept_));
  EXPECT_EQ(parse_kind_mask(" episode "), kind_bit(MemoryKind::episode));
  EXPECT_FALSE(parse_kind_mask("trait,belief"));
  EXPECT_FALSE(parse_kind_mask(""));
}

TEST(VectorIndex, ClaimKeysReturnMemoriesBelowTheFloorFlatAndHnsw) {
  for (std::size_t threshold : {std::size_t{10000}, std::size_t{50}}) {
    std::mt19937 rng(21);
    VectorIndex idx(small_options(threshold));
    std::vector<std::vector<float>> vs;
    for (std::size_t i = 0; i < 400; ++i) {
      vs.push_back(random_unit(rng));
      std::vector<std::uint32_t> terms;
      if (i % 40 == 3) terms.push_back(99);  // ten memories share key 99
      ASSERT_TRUE(idx.upsert("u", mid(i), MemoryKind::trait, vs.back(), false, terms));
    }
    ASSERT_EQ(idx.partition("u").hnsw, threshold == 50);
    idx.remove("u", mid(363));
    // The query is the opposite of mem_3: far below any floor.
    std::vector<float> q(kDim);
    for (std::size_t j = 0; j < kDim; ++j) q[j] = -vs[3][j];
    VectorQuery query = vq(5, 0.9f);
    EXPECT_TRUE(search(idx, "u", q, query).empty()) << "nothing is that similar";
    query.keys = {99};
    query.key_limit = 4;
    auto hits = search(idx, "u", q, query);
    ASSERT_EQ(hits.size(), 4u) << "the key limit bounds what the key finds";
    // The most recently indexed first, the removed one skipped.
    EXPECT_EQ(ids(hits), (std::vector<std::string>{mid(323), mid(283), mid(243), mid(203)}));
    for (const auto& h : hits) {
      EXPECT_TRUE(h.key_match);
      EXPECT_LT(h.similarity, 0.9f);
    }
    EXPECT_NEAR(hits[0].similarity,
                dot(std::span<const float>(q), std::span<const float>(vs[323])), 1e-4);
    // Another user's memories with the same key never appear.
    ASSERT_TRUE(idx.upsert("v", "other", MemoryKind::trait, vs[3], false, {99}));
    for (const auto& h : search(idx, "u", q, query)) EXPECT_NE(h.id, "other");
  }
}

TEST(VectorIndex, AMemoryFoundBothWaysIsReturnedOnceAsASimilarityHit) {
  std::mt19937 rng(22);
  VectorIndex idx(small_options());
  auto vs = fill(idx, "u", 20, rng);
  ASSERT_TRUE(idx.upsert("u", mid(4), MemoryKind::trait, vs[4], false, {7}));
  VectorQuery q = vq(3);
  q.keys = {7};
  auto hits = search(idx, "u", vs[4], q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].id, mid(4));
  EXPECT_FALSE(hits[0].key_match);
}
