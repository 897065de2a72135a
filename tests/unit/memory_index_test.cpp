// memory_index_test: the vector index follows the state (adds, deletions,
// supersessions, decay), is saved and reloaded at the log's sequence number,
// and is rebuilt from the state when its files are missing, damaged, from
// another database, ahead of the log, or built by another embedder.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/events.hpp"
#include "engine/wordnet.hpp"
#include "store/memory_index.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
namespace fs = std::filesystem;

namespace {

std::shared_ptr<const Embedder> hash_embedder(std::size_t dim = 64) {
  return std::make_shared<HashEmbedder>(dim, nullptr);
}

/// Fails while `failing` is set, for the retry test.
class FlakyEmbedder final : public Embedder {
 public:
  explicit FlakyEmbedder(std::shared_ptr<const Embedder> inner)
      : inner_(std::move(inner)) {}
  std::size_t dim() const override { return inner_->dim(); }
  const std::string& id() const override { return inner_->id(); }
  Expected<Embeddings> embed_batch(
      std::span<const std::string> texts) const override {
    if (failing)
      return make_error(Errc::unavailable,
                        "POST http://embedder/embeddings: down");
    return inner_->embed_batch(texts);
  }
  mutable std::atomic<bool> failing{false};

 private:
  std::shared_ptr<const Embedder> inner_;
};

/// A data directory with a log and a state store, reopened at will.
struct Store {
  fs::path root;
  std::unique_ptr<EventLog> log;
  std::unique_ptr<StateStore> state;
  Millis now = 1'000'000;

  explicit Store(fs::path r) : root(std::move(r)) { open(); }
  ~Store() { close(); }
  void open() {
    EventLog::Options lo;
    lo.dir = (root / "db").string();
    lo.fsync = false;
    log = std::move(*EventLog::open(lo));
    StateStore::Options so;
    so.start_flusher = false;
    state = std::move(*StateStore::open(*log, so));
  }
  void close() {
    state.reset();
    log.reset();
  }
  std::string index_dir() const { return (root / "index").string(); }

  std::string add(const std::string& user, const std::string& id,
                  const std::string& text,
                  MemoryKind kind = MemoryKind::trait) {
    Memory m;
    m.id = id;
    m.user = user;
    m.kind = kind;
    m.text = text;
    m.created_at = now;
    EXPECT_TRUE(state->submit({events::memory_added(m, ++now)}));
    return id;
  }
  void remove(const std::string& user, const std::string& id) {
    EXPECT_TRUE(state->submit(
        {events::memory_deleted(user, id, DeleteReason::user, "", ++now)}));
  }
};

std::unique_ptr<MemoryIndex> open_index(
    Store& s, std::shared_ptr<const Embedder> e = hash_embedder(),
    std::size_t threshold = 4096) {
  MemoryIndex::Options o;
  o.dir = s.index_dir();
  o.index.hnsw_threshold = threshold;
  o.save_interval = std::chrono::seconds(0);
  o.fsync = false;
  auto mi = MemoryIndex::open(*s.state, std::move(e), o);
  EXPECT_TRUE(mi) << mi.error().message;
  return mi ? std::move(*mi) : nullptr;
}

std::vector<std::string> nearest(const MemoryIndex& mi, const std::string& user,
                                 const std::string& text, std::size_t k = 3,
                                 bool history = false) {
  auto v = mi.embedder().embed(text);
  VectorQuery q;
  q.k = k;
  q.include_superseded = history;
  auto hits = mi.search(user, *v, q);
  EXPECT_TRUE(hits);
  std::vector<std::string> ids;
  for (const auto& h : *hits) ids.push_back(h.id);
  return ids;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

void seed(Store& s) {
  s.add("alice", "a1", "I work at Acme");
  s.add("alice", "a2", "I play the violin");
  s.add("alice", "a3", "My sister lives in Boston", MemoryKind::concept_);
  s.add("bob", "b1", "I work at Initech");
}

}  // namespace

TEST(MemoryIndex, FollowsAddedDeletedSupersededAndDecayedMemories) {
  test::TmpDir d;
  Store s(d.path());
  auto mi = open_index(s);
  seed(s);
  EXPECT_EQ(mi->index().stats().vectors, 4u);
  EXPECT_EQ(nearest(*mi, "alice", "I work at Acme", 1),
            std::vector<std::string>{"a1"});
  EXPECT_EQ(mi->synced_seq(), s.state->applied_seq());

  s.add("alice", "a4", "I work at Globex");
  const Millis until = s.now++;
  ASSERT_TRUE(s.state->submit(
      {events::memory_superseded("alice", "a1", "a4", until, "r1", s.now)}));
  EXPECT_FALSE(contains(nearest(*mi, "alice", "I work at Acme", 5), "a1"));
  EXPECT_TRUE(contains(nearest(*mi, "alice", "I work at Acme", 5, true), "a1"));
  EXPECT_TRUE(mi->index().find("alice", "a1")->superseded);

  // Temporal supersession (a resolution event) is followed the same way.
  s.add("alice", "a5", "I play the cello");
  events::TemporalSupersede ts{"",    "a2", "a5",
                               s.now, "r2", "switched instruments"};
  ASSERT_TRUE(
      s.state->submit({events::temporal_supersede("alice", ts, ++s.now)}));
  EXPECT_TRUE(mi->index().find("alice", "a2")->superseded);

  s.remove("alice", "a3");
  EXPECT_FALSE(mi->index().find("alice", "a3"));
  ASSERT_TRUE(s.state->submit({events::decay_applied({"a5"}, ++s.now)}));
  EXPECT_FALSE(mi->index().find("alice", "a5"));
  EXPECT_EQ(mi->synced_seq(), s.state->applied_seq());
  EXPECT_FALSE(contains(nearest(*mi, "bob", "I work at Acme", 5), "a4"))
      << "per-user partitions";
}

TEST(MemoryIndex, ANewIndexIsBuiltFromTheExistingState) {
  test::TmpDir d;
  Store s(d.path());
  seed(s);
  s.remove("alice", "a2");
  auto mi = open_index(s);
  EXPECT_EQ(mi->start_report().how, MemoryIndex::Start::rebuilt);
  EXPECT_NE(mi->start_report().reason.find("no saved index"), std::string::npos)
      << mi->start_report().reason;
  EXPECT_EQ(mi->index().stats().vectors, 3u);
  EXPECT_EQ(mi->synced_seq(), s.state->applied_seq());
  EXPECT_EQ(nearest(*mi, "alice", "I work at Acme", 1),
            std::vector<std::string>{"a1"});
}

TEST(MemoryIndex, SavedIndexIsLoadedAndCatchesUpWithTheLog) {
  test::TmpDir d;
  Store s(d.path());
  std::uint64_t saved_at = 0;
  {
    auto mi = open_index(s);
    seed(s);
    saved_at = s.state->applied_seq();
  }  // saved at destruction
  ASSERT_TRUE(fs::exists(fs::path(s.index_dir()) / "meta.json"));
  // Events appended while the index was closed.
  s.add("alice", "a9", "I work at Globex");
  s.remove("alice", "a1");
  auto mi = open_index(s);
  const auto& r = mi->start_report();
  EXPECT_EQ(r.how, MemoryIndex::Start::loaded) << r.reason;
  EXPECT_EQ(r.index_seq, saved_at);
  EXPECT_EQ(r.synced_seq, s.state->applied_seq());
  EXPECT_TRUE(mi->index().find("alice", "a9"));
  EXPECT_FALSE(mi->index().find("alice", "a1"));
  EXPECT_EQ(mi->index().stats().vectors, 4u);
}

TEST(MemoryIndex, DeletingTheIndexFilesTriggersARebuildWithTheSameAnswers) {
  test::TmpDir d;
  Store s(d.path());
  std::vector<std::string> before;
  {
    auto mi = open_index(s, hash_embedder(), 2);  // HNSW partitions too
    seed(s);
    before = nearest(*mi, "alice", "where do I work", 3);
  }
  fs::remove_all(s.index_dir());
  auto mi = open_index(s, hash_embedder(), 2);
  EXPECT_EQ(mi->start_report().how, MemoryIndex::Start::rebuilt);
  EXPECT_EQ(nearest(*mi, "alice", "where do I work", 3), before);
  mi.reset();
  EXPECT_TRUE(fs::exists(fs::path(s.index_dir()) / "meta.json"))
      << "saved after the rebuild";
}

TEST(MemoryIndex, AnIndexBuiltByAnotherEmbedderIsRebuilt) {
  test::TmpDir d;
  Store s(d.path());
  {
    auto mi = open_index(s, hash_embedder(64));
    seed(s);
  }
  auto mi = open_index(s, hash_embedder(128));
  EXPECT_EQ(mi->start_report().how, MemoryIndex::Start::rebuilt);
  EXPECT_NE(mi->start_report().reason.find("hash-v1:64:no-wordnet"),
            std::string::npos)
      << mi->start_report().reason;
  EXPECT_EQ(mi->index().options().dim, 128u);
  EXPECT_EQ(mi->index().stats().vectors, 4u);
}

TEST(MemoryIndex, ADamagedIndexIsRebuilt) {
  test::TmpDir d;
  Store s(d.path());
  {
    auto mi = open_index(s);
    seed(s);
  }
  const auto file = fs::path(s.index_dir()) / "partitions.bin";
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(20);
    f.write("garbage!", 8);
  }
  auto mi = open_index(s);
  EXPECT_EQ(mi->start_report().how, MemoryIndex::Start::rebuilt);
  EXPECT_NE(mi->start_report().reason.find("damaged"), std::string::npos)
      << mi->start_report().reason;
  EXPECT_EQ(mi->index().stats().vectors, 4u);
}

TEST(MemoryIndex, AnIndexFromAnotherDatabaseOrAheadOfTheLogIsRebuilt) {
  test::TmpDir a_dir, b_dir;
  Store a(a_dir.path());
  Store b(b_dir.path());
  {
    auto mi = open_index(a);
    seed(a);
  }
  // Database b has as many events, but different ones.
  b.add("carol", "c1", "I like tea");
  b.add("carol", "c2", "I like coffee");
  b.add("carol", "c3", "I like juice");
  b.add("carol", "c4", "I like water");
  ASSERT_EQ(a.state->applied_seq(), b.state->applied_seq());
  fs::copy(a.index_dir(), b.index_dir());
  {
    auto mi = open_index(b);
    EXPECT_EQ(mi->start_report().how, MemoryIndex::Start::rebuilt);
    EXPECT_NE(mi->start_report().reason.find("another database"),
              std::string::npos)
        << mi->start_report().reason;
    EXPECT_FALSE(mi->index().find("alice", "a1"));
    EXPECT_TRUE(mi->index().find("carol", "c1"));
  }
  // An index reflecting more events than the log holds.
  test::TmpDir c_dir;
  Store c(c_dir.path());
  c.add("dave", "d1", "I like tea");
  fs::copy(a.index_dir(), c.index_dir());
  auto mi = open_index(c);
  EXPECT_EQ(mi->start_report().how, MemoryIndex::Start::rebuilt);
  EXPECT_NE(mi->start_report().reason.find("beyond the log"), std::string::npos)
      << mi->start_report().reason;
}

TEST(MemoryIndex, FailedEmbeddingsAreRetriedAndNeverSavedAsDone) {
  test::TmpDir d;
  Store s(d.path());
  auto flaky = std::make_shared<FlakyEmbedder>(hash_embedder());
  MemoryIndex::Options o;
  o.dir = s.index_dir();
  o.save_interval = std::chrono::seconds(0);
  o.retry_interval = std::chrono::milliseconds(0);
  o.fsync = false;
  auto mi = std::move(*MemoryIndex::open(*s.state, flaky, o));
  s.add("alice", "a1", "I work at Acme");
  flaky->failing = true;
  s.add("alice", "a2", "I play the violin");
  const std::uint64_t failed_seq = s.state->applied_seq();
  EXPECT_FALSE(mi->index().find("alice", "a2"));
  EXPECT_EQ(mi->stats().pending_retries, 1u);
  EXPECT_GE(mi->stats().embed_failures, 1u);
  ASSERT_TRUE(mi->save());
  EXPECT_EQ(VectorIndex::read_meta(s.index_dir())->seq, failed_seq - 1)
      << "the save stops before the memory that is not indexed yet";
  flaky->failing = false;
  mi->sync();
  EXPECT_TRUE(mi->index().find("alice", "a2"));
  EXPECT_EQ(mi->stats().pending_retries, 0u);
  ASSERT_TRUE(mi->save());
  EXPECT_EQ(VectorIndex::read_meta(s.index_dir())->seq, s.state->applied_seq());
}

TEST(MemoryIndex, ConcurrentSubmittersLeaveTheIndexComplete) {
  test::TmpDir d;
  Store s(d.path());
  auto mi = open_index(s, hash_embedder(), 50);
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; i < 60; ++i) {
        Memory m;
        m.id = "m_" + std::to_string(t) + "_" + std::to_string(i);
        m.user = t % 2 ? "alice" : "bob";
        m.text =
            "memory " + std::to_string(i) + " from writer " + std::to_string(t);
        m.created_at = 1000;
        ASSERT_TRUE(s.state->submit({events::memory_added(m, 2000 + i)}));
      }
    });
  }
  std::atomic<bool> done{false};
  std::thread reader([&] {
    while (!done) nearest(*mi, "alice", "memory 7 from writer 1", 5);
  });
  for (auto& w : writers) w.join();
  done = true;
  reader.join();
  mi->sync();
  EXPECT_EQ(mi->index().stats().vectors, 240u);
  EXPECT_EQ(mi->synced_seq(), s.state->applied_seq());
  EXPECT_TRUE(mi->index().partition("alice").hnsw);
}
