// The uncertainty ledger. ledger.hpp states the rules and every deliberate
// difference from the reference; docs/ledger-conformance.md §1 is the
// arithmetic, kept operation for operation (same operands, same order) so the
// results are bit-identical.
//
// Layout in memory:
//  - beliefs (`Node`) live in one vector in insertion order (index ==
//    ordinal); an open-addressing table maps ids to indices;
//  - a belief keeps running sums (Sw, Ow), the opposing count and, since a
//    verdict, the sums since it; its evidence is a vector of 24-byte records
//    (weight, timestamp, interned source type, direction, and the offset of
//    the source id in a chunked string arena). Appending never rescans;
//  - rarely used parts (tags, dependency edges in both directions, the
//    verdict reason) live in a side table (`Extra`), so a plain belief costs
//    about 200 bytes plus its evidence.

#include "engine/ledger.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_set>

#include "common/hash.hpp"
#include "common/ids.hpp"

namespace credence {

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr std::size_t kMaxIdLength = 128;
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

struct SvHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return hash64(s, 0x5f); }
};
template <class V>
using SvMap = std::unordered_map<std::string, V, SvHash, std::equal_to<>>;

/// Source ids, each stored once as [u16 length][bytes] in 1 MiB chunks that
/// never move. An offset is (chunk << 20 | position).
class StringArena {
 public:
  static constexpr std::size_t kChunkBits = 20;
  static constexpr std::size_t kChunk = std::size_t{1} << kChunkBits;
  static constexpr std::size_t kMaxChunks = std::size_t{1} << (32 - kChunkBits);

  StringArena() = default;
  StringArena(const StringArena& o) { *this = o; }
  StringArena& operator=(const StringArena& o) {
    if (this == &o) return *this;
    chunks_.clear();
    for (std::size_t i = 0; i < o.chunks_.size(); ++i) {
      chunks_.emplace_back(new char[kChunk]);
      const std::size_t n = i + 1 == o.chunks_.size() ? o.used_ : kChunk;
      std::memcpy(chunks_.back().get(), o.chunks_[i].get(), n);
    }
    used_ = o.used_;
    return *this;
  }
  StringArena(StringArena&&) noexcept = default;
  StringArena& operator=(StringArena&&) noexcept = default;

  /// The offset of the stored copy, or kNone when the arena is full.
  std::uint32_t add(std::string_view s) {
    const std::size_t need = s.size() + 2;
    if (chunks_.empty() || used_ + need > kChunk) {
      if (chunks_.size() >= kMaxChunks) return kNone;
      // Default-initialised: pages are only touched when written.
      chunks_.emplace_back(new char[kChunk]);
      used_ = 0;
    }
    char* p = chunks_.back().get() + used_;
    const auto len = static_cast<std::uint16_t>(s.size());
    std::memcpy(p, &len, 2);
    if (!s.empty()) std::memcpy(p + 2, s.data(), s.size());
    const auto off =
        static_cast<std::uint32_t>(((chunks_.size() - 1) << kChunkBits) | used_);
    used_ += need;
    return off;
  }

  std::string_view get(std::uint32_t off) const {
    const char* p = chunks_[off >> kChunkBits].get() + (off & (kChunk - 1));
    std::uint16_t len = 0;
    std::memcpy(&len, p, 2);
    return std::string_view(p + 2, len);
  }

  void clear() {
    chunks_.clear();
    used_ = 0;
  }

 private:
  std::vector<std::unique_ptr<char[]>> chunks_;
  std::size_t used_ = 0;
};

struct EvidenceRec {
  double weight;
  Millis timestamp;
  std::uint32_t source;  // offset in the source arena
  std::uint16_t type;    // interned source type
  bool supports;
};
static_assert(sizeof(EvidenceRec) == 24, "evidence records stay compact");

struct Edge {
  std::uint32_t parent;
  double weight;
};

struct Extra {
  std::vector<std::string> tags;
  std::vector<Edge> parents;  // edge order = inferred_from order
  std::vector<std::uint32_t> children;
  std::string verdict_reason;
};

struct Node {
  std::string id;
  std::string claim;
  ConfidenceInterval base;  // own interval
  ConfidenceInterval conf;  // effective interval (base bounded by parents)
  double sw = 0;            // Sw, Ow: running sums in insertion order
  double ow = 0;
  double vs = 0;  // sums since the standing verdict (its own item included)
  double vo = 0;
  Millis first_asserted = 0;
  Millis last_updated = 0;
  double decay_rate = 0;
  std::vector<EvidenceRec> items;
  std::uint64_t n_opp = 0;
  std::uint32_t ns = 0;
  std::uint32_t extra = kNone;
  std::uint32_t mark = 0;   // traversal epoch
  std::uint32_t dirty = 0;  // "interval changed" epoch during propagation
  BeliefStatus status = BeliefStatus::unknown;
  std::optional<BeliefStatus> verdict;
};

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
  const std::string f(field);
  if (!e.supports)
    return invalid("evidence needs a direction: supports = true (supporting) or false "
                   "(opposing)",
                   f + ".supports");
  if (!(e.weight >= 0 && e.weight <= 1))  // also rejects NaN
    return invalid("weight must be a number in [0, 1], got " + number(e.weight),
                   f + ".weight");
  if (e.source_id.size() > kMaxSourceLength)
    return invalid("at most 4096 bytes", f + ".source_id");
  if (e.source_type.size() > kMaxSourceLength)
    return invalid("at most 4096 bytes", f + ".source_type");
  return {};
}

std::string new_belief_id(Millis now) { return new_id("bel", now); }

// ---- the ledger -------------------------------------------------------------

namespace {

void note_belief(LedgerChanges* sink, const Node& n) {
  if (sink) sink->beliefs.push_back(n.id);
}
void note_item(LedgerChanges* sink, const Node& n) {
  if (sink) sink->evidence.emplace_back(n.id, n.items.size() - 1);
}

}  // namespace


struct UncertaintyLedger::Impl {
  std::vector<Node> nodes;
  std::vector<Extra> extras;
  std::vector<std::uint64_t> slots;  // (hash tag << 32) | (index + 1); 0 = empty
  std::vector<std::string> namespaces;
  SvMap<std::uint32_t> ns_index;
  std::vector<std::string> types;
  SvMap<std::uint16_t> type_index;
  std::uint16_t last_type = 0;
  StringArena sources;
  std::size_t edge_count = 0;
  std::uint32_t epoch = 0;
  // Only between restore_belief() and finish_restore().
  struct Pending {
    std::uint64_t ordinal = 0;
    std::uint64_t items = 0;
  };
  std::vector<Pending> restoring;
  std::vector<std::pair<std::uint32_t, Dependency>> pending_edges;

  // ---- ids ----
  static std::uint64_t hash_id(std::string_view id) { return hash64(id, 0x6c6564676572ULL); }

  std::uint32_t find(std::string_view id) const {
    if (slots.empty()) return kNone;
    const std::uint64_t h = hash_id(id);
    const std::uint64_t tag = h >> 32;
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint64_t s = slots[i];
      if (s == 0) return kNone;
      if ((s >> 32) == tag) {
        const auto idx = static_cast<std::uint32_t>(s) - 1;
        if (nodes[idx].id == id) return idx;
      }
    }
  }

  void place(std::uint32_t idx) {
    const std::uint64_t h = hash_id(nodes[idx].id);
    const std::size_t mask = slots.size() - 1;
    std::size_t i = h & mask;
    while (slots[i] != 0) i = (i + 1) & mask;
    slots[i] = ((h >> 32) << 32) | (static_cast<std::uint64_t>(idx) + 1);
  }

  void rebuild_index() {
    std::size_t cap = 1024;
    while (cap < nodes.size() * 2 + 2) cap *= 2;
    slots.assign(cap, 0);
    for (std::uint32_t i = 0; i < nodes.size(); ++i) place(i);
  }

  /// Indexes the last node.
  void index_last() {
    if ((nodes.size() + 1) * 2 > slots.size()) {
      rebuild_index();
    } else {
      place(static_cast<std::uint32_t>(nodes.size() - 1));
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

  Extra& extra_of(Node& n) {
    if (n.extra == kNone) {
      n.extra = static_cast<std::uint32_t>(extras.size());
      extras.emplace_back();
    }
    return extras[n.extra];
  }
  const Extra* extra_ptr(const Node& n) const {
    return n.extra == kNone ? nullptr : &extras[n.extra];
  }
  bool has_parents(const Node& n) const {
    const Extra* x = extra_ptr(n);
    return x && !x->parents.empty();
  }
  bool has_children(const Node& n) const {
    const Extra* x = extra_ptr(n);
    return x && !x->children.empty();
  }

  std::uint32_t next_epoch() {
    if (++epoch == 0) {
      for (auto& n : nodes) n.mark = n.dirty = 0;
      epoch = 1;
    }
    return epoch;
  }

  // ---- evidence ----
  /// Appends one (validated) item and updates the running sums: O(1).
  Status append_item(Node& n, const Evidence& e) {
    const std::uint32_t src = sources.add(e.source_id);
    const std::uint32_t type = intern_type(e.source_type);
    if (src == kNone || type == kNone)
      return make_error(Errc::overloaded, "the evidence store is full", "evidence");
    const bool sup = *e.supports;
    n.items.push_back(
        EvidenceRec{e.weight, e.timestamp, src, static_cast<std::uint16_t>(type), sup});
    if (sup) {
      n.sw += e.weight;
      if (n.verdict) n.vs += e.weight;
    } else {
      n.ow += e.weight;
      n.n_opp += 1;
      if (n.verdict) n.vo += e.weight;
    }
    return {};
  }

  Evidence item(const EvidenceRec& r) const {
    return Evidence{std::string(sources.get(r.source)), types[r.type], r.supports, r.weight,
                    r.timestamp};
  }

  // ---- the rules ----
  /// recompute(b) of §1: the interval from the running sums.
  static void recompute_base(Node& n) {
    const std::size_t count = n.items.size();
    if (count == 0) return;
    const double total = n.sw + n.ow;
    if (total == 0) return;
    const double point = n.sw / total;
    const double spread = std::max(0.02, 0.3 / std::sqrt(static_cast<double>(count)));
    n.base = ConfidenceInterval{clamp(point - spread, 0, 1), clamp(point, 0, 1),
                                clamp(point + spread, 0, 1)};
  }

  /// Reopens a verdict the evidence since it no longer supports.
  void settle_verdict(Node& n, const LedgerConfig& c) {
    if (!n.verdict) return;
    const double total = n.vs + n.vo;
    const double against = *n.verdict == BeliefStatus::confirmed ? n.vo : n.vs;
    if (against / total >= c.contested_threshold) clear_verdict(n);
  }

  void clear_verdict(Node& n) {
    n.verdict.reset();
    n.vs = n.vo = 0;
    if (n.extra != kNone) extras[n.extra].verdict_reason.clear();
  }

  /// The effective interval: the own interval bounded by each parent times
  /// the edge weight, in edge order, with propagateUncertainty's arithmetic.
  void apply_bounds(Node& n) const {
    ConfidenceInterval c = n.base;
    if (!n.verdict && n.extra != kNone) {
      for (const Edge& e : extras[n.extra].parents) {
        const ConfidenceInterval& p = nodes[e.parent].conf;
        const double max_point = p.point * e.weight;
        const double max_upper = p.upper * e.weight;
        const double max_lower = p.lower * e.weight;
        c.point = std::min(c.point, max_point);
        c.upper = std::min(c.upper, max_upper);
        c.lower = std::min(c.lower, max_lower);
        c.lower = std::min(c.lower, c.point);
        c.upper = std::max(c.upper, c.point);
      }
    }
    n.conf = c;
  }

  /// deriveStatus with credence's rules (see ledger.hpp, differences 2 and 4).
  static BeliefStatus derive(const Node& n, const LedgerConfig& c) {
    if (n.items.empty()) return BeliefStatus::unknown;
    if (n.verdict) return *n.verdict;
    const double total = n.sw + n.ow;
    if (total == 0) return BeliefStatus::unknown;
    const double ratio = n.ow / total;
    if (ratio >= c.refuted_threshold) return BeliefStatus::refuted;
    if (ratio >= c.contested_threshold) return BeliefStatus::contested;
    if (n.conf.point >= kConfirmedCutoff && n.n_opp == 0) return BeliefStatus::confirmed;
    if (n.conf.point >= kProbableCutoff) return BeliefStatus::probable;
    return BeliefStatus::uncertain;
  }

  // ---- graph ----
  /// True when `to` is `from` or downstream of it.
  bool reaches(std::uint32_t from, std::uint32_t to) {
    if (from == to) return true;
    const std::uint32_t ep = next_epoch();
    std::vector<std::uint32_t> stack{from};
    nodes[from].mark = ep;
    while (!stack.empty()) {
      const std::uint32_t v = stack.back();
      stack.pop_back();
      const Extra* x = extra_ptr(nodes[v]);
      if (!x) continue;
      for (std::uint32_t c : x->children) {
        if (c == to) return true;
        if (nodes[c].mark != ep) {
          nodes[c].mark = ep;
          stack.push_back(c);
        }
      }
    }
    return false;
  }

  /// True when the edges form a cycle (Kahn's algorithm leaves nodes over).
  bool has_cycle() const {
    std::vector<std::uint32_t> indeg(nodes.size(), 0);
    std::vector<std::uint32_t> ready;
    std::size_t involved = 0, done = 0;
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
      const Extra* x = extra_ptr(nodes[i]);
      if (!x || (x->parents.empty() && x->children.empty())) continue;
      ++involved;
      indeg[i] = static_cast<std::uint32_t>(x->parents.size());
      if (indeg[i] == 0) ready.push_back(i);
    }
    while (!ready.empty()) {
      const std::uint32_t v = ready.back();
      ready.pop_back();
      ++done;
      for (std::uint32_t c : extras[nodes[v].extra].children)
        if (--indeg[c] == 0) ready.push_back(c);
    }
    return done != involved;
  }

  void add_edge(std::uint32_t child, std::uint32_t parent, double weight) {
    Extra& cx = extra_of(nodes[child]);
    for (Edge& e : cx.parents) {
      if (e.parent == parent) {
        e.weight = weight;
        return;
      }
    }
    cx.parents.push_back(Edge{parent, weight});
    extra_of(nodes[parent]).children.push_back(child);
    ++edge_count;
  }

  /// Downstream recomputation after the interval of `x` changed: every belief
  /// reachable from x along dependency edges, in topological order (reverse
  /// DFS post-order), recomputed when one of its parents changed. Returns the
  /// number of dependents whose interval changed.
  std::size_t propagate(std::uint32_t x, const LedgerConfig& c, LedgerChanges* sink) {
    if (!has_children(nodes[x])) return 0;
    const std::uint32_t ep = next_epoch();
    std::vector<std::uint32_t> order;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack;
    nodes[x].mark = ep;
    stack.emplace_back(x, 0);
    while (!stack.empty()) {
      const std::uint32_t v = stack.back().first;
      const std::size_t i = stack.back().second;
      // A node on the stack has an Extra: x has children, the others parents.
      const auto& children = extras[nodes[v].extra].children;
      if (i < children.size()) {
        stack.back().second = i + 1;
        const std::uint32_t ch = children[i];
        if (nodes[ch].mark != ep) {
          nodes[ch].mark = ep;
          stack.emplace_back(ch, 0);
        }
      } else {
        order.push_back(v);
        stack.pop_back();
      }
    }
    nodes[x].dirty = ep;
    std::size_t changed = 0;
    // order.back() is x; the rest in reverse post-order is topological.
    for (auto it = order.rbegin() + 1; it != order.rend(); ++it) {
      Node& n = nodes[*it];
      bool parent_changed = false;
      for (const Edge& e : extras[n.extra].parents) {
        if (nodes[e.parent].dirty == ep) {
          parent_changed = true;
          break;
        }
      }
      if (!parent_changed) continue;
      const ConfidenceInterval before = n.conf;
      const BeliefStatus status_before = n.status;
      apply_bounds(n);
      n.status = derive(n, c);
      if (n.conf != before) {
        n.dirty = ep;
        ++changed;
      }
      if (n.conf != before || n.status != status_before) note_belief(sink, n);
    }
    return changed;
  }

  // ---- snapshots and records ----
  Belief snapshot(std::uint32_t idx) const {
    const Node& n = nodes[idx];
    Belief b;
    b.id = n.id;
    b.claim = n.claim;
    b.ns = namespaces[n.ns];
    b.confidence = n.conf;
    b.own_confidence = n.base;
    b.status = n.status;
    b.verdict = n.verdict;
    b.verdict_supporting_weight = n.vs;
    b.verdict_opposing_weight = n.vo;
    b.supporting_count = n.items.size() - n.n_opp;
    b.opposing_count = n.n_opp;
    b.supporting_weight = n.sw;
    b.opposing_weight = n.ow;
    b.first_asserted = n.first_asserted;
    b.last_updated = n.last_updated;
    b.decay_rate = n.decay_rate;
    b.ordinal = idx;
    if (const Extra* x = extra_ptr(n)) {
      b.tags = x->tags;
      b.verdict_reason = x->verdict_reason;
      b.inferred_from.reserve(x->parents.size());
      for (const Edge& e : x->parents)
        b.inferred_from.push_back(Dependency{nodes[e.parent].id, e.weight});
    }
    return b;
  }

  /// A node holding a record's fields (no evidence, no edges).
  Node node_from(const Belief& b) {
    Node n;
    n.id = b.id;
    n.claim = b.claim;
    n.ns = intern_ns(b.ns);
    n.base = b.own_confidence;
    n.conf = b.confidence;
    n.sw = b.supporting_weight;
    n.ow = b.opposing_weight;
    n.n_opp = b.opposing_count;
    n.verdict = b.verdict;
    n.vs = b.verdict_supporting_weight;
    n.vo = b.verdict_opposing_weight;
    n.first_asserted = b.first_asserted;
    n.last_updated = b.last_updated;
    n.decay_rate = b.decay_rate;
    n.status = b.status;
    if (!b.tags.empty() || !b.verdict_reason.empty()) {
      Extra& x = extra_of(n);
      x.tags = b.tags;
      x.verdict_reason = b.verdict_reason;
    }
    return n;
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

Expected<std::string> UncertaintyLedger::assert_belief(const Assertion& a) {
  Impl& I = *impl_;
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
  if (I.nodes.size() >= kNone - 1)
    return make_error(Errc::overloaded, "the ledger is full", "id");

  const Millis now = clock_->now();
  Node n;
  n.id = a.id;
  if (n.id.empty()) {
    do n.id = new_belief_id(now);
    while (I.find(n.id) != kNone);
  }
  n.claim = a.claim;
  n.ns = I.intern_ns(a.ns);
  const double point = a.confidence.point.value_or(config_.default_confidence);
  const double lower = a.confidence.lower ? *a.confidence.lower : clamp(point - 0.1, 0, 1);
  const double upper = a.confidence.upper ? *a.confidence.upper : clamp(point + 0.1, 0, 1);
  n.base = ConfidenceInterval{clamp(lower, 0, 1), clamp(point, 0, 1), clamp(upper, 0, 1)};
  n.conf = n.base;
  n.items.reserve(a.evidence.size());
  for (const auto& e : a.evidence)
    if (auto st = I.append_item(n, e); !st) return st.error();
  n.first_asserted = n.last_updated = now;
  n.decay_rate = config_.decay_rate_per_hour;
  n.status = Impl::derive(n, config_);
  I.nodes.push_back(std::move(n));
  Node& stored = I.nodes.back();
  if (!a.tags.empty()) I.extra_of(stored).tags = a.tags;
  I.index_last();
  if (changes_) {
    changes_->beliefs.push_back(stored.id);
    for (std::uint64_t k = 0; k < stored.items.size(); ++k)
      changes_->evidence.emplace_back(stored.id, k);
  }
  return stored.id;
}

Expected<BeliefUpdate> UncertaintyLedger::add_evidence(std::string_view id,
                                                       const Evidence& e) {
  Impl& I = *impl_;
  if (auto st = validate_evidence(e); !st) return st.error();
  const std::uint32_t idx = I.find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  Node& n = I.nodes[idx];
  if (auto st = I.append_item(n, e); !st) return st.error();
  Impl::recompute_base(n);
  I.settle_verdict(n, config_);
  const ConfidenceInterval before = n.conf;
  I.apply_bounds(n);
  n.status = Impl::derive(n, config_);
  n.last_updated = clock_->now();
  note_belief(changes_, n);
  note_item(changes_, n);
  BeliefUpdate u;
  if (n.conf != before) u.downstream_updated = I.propagate(idx, config_, changes_);
  const Node& m = I.nodes[idx];
  u.confidence = m.conf;
  u.status = m.status;
  u.evidence_count = m.items.size();
  return u;
}

Expected<ConfidenceInterval> UncertaintyLedger::compute_confidence(std::string_view id) {
  Impl& I = *impl_;
  const std::uint32_t idx = I.find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  Node& n = I.nodes[idx];
  Impl::recompute_base(n);
  I.settle_verdict(n, config_);
  const ConfidenceInterval before = n.conf;
  I.apply_bounds(n);
  n.status = Impl::derive(n, config_);
  n.last_updated = clock_->now();
  note_belief(changes_, n);
  const ConfidenceInterval out = n.conf;
  if (out != before) I.propagate(idx, config_, changes_);
  return out;
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
  I.add_edge(child, parent, clamp(weight, 0, 1));
  Node& n = I.nodes[child];
  const ConfidenceInterval before = n.conf;
  I.apply_bounds(n);
  n.status = Impl::derive(n, config_);
  n.last_updated = clock_->now();
  note_belief(changes_, n);
  BeliefUpdate u;
  if (n.conf != before) u.downstream_updated = I.propagate(child, config_, changes_);
  const Node& m = I.nodes[child];
  u.confidence = m.conf;
  u.status = m.status;
  u.evidence_count = m.items.size();
  return u;
}

std::size_t UncertaintyLedger::decay_all(std::optional<Millis> t) {
  Impl& I = *impl_;
  const Millis now = t.value_or(clock_->now());
  std::size_t decayed = 0;
  for (Node& n : I.nodes) {
    const Millis elapsed_ms = now - n.last_updated;
    if (elapsed_ms <= 0) continue;
    const double elapsed_hours = static_cast<double>(elapsed_ms) / kHourMs;
    const double decay = n.decay_rate * elapsed_hours;
    if (decay <= 0) continue;
    ConfidenceInterval& b = n.base;
    b.point = clamp(b.point - decay, 0, 1);
    b.lower = clamp(b.lower - decay, 0, b.point);
    b.upper = clamp(b.upper - decay * 0.5, b.point, 1);
    if (n.verdict == BeliefStatus::confirmed && b.point < kProbableCutoff) I.clear_verdict(n);
    n.last_updated = now;
    ++decayed;
    note_belief(changes_, n);
    if (!I.has_parents(n)) {
      n.conf = n.base;
      n.status = Impl::derive(n, config_);
    }
  }
  if (decayed == 0 || I.edge_count == 0) return decayed;
  // Re-bound every dependent in topological order (Kahn), parents first.
  std::vector<std::uint32_t> indeg(I.nodes.size(), 0);
  std::vector<std::uint32_t> ready;
  for (std::uint32_t i = 0; i < I.nodes.size(); ++i) {
    const Extra* x = I.extra_ptr(I.nodes[i]);
    if (!x || (x->parents.empty() && x->children.empty())) continue;
    indeg[i] = static_cast<std::uint32_t>(x->parents.size());
    if (indeg[i] == 0) ready.push_back(i);
  }
  std::size_t head = 0;
  while (head < ready.size()) {
    const std::uint32_t v = ready[head++];
    Node& n = I.nodes[v];
    if (I.has_parents(n)) {
      const ConfidenceInterval before = n.conf;
      const BeliefStatus status_before = n.status;
      I.apply_bounds(n);
      n.status = Impl::derive(n, config_);
      if (n.conf != before || n.status != status_before) note_belief(changes_, n);
    }
    for (std::uint32_t c : I.extras[n.extra].children)
      if (--indeg[c] == 0) ready.push_back(c);
  }
  return decayed;
}

Expected<BeliefUpdate> UncertaintyLedger::resolve(std::string_view id, BeliefStatus status,
                                                  std::string_view reason) {
  Impl& I = *impl_;
  const std::uint32_t idx = I.find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  const Millis now = clock_->now();
  Node& n = I.nodes[idx];
  n.status = status;
  n.last_updated = now;
  ConfidenceInterval& b = n.base;
  const bool final_status =
      status == BeliefStatus::confirmed || status == BeliefStatus::refuted;
  if (status == BeliefStatus::confirmed) {
    b.point = clamp(std::max(b.point, 0.95), 0, 1);
    b.upper = 1.0;
    b.lower = clamp(std::max(b.lower, 0.9), 0, 1);
  } else if (status == BeliefStatus::refuted) {
    b.point = clamp(std::min(b.point, 0.05), 0, 1);
    b.lower = 0.0;
    b.upper = clamp(std::min(b.upper, 0.1), 0, 1);
  }
  I.clear_verdict(n);
  if (final_status) {
    Evidence item;
    item.source_id = "resolution:" + std::string(id) + ":" + std::to_string(now);
    item.source_type = kHumanInput;
    item.supports = status == BeliefStatus::confirmed;
    item.weight = 1.0;
    item.timestamp = now;
    if (auto st = I.append_item(n, item); !st) return st.error();
    note_item(changes_, n);
    n.verdict = status;
    n.vs = status == BeliefStatus::confirmed ? 1.0 : 0.0;
    n.vo = status == BeliefStatus::refuted ? 1.0 : 0.0;
    if (!reason.empty()) I.extra_of(n).verdict_reason = std::string(reason);
  }
  const ConfidenceInterval before = n.conf;
  I.apply_bounds(n);
  note_belief(changes_, n);
  BeliefUpdate u;
  if (n.conf != before) u.downstream_updated = I.propagate(idx, config_, changes_);
  const Node& m = I.nodes[idx];
  u.confidence = m.conf;
  u.status = m.status;
  u.evidence_count = m.items.size();
  return u;
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
  const std::uint32_t idx = I.find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  for (const auto& t : tags)
    if (t.empty()) return invalid("tags must not be empty", "tags");
  Node& n = I.nodes[idx];
  if (tags.empty() && n.extra == kNone) return {};
  I.extra_of(n).tags = std::move(tags);
  note_belief(changes_, n);
  return {};
}

void UncertaintyLedger::clear() { *impl_ = Impl(); }

// ---- reads ------------------------------------------------------------------

std::optional<Belief> UncertaintyLedger::get(std::string_view id) const {
  const std::uint32_t idx = impl_->find(id);
  if (idx == kNone) return std::nullopt;
  return impl_->snapshot(idx);
}

bool UncertaintyLedger::contains(std::string_view id) const {
  return impl_->find(id) != kNone;
}

Expected<BeliefStatus> UncertaintyLedger::derive_status(std::string_view id) const {
  const std::uint32_t idx = impl_->find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  return Impl::derive(impl_->nodes[idx], config_);
}

bool UncertaintyLedger::is_actionable(std::string_view id) const {
  const std::uint32_t idx = impl_->find(id);
  if (idx == kNone) return false;
  return impl_->nodes[idx].conf.point >= config_.min_confidence_for_action;
}

Expected<Actionability> UncertaintyLedger::actionability(std::string_view id) const {
  const std::uint32_t idx = impl_->find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  const Node& n = impl_->nodes[idx];
  Actionability a;
  a.point = n.conf.point;
  a.threshold = config_.min_confidence_for_action;
  a.actionable = a.point >= a.threshold;
  a.status = n.status;
  return a;
}

Expected<std::vector<ChainLink>> UncertaintyLedger::confidence_chain(
    std::string_view id) const {
  const Impl& I = *impl_;
  const std::uint32_t root = I.find(id);
  if (root == kNone) return unknown_belief(id, "id");
  // Depth-first pre-order along the parents, each node at its first visit.
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
    const Extra* x = I.extra_ptr(I.nodes[f.node]);
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

std::vector<Belief> UncertaintyLedger::query(const BeliefQuery& q) const {
  const Impl& I = *impl_;
  std::optional<std::uint32_t> ns;
  if (q.ns) {
    auto it = I.ns_index.find(*q.ns);
    if (it == I.ns_index.end()) return {};
    ns = it->second;
  }
  std::vector<std::uint32_t> hits;
  for (std::uint32_t i = 0; i < I.nodes.size(); ++i) {
    const Node& n = I.nodes[i];
    if (ns && n.ns != *ns) continue;
    if (q.status && n.status != *q.status) continue;
    if (q.min_confidence && n.conf.point < *q.min_confidence) continue;
    if (!q.tags.empty()) {
      const Extra* x = I.extra_ptr(n);
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
  std::stable_sort(hits.begin(), hits.end(), [&](std::uint32_t a, std::uint32_t b) {
    return I.nodes[a].last_updated > I.nodes[b].last_updated;
  });
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
  for (std::uint32_t i = 0; i < I.nodes.size(); ++i) {
    const BeliefStatus s = I.nodes[i].status;
    if (s == BeliefStatus::uncertain || s == BeliefStatus::contested) hits.push_back(i);
  }
  std::stable_sort(hits.begin(), hits.end(), [&](std::uint32_t a, std::uint32_t b) {
    return I.nodes[a].last_updated > I.nodes[b].last_updated;
  });
  std::vector<Belief> out;
  out.reserve(hits.size());
  for (std::uint32_t i : hits) out.push_back(I.snapshot(i));
  return out;
}

Expected<BeliefEvidence> UncertaintyLedger::evidence(std::string_view id) const {
  const Impl& I = *impl_;
  const std::uint32_t idx = I.find(id);
  if (idx == kNone) return unknown_belief(id, "id");
  BeliefEvidence out;
  for (const EvidenceRec& r : I.nodes[idx].items)
    (r.supports ? out.supporting : out.opposing).push_back(I.item(r));
  return out;
}

std::optional<Evidence> UncertaintyLedger::evidence_at(std::string_view id,
                                                       std::uint64_t ordinal) const {
  const Impl& I = *impl_;
  const std::uint32_t idx = I.find(id);
  if (idx == kNone || ordinal >= I.nodes[idx].items.size()) return std::nullopt;
  return I.item(I.nodes[idx].items[ordinal]);
}

void UncertaintyLedger::for_each(const std::function<void(const Belief&)>& fn) const {
  for (std::uint32_t i = 0; i < impl_->nodes.size(); ++i) fn(impl_->snapshot(i));
}

LedgerExport UncertaintyLedger::export_beliefs() const {
  LedgerExport out;
  out.version = kLedgerExportVersion;
  out.created_at = format_rfc3339(clock_->now());
  out.beliefs.reserve(impl_->nodes.size());
  for (std::uint32_t i = 0; i < impl_->nodes.size(); ++i) {
    ExportedBelief x;
    x.belief = impl_->snapshot(i);
    x.evidence.reserve(impl_->nodes[i].items.size());
    for (const EvidenceRec& r : impl_->nodes[i].items) x.evidence.push_back(impl_->item(r));
    out.beliefs.push_back(std::move(x));
  }
  return out;
}

std::size_t UncertaintyLedger::size() const { return impl_->nodes.size(); }

// ---- import and restore -----------------------------------------------------

namespace {

Status check_interval(const ConfidenceInterval& c, const std::string& field) {
  for (double v : {c.lower, c.point, c.upper})
    if (!(v >= 0 && v <= 1)) return invalid("interval values must be in [0, 1]", field);
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
  if (auto st = check_interval(b.confidence, "confidence"); !st) return st;
  if (auto st = check_interval(b.own_confidence, "own_confidence"); !st) return st;
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
    Node n = fresh.node_from(x.belief);
    // Sums and counts are recomputed from the items (in insertion order, so
    // bit-identical); the verdict sums are the record's.
    n.sw = n.ow = 0;
    n.n_opp = 0;
    const auto verdict = n.verdict;
    n.verdict.reset();
    n.items.reserve(x.evidence.size());
    for (const Evidence& e : x.evidence)
      if (auto st = fresh.append_item(n, e); !st) return st;
    n.verdict = verdict;
    fresh.nodes.push_back(std::move(n));
    fresh.index_last();
  }
  for (std::uint32_t i = 0; i < fresh.nodes.size(); ++i) {
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
  Node n = I.node_from(b);
  n.items.reserve(b.evidence_count());
  I.nodes.push_back(std::move(n));
  I.index_last();
  I.restoring.push_back(Impl::Pending{b.ordinal, b.evidence_count()});
  const auto idx = static_cast<std::uint32_t>(I.nodes.size() - 1);
  for (const auto& d : b.inferred_from) I.pending_edges.emplace_back(idx, d);
  return {};
}

Status UncertaintyLedger::restore_evidence(std::string_view id, std::uint64_t ordinal,
                                           const Evidence& e) {
  Impl& I = *impl_;
  const std::uint32_t idx = I.find(id);
  if (idx == kNone)
    return make_error(Errc::corruption,
                      "evidence of unknown belief `" + std::string(id) + "`", "id");
  Node& n = I.nodes[idx];
  if (ordinal != n.items.size())
    return make_error(Errc::corruption, "evidence of `" + std::string(id) + "`: item " +
                                            std::to_string(ordinal) + " out of order");
  if (auto st = validate_evidence(e); !st)
    return make_error(Errc::corruption, st.error().describe());
  const std::uint32_t src = I.sources.add(e.source_id);
  const std::uint32_t type = I.intern_type(e.source_type);
  if (src == kNone || type == kNone)
    return make_error(Errc::overloaded, "the evidence store is full", "evidence");
  n.items.push_back(EvidenceRec{e.weight, e.timestamp, src, static_cast<std::uint16_t>(type),
                                *e.supports});
  return {};
}

Status UncertaintyLedger::finish_restore() {
  Impl& I = *impl_;
  if (I.restoring.size() != I.nodes.size())
    return make_error(Errc::internal, "finish_restore without restore_belief");
  for (std::uint32_t i = 0; i < I.nodes.size(); ++i) {
    const Node& n = I.nodes[i];
    std::uint64_t opposing = 0;
    for (const auto& r : n.items) opposing += r.supports ? 0 : 1;
    if (n.items.size() != I.restoring[i].items || opposing != n.n_opp)
      return make_error(Errc::corruption, "belief `" + n.id + "`: " +
                                              std::to_string(n.items.size()) +
                                              " evidence items stored, the record counts " +
                                              std::to_string(I.restoring[i].items));
  }
  // Insertion order.
  std::vector<std::uint32_t> perm(I.nodes.size());
  for (std::uint32_t i = 0; i < perm.size(); ++i) perm[i] = i;
  std::stable_sort(perm.begin(), perm.end(), [&](std::uint32_t a, std::uint32_t b) {
    return I.restoring[a].ordinal < I.restoring[b].ordinal;
  });
  std::vector<std::uint32_t> new_pos(perm.size());
  std::vector<Node> sorted;
  sorted.reserve(I.nodes.size());
  for (std::uint32_t k = 0; k < perm.size(); ++k) {
    new_pos[perm[k]] = k;
    sorted.push_back(std::move(I.nodes[perm[k]]));
  }
  I.nodes = std::move(sorted);
  I.rebuild_index();
  for (const auto& [old_child, d] : I.pending_edges) {
    const std::uint32_t child = new_pos[old_child];
    const std::uint32_t parent = I.find(d.parent_id);
    if (parent == kNone)
      return make_error(Errc::corruption, "belief `" + I.nodes[child].id +
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
  double log_sum = 0;
  std::size_t n = 0;
  for (const auto& id : ids) {
    const std::uint32_t idx = I.find(id);
    if (idx == kNone) continue;
    log_sum = log_sum + std::log(std::max(I.nodes[idx].conf.point, 1e-10));
    ++n;
  }
  if (n == 0) return 0;
  return std::exp(log_sum / static_cast<double>(n));
}

double UncertaintyAggregator::worst_case(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  std::optional<double> out;
  for (const auto& id : ids) {
    const std::uint32_t idx = I.find(id);
    if (idx == kNone) continue;
    const double p = I.nodes[idx].conf.point;
    out = out ? std::min(*out, p) : p;
  }
  return out.value_or(0);
}

double UncertaintyAggregator::best_case(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  std::optional<double> out;
  for (const auto& id : ids) {
    const std::uint32_t idx = I.find(id);
    if (idx == kNone) continue;
    const double p = I.nodes[idx].conf.point;
    out = out ? std::max(*out, p) : p;
  }
  return out.value_or(0);
}

bool UncertaintyAggregator::any_contested(std::span<const std::string> ids) const {
  const auto& I = *ledger_.impl_;
  for (const auto& id : ids) {
    const std::uint32_t idx = I.find(id);
    if (idx != kNone && I.nodes[idx].status == BeliefStatus::contested) return true;
  }
  return false;
}

bool UncertaintyAggregator::all_confirmed(std::span<const std::string> ids) const {
  if (ids.empty()) return false;
  const auto& I = *ledger_.impl_;
  for (const auto& id : ids) {
    const std::uint32_t idx = I.find(id);
    if (idx == kNone || I.nodes[idx].status != BeliefStatus::confirmed) return false;
  }
  return true;
}

}  // namespace credence
