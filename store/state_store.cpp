// The state store: the fold of the log, persisted in the `state` column
// family. Keys (the prefix letter names the entity kind, see engine/state.hpp):
//
//   m/<memory id>          a Memory (engine/codec write_memory)
//   u/<uncertainty id>     an Uncertainty record
//   r/<relationship id>    a Relationship
//   s/<user>               UserSettings
//   p/<pending id>         a PendingClassification
//   g/background           BackgroundState
//   b/<belief id>          a ledger Belief with its running sums and counts
//                          (engine/ledger_codec write_belief), no evidence
//   e/<belief id>/<n>      the belief's n-th evidence item (n zero-padded to
//                          10 digits, so keys sort in insertion order)
//
// An evidence append therefore rewrites one small b/ entry and adds one e/
// entry: persisting is O(1) per append, whatever the belief's item count.
// Loading reads keys in order (b/ before e/), then State::finish_load
// restores insertion order and dependency links.

#include "store/state_store.hpp"

#include <algorithm>
#include <condition_variable>
#include <thread>

#include "common/json_reader.hpp"
#include "common/log.hpp"
#include "engine/codec.hpp"
#include "engine/digest.hpp"
#include "engine/ledger_codec.hpp"

namespace credence {

struct StateStore::Writer {
  std::mutex mu;
  std::condition_variable cv;
  std::condition_variable drained;
  bool stop = false;
  std::size_t in_flight = 0;
  std::vector<std::pair<std::vector<Event>, SubmitCallback>> queue;
  std::thread thread;
};

struct StateStore::Flusher {
  std::mutex mu;
  std::condition_variable cv;
  bool stop = false;
  std::thread thread;
};

StateStore::StateStore(EventLog& log, Options options)
    : log_(log), options_(options) {}

StateStore::~StateStore() {
  if (writer_) {
    // Drain: every queued submission is committed and answered first.
    {
      std::lock_guard lk(writer_->mu);
      writer_->stop = true;
    }
    writer_->cv.notify_all();
    if (writer_->thread.joinable()) writer_->thread.join();
  }
  if (flusher_) {
    {
      std::lock_guard lk(flusher_->mu);
      flusher_->stop = true;
    }
    flusher_->cv.notify_all();
    if (flusher_->thread.joinable()) flusher_->thread.join();
  }
  if (!log_.options().read_only) {
    if (auto st = flush(); !st)
      log::get("state")->error("final flush failed: {}", st.error().describe());
  }
}

namespace {

}  // namespace

Expected<std::unique_ptr<StateStore>> StateStore::open(EventLog& log, Options options) {
  std::unique_ptr<StateStore> ss(new StateStore(log, options));
  auto lg = log::get("state");
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t cursor = log.cursor(kCursor);
  auto format = log.get_meta(kFormatKey);
  if (!format) return format.error();
  ss->format_pending_ = !*format || **format != kFormat;
  // An empty store has nothing to convert; one written in another format is
  // refolded from the log (every entity is rewritten by the next flush).
  const bool refold = cursor > 0 && ss->format_pending_;
  if (refold) {
    lg->warn("state store format {} differs from {}: refolding the log ({} events)",
             *format ? **format : std::string("1"), kFormat, cursor);
  } else {
    EntityLoader loader;
    Status load_status;
    auto st = log.scan_state("", [&](std::string_view k, std::string_view v) {
      load_status = loader.load(ss->state_, k, v);
      return static_cast<bool>(load_status);
    });
    if (!st) return st.error();
    if (!load_status) return load_status.error();
    if (auto fl = ss->state_.finish_load(); !fl) return fl.error();
  }
  ss->state_.set_applied_seq(refold ? 0 : cursor);
  ss->persisted_seq_ = cursor;
  const auto loaded = ss->state_.memories().size();
  {
    std::unique_lock lock(ss->mu_);
    if (auto cs = ss->apply_range_locked(log.head(), nullptr); !cs) return cs.error();
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
  lg->info("state loaded: {} memories from the state store at seq {}, caught up to {} in {} ms",
           loaded, cursor, ss->state_.applied_seq(), ms);
  if (!log.options().read_only) {
    if (auto fs = ss->flush(); !fs) return fs.error();
    if (ss->format_pending_) {  // nothing to flush (an empty store): record it anyway
      EventLog::Txn txn;
      txn.meta_puts.emplace_back(kFormatKey, kFormat);
      if (auto res = log.commit(std::move(txn)); !res) return res.error();
      ss->format_pending_ = false;
    }
    if (options.start_flusher) {
      ss->flusher_ = std::make_unique<Flusher>();
      ss->flusher_->thread = std::thread([p = ss.get()] { p->flusher_loop(); });
    }
  }
  return ss;
}

Status StateStore::apply_range_locked(std::uint64_t upto, std::vector<Event>* applied) {
  const std::uint64_t from = state_.applied_seq() + 1;
  if (upto < from) return {};
  Touched touched;
  Status failure;
  auto st = log_.scan(from, [&](const Event& e) {
    if (e.seq > upto) return false;
    failure = apply(state_, e, &touched);
    if (!failure) return false;
    if (applied) applied->push_back(e);
    return true;
  });
  dirty_.insert(dirty_.end(), touched.keys.begin(), touched.keys.end());
  if (!st) return st;
  if (!failure) {
    log::get("state")->error("cannot apply: {}", failure.error().describe());
    return failure;
  }
  return {};
}

Status StateStore::apply_committed_locked(std::vector<Event>& events, std::vector<Event>* applied) {
  Touched touched;
  Status status;
  for (auto& e : events) {
    if (e.seq <= state_.applied_seq()) continue;  // already applied by a catch-up
    if (e.seq != state_.applied_seq() + 1) {
      // Another writer's events come first.
      status = apply_range_locked(e.seq - 1, applied);
      if (!status) break;
      if (e.seq != state_.applied_seq() + 1) break;  // not readable yet: the log catches up below
    }
    status = apply(state_, e, &touched);
    if (!status) {
      log::get("state")->error("cannot apply: {}", status.error().describe());
      break;
    }
    if (applied) applied->push_back(std::move(e));
  }
  dirty_.insert(dirty_.end(), touched.keys.begin(), touched.keys.end());
  if (!status) return status;
  return apply_range_locked(log_.head(), applied);
}

Expected<EventLog::CommitResult> StateStore::submit(std::vector<Event> events) {
  auto res = log_.append(std::move(events));
  if (!res) return res;
  std::uint64_t need = 0;
  for (auto s : res->seqs) need = std::max(need, s);
  std::vector<Event> applied;
  bool want_flush = false;
  {
    std::unique_lock lock(mu_);
    if (state_.applied_seq() < need) {
      if (auto st = apply_range_locked(log_.head(), &applied); !st) return st.error();
    }
    want_flush = dirty_.size() >= options_.flush_max_dirty;
  }
  notify_applied(applied);
  if (flusher_ && want_flush) flusher_->cv.notify_one();
  return res;
}

void StateStore::notify_applied(const std::vector<Event>& applied) {
  if (applied.empty()) return;
  std::vector<std::function<void(const std::vector<Event>&)>> cbs;
  {
    std::lock_guard lk(cb_mu_);
    cbs = callbacks_;
  }
  for (auto& cb : cbs) cb(applied);
}

void StateStore::submit_async(std::vector<Event> events, SubmitCallback done) {
  {
    std::lock_guard lk(flush_mu_);
    if (!writer_) {
      writer_ = std::make_unique<Writer>();
      writer_->thread = std::thread([this] { writer_loop(); });
    }
  }
  {
    std::lock_guard lk(writer_->mu);
    writer_->queue.emplace_back(std::move(events), std::move(done));
  }
  writer_->cv.notify_one();
}

std::size_t StateStore::pending_async() const {
  if (!writer_) return 0;
  std::lock_guard lk(writer_->mu);
  return writer_->queue.size() + writer_->in_flight;
}

void StateStore::writer_loop() {
  auto& w = *writer_;
  while (true) {
    std::vector<std::pair<std::vector<Event>, SubmitCallback>> batch;
    {
      std::unique_lock lk(w.mu);
      w.cv.wait(lk, [&] { return w.stop || !w.queue.empty(); });
      if (w.queue.empty()) break;  // stop requested and drained
      batch.swap(w.queue);
      w.in_flight = batch.size();
    }
    std::vector<EventLog::Txn> txns;
    txns.reserve(batch.size());
    for (auto& [evs, cb] : batch) {
      EventLog::Txn t;
      t.events = std::move(evs);
      txns.push_back(std::move(t));
    }
    std::vector<Event> committed;
    auto results = log_.commit_many(std::move(txns), &committed);
    std::vector<Event> applied;
    bool want_flush = false;
    Status apply_status;
    {
      std::unique_lock lock(mu_);
      apply_status = apply_committed_locked(committed, &applied);
      want_flush = dirty_.size() >= options_.flush_max_dirty;
    }
    notify_applied(applied);
    if (flusher_ && want_flush) flusher_->cv.notify_one();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!apply_status && results[i]) {
        batch[i].second(Expected<EventLog::CommitResult>(apply_status.error()));
      } else {
        batch[i].second(std::move(results[i]));
      }
    }
    {
      std::lock_guard lk(w.mu);
      w.in_flight = 0;
    }
  }
}

Expected<EventLog::CommitResult> StateStore::commit(EventLog::Txn txn) {
  auto res = log_.commit(std::move(txn));
  if (!res) return res;
  if (auto st = catch_up(); !st) return st.error();
  return res;
}

Status StateStore::catch_up() {
  std::vector<Event> applied;
  {
    std::unique_lock lock(mu_);
    if (auto st = apply_range_locked(log_.head(), &applied); !st) return st;
  }
  notify_applied(applied);
  return {};
}

Status StateStore::flush() {
  std::lock_guard fl(flush_mu_);
  EventLog::Txn txn;
  std::vector<std::string> keys;
  std::vector<EntityCopy> copies;
  std::uint64_t seq = 0;
  {
    std::shared_lock lock(mu_);
    seq = state_.applied_seq();
    if (seq == persisted_seq_ && dirty_.empty()) return {};
  }
  {
    // Copy the dirty entities under a shared lock: appliers (which write
    // the state and the dirty list under the exclusive lock) wait, so the
    // copies match `seq`, while readers (the pre-screen, the judge,
    // responses being rendered) go on. Only flush() touches the dirty list
    // under a shared lock, and flushes are serialised by flush_mu_. The
    // copies are serialised after the lock is released: copying is several
    // times cheaper, and appliers are what every waiting caller waits on.
    std::shared_lock lock(mu_);
    seq = state_.applied_seq();
    std::sort(dirty_.begin(), dirty_.end());
    dirty_.erase(std::unique(dirty_.begin(), dirty_.end()), dirty_.end());
    copies.reserve(dirty_.size());
    for (const auto& k : dirty_) copies.push_back(copy_entity(state_, k));
    keys.swap(dirty_);
  }
  for (std::size_t i = 0; i < keys.size(); ++i) {
    std::string v = serialize_copy(copies[i]);
    if (v.empty()) {
      txn.state_deletes.push_back(keys[i]);
    } else {
      txn.state_puts.emplace_back(keys[i], std::move(v));
    }
  }
  copies.clear();
  txn.cursors.push_back({kCursor, persisted_seq_, seq});
  if (format_pending_) txn.meta_puts.emplace_back(kFormatKey, kFormat);
  // A checkpoint, not an append: it does not queue the writers' synced
  // group commits behind a megabyte of entities.
  auto res = log_.commit_checkpoint(std::move(txn));
  if (!res) {
    // Nothing was written: the entities stay dirty for the next attempt.
    std::unique_lock lock(mu_);
    dirty_.insert(dirty_.end(), keys.begin(), keys.end());
    return res.error();
  }
  persisted_seq_ = seq;
  format_pending_ = false;
  return {};
}

void StateStore::flusher_loop() {
  auto lg = log::get("state");
  std::unique_lock lk(flusher_->mu);
  while (!flusher_->stop) {
    flusher_->cv.wait_for(lk, options_.flush_interval);
    if (flusher_->stop) break;
    lk.unlock();
    if (auto st = flush(); !st) lg->error("state flush failed: {}", st.error().describe());
    lk.lock();
  }
}

std::uint64_t StateStore::applied_seq() const {
  std::shared_lock lock(mu_);
  return state_.applied_seq();
}

std::string StateStore::digest() const {
  std::shared_lock lock(mu_);
  return state_digest(state_);
}

void StateStore::on_applied(std::function<void(const std::vector<Event>&)> fn) {
  std::lock_guard lk(cb_mu_);
  callbacks_.push_back(std::move(fn));
}

}  // namespace credence
