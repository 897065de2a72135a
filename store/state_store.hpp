#pragma once
/// \file state_store.hpp
/// The live materialised state: an in-memory engine::State kept equal to the
/// fold of the event log, and persisted to the log's `state` column family.
///
/// Write path: `submit(events)` appends them (durably) and then applies every
/// event up to the log head in sequence order, so concurrent submitters never
/// apply out of order. Returns once the caller's events are visible to reads.
///
/// Persistence: applied changes mark entities dirty; `flush()` copies the
/// dirty entities under the lock, serialises them outside it, and writes them
/// with the `state` cursor as one atomic checkpoint (EventLog::commit_checkpoint:
/// compare-and-set on the cursor, beside the synced group commits rather than
/// in them). A flusher thread calls it every `flush_interval`
/// or when `flush_max_dirty` entities are dirty, and the destructor flushes.
/// After a crash the state store holds a prefix of the log; `open` loads it
/// and applies the rest, so no event is applied twice or skipped.
///
/// Threading: all methods are thread-safe. Readers share a lock; apply takes
/// it exclusively, flush shares it only while it copies the dirty entities
/// (appliers wait that long).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "engine/state.hpp"
#include "store/event_log.hpp"

namespace credence {

class StateStore {
 public:
  struct Options {
    std::chrono::milliseconds flush_interval{50};
    std::size_t flush_max_dirty = 4096;
    bool start_flusher = true;
  };

  /// The consumer name of the materialiser's cursor.
  static constexpr const char* kCursor = "state";
  /// The materialised state's format. When the entities gain a field the
  /// fold computes (UserSettings::dismissal_streak in format 2), a store
  /// written by an older build would load it as its default and disagree
  /// with a replay; on a mismatch the store refolds the whole log instead.
  static constexpr const char* kFormatKey = "state_format";
  static constexpr const char* kFormat = "2";

  /// Loads the persisted state and catches up with the log.
  static Expected<std::unique_ptr<StateStore>> open(EventLog& log, Options options);
  ~StateStore();

  /// Appends events, applies everything up to the head, returns the commit.
  Expected<EventLog::CommitResult> submit(std::vector<Event> events);

  using SubmitCallback = std::function<void(Expected<EventLog::CommitResult>)>;
  /// Like submit(), without blocking the caller: a writer thread batches the
  /// queued submissions into shared group commits, applies them, and then
  /// calls `done` (on the writer thread; keep it cheap, e.g. send a message).
  /// Submissions are appended in the order they were queued.
  void submit_async(std::vector<Event> events, SubmitCallback done);
  /// Submissions queued but not yet durable.
  std::size_t pending_async() const;
  /// Commits a transaction (events, cursor moves, state writes) and applies
  /// everything up to the head. For consumers committing effects with
  /// their cursor.
  Expected<EventLog::CommitResult> commit(EventLog::Txn txn);
  /// Applies events appended by other writers (up to the current head).
  Status catch_up();
  /// Persists dirty entities and the cursor.
  Status flush();

  /// Runs `fn` with shared (read) access to the state.
  template <class F>
  auto read(F&& fn) const {
    std::shared_lock lock(mu_);
    return fn(state_);
  }

  std::uint64_t applied_seq() const;
  /// Digest of the in-memory state.
  std::string digest() const;
  EventLog& log() { return log_; }

  /// Called (under no lock) after events were applied, with their seqs.
  void on_applied(std::function<void(const std::vector<Event>&)> fn);

 private:
  StateStore(EventLog& log, Options options);
  Status apply_range_locked(std::uint64_t upto, std::vector<Event>* applied);
  /// Applies events this store just committed (seq set, in seq order)
  /// without reading them back from the log; what other writers appended in
  /// between, and after, is read from the log. Ends caught up to the head.
  Status apply_committed_locked(std::vector<Event>& events, std::vector<Event>* applied);
  void flusher_loop();

  EventLog& log_;
  Options options_;
  mutable std::shared_mutex mu_;
  State state_;
  std::vector<std::string> dirty_;
  std::uint64_t persisted_seq_ = 0;
  bool format_pending_ = true;  ///< kFormat not yet recorded (guarded by flush_mu_)
  std::mutex flush_mu_;
  std::mutex cb_mu_;
  std::vector<std::function<void(const std::vector<Event>&)>> callbacks_;
  struct Flusher;
  std::unique_ptr<Flusher> flusher_;
  struct Writer;
  std::unique_ptr<Writer> writer_;
  void writer_loop();
  void notify_applied(const std::vector<Event>& applied);
};

}  // namespace credence
