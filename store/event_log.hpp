#pragma once
/// \file event_log.hpp
/// The append-only event log, consumer cursors and materialised state, in one
/// RocksDB database (layout documented at the top of event_log.cpp).
///
/// Lifecycle: `open` a data directory (refuses newer schema versions and
/// corrupt databases with a message saying what and where), use it from any
/// number of threads, destroy it to close. The destructor waits for in-flight
/// commits; nothing acknowledged is lost.
///
/// Threading: every method is thread-safe. Commits from concurrent threads are
/// merged into one RocksDB write batch (group commit) and made durable with a
/// single WAL sync when `sync == fsync`. A commit returns only after its batch
/// is durable to the configured level.
///
/// Exactly-once consumers: a `Txn` carries events to append, cursor moves and
/// state writes; all of them commit atomically. A consumer that applies event
/// N writes its effects and moves its cursor to N in the same Txn, so a crash
/// neither repeats nor skips an event. Cursor moves are compare-and-set on the
/// previous value, so two copies of one consumer cannot both apply an event.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/event.hpp"
#include "common/expected.hpp"

namespace credence {

/// Version of the on-disk layout written by this build. A database written by
/// a newer version is refused at open.
inline constexpr std::uint32_t kStoreSchemaVersion = 1;

class EventLog {
 public:
  struct Options {
    std::string dir;
    bool fsync = true;  ///< sync the WAL once per group-commit batch
    std::size_t max_batch_events = 4096;
    std::size_t block_cache_mb = 64;
    bool read_only = false;  ///< open without writing (replay, dump, stats)
    bool create_if_missing = true;
  };

  /// A cursor move: `consumer` goes from `expected` to `to`.
  struct CursorMove {
    std::string consumer;
    std::uint64_t expected = 0;
    std::uint64_t to = 0;
  };

  /// Everything in one Txn commits atomically or not at all.
  struct Txn {
    std::vector<Event> events;
    std::vector<CursorMove> cursors;
    std::vector<std::pair<std::string, std::string>> state_puts;
    std::vector<std::string> state_deletes;
    std::vector<std::pair<std::string, std::string>> meta_puts;
  };

  struct CommitResult {
    /// One per event in the Txn: its sequence number, or for an event whose
    /// (user, idempotency key) was already appended, the earlier one.
    std::vector<std::uint64_t> seqs;
    std::vector<bool> duplicate;
  };

  static Expected<std::unique_ptr<EventLog>> open(const Options& options);
  ~EventLog();
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;

  /// Appends events (idempotently) and returns once durable.
  Expected<CommitResult> append(std::vector<Event> events);
  /// Commits a transaction. Fails with Errc::conflict when a cursor's
  /// `expected` does not match its stored value (nothing is written then).
  Expected<CommitResult> commit(Txn txn);
  /// Commits several independent transactions, in order, sharing group
  /// commits (one durable write when they fit one batch). Each succeeds or
  /// fails on its own. With `appended`, the events that were appended (not
  /// duplicates) are moved there with their seq set, in seq order, so a
  /// committer can apply them without reading them back.
  std::vector<Expected<CommitResult>> commit_many(std::vector<Txn> txns,
                                                  std::vector<Event>* appended = nullptr);

  /// Commits a checkpoint: a Txn with cursor moves, state and meta writes but
  /// no events, written beside the group commit instead of through it and not
  /// synced. A checkpoint holds nothing acknowledged, only what replay can
  /// rebuild, so it must not hold back or share a sync with the appends
  /// callers wait on. It is still atomic: after any crash the database has
  /// all of it or none of it (the WAL keeps write order). Its cursor moves
  /// are compare-and-set like commit()'s; checkpoints are serialised among
  /// themselves, and a cursor a checkpoint moves must not also be moved by
  /// commit(). A Txn with events is refused (Errc::invalid_argument).
  Expected<CommitResult> commit_checkpoint(Txn txn);

  /// Highest sequence number appended (0 when the log is empty).
  std::uint64_t head() const;
  /// Calls `fn` for each event with seq >= from, in order, until it returns
  /// false. Corrupt records stop the scan with an error naming the seq.
  /// The event is the scan's own copy: `fn` may move from it.
  Status scan(std::uint64_t from, const std::function<bool(Event&)>& fn) const;
  /// Up to `limit` events with seq >= from.
  Expected<std::vector<Event>> read(std::uint64_t from, std::size_t limit) const;
  /// The earlier sequence number for (user, key), if any.
  std::optional<std::uint64_t> find_idempotent(std::string_view user,
                                               std::string_view key) const;

  /// The stored cursor of a consumer (0 = nothing applied yet).
  std::uint64_t cursor(std::string_view consumer) const;
  /// Every consumer's cursor, by name.
  std::vector<std::pair<std::string, std::uint64_t>> cursors() const;
  /// Blocks until head() > after or the timeout passes; returns head() > after.
  bool wait_for(std::uint64_t after, std::chrono::milliseconds timeout) const;
  /// Registers a callback run (on the committing thread, after durability)
  /// with the new head after every commit that appended events. Keep it cheap.
  void subscribe(std::function<void(std::uint64_t head)> fn);

  /// Materialised state access.
  Expected<std::optional<std::string>> get_state(std::string_view key) const;
  Status scan_state(std::string_view prefix,
                    const std::function<bool(std::string_view key,
                                             std::string_view value)>& fn) const;
  Expected<std::optional<std::string>> get_meta(std::string_view key) const;

  const Options& options() const;

  struct Stats {
    std::uint64_t commits = 0;   ///< Txns committed
    std::uint64_t batches = 0;   ///< RocksDB writes (group commits)
    std::uint64_t events = 0;    ///< events appended
    std::uint64_t duplicates = 0;
  };
  Stats stats() const;

 private:
  struct Impl;
  explicit EventLog(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
