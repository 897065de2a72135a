#include "engine/digest.hpp"

#include <algorithm>
#include <vector>

#include "common/hash.hpp"
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

void StateDigest::add(std::string_view key, std::string_view json) {
  const std::uint64_t hk = hash64(key, 0x51);
  const std::uint64_t hv = hash64(json, hk);
  a_ = mix64(a_ ^ hv) + (b_ << 7 | b_ >> 57);
  b_ = mix64(b_ + (hv ^ (hk * 0x9e3779b97f4a7c15ULL)));
  ++n_;
}

std::string StateDigest::hex() const {
  Digest d;
  d.add_u64(a_);
  d.add_u64(b_);
  d.add_u64(n_);
  return d.hex();
}

std::string state_digest(const State& s) {
  StateDigest d;
  for_each_entity(s, [&](std::string_view k, std::string_view j) { d.add(k, j); });
  return d.hex();
}

}  // namespace credence
