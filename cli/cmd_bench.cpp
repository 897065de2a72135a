// `credence bench ingest`: the actor pipeline under load without HTTP
// (issue 6's ingestion figure). Starts the daemon's pipeline in process on a
// data directory (event log, state, vector index, pre-screen, actors; no
// listener), fills it through the ingestion actors to --fill live memories if
// it has fewer, then runs --clients closed-loop callers that each send a
// message (or a memory write), wait for the reply and send the next, for
// --seconds. Prints throughput, latency percentiles and CPU per request.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/setup.hpp"
#include "server/daemon.hpp"

namespace credence::cli {

namespace {

using Clock = std::chrono::steady_clock;

// The statements of bench/http/post.lua, so the HTTP and in-process figures
// run the same work.
constexpr const char* kThings[] = {"paris",  "honda", "tea",    "coffee",     "acme",
                                   "globex", "python", "rust",  "berlin",     "tokyo",
                                   "tennis", "jazz",  "vegetables", "cats",   "the gym"};
constexpr const char* kForms[] = {"I like %s",
                                  "I hate %s",
                                  "I work at %s",
                                  "I live in %s",
                                  "I moved to %s last month",
                                  "I no longer like %s",
                                  "My favorite is %s",
                                  "I switched from tea to %s",
                                  "I sometimes enjoy %s at the weekend",
                                  "I have never been to %s"};
constexpr std::size_t kNumThings = sizeof(kThings) / sizeof(kThings[0]);
constexpr std::size_t kNumForms = sizeof(kForms) / sizeof(kForms[0]);

struct Statement {
  std::string user;
  std::string text;
};

/// Request `n` of client `tid` (as post.lua numbers them: unique texts, every
/// user visited).
Statement statement(std::uint64_t n, std::uint64_t tid, std::uint64_t users, const char* prefix) {
  const std::uint64_t k = n * 64 + tid;
  char text[160];
  std::snprintf(text, sizeof text, kForms[k % kNumForms], kThings[(k * 31) % kNumThings]);
  char full[256];
  std::snprintf(full, sizeof full, "%s (%s %" PRIu64 ")", text, prefix, k);
  return {"user" + std::to_string((n * 7 + tid * 131) % users), full};
}

double cpu_seconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

struct RunResult {
  std::uint64_t ok = 0, errors = 0;
  /// Per reply: candidate pairs judged, contradictions recorded, temporal
  /// changes applied (messages only).
  std::uint64_t candidates = 0, contradictions = 0, auto_resolved = 0;
  double seconds = 0, cpu = 0;
  std::vector<std::uint32_t> latencies_us;
};

/// `clients` callers, each sending requests back to back until `stop`.
/// `varied` false numbers the requests in one sequence, as wrk's single
/// thread does with bench/http/post.lua (the same statements in the same
/// order as bench/http_load.sh); true numbers each caller's own, as wrk
/// threads would (every user then says every kind of statement, so far more
/// of them conflict).
RunResult run(Daemon& d, bool messages, std::size_t clients, bool varied, std::uint64_t users,
              const char* prefix, std::chrono::duration<double> length,
              const std::function<bool(const RunResult&)>& stop_early, bool progress) {
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> shared_n{0};
  std::atomic<std::uint64_t> done{0}, failed{0}, cands{0}, contra{0}, resolved{0};
  std::vector<std::vector<std::uint32_t>> lat(clients);
  std::vector<std::thread> threads;
  const double cpu0 = cpu_seconds();
  const auto t0 = Clock::now();
  for (std::size_t t = 0; t < clients; ++t) {
    threads.emplace_back([&, t] {
      auto& mine = lat[t];
      for (std::uint64_t own = 1; !stop.load(std::memory_order_relaxed); ++own) {
        Statement s = varied ? statement(own, t, users, prefix)
                             : statement(shared_n.fetch_add(1) + 1, 0, users, prefix);
        const auto a = Clock::now();
        bool good;
        if (messages) {
          MessageCommand cmd;
          cmd.user = std::move(s.user);
          cmd.text = std::move(s.text);
          auto r = d.message(std::move(cmd));
          good = r && !r->error;
          if (good) {
            cands.fetch_add(r->candidates, std::memory_order_relaxed);
            contra.fetch_add(r->outcome.contradictions.size(), std::memory_order_relaxed);
            resolved.fetch_add(r->outcome.auto_resolved.size(), std::memory_order_relaxed);
          }
        } else {
          WriteCommand cmd;
          Memory& m = cmd.request.memory;
          m.user = std::move(s.user);
          m.text = std::move(s.text);
          m.kind = MemoryKind::trait;
          m.source = Source::explicit_;
          m.confidence = 0.9;
          m.importance = 0.5;
          cmd.request.guarded = true;
          auto r = d.write(std::move(cmd));
          good = r && !r->error;
        }
        mine.push_back(static_cast<std::uint32_t>(
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - a).count()));
        (good ? done : failed).fetch_add(1, std::memory_order_relaxed);
      }
    });
  }
  RunResult res;
  auto last = t0;
  while (Clock::now() - t0 < length) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    res.ok = done.load();
    if (stop_early && stop_early(res)) break;
    if (progress && Clock::now() - last >= std::chrono::seconds(5)) {
      last = Clock::now();
      std::fprintf(stderr, "bench: %.0f s, %" PRIu64 " requests\n",
                   std::chrono::duration<double>(last - t0).count(), res.ok);
    }
  }
  stop = true;
  for (auto& th : threads) th.join();
  res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  res.cpu = cpu_seconds() - cpu0;
  res.ok = done.load();
  res.errors = failed.load();
  res.candidates = cands.load();
  res.contradictions = contra.load();
  res.auto_resolved = resolved.load();
  for (auto& v : lat) res.latencies_us.insert(res.latencies_us.end(), v.begin(), v.end());
  std::sort(res.latencies_us.begin(), res.latencies_us.end());
  return res;
}

double percentile_ms(const std::vector<std::uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto i = std::min(sorted.size() - 1,
                          static_cast<std::size_t>(p / 100.0 * static_cast<double>(sorted.size())));
  return sorted[i] / 1000.0;
}

}  // namespace

int cmd_bench_ingest(const Common& c, const BenchIngestOptions& o) {
  if (o.route != "messages" && o.route != "memories") {
    std::fprintf(stderr, "credence: --route must be messages or memories, got \"%s\"\n",
                 o.route.c_str());
    return 2;
  }
  if (o.clients < 1 || o.clients > 256) {
    std::fprintf(stderr, "credence: --clients must be in [1, 256]\n");
    return 2;
  }
  if (o.users < 1) {
    std::fprintf(stderr, "credence: --users must be at least 1\n");
    return 2;
  }
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  Daemon d(*cfg);
  if (auto st = d.start(false); !st) {
    std::fprintf(stderr, "credence: cannot start: %s\n", st.error().message.c_str());
    return 1;
  }
  // Fill through the same ingestion path (writes, judged and decided).
  for (int round = 1; d.live_memories() < o.fill; ++round) {
    std::fprintf(stderr, "bench: %zu live memories, filling to %zu\n", d.live_memories(),
                 static_cast<std::size_t>(o.fill));
    const std::string prefix = "fill" + std::to_string(round) + "-" +
                               std::to_string(Clock::now().time_since_epoch().count());
    const std::uint64_t target = o.fill;
    run(d, false, 16, o.varied, o.users, prefix.c_str(), std::chrono::seconds(30),
        [&](const RunResult&) { return d.live_memories() >= target; }, false);
  }
  const std::size_t before = d.live_memories();
  std::fprintf(stderr, "bench: %zu live memories; %zu clients send %s for %d s\n", before,
               static_cast<std::size_t>(o.clients), o.route.c_str(), o.seconds);
  const std::string prefix = "measure-" + std::to_string(Clock::now().time_since_epoch().count());
  RunResult r = run(d, o.route == "messages", o.clients, o.varied, o.users, prefix.c_str(),
                    std::chrono::seconds(o.seconds), nullptr, true);
  const std::size_t after = d.live_memories();
  const int rc = d.shutdown();
  const double n = static_cast<double>(r.ok + r.errors);
  std::printf("route %s\nmix %s\nclients %zu\nmemories_before %zu\nmemories_after %zu\n",
              o.route.c_str(), o.varied ? "varied" : "http", static_cast<std::size_t>(o.clients),
              before, after);
  std::printf("requests %" PRIu64 "\nerrors %" PRIu64 "\nseconds %.2f\nreq_per_s %.0f\n", r.ok,
              r.errors, r.seconds, n / r.seconds);
  for (double p : {50.0, 90.0, 99.0, 99.9})
    std::printf("p%g_ms %.2f\n", p, percentile_ms(r.latencies_us, p));
  std::printf("max_ms %.2f\n", r.latencies_us.empty() ? 0.0 : r.latencies_us.back() / 1000.0);
  std::printf("cpu_us_per_request %.0f\n", n > 0 ? r.cpu / n * 1e6 : 0.0);
  if (o.route == "messages" && r.ok > 0) {
    const double ok = static_cast<double>(r.ok);
    std::printf("candidates_per_message %.2f\ncontradictions_per_message %.3f\n"
                "auto_resolved_per_message %.3f\n",
                static_cast<double>(r.candidates) / ok, static_cast<double>(r.contradictions) / ok,
                static_cast<double>(r.auto_resolved) / ok);
  }
  return rc != 0 ? rc : (r.errors > 0 ? 1 : 0);
}

}  // namespace credence::cli
