// The uncertainty ledger. ledger.hpp states the rules and every deliberate
// difference from the reference; docs/ledger-conformance.md §1 is the
// arithmetic, kept operation for operation (same operands, same order) so the
// results are bit-identical.
//
// Layout in memory (sized for 100,000s of beliefs and millions of items):
//  - a belief is split in two records kept at the same index, in insertion
//    order (index == ordinal), in 2 MiB blocks that never move: `Hot`, one
//    64-byte cache line with everything an evidence append or an id lookup
//    reads (the id in place, Sw, Ow, counts, the newest item, status, the
//    effective point), and `Cold` (claim, intervals, times, decay rate);
//  - an open-addressing table of 8-byte slots (32-bit hash tag, index) maps
//    ids to indices; ids made by new_belief_id() are usually found without
//    it: their counter bits run parallel to the ordinals (one process asserts
//    them in order), so a short list of runs (first ordinal, count, offset)
//    turns such an id into its index with arithmetic, checked against the
//    belief's own id, and a lookup costs one cache miss instead of two;
//  - running sums (Sw, Ow) and counts make an append O(1);
//  - evidence items of all beliefs go to one append-only log of 16-byte
//    records (weight, link to the belief's previous item, offset of
//    [direction and source type, timestamp as a difference from its arena
//    chunk's base, source id] in a byte arena, as varints). No per-belief
//    allocation, no copying on growth, no fragmentation. A belief's items are
//    walked backwards from its newest; every 64th item is a checkpoint, so
//    the n-th item is at most 63 links away;
//  - rarely used parts (tags, dependency edges in both directions, the
//    verdict and its sums, checkpoints) live in a side table (`Extra`);
//  - large blocks ask the kernel for transparent huge pages: fewer page
//    faults and TLB misses on a workload that touches memory at random.

#include "engine/ledger.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <random>
#include <unordered_map>
#include <unordered_set>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace credence {

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr std::size_t kMaxIdLength = 128;
constexpr std::size_t kInlineId = 16;  // new_belief_id's 15 characters fit
constexpr std::size_t kBlockBytes = std::size_t{2} << 20;  // one huge page
constexpr std::uint32_t kCheckpointEvery = 64;
constexpr double kHourMs = 3'600'000.0;

// clamp(x, lo, hi) = min(hi, max(lo, x)), as the reference writes it.
inline double clamp(double v, double lo, double hi) {
  return std::min(hi, std::max(lo, v));
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

Error invalid(std::string message, std::string field) {
  return make_error(Errc::invalid_argument, std::move(message), std::move(field));
}

Error unknown_belief(std::string_view id, std::string field) {
  return make_error(Errc::not_found, "no belief with id `" + std::string(id) + "`",
                    std::move(field));
}

Error full(const char* what) {
  return make_error(Errc::overloaded, std::string("the ledger's ") + what + " is full",
                    "evidence");
}

Status check_id(std::string_view id, const std::string& field) {
  if (id.empty() || id.size() > kMaxIdLength)
    return invalid("a belief id has 1 to 128 characters", field);
  for (char ch : id) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' || ch == '.' ||
                    ch == ':';
    if (!ok)
      return invalid("a belief id may hold only letters, digits and _ - . :", field);
  }
  return {};
}

/// A fast hash for ids (short ASCII strings): one multiply per 8 bytes. Not
/// persisted anywhere, so it may change between builds.
inline std::uint64_t hash_id(std::string_view s) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ (s.size() * 0xff51afd7ed558ccdULL);
  const char* p = s.data();
  std::size_t n = s.size();
  while (n >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
    p += 8;
    n -= 8;
  }
  if (n) {
    std::uint64_t w = 0;
    if (s.size() >= 8) {
      // The last 8 bytes, overlapping the previous word: no variable-length copy.
      std::memcpy(&w, s.data() + s.size() - 8, 8);
    } else {
      std::memcpy(&w, p, n);
    }
    h = (h ^ w) * 0x94d049bb133111ebULL;
    h ^= h >> 31;
  }
  h *= 0xd6e8feb86659fd93ULL;
  return h ^ (h >> 32);
}

struct SvHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return hash_id(s); }
};
template <class V>
using SvMap = std::unordered_map<std::string, V, SvHash, std::equal_to<>>;

/// Memory for one 2 MiB block, aligned so the kernel can back it with one
/// transparent huge page. Untouched pages cost nothing.
void* alloc_block() {
  void* p = std::aligned_alloc(kBlockBytes, kBlockBytes);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  (void)::madvise(p, kBlockBytes, MADV_HUGEPAGE);
#endif
  return p;
}

/// Elements in 2 MiB blocks that never move; element i lives in block
/// i / kPerBlock. An element is constructed when it is pushed.
template <class T>
class BlockStore {
 public:
  static constexpr std::size_t kPerBlock = kBlockBytes / sizeof(T);

  BlockStore() = default;
  ~BlockStore() { clear(); }
  BlockStore(const BlockStore& o) { *this = o; }
  BlockStore& operator=(const BlockStore& o) {
    if (this == &o) return *this;
    clear();
    for (std::size_t i = 0; i < o.size_; ++i) push_back(o[i]);
    return *this;
  }
  BlockStore(BlockStore&& o) noexcept : blocks_(std::move(o.blocks_)), size_(o.size_) {
    o.blocks_.clear();
    o.size_ = 0;
  }
  BlockStore& operator=(BlockStore&& o) noexcept {
    if (this != &o) {
      clear();
      blocks_ = std::move(o.blocks_);
      size_ = o.size_;
      o.blocks_.clear();
      o.size_ = 0;
    }
    return *this;
  }

  T& operator[](std::size_t i) { return blocks_[i / kPerBlock][i % kPerBlock]; }
  const T& operator[](std::size_t i) const { return blocks_[i / kPerBlock][i % kPerBlock]; }
  std::size_t size() const { return size_; }
  template <class U>
  T& push_back(U&& v) {
    if (size_ % kPerBlock == 0) blocks_.push_back(static_cast<T*>(alloc_block()));
    T* slot = blocks_[size_ / kPerBlock] + size_ % kPerBlock;
    ::new (static_cast<void*>(slot)) T(std::forward<U>(v));
    ++size_;
    return *slot;
  }
  void clear() {
    for (std::size_t i = 0; i < size_; ++i) (*this)[i].~T();
    for (T* b : blocks_) std::free(b);
    blocks_.clear();
    size_ = 0;
  }

 private:
  std::vector<T*> blocks_;
  std::size_t size_ = 0;
};

/// Variable-size byte entries in 2 MiB chunks that never move. An offset is
/// (chunk << 21 | position), so the arena holds up to 4 GiB.
class ByteArena {
 public:
  static constexpr std::size_t kChunkBits = 21;
  static_assert((std::size_t{1} << kChunkBits) == kBlockBytes);
  static constexpr std::size_t kMaxChunks = std::size_t{1} << (32 - kChunkBits);

  ByteArena() = default;
  ~ByteArena() { clear(); }
  ByteArena(const ByteArena& o) { *this = o; }
  ByteArena& operator=(const ByteArena& o) {
    if (this == &o) return *this;
    clear();
    for (std::size_t i = 0; i < o.chunks_.size(); ++i) {
      chunks_.push_back(static_cast<char*>(alloc_block()));
      const std::size_t n = i + 1 == o.chunks_.size() ? o.used_ : kBlockBytes;
      std::memcpy(chunks_.back(), o.chunks_[i], n);
    }
    bases_ = o.bases_;
    used_ = o.used_;
    return *this;
  }
  ByteArena(ByteArena&& o) noexcept
      : chunks_(std::move(o.chunks_)), bases_(std::move(o.bases_)), used_(o.used_) {
    o.chunks_.clear();
    o.bases_.clear();
    o.used_ = 0;
  }
  ByteArena& operator=(ByteArena&& o) noexcept {
    if (this != &o) {
      clear();
      chunks_ = std::move(o.chunks_);
      bases_ = std::move(o.bases_);
      used_ = o.used_;
      o.chunks_.clear();
      o.bases_.clear();
      o.used_ = 0;
    }
    return *this;
  }

  /// Space for `n` (<= 2 MiB) bytes; kNone when the arena is full. A chunk
  /// opened for it takes `base` as its base value (see base_of).
  std::uint32_t reserve(std::size_t n, char*& out, std::int64_t base = 0) {
    if (chunks_.empty() || used_ + n > kBlockBytes) {
      if (chunks_.size() >= kMaxChunks) return kNone;
      chunks_.push_back(static_cast<char*>(alloc_block()));
      bases_.push_back(base);
      used_ = 0;
    }
    out = chunks_.back() + used_;
    const auto off = static_cast<std::uint32_t>(((chunks_.size() - 1) << kChunkBits) | used_);
    used_ += n;
    return off;
  }
  /// Gives back the last `n` bytes of the newest reservation.
  void unreserve(std::size_t n) { used_ -= n; }
  const char* at(std::uint32_t off) const {
    return chunks_[off >> kChunkBits] + (off & (kBlockBytes - 1));
  }
  /// The base value of the chunk holding `off`: entries store numbers (such
  /// as timestamps) as small differences from it.
  std::int64_t base_of(std::uint32_t off) const { return bases_[off >> kChunkBits]; }
  void clear() {
    for (char* c : chunks_) std::free(c);
    chunks_.clear();
    bases_.clear();
    used_ = 0;
  }

 private:
  std::vector<char*> chunks_;
  std::vector<std::int64_t> bases_;
  std::size_t used_ = 0;
};

/// LEB128 varints for the arena's entries.
inline char* put_varint(char* p, std::uint64_t v) {
  while (v >= 0x80) {
    *p++ = static_cast<char>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<char>(v);
  return p;
}
inline const char* get_varint(const char* p, std::uint64_t& v) {
  v = 0;
  for (int shift = 0;; shift += 7) {
    const auto b = static_cast<unsigned char>(*p++);
    v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if (b < 0x80) return p;
  }
}
constexpr std::size_t kMaxVarint = 10;

/// One evidence item in the log. The cold parts (direction, source type,
/// source id) are an arena entry: [u8 supports][u16 type][u16 length][bytes].
struct EvidenceRec {
  double weight;
  std::uint32_t prev;    // the belief's previous item (kNone for its first)
  std::uint32_t source;  // arena offset of the cold parts
};
static_assert(sizeof(EvidenceRec) == 16, "evidence records stay compact");

struct Edge {
  std::uint32_t parent;
  double weight;
};

struct Extra {
  std::vector<std::string> tags;
  std::vector<Edge> parents;  // edge order = inferred_from order
  std::vector<std::uint32_t> children;
  std::string verdict_reason;
  double vs = 0;  // evidence weights since the standing verdict (its item included)
  double vo = 0;
  std::vector<std::uint32_t> checkpoints;  // record of ordinal 64k + 63
  ConfidenceInterval conf;  // effective interval, kept for beliefs with parents
  std::uint32_t mark = 0;   // traversal epoch
  std::uint32_t dirty = 0;  // "interval changed" epoch during propagation
};

/// What an evidence append and an id lookup read: one cache line.
struct alignas(64) Hot {
  char id_inline[kInlineId];  // the id, or (when longer) its index in long_ids
  Millis updated = 0;         // lastUpdated: evidence resets the decay clock
  double sw = 0;              // Sw, Ow: running sums in insertion order
  double ow = 0;
  double point = 0;           // the effective point (= Cold::conf.point)
  std::uint32_t count = 0;    // evidence items
  std::uint32_t n_opp = 0;    // opposing items
  std::uint32_t tail = kNone;  // newest item's record
  std::uint8_t id_len = 0;
  BeliefStatus status = BeliefStatus::unknown;
  std::uint8_t verdict = 0;  // 0: none, else 1 + the verdict's BeliefStatus
  std::uint8_t flags = 0;    // kHasParents | kHasChildren | kBaseFromSums
};
static_assert(sizeof(Hot) == 64, "one cache line");
constexpr std::uint8_t kHasParents = 1;
constexpr std::uint8_t kHasChildren = 2;
/// The own interval is recompute(b) of the running sums; Cold::base is stale.
/// An evidence append sets it instead of writing the cold record, so an
/// append touches one cache line of the belief.
constexpr std::uint8_t kBaseFromSums = 4;
constexpr std::uint8_t kGraphFlags = kHasParents | kHasChildren;

/// The rest of a belief. Its effective interval is `base` unless it has
/// parents (then Extra::conf).
struct Cold {
  std::string claim;
  ConfidenceInterval base;  // own interval, unless Hot::flags has kBaseFromSums
  Millis first_asserted = 0;
  double decay_rate = 0;
  std::uint32_t ns = 0;
  std::uint32_t extra = kNone;
};

std::optional<BeliefStatus> verdict_of(const Hot& h) {
  if (h.verdict == 0) return std::nullopt;
  return static_cast<BeliefStatus>(h.verdict - 1);
}
void set_verdict(Hot& h, std::optional<BeliefStatus> v) {
  h.verdict = v ? static_cast<std::uint8_t>(static_cast<std::uint8_t>(*v) + 1) : 0;
}

}  // namespace

// ---- names ------------------------------------------------------------------

const char* to_string(BeliefStatus s) {
  switch (s) {
    case BeliefStatus::unknown: return "unknown";
    case BeliefStatus::uncertain: return "uncertain";
    case BeliefStatus::probable: return "probable";
    case BeliefStatus::confirmed: return "confirmed";
    case BeliefStatus::contested: return "contested";
    case BeliefStatus::refuted: return "refuted";
  }
  return "unknown";
}

std::optional<BeliefStatus> parse_belief_status(std::string_view s) {
  for (auto v : {BeliefStatus::unknown, BeliefStatus::uncertain, BeliefStatus::probable,
                 BeliefStatus::confirmed, BeliefStatus::contested, BeliefStatus::refuted})
    if (s == to_string(v)) return v;
  return std::nullopt;
}

Expected<BeliefStatus> belief_status_from(std::string_view s, std::string_view field) {
  if (auto v = parse_belief_status(s)) return *v;
  return invalid("unknown belief status \"" + std::string(s) +
                     "\" (expected one of unknown, uncertain, probable, confirmed, "
                     "contested, refuted)",
                 std::string(field));
}

// ---- validation -------------------------------------------------------------

Status validate_ledger_config(const LedgerConfig& c) {
  auto unit = [](double v) { return std::isfinite(v) && v >= 0 && v <= 1; };
  if (!unit(c.default_confidence))
    return invalid("must be in [0, 1], got " + number(c.default_confidence),
                   "ledger.default_confidence");
  if (!std::isfinite(c.decay_rate_per_hour) || c.decay_rate_per_hour < 0)
    return invalid("must be a finite number >= 0, got " + number(c.decay_rate_per_hour),
                   "ledger.decay_rate_per_hour");
  if (!unit(c.contested_threshold))
    return invalid("must be in [0, 1], got " + number(c.contested_threshold),
                   "ledger.contested_threshold");
  if (!unit(c.refuted_threshold))
    return invalid("must be in [0, 1], got " + number(c.refuted_threshold),
                   "ledger.refuted_threshold");
  if (!unit(c.min_confidence_for_action))
    return invalid("must be in [0, 1], got " + number(c.min_confidence_for_action),
                   "ledger.min_confidence_for_action");
  if (c.contested_threshold > c.refuted_threshold)
    return invalid("must not exceed ledger.refuted_threshold", "ledger.contested_threshold");
  return {};
}

Expected<LedgerConfig> make_ledger_config(const LedgerConfigOverrides& o) {
  LedgerConfig c;
  if (o.default_confidence) c.default_confidence = *o.default_confidence;
  if (o.decay_rate_per_hour) c.decay_rate_per_hour = *o.decay_rate_per_hour;
  if (o.contested_threshold) c.contested_threshold = *o.contested_threshold;
  if (o.refuted_threshold) c.refuted_threshold = *o.refuted_threshold;
  if (o.min_confidence_for_action) c.min_confidence_for_action = *o.min_confidence_for_action;
  if (auto st = validate_ledger_config(c); !st) return st.error();
  return c;
}

Status validate_evidence(const Evidence& e, std::string_view field) {
  const auto f = [&] { return std::string(field); };  // only on an error
  if (!e.supports)
    return invalid("evidence needs a direction: supports = true (supporting) or false "
                   "(opposing)",
                   f() + ".supports");
  if (!(e.weight >= 0 && e.weight <= 1))  // also rejects NaN
    return invalid("weight must be a number in [0, 1], got " + number(e.weight),
                   f() + ".weight");
  if (e.source_id.size() > kMaxSourceLength)
    return invalid("at most 4096 bytes", f() + ".source_id");
  if (e.source_type.size() > kMaxSourceLength)
    return invalid("at most 4096 bytes", f() + ".source_type");
  return {};
}

std::string new_belief_id(Millis now) {
  // "bel_" and 11 base-62 digits of (42 bits of ms time << 22 | a counter
  // seeded at random): 15 characters, so an id lives inside std::string's own
  // buffer and in a belief's hot record (no allocation, no indirection), and
  // ids sort by creation time within one process.
  static std::atomic<std::uint64_t> counter{[] {
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }()};
  const std::uint64_t c = counter.fetch_add(1, std::memory_order_relaxed);
  static const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::uint64_t v = ((static_cast<std::uint64_t>(now) & ((std::uint64_t{1} << 42) - 1)) << 22) |
                    (c & ((std::uint64_t{1} << 22) - 1));
  char buf[15] = {'b', 'e', 'l', '_'};
  for (int i = 14; i >= 4; --i) {
    buf[i] = digits[v % 62];
    v /= 62;
  }
  return std::string(buf, 15);
}

// ---- the ledger -------------------------------------------------------------

struct UncertaintyLedger::Impl {
  BlockStore<Hot> hot;
  BlockStore<Cold> cold;
  BlockStore<Extra> extras;
  std::vector<std::string> long_ids;  // ids longer than kInlineId
  std::vector<std::uint64_t> slots;   // (hash tag << 32) | (index + 1); 0 = empty
  /// Ordinals [start, end) whose ids are new_belief_id()s with counter bits
  /// (ordinal + offset) mod 2^22: their ids locate them arithmetically.
  struct IdRun {
    std::uint32_t start;
    std::uint32_t end;
    std::uint32_t offset;
  };
  static constexpr std::size_t kMaxRuns = 16;
  static constexpr std::uint32_t kCounterMask = (std::uint32_t{1} << 22) - 1;
  std::vector<IdRun> runs;
  std::vector<std::string> namespaces;
  SvMap<std::uint32_t> ns_index;
  std::vector<std::string> types;
  SvMap<std::uint16_t> type_index;
  std::uint16_t last_type = 0;
  BlockStore<EvidenceRec> records;
  ByteArena sources;
  std::size_t edge_count = 0;
  std::uint32_t epoch = 0;
  // Only between restore_belief() and finish_restore().
  struct Pending {
    std::uint64_t ordinal = 0;
    std::uint64_t items = 0;  // the record's counts, checked by finish_restore
    std::uint64_t opposing = 0;
  };
  std::vector<Pending> restoring;
  std::vector<std::pair<std::uint32_t, Dependency>> pending_edges;

  std::size_t size() const { return hot.size(); }

  // ---- ids ----
  std::string_view id_of(const Hot& h) const {
    if (h.id_len <= kInlineId) return std::string_view(h.id_inline, h.id_len);
    std::uint32_t i;
    std::memcpy(&i, h.id_inline, 4);
    return long_ids[i];
  }
  std::string_view id_of(std::uint32_t i) const { return id_of(hot[i]); }

  /// id_of(h) == id, comparing an inline id of 8 to 16 bytes as two words.
  bool has_id(const Hot& h, std::string_view id) const {
    if (h.id_len != id.size()) return false;
    const std::size_t n = id.size();
    if (n >= 8 && n <= kInlineId) {
      std::uint64_t a0, a1, b0, b1;
      std::memcpy(&a0, h.id_inline, 8);
      std::memcpy(&a1, h.id_inline + n - 8, 8);
      std::memcpy(&b0, id.data(), 8);
      std::memcpy(&b1, id.data() + n - 8, 8);
      return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    return id_of(h) == id;
  }

  void set_id(Hot& h, std::string_view id) {
    h.id_len = static_cast<std::uint8_t>(id.size());
    if (id.size() <= kInlineId) {
      std::memcpy(h.id_inline, id.data(), id.size());
    } else {
      const auto i = static_cast<std::uint32_t>(long_ids.size());
      long_ids.emplace_back(id);
      std::memcpy(h.id_inline, &i, 4);
    }
  }

  /// The first index whose slot tag matches `h`, without reading the belief
  /// (kNone when none does); the caller confirms it.
  std::uint32_t candidate(std::uint64_t h) const {
    const std::uint64_t tag = h >> 32;
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint64_t s = slots[i];
      if (s == 0) return kNone;
      if ((s >> 32) == tag) return static_cast<std::uint32_t>(s) - 1;
    }
  }

  /// The counter bits of an id made by new_belief_id ("bel_" and 11 base-62
  /// digits of time << 22 | counter); false for any other id.
  static bool counter_bits(std::string_view id, std::uint32_t& out) {
    if (id.size() != 15 || std::memcmp(id.data(), "bel_", 4) != 0) return false;
    static const std::array<std::uint8_t, 256> digit = [] {
      std::array<std::uint8_t, 256> t{};
      t.fill(0x80);
      for (int c = 0; c < 10; ++c) t['0' + c] = static_cast<std::uint8_t>(c);
      for (int c = 0; c < 26; ++c) t['A' + c] = static_cast<std::uint8_t>(10 + c);
      for (int c = 0; c < 26; ++c) t['a' + c] = static_cast<std::uint8_t>(36 + c);
      return t;
    }();
    std::uint64_t v = 0;
    std::uint8_t bad = 0;
    for (std::size_t i = 4; i < 15; ++i) {
      const std::uint8_t d = digit[static_cast<unsigned char>(id[i])];
      bad |= d;
      v = v * 62 + d;
    }
    out = static_cast<std::uint32_t>(v) & kCounterMask;
    return (bad & 0x80) == 0;
  }

  /// The ordinal run `r` gives counter bits `x`, kNone when outside it.
  static std::uint32_t run_ordinal(const IdRun& r, std::uint32_t x) {
    const std::uint32_t o = r.start + ((x - r.offset - r.start) & kCounterMask);
    return o < r.end ? o : kNone;
  }

  /// The ordinal the id's newest run puts it at, unchecked (kNone: none).
  std::uint32_t run_candidate(std::string_view id) const {
    std::uint32_t x;
    if (runs.empty() || !counter_bits(id, x)) return kNone;
    for (std::size_t k = runs.size(); k-- > 0;)
      if (const std::uint32_t o = run_ordinal(runs[k], x); o != kNone) return o;
    return kNone;
  }

  /// Records where belief `idx`'s id places it (called in ordinal order).
  void note_run(std::uint32_t idx) {
    std::uint32_t x;
    if (!counter_bits(id_of(hot[idx]), x)) return;
    const std::uint32_t off = (x - idx) & kCounterMask;
    if (!runs.empty()) {
      IdRun& r = runs.back();
      if (r.end == idx && r.offset == off && r.end - r.start < kCounterMask) {
        ++r.end;
        return;
      }
    }
    if (runs.size() < kMaxRuns) runs.push_back(IdRun{idx, idx + 1, off});
  }

  /// The belief's index by its id's run, then by the hash table.
  std::uint32_t find(std::string_view id) const {
    if (slots.empty()) return kNone;
    if (!runs.empty()) {
      std::uint32_t x;
      if (counter_bits(id, x)) {
        for (std::size_t k = runs.size(); k-- > 0;)
          if (const std::uint32_t o = run_ordinal(runs[k], x); o != kNone && has_id(hot[o], id)) return o;
      }
    }
    return find_by_hash(id);
  }

  std::uint32_t find_by_hash(std::string_view id) const {
    if (slots.empty()) return kNone;
    const std::uint64_t h = hash_id(id);
    const std::uint64_t tag = h >> 32;
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint64_t s = slots[i];
      if (s == 0) return kNone;
      if ((s >> 32) == tag) {
        const auto idx = static_cast<std::uint32_t>(s) - 1;
        if (has_id(hot[idx], id)) return idx;
      }
    }
  }

  /// Calls fn(index) for each id found, in the order given (unknown ids are
  /// skipped). Hashes, slots and beliefs of up to 16 ids are fetched together
  /// so their cache misses overlap.
  template <class F>
  void for_each_found(std::span<const std::string> ids, F&& fn) const {
    if (slots.empty()) return;
    constexpr std::size_t kBatch = 16;
    const std::size_t mask = slots.size() - 1;
    std::uint64_t h[kBatch];
    std::uint32_t cand[kBatch];
    for (std::size_t k = 0; k < std::min(kBatch, ids.size()); ++k)
      __builtin_prefetch(ids[k].data());
    for (std::size_t at = 0; at < ids.size(); at += kBatch) {
      const std::size_t n = std::min(kBatch, ids.size() - at);
      // The next batch's id bytes (the caller's strings) arrive meanwhile.
      for (std::size_t k = at + kBatch; k < std::min(at + 2 * kBatch, ids.size()); ++k)
        __builtin_prefetch(ids[k].data());
      // An id in a run gives its belief at once; the others go through the
      // hash table.
      for (std::size_t k = 0; k < n; ++k) {
        cand[k] = run_candidate(ids[at + k]);
        if (cand[k] != kNone) {
          __builtin_prefetch(&hot[cand[k]]);
        } else {
          h[k] = hash_id(ids[at + k]);
          __builtin_prefetch(&slots[h[k] & mask]);
        }
      }
      for (std::size_t k = 0; k < n; ++k) {
        if (cand[k] != kNone) continue;
        cand[k] = candidate(h[k]);
        if (cand[k] != kNone) __builtin_prefetch(&hot[cand[k]]);
      }
      for (std::size_t k = 0; k < n; ++k) {
        std::uint32_t idx = cand[k];
        if (idx != kNone && !has_id(hot[idx], ids[at + k])) idx = find(ids[at + k]);
        if (idx != kNone) fn(idx);
      }
    }
  }

  void place(std::uint32_t idx) {
    const std::uint64_t h = hash_id(id_of(hot[idx]));
    const std::size_t mask = slots.size() - 1;
    std::size_t i = h & mask;
    while (slots[i] != 0) i = (i + 1) & mask;
    slots[i] = ((h >> 32) << 32) | (static_cast<std::uint64_t>(idx) + 1);
  }

  /// Slots for `n` beliefs at a load factor of at most 0.8.
  static std::size_t slots_for(std::size_t n) {
    std::size_t cap = 1024;
    while (cap * 4 < (n + 1) * 5) cap *= 2;
    return cap;
  }

  void rebuild_index() {
    slots.assign(slots_for(size()), 0);
    runs.clear();
    for (std::uint32_t i = 0; i < size(); ++i) {
      place(i);
      note_run(i);
    }
  }

  /// Indexes the last belief.
  void index_last() {
    if (slots_for(size()) > slots.size()) {
      rebuild_index();
    } else {
      const auto last = static_cast<std::uint32_t>(size() - 1);
      place(last);
      note_run(last);
    }
  }

  // ---- interning ----
  std::uint32_t intern_ns(std::string_view ns) {
    if (auto it = ns_index.find(ns); it != ns_index.end()) return it->second;
    const auto i = static_cast<std::uint32_t>(namespaces.size());
    namespaces.emplace_back(ns);
    ns_index.emplace(std::string(ns), i);
    return i;
  }

  /// kNone when 65,536 distinct types exist already.
  std::uint32_t intern_type(std::string_view t) {
    if (last_type < types.size() && types[last_type] == t) return last_type;
    if (auto it = type_index.find(t); it != type_index.end()) {
      last_type = it->second;
      return it->second;
    }
    if (types.size() > 0xffff) return kNone;
    const auto i = static_cast<std::uint16_t>(types.size());
    types.emplace_back(t);
    type_index.emplace(std::string(t), i);
    last_type = i;
    return i;
  }

  Extra& extra_of(Cold& c) {
    if (c.extra == kNone) {
      c.extra = static_cast<std::uint32_t>(extras.size());
      extras.push_back(Extra{});
    }
    return extras[c.extra];
  }
  Extra& extra_of(std::uint32_t i) { return extra_of(cold[i]); }
  const Extra* extra_ptr(std::uint32_t i) const {
    const std::uint32_t x = cold[i].extra;
    return x == kNone ? nullptr : &extras[x];
  }

  /// The effective interval.
  ConfidenceInterval conf_of(std::uint32_t i) const {
    const Hot& h = hot[i];
    return (h.flags & kHasParents) ? extras[cold[i].extra].conf : base_of(h, cold[i]);
  }

  /// max(0.02, 0.3 / sqrt(n)), the interval's half-width after n items; a
  /// table below 226 items (above, 0.3 / sqrt(n) < 0.02), computed once with
  /// the same expression, so the values are identical.
  static double spread_of(std::uint32_t n) {
    static const auto table = [] {
      std::array<double, 226> t{};
      for (std::uint32_t k = 1; k < t.size(); ++k)
        t[k] = std::max(0.02, 0.3 / std::sqrt(static_cast<double>(k)));
      return t;
    }();
    return n < table.size() ? table[n] : 0.02;
  }

  /// recompute(b) of §1: the own interval from the running sums (total > 0).
  static ConfidenceInterval from_sums(const Hot& h) {
    const double total = h.sw + h.ow;
    const double point = h.sw / total;
    const double spread = spread_of(h.count);
    return ConfidenceInterval{clamp(point - spread, 0, 1), clamp(point, 0, 1),
                              clamp(point + spread, 0, 1)};
  }
  /// The own interval.
  static ConfidenceInterval base_of(const Hot& h, const Cold& c) {
    return (h.flags & kBaseFromSums) ? from_sums(h) : c.base;
  }
  /// The own interval, stored in the cold record, for a change to it.
  static ConfidenceInterval& own_base(Hot& h, Cold& c) {
    if (h.flags & kBaseFromSums) {
      c.base = from_sums(h);
      h.flags &= static_cast<std::uint8_t>(~kBaseFromSums);
    }
    return c.base;
  }
  Extra& ex(std::uint32_t i) { return extras[cold[i].extra]; }

  std::uint32_t next_epoch() {
    if (++epoch == 0) {
      for (std::size_t i = 0; i < extras.size(); ++i) extras[i].mark = extras[i].dirty = 0;
      epoch = 1;
    }
    return epoch;
  }

  // ---- evidence ----
  /// Stores one (validated) item and links it to its belief: O(1). Sums are
  /// the caller's business. `c` is only read to add a checkpoint.
  Status link_item(Hot& h, Cold& c, const Evidence& e) {
    if (h.count == kNone - 1 || records.size() >= kNone - 1) return full("evidence log");
    const std::uint32_t type = intern_type(e.source_type);
    if (type == kNone) return full("source type table");
    // Entry: varints of (type << 1 | supports), the source id's length and
    // the timestamp's zigzag difference from the chunk's base (items written
    // together have close timestamps: usually one byte), then the id.
    char* p = nullptr;
    const std::size_t len = e.source_id.size();
    const std::size_t most = 3 * kMaxVarint + len;
    const std::uint32_t src = sources.reserve(most, p, e.timestamp);
    if (src == kNone) return full("source arena");
    char* q = put_varint(p, (std::uint64_t{type} << 1) | (*e.supports ? 1 : 0));
    q = put_varint(q, len);
    const auto delta = static_cast<std::uint64_t>(e.timestamp) -
                       static_cast<std::uint64_t>(sources.base_of(src));
    q = put_varint(q, (delta << 1) ^ (0 - (delta >> 63)));
    if (len) std::memcpy(q, e.source_id.data(), len);
    sources.unreserve(most - static_cast<std::size_t>(q + len - p));
    const auto idx = static_cast<std::uint32_t>(records.size());
    records.push_back(EvidenceRec{e.weight, h.tail, src});
    h.tail = idx;
    const std::uint32_t ordinal = h.count++;
    if (!*e.supports) h.n_opp += 1;
    if (ordinal % kCheckpointEvery == kCheckpointEvery - 1)
      extra_of(c).checkpoints.push_back(idx);
    return {};
  }

  /// Appends one (validated) item and updates the running sums: O(1).
  Status append_item(Hot& h, Cold& c, const Evidence& e) {
    if (auto st = link_item(h, c, e); !st) return st;
    if (*e.supports) {
      h.sw += e.weight;
      if (h.verdict) extras[c.extra].vs += e.weight;
    } else {
      h.ow += e.weight;
      if (h.verdict) extras[c.extra].vo += e.weight;
    }
    return {};
  }

  /// The record of a belief's `ordinal`-th item: at most 63 links away.
  std::uint32_t record_at(std::uint32_t i, std::uint32_t ordinal) const {
    const std::uint32_t group = ordinal / kCheckpointEvery;
    const Extra* x = extra_ptr(i);
    std::uint32_t idx = hot[i].tail;
    std::uint32_t at = hot[i].count - 1;
    if (x && group < x->checkpoints.size()) {
      idx = x->checkpoints[group];
      at = group * kCheckpointEvery + kCheckpointEvery - 1;
    }
    for (; at > ordinal; --at) idx = records[idx].prev;
    return idx;
  }

  /// Records of a belief in insertion order.
  std::vector<std::uint32_t> records_of(std::uint32_t i) const {
    std::vector<std::uint32_t> out(hot[i].count);
    std::uint32_t idx = hot[i].tail;
    for (std::uint32_t k = hot[i].count; k > 0; --k) {
      out[k - 1] = idx;
      idx = records[idx].prev;
    }
    return out;
  }

  Evidence item(std::uint32_t rec) const {
    const EvidenceRec& r = records[rec];
    const char* p = sources.at(r.source);
    std::uint64_t tag = 0, len = 0, zz = 0;
    p = get_varint(p, tag);
    p = get_varint(p, len);
    p = get_varint(p, zz);
    const std::uint64_t delta = (zz >> 1) ^ (0 - (zz & 1));
    const auto ts = static_cast<Millis>(static_cast<std::uint64_t>(sources.base_of(r.source)) + delta);
    return Evidence{std::string(p, len), types[tag >> 1], (tag & 1) != 0, r.weight, ts};
  }

  // ---- the rules ----
  /// recompute(b) of §1: the own interval becomes that of the running sums
  /// (kept as a flag; see kBaseFromSums). No evidence weight: unchanged.
  static void recompute_base(Hot& h) {
    if (h.count == 0 || !(h.sw + h.ow != 0)) return;
    h.flags |= kBaseFromSums;
  }

  /// Reopens a verdict the evidence since it no longer supports.
  void settle_verdict(Hot& h, Cold& c, const LedgerConfig& config) {
    if (!h.verdict) return;
    const Extra& x = extras[c.extra];
    const double total = x.vs + x.vo;
    const double against = verdict_of(h) == BeliefStatus::confirmed ? x.vo : x.vs;
    if (against / total >= config.contested_threshold) clear_verdict(h, c);
  }

  void clear_verdict(Hot& h, Cold& c) {
    h.verdict = 0;
    if (c.extra == kNone) return;
    Extra& x = extras[c.extra];
    x.vs = x.vo = 0;
    x.verdict_reason.clear();
  }

  /// The effective interval: the own interval bounded by each parent times
  /// the edge weight, in edge order, with propagateUncertainty's arithmetic.
  void apply_bounds(Hot& h, Cold& c) {
    ConfidenceInterval v = base_of(h, c);
    if (!h.verdict && (h.flags & kHasParents)) {
      for (const Edge& e : extras[c.extra].parents) {
        const ConfidenceInterval p = conf_of(e.parent);
        const double max_point = p.point * e.weight;
        const double max_upper = p.upper * e.weight;
        const double max_lower = p.lower * e.weight;
        v.point = std::min(v.point, max_point);
        v.upper = std::min(v.upper, max_upper);
        v.lower = std::min(v.lower, max_lower);
        v.lower = std::min(v.lower, v.point);
        v.upper = std::max(v.upper, v.point);
      }
    }
    if (h.flags & kHasParents) extras[c.extra].conf = v;
    h.point = v.point;
  }

  /// deriveStatus with credence's rules (see ledger.hpp, differences 2 and 4).
  static BeliefStatus derive(const Hot& h, const LedgerConfig& c) {
    if (h.count == 0) return BeliefStatus::unknown;
    if (h.verdict) return *verdict_of(h);
    const double total = h.sw + h.ow;
    if (total == 0) return BeliefStatus::unknown;
    const double ratio = h.ow / total;
    if (ratio >= c.refuted_threshold) return BeliefStatus::refuted;
    if (ratio >= c.contested_threshold) return BeliefStatus::contested;
    if (h.point >= kConfirmedCutoff && h.n_opp == 0) return BeliefStatus::confirmed;
    if (h.point >= kProbableCutoff) return BeliefStatus::probable;
    return BeliefStatus::uncertain;
  }

  /// Re-bounds and re-derives belief i; true when its interval changed.
  bool refresh(std::uint32_t i, const LedgerConfig& config, LedgerChanges* sink) {
    Hot& h = hot[i];
    Cold& c = cold[i];
    const ConfidenceInterval before = conf_of(i);
    const BeliefStatus status_before = h.status;
    apply_bounds(h, c);
    h.status = derive(h, config);
    const bool changed = conf_of(i) != before;
    if (changed || h.status != status_before) note_belief(sink, i);
    return changed;
  }

  // ---- graph ----
  /// True when `to` is `from` or downstream of it.
  bool reaches(std::uint32_t from, std::uint32_t to) {
    if (from == to) return true;
    if (!(hot[from].flags & kHasChildren)) return false;
    const std::uint32_t ep = next_epoch();
    std::vector<std::uint32_t> stack{from};
    while (!stack.empty()) {
      const std::uint32_t v = stack.back();
      stack.pop_back();
      if (!(hot[v].flags & kHasChildren)) continue;
      for (std::uint32_t ch : ex(v).children) {
        if (ch == to) return true;
        if (ex(ch).mark != ep) {  // a child has an Extra: it holds its parents
          ex(ch).mark = ep;
          stack.push_back(ch);
        }
      }
    }
    return false;
  }

  /// True when the edges form a cycle (Kahn's algorithm leaves beliefs over).
  bool has_cycle() const {
    std::vector<std::uint32_t> indeg(size(), 0);
    std::vector<std::uint32_t> ready;
    std::size_t involved = 0, done = 0;
    for (std::uint32_t i = 0; i < size(); ++i) {
      if (!(hot[i].flags & kGraphFlags)) continue;
      ++involved;
      indeg[i] = static_cast<std::uint32_t>(extras[cold[i].extra].parents.size());
      if (indeg[i] == 0) ready.push_back(i);
    }
    while (!ready.empty()) {
      const std::uint32_t v = ready.back();
      ready.pop_back();
      ++done;
      for (std::uint32_t ch : extras[cold[v].extra].children)
        if (--indeg[ch] == 0) ready.push_back(ch);
    }
    return done != involved;
  }

  void add_edge(std::uint32_t child, std::uint32_t parent, double weight) {
    Extra& cx = extra_of(child);
    for (Edge& e : cx.parents) {
      if (e.parent == parent) {
        e.weight = weight;
        return;
      }
    }
    cx.parents.push_back(Edge{parent, weight});
    extra_of(parent).children.push_back(child);
    hot[child].flags |= kHasParents;
    hot[parent].flags |= kHasChildren;
    ++edge_count;
  }

  void note_belief(LedgerChanges* sink, std::uint32_t i) const {
    if (sink) sink->beliefs.emplace_back(id_of(i));
  }
  void note_item(LedgerChanges* sink, std::uint32_t i) const {
    if (sink) sink->evidence.emplace_back(std::string(id_of(i)), hot[i].count - 1);
  }

  /// Downstream recomputation after the interval of `x` changed: every belief
  /// reachable from x along dependency edges, in topological order (reverse
  /// DFS post-order), recomputed when one of its parents changed. Returns the
  /// number of dependents whose interval changed.
  std::size_t propagate(std::uint32_t x, const LedgerConfig& config, LedgerChanges* sink) {
    if (!(hot[x].flags & kHasChildren)) return 0;
    const std::uint32_t ep = next_epoch();
    std::vector<std::uint32_t> order;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack;
    ex(x).mark = ep;
    stack.emplace_back(x, 0);
    while (!stack.empty()) {
      const std::uint32_t v = stack.back().first;
      const std::size_t i = stack.back().second;
      // Every belief on the stack has an Extra: x has children, the rest parents.
      const auto& children = extras[cold[v].extra].children;
      if (i < children.size()) {
        stack.back().second = i + 1;
        const std::uint32_t ch = children[i];
        if (ex(ch).mark != ep) {
          ex(ch).mark = ep;
          stack.emplace_back(ch, 0);
        }
      } else {
        order.push_back(v);
        stack.pop_back();
      }
    }
    ex(x).dirty = ep;
    std::size_t changed = 0;
    // order.back() is x; the rest in reverse post-order is topological.
    for (auto it = order.rbegin() + 1; it != order.rend(); ++it) {
      bool parent_changed = false;
      for (const Edge& e : extras[cold[*it].extra].parents) {
        if (ex(e.parent).dirty == ep) {
          parent_changed = true;
          break;
        }
      }
      if (!parent_changed) continue;
      if (refresh(*it, config, sink)) {
        ex(*it).dirty = ep;
        ++changed;
      }
    }
    return changed;
  }

  BeliefUpdate update_of(std::uint32_t i, std::size_t downstream) const {
    BeliefUpdate u;
    u.confidence = conf_of(i);
    u.status = hot[i].status;
    u.evidence_count = hot[i].count;
    u.downstream_updated = downstream;
    return u;
  }

  // ---- snapshots and records ----
  Belief snapshot(std::uint32_t i) const {
    const Hot& h = hot[i];
    const Cold& c = cold[i];
    Belief b;
    b.id = id_of(h);
    b.claim = c.claim;
    b.ns = namespaces[c.ns];
    b.confidence = conf_of(i);
    b.own_confidence = base_of(h, c);
    b.status = h.status;
    b.verdict = verdict_of(h);
    b.supporting_count = h.count - h.n_opp;
    b.opposing_count = h.n_opp;
    b.supporting_weight = h.sw;
    b.opposing_weight = h.ow;
    b.first_asserted = c.first_asserted;
    b.last_updated = h.updated;
    b.decay_rate = c.decay_rate;
    b.ordinal = i;
    if (const Extra* x = extra_ptr(i)) {
      b.tags = x->tags;
      if (h.verdict) {
        b.verdict_reason = x->verdict_reason;
        b.verdict_supporting_weight = x->vs;
        b.verdict_opposing_weight = x->vo;
      }
      b.inferred_from.reserve(x->parents.size());
      for (const Edge& e : x->parents)
        b.inferred_from.push_back(Dependency{std::string(id_of(e.parent)), e.weight});
    }
    return b;
  }

  /// Appends a belief holding a record's fields (no evidence, no edges).
  std::uint32_t push_record(const Belief& b) {
    Hot h;
    Cold c;
    set_id(h, b.id);
    h.sw = b.supporting_weight;
    h.ow = b.opposing_weight;
    h.point = b.confidence.point;
    h.status = b.status;
    set_verdict(h, b.verdict);
    c.claim = b.claim;
    c.ns = intern_ns(b.ns);
    c.base = b.own_confidence;
    c.first_asserted = b.first_asserted;
    h.updated = b.last_updated;
    c.decay_rate = b.decay_rate;
    if (!b.tags.empty() || b.verdict || !b.inferred_from.empty()) {
      Extra& x = extra_of(c);
      x.tags = b.tags;
      x.conf = b.confidence;  // used once its edges are linked
      if (b.verdict) {
        x.verdict_reason = b.verdict_reason;
        x.vs = b.verdict_supporting_weight;
        x.vo = b.verdict_opposing_weight;
      }
    }
    hot.push_back(h);
    cold.push_back(std::move(c));
    index_last();
    return static_cast<std::uint32_t>(size() - 1);
  }
};

UncertaintyLedger::UncertaintyLedger(const Clock& clock, LedgerConfig config)
    : clock_(&clock), config_(config), impl_(std::make_unique<Impl>()) {
  assert(validate_ledger_config(config_));
}
UncertaintyLedger::~UncertaintyLedger() = default;
UncertaintyLedger::UncertaintyLedger(const UncertaintyLedger& o)
    : clock_(o.clock_), config_(o.config_), impl_(std::make_unique<Impl>(*o.impl_)) {}
UncertaintyLedger& UncertaintyLedger::operator=(const UncertaintyLedger& o) {
  if (this != &o) {
    clock_ = o.clock_;
    config_ = o.config_;
    impl_ = std::make_unique<Impl>(*o.impl_);
    changes_ = nullptr;
  }
  return *this;
}
UncertaintyLedger::UncertaintyLedger(UncertaintyLedger&&) noexcept = default;
UncertaintyLedger& UncertaintyLedger::operator=(UncertaintyLedger&&) noexcept = default;

void UncertaintyLedger::set_config(const LedgerConfig& config) {
  assert(validate_ledger_config(config));
  config_ = config;
}

Status UncertaintyLedger::check_assertion(const Assertion& a) const {
  const Impl& I = *impl_;
  if (a.claim.empty()) return invalid("a belief needs a claim", "claim");
  if (!a.id.empty()) {
    if (auto st = check_id(a.id, "id"); !st) return st.error();
    if (I.find(a.id) != kNone)
      return make_error(Errc::conflict, "belief `" + a.id + "` exists already", "id");
  }
  for (std::size_t i = 0; i < a.evidence.size(); ++i) {
    if (auto st = validate_evidence(a.evidence[i]); !st) {
      Error e = st.error();
      e.message = "evidence item " + std::to_string(i) + ": " + e.message;
      return e;
    }
  }
  if (a.confidence.point && std::isnan(*a.confidence.point))
    return invalid("must be a number", "confidence.point");
  if (a.confidence.lower && std::isnan(*a.confidence.lower))
    return invalid("must be a number", "confidence.lower");
  if (a.confidence.upper && std::isnan(*a.confidence.upper))
    return invalid("must be a number", "confidence.upper");
  for (const auto& t : a.tags)
    if (t.empty()) return invalid("tags must not be empty", "tags");
  if (I.size() >= kNone - 1) return make_error(Errc::overloaded, "the ledger is full", "id");
  return {};
}

Status UncertaintyLedger::check_evidence(std::string_view id, const Evidence& e) const {
  if (auto st = validate_evidence(e); !st) return st;
  if (!contains(id)) return unknown_belief(id, "id");
  return {};
}

Status UncertaintyLedger::check_dependency(std::string_view id, std::string_view parent_id,
                                           double weight) const {
  const Impl& I = *impl_;
  const std::uint32_t child = I.find(id);
  if (child == kNone) return unknown_belief(id, "id");
  const std::uint32_t parent = I.find(parent_id);
  if (parent == kNone) return unknown_belief(parent_id, "parent_id");
  if (std::isnan(weight)) return invalid("weight must be a number in [0, 1]", "weight");
  // Does `parent` already depend on `id`? (const: a local visited set)
  bool cycle = child == parent;
  std::unordered_set<std::uint32_t> seen;
  std::vector<std::uint32_t> stack;
  if (I.hot[child].flags & kHasChildren) stack.push_back(child);
  while (!cycle && !stack.empty()) {
    const std::uint32_t v = stack.back();
    stack.pop_back();
    if (!(I.hot[v].flags & kHasChildren)) continue;
    for (std::uint32_t ch : I.extras[I.cold[v].extra].children) {
      if (ch == parent) cycle = true;
      if (seen.insert(ch).second) stack.push_back(ch);
    }
  }
  if (cycle)
    return invalid("belief `" + std::string(parent_id) + "` " +
                       (child == parent ? std::string("cannot depend on itself")
                                        : "depends on `" + std::string(id) +
                                              "` already (directly or through other "
                                              "beliefs); the edge would close a cycle"),
                   "depends_on");
  return {};
}

Expected<std::string> UncertaintyLedger::assert_belief(const Assertion& a) {
  Impl& I = *impl_;
  if (auto st = check_assertion(a); !st) return st.error();
  const Millis now = clock_->now();
  std::string id = a.id;
  if (id.empty()) {
    do id = new_belief_id(now);
    while (I.find(id) != kNone);
  }
  Hot h;
  Cold c;
  I.set_id(h, id);
  c.claim = a.claim;
  c.ns = I.intern_ns(a.ns);
  const double point = a.confidence.point.value_or(config_.default_confidence);
  const double lower = a.confidence.lower ? *a.confidence.lower : clamp(point - 0.1, 0, 1);
  const double upper = a.confidence.upper ? *a.confidence.upper : clamp(point + 0.1, 0, 1);
  c.base = ConfidenceInterval{clamp(lower, 0, 1), clamp(point, 0, 1), clamp(upper, 0, 1)};
  h.point = c.base.point;
  for (const auto& e : a.evidence)
    if (auto st = I.append_item(h, c, e); !st) return st.error();
  c.first_asserted = h.updated = now;
  c.decay_rate = config_.decay_rate_per_hour;
  h.status = Impl::derive(h, config_);
  if (!a.tags.empty()) I.extra_of(c).tags = a.tags;
  I.hot.push_back(h);
  I.cold.push_back(std::move(c));
  I.index_last();
  if (changes_) {
    changes_->beliefs.push_back(id);
    for (std::uint32_t k = 0; k < h.count; ++k) changes_->evidence.emplace_back(id, k);
  }
  return id;
}

Expected<BeliefUpdate> UncertaintyLedger::add_evidence(std::string_view id,
                                                       const Evidence& e) {
  Impl& I = *impl_;
  if (auto st = validate_evidence(e); !st) return st.error();
  const std::uint32_t i = I.find(id);
  if (i == kNone) return unknown_belief(id, "id");
  Hot& h = I.hot[i];
  Cold& c = I.cold[i];
  // Only a belief with dependents needs its old interval (read before the
  // append: with kBaseFromSums the interval follows the sums). For the others
  // the cold record is not touched at all (it is usually not in cache).
  const bool has_children = (h.flags & kHasChildren) != 0;
  ConfidenceInterval before;
  if (has_children) before = I.conf_of(i);
  if (auto st = I.append_item(h, c, e); !st) return st.error();
  Impl::recompute_base(h);
  I.settle_verdict(h, c, config_);
  I.apply_bounds(h, c);
  h.status = Impl::derive(h, config_);
  h.updated = clock_->now();
  I.note_belief(changes_, i);
  I.note_item(changes_, i);
  std::size_t downstream = 0;
  if (has_children && I.conf_of(i) != before) downstream = I.propagate(i, config_, changes_);
  BeliefUpdate u;
  u.confidence = I.conf_of(i);
  u.status = h.status;
  u.evidence_count = h.count;
  u.downstream_updated = downstream;
  return u;
}

Expected<ConfidenceInterval> UncertaintyLedger::compute_confidence(std::string_view id) {
  Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone) return unknown_belief(id, "id");
  Hot& h = I.hot[i];
  Cold& c = I.cold[i];
  const ConfidenceInterval before = I.conf_of(i);
  Impl::recompute_base(h);
  I.settle_verdict(h, c, config_);
  I.apply_bounds(h, c);
  h.status = Impl::derive(h, config_);
  h.updated = clock_->now();
  I.note_belief(changes_, i);
  if (I.conf_of(i) != before) I.propagate(i, config_, changes_);
  return I.conf_of(i);
}

Expected<BeliefUpdate> UncertaintyLedger::depends_on(std::string_view id,
                                                     std::string_view parent_id,
                                                     double weight) {
  Impl& I = *impl_;
  const std::uint32_t child = I.find(id);
  if (child == kNone) return unknown_belief(id, "id");
  const std::uint32_t parent = I.find(parent_id);
  if (parent == kNone) return unknown_belief(parent_id, "parent_id");
  if (std::isnan(weight)) return invalid("weight must be a number in [0, 1]", "weight");
  if (I.reaches(child, parent))
    return invalid("belief `" + std::string(parent_id) + "` " +
                       (child == parent ? std::string("cannot depend on itself")
                                        : "depends on `" + std::string(id) +
                                              "` already (directly or through other "
                                              "beliefs); the edge would close a cycle"),
                   "depends_on");
  const ConfidenceInterval before = I.conf_of(child);
  I.add_edge(child, parent, clamp(weight, 0, 1));
  Hot& h = I.hot[child];
  Cold& c = I.cold[child];
  I.apply_bounds(h, c);
  h.status = Impl::derive(h, config_);
  h.updated = clock_->now();
  I.note_belief(changes_, child);
  std::size_t downstream = 0;
  if (I.conf_of(child) != before) downstream = I.propagate(child, config_, changes_);
  return I.update_of(child, downstream);
}

std::size_t UncertaintyLedger::decay_all(std::optional<Millis> t) {
  Impl& I = *impl_;
  const Millis now = t.value_or(clock_->now());
  std::size_t decayed = 0;
  for (std::uint32_t i = 0; i < I.size(); ++i) {
    Hot& h = I.hot[i];
    Cold& c = I.cold[i];
    const Millis elapsed_ms = now - h.updated;
    if (elapsed_ms <= 0) continue;
    const double elapsed_hours = static_cast<double>(elapsed_ms) / kHourMs;
    const double decay = c.decay_rate * elapsed_hours;
    if (decay <= 0) continue;
    ConfidenceInterval& b = Impl::own_base(h, c);
    b.point = clamp(b.point - decay, 0, 1);
    b.lower = clamp(b.lower - decay, 0, b.point);
    b.upper = clamp(b.upper - decay * 0.5, b.point, 1);
    if (verdict_of(h) == BeliefStatus::confirmed && b.point < kProbableCutoff)
      I.clear_verdict(h, c);
    h.updated = now;
    ++decayed;
    I.note_belief(changes_, i);
    if (!(h.flags & kHasParents)) {
      h.point = c.base.point;
      h.status = Impl::derive(h, config_);
    }
  }
  if (decayed == 0 || I.edge_count == 0) return decayed;
  // Re-bound every dependent in topological order (Kahn), parents first.
  std::vector<std::uint32_t> indeg(I.size(), 0);
  std::vector<std::uint32_t> ready;
  for (std::uint32_t i = 0; i < I.size(); ++i) {
    if (!(I.hot[i].flags & kGraphFlags)) continue;
    indeg[i] = static_cast<std::uint32_t>(I.extras[I.cold[i].extra].parents.size());
    if (indeg[i] == 0) ready.push_back(i);
  }
  for (std::size_t head = 0; head < ready.size(); ++head) {
    const std::uint32_t v = ready[head];
    if (I.hot[v].flags & kHasParents) I.refresh(v, config_, changes_);
    for (std::uint32_t ch : I.extras[I.cold[v].extra].children)
      if (--indeg[ch] == 0) ready.push_back(ch);
  }
  return decayed;
}

Expected<BeliefUpdate> UncertaintyLedger::resolve(std::string_view id, BeliefStatus status,
                                                  std::string_view reason) {
  Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone) return unknown_belief(id, "id");
  const Millis now = clock_->now();
  Hot& h = I.hot[i];
  Cold& c = I.cold[i];
  const bool final_status =
      status == BeliefStatus::confirmed || status == BeliefStatus::refuted;
  const ConfidenceInterval before = I.conf_of(i);
  I.clear_verdict(h, c);
  if (final_status) {
    Evidence item;
    item.source_id = "resolution:" + std::string(id) + ":" + std::to_string(now);
    item.source_type = kHumanInput;
    item.supports = status == BeliefStatus::confirmed;
    item.weight = 1.0;
    item.timestamp = now;
    if (auto st = I.append_item(h, c, item); !st) return st.error();
    I.note_item(changes_, i);
  }
  h.status = status;
  h.updated = now;
  ConfidenceInterval& b = Impl::own_base(h, c);
  if (status == BeliefStatus::confirmed) {
    b.point = clamp(std::max(b.point, 0.95), 0, 1);
    b.upper = 1.0;
    b.lower = clamp(std::max(b.lower, 0.9), 0, 1);
  } else if (status == BeliefStatus::refuted) {
    b.point = clamp(std::min(b.point, 0.05), 0, 1);
    b.lower = 0.0;
    b.upper = clamp(std::min(b.upper, 0.1), 0, 1);
  }
  if (final_status) {
    set_verdict(h, status);
    Extra& x = I.extra_of(c);
    x.vs = status == BeliefStatus::confirmed ? 1.0 : 0.0;
    x.vo = status == BeliefStatus::refuted ? 1.0 : 0.0;
    x.verdict_reason = std::string(reason);
  }
  I.apply_bounds(h, c);
  I.note_belief(changes_, i);
  std::size_t downstream = 0;
  if (I.conf_of(i) != before) downstream = I.propagate(i, config_, changes_);
  return I.update_of(i, downstream);
}

Expected<BeliefUpdate> UncertaintyLedger::resolve(std::string_view id,
                                                  std::string_view status,
                                                  std::string_view reason) {
  auto s = belief_status_from(status, "status");
  if (!s) return s.error();
  return resolve(id, *s, reason);
}

Status UncertaintyLedger::set_tags(std::string_view id, std::vector<std::string> tags) {
  Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone) return unknown_belief(id, "id");
  for (const auto& t : tags)
    if (t.empty()) return invalid("tags must not be empty", "tags");
  if (tags.empty() && I.cold[i].extra == kNone) return {};
  I.extra_of(i).tags = std::move(tags);
  I.note_belief(changes_, i);
  return {};
}

void UncertaintyLedger::clear() { *impl_ = Impl(); }

// ---- reads ------------------------------------------------------------------

std::optional<Belief> UncertaintyLedger::get(std::string_view id) const {
  const std::uint32_t i = impl_->find(id);
  if (i == kNone) return std::nullopt;
  return impl_->snapshot(i);
}

bool UncertaintyLedger::contains(std::string_view id) const {
  return impl_->find(id) != kNone;
}

Expected<BeliefStatus> UncertaintyLedger::derive_status(std::string_view id) const {
  const std::uint32_t i = impl_->find(id);
  if (i == kNone) return unknown_belief(id, "id");
  return Impl::derive(impl_->hot[i], config_);
}

bool UncertaintyLedger::is_actionable(std::string_view id,
                                      std::optional<double> min_confidence) const {
  const std::uint32_t i = impl_->find(id);
  if (i == kNone) return false;
  return impl_->hot[i].point >= min_confidence.value_or(config_.min_confidence_for_action);
}

Expected<Actionability> UncertaintyLedger::actionability(
    std::string_view id, std::optional<double> min_confidence) const {
  const std::uint32_t i = impl_->find(id);
  if (i == kNone) return unknown_belief(id, "id");
  Actionability a;
  a.point = impl_->hot[i].point;
  a.threshold = min_confidence.value_or(config_.min_confidence_for_action);
  a.actionable = a.point >= a.threshold;
  a.status = impl_->hot[i].status;
  return a;
}

Expected<std::vector<ChainLink>> UncertaintyLedger::confidence_chain(
    std::string_view id) const {
  const Impl& I = *impl_;
  const std::uint32_t root = I.find(id);
  if (root == kNone) return unknown_belief(id, "id");
  // Depth-first pre-order along the parents, each belief at its first visit.
  std::vector<std::pair<std::uint32_t, int>> visits;
  std::unordered_set<std::uint32_t> visited;
  struct Frame {
    std::uint32_t node;
    int depth;
    std::size_t next;
  };
  std::vector<Frame> stack;
  visited.insert(root);
  visits.emplace_back(root, 0);
  stack.push_back(Frame{root, 0, 0});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const Extra* x = (I.hot[f.node].flags & kHasParents) ? I.extra_ptr(f.node) : nullptr;
    if (!x || f.next >= x->parents.size()) {
      stack.pop_back();
      continue;
    }
    const std::uint32_t p = x->parents[f.next++].parent;
    const int depth = f.depth + 1;
    if (visited.insert(p).second) {
      visits.emplace_back(p, depth);
      stack.push_back(Frame{p, depth, 0});
    }
  }
  std::stable_sort(visits.begin(), visits.end(),
                   [](const auto& a, const auto& b) { return a.second < b.second; });
  std::vector<ChainLink> out;
  out.reserve(visits.size());
  for (const auto& [node, depth] : visits) out.push_back(ChainLink{I.snapshot(node), depth});
  return out;
}

namespace {

/// Indices sorted by last_updated descending; stable, so ties keep
/// insertion order.
template <class Store>
void newest_first(std::vector<std::uint32_t>& hits, const Store& hot) {
  std::stable_sort(hits.begin(), hits.end(), [&](std::uint32_t a, std::uint32_t b) {
    return hot[a].updated > hot[b].updated;
  });
}

}  // namespace

std::vector<Belief> UncertaintyLedger::query(const BeliefQuery& q) const {
  const Impl& I = *impl_;
  std::optional<std::uint32_t> ns;
  if (q.ns) {
    auto it = I.ns_index.find(*q.ns);
    if (it == I.ns_index.end()) return {};
    ns = it->second;
  }
  std::vector<std::uint32_t> hits;
  for (std::uint32_t i = 0; i < I.size(); ++i) {
    const Hot& h = I.hot[i];
    if (ns && I.cold[i].ns != *ns) continue;
    if (q.status && h.status != *q.status) continue;
    if (q.min_confidence && h.point < *q.min_confidence) continue;
    if (!q.tags.empty()) {
      const Extra* x = I.extra_ptr(i);
      if (!x) continue;
      bool all = true;
      for (const auto& t : q.tags) {
        if (std::find(x->tags.begin(), x->tags.end(), t) == x->tags.end()) {
          all = false;
          break;
        }
      }
      if (!all) continue;
    }
    hits.push_back(i);
  }
  newest_first(hits, I.hot);
  std::vector<Belief> out;
  out.reserve(hits.size());
  for (std::uint32_t i : hits) out.push_back(I.snapshot(i));
  return out;
}

std::vector<Belief> UncertaintyLedger::contested() const {
  BeliefQuery q;
  q.status = BeliefStatus::contested;
  return query(q);
}

std::vector<Belief> UncertaintyLedger::unresolved() const {
  const Impl& I = *impl_;
  std::vector<std::uint32_t> hits;
  for (std::uint32_t i = 0; i < I.size(); ++i) {
    const BeliefStatus s = I.hot[i].status;
    if (s == BeliefStatus::uncertain || s == BeliefStatus::contested) hits.push_back(i);
  }
  newest_first(hits, I.hot);
  std::vector<Belief> out;
  out.reserve(hits.size());
  for (std::uint32_t i : hits) out.push_back(I.snapshot(i));
  return out;
}

Expected<BeliefEvidence> UncertaintyLedger::evidence(std::string_view id) const {
  const Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone) return unknown_belief(id, "id");
  BeliefEvidence out;
  for (std::uint32_t rec : I.records_of(i)) {
    Evidence e = I.item(rec);
    (*e.supports ? out.supporting : out.opposing).push_back(std::move(e));
  }
  return out;
}

std::optional<Evidence> UncertaintyLedger::evidence_at(std::string_view id,
                                                       std::uint64_t ordinal) const {
  const Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone || ordinal >= I.hot[i].count) return std::nullopt;
  return I.item(I.record_at(i, static_cast<std::uint32_t>(ordinal)));
}

void UncertaintyLedger::for_each(const std::function<void(const Belief&)>& fn) const {
  for (std::uint32_t i = 0; i < impl_->size(); ++i) fn(impl_->snapshot(i));
}

void UncertaintyLedger::for_each_evidence(
    std::string_view id,
    const std::function<void(std::uint64_t ordinal, const Evidence&)>& fn) const {
  const Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone) return;
  std::uint64_t k = 0;
  for (std::uint32_t rec : I.records_of(i)) fn(k++, I.item(rec));
}

LedgerExport UncertaintyLedger::export_beliefs() const {
  const Impl& I = *impl_;
  LedgerExport out;
  out.version = kLedgerExportVersion;
  out.created_at = format_rfc3339(clock_->now());
  out.beliefs.reserve(I.size());
  for (std::uint32_t i = 0; i < I.size(); ++i) {
    ExportedBelief x;
    x.belief = I.snapshot(i);
    x.evidence.reserve(I.hot[i].count);
    for (std::uint32_t rec : I.records_of(i)) x.evidence.push_back(I.item(rec));
    out.beliefs.push_back(std::move(x));
  }
  return out;
}

std::size_t UncertaintyLedger::size() const { return impl_->size(); }

// ---- import and restore -----------------------------------------------------

namespace {

Status check_interval(const ConfidenceInterval& c, const std::string& where,
                      const std::string& field) {
  for (double v : {c.lower, c.point, c.upper})
    if (!(v >= 0 && v <= 1)) return invalid(where + "interval values must be in [0, 1]", field);
  return {};
}

/// Checks a persisted or imported belief record (not its evidence).
Status check_record(const Belief& b, const std::string& where) {
  if (auto st = check_id(b.id, "id"); !st) {
    Error e = st.error();
    e.message = where + e.message;
    return e;
  }
  if (b.claim.empty()) return invalid(where + "a belief needs a claim", "claim");
  if (auto st = check_interval(b.confidence, where, "confidence"); !st) return st;
  if (auto st = check_interval(b.own_confidence, where, "own_confidence"); !st) return st;
  if (!std::isfinite(b.decay_rate) || b.decay_rate < 0)
    return invalid(where + "must be a finite number >= 0", "decay_rate");
  if (b.verdict) {
    if (*b.verdict != BeliefStatus::confirmed && *b.verdict != BeliefStatus::refuted)
      return invalid(where + "a verdict is confirmed or refuted", "verdict");
    const double vs = b.verdict_supporting_weight, vo = b.verdict_opposing_weight;
    if (!std::isfinite(vs) || !std::isfinite(vo) || vs < 0 || vo < 0 || !(vs + vo > 0))
      return invalid(where + "verdict sums must be finite, >= 0 and not both 0",
                     "verdict_supporting_weight");
  }
  for (const auto& t : b.tags)
    if (t.empty()) return invalid(where + "tags must not be empty", "tags");
  for (const auto& d : b.inferred_from)
    if (!(d.weight >= 0 && d.weight <= 1))
      return invalid(where + "dependency weights must be in [0, 1]", "depends_on.weight");
  return {};
}

}  // namespace

Status UncertaintyLedger::import_beliefs(const LedgerExport& data) {
  if (data.version != kLedgerExportVersion)
    return make_error(Errc::unsupported,
                      "Unsupported uncertainty ledger version: " +
                          std::to_string(data.version) + " (expected " +
                          std::to_string(kLedgerExportVersion) + ")",
                      "version");
  // Validate everything first: nothing changes on error.
  std::unordered_set<std::string_view> ids;
  for (std::size_t i = 0; i < data.beliefs.size(); ++i) {
    const ExportedBelief& x = data.beliefs[i];
    const std::string where = "belief " + std::to_string(i) + ": ";
    if (auto st = check_record(x.belief, where); !st) return st;
    if (!ids.insert(x.belief.id).second)
      return make_error(Errc::conflict, where + "duplicate id `" + x.belief.id + "`", "id");
    for (const Evidence& e : x.evidence) {
      if (auto st = validate_evidence(e); !st) {
        Error err = st.error();
        err.message = where + err.message;
        return err;
      }
    }
  }
  for (std::size_t i = 0; i < data.beliefs.size(); ++i) {
    for (const auto& d : data.beliefs[i].belief.inferred_from) {
      if (!ids.count(d.parent_id))
        return invalid("belief " + std::to_string(i) + ": depends on `" + d.parent_id +
                           "`, which is not imported",
                       "depends_on");
    }
  }
  Impl fresh;
  for (const ExportedBelief& x : data.beliefs) {
    const std::uint32_t i = fresh.push_record(x.belief);
    Hot& h = fresh.hot[i];
    Cold& c = fresh.cold[i];
    // Sums and counts are recomputed from the items (in insertion order, so
    // bit-identical); the verdict sums are the record's.
    h.sw = h.ow = 0;
    const std::uint8_t verdict = h.verdict;
    h.verdict = 0;
    for (const Evidence& e : x.evidence)
      if (auto st = fresh.append_item(h, c, e); !st) return st;
    h.verdict = verdict;
  }
  for (std::uint32_t i = 0; i < fresh.size(); ++i) {
    for (const auto& d : data.beliefs[i].belief.inferred_from) {
      const std::uint32_t p = fresh.find(d.parent_id);
      if (p == i || fresh.reaches(i, p))
        return invalid("belief " + std::to_string(i) + ": the dependency on `" + d.parent_id +
                           "` closes a cycle",
                       "depends_on");
      fresh.add_edge(i, p, d.weight);
    }
  }
  *impl_ = std::move(fresh);
  return {};
}

Status UncertaintyLedger::restore_belief(const Belief& b) {
  Impl& I = *impl_;
  if (auto st = check_record(b, "state entry b/" + b.id + ": "); !st)
    return make_error(Errc::corruption, st.error().describe());
  if (I.find(b.id) != kNone)
    return make_error(Errc::corruption, "belief `" + b.id + "` restored twice", "id");
  if (b.evidence_count() >= kNone || b.opposing_count > b.evidence_count())
    return make_error(Errc::corruption, "belief `" + b.id + "`: impossible evidence counts");
  const std::uint32_t i = I.push_record(b);
  I.restoring.push_back(Impl::Pending{b.ordinal, b.evidence_count(), b.opposing_count});
  for (const auto& d : b.inferred_from) I.pending_edges.emplace_back(i, d);
  return {};
}

Status UncertaintyLedger::restore_evidence(std::string_view id, std::uint64_t ordinal,
                                           const Evidence& e) {
  Impl& I = *impl_;
  const std::uint32_t i = I.find(id);
  if (i == kNone)
    return make_error(Errc::corruption,
                      "evidence of unknown belief `" + std::string(id) + "`", "id");
  if (ordinal != I.hot[i].count)
    return make_error(Errc::corruption, "evidence of `" + std::string(id) + "`: item " +
                                            std::to_string(ordinal) + " out of order");
  if (auto st = validate_evidence(e); !st)
    return make_error(Errc::corruption, st.error().describe());
  return I.link_item(I.hot[i], I.cold[i], e);  // counts; the sums are the record's
}

Status UncertaintyLedger::finish_restore() {
  Impl& I = *impl_;
  if (I.restoring.size() != I.size())
    return make_error(Errc::internal, "finish_restore without restore_belief");
  for (std::uint32_t i = 0; i < I.size(); ++i) {
    const Hot& h = I.hot[i];
    if (h.count != I.restoring[i].items || h.n_opp != I.restoring[i].opposing)
      return make_error(Errc::corruption,
                        "belief `" + std::string(I.id_of(h)) + "`: " + std::to_string(h.count) +
                            " evidence items stored (" + std::to_string(h.n_opp) +
                            " opposing), the record counts " +
                            std::to_string(I.restoring[i].items) + " (" +
                            std::to_string(I.restoring[i].opposing) + ")");
  }
  // Insertion order.
  std::vector<std::uint32_t> perm(I.size());
  for (std::uint32_t i = 0; i < perm.size(); ++i) perm[i] = i;
  std::stable_sort(perm.begin(), perm.end(), [&](std::uint32_t a, std::uint32_t b) {
    return I.restoring[a].ordinal < I.restoring[b].ordinal;
  });
  std::vector<std::uint32_t> new_pos(perm.size());
  BlockStore<Hot> hot;
  BlockStore<Cold> cold;
  for (std::uint32_t k = 0; k < perm.size(); ++k) {
    new_pos[perm[k]] = k;
    hot.push_back(I.hot[perm[k]]);
    cold.push_back(std::move(I.cold[perm[k]]));
  }
  I.hot = std::move(hot);
  I.cold = std::move(cold);
  I.rebuild_index();
  for (const auto& [old_child, d] : I.pending_edges) {
    const std::uint32_t child = new_pos[old_child];
    const std::uint32_t parent = I.find(d.parent_id);
    if (parent == kNone)
      return make_error(Errc::corruption, "belief `" + std::string(I.id_of(child)) +
                                              "` depends on unknown belief `" +
                                              d.parent_id + "`");
    I.add_edge(child, parent, d.weight);
  }
  I.restoring.clear();
  I.pending_edges.clear();
  if (I.has_cycle())
    return make_error(Errc::corruption, "the persisted belief dependencies form a cycle");
  return {};
}

// ---- aggregator -------------------------------------------------------------

double UncertaintyAggregator::aggregate(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  // exp(mean(log(max(p, 1e-10)))), with one log for the whole set: the
  // product, renormalised (frexp) every 16 factors so it cannot underflow
  // (16 factors >= 1e-10 stay above 1e-160). A set of one is its point.
  double prod = 1;
  long exp2 = 0;
  std::size_t n = 0;
  I.for_each_found(ids, [&](std::uint32_t i) {
    prod *= std::max(I.hot[i].point, 1e-10);
    if ((++n & 15) == 0) {
      int e = 0;
      prod = std::frexp(prod, &e);
      exp2 += e;
    }
  });
  if (n == 0) return 0;
  if (n == 1) return prod;
  constexpr double kLn2 = 0.693147180559945309417232121458176568;
  return std::exp((std::log(prod) + static_cast<double>(exp2) * kLn2) /
                  static_cast<double>(n));
}

double UncertaintyAggregator::worst_case(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  std::optional<double> out;
  I.for_each_found(ids, [&](std::uint32_t i) {
    out = out ? std::min(*out, I.hot[i].point) : I.hot[i].point;
  });
  return out.value_or(0);
}

double UncertaintyAggregator::best_case(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  std::optional<double> out;
  I.for_each_found(ids, [&](std::uint32_t i) {
    out = out ? std::max(*out, I.hot[i].point) : I.hot[i].point;
  });
  return out.value_or(0);
}

bool UncertaintyAggregator::any_contested(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  bool any = false;
  I.for_each_found(ids, [&](std::uint32_t i) {
    any = any || I.hot[i].status == BeliefStatus::contested;
  });
  return any;
}

bool UncertaintyAggregator::all_confirmed(std::span<const std::string> ids) const {
  if (ids.empty()) return false;
  const auto& I = *ledger_.impl_;
  std::size_t confirmed = 0;
  I.for_each_found(ids, [&](std::uint32_t i) {
    confirmed += I.hot[i].status == BeliefStatus::confirmed ? 1 : 0;
  });
  return confirmed == ids.size();  // an unknown id is never counted
}

}  // namespace credence
