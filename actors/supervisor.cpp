#include "actors/supervisor.hpp"

#include <functional>

#include <caf/all.hpp>

#include "actors/background_actors.hpp"
#include "actors/classifier_actor.hpp"
#include "actors/drift_actor.hpp"
#include "actors/ingestion_actor.hpp"
#include "common/log.hpp"

namespace credence {

std::size_t shard_index(const std::string& user, std::size_t shards) {
  return std::hash<std::string>{}(user) % std::max<std::size_t>(1, shards);
}

void ShardTable::set(std::size_t index, caf::actor shard) {
  std::unique_lock lk(mu_);
  if (index < shards_.size()) shards_[index] = std::move(shard);
}

caf::actor ShardTable::pick(const std::string& user) const {
  std::shared_lock lk(mu_);
  return shards_[shard_index(user, shards_.size())];
}

void ShardTable::clear() {
  std::unique_lock lk(mu_);
  for (auto& a : shards_) a = caf::actor{};
}

namespace {

using self_ptr = caf::stateful_actor<supervisor_state>*;

void publish(self_ptr self, const std::string& role, caf::actor a) {
  if (!self->state.opt.shards || role.rfind("ingestion/", 0) != 0) return;
  self->state.opt.shards->set(std::stoul(role.substr(10)), std::move(a));
}

caf::actor& slot(self_ptr self, const std::string& role) {
  auto& st = self->state;
  if (role.rfind("ingestion/", 0) == 0) return st.ingestion.at(std::stoul(role.substr(10)));
  if (role == "classifier") return st.classifier;
  if (role == "drift") return st.drift;
  if (role == "decay") return st.decay;
  if (role == "consolidation") return st.consolidation;
  return st.gate;
}

void spawn_role(self_ptr self, const std::string& role) {
  auto& st = self->state;
  Services* svc = st.svc;
  auto me = caf::actor_cast<caf::actor>(self);
  caf::actor a;
  if (role.rfind("ingestion/", 0) == 0) {
    a = self->spawn(ingestion_actor, svc, me);
  } else if (role == "classifier") {
    a = self->spawn(classifier_actor, svc, me);
  } else if (role == "drift") {
    a = self->spawn<caf::detached>(drift_actor, svc);
  } else if (role == "decay") {
    a = self->spawn<caf::detached>(decay_actor, svc);
  } else if (role == "consolidation") {
    a = self->spawn<caf::detached>(consolidation_actor, svc);
  } else {
    a = self->spawn(gate_actor, svc);
  }
  self->monitor(a);
  st.roles[a.address()] = role;
  slot(self, role) = a;
  publish(self, role, a);
}

const caf::actor& shard_for(self_ptr self, const std::string& user) {
  auto& v = self->state.ingestion;
  return v[shard_index(user, v.size())];
}

}  // namespace

caf::behavior supervisor_actor(caf::stateful_actor<supervisor_state>* self, Services* svc,
                               SupervisorOptions opt, std::shared_ptr<std::atomic<bool>> degraded) {
  auto& st = self->state;
  st.svc = svc;
  st.opt = opt;
  st.degraded = std::move(degraded);
  st.ingestion.resize(std::max<std::size_t>(1, opt.ingestion_shards));
  for (const char* role : {"drift", "classifier", "decay", "consolidation", "gate"})
    spawn_role(self, role);
  for (std::size_t i = 0; i < st.ingestion.size(); ++i)
    spawn_role(self, "ingestion/" + std::to_string(i));

  self->set_down_handler([=](caf::down_msg& dm) {
    auto& s = self->state;
    auto it = s.roles.find(dm.source);
    if (it == s.roles.end()) return;
    const std::string role = it->second;
    s.roles.erase(it);
    publish(self, role, caf::actor{});  // callers go through the supervisor meanwhile
    if (s.stopping || !dm.reason || dm.reason == caf::exit_reason::user_shutdown) return;
    auto lg = log::get("supervisor");
    auto& times = s.restart_times[role];
    const auto now = self->clock().now();
    while (!times.empty() && now - times.front() > s.opt.restart_window) times.pop_front();
    if (times.size() >= s.opt.max_restarts) {
      lg->error("{} crashed ({}) and is past its restart budget; staying down", role,
                self->system().render(dm.reason));
      s.degraded->store(true);
      return;
    }
    times.push_back(now);
    ++s.restarts;
    if (s.svc->metrics)
      s.svc->metrics->counter("credence_actor_restarts_total", "Actors restarted after a crash",
                              {{"actor", role.substr(0, role.find('/'))}})
          .inc();
    lg->warn("{} crashed ({}); restarting", role, self->system().render(dm.reason));
    spawn_role(self, role);
  });

  self->set_exit_handler([=](caf::exit_msg& em) {
    auto& s = self->state;
    s.stopping = true;
    if (s.opt.shards) s.opt.shards->clear();
    for (auto& a : s.ingestion) self->send_exit(a, em.reason);
    for (auto* a : {&s.classifier, &s.drift, &s.decay, &s.consolidation, &s.gate})
      if (*a) self->send_exit(*a, em.reason);
    self->quit(em.reason);
  });

  return {
      [=](WriteCommand& c) {
        return self->delegate(shard_for(self, c.request.memory.user), std::move(c));
      },
      [=](MessageCommand& c) { return self->delegate(shard_for(self, c.user), std::move(c)); },
      [=](DecideCommand& c) { return self->delegate(shard_for(self, c.user), std::move(c)); },
      [=](ClassifyJob& j) { return self->delegate(self->state.classifier, std::move(j)); },
      [=](VerdictReady& v) { self->send(self->state.drift, std::move(v)); },
      [=](GateCommand& c) { return self->delegate(self->state.gate, std::move(c)); },
      [=](ConsolidateCommand& c) {
        return self->delegate(self->state.consolidation, std::move(c));
      },
      [=](drift_atom, run_atom r) { return self->delegate(self->state.drift, r); },
      [=](decay_atom, run_atom r) { return self->delegate(self->state.decay, r); },
      [=](stats_atom) -> std::uint64_t { return self->state.restarts; },
  };
}

}  // namespace credence
