// Event log benchmarks (issue: Foundation). See docs/benchmarks.md.
//
//   build/bench/credence_bench_log --benchmark_filter=Append
//       append throughput, 200-byte payloads, OS-buffered and fsync-per-batch,
//       from concurrent single-event writers (group commit) and batch writers.
//   build/bench/credence_bench_log --generate DIR N [USERS]
//       writes N realistic memory events (plus reinforcements, accesses,
//       deletions) spread over USERS users (default 1000) into DIR through
//       the state store, for timing `credence replay --data-dir DIR` and
//       the daemon benchmarks (bench/http_load.sh).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <random>
#include <thread>

#include "common/ids.hpp"
#include "engine/events.hpp"
#include "store/event_log.hpp"
#include "store/state_store.hpp"

using namespace credence;

namespace {

std::string payload200() {
  std::string p = "{\"kind\":\"trait\",\"text\":\"";
  p += std::string(200 - p.size() - 2, 'x');
  p += "\"}";
  return p;
}

struct BenchDir {
  std::filesystem::path path;
  BenchDir() {
    path = std::filesystem::temp_directory_path() /
           ("credence-bench-" + std::to_string(std::random_device{}()));
  }
  ~BenchDir() { std::filesystem::remove_all(path); }
};

std::unique_ptr<EventLog> open(const BenchDir& d, bool fsync) {
  EventLog::Options o;
  o.dir = d.path.string();
  o.fsync = fsync;
  return std::move(*EventLog::open(o));
}

/// N writer threads, each appending one event per call: group commit merges them.
void BM_AppendConcurrentSingles(benchmark::State& state) {
  const bool fsync = state.range(0) != 0;
  const int writers = static_cast<int>(state.range(1));
  const std::string payload = payload200();
  std::int64_t total = 0;
  for (auto _ : state) {
    state.PauseTiming();
    BenchDir d;
    auto log = open(d, fsync);
    const int per_writer = fsync ? 2000 : 25000;
    state.ResumeTiming();
    std::vector<std::thread> ts;
    for (int w = 0; w < writers; ++w) {
      ts.emplace_back([&, w] {
        for (int i = 0; i < per_writer; ++i) {
          Event e;
          e.type = "bench.append";
          e.user = "u" + std::to_string(w);
          e.payload = payload;
          (void)log->append({std::move(e)});
        }
      });
    }
    for (auto& t : ts) t.join();
    total += static_cast<std::int64_t>(writers) * per_writer;
    state.PauseTiming();
    state.counters["events_per_batch"] =
        static_cast<double>(log->stats().events) / static_cast<double>(log->stats().batches);
    log.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(total);
  state.SetLabel(fsync ? "fsync per batch" : "OS-buffered");
}
BENCHMARK(BM_AppendConcurrentSingles)
    ->Args({0, 8})
    ->Args({1, 8})
    ->Args({1, 32})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

/// One writer appending batches of `range(1)` events per call.
void BM_AppendBatches(benchmark::State& state) {
  const bool fsync = state.range(0) != 0;
  const int batch = static_cast<int>(state.range(1));
  const std::string payload = payload200();
  std::int64_t total = 0;
  for (auto _ : state) {
    state.PauseTiming();
    BenchDir d;
    auto log = open(d, fsync);
    const int n = 200000;
    state.ResumeTiming();
    for (int i = 0; i < n; i += batch) {
      std::vector<Event> events(static_cast<std::size_t>(batch));
      for (auto& e : events) {
        e.type = "bench.append";
        e.user = "u";
        e.payload = payload;
      }
      (void)log->append(std::move(events));
    }
    total += n;
    state.PauseTiming();
    log.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(total);
  state.SetLabel(fsync ? "fsync per batch" : "OS-buffered");
}
BENCHMARK(BM_AppendBatches)
    ->Args({0, 256})
    ->Args({1, 256})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

int generate(const std::string& dir, long n, long users) {
  EventLog::Options o;
  o.dir = dir;
  o.fsync = false;
  auto log = EventLog::open(o);
  if (!log) {
    std::fprintf(stderr, "%s\n", log.error().message.c_str());
    return 1;
  }
  std::mt19937_64 rng(42);
  const char* slots[] = {"employer", "residence", "preference", "diet", "pet", "language"};
  const char* values[] = {"acme", "globex", "paris", "tokyo", "honda", "vegan", "dog", "french"};
  std::vector<std::string> ids;
  ids.reserve(static_cast<std::size_t>(n));
  std::vector<Event> batch;
  Millis t = 1'700'000'000'000;
  long written = 0;
  while (written < n) {
    Event e;
    const auto r = rng() % 100;
    const std::string user = "user" + std::to_string(rng() % static_cast<std::uint64_t>(users));
    if (r < 80 || ids.empty()) {
      Memory m;
      m.id = new_id("mem", t);
      m.user = user;
      m.kind = static_cast<MemoryKind>(rng() % 3);
      m.text = "I like " + std::string(values[rng() % 8]) + " and this is memory " +
               std::to_string(written);
      m.claim.subject = "user";
      m.claim.subject_kind = SubjectKind::present;
      m.claim.slot = slots[rng() % 6];
      m.claim.values = {values[rng() % 8]};
      m.claim.stance = 1;
      m.claim.keywords = {"like", m.claim.values[0]};
      m.created_at = t;
      ids.push_back(m.id);
      e = events::memory_added(m, t);
    } else if (r < 90) {
      e = events::memory_reinforced(user, ids[rng() % ids.size()], 0.95, t);
    } else if (r < 98) {
      e = events::memory_accessed(user, {ids[rng() % ids.size()]}, t);
    } else {
      e = events::memory_deleted(user, ids[rng() % ids.size()], DeleteReason::user, "", t);
    }
    batch.push_back(std::move(e));
    ++written;
    t += 7;
    if (batch.size() == 1000 || written == n) {
      if (auto res = (*log)->append(std::move(batch)); !res) {
        std::fprintf(stderr, "%s\n", res.error().message.c_str());
        return 1;
      }
      batch.clear();
    }
  }
  // Materialise the live state (so `replay --verify` has something to compare).
  auto ss = StateStore::open(**log, {std::chrono::milliseconds(200), 4096, false});
  if (!ss) {
    std::fprintf(stderr, "%s\n", ss.error().message.c_str());
    return 1;
  }
  std::printf("generated %ld events in %s (head %llu)\n", n, dir.c_str(),
              static_cast<unsigned long long>((*log)->head()));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 4 || argc == 5) && std::strcmp(argv[1], "--generate") == 0) {
    const long users = argc == 5 ? std::strtol(argv[4], nullptr, 10) : 1000;
    if (users < 1) {
      std::fprintf(stderr, "--generate DIR N [USERS]: USERS must be a positive integer\n");
      return 2;
    }
    return generate(argv[2], std::strtol(argv[3], nullptr, 10), users);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
