// MemoryIndex: the vector index as a follower of the state store. See the
// header for the rules; the on-disk layout is VectorIndex's (vector_index.cpp).

#include "store/memory_index.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <unordered_set>

#include "common/hash.hpp"
#include "common/json_reader.hpp"
#include "common/log.hpp"
#include "engine/prescreen.hpp"
#include "engine/text_terms.hpp"
#include "store/rw_lock.hpp"

namespace credence {

namespace {

/// Strings longer than this are texts, not ids: not worth a lookup.
constexpr std::size_t kMaxIdLength = 128;

void collect_strings(simdjson::dom::element el, std::vector<std::string>& out) {
  switch (el.type()) {
    case simdjson::dom::element_type::STRING: {
      std::string_view s;
      if (!el.get_string().get(s) && !s.empty() && s.size() <= kMaxIdLength)
        out.emplace_back(s);
      break;
    }
    case simdjson::dom::element_type::ARRAY:
      for (auto child : el.get_array()) collect_strings(child, out);
      break;
    case simdjson::dom::element_type::OBJECT:
      for (auto field : el.get_object()) collect_strings(field.value, out);
      break;
    default:
      break;
  }
}

std::uint64_t fingerprint(const Event& e) {
  return hash64(encode_event(e), 0x1d3e5);
}

}  // namespace

/// Lets the state store's callback (which cannot be unregistered) reach the
/// index while it exists; the destructor clears `deliver` under the
/// exclusive lock, after callbacks in flight have finished.
struct FollowLink {
  RwLock mu;
  std::function<void(const std::vector<Event>&)> deliver;
};

struct MemoryIndex::Impl {
  StateStore& state;
  std::shared_ptr<const Embedder> embedder;
  Options o;
  std::shared_ptr<spdlog::logger> log = log::get("index");
  std::unique_ptr<VectorIndex> index;
  StartReport report;
  std::shared_ptr<FollowLink> link;

  // Following: the owner of follow_mu applies queued events in seq order.
  std::mutex follow_mu;
  std::mutex queue_mu;
  std::vector<Event> queue;
  std::atomic<bool> ready{false};
  std::atomic<std::uint64_t> synced{0};
  std::atomic<std::uint64_t> saved{0};
  std::atomic<std::uint64_t> events{0}, embedded{0}, embed_failures{0};
  std::map<std::string, std::uint64_t>
      retry;  // memory id -> seq; under follow_mu
  std::atomic<std::size_t> retry_count{0};
  std::chrono::steady_clock::time_point last_retry{};
  simdjson::dom::parser parser;  // reads event payloads; under follow_mu

  std::mutex save_mu;  // one save at a time

  // The saver thread.
  std::mutex saver_mu;
  std::condition_variable saver_cv;
  bool stop = false;
  bool save_now = false;
  std::thread saver;

  Impl(StateStore& s, std::shared_ptr<const Embedder> e, Options opt)
      : state(s), embedder(std::move(e)), o(std::move(opt)) {}

  // ---- syncing memories with the state ------------------------------------

  struct Todo {
    std::string user, id, text;
    MemoryKind kind;
    bool superseded;
    bool deleted;
    std::uint64_t seq;  // event that made us look (for retries)
    std::vector<std::uint32_t> keys;  // claim keys (engine/prescreen.hpp)
  };

  /// Brings the listed memories in line with the state. Caller owns follow_mu.
  /// Most events name memories the index already holds (reinforcements,
  /// records opened between two memories): those cost a lookup on each side
  /// and a flag compare; only memories to add have their text and claim keys
  /// read, in a second pass.
  void sync_ids(const std::vector<std::pair<std::string, std::uint64_t>>& ids) {
    std::vector<Todo> todo;
    state.read([&](const State& s) {
      for (const auto& [id, seq] : ids) {
        const Memory* m = s.memory(id);
        if (!m) continue;
        todo.push_back({m->user, m->id, std::string(), m->kind, m->superseded(),
                        m->deleted(), seq, {}});
      }
    });
    std::vector<Todo*> to_add;
    for (auto& t : todo) {
      if (t.deleted) {
        index->remove(t.user, t.id);
        retry.erase(t.id);
        continue;
      }
      auto info = index->find(t.user, t.id);
      if (!info) {
        to_add.push_back(&t);
      } else if (info->superseded != t.superseded) {
        index->set_superseded(t.user, t.id, t.superseded);
      }
    }
    if (!to_add.empty()) {
      std::map<std::string, std::vector<const Todo*>> adds;  // by user
      state.read([&](const State& s) {
        for (Todo* t : to_add) {
          const Memory* m = s.memory(t->id);
          if (!m || m->deleted()) continue;  // deleted since: a later event removes it
          t->superseded = m->superseded();
          t->text = m->text;
          t->keys = claim_keys(m->claim);
          adds[t->user].push_back(t);
        }
      });
      for (const auto& [user, list] : adds) add_memories(user, list);
    }
    retry_count = retry.size();
  }

  /// Embeds and indexes memories of one user, in embedder-sized batches.
  void add_memories(const std::string& user,
                    const std::vector<const Todo*>& list) {
    for (std::size_t first = 0; first < list.size(); first += o.embed_batch) {
      const std::size_t n = std::min(o.embed_batch, list.size() - first);
      std::vector<std::string> texts;
      std::vector<VectorIndex::Item> items;
      for (std::size_t i = first; i < first + n; ++i) {
        texts.push_back(list[i]->text);
        auto terms = text::terms(list[i]->text);
        terms.insert(terms.end(), list[i]->keys.begin(), list[i]->keys.end());
        items.push_back({list[i]->id, list[i]->kind, list[i]->superseded, std::move(terms)});
      }
      auto vectors = embedder->embed_batch(texts);
      if (!vectors) {
        ++embed_failures;
        for (std::size_t i = first; i < first + n; ++i)
          retry.emplace(list[i]->id, list[i]->seq);
        log->warn("cannot embed {} memories of user {} (will retry): {}", n,
                  user, vectors.error().describe());
        continue;
      }
      if (auto st = index->upsert_batch(user, items, vectors->data); !st) {
        log->error("cannot index {} memories of user {}: {}", n, user,
                   st.error().describe());
        continue;
      }
      embedded += n;
      for (std::size_t i = first; i < first + n; ++i) retry.erase(list[i]->id);
    }
  }

  /// Applies events (seq order, gaps filled from the log). Caller owns
  /// follow_mu.
  void process(std::vector<Event> batch) {
    std::sort(batch.begin(), batch.end(),
              [](const Event& a, const Event& b) { return a.seq < b.seq; });
    std::vector<std::pair<std::string, std::uint64_t>> ids;
    std::uint64_t done = synced.load();
    auto take = [&](const Event& e) {
      std::vector<std::string> strings;
      simdjson::dom::element doc;
      if (!parser.parse(e.payload).get(doc)) collect_strings(doc, strings);
      for (auto& s : strings) ids.emplace_back(std::move(s), e.seq);
      done = e.seq;
      ++events;
    };
    for (const Event& e : batch) {
      if (e.seq <= done) continue;
      if (e.seq > done + 1) {
        // Events applied by another thread whose callback has not run yet.
        const std::uint64_t upto = e.seq - 1;
        auto st = state.log().scan(done + 1, [&](const Event& g) {
          if (g.seq > upto) return false;
          take(g);
          return true;
        });
        if (!st)
          log->error("cannot read the log to fill a gap: {}",
                     st.error().describe());
      }
      take(e);
    }
    // Deduplicate, keeping the first (oldest) seq per id.
    std::unordered_set<std::string_view> seen;
    std::vector<std::pair<std::string, std::uint64_t>> unique;
    for (auto& p : ids)
      if (seen.insert(p.first).second) unique.push_back(p);
    sync_ids(unique);
    synced = done;
  }

  /// Re-embeds memories whose embedding failed. Caller owns follow_mu.
  void retry_failed(bool force) {
    if (retry.empty()) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_retry < o.retry_interval) return;
    last_retry = now;
    std::vector<std::pair<std::string, std::uint64_t>> ids(retry.begin(),
                                                           retry.end());
    sync_ids(ids);
    if (retry.empty())
      log->info("all memories waiting for an embedding are indexed");
  }

  void enqueue(const std::vector<Event>& evs) {
    {
      std::lock_guard lk(queue_mu);
      queue.insert(queue.end(), evs.begin(), evs.end());
    }
    drain();
  }

  /// Applies every queued event. Concurrent callers take turns; whoever
  /// holds the lock applies all that is queued (its own events and those of
  /// callers waiting behind it), so when a callback returns, its events are
  /// in the index. Before `ready` (while starting) events just queue.
  void drain(bool force_retry = false) {
    std::unique_lock f(follow_mu);
    if (!ready) return;
    for (;;) {
      std::vector<Event> batch;
      {
        std::lock_guard lk(queue_mu);
        batch.swap(queue);
      }
      if (batch.empty()) break;
      process(std::move(batch));
    }
    retry_failed(force_retry);
  }

  // ---- start ----------------------------------------------------------------

  /// Why the saved index cannot be used ("" when it can).
  std::string check_saved(const VectorIndex::Meta& meta) {
    if (meta.embedder_id != embedder->id())
      return "it was built by embedder " + meta.embedder_id +
             ", the configured one is " + embedder->id();
    if (meta.dim != embedder->dim())
      return "it has dimension " + std::to_string(meta.dim) +
             ", the embedder " + std::to_string(embedder->dim());
    const std::uint64_t applied = state.applied_seq();
    if (meta.seq > applied)
      return "it reflects log sequence " + std::to_string(meta.seq) +
             ", beyond the log's head " + std::to_string(applied);
    if (meta.seq > 0) {
      auto ev = state.log().read(meta.seq, 1);
      if (!ev || ev->empty() || (*ev)[0].seq != meta.seq ||
          fingerprint((*ev)[0]) != meta.seq_fingerprint)
        return "the log's event " + std::to_string(meta.seq) +
               " is not the one it was built from (another database?)";
    }
    return {};
  }

  Status rebuild() {
    struct Rec {
      std::string user, id, text;
      MemoryKind kind;
      bool superseded;
      std::uint64_t seq;
      std::vector<std::uint32_t> keys;
    };
    std::vector<Rec> recs;
    std::uint64_t seq = 0;
    state.read([&](const State& s) {
      seq = s.applied_seq();
      recs.reserve(s.live_memory_count());
      for (const auto& [id, m] : s.memories())
        if (!m.deleted())
          recs.push_back({m.user, m.id, m.text, m.kind, m.superseded(), m.seq,
                          claim_keys(m.claim)});
    });
    std::sort(recs.begin(), recs.end(), [](const Rec& a, const Rec& b) {
      return a.user != b.user ? a.user < b.user : a.seq < b.seq;
    });
    index = std::make_unique<VectorIndex>(o.index);
    std::vector<Todo> todo;
    todo.reserve(recs.size());
    for (auto& r : recs)
      todo.push_back({std::move(r.user), std::move(r.id), std::move(r.text),
                      r.kind, r.superseded, false, r.seq, std::move(r.keys)});
    std::size_t i = 0;
    while (i < todo.size()) {
      std::size_t j = i;
      std::vector<const Todo*> list;
      while (j < todo.size() && todo[j].user == todo[i].user)
        list.push_back(&todo[j++]);
      add_memories(todo[i].user, list);
      i = j;
    }
    retry_count = retry.size();
    synced = seq;
    return {};
  }

  Status catch_up_from_log() {
    const std::uint64_t upto = state.applied_seq();
    std::vector<Event> chunk;
    Status failure;
    auto st = state.log().scan(synced + 1, [&](const Event& e) {
      if (e.seq > upto) return false;
      chunk.push_back(e);
      if (chunk.size() >= 4096) {
        process(std::move(chunk));
        chunk.clear();
      }
      return true;
    });
    if (!st) return st;
    if (!chunk.empty()) process(std::move(chunk));
    return {};
  }

  Status start() {
    const auto t0 = std::chrono::steady_clock::now();
    o.index.dim = embedder->dim();
    std::string reason;
    auto meta = VectorIndex::read_meta(o.dir);
    if (!meta) {
      reason = meta.error().code == Errc::not_found
                   ? "there is no saved index"
                   : "its metadata is unreadable: " + meta.error().message;
    } else {
      reason = check_saved(*meta);
      if (reason.empty()) {
        auto loaded = VectorIndex::load(o.dir, o.index);
        if (loaded) {
          index = std::move(*loaded);
          synced = meta->seq;
          saved = meta->seq;
          report.index_seq = meta->seq;
        } else {
          reason = "it is damaged: " + loaded.error().message;
        }
      }
    }
    std::unique_lock f(follow_mu);
    if (index) {
      report.how = Start::loaded;
      if (auto st = catch_up_from_log(); !st) return st;
    } else {
      report.how = Start::rebuilt;
      report.reason = reason;
      log->info("rebuilding the vector index from the state: {}", reason);
      if (auto st = rebuild(); !st) return st;
      if (o.save_interval.count() > 0) {  // do not redo the work after a crash
        std::lock_guard lk(saver_mu);
        save_now = true;
      }
    }
    ready = true;
    f.unlock();
    drain();
    report.synced_seq = synced;
    report.vectors = index->stats().vectors;
    report.took = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - t0);
    if (report.how == Start::loaded)
      log->info(
          "vector index loaded at seq {} and caught up to {}: {} vectors in {} "
          "ms",
          report.index_seq, report.synced_seq, report.vectors,
          report.took.count());
    else
      log->info("vector index rebuilt at seq {}: {} vectors in {} ms",
                report.synced_seq, report.vectors, report.took.count());
    return {};
  }

  // ---- saving ---------------------------------------------------------------

  /// Saves without stopping the follower: the sequence number is taken
  /// first, so the files hold at least every change up to it (partitions
  /// written later may hold newer ones), and replaying the log from it at
  /// the next start converges because syncing a memory is idempotent. A
  /// writer to the partition being written waits for that partition only.
  Status save() {
    std::lock_guard one_at_a_time(save_mu);
    if (!index || !ready)
      return make_error(Errc::unavailable, "the vector index is not open");
    std::uint64_t seq = 0;
    {
      std::lock_guard f(follow_mu);
      seq = synced;
      for (const auto& [id, s] : retry) seq = std::min(seq, s - 1);
    }
    if (seq == saved &&
        std::filesystem::exists(std::filesystem::path(o.dir) / "meta.json")) {
      return {};
    }
    VectorIndex::Meta meta;
    meta.embedder_id = embedder->id();
    meta.dim = embedder->dim();
    meta.seq = seq;
    if (seq > 0) {
      auto ev = state.log().read(seq, 1);
      if (!ev) return ev.error();
      if (ev->empty() || (*ev)[0].seq != seq)
        return make_error(Errc::internal,
                          "log event " + std::to_string(seq) + " is missing");
      meta.seq_fingerprint = fingerprint((*ev)[0]);
    }
    const auto t0 = std::chrono::steady_clock::now();
    if (auto st = index->save(o.dir, meta, o.fsync); !st) return st;
    saved = seq;
    log->info("vector index saved at seq {} in {} ms", seq,
              std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - t0)
                  .count());
    return {};
  }

  void saver_loop() {
    std::unique_lock lk(saver_mu);
    while (!stop) {
      // Wake for the next save or the next retry, whichever comes first.
      auto wait = std::max<std::chrono::milliseconds>(
          o.retry_interval, std::chrono::milliseconds(50));
      if (o.save_interval.count() > 0)
        wait = std::min<std::chrono::milliseconds>(wait, o.save_interval);
      saver_cv.wait_for(lk, wait, [&] { return stop || save_now; });
      if (stop) break;
      const bool due =
          save_now ||
          (o.save_interval.count() > 0 &&
           std::chrono::steady_clock::now() - last_save >= o.save_interval);
      save_now = false;
      lk.unlock();
      drain();  // also retries failed embeddings
      if (due) {
        last_save = std::chrono::steady_clock::now();
        if (auto st = save(); !st)
          log->error("cannot save the vector index: {}", st.error().describe());
      }
      lk.lock();
    }
  }
  std::chrono::steady_clock::time_point last_save =
      std::chrono::steady_clock::now();
};

MemoryIndex::MemoryIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

MemoryIndex::Options MemoryIndex::options_from(const IndexConfig& c,
                                               const StoreConfig& store) {
  Options o;
  o.dir = (std::filesystem::path(store.data_dir) / "index").string();
  o.index.hnsw_threshold = static_cast<std::size_t>(c.hnsw_threshold);
  o.index.hnsw_m = static_cast<std::size_t>(c.hnsw_m);
  o.index.ef_construction = static_cast<std::size_t>(c.hnsw_ef_construction);
  o.index.ef_search = static_cast<std::size_t>(c.hnsw_ef_search);
  o.index.build_threads = static_cast<std::size_t>(c.build_threads);
  o.index.term_postings = static_cast<std::size_t>(c.term_postings);
  o.save_interval = std::chrono::seconds(c.save_interval_s);
  o.fsync = store.sync == "fsync";
  return o;
}

Expected<std::unique_ptr<MemoryIndex>> MemoryIndex::open(
    StateStore& state, std::shared_ptr<const Embedder> embedder,
    Options options) {
  if (!embedder)
    return make_error(Errc::invalid_argument, "MemoryIndex needs an embedder");
  auto impl =
      std::make_unique<Impl>(state, std::move(embedder), std::move(options));
  Impl* im = impl.get();
  std::unique_ptr<MemoryIndex> mi(new MemoryIndex(std::move(impl)));
  // Subscribe first: events applied while loading queue up and are applied
  // (or skipped, by seq) once the index is ready.
  im->link = std::make_shared<FollowLink>();
  im->link->deliver = [im](const std::vector<Event>& evs) { im->enqueue(evs); };
  state.on_applied([link = im->link](const std::vector<Event>& evs) {
    std::shared_lock lk(link->mu);
    if (link->deliver) link->deliver(evs);
  });
  if (auto st = im->start(); !st) {
    std::unique_lock lk(im->link->mu);
    im->link->deliver = nullptr;
    return st.error();
  }
  im->saver = std::thread([im] { im->saver_loop(); });
  return mi;
}

MemoryIndex::~MemoryIndex() {
  {
    std::lock_guard lk(impl_->saver_mu);
    impl_->stop = true;
  }
  impl_->saver_cv.notify_all();
  if (impl_->saver.joinable()) impl_->saver.join();
  {
    // Waits for callbacks in flight; later ones find no target.
    std::unique_lock lk(impl_->link->mu);
    impl_->link->deliver = nullptr;
  }
  if (!impl_->ready) return;  // open() failed: nothing worth saving
  if (auto st = impl_->save(); !st)
    impl_->log->error("cannot save the vector index at shutdown: {}",
                      st.error().describe());
}

Expected<std::vector<VectorHit>> MemoryIndex::search(
    const std::string& user, std::span<const float> query,
    const VectorQuery& q) const {
  return impl_->index->search(user, query, q);
}

Status MemoryIndex::save() {
  return impl_->save();
}
void MemoryIndex::sync() {
  impl_->drain(true);
}
std::uint64_t MemoryIndex::synced_seq() const {
  return impl_->synced;
}
const MemoryIndex::StartReport& MemoryIndex::start_report() const {
  return impl_->report;
}
const VectorIndex& MemoryIndex::index() const {
  return *impl_->index;
}
VectorIndex& MemoryIndex::index() {
  return *impl_->index;
}
const Embedder& MemoryIndex::embedder() const {
  return *impl_->embedder;
}

MemoryIndex::Stats MemoryIndex::stats() const {
  Stats s;
  s.synced_seq = impl_->synced;
  s.saved_seq = impl_->saved;
  s.events = impl_->events;
  s.embedded = impl_->embedded;
  s.embed_failures = impl_->embed_failures;
  s.pending_retries = impl_->retry_count;
  return s;
}

}  // namespace credence
