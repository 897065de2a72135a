#pragma once
/// \file state.hpp
/// The materialised state and the one function that changes it.
///
/// State is a fold of the event log: `apply(state, event)` is the only code
/// that mutates it, live and in replay alike. apply() is pure: it reads no
/// clock, no config and no I/O; every decision (ids, values, which memory
/// wins) is already in the event. So folding the same log always yields the
/// same state, whatever the configuration or the machine.
///
/// Threading: State is not synchronised. The owner (store/state_store) guards
/// it with a reader-writer lock.

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "common/event.hpp"
#include "common/expected.hpp"
#include "common/string_table.hpp"
#include "common/time.hpp"
#include "engine/ledger.hpp"
#include "engine/model.hpp"

namespace credence {

/// A classification that missed its deadline and waits for the background pass.
struct PendingClassification {
  std::string id;  ///< also the incoming key of its pair keys (pair_key)
  std::string user;
  std::string incoming;                 ///< memory id of the new statement ("" for a message)
  std::vector<std::string> candidates;  ///< existing memory ids to judge against
  DetectionContext context = DetectionContext::ingestion;
  std::string text;                     ///< the incoming statement
  MemoryKind kind = MemoryKind::trait;
  Claim claim;
  Millis created_at = 0;
};

/// Global bookkeeping of the background actors.
struct BackgroundState {
  std::uint64_t drift_cycles = 0;
  std::uint32_t drift_domain_index = 0;  ///< next topic domain in the rotation
  Millis last_drift_at = 0;
  std::uint64_t decay_cycles = 0;
  Millis last_decay_at = 0;
};

/// Keys of the entities an apply() call changed (for persistence).
struct Touched {
  std::vector<std::string> keys;  ///< state-store keys, see state_key_*()
  void add(std::string key) { keys.push_back(std::move(key)); }
};


/// The uncertainty ledger inside State, running on event time: apply() sets
/// its clock to each event's timestamp (at()), so the fold reads no wall
/// clock. Copies get their own clock.
class StateLedger {
 public:
  StateLedger() : ledger_(clock_) {}
  StateLedger(const StateLedger& o) : clock_(o.clock_.now()), ledger_(o.ledger_) {
    ledger_.set_clock(clock_);
  }
  StateLedger& operator=(const StateLedger& o) {
    clock_.set(o.clock_.now());
    ledger_ = o.ledger_;
    ledger_.set_clock(clock_);
    return *this;
  }
  const UncertaintyLedger& ledger() const { return ledger_; }
  /// The ledger with its clock set to `t` (for apply() and loading).
  UncertaintyLedger& at(Millis t) {
    clock_.set(t);
    return ledger_;
  }

 private:
  ManualClock clock_;
  UncertaintyLedger ledger_;
};

class State {
 public:
  // ---- lookups (nullptr / empty when absent) ----------------------------
  const Memory* memory(std::string_view id) const;
  const Uncertainty* uncertainty(std::string_view id) const;
  const Relationship* relationship(std::string_view id) const;
  const UserSettings* user(std::string_view user) const;
  const PendingClassification* pending(std::string_view id) const;

  /// Memory ids of a user in the order they were added (incl. deleted ones).
  const std::vector<std::string>& user_memories(std::string_view user) const;
  /// Ids of the user's memories (any state) whose text has the same words as
  /// `text` once case and punctuation are set aside (normalised_text), oldest
  /// first. Built per user on first use and caught up as memories are added,
  /// so a write's dedupe check does not walk all of the user's memories.
  /// Safe under concurrent readers (the index has its own lock).
  std::vector<std::string> memories_with_text(const std::string& user, std::string_view text) const;
  /// Ids of the user's memories (any state) whose claim has this claim_key
  /// (non-empty), oldest first. Same index and guarantees as
  /// memories_with_text.
  std::vector<std::string> memories_with_claim_key(const std::string& user, std::string_view key) const;
  /// Uncertainty ids of a user in creation order.
  const std::vector<std::string>& user_uncertainties(std::string_view user) const;
  /// Uncertainty ids that involve a memory.
  const std::vector<std::string>& memory_uncertainties(std::string_view id) const;
  /// Relationship ids that start or end at a memory.
  const std::vector<std::string>& memory_relationships(std::string_view id) const;

  const StringMap<Memory>& memories() const { return memories_; }
  const StringMap<Uncertainty>& uncertainties() const { return uncertainties_; }
  const StringMap<Relationship>& relationships() const { return relationships_; }
  const StringMap<UserSettings>& users() const { return users_; }
  const std::map<std::string, PendingClassification>& pending_all() const { return pending_; }
  const BackgroundState& background() const { return background_; }

  /// The uncertainty ledger (seed 001): beliefs, evidence, dependencies.
  const UncertaintyLedger& ledger() const { return ledger_.ledger(); }

  std::uint64_t applied_seq() const { return applied_seq_; }
  std::size_t live_memory_count() const { return live_memories_; }

  /// Size the memory table for about `n` memories up front (a replay that
  /// knows the log's length avoids rehashing as it grows).
  void reserve_memories(std::size_t n) { memories_.reserve(n); }

  // ---- loading from the state store (not for event handling) -----------
  void load_memory(Memory m);
  void load_uncertainty(Uncertainty u);
  void load_relationship(Relationship r);
  void load_user(UserSettings u);
  void load_pending(PendingClassification p);
  void load_background(BackgroundState b) { background_ = b; }
  /// A persisted belief record (state key b/<id>) and its evidence items
  /// (e/<id>/<ordinal>, in ordinal order, after every b/ record).
  Status load_belief(const Belief& b);
  Status load_evidence(std::string_view belief_id, std::uint64_t ordinal, const Evidence& e);
  void set_applied_seq(std::uint64_t seq) { applied_seq_ = seq; }
  /// Restores index order (memories by seq, records by creation, beliefs by
  /// insertion) and the belief dependency links after loads.
  Status finish_load();

 private:
  friend class Applier;
  Memory* memory_mut(std::string_view id);
  Uncertainty* uncertainty_mut(std::string_view id);
  UserSettings& user_mut(const std::string& user);
  void index_memory(const Memory& m);
  void index_uncertainty(const Uncertainty& u);
  void index_relationship(const Relationship& r);

  StringMap<Memory> memories_;
  StringMap<Uncertainty> uncertainties_;
  StringMap<Relationship> relationships_;
  StringMap<UserSettings> users_;
  std::map<std::string, PendingClassification> pending_;
  BackgroundState background_;
  StateLedger ledger_;
  StringMap<std::vector<std::string>> by_user_mem_;
  StringMap<std::vector<std::string>> by_user_unc_;
  StringMap<std::vector<std::string>> by_mem_unc_;
  StringMap<std::vector<std::string>> by_mem_rel_;
  std::uint64_t applied_seq_ = 0;
  std::size_t live_memories_ = 0;

  /// memories_with_text's index: per user, the hash of each memory's
  /// normalised text -> its position in by_user_mem_, for the first `covered`
  /// positions. A copy of the state starts with an empty index.
  struct TextIndex {
    std::size_t covered = 0;
    std::unordered_multimap<std::uint64_t, std::size_t> at;      ///< by normalised text
    std::unordered_multimap<std::uint64_t, std::size_t> by_key;  ///< by claim_key
  };
  /// Positions (in by_user_mem_) of `user`'s memories whose text or claim key
  /// hashes to `h`, ids in order. Catches the user's index up first.
  std::vector<std::string> indexed(const std::string& user, std::uint64_t h, bool by_key) const;
  struct TextIndexCache {
    TextIndexCache() = default;
    TextIndexCache(const TextIndexCache&) {}
    TextIndexCache& operator=(const TextIndexCache&) {
      std::lock_guard lk(mu);
      users.clear();
      return *this;
    }
    std::mutex mu;
    std::unordered_map<std::string, TextIndex> users;
  };
  mutable TextIndexCache text_index_;
};

/// Applies one event. Events must be applied in sequence order; an event
/// whose seq is not above applied_seq() is ignored (replay-safe). Errors only
/// for an unknown type or an undecodable payload (the state is unchanged).
Status apply(State& state, const Event& event, Touched* touched = nullptr);

/// A memory already in a node of State's memory map: the thread that decodes
/// it also allocates (and first touches) the node, so the applying thread
/// only links it in.
using MemoryNode = StringMap<Memory>::node_type;

/// The costly half of folding a memory.added event (decoding its payload
/// into a map node), which needs no state, so it can run on another thread
/// than apply.
Expected<MemoryNode> decode_memory_added(const Event& event);
/// apply() for a memory.added event whose memory decode_memory_added() gave.
Status apply_decoded(State& state, const Event& event, MemoryNode decoded,
                     Touched* touched = nullptr);

/// State-store keys of each entity kind.
std::string state_key_memory(std::string_view id);
std::string state_key_uncertainty(std::string_view id);
std::string state_key_relationship(std::string_view id);
std::string state_key_user(std::string_view user);
std::string state_key_pending(std::string_view id);
inline constexpr const char* kStateKeyBackground = "g/background";
/// b/<belief id>: the belief record with its running sums.
std::string state_key_belief(std::string_view id);
/// e/<belief id>/<ordinal, 10 digits zero-padded>: one evidence item, so an
/// append writes one small entry (and the b/ record), never the whole list.
std::string state_key_evidence(std::string_view belief_id, std::uint64_t ordinal);
/// Splits an e/ key; false when `key` is not one.
bool parse_state_key_evidence(std::string_view key, std::string_view& belief_id,
                              std::uint64_t& ordinal);

}  // namespace credence
