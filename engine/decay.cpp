#include "engine/decay.hpp"

#include <algorithm>
#include <cmath>

namespace credence {

double decay_exposure(const Memory& m, const DecayPolicy& p, Millis now) {
  double days = 0;
  for (std::size_t r = 0; r < m.dwell.size(); ++r)
    days += p.multiplier(static_cast<Reliability>(r)) *
            static_cast<double>(m.dwell[r]) / static_cast<double>(kDay);
  if (now > m.decay_mark)
    days += p.multiplier(m.reliability) * static_cast<double>(now - m.decay_mark) /
            static_cast<double>(kDay);
  return p.rate(m.kind) * days;
}

double strength(const Memory& m, const DecayPolicy& p, Millis now) {
  return m.confidence * std::exp(-decay_exposure(m, p, now));
}

bool decay_deletable(const Memory& m, const DecayPolicy& p) {
  if (m.deleted() || m.superseded()) return false;
  if (m.reliability == Reliability::uncertain || m.reliability == Reliability::contradicted)
    return true;
  return m.kind == MemoryKind::episode && p.delete_reliable_episodes;
}

std::vector<std::string> decay_victims(const State& s, const DecayPolicy& p, Millis now) {
  std::vector<std::pair<std::uint64_t, std::string>> out;
  for (const auto& [id, m] : s.memories()) {
    if (decay_deletable(m, p) && strength(m, p, now) < p.floor) out.emplace_back(m.seq, id);
  }
  std::sort(out.begin(), out.end());
  std::vector<std::string> ids;
  ids.reserve(out.size());
  for (auto& [seq, id] : out) ids.push_back(std::move(id));
  return ids;
}

bool is_stale(const Memory& m, const DecayPolicy& p, Millis now) {
  const double days = p.stale_days(m.kind);
  if (days <= 0 || m.deleted() || m.reliability != Reliability::reliable) return false;
  const Millis last = std::max(m.last_reinforced_at, m.created_at);
  return static_cast<double>(now - last) > days * static_cast<double>(kDay);
}

}  // namespace credence
