#include "engine/state.hpp"

#include <algorithm>
#include <cstdio>

#include "common/hash.hpp"
#include "engine/text.hpp"

namespace credence {

namespace {
const std::vector<std::string> kEmpty;

template <class Map>
auto* find_in(Map& m, std::string_view key) {
  auto it = m.find(key);
  return it == m.end() ? nullptr : &it->second;
}
}  // namespace

const Memory* State::memory(std::string_view id) const { return find_in(memories_, id); }
const Uncertainty* State::uncertainty(std::string_view id) const {
  return find_in(uncertainties_, id);
}
const Relationship* State::relationship(std::string_view id) const {
  return find_in(relationships_, id);
}
const UserSettings* State::user(std::string_view user) const { return find_in(users_, user); }
const PendingClassification* State::pending(std::string_view id) const {
  auto it = pending_.find(std::string(id));
  return it == pending_.end() ? nullptr : &it->second;
}

Memory* State::memory_mut(std::string_view id) { return find_in(memories_, id); }
Uncertainty* State::uncertainty_mut(std::string_view id) {
  return find_in(uncertainties_, id);
}

UserSettings& State::user_mut(const std::string& user) {
  auto [it, inserted] = users_.try_emplace(user);
  if (inserted) it->second.user = user;
  return it->second;
}

const std::vector<std::string>& State::user_memories(std::string_view user) const {
  auto* v = find_in(by_user_mem_, user);
  return v ? *v : kEmpty;
}
std::vector<std::string> State::indexed(const std::string& user, std::uint64_t h,
                                       bool by_key) const {
  const auto* ids = find_in(by_user_mem_, user);
  if (!ids) return {};
  std::lock_guard lk(text_index_.mu);
  TextIndex& ti = text_index_.users[user];
  for (; ti.covered < ids->size(); ++ti.covered) {
    const Memory* m = memory((*ids)[ti.covered]);
    if (!m) continue;
    ti.at.emplace(hash64(normalised_text(m->text)), ti.covered);
    if (std::string k = claim_key(m->claim); !k.empty()) ti.by_key.emplace(hash64(k), ti.covered);
  }
  std::vector<std::size_t> at;
  auto [first, last] = (by_key ? ti.by_key : ti.at).equal_range(h);
  for (auto it = first; it != last; ++it) at.push_back(it->second);
  std::sort(at.begin(), at.end());
  std::vector<std::string> out;
  out.reserve(at.size());
  for (std::size_t i : at) out.push_back((*ids)[i]);
  return out;
}

std::vector<std::string> State::memories_with_text(const std::string& user,
                                                  std::string_view text) const {
  return indexed(user, hash64(normalised_text(text)), false);
}

std::vector<std::string> State::memories_with_claim_key(const std::string& user,
                                                       std::string_view key) const {
  if (key.empty()) return {};
  return indexed(user, hash64(key), true);
}

const std::vector<std::string>& State::user_uncertainties(std::string_view user) const {
  auto* v = find_in(by_user_unc_, user);
  return v ? *v : kEmpty;
}
const std::vector<std::string>& State::memory_uncertainties(std::string_view id) const {
  auto* v = find_in(by_mem_unc_, id);
  return v ? *v : kEmpty;
}
const std::vector<std::string>& State::memory_relationships(std::string_view id) const {
  auto* v = find_in(by_mem_rel_, id);
  return v ? *v : kEmpty;
}

void State::index_memory(const Memory& m) {
  by_user_mem_[m.user].push_back(m.id);
  if (!m.deleted()) ++live_memories_;
}

void State::index_uncertainty(const Uncertainty& u) {
  by_user_unc_[u.user].push_back(u.id);
  by_mem_unc_[u.memory_a].push_back(u.id);
  if (!u.memory_b.empty() && u.memory_b != u.memory_a)
    by_mem_unc_[u.memory_b].push_back(u.id);
}

void State::index_relationship(const Relationship& r) {
  by_mem_rel_[r.from].push_back(r.id);
  if (r.to != r.from) by_mem_rel_[r.to].push_back(r.id);
}

// Loading keeps insertion order only per creation time, so the state store's
// key order (by id) is re-sorted by sequence number when rebuilding indexes.
void State::load_memory(Memory m) {
  auto [it, inserted] = memories_.emplace(m.id, std::move(m));
  if (inserted) index_memory(it->second);
}
void State::load_uncertainty(Uncertainty u) {
  auto [it, inserted] = uncertainties_.emplace(u.id, std::move(u));
  if (inserted) index_uncertainty(it->second);
}
void State::load_relationship(Relationship r) {
  auto [it, inserted] = relationships_.emplace(r.id, std::move(r));
  if (inserted) index_relationship(it->second);
}
void State::load_user(UserSettings u) { users_[u.user] = std::move(u); }
void State::load_pending(PendingClassification p) { pending_[p.id] = std::move(p); }

Status State::load_belief(const Belief& b) { return ledger_.at(0).restore_belief(b); }

Status State::load_evidence(std::string_view belief_id, std::uint64_t ordinal,
                            const Evidence& e) {
  return ledger_.at(0).restore_evidence(belief_id, ordinal, e);
}

Status State::finish_load() {
  {
    std::lock_guard lk(text_index_.mu);  // positions change below
    text_index_.users.clear();
  }
  for (auto& [user, ids] : by_user_mem_) {
    std::sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
      const auto& ma = memories_.at(a);
      const auto& mb = memories_.at(b);
      return ma.seq != mb.seq ? ma.seq < mb.seq : a < b;
    });
  }
  auto by_created = [&](const std::string& a, const std::string& b) {
    const auto& ua = uncertainties_.at(a);
    const auto& ub = uncertainties_.at(b);
    return ua.created_at != ub.created_at ? ua.created_at < ub.created_at : a < b;
  };
  for (auto& [user, ids] : by_user_unc_) std::sort(ids.begin(), ids.end(), by_created);
  for (auto& [mem, ids] : by_mem_unc_) std::sort(ids.begin(), ids.end(), by_created);
  for (auto& [mem, ids] : by_mem_rel_) std::sort(ids.begin(), ids.end());
  return ledger_.at(0).finish_restore();
}

std::string state_key_memory(std::string_view id) { return "m/" + std::string(id); }
std::string state_key_uncertainty(std::string_view id) { return "u/" + std::string(id); }
std::string state_key_relationship(std::string_view id) { return "r/" + std::string(id); }
std::string state_key_user(std::string_view user) { return "s/" + std::string(user); }
std::string state_key_pending(std::string_view id) { return "p/" + std::string(id); }
std::string state_key_belief(std::string_view id) { return "b/" + std::string(id); }

std::string state_key_evidence(std::string_view belief_id, std::uint64_t ordinal) {
  char digits[24];
  std::snprintf(digits, sizeof digits, "%010llu", static_cast<unsigned long long>(ordinal));
  std::string key = "e/";
  key += belief_id;
  key += '/';
  key += digits;
  return key;
}

bool parse_state_key_evidence(std::string_view key, std::string_view& belief_id,
                              std::uint64_t& ordinal) {
  if (key.size() < 4 || key.substr(0, 2) != "e/") return false;
  const auto slash = key.rfind('/');
  if (slash <= 2 || slash + 1 >= key.size()) return false;
  std::uint64_t v = 0;
  for (char ch : key.substr(slash + 1)) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(ch - '0');
  }
  belief_id = key.substr(2, slash - 2);
  ordinal = v;
  return true;
}

}  // namespace credence
