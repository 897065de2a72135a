// The event log's on-disk layout.
//
// <data_dir>/db is one RocksDB database with these column families:
//
//   meta     "schema_version" -> decimal string (kStoreSchemaVersion)
//            "created_at"     -> RFC 3339 time the directory was created
//            other keys       -> written by components through Txn::meta_puts
//   events   seq_key(seq) (8-byte big-endian) -> encode_event() envelope
//   idem     user '\0' idempotency_key -> seq_key(seq) of the first append
//   cursors  consumer name -> seq_key(last applied seq)
//   state    materialised state, keyed by its owner (see engine/state_codec)
//
// Sequence numbers start at 1 and are contiguous: a commit assigns them under
// the group-commit leader and writes them in the same RocksDB WriteBatch as
// their idempotency entries, cursor moves and state writes.

#include "store/event_log.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <unordered_map>

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>
#include <rocksdb/cache.h>
#include <rocksdb/write_batch.h>

#include "common/log.hpp"

namespace credence {

namespace fs = std::filesystem;

namespace {

constexpr const char* kCfMeta = "meta";
constexpr const char* kCfEvents = "events";
constexpr const char* kCfIdem = "idem";
constexpr const char* kCfCursors = "cursors";
constexpr const char* kCfState = "state";

std::string idem_key(std::string_view user, std::string_view key) {
  std::string k(user);
  k.push_back('\0');
  k.append(key);
  return k;
}

Error rocks_error(const rocksdb::Status& s, const std::string& what) {
  Errc code = Errc::io_error;
  if (s.IsCorruption()) code = Errc::corruption;
  if (s.IsNotSupported()) code = Errc::unsupported;
  return make_error(code, what + ": " + s.ToString());
}

}  // namespace

struct EventLog::Impl {
  Options options;
  rocksdb::DB* db = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::ColumnFamilyHandle* meta = nullptr;
  rocksdb::ColumnFamilyHandle* events = nullptr;
  rocksdb::ColumnFamilyHandle* idem = nullptr;
  rocksdb::ColumnFamilyHandle* cursors = nullptr;
  rocksdb::ColumnFamilyHandle* state = nullptr;
  std::shared_ptr<spdlog::logger> log = log::get("store");

  // Group commit.
  struct Pending {
    Txn txn;
    std::optional<Expected<CommitResult>> result;
  };
  mutable std::mutex mu;
  mutable std::condition_variable cv;
  std::deque<Pending*> queue;
  bool leader_active = false;
  std::uint64_t next_seq = 1;  // owned by the current leader
  std::atomic<std::uint64_t> head{0};
  std::vector<std::function<void(std::uint64_t)>> subscribers;
  std::mutex sub_mu;
  std::mutex checkpoint_mu;  // serialises commit_checkpoint()

  std::atomic<std::uint64_t> n_commits{0}, n_batches{0}, n_events{0},
      n_dups{0};

  /// The stored position of a consumer's cursor (0 when it has none).
  std::uint64_t stored_cursor(std::string_view consumer) const {
    auto v = get(cursors, consumer);
    return v ? parse_seq_key(*v) : 0;
  }

  /// A Txn's state and meta writes, added to `batch`.
  void add_effects(rocksdb::WriteBatch& batch, const Txn& txn) const {
    for (const auto& [k, v] : txn.state_puts) batch.Put(state, k, v);
    for (const auto& k : txn.state_deletes) batch.Delete(state, k);
    for (const auto& [k, v] : txn.meta_puts) batch.Put(meta, k, v);
  }

  ~Impl() {
    if (!db) return;
    for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
    delete db;
  }

  std::optional<std::string> get(rocksdb::ColumnFamilyHandle* cf,
                                 std::string_view key,
                                 rocksdb::Status* status = nullptr) const {
    std::string value;
    auto s = db->Get(rocksdb::ReadOptions(), cf, rocksdb::Slice(key.data(), key.size()), &value);
    if (status) *status = s;
    if (!s.ok()) return std::nullopt;
    return value;
  }

  void write_group(std::vector<Pending*>& group);
};

EventLog::EventLog(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

EventLog::~EventLog() {
  if (!impl_) return;
  {
    // Wait for any in-flight group commit to finish before closing.
    std::unique_lock lk(impl_->mu);
    impl_->cv.wait(lk, [&] { return !impl_->leader_active && impl_->queue.empty(); });
  }
  // A clean close flushes the memtables, so the next open has no WAL to
  // replay (fast restarts). After a crash the WAL is replayed instead.
  if (!impl_->options.read_only && impl_->db) {
    rocksdb::FlushOptions fo;
    if (auto s = impl_->db->Flush(fo, impl_->handles); !s.ok())
      impl_->log->warn("flush at close failed: {}", s.ToString());
  }
}

Expected<std::unique_ptr<EventLog>> EventLog::open(const Options& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  const fs::path root(options.dir);
  const fs::path dbdir = root / "db";
  std::error_code ec;
  const bool exists = fs::exists(dbdir / "CURRENT", ec);
  if (!exists) {
    if (options.read_only || !options.create_if_missing)
      return make_error(Errc::not_found,
                        "no credence database in " + root.string() +
                            " (expected " + (dbdir / "CURRENT").string() + ")");
    if (fs::exists(dbdir, ec) && !fs::is_empty(dbdir, ec))
      return make_error(Errc::corruption,
                        dbdir.string() +
                            " exists and is not empty but holds no database "
                            "(CURRENT is missing); refusing to overwrite it");
    fs::create_directories(dbdir, ec);
    if (ec)
      return make_error(Errc::io_error,
                        "cannot create " + dbdir.string() + ": " + ec.message());
  }

  rocksdb::Options db_opts;
  db_opts.create_if_missing = !exists;
  db_opts.create_missing_column_families = !exists;
  db_opts.max_background_jobs = 2;
  db_opts.write_buffer_size = 64 << 20;
  // With several column families a WAL file is kept until every family with
  // data in it has flushed; the small ones (meta, idem, cursors) rarely fill
  // a memtable, so without a cap the WAL grows without bound and every open
  // replays all of it. Past this size RocksDB flushes the families holding
  // the oldest WAL.
  db_opts.max_total_wal_size = 128 << 20;
  db_opts.paranoid_checks = true;
  rocksdb::BlockBasedTableOptions table;
  table.block_cache = rocksdb::NewLRUCache(options.block_cache_mb << 20);
  table.cache_index_and_filter_blocks = true;
  db_opts.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  db_opts.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db_opts.keep_log_file_num = 3;

  const std::vector<std::string> names = {rocksdb::kDefaultColumnFamilyName,
                                          kCfMeta, kCfEvents, kCfIdem,
                                          kCfCursors, kCfState};
  if (exists) {
    std::vector<std::string> present;
    auto s = rocksdb::DB::ListColumnFamilies(db_opts, dbdir.string(), &present);
    if (!s.ok())
      return rocks_error(s, "cannot read database " + dbdir.string());
    for (const auto& n : names) {
      if (std::find(present.begin(), present.end(), n) == present.end())
        return make_error(Errc::corruption,
                          dbdir.string() +
                              " is not a credence database (column family `" +
                              n + "` is missing)");
    }
  }
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
  for (const auto& n : names)
    cfs.emplace_back(n, rocksdb::ColumnFamilyOptions(db_opts));

  rocksdb::Status s;
  if (options.read_only) {
    s = rocksdb::DB::OpenForReadOnly(db_opts, dbdir.string(), cfs,
                                     &impl->handles, &impl->db);
  } else {
    s = rocksdb::DB::Open(db_opts, dbdir.string(), cfs, &impl->handles,
                          &impl->db);
  }
  if (!s.ok()) {
    if (s.IsIOError() && s.ToString().find("lock") != std::string::npos)
      return make_error(Errc::unavailable,
                        "database " + dbdir.string() +
                            " is in use by another process: " + s.ToString());
    return rocks_error(s, "cannot open database " + dbdir.string());
  }
  impl->meta = impl->handles[1];
  impl->events = impl->handles[2];
  impl->idem = impl->handles[3];
  impl->cursors = impl->handles[4];
  impl->state = impl->handles[5];

  // Schema version: written at creation, checked on every open.
  if (auto v = impl->get(impl->meta, "schema_version")) {
    char* end = nullptr;
    const unsigned long ver = std::strtoul(v->c_str(), &end, 10);
    if (v->empty() || *end != '\0')
      return make_error(Errc::corruption,
                        dbdir.string() + ": meta.schema_version is unreadable (\"" +
                            *v + "\")");
    if (ver > kStoreSchemaVersion)
      return make_error(
          Errc::unsupported,
          dbdir.string() + " was written by store schema version " +
              std::to_string(ver) + "; this build reads versions up to " +
              std::to_string(kStoreSchemaVersion) +
              ". Upgrade credence; the directory was not modified.");
  } else if (exists) {
    return make_error(Errc::corruption,
                      dbdir.string() +
                          " has no schema_version in its meta column family");
  } else {
    rocksdb::WriteOptions wo;
    wo.sync = true;
    rocksdb::WriteBatch b;
    b.Put(impl->meta, "schema_version", std::to_string(kStoreSchemaVersion));
    b.Put(impl->meta, "created_at", format_rfc3339(SystemClock::instance().now()));
    if (auto ws = impl->db->Write(wo, &b); !ws.ok())
      return rocks_error(ws, "cannot initialise " + dbdir.string());
  }

  // Head: the last key of the events column family.
  std::unique_ptr<rocksdb::Iterator> it(
      impl->db->NewIterator(rocksdb::ReadOptions(), impl->events));
  it->SeekToLast();
  if (it->Valid()) {
    const auto k = it->key();
    if (k.size() != 8)
      return make_error(Errc::corruption,
                        dbdir.string() + ": malformed event key of " +
                            std::to_string(k.size()) + " bytes");
    impl->head = parse_seq_key(std::string_view(k.data(), k.size()));
  } else if (!it->status().ok()) {
    return rocks_error(it->status(), "cannot read events of " + dbdir.string());
  }
  impl->next_seq = impl->head + 1;
  return std::unique_ptr<EventLog>(new EventLog(std::move(impl)));
}

void EventLog::Impl::write_group(std::vector<Pending*>& group) {
  rocksdb::WriteBatch batch;
  const std::uint64_t first_seq = next_seq;
  std::unordered_map<std::string, std::uint64_t> cursor_vals;
  std::unordered_map<std::string, std::uint64_t> idem_new;
  std::vector<CommitResult> results(group.size());
  std::vector<bool> failed(group.size(), false);
  std::uint64_t appended = 0, dups = 0;

  for (size_t gi = 0; gi < group.size(); ++gi) {
    Txn& txn = group[gi]->txn;
    // Cursor compare-and-set, against the stored value or an earlier Txn of
    // this group.
    bool conflict = false;
    std::string why;
    for (const auto& m : txn.cursors) {
      std::uint64_t cur = 0;
      if (auto it = cursor_vals.find(m.consumer); it != cursor_vals.end()) {
        cur = it->second;
      } else {
        cur = stored_cursor(m.consumer);
      }
      if (cur != m.expected) {
        conflict = true;
        why = "cursor `" + m.consumer + "` is at " + std::to_string(cur) +
              ", expected " + std::to_string(m.expected);
        break;
      }
    }
    if (conflict) {
      failed[gi] = true;
      group[gi]->result = Expected<CommitResult>(make_error(Errc::conflict, why));
      continue;
    }
    for (const auto& m : txn.cursors) {
      cursor_vals[m.consumer] = m.to;
      batch.Put(cursors, m.consumer, seq_key(m.to));
    }
    auto& r = results[gi];
    for (const auto& e : txn.events) {
      if (!e.idem_key.empty()) {
        const std::string ik = idem_key(e.user, e.idem_key);
        std::optional<std::uint64_t> earlier;
        if (auto it = idem_new.find(ik); it != idem_new.end()) {
          earlier = it->second;
        } else if (auto v = get(idem, ik)) {
          earlier = parse_seq_key(*v);
        }
        if (earlier) {
          r.seqs.push_back(*earlier);
          r.duplicate.push_back(true);
          ++dups;
          continue;
        }
        idem_new.emplace(ik, next_seq);
        batch.Put(idem, ik, seq_key(next_seq));
      }
      batch.Put(events, seq_key(next_seq), encode_event(e));
      r.seqs.push_back(next_seq);
      r.duplicate.push_back(false);
      ++next_seq;
      ++appended;
    }
    add_effects(batch, txn);
  }

  rocksdb::WriteOptions wo;
  wo.sync = options.fsync;
  rocksdb::Status s = batch.Count() ? db->Write(wo, &batch) : rocksdb::Status::OK();
  if (!s.ok()) {
    next_seq = first_seq;  // nothing was written: reuse the numbers
    log->error("group commit of {} txn(s) failed: {}", group.size(), s.ToString());
    for (size_t gi = 0; gi < group.size(); ++gi)
      if (!failed[gi])
        group[gi]->result =
            Expected<CommitResult>(rocks_error(s, "append failed"));
    return;
  }
  for (size_t gi = 0; gi < group.size(); ++gi)
    if (!failed[gi]) group[gi]->result = Expected<CommitResult>(std::move(results[gi]));
  n_batches.fetch_add(1, std::memory_order_relaxed);
  n_commits.fetch_add(group.size(), std::memory_order_relaxed);
  n_events.fetch_add(appended, std::memory_order_relaxed);
  n_dups.fetch_add(dups, std::memory_order_relaxed);
  if (appended) head.store(next_seq - 1, std::memory_order_release);
}

std::vector<Expected<EventLog::CommitResult>> EventLog::commit_many(std::vector<Txn> txns,
                                                                  std::vector<Event>* appended) {
  auto& im = *impl_;
  std::vector<Expected<CommitResult>> out;
  out.reserve(txns.size());
  if (im.options.read_only) {
    for (std::size_t i = 0; i < txns.size(); ++i)
      out.emplace_back(make_error(Errc::unsupported, "the event log is open read-only"));
    return out;
  }
  std::vector<Impl::Pending> pending;
  pending.reserve(txns.size());
  for (auto& t : txns) pending.push_back(Impl::Pending{std::move(t), std::nullopt});
  std::unique_lock lk(im.mu);
  for (auto& p : pending) im.queue.push_back(&p);
  auto all_done = [&] {
    for (const auto& p : pending)
      if (!p.result) return false;
    return true;
  };
  while (!all_done()) {
    if (im.leader_active) {
      im.cv.wait(lk);
      continue;
    }
    im.leader_active = true;
    std::vector<Impl::Pending*> group;
    std::size_t n = 0;
    while (!im.queue.empty()) {
      const std::size_t k = im.queue.front()->txn.events.size();
      if (!group.empty() && n + k > im.options.max_batch_events) break;
      group.push_back(im.queue.front());
      im.queue.pop_front();
      n += k;
    }
    lk.unlock();
    const std::uint64_t before = im.head.load();
    im.write_group(group);
    const std::uint64_t after = im.head.load();
    if (after != before) {
      std::lock_guard sl(im.sub_mu);
      for (auto& fn : im.subscribers) fn(after);
    }
    lk.lock();
    im.leader_active = false;
    im.cv.notify_all();
  }
  lk.unlock();
  for (auto& p : pending) {
    if (appended && *p.result) {
      const CommitResult& r = **p.result;
      for (std::size_t i = 0; i < p.txn.events.size() && i < r.seqs.size(); ++i) {
        if (r.duplicate[i]) continue;
        Event& e = p.txn.events[i];
        e.seq = r.seqs[i];
        appended->push_back(std::move(e));
      }
    }
    out.push_back(std::move(*p.result));
  }
  if (appended)
    std::sort(appended->begin(), appended->end(),
              [](const Event& a, const Event& b) { return a.seq < b.seq; });
  return out;
}

Expected<EventLog::CommitResult> EventLog::commit(Txn txn) {
  std::vector<Txn> one;
  one.push_back(std::move(txn));
  return std::move(commit_many(std::move(one)).front());
}

Expected<EventLog::CommitResult> EventLog::commit_checkpoint(Txn txn) {
  auto& im = *impl_;
  if (im.options.read_only)
    return make_error(Errc::unsupported, "the event log is open read-only");
  if (!txn.events.empty())
    return make_error(Errc::invalid_argument,
                      "a checkpoint carries no events; append them with commit()");
  std::lock_guard lk(im.checkpoint_mu);
  rocksdb::WriteBatch batch;
  for (const auto& m : txn.cursors) {
    const std::uint64_t cur = im.stored_cursor(m.consumer);
    if (cur != m.expected)
      return make_error(Errc::conflict, "cursor `" + m.consumer + "` is at " +
                                            std::to_string(cur) + ", expected " +
                                            std::to_string(m.expected));
    batch.Put(im.cursors, m.consumer, seq_key(m.to));
  }
  im.add_effects(batch, txn);
  if (batch.Count()) {
    rocksdb::WriteOptions wo;
    wo.sync = false;  // the next synced append syncs it too; replay covers a loss
    if (auto s = im.db->Write(wo, &batch); !s.ok())
      return rocks_error(s, "checkpoint failed");
  }
  return CommitResult{};
}

Expected<EventLog::CommitResult> EventLog::append(std::vector<Event> events) {
  Txn txn;
  txn.events = std::move(events);
  return commit(std::move(txn));
}

std::uint64_t EventLog::head() const {
  return impl_->head.load(std::memory_order_acquire);
}

Status EventLog::scan(std::uint64_t from, const std::function<bool(Event&)>& fn) const {
  rocksdb::ReadOptions ro;
  ro.readahead_size = 2 << 20;
  ro.fill_cache = false;  // a scan reads each block once: keep the cache for lookups
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(ro, impl_->events));
  for (it->Seek(seq_key(from)); it->Valid(); it->Next()) {
    const auto k = it->key();
    const auto v = it->value();
    const std::uint64_t seq = parse_seq_key(std::string_view(k.data(), k.size()));
    auto ev = decode_event(std::string_view(v.data(), v.size()));
    if (!ev) {
      return make_error(ev.error().code,
                        "event " + std::to_string(seq) + " in " +
                            impl_->options.dir + ": " + ev.error().message);
    }
    ev->seq = seq;
    if (!fn(*ev)) return {};
  }
  if (!it->status().ok())
    return rocks_error(it->status(), "scan of " + impl_->options.dir + " failed");
  return {};
}

Expected<std::vector<Event>> EventLog::read(std::uint64_t from,
                                            std::size_t limit) const {
  std::vector<Event> out;
  if (limit == 0) return out;
  auto st = scan(from, [&](Event& e) {
    out.push_back(std::move(e));
    return out.size() < limit;
  });
  if (!st) return st.error();
  return out;
}

std::optional<std::uint64_t> EventLog::find_idempotent(
    std::string_view user, std::string_view key) const {
  if (auto v = impl_->get(impl_->idem, idem_key(user, key)))
    return parse_seq_key(*v);
  return std::nullopt;
}

std::uint64_t EventLog::cursor(std::string_view consumer) const {
  return impl_->stored_cursor(consumer);
}

std::vector<std::pair<std::string, std::uint64_t>> EventLog::cursors() const {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->cursors));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const auto k = it->key();
    const auto v = it->value();
    out.emplace_back(std::string(k.data(), k.size()),
                     parse_seq_key(std::string_view(v.data(), v.size())));
  }
  return out;
}

bool EventLog::wait_for(std::uint64_t after,
                        std::chrono::milliseconds timeout) const {
  std::unique_lock lk(impl_->mu);
  return impl_->cv.wait_for(lk, timeout, [&] { return head() > after; });
}

void EventLog::subscribe(std::function<void(std::uint64_t)> fn) {
  std::lock_guard lk(impl_->sub_mu);
  impl_->subscribers.push_back(std::move(fn));
}

Expected<std::optional<std::string>> EventLog::get_state(
    std::string_view key) const {
  rocksdb::Status s;
  auto v = impl_->get(impl_->state, key, &s);
  if (!s.ok() && !s.IsNotFound()) return rocks_error(s, "state read failed");
  return v;
}

Status EventLog::scan_state(
    std::string_view prefix,
    const std::function<bool(std::string_view, std::string_view)>& fn) const {
  rocksdb::ReadOptions ro;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(ro, impl_->state));
  for (it->Seek(rocksdb::Slice(prefix.data(), prefix.size())); it->Valid();
       it->Next()) {
    const auto k = it->key();
    std::string_view key(k.data(), k.size());
    if (key.substr(0, prefix.size()) != prefix) break;
    const auto v = it->value();
    if (!fn(key, std::string_view(v.data(), v.size()))) break;
  }
  if (!it->status().ok()) return rocks_error(it->status(), "state scan failed");
  return {};
}

Expected<std::optional<std::string>> EventLog::get_meta(std::string_view key) const {
  rocksdb::Status s;
  auto v = impl_->get(impl_->meta, key, &s);
  if (!s.ok() && !s.IsNotFound()) return rocks_error(s, "meta read failed");
  return v;
}

const EventLog::Options& EventLog::options() const { return impl_->options; }

EventLog::Stats EventLog::stats() const {
  return Stats{impl_->n_commits.load(), impl_->n_batches.load(),
               impl_->n_events.load(), impl_->n_dups.load()};
}

}  // namespace credence
