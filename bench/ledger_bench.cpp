// Uncertainty ledger benchmark (issue 8). See docs/benchmarks.md.
//
// Runs the workload of ../shared/bench/peer-ledger-bench.mjs (the published
// JavaScript ledger's benchmark) against the engine's in-memory
// UncertaintyLedger: same phases, same sizes, same seeded PRNG (mulberry32,
// seed 0xC0FFEE) drawn in the same order, so both process identical input.
//
//   build/bench/credence_bench_ledger              full sizes
//   build/bench/credence_bench_ledger --scale=0.1  everything scaled down
//   build/bench/credence_bench_ledger --fold       also time the event-sourced
//                                                  path (apply() of events)
//
// Phases (as the .mjs):
//   (a)  assert N_BELIEFS beliefs, each with one supporting item (w 0.8)
//   (b)  add N_EVIDENCE items spread uniformly at random over the beliefs
//        (70% supporting / 30% opposing, weight uniform in [0.05, 1))
//   (c)  aggregate N_AGG random sets of 10 ids (geometric mean)
//   (d)  chains of depth 10 over the first CHAIN_BELIEFS beliefs, each edge
//        parent -> child with weight 0.9 (credence: depends_on(child, parent))
//   (d2) the confidence chain from every leaf
//   (e)  decay_all(now + 1h) over every belief
// plus, on a fresh ledger:
//   (f)  50,000 items on ONE belief (the case that took the JS ledger 113 s)
// and with --fold, on a fresh State:
//   (g)  the same 100,000 assertions and 1,000,000 evidence items as
//        belief.* events folded by apply() (JSON decoding included)
//
// Peak memory is the process's VmHWM (/proc/self/status) after phase (e),
// comparable to the .mjs's maxRSS; the peak including (f) is printed too.
// LEDGER_BENCH_RSS=1 prints RSS after every phase (to stderr).
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "engine/ledger.hpp"
#include "engine/ledger_events.hpp"
#include "engine/state.hpp"

using namespace credence;

namespace {

/// mulberry32, bit-identical to the .mjs (uint32 arithmetic = Math.imul & |0).
class Mulberry32 {
 public:
  explicit Mulberry32(std::uint32_t seed) : s_(seed) {}
  double next() {
    s_ += 0x6d2b79f5u;
    std::uint32_t t = (s_ ^ (s_ >> 15)) * (1u | s_);
    t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
    return static_cast<double>(t ^ (t >> 14)) / 4294967296.0;
  }
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(std::floor(next() * n));
  }

 private:
  std::uint32_t s_;
};

double status_mib(const char* key);

struct Phase {
  std::string label;
  std::size_t ops;
  double ms;
};
std::vector<Phase> results;

template <class F>
void phase(const std::string& label, std::size_t ops, F&& fn) {
  const auto t0 = std::chrono::steady_clock::now();
  fn();
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  results.push_back({label, ops, ms});
  if (std::getenv("LEDGER_BENCH_RSS"))
    std::fprintf(stderr, "  rss=%.1f hwm=%.1f\n", status_mib("VmRSS:"), status_mib("VmHWM:"));
  std::printf("%-44s ops=%9zu  elapsed_ms=%10.1f  ops_per_s=%10.0f\n", label.c_str(), ops, ms,
              static_cast<double>(ops) / (ms / 1000.0));
  std::fflush(stdout);
}

double status_mib(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::size_t n = std::strlen(key);
  while (std::getline(in, line))
    if (line.compare(0, n, key) == 0) return std::stod(line.substr(n + 1)) / 1024.0;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  double scale = 1;
  bool fold = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--scale=", 8) == 0) {
      scale = std::atof(argv[i] + 8);
    } else if (std::strcmp(argv[i], "--fold") == 0) {
      fold = true;
    } else {
      std::fprintf(stderr, "usage: %s [--scale=X] [--fold]\n", argv[0]);
      return 2;
    }
  }
  const auto n_beliefs = static_cast<std::uint32_t>(std::lround(100'000 * scale));
  const auto n_evidence = static_cast<std::uint32_t>(std::lround(1'000'000 * scale));
  const auto n_agg = static_cast<std::uint32_t>(std::lround(10'000 * scale));
  const std::uint32_t agg_set = 10;
  const auto chain_beliefs = static_cast<std::uint32_t>(std::lround(10'000 * scale));
  const std::uint32_t chain_depth = 10;
  const std::uint32_t single_items = 50'000;
  const double rss_start = status_mib("VmRSS:");

  const Clock& clock = SystemClock::instance();
  UncertaintyLedger ledger(clock);
  UncertaintyAggregator agg(ledger);
  std::vector<std::string> ids(n_beliefs);
  const char* namespaces[] = {"auth", "data", "infra", "user", "tools", "prefs", "facts", "misc"};
  Mulberry32 rnd(0xC0FFEE);

  // (a)
  phase("(a) assert beliefs", n_beliefs, [&] {
    const Millis now = clock.now();
    Assertion a;
    a.evidence.resize(1);
    for (std::uint32_t i = 0; i < n_beliefs; ++i) {
      a.claim = "claim #" + std::to_string(i);
      a.ns = namespaces[i & 7];
      a.evidence[0] = Evidence{"init-" + std::to_string(i), "memory-read", true, 0.8, now};
      ids[i] = *ledger.assert_belief(a);
    }
  });

  // (b) evidence generated outside the timed region, as in the .mjs
  std::vector<std::uint32_t> ev_targets(n_evidence);
  std::vector<double> ev_weights(n_evidence);
  std::vector<std::uint8_t> ev_supports(n_evidence);
  for (std::uint32_t i = 0; i < n_evidence; ++i) {
    ev_targets[i] = rnd.below(n_beliefs);
    ev_weights[i] = 0.05 + 0.95 * rnd.next();
    ev_supports[i] = rnd.next() < 0.7 ? 1 : 0;
  }
  phase("(b) addEvidence", n_evidence, [&] {
    const Millis now = clock.now();
    Evidence e;
    e.source_type = "tool-output";
    e.timestamp = now;
    for (std::uint32_t i = 0; i < n_evidence; ++i) {
      e.source_id = "ev-" + std::to_string(i);
      e.supports = ev_supports[i] == 1;
      e.weight = ev_weights[i];
      (void)ledger.add_evidence(ids[ev_targets[i]], e);
    }
  });

  // (c)
  std::vector<std::vector<std::string>> agg_sets(n_agg);
  for (auto& s : agg_sets) {
    s.resize(agg_set);
    for (auto& id : s) id = ids[rnd.below(n_beliefs)];
  }
  double agg_sink = 0;
  phase("(c) aggregate sets of 10", n_agg, [&] {
    for (const auto& s : agg_sets) agg_sink += agg.aggregate(s);
  });

  // (d)
  const std::uint32_t n_chains = chain_beliefs / chain_depth;
  const std::uint32_t n_edges = n_chains * (chain_depth - 1);
  phase("(d) propagate " + std::to_string(n_chains) + " chains x depth 10 (edges)", n_edges, [&] {
    for (std::uint32_t c = 0; c < n_chains; ++c) {
      const std::uint32_t base = c * chain_depth;
      for (std::uint32_t k = 1; k < chain_depth; ++k)
        (void)ledger.depends_on(ids[base + k], ids[base + k - 1], 0.9);
    }
  });
  std::size_t chain_sink = 0;
  phase("(d2) getConfidenceChain from " + std::to_string(n_chains) + " leaves", n_chains, [&] {
    for (std::uint32_t c = 0; c < n_chains; ++c)
      chain_sink += ledger.confidence_chain(ids[c * chain_depth + chain_depth - 1])->size();
  });
  if (chain_sink != static_cast<std::size_t>(n_chains) * chain_depth) {
    std::fprintf(stderr, "unexpected chain length sum %zu\n", chain_sink);
    return 1;
  }

  // (e)
  std::size_t decayed = 0;
  phase("(e) decayAll (beliefs visited)", ledger.size(),
        [&] { decayed = ledger.decay_all(clock.now() + 3'600'000); });

  // Peak over phases (a)-(e): what the .mjs reports.
  const double peak = status_mib("VmHWM:");

  // (f) one belief, 50,000 items
  {
    UncertaintyLedger single(clock);
    Assertion a;
    a.claim = "one belief";
    a.ns = "misc";
    a.evidence = {Evidence{"init-0", "memory-read", true, 0.8, clock.now()}};
    const std::string id = *single.assert_belief(a);
    Mulberry32 r2(0xC0FFEE);
    std::vector<double> w(single_items);
    std::vector<std::uint8_t> sup(single_items);
    for (std::uint32_t i = 0; i < single_items; ++i) {
      w[i] = 0.05 + 0.95 * r2.next();
      sup[i] = r2.next() < 0.7 ? 1 : 0;
    }
    phase("(f) 50,000 items on one belief", single_items, [&] {
      Evidence e;
      e.source_type = "tool-output";
      e.timestamp = clock.now();
      for (std::uint32_t i = 0; i < single_items; ++i) {
        e.source_id = "ev-" + std::to_string(i);
        e.supports = sup[i] == 1;
        e.weight = w[i];
        (void)single.add_evidence(id, e);
      }
    });
    std::printf("single belief: %s point=%.17g items=%llu\n",
                to_string(single.get(id)->status), single.get(id)->confidence.point,
                static_cast<unsigned long long>(single.get(id)->evidence_count()));
  }

  std::printf("peak_rss_mib=%.1f (phases a-e)  peak_rss_mib_with_f=%.1f  start_rss_mib=%.1f  "
              "beliefs=%zu  decayed=%zu  scale=%g  (aggSink=%.3f)\n",
              peak, status_mib("VmHWM:"), rss_start, ledger.size(), decayed, scale, agg_sink);
  std::printf("JSON {\"scale\":%g,\"peakRssMiB\":%.1f,\"results\":[", scale, peak);
  for (std::size_t i = 0; i < results.size(); ++i)
    std::printf("%s{\"label\":\"%s\",\"ops\":%zu,\"ms\":%.3f}", i ? "," : "",
                results[i].label.c_str(), results[i].ops, results[i].ms);
  std::printf("]}\n");

  if (!fold) return 0;
  // (g) the event-sourced path: the same input as belief.* events.
  {
    const LedgerConfig config;
    State state;
    std::uint64_t seq = 0;
    const Millis now = clock.now();
    std::vector<std::string> fold_ids(n_beliefs);
    double apply_ms = 0;
    auto timed_apply = [&](std::vector<Event>& batch) {
      const auto t0 = std::chrono::steady_clock::now();
      for (auto& e : batch) (void)apply(state, e, nullptr);
      apply_ms +=
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      batch.clear();
    };
    std::vector<Event> batch;
    for (std::uint32_t i = 0; i < n_beliefs; ++i) {
      Assertion a;
      a.id = new_belief_id(now);
      a.claim = "claim #" + std::to_string(i);
      a.ns = namespaces[i & 7];
      a.evidence = {Evidence{"init-" + std::to_string(i), "memory-read", true, 0.8, now}};
      fold_ids[i] = a.id;
      batch.push_back(events::belief_asserted("bench", a, config, now));
      batch.back().seq = ++seq;
      if (batch.size() == 10'000) timed_apply(batch);
    }
    timed_apply(batch);
    results.push_back({"(g1) fold belief.asserted events", n_beliefs, apply_ms});
    std::printf("%-44s ops=%9u  elapsed_ms=%10.1f  ops_per_s=%10.0f\n",
                "(g1) fold belief.asserted events", n_beliefs, apply_ms,
                n_beliefs / (apply_ms / 1000.0));
    apply_ms = 0;
    for (std::uint32_t i = 0; i < n_evidence; ++i) {
      const Evidence e{"ev-" + std::to_string(i), "tool-output", ev_supports[i] == 1,
                       ev_weights[i], now};
      batch.push_back(
          events::belief_evidence_added("bench", fold_ids[ev_targets[i]], e, config, now));
      batch.back().seq = ++seq;
      if (batch.size() == 10'000) timed_apply(batch);
    }
    timed_apply(batch);
    std::printf("%-44s ops=%9u  elapsed_ms=%10.1f  ops_per_s=%10.0f\n",
                "(g2) fold belief.evidence_added events", n_evidence, apply_ms,
                n_evidence / (apply_ms / 1000.0));
    std::printf("fold: beliefs=%zu\n", state.ledger().size());
  }
  return 0;
}
