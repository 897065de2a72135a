#pragma once
/// \file vector_index.hpp
/// The vector index behind the pre-screen: one partition per user, so a
/// search never sees another user's memories, and within a partition one
/// shard per memory kind, so a search for traits and concepts never wades
/// through a user's episodes (the shards asked for are searched and their
/// hits merged).
///
/// A shard is searched exactly (brute force over a flat array) while it is
/// small and through an HNSW graph (hnswlib, inner product on unit vectors
/// = cosine similarity) once it holds more than `hnsw_threshold` vectors;
/// the migration happens inside the add that crosses the threshold, and
/// searches keep using the flat array while the graph is built.
///
/// Each entry carries a `superseded` flag, so searches leave superseded
/// memories out unless asked for history. Removed entries (deleted
/// memories) are dropped from a flat shard and marked deleted in a graph
/// (hnswlib's markDelete). HNSW searches over-fetch and widen when the
/// superseded filter rejects results; a small shard is then scanned
/// exactly, a large one returns what the widened search found (bounded
/// latency rather than a full scan).
///
/// Hybrid search: each entry may carry the terms of its text, and a graph
/// shard keeps postings per term. A query with terms also scores exactly
/// the memories that share a rare term with it (at most `term_postings`
/// memories contain the term) and merges them with the graph's hits. Graph
/// walks get trapped in dense regions of templated data (every "... in
/// 2020" sentence) and miss the few memories that share the one telling
/// word; the postings find those directly.
///
/// Persistence (`save` / `load`): a directory holding `meta.json` (format,
/// embedder id, dim, the log sequence number the index reflects and a
/// fingerprint of that event, and a size + hash for every file),
/// `partitions.bin` (per user: entries, and the vectors of flat partitions)
/// and one `hnsw-<n>.bin` per graph partition (hnswlib's own format). A save
/// writes a sibling `<dir>.tmp` and swaps it in, so a crash leaves either
/// the old index or the new one. A load verifies every size and hash before
/// parsing, and returns `Errc::corruption` on any mismatch.
///
/// Threading: all methods are thread-safe. Each partition has a
/// reader-writer lock: searches share it; a writer holds it exclusively
/// only for the moment it changes the partition (one point, one flag, or
/// the swap of a finished graph). Writers to one partition are serialised;
/// writers to different partitions run in parallel.
///
/// hnswlib 0.6.2 defines non-inline functions in its headers, so it is
/// included in vector_index.cpp only (see ../shared/docs/cmake-deps.md).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "engine/model.hpp"

namespace credence {

/// A set of memory kinds (bit i = MemoryKind i).
using KindMask = std::uint8_t;
constexpr KindMask kind_bit(MemoryKind k) {
  return static_cast<KindMask>(1u << static_cast<unsigned>(k));
}
inline constexpr KindMask kAllKinds = 0x0f;
/// Parses "trait,concept" (names as in model.hpp); nullopt on an unknown name.
std::optional<KindMask> parse_kind_mask(std::string_view list);

struct VectorHit {
  std::string id;
  MemoryKind kind = MemoryKind::trait;
  float similarity = 0;  ///< cosine similarity in [-1, 1]
  bool superseded = false;
  /// Found through a claim key (VectorQuery::keys), not by similarity: it
  /// may lie below the similarity floor.
  bool key_match = false;
};

struct VectorQuery {
  std::size_t k = 10;
  /// The query's terms (text::terms). In graph shards, memories sharing a
  /// rare term with the query are scored exactly and merged with the graph's
  /// hits, so a neighbour the graph walk misses but that shares a rare word
  /// ("forge", "Globex") is still found. Empty: graph hits only.
  std::vector<std::uint32_t> terms;
  float min_similarity = -1.0f;  ///< hits below are never returned
  KindMask kinds = kAllKinds;
  bool include_superseded = false;
  bool exact = false;      ///< brute force even in a graph partition
  std::string exclude_id;  ///< never return this memory (the query's own)
  /// Claim keys (engine/prescreen.hpp, stored with each memory's terms):
  /// besides the `k` nearest, the memories that share one of these keys are
  /// returned whatever their similarity, the `key_limit` most recently
  /// indexed per key and memory kind, each once, flagged `key_match`.
  std::vector<std::uint32_t> keys;
  std::size_t key_limit = 8;
};

class VectorIndex {
 public:
  struct Options {
    std::size_t dim = 384;
    std::size_t hnsw_threshold = 2048;
    std::size_t hnsw_m = 16;
    std::size_t ef_construction = 200;
    std::size_t ef_search = 128;
    std::size_t build_threads = 1;
    /// A query term is used only when at most this many memories of the
    /// shard contain it (rare terms); 0 disables the term candidates.
    std::size_t term_postings = 256;
  };

  /// What a saved index reflects.
  struct Meta {
    std::string embedder_id;
    std::size_t dim = 0;
    std::uint64_t seq = 0;              ///< last log event reflected
    std::uint64_t seq_fingerprint = 0;  ///< hash of that event's envelope
    std::size_t vectors = 0;
  };

  explicit VectorIndex(Options options);
  ~VectorIndex();
  VectorIndex(const VectorIndex&) = delete;
  VectorIndex& operator=(const VectorIndex&) = delete;

  /// Adds (or replaces) the vector of memory `id` in `user`'s partition.
  /// The vector is normalised on the way in. Fails only on a wrong
  /// dimension or when hnswlib cannot allocate.
  Status upsert(const std::string& user, const std::string& id, MemoryKind kind,
                std::span<const float> vector, bool superseded = false,
                std::vector<std::uint32_t> terms = {});
  /// One memory of a batch; its vector is row i of the batch's matrix.
  struct Item {
    std::string id;
    MemoryKind kind = MemoryKind::trait;
    bool superseded = false;
    std::vector<std::uint32_t> terms;  ///< text::terms of the memory's text
  };
  /// Adds many memories of one user at once (`vectors` holds items.size()
  /// rows of dim floats). A shard that crosses the threshold is built into
  /// a graph once, with `build_threads` threads; into a graph shard the
  /// batch is inserted in parallel and searches of that user wait until it
  /// is in. Meant for rebuilds and bulk loads.
  Status upsert_batch(const std::string& user, std::span<const Item> items,
                      std::span<const float> vectors);
  /// Removes a memory; false when it was not indexed.
  bool remove(const std::string& user, const std::string& id);
  /// Sets the superseded flag; false when the memory is not indexed.
  bool set_superseded(const std::string& user, const std::string& id,
                      bool superseded);

  struct EntryInfo {
    MemoryKind kind;
    bool superseded;
  };
  std::optional<EntryInfo> find(const std::string& user,
                                const std::string& id) const;

  /// The k most similar memories of `user` that pass the query's filters,
  /// most similar first. An unknown user has no hits.
  Expected<std::vector<VectorHit>> search(const std::string& user,
                                          std::span<const float> query,
                                          const VectorQuery& q) const;

  /// Sets the HNSW search breadth of every graph (recall against latency).
  void set_ef_search(std::size_t ef);

  struct PartitionInfo {
    std::size_t vectors = 0;  ///< indexed memories (superseded included)
    bool hnsw = false;        ///< at least one kind's shard is a graph
  };
  PartitionInfo partition(const std::string& user) const;

  struct Stats {
    std::size_t partitions = 0;
    std::size_t hnsw_partitions = 0;  ///< partitions with at least one graph
    std::size_t graphs = 0;           ///< HNSW shards
    std::size_t vectors = 0;
    std::size_t superseded = 0;
    std::size_t tombstones = 0;  ///< removed entries still in a graph
  };
  Stats stats() const;
  const Options& options() const;

  /// Writes the index to `dir` (via `<dir>.tmp`, swapped in at the end),
  /// one partition at a time under its read lock: searches continue, and a
  /// writer waits only while its own partition is being written. With
  /// `fsync`, files and directory are synced before the swap.
  Status save(const std::string& dir, const Meta& meta,
              bool fsync = true) const;
  /// Reads `<dir>/meta.json` only. not_found when there is no index.
  static Expected<Meta> read_meta(const std::string& dir);
  /// Loads an index written by save(). `options.dim` must match the file.
  static Expected<std::unique_ptr<VectorIndex>> load(const std::string& dir,
                                                     Options options);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
