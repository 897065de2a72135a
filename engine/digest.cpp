#include "engine/digest.hpp"

#include <algorithm>
#include <thread>
#include <cstring>
#include <vector>

#include "common/hash.hpp"
#include "common/json_writer.hpp"
#include "engine/codec.hpp"

namespace credence {

void for_each_entity(const State& s,
                     const std::function<void(std::string_view, std::string_view)>& fn) {
  std::vector<std::string> keys;
  keys.reserve(s.memories().size() + s.uncertainties().size() +
               s.relationships().size() + s.users().size() + s.pending_all().size() + 1);
  for (const auto& [id, m] : s.memories()) keys.push_back(state_key_memory(id));
  for (const auto& [id, u] : s.uncertainties()) keys.push_back(state_key_uncertainty(id));
  for (const auto& [id, r] : s.relationships()) keys.push_back(state_key_relationship(id));
  for (const auto& [id, u] : s.users()) keys.push_back(state_key_user(id));
  for (const auto& [id, p] : s.pending_all()) keys.push_back(state_key_pending(id));
  s.ledger().for_each([&](const Belief& b) {
    keys.push_back(state_key_belief(b.id));
    for (std::uint64_t k = 0; k < b.evidence_count(); ++k)
      keys.push_back(state_key_evidence(b.id, k));
  });
  const BackgroundState def;
  const auto& b = s.background();
  if (b.drift_cycles != def.drift_cycles || b.decay_cycles != def.decay_cycles)
    keys.emplace_back(kStateKeyBackground);
  std::sort(keys.begin(), keys.end());
  for (const auto& k : keys) {
    const std::string json = serialize_entity(s, k);
    fn(k, json);
  }
}

void StateDigest::add(std::string_view key, std::string_view bytes) {
  const std::uint64_t hk = hash64(key, 0x51);
  const std::uint64_t hv = hash64(bytes, hk);
  // Two independent 64-bit lanes, summed: the result does not depend on the
  // order entries are added in.
  a_ += mix64(hv ^ 0x243f6a8885a308d3ULL);
  b_ += mix64(hv + hk * 0x9e3779b97f4a7c15ULL);
  ++n_;
}

void StateDigest::merge(const StateDigest& o) {
  a_ += o.a_;
  b_ += o.b_;
  n_ += o.n_;
}

std::string StateDigest::hex() const {
  Digest d;
  d.add_u64(a_);
  d.add_u64(b_);
  d.add_u64(n_);
  return d.hex();
}

namespace {

// ---- the canonical binary form of each entity ------------------------------
// Every field, in a fixed order: strings length-prefixed, numbers as their
// bit patterns, optionals with a presence byte. Hashing these bytes is an
// order of magnitude cheaper than serialising JSON. If one of these asserts
// fires, a field was added to the struct: add it to the canonical form below.
// (A small field can hide in padding; tests/unit/digest_test.cpp checks that
// every field the JSON codec persists moves the digest.)
static_assert(sizeof(Memory) == 792, "Memory changed: update canon(Memory)");
static_assert(sizeof(Uncertainty) == 360, "Uncertainty changed: update canon(Uncertainty)");
static_assert(sizeof(Relationship) == 200, "Relationship changed: update canon(Relationship)");
static_assert(sizeof(UserSettings) == 72, "UserSettings changed: update canon(UserSettings)");
static_assert(sizeof(PendingClassification) == 608, "PendingClassification changed");

class Canon {
 public:
  explicit Canon(std::string& buf) : b_(buf) { b_.clear(); }
  void str(std::string_view s) {
    u64(s.size());
    b_.append(s);
  }
  void u64(std::uint64_t v) { b_.append(reinterpret_cast<const char*>(&v), 8); }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  void f64(double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    u64(bits);
  }
  void b(bool v) { b_.push_back(v ? '\1' : '\0'); }
  void opt(const std::optional<Millis>& t) {
    b(t.has_value());
    if (t) i64(*t);
  }
  void opt(const std::optional<double>& d) {
    b(d.has_value());
    if (d) f64(*d);
  }
  void list(const std::vector<std::string>& v) {
    u64(v.size());
    for (const auto& s : v) str(s);
  }

 private:
  std::string& b_;
};

void canon(Canon& c, const Claim& x) {
  // The claim is the judge's and grows with it: its JSON codec is what gets
  // persisted, so hashing that form covers every stored field by construction.
  thread_local JsonWriter w;
  w.clear();
  write_claim(w, x);
  c.str(w.view());
}

void canon(Canon& c, const Memory& m) {
  c.str(m.id);
  c.str(m.user);
  c.u64(static_cast<std::uint64_t>(m.kind));
  c.str(m.text);
  canon(c, m.claim);
  c.u64(static_cast<std::uint64_t>(m.source));
  c.f64(m.confidence);
  c.f64(m.importance);
  c.u64(m.reinforcement_count);
  c.u64(m.access_count);
  c.i64(m.created_at);
  c.i64(m.last_reinforced_at);
  c.i64(m.last_accessed_at);
  c.u64(static_cast<std::uint64_t>(m.reliability));
  c.opt(m.valid_from);
  c.opt(m.valid_until);
  c.i64(m.recorded_at);
  c.opt(m.superseded_at);
  c.str(m.supersedes);
  c.str(m.superseded_by);
  c.opt(m.deleted_at);
  c.b(m.delete_reason.has_value());
  if (m.delete_reason) c.u64(static_cast<std::uint64_t>(*m.delete_reason));
  for (auto d : m.dwell) c.i64(d);
  c.i64(m.decay_mark);
  c.u64(m.seq);
}

void canon(Canon& c, const Uncertainty& u) {
  c.str(u.id);
  c.str(u.user);
  c.u64(static_cast<std::uint64_t>(u.memory_a_kind));
  c.str(u.memory_a);
  c.b(u.memory_b_kind.has_value());
  if (u.memory_b_kind) c.u64(static_cast<std::uint64_t>(*u.memory_b_kind));
  c.str(u.memory_b);
  c.u64(static_cast<std::uint64_t>(u.type));
  c.u64(static_cast<std::uint64_t>(u.severity));
  c.u64(static_cast<std::uint64_t>(u.detection_context));
  c.str(u.reasoning);
  c.b(u.temporal_signal);
  c.str(u.surface_context);
  c.u64(static_cast<std::uint64_t>(u.classification));
  c.f64(u.confidence);
  c.u64(static_cast<std::uint64_t>(u.state));
  c.u64(static_cast<std::uint64_t>(u.resolution));
  c.str(u.resolution_detail);
  c.str(u.winner);
  c.opt(u.resolved_at);
  c.u64(u.surfaced_count);
  c.u64(u.dismissed_count);
  c.opt(u.last_surfaced_at);
  c.i64(u.created_at);
}

void canon(Canon& c, const Relationship& r) {
  c.str(r.id);
  c.str(r.user);
  c.str(r.from);
  c.str(r.to);
  c.str(r.type);
  c.str(r.detail);
  c.i64(r.created_at);
}

void canon(Canon& c, const UserSettings& u) {
  c.str(u.user);
  c.f64(u.tolerance);
  for (auto n : {u.corrections, u.reinforcements, u.dismissals, u.engagements, u.action_checks,
                 u.clarify_decisions, u.dismissal_streak})
    c.u64(n);
}

void canon(Canon& c, const PendingClassification& p) {
  c.str(p.id);
  c.str(p.user);
  c.str(p.incoming);
  c.list(p.candidates);
  c.u64(static_cast<std::uint64_t>(p.context));
  c.str(p.text);
  c.u64(static_cast<std::uint64_t>(p.kind));
  canon(c, p.claim);
  c.i64(p.created_at);
}

void canon(Canon& c, const BackgroundState& b) {
  c.u64(b.drift_cycles);
  c.u64(b.drift_domain_index);
  c.i64(b.last_drift_at);
  c.u64(b.decay_cycles);
  c.i64(b.last_decay_at);
}

/// Adds the entities of one map whose bucket index is in [from, to).
template <class Map, class KeyFn>
void add_buckets(StateDigest& d, const Map& m, KeyFn key_of, std::size_t from, std::size_t to,
                 std::string& buf) {
  for (std::size_t b = from; b < to; ++b) {
    for (auto it = m.begin(b); it != m.end(b); ++it) {
      Canon c(buf);
      canon(c, it->second);
      d.add(key_of(it->first), buf);
    }
  }
}

template <class Map, class KeyFn>
void add_all(StateDigest& d, const Map& m, KeyFn key_of, std::string& buf) {
  for (const auto& [k, v] : m) {
    Canon c(buf);
    canon(c, v);
    d.add(key_of(k), buf);
  }
}

}  // namespace

std::string state_digest(const State& s, unsigned threads) {
  StateDigest d;
  std::string buf;
  buf.reserve(4096);
  // The ledger's entities keep their JSON form (their codec is canonical).
  s.ledger().for_each([&](const Belief& b) {
    const std::string bk = state_key_belief(b.id);
    d.add(bk, serialize_entity(s, bk));
    for (std::uint64_t k = 0; k < b.evidence_count(); ++k) {
      const std::string ek = state_key_evidence(b.id, k);
      d.add(ek, serialize_entity(s, ek));
    }
  });
  const BackgroundState def;
  const auto& bg = s.background();
  if (bg.drift_cycles != def.drift_cycles || bg.decay_cycles != def.decay_cycles) {
    Canon c(buf);
    canon(c, bg);
    d.add(kStateKeyBackground, buf);
  }
  add_all(d, s.pending_all(), [](const std::string& id) { return state_key_pending(id); }, buf);
  add_all(d, s.relationships(), [](const std::string& id) { return state_key_relationship(id); }, buf);
  add_all(d, s.users(), [](const std::string& id) { return state_key_user(id); }, buf);
  add_all(d, s.uncertainties(), [](const std::string& id) { return state_key_uncertainty(id); }, buf);
  // Memories dominate: split their buckets between the threads.
  const auto& mem = s.memories();
  auto key_of = [](const std::string& id) { return state_key_memory(id); };
  const std::size_t n = mem.bucket_count();
  threads = std::max(1u, std::min(threads, 8u));
  if (threads == 1 || mem.size() < 10000) {
    add_buckets(d, mem, key_of, 0, n, buf);
    return d.hex();
  }
  std::vector<StateDigest> parts(threads);
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) {
    workers.emplace_back([&, t] {
      std::string local;
      local.reserve(4096);
      add_buckets(parts[t], mem, key_of, n * t / threads, n * (t + 1) / threads, local);
    });
  }
  add_buckets(parts[0], mem, key_of, 0, n / threads, buf);
  for (auto& w : workers) w.join();
  for (const auto& p : parts) d.merge(p);
  return d.hex();
}

}  // namespace credence
