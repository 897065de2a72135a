// actors_test: the ingestion deadline race, late answers, per-user ordering
// and supervision, in CAF's deterministic test coordinator with virtual time
// (no sleeps). The store is a real RocksDB directory; judge and classifier
// are deterministic stand-ins so the race itself is what is tested.
#include <gtest/gtest.h>

#include <caf/all.hpp>

#include "actors/background_actors.hpp"
#include "actors/drift_actor.hpp"
#include "actors/ingestion_actor.hpp"
#include "actors/supervisor.hpp"
#include "engine/events.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using namespace std::chrono_literals;

namespace {

using deliver_atom = caf::atom_constant<caf::atom("deliver")>;

/// A classifier that answers after `delay` of virtual time, with the same
/// contract as the real one: reply, cache the verdict, tell the late sink.
struct fake_classifier_state {
  std::chrono::milliseconds delay{0};
  Services* svc = nullptr;
  caf::actor late_sink;
  std::map<std::uint64_t, std::pair<caf::response_promise, ClassifyJob>> pending;
  std::uint64_t next = 0;
  int calls = 0;
};

caf::behavior fake_classifier(caf::stateful_actor<fake_classifier_state>* self, Services* svc,
                              std::chrono::milliseconds delay, caf::actor late_sink) {
  self->state.svc = svc;
  self->state.delay = delay;
  self->state.late_sink = late_sink;
  return {
      [=](ClassifyJob& job) -> caf::response_promise {
        auto rp = self->make_response_promise();
        const auto id = self->state.next++;
        ++self->state.calls;
        self->state.pending.emplace(id, std::make_pair(rp, std::move(job)));
        self->delayed_send(self, self->state.delay, deliver_atom::value, id);
        return rp;
      },
      [=](deliver_atom, std::uint64_t id) {
        auto it = self->state.pending.find(id);
        auto& [rp, job] = it->second;
        LlmVerdict v;
        v.classification = Classification::true_contradiction;
        v.confidence = 0.9;
        v.reasoning = "llm says both cannot hold";
        ClassifyAnswer a{job.key, from_llm(v, job.embedded), true, ""};
        self->state.svc->verdicts->put(job.key, a.assessment);
        rp.deliver(a);
        if (self->state.late_sink) caf::anon_send(self->state.late_sink, VerdictReady{job.key});
        self->state.pending.erase(it);
      },
  };
}

struct ActorTest : ::testing::Test {
  test::TmpDir dir;
  std::unique_ptr<EventLog> log;
  std::unique_ptr<StateStore> store;
  ManualClock clock{1'790'000'000'000};
  Services svc;
  caf::actor_system_config cfg;
  std::unique_ptr<caf::actor_system> sys;
  caf::scheduler::test_coordinator* sched = nullptr;

  ActorTest() {
    EventLog::Options o;
    o.dir = dir.str();
    o.fsync = false;
    log = std::move(*EventLog::open(o));
    store = std::move(*StateStore::open(*log, {}));
    svc.store = store.get();
    svc.clock = &clock;
    svc.ids = std::make_shared<CounterIds>();
    svc.normalize = [](std::string_view text, MemoryKind, std::optional<Millis>) {
      Claim c;
      c.subject = "user";
      c.subject_kind = SubjectKind::present;
      c.domain = std::string(text).find("Honda") != std::string::npos ? "cars" : "general";
      return c;
    };
    svc.candidates = [this](const Incoming& in, bool) {
      std::vector<Candidate> out;
      store->read([&](const State& s) {
        for (const auto& id : s.user_memories(in.user)) {
          const Memory* m = s.memory(id);
          if (m && !m->deleted() && !m->superseded()) out.push_back({id, 0.9});
        }
        return 0;
      });
      return out;
    };
    // Embedded stand-in: texts mentioning "hate" contradict, LOW confidence
    // (so cascade mode asks the LLM); equal texts are duplicates.
    svc.judge = [](const Memory& existing, const Incoming& in) {
      Assessment a;
      a.existing_id = existing.id;
      if (existing.text == in.text) {
        a.classification = Classification::duplicate;
        a.tier = ConfidenceTier::high;
        a.confidence = 0.95;
      } else if (in.text.find("hate") != std::string::npos ||
                 existing.text.find("hate") != std::string::npos) {
        a.classification = Classification::true_contradiction;
        a.tier = ConfidenceTier::low;
        a.confidence = 0.4;
      } else {
        a.classification = Classification::compatible;
        a.tier = ConfidenceTier::high;
        a.confidence = 0.9;
      }
      return a;
    };
    svc.append = [this](std::vector<Event> evs, StateStore::SubmitCallback done) {
      done(store->submit(std::move(evs)));
    };
    svc.mode = ClassifierMode::cascade;
    svc.deadline = 600ms;
    cfg.set("scheduler.policy", caf::atom("testing"));
    sys = std::make_unique<caf::actor_system>(cfg);
    sched = &dynamic_cast<caf::scheduler::test_coordinator&>(sys->scheduler());
  }
  std::vector<caf::actor> spawned;

  /// Actors with timers (drift, decay) stay alive until told to exit.
  template <class F, class... Ts>
  caf::actor spawn(F f, Ts&&... xs) {
    auto a = sys->spawn(f, std::forward<Ts>(xs)...);
    spawned.push_back(a);
    return a;
  }

  ~ActorTest() override {
    for (auto& a : spawned) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
    spawned.clear();
    sched->run();
    sys.reset();
  }

  void add_memory(const std::string& id, const std::string& text) {
    Memory m;
    m.id = id;
    m.user = "alice";
    m.text = text;
    m.claim = svc.normalize(text, MemoryKind::trait, std::nullopt);
    m.created_at = clock.now();
    ASSERT_TRUE(store->submit({events::memory_added(m, clock.now())}));
  }

  template <class Reply, class Command>
  std::shared_ptr<std::optional<Reply>> ask(caf::actor target, Command cmd) {
    auto out = std::make_shared<std::optional<Reply>>();
    sys->spawn([=](caf::event_based_actor* self) -> caf::behavior {
      self->request(target, caf::infinite, cmd).then([=](Reply& r) {
        *out = std::move(r);
        self->quit();
      });
      return {[](int) {}};
    });
    return out;
  }

  std::size_t pending_count() {
    return store->read([](const State& s) { return s.pending_all().size(); });
  }
};

}  // namespace

TEST_F(ActorTest, ClassifierAnswerAt599msArrivesBeforeThe600msDeadline) {
  add_memory("honda", "I like Honda");
  auto drift = spawn(drift_actor, &svc);
  auto classifier = spawn(fake_classifier, &svc, 599ms, drift);
  auto ingestion = spawn(ingestion_actor, &svc, classifier);
  auto reply = ask<MessageReply>(ingestion, MessageCommand{"alice", "I hate Honda", std::nullopt, nullptr});
  sched->run();
  EXPECT_FALSE(reply->has_value()) << "waits for the classifier";
  sched->advance_time(599ms);
  sched->run();
  ASSERT_TRUE(reply->has_value());
  const MessageReply& r = **reply;
  EXPECT_FALSE(r.error.has_value());
  EXPECT_FALSE(r.deferred);
  EXPECT_DOUBLE_EQ(r.elapsed_ms, 599.0);
  ASSERT_EQ(r.outcome.contradictions.size(), 1u);
  EXPECT_EQ(pending_count(), 0u) << "nothing deferred";
  store->read([&](const State& s) {
    const Uncertainty* u = s.uncertainty(r.outcome.contradictions[0].uncertainty_id);
    EXPECT_NE(u, nullptr);
    EXPECT_EQ(u->reasoning, "llm says both cannot hold") << "the LLM verdict decided it";
    return 0;
  });
}

TEST_F(ActorTest, ClassifierAnswerAt601msIsDeferredAndAppliedByDriftWhenItArrives) {
  add_memory("honda", "I like Honda");
  auto drift = spawn(drift_actor, &svc);
  auto classifier = spawn(fake_classifier, &svc, 601ms, drift);
  auto ingestion = spawn(ingestion_actor, &svc, classifier);
  auto reply = ask<MessageReply>(ingestion, MessageCommand{"alice", "I hate Honda", std::nullopt, nullptr});
  sched->run();
  sched->advance_time(600ms);
  sched->run();
  ASSERT_TRUE(reply->has_value()) << "answered at the deadline";
  EXPECT_TRUE((*reply)->deferred);
  EXPECT_DOUBLE_EQ((*reply)->elapsed_ms, 600.0);
  EXPECT_TRUE((*reply)->outcome.contradictions.empty());
  EXPECT_EQ(pending_count(), 1u) << "a classification.deferred event was logged";
  // The late answer (at 601 ms) is not thrown away: drift applies it.
  sched->advance_time(1ms);
  sched->run();
  EXPECT_EQ(pending_count(), 0u);
  store->read([&](const State& s) {
    std::size_t records = 0;
    for (const auto& [id, u] : s.uncertainties()) {
      ++records;
      EXPECT_EQ(u.reasoning, "llm says both cannot hold");
      EXPECT_EQ(u.detection_context, DetectionContext::ingestion);
    }
    EXPECT_EQ(records, 1u);
    EXPECT_EQ(s.memory("honda")->reliability, Reliability::contradicted);
    return 0;
  });
  std::size_t deferred = 0, completed = 0;
  ASSERT_TRUE(log->scan(1, [&](const Event& e) {
    deferred += e.type == events::kClassificationDeferred;
    completed += e.type == events::kClassificationCompleted;
    return true;
  }));
  EXPECT_EQ(deferred, 1u);
  EXPECT_EQ(completed, 1u);
}

TEST_F(ActorTest, PerRequestDeadlineOverridesTheDefault) {
  add_memory("honda", "I like Honda");
  auto classifier = spawn(fake_classifier, &svc, 150ms, caf::actor{});
  auto ingestion = spawn(ingestion_actor, &svc, classifier);
  auto reply = ask<MessageReply>(ingestion, MessageCommand{"alice", "I hate Honda", 100ms, nullptr});
  sched->run();
  sched->advance_time(100ms);
  sched->run();
  ASSERT_TRUE(reply->has_value());
  EXPECT_TRUE((*reply)->deferred);
}

TEST_F(ActorTest, EmbeddedModeNeverWaits) {
  svc.mode = ClassifierMode::embedded;
  add_memory("honda", "I like Honda");
  auto classifier = spawn(fake_classifier, &svc, 10s, caf::actor{});
  auto ingestion = spawn(ingestion_actor, &svc, classifier);
  auto reply = ask<MessageReply>(ingestion, MessageCommand{"alice", "I hate Honda", std::nullopt, nullptr});
  sched->run();
  ASSERT_TRUE(reply->has_value());
  EXPECT_FALSE((*reply)->deferred);
  EXPECT_DOUBLE_EQ((*reply)->elapsed_ms, 0.0);
  EXPECT_EQ((*reply)->outcome.contradictions.size(), 1u);
}

TEST_F(ActorTest, RequestsOfOneUserSeeEachOthersEffects) {
  svc.mode = ClassifierMode::embedded;
  auto ingestion = spawn(ingestion_actor, &svc, caf::actor{});
  WriteCommand w;
  w.request.memory.user = "alice";
  w.request.memory.text = "I live in Lyon";
  auto first = ask<WriteReply>(ingestion, w);
  auto second = ask<WriteReply>(ingestion, w);
  sched->run();
  ASSERT_TRUE(first->has_value() && second->has_value());
  EXPECT_EQ((*first)->outcome.action, WriteAction::add);
  EXPECT_EQ((*second)->outcome.action, WriteAction::noop) << "the second saw the first";
  EXPECT_EQ((*second)->outcome.memory_id, (*first)->outcome.memory_id);
}

TEST_F(ActorTest, ASinkIsAnsweredByTheWriterWithoutWaitingForTheActor) {
  // A caller waiting on a sink is answered as soon as its events are durable
  // and applied, from the writer's thread, not after the ingestion actor
  // gets round to the Appended message (it may be busy judging other users'
  // statements). The user's next command still waits for the actor's turn
  // and sees the first one's effects.
  svc.mode = ClassifierMode::embedded;
  std::vector<std::pair<std::vector<Event>, StateStore::SubmitCallback>> held;
  svc.append = [&](std::vector<Event> evs, StateStore::SubmitCallback done) {
    held.emplace_back(std::move(evs), std::move(done));  // the "writer" runs later
  };
  auto ingestion = spawn(ingestion_actor, &svc, caf::actor{});
  auto send_write = [&](const char* text) {
    WriteCommand w;
    w.request.memory.user = "alice";
    w.request.memory.text = text;
    w.sink = std::make_shared<ReplySink<WriteReply>>();
    auto sink = w.sink;
    caf::anon_send(ingestion, std::move(w));
    return sink;
  };
  auto first = send_write("I live in Lyon");
  sched->run();
  ASSERT_EQ(held.size(), 1u) << "the first write was judged and submitted";
  EXPECT_FALSE(first->wait_for(0ms).has_value()) << "not answered before it is durable";
  auto second = send_write("I live in Lyon");  // queued behind the first in the user's turn
  // The writer commits and applies; the actor does not run in between.
  auto [evs, done] = std::move(held.front());
  held.clear();
  done(store->submit(std::move(evs)));
  auto r1 = first->wait_for(0ms);
  ASSERT_TRUE(r1.has_value()) << "answered from the writer, the actor never ran";
  EXPECT_FALSE(r1->error);
  EXPECT_EQ(r1->outcome.action, WriteAction::add);
  EXPECT_FALSE(second->wait_for(0ms).has_value()) << "the next command waits for its turn";
  sched->run();  // Appended: the actor starts the user's next command
  ASSERT_EQ(held.size(), 1u) << "the duplicate reinforces the first";
  held.front().second(store->submit(std::move(held.front().first)));
  held.clear();
  auto r2 = second->wait_for(0ms);
  ASSERT_TRUE(r2.has_value());
  EXPECT_EQ(r2->outcome.action, WriteAction::noop) << "the second saw the first";
  EXPECT_EQ(r2->outcome.memory_id, r1->outcome.memory_id);

  // A failed commit is answered with its error the same way.
  auto third = send_write("I live in Paris");
  sched->run();
  ASSERT_EQ(held.size(), 1u);
  held.front().second(Expected<EventLog::CommitResult>(make_error(Errc::io_error, "disk full")));
  auto r3 = third->wait_for(0ms);
  ASSERT_TRUE(r3.has_value());
  ASSERT_TRUE(r3->error.has_value());
  EXPECT_EQ(r3->error->message, "disk full");
  sched->run();
}

TEST_F(ActorTest, SupervisorRestartsACrashedChildAndKeepsServing) {
  svc.mode = ClassifierMode::embedded;
  svc.drift_interval = std::chrono::hours(24);
  svc.decay_interval = std::chrono::hours(24);
  auto degraded = std::make_shared<std::atomic<bool>>(false);
  auto sup = spawn(supervisor_actor, &svc, SupervisorOptions{1, 5, 60s, nullptr}, degraded);
  sched->run();
  DecideCommand boom{"alice", [](const State&) -> Expected<std::vector<Event>> {
                       throw std::runtime_error("injected failure");
                     },
                     nullptr};
  auto crashed = std::make_shared<bool>(false);
  sys->spawn([=](caf::event_based_actor* self) -> caf::behavior {
    self->request(sup, caf::infinite, boom)
        .then([=](DecideReply& r) { *crashed = r.error.has_value(); },
              [=](caf::error&) { *crashed = true; });
    return {[](int) {}};
  });
  sched->run();
  EXPECT_TRUE(*crashed) << "the requester learns of the crash instead of waiting forever";
  WriteCommand w;
  w.request.memory.user = "alice";
  w.request.memory.text = "I like tea";
  auto after = ask<WriteReply>(sup, w);
  sched->run();
  ASSERT_TRUE(after->has_value()) << "a restarted ingestion actor answers";
  EXPECT_EQ((*after)->outcome.action, WriteAction::add);
  auto restarts = ask<std::uint64_t>(sup, stats_atom::value);
  sched->run();
  ASSERT_TRUE(restarts->has_value());
  EXPECT_EQ(**restarts, 1u);
  EXPECT_FALSE(degraded->load());
  caf::anon_send_exit(sup, caf::exit_reason::user_shutdown);
  sched->run();
}

TEST_F(ActorTest, ShardTablePublishesLiveShardsThatAnswerThroughASink) {
  // The HTTP workers send a user's commands straight to the shard in this
  // table and wait on a reply sink; a crashed shard is replaced in the table
  // and shutdown empties it (callers then go through the supervisor).
  svc.mode = ClassifierMode::embedded;
  svc.drift_interval = std::chrono::hours(24);
  svc.decay_interval = std::chrono::hours(24);
  auto degraded = std::make_shared<std::atomic<bool>>(false);
  auto table = std::make_shared<ShardTable>(2);
  auto sup = spawn(supervisor_actor, &svc, SupervisorOptions{2, 5, 60s, table}, degraded);
  sched->run();
  const caf::actor shard = table->pick("alice");
  ASSERT_TRUE(shard);
  EXPECT_TRUE(table->pick("alice") == shard) << "a user always maps to the same shard";

  WriteCommand w;
  w.request.memory.user = "alice";
  w.request.memory.text = "I like tea";
  w.sink = std::make_shared<ReplySink<WriteReply>>();
  auto sink = w.sink;
  caf::anon_send(shard, std::move(w));
  sched->run();
  auto reply = sink->wait_for(0ms);
  ASSERT_TRUE(reply.has_value()) << "the reply went to the sink";
  EXPECT_FALSE(reply->error);
  EXPECT_EQ(reply->outcome.action, WriteAction::add);

  DecideCommand boom{"alice",
                     [](const State&) -> Expected<std::vector<Event>> {
                       throw std::runtime_error("injected failure");
                     },
                     std::make_shared<ReplySink<DecideReply>>()};
  auto boom_sink = boom.sink;
  caf::anon_send(shard, std::move(boom));
  sched->run();
  auto crashed = boom_sink->wait_for(0ms);
  ASSERT_TRUE(crashed.has_value()) << "a crash answers the waiter instead of leaving it hanging";
  EXPECT_TRUE(crashed->error.has_value());
  const caf::actor restarted = table->pick("alice");
  ASSERT_TRUE(restarted) << "the restarted shard is published";
  EXPECT_TRUE(restarted != shard);

  caf::anon_send_exit(sup, caf::exit_reason::user_shutdown);
  sched->run();
  EXPECT_FALSE(table->pick("alice")) << "shutdown empties the table";
}

TEST_F(ActorTest, ConsolidationBacklogMovesItsCursorPastEventsThatAreNotConcepts) {
  // Each start and each consolidation request reads the log from this
  // cursor: it must not stay at the last concept while the log grows.
  for (int i = 0; i < 20; ++i) add_memory("m" + std::to_string(i), "fact " + std::to_string(i));
  EXPECT_EQ(log->cursor("consolidation"), 0u);
  auto out = consolidate_backlog(svc);
  EXPECT_TRUE(out.empty()) << "no concept to consolidate";
  EXPECT_EQ(log->cursor("consolidation"), log->head());
  add_memory("m20", "one more");
  (void)consolidate_backlog(svc);
  EXPECT_EQ(log->cursor("consolidation"), log->head());
}
