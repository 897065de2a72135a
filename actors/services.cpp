#include "actors/services.hpp"

#include <algorithm>

namespace credence {

void VerdictCache::put(const std::string& key, const Assessment& a) {
  std::lock_guard lk(mu_);
  if (map_.insert_or_assign(key, a).second) order_.push_back(key);
  while (order_.size() > capacity_) {
    map_.erase(order_.front());
    order_.erase(order_.begin());
  }
}

std::optional<Assessment> VerdictCache::take(const std::string& key) {
  std::lock_guard lk(mu_);
  auto it = map_.find(key);
  if (it == map_.end()) return std::nullopt;
  Assessment a = it->second;
  map_.erase(it);
  order_.erase(std::remove(order_.begin(), order_.end(), key), order_.end());
  return a;
}

std::size_t VerdictCache::size() const {
  std::lock_guard lk(mu_);
  return map_.size();
}

std::string pair_key(std::string_view existing_id, std::string_view incoming_key) {
  std::string k(existing_id);
  k += '|';
  k += incoming_key;
  return k;
}

PairSide pair_side(const Memory& m) {
  PairSide p;
  p.text = m.text;
  p.kind = m.kind;
  p.source = m.source;
  p.confidence = m.confidence;
  p.created_at = m.created_at;
  p.reinforcement_count = m.reinforcement_count;
  p.last_reinforced_at = m.last_reinforced_at;
  return p;
}

PairSide pair_side(const Incoming& in) {
  PairSide p;
  p.text = in.text;
  p.kind = in.kind;
  p.source = in.source;
  p.confidence = in.confidence;
  p.created_at = in.created_at;
  return p;
}

Assessment from_llm(const LlmVerdict& v, const Assessment& embedded) {
  Assessment a = embedded;
  a.from_llm = true;
  a.classification = v.classification;
  a.confidence = v.confidence;
  // An LLM verdict never blocks a write on its own: seed 003 reserves blocking
  // for HIGH-confidence structural verdicts.
  a.tier = v.confidence >= 0.85 ? ConfidenceTier::med : ConfidenceTier::low;
  a.temporal_signal = v.temporal_signal;
  a.reasoning = v.reasoning.empty() ? embedded.reasoning : v.reasoning;
  if (!v.surface_context.empty()) a.surface_context = v.surface_context;
  a.action = v.classification == Classification::duplicate      ? WriteAction::noop
             : v.classification == Classification::temporal_change ? WriteAction::update
                                                                     : WriteAction::add;
  return a;
}

}  // namespace credence
