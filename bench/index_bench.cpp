// Pre-screen and vector index benchmarks (issue 4). See docs/benchmarks.md.
//
//   build/bench/credence_bench_index --memories 100000 --users 1
//   build/bench/credence_bench_index --memories 1000000 --users 1
//   --build-threads 2 build/bench/credence_bench_index --memories 1000000
//   --users 10000
//
// Each run builds a real data directory: N synthetic but realistic memories
// (traits, concepts and episodes from 20 templates filled with WordNet
// nouns, names, companies, places, times and years, so that texts rarely
// repeat, each with the claim a normaliser would produce) are submitted
// through the StateStore; then
//   build    MemoryIndex::open rebuilds the index from the state (hash
//            embedder + exact partitions / HNSW), timed: the build rate,
//            and the resident memory it added;
//   latency  Prescreen::candidates (embed + search + claim filter) for fresh
//            statements of a random user, one at a time: p50 / p99 / max;
//            over traits and concepts (what a message searches), or with
//            --kinds drift over episodes too (the background pass);
//   recall   recall@10 of the index's search against exact search, on
//            fresh statements (strict ids, and counting ties at the 10th
//            similarity as hits);
//   persist  saving the index and loading it again.
#include <malloc.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "bench/synthetic_memories.hpp"
#include "common/log.hpp"
#include "engine/events.hpp"
#include "engine/text_terms.hpp"
#include "engine/wordnet.hpp"
#include "store/memory_index.hpp"
#include "store/prescreen_service.hpp"

using namespace credence;
using namespace credence::synthetic;
using Steady = std::chrono::steady_clock;

namespace {

double seconds_since(Steady::time_point t0) {
  return std::chrono::duration<double>(Steady::now() - t0).count();
}

double rss_mb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

struct Args {
  std::size_t memories = 100000;
  std::size_t users = 1;
  std::size_t queries = 2000;
  std::size_t recall_queries = 300;
  std::size_t build_threads = 1;
  std::size_t threshold = 2048;
  std::size_t ef_search = 128;
  std::size_t ef_construction = 200;
  std::size_t hnsw_m = 16;
  std::size_t term_postings = 256;
  std::vector<std::size_t>
      ef_sweep;  // --ef-sweep 32,64,128: recall and search time per ef
  std::string dir;
  bool reuse = false;  // --reuse 1: keep and reuse --dir (state + saved index)
  // --kinds ingestion (traits, concepts: what a message or write searches) or
  // drift (also episodes: what the background pass searches)
  std::string kinds = "ingestion";
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    const std::string v = argv[i + 1];
    if (k == "--memories")
      a.memories = std::stoul(v);
    else if (k == "--users")
      a.users = std::stoul(v);
    else if (k == "--queries")
      a.queries = std::stoul(v);
    else if (k == "--recall-queries")
      a.recall_queries = std::stoul(v);
    else if (k == "--build-threads")
      a.build_threads = std::stoul(v);
    else if (k == "--threshold")
      a.threshold = std::stoul(v);
    else if (k == "--ef-search")
      a.ef_search = std::stoul(v);
    else if (k == "--ef-construction")
      a.ef_construction = std::stoul(v);
    else if (k == "--m")
      a.hnsw_m = std::stoul(v);
    else if (k == "--term-postings")
      a.term_postings = std::stoul(v);
    else if (k == "--kinds")
      a.kinds = v;
    else if (k == "--ef-sweep") {
      std::size_t pos = 0;
      while (pos < v.size()) {
        auto comma = v.find(',', pos);
        if (comma == std::string::npos) comma = v.size();
        a.ef_sweep.push_back(std::stoul(v.substr(pos, comma - pos)));
        pos = comma + 1;
      }
    } else if (k == "--dir")
      a.dir = v;
    else if (k == "--reuse")
      a.reuse = v == "1";
    else {
      std::fprintf(stderr, "unknown flag %s\n", k.c_str());
      std::exit(2);
    }
  }
  return a;
}

/// CPU time of this thread in microseconds (excludes time spent preempted,
/// which dominates wall-clock tails on a busy machine).
double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 +
         static_cast<double>(ts.tv_nsec) / 1e3;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i =
      static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

std::string user_name(std::size_t i) {
  return "user_" + std::to_string(i);
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF,
               0);  // progress lines even when redirected
  const Args args = parse(argc, argv);
  log::configure({"warn", false});
  namespace fs = std::filesystem;
  const fs::path root =
      args.dir.empty()
          ? fs::temp_directory_path() /
                ("credence-index-bench-" + std::to_string(::getpid()))
          : fs::path(args.dir);
  const bool reuse = args.reuse && !args.dir.empty() &&
                     fs::exists(root / "index" / "meta.json");
  if (!reuse) fs::remove_all(root);
  fs::create_directories(root);
  std::printf(
      "# index bench: %zu memories, %zu users, threshold %zu, M %zu, "
      "ef_construction %zu, "
      "ef_search %zu, term_postings %zu, build threads %zu\n",
      args.memories, args.users, args.threshold, args.hnsw_m,
      args.ef_construction, args.ef_search, args.term_postings,
      args.build_threads);

  auto wn = WordNet::load();
  if (!wn) {
    std::fprintf(stderr, "WordNet: %s\n", wn.error().message.c_str());
    return 1;
  }
  const Vocab vocab(**wn);
  auto embedder = std::make_shared<HashEmbedder>(384, *wn);

  // ---- the data directory
  // -----------------------------------------------------
  EventLog::Options lo;
  lo.dir = (root / "db").string();
  lo.fsync = false;
  auto log = std::move(*EventLog::open(lo));
  StateStore::Options so;
  so.start_flusher = false;
  auto state = std::move(*StateStore::open(*log, so));
  if (!reuse) {
    const auto t0 = Steady::now();
    Generator gen(vocab, 42);
    std::vector<Event> batch;
    for (std::size_t i = 0; i < args.memories; ++i) {
      auto g = gen.next();
      Memory m;
      m.id = "mem_" + std::to_string(i);
      m.user = user_name(i % args.users);
      m.kind = g.kind;
      m.text = std::move(g.text);
      m.claim = std::move(g.claim);
      m.created_at = 1'700'000'000'000 + static_cast<Millis>(i);
      batch.push_back(events::memory_added(m, m.created_at));
      if (batch.size() == 2000 || i + 1 == args.memories) {
        if (auto r = state->submit(std::move(batch)); !r) {
          std::fprintf(stderr, "submit: %s\n", r.error().message.c_str());
          return 1;
        }
        batch.clear();
      }
    }
    std::printf(
        "state: %zu memories submitted through the StateStore in %.1f s\n",
        args.memories, seconds_since(t0));
  }
  malloc_trim(0);

  // ---- the hash embedder alone
  // ----------------------------------------------------
  {
    Generator gen(vocab, 4242);
    std::vector<std::string> texts;
    for (int i = 0; i < 20000; ++i) texts.push_back(gen.next().text);
    const auto t0 = Steady::now();
    auto e = embedder->embed_batch(texts);
    const double s = seconds_since(t0);
    std::printf(
        "hash embedder: %zu texts in %.2f s = %.0f texts/s (%.1f us each, one "
        "thread)\n",
        texts.size(), s, static_cast<double>(texts.size()) / s,
        s * 1e6 / static_cast<double>(texts.size()));
  }

  // ---- build
  // ---------------------------------------------------------------------
  MemoryIndex::Options mo;
  mo.dir = (root / "index").string();
  mo.index.hnsw_threshold = args.threshold;
  mo.index.ef_search = args.ef_search;
  mo.index.ef_construction = args.ef_construction;
  mo.index.build_threads = args.build_threads;
  mo.index.hnsw_m = args.hnsw_m;
  mo.index.term_postings = args.term_postings;
  mo.save_interval = std::chrono::seconds(0);
  mo.fsync = false;
  const double rss_before = rss_mb();
  auto t0 = Steady::now();
  auto index = std::move(*MemoryIndex::open(*state, embedder, mo));
  const double build_s = seconds_since(t0);
  malloc_trim(0);
  const double rss_after = rss_mb();
  auto stats = index->index().stats();
  if (reuse)
    std::printf("(reused %s: the index below was loaded, not built)\n",
                root.c_str());
  std::printf(
      "build: %zu vectors (%zu HNSW partitions of %zu) in %.1f s = %.0f "
      "memories/s "
      "(hash embedding + indexing)\n",
      stats.vectors, stats.hnsw_partitions, stats.partitions, build_s,
      static_cast<double>(stats.vectors) / build_s);
  std::printf(
      "memory: index RSS +%.0f MiB = %.0f MiB per 1,000,000 memories (vectors "
      "alone: "
      "%.0f MiB per 1,000,000)\n",
      rss_after - rss_before,
      (rss_after - rss_before) * 1e6 /
          static_cast<double>(std::max<std::size_t>(1, stats.vectors)),
      384.0 * 4 * 1e6 / (1024 * 1024));

  // ---- latency
  // -------------------------------------------------------------------
  Prescreen::Options popts;
  if (args.kinds == "drift") popts.ingestion_kinds = popts.drift_kinds;
  Prescreen prescreen(*index, *state, popts);
  Generator queries(vocab, 7);
  std::mt19937_64 pick(99);
  std::vector<double> total_us, cpu_us, embed_us, search_us, filter_us;
  std::size_t kept = 0, neighbours = 0;
  const std::size_t warmup = 200;
  for (std::size_t q = 0; q < warmup + args.queries; ++q) {
    auto g = queries.next();
    const std::string user = user_name(pick() % args.users);
    const auto s0 = Steady::now();
    const double c0 = thread_cpu_us();
    auto r = prescreen.candidates(user, g.claim, g.text);
    const double cpu = thread_cpu_us() - c0;
    const double us =
        std::chrono::duration<double, std::micro>(Steady::now() - s0).count();
    if (!r) {
      std::fprintf(stderr, "prescreen: %s\n", r.error().message.c_str());
      return 1;
    }
    if (q < warmup) continue;
    total_us.push_back(us);
    cpu_us.push_back(cpu);
    embed_us.push_back(static_cast<double>(r->embed_time.count()));
    search_us.push_back(static_cast<double>(r->search_time.count()));
    filter_us.push_back(static_cast<double>(r->filter_time.count()));
    kept += r->candidates.size();
    neighbours += r->neighbours;
  }
  std::printf("prescreen kinds: %s\n", args.kinds == "drift" ? "traits, concepts, episodes (drift)"
                                                              : "traits, concepts (ingestion)");
  std::printf(
      "prescreen latency over %zu statements (us): p50 %.0f  p99 %.0f  max "
      "%.0f   "
      "[embed p50 %.0f p99 %.0f | search p50 %.0f p99 %.0f | filter p50 %.0f "
      "p99 %.0f]\n",
      args.queries, percentile(total_us, 0.5), percentile(total_us, 0.99),
      percentile(total_us, 1.0), percentile(embed_us, 0.5),
      percentile(embed_us, 0.99), percentile(search_us, 0.5),
      percentile(search_us, 0.99), percentile(filter_us, 0.5),
      percentile(filter_us, 0.99));
  std::printf(
      "prescreen CPU time per statement (us): p50 %.0f  p99 %.0f  max %.0f\n",
      percentile(cpu_us, 0.5), percentile(cpu_us, 0.99),
      percentile(cpu_us, 1.0));
  std::printf(
      "prescreen output: %.2f neighbours above the floor and %.2f candidate "
      "pairs per "
      "statement on average\n",
      static_cast<double>(neighbours) / static_cast<double>(args.queries),
      static_cast<double>(kept) / static_cast<double>(args.queries));

  // ---- recall
  // --------------------------------------------------------------------
  auto recall = [&](std::size_t ef) {
    index->index().set_ef_search(ef);
    // hybrid: graph + rare-term candidates (what the pre-screen uses);
    // graph: the HNSW walk alone.
    std::size_t strict[2] = {0, 0}, tie_aware[2] = {0, 0}, total = 0;
    std::vector<double> approx_us[2];
    Generator rq(vocab, 1234);
    std::mt19937_64 users(5);
    for (std::size_t q = 0; q < args.recall_queries; ++q) {
      auto g = rq.next();
      const std::string user = user_name(users() % args.users);
      auto v = *embedder->embed(g.text);
      VectorQuery vq;
      vq.k = 10;
      vq.exact = true;
      auto exact = index->search(user, v, vq);
      if (!exact || exact->empty()) continue;
      std::set<std::string> truth;
      for (const auto& h : *exact) truth.insert(h.id);
      const float tenth = exact->back().similarity;
      total += exact->size();
      for (int mode = 0; mode < 2; ++mode) {
        VectorQuery aq;
        aq.k = 10;
        if (mode == 0) aq.terms = text::terms(g.text);
        const auto a0 = Steady::now();
        auto approx = index->search(user, v, aq);
        approx_us[mode].push_back(
            std::chrono::duration<double, std::micro>(Steady::now() - a0)
                .count());
        if (!approx) continue;
        for (const auto& h : *approx) {
          strict[mode] += truth.count(h.id);
          tie_aware[mode] +=
              (truth.count(h.id) || h.similarity >= tenth - 1e-6f) ? 1 : 0;
        }
      }
    }
    const char* names[2] = {"hybrid (graph + rare terms)", "graph only"};
    for (int mode = 0; mode < 2; ++mode)
      std::printf(
          "recall@10 vs exact, ef_search %zu, %s, %zu statements, all kinds: "
          "%.4f "
          "(ids) / %.4f (ties at the 10th similarity count as hits); search "
          "p50 %.0f us "
          "p99 %.0f us\n",
          ef, names[mode], args.recall_queries,
          static_cast<double>(strict[mode]) / static_cast<double>(total),
          static_cast<double>(tie_aware[mode]) / static_cast<double>(total),
          percentile(approx_us[mode], 0.5), percentile(approx_us[mode], 0.99));
  };
  recall(args.ef_search);
  for (std::size_t ef : args.ef_sweep) recall(ef);
  index->index().set_ef_search(args.ef_search);

  // ---- persistence
  // ---------------------------------------------------------------
  {
    t0 = Steady::now();
    if (auto st = index->save(); !st) {
      std::fprintf(stderr, "save: %s\n", st.error().message.c_str());
      return 1;
    }
    const double save_s = seconds_since(t0);
    std::uintmax_t bytes = 0;
    for (const auto& f : fs::directory_iterator(mo.dir)) bytes += f.file_size();
    index.reset();
    t0 = Steady::now();
    auto again = MemoryIndex::open(*state, embedder, mo);
    const double load_s = seconds_since(t0);
    if (!again || (*again)->start_report().how != MemoryIndex::Start::loaded) {
      std::fprintf(stderr, "reload did not load the saved index\n");
      return 1;
    }
    std::printf(
        "persistence: saved %.0f MiB in %.1f s, loaded (hashes checked) in "
        "%.1f s\n",
        static_cast<double>(bytes) / (1024 * 1024), save_s, load_s);
  }
  state.reset();
  log.reset();
  if (args.dir.empty()) fs::remove_all(root);
  return 0;
}
