#pragma once
/// \file memory_index.hpp
/// The vector index kept in step with the materialised state.
///
/// A follower of `StateStore::on_applied`: every applied event is scanned
/// for the memory ids it mentions, and each such memory is brought in line
/// with the state (live and not indexed: embed its text and add it;
/// deleted: remove it; superseded or not: set the flag). Reading the
/// state rather than interpreting each event type keeps the index right for
/// every event that can add, delete or supersede a memory (memory.added,
/// memory.deleted, memory.superseded, resolution.*, decay.applied, and any
/// added later). Events are processed in sequence order; a gap (events
/// applied by another thread whose callback has not run yet) is filled from
/// the log, so `synced_seq()` always means "every event up to here".
///
/// Start (`open`): the index saved under `dir` is loaded when its meta says
/// it was built by the configured embedder (id and dimension), reflects a
/// sequence number the log has reached, and the log's event at that number
/// has the recorded fingerprint (so an index copied from another database
/// is not trusted); then it catches up from the log. Otherwise (missing,
/// stale beyond the log, from another database, corrupt, other embedder)
/// it is rebuilt from the state by re-embedding every live memory, and
/// saved in the background at once (unless saves are only at destruction).
///
/// Persistence: saved every `save_interval` when it changed, and at
/// destruction, while following continues (the saved sequence number is
/// taken before the files are written; replaying from it converges because
/// syncing a memory is idempotent). A crash loses nothing: the next start
/// catches up from the saved sequence number. Memories whose embedding
/// failed (an http embedder that is down) are retried every
/// `retry_interval`, and a save never claims a sequence number past the
/// oldest of them.
///
/// Threading: `search` is thread-safe and runs concurrently with updates.
/// The callback applies the events before it returns (concurrent callbacks
/// take turns, the lock holder applying everything queued), so a memory
/// submitted through the StateStore is searchable when `submit` returns.
/// During a save, a write to the partition being written waits for that
/// partition's file. Destroy the MemoryIndex before the StateStore.

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "config/config.hpp"
#include "engine/embedder.hpp"
#include "store/state_store.hpp"
#include "store/vector_index.hpp"

namespace credence {

class MemoryIndex {
 public:
  struct Options {
    std::string dir;             ///< usually <data_dir>/index
    VectorIndex::Options index;  ///< `dim` is taken from the embedder
    std::chrono::seconds save_interval{300};  ///< 0: only at destruction
    std::size_t embed_batch = 256;            ///< texts per embedder call
    std::chrono::milliseconds retry_interval{5000};
    bool fsync = true;  ///< sync saved files (store.sync = "fsync")
  };

  enum class Start { loaded, rebuilt };
  struct StartReport {
    Start how = Start::rebuilt;
    std::string reason;            ///< why it was rebuilt ("" when loaded)
    std::uint64_t index_seq = 0;   ///< seq of the loaded index (0 if rebuilt)
    std::uint64_t synced_seq = 0;  ///< seq after catching up
    std::size_t vectors = 0;
    std::chrono::milliseconds took{0};
  };

  /// Options from the [index] and [store] sections: dir = <data_dir>/index,
  /// fsync when store.sync is "fsync".
  static Options options_from(const IndexConfig& index,
                              const StoreConfig& store);

  static Expected<std::unique_ptr<MemoryIndex>> open(
      StateStore& state, std::shared_ptr<const Embedder> embedder,
      Options options);
  ~MemoryIndex();
  MemoryIndex(const MemoryIndex&) = delete;
  MemoryIndex& operator=(const MemoryIndex&) = delete;

  /// Nearest memories of a user (see VectorIndex::search).
  Expected<std::vector<VectorHit>> search(const std::string& user,
                                          std::span<const float> query,
                                          const VectorQuery& q) const;
  /// Saves now (also called by the saver thread and the destructor).
  Status save();
  /// Applies queued events and retries failed embeddings now (normally
  /// done by the callbacks and the saver thread).
  void sync();

  std::uint64_t synced_seq() const;
  const StartReport& start_report() const;
  const VectorIndex& index() const;
  VectorIndex& index();
  const Embedder& embedder() const;

  struct Stats {
    std::uint64_t synced_seq = 0;
    std::uint64_t saved_seq = 0;
    std::uint64_t events = 0;          ///< events processed since start
    std::uint64_t embedded = 0;        ///< memories embedded since start
    std::uint64_t embed_failures = 0;  ///< failed embedder calls
    std::size_t pending_retries = 0;   ///< memories waiting for an embedding
  };
  Stats stats() const;

 private:
  struct Impl;
  explicit MemoryIndex(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
