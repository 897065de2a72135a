// Pre-screen and vector index benchmarks (issue 4). See docs/benchmarks.md.
//
//   build/bench/credence_bench_index --memories 100000 --users 1
//   build/bench/credence_bench_index --memories 1000000 --users 1 --build-threads 2
//   build/bench/credence_bench_index --memories 1000000 --users 10000
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

#include "common/log.hpp"
#include "engine/events.hpp"
#include "engine/wordnet.hpp"
#include "store/memory_index.hpp"
#include "store/prescreen_service.hpp"

using namespace credence;
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
  std::vector<std::size_t> ef_sweep;  // --ef-sweep 32,64,128: recall and search time per ef
  std::string dir;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    const std::string v = argv[i + 1];
    if (k == "--memories") a.memories = std::stoul(v);
    else if (k == "--users") a.users = std::stoul(v);
    else if (k == "--queries") a.queries = std::stoul(v);
    else if (k == "--recall-queries") a.recall_queries = std::stoul(v);
    else if (k == "--build-threads") a.build_threads = std::stoul(v);
    else if (k == "--threshold") a.threshold = std::stoul(v);
    else if (k == "--ef-search") a.ef_search = std::stoul(v);
    else if (k == "--ef-construction") a.ef_construction = std::stoul(v);
    else if (k == "--m") a.hnsw_m = std::stoul(v);
    else if (k == "--ef-sweep") {
      std::size_t pos = 0;
      while (pos < v.size()) {
        auto comma = v.find(',', pos);
        if (comma == std::string::npos) comma = v.size();
        a.ef_sweep.push_back(std::stoul(v.substr(pos, comma - pos)));
        pos = comma + 1;
      }
    }
    else if (k == "--dir") a.dir = v;
    else {
      std::fprintf(stderr, "unknown flag %s\n", k.c_str());
      std::exit(2);
    }
  }
  return a;
}

// ---- synthetic memories --------------------------------------------------------

struct Vocab {
  std::vector<std::string> foods, artifacts, places, animals, topics, acts, roles;
  std::vector<std::string> meals = {"breakfast", "lunch", "dinner", "dessert", "a snack",
                                    "a picnic", "parties", "brunch"};
  std::vector<std::string> surnames = {"Smith", "Garcia", "Nakamura", "Okafor", "Novak",
                                       "Rossi", "Dubois", "Kowalski", "Silva", "Larsen",
                                       "Haddad", "Ivanova", "Murphy", "Schmidt", "Tanaka"};
  std::vector<std::string> names = {"Alex", "Sam", "Maria", "Jonas", "Priya", "Chen", "Fatima",
                                    "Lucas", "Emma", "Noah", "Aisha", "Kenji", "Olga", "Diego",
                                    "Sofia", "Liam", "Hana", "Omar", "Ines", "Mateo"};
  std::vector<std::string> relatives = {"mom", "dad", "sister", "brother", "aunt", "uncle",
                                        "grandmother", "cousin", "wife", "husband", "son",
                                        "daughter"};
  std::vector<std::string> companies, cities;
  std::vector<std::string> weekdays = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                                       "Saturday", "Sunday"};
  std::vector<std::string> envs = {"prod", "staging", "dev", "qa"};
  std::vector<std::string> colours = {"red", "blue", "green", "yellow", "purple", "orange",
                                      "black", "white", "teal", "grey"};
  std::vector<std::string> languages = {"Spanish", "German", "Japanese", "French", "Italian",
                                        "Korean", "Portuguese", "Mandarin", "Dutch", "Polish"};

  explicit Vocab(const WordNet& wn) {
    // Single-word WordNet nouns by lexicographer file.
    for (WordNet::SynsetId id = 0; id < wn.synset_count(); ++id) {
      const auto& s = wn.synset(id);
      if (s.pos != Pos::noun) continue;
      const std::string lex = WordNet::lexfile_name(s.lexfile);
      auto w = std::string(wn.word(id, 0));
      if (w.find('_') != std::string::npos || w.find('-') != std::string::npos || w.size() < 3)
        continue;
      if (lex == "noun.food") foods.push_back(w);
      else if (lex == "noun.artifact") artifacts.push_back(w);
      else if (lex == "noun.location") places.push_back(w);
      else if (lex == "noun.animal") animals.push_back(w);
      else if (lex == "noun.cognition") topics.push_back(w);
      else if (lex == "noun.act") acts.push_back(w);
      else if (lex == "noun.person") roles.push_back(w);
    }
    const char* a[] = {"Ac", "Glo", "Ini", "Um", "Hoo", "Vand", "Cyber", "Sto", "Wey", "Tyr",
                       "Soy", "Mass", "Oscor", "Pied", "Bluth", "Dun", "Wonka", "Nak", "Ves", "Kra"};
    const char* b[] = {"me", "bex", "tech", "brella", "li", "elay", "dyne", "rk", "land", "ell",
                       "lent", "ive", "p", "piper", "co", "der", "tomi", "atomi", "ark", "mer"};
    for (const char* x : a)
      for (const char* y : b) companies.push_back(std::string(x) + y);
    const char* c1[] = {"Ber", "Pa", "Lis", "Ma", "To", "Os", "Vi", "Pra", "Du", "Cai", "Li", "Ha",
                        "Mon", "Que", "Zu", "Ka", "Bo", "Se", "Ri", "Na"};
    const char* c2[] = {"lin", "ris", "bon", "drid", "kyo", "lo", "enna", "gue", "blin", "ro",
                        "ma", "noi", "treal", "bec", "rich", "bul", "gota", "oul", "ga", "irobi"};
    for (const char* x : c1)
      for (const char* y : c2) cities.push_back(std::string(x) + y);
  }
};

struct Generated {
  std::string text;
  MemoryKind kind;
  Claim claim;
};

Claim make_claim(std::string subject, std::string slot, std::vector<std::string> values,
                 int stance = 0) {
  Claim c;
  c.subject = std::move(subject);
  c.subject_kind = SubjectKind::present;
  c.slot = std::move(slot);
  for (auto& v : values) {
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char ch) { return std::tolower(ch); });
    c.values.push_back(v);
  }
  c.stance = stance;
  return c;
}

class Generator {
 public:
  Generator(const Vocab& v, std::uint64_t seed) : v_(v), rng_(seed) {}

  Generated next() {
    auto pick = [&](const std::vector<std::string>& xs) -> const std::string& {
      return xs[rng_() % xs.size()];
    };
    auto year = [&] { return std::to_string(1990 + rng_() % 36); };
    auto time = [&] {
      const auto m = rng_() % 4 * 15;
      return std::to_string(8 + rng_() % 11) + ":" + (m == 0 ? "00" : std::to_string(m));
    };
    switch (rng_() % 20) {
      case 0: { auto c = pick(v_.companies), r = pick(v_.roles); return {"I work at " + c + " as a " + r, MemoryKind::trait, make_claim("user", "employer", {c})}; }
      case 1: { auto c = pick(v_.cities); return {"I have lived in " + c + " since " + year(), MemoryKind::trait, make_claim("user", "residence", {c})}; }
      case 2: { auto r = pick(v_.relatives), c = pick(v_.cities); return {"My " + r + " lives in " + c + " near the " + pick(v_.places), MemoryKind::trait, make_claim(r, "residence", {c})}; }
      case 3: { auto f = pick(v_.foods); auto cl = make_claim("user", "preference", {f}, +1); cl.object = cl.values[0]; return {"I like " + f + " with " + pick(v_.foods), MemoryKind::trait, cl}; }
      case 4: { auto f = pick(v_.foods); auto cl = make_claim("user", "preference", {f}, -1); cl.object = cl.values[0]; return {"I don't like " + f + " for " + pick(v_.meals), MemoryKind::trait, cl}; }
      case 5: { auto a = pick(v_.artifacts); return {"I play the " + a + " every " + pick(v_.weekdays), MemoryKind::trait, make_claim("user", "hobby", {a})}; }
      case 6: { auto c = pick(v_.colours); return {"My favourite colour for a " + pick(v_.artifacts) + " is " + c, MemoryKind::trait, make_claim("user", "favourite_colour", {c})}; }
      case 7: { auto a = pick(v_.animals), n = pick(v_.names); return {"I have a " + a + " named " + n, MemoryKind::trait, make_claim("user", "pet", {a})}; }
      case 8: { auto r = pick(v_.relatives), d = pick(v_.weekdays); return {"My " + r + "'s birthday party is on " + d + " at the " + pick(v_.places), MemoryKind::episode, make_claim(r, "birthday", {d})}; }
      case 9: { auto f = pick(v_.foods); return {"I have been allergic to " + f + " since " + year(), MemoryKind::trait, make_claim("user", "allergy", {f})}; }
      case 10: { auto a = pick(v_.artifacts), p = std::to_string(1000 + rng_() % 9000); return {"The " + a + " service runs on port " + p, MemoryKind::concept_, make_claim(a + " service", "port", {p})}; }
      case 11: { auto e = pick(v_.envs), n = pick(v_.names); return {"Deploys of the " + pick(v_.artifacts) + " to " + e + " need approval from " + n, MemoryKind::concept_, make_claim("deploys to " + e, "approver", {n})}; }
      case 12: { auto d = pick(v_.weekdays); return {"My dentist appointment is on " + d + " at " + time() + " with Dr. " + pick(v_.names), MemoryKind::episode, make_claim("user", "dentist_appointment", {d})}; }
      case 13: { auto l = pick(v_.languages); return {"I am learning " + l + " for my trip to " + pick(v_.cities), MemoryKind::trait, make_claim("user", "learning", {l})}; }
      case 14: { auto a = pick(v_.artifacts), t = pick(v_.topics); return {"Our team uses the " + a + " for " + t, MemoryKind::concept_, make_claim("team", "tool", {a})}; }
      case 15: { auto p = pick(v_.places), r = pick(v_.relatives), a = pick(v_.acts); Generated g{"Yesterday I went to the " + p + " with my " + r + " for a " + a, MemoryKind::episode, {}}; return g; }
      case 16: { auto n = pick(v_.names), p = pick(v_.places), t = pick(v_.topics); Generated g{"On " + pick(v_.weekdays) + " I met " + n + " at the " + p + " to talk about " + t, MemoryKind::episode, {}}; return g; }
      case 17: { auto t = pick(v_.topics); Generated g{"I read a book about " + t + " by " + pick(v_.names) + " " + pick(v_.surnames), MemoryKind::episode, {}}; return g; }
      case 18: { auto f = pick(v_.foods), c = pick(v_.cities); return {"The best " + f + " in town is served in " + c, MemoryKind::concept_, make_claim(f, "best_place", {c})}; }
      default: { auto a = pick(v_.artifacts); return {"I am saving money to buy a " + a + " in " + year(), MemoryKind::trait, make_claim("user", "goal", {a})}; }
    }
  }

 private:
  const Vocab& v_;
  std::mt19937_64 rng_;
};

/// CPU time of this thread in microseconds (excludes time spent preempted,
/// which dominates wall-clock tails on a busy machine).
double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

std::string user_name(std::size_t i) { return "user_" + std::to_string(i); }

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  log::configure({"warn", false});
  namespace fs = std::filesystem;
  const fs::path root = args.dir.empty() ? fs::temp_directory_path() /
                                               ("credence-index-bench-" + std::to_string(::getpid()))
                                         : fs::path(args.dir);
  fs::remove_all(root);
  fs::create_directories(root);
  std::printf("# index bench: %zu memories, %zu users, threshold %zu, M %zu, ef_construction %zu, "
              "ef_search %zu, build threads %zu\n",
              args.memories, args.users, args.threshold, args.hnsw_m, args.ef_construction,
              args.ef_search, args.build_threads);

  auto wn = WordNet::load();
  if (!wn) {
    std::fprintf(stderr, "WordNet: %s\n", wn.error().message.c_str());
    return 1;
  }
  const Vocab vocab(**wn);
  auto embedder = std::make_shared<HashEmbedder>(384, *wn);

  // ---- the data directory -----------------------------------------------------
  EventLog::Options lo;
  lo.dir = (root / "db").string();
  lo.fsync = false;
  auto log = std::move(*EventLog::open(lo));
  StateStore::Options so;
  so.start_flusher = false;
  auto state = std::move(*StateStore::open(*log, so));
  {
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
    std::printf("state: %zu memories submitted through the StateStore in %.1f s\n", args.memories,
                seconds_since(t0));
  }
  malloc_trim(0);

  // ---- build ---------------------------------------------------------------------
  MemoryIndex::Options mo;
  mo.dir = (root / "index").string();
  mo.index.hnsw_threshold = args.threshold;
  mo.index.ef_search = args.ef_search;
  mo.index.ef_construction = args.ef_construction;
  mo.index.build_threads = args.build_threads;
  mo.index.hnsw_m = args.hnsw_m;
  mo.save_interval = std::chrono::seconds(0);
  mo.fsync = false;
  const double rss_before = rss_mb();
  auto t0 = Steady::now();
  auto index = std::move(*MemoryIndex::open(*state, embedder, mo));
  const double build_s = seconds_since(t0);
  malloc_trim(0);
  const double rss_after = rss_mb();
  auto stats = index->index().stats();
  std::printf("build: %zu vectors (%zu HNSW partitions of %zu) in %.1f s = %.0f memories/s "
              "(hash embedding + indexing)\n",
              stats.vectors, stats.hnsw_partitions, stats.partitions, build_s,
              static_cast<double>(stats.vectors) / build_s);
  std::printf("memory: index RSS +%.0f MiB = %.0f MiB per 1,000,000 memories (vectors alone: "
              "%.0f MiB per 1,000,000)\n",
              rss_after - rss_before,
              (rss_after - rss_before) * 1e6 / static_cast<double>(std::max<std::size_t>(1, stats.vectors)),
              384.0 * 4 * 1e6 / (1024 * 1024));

  // ---- latency -------------------------------------------------------------------
  Prescreen prescreen(*index, *state, Prescreen::Options{});
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
    const double us = std::chrono::duration<double, std::micro>(Steady::now() - s0).count();
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
  std::printf("prescreen latency over %zu statements (us): p50 %.0f  p99 %.0f  max %.0f   "
              "[embed p50 %.0f p99 %.0f | search p50 %.0f p99 %.0f | filter p50 %.0f p99 %.0f]\n",
              args.queries, percentile(total_us, 0.5), percentile(total_us, 0.99),
              percentile(total_us, 1.0), percentile(embed_us, 0.5), percentile(embed_us, 0.99),
              percentile(search_us, 0.5), percentile(search_us, 0.99), percentile(filter_us, 0.5),
              percentile(filter_us, 0.99));
  std::printf("prescreen CPU time per statement (us): p50 %.0f  p99 %.0f  max %.0f\n",
              percentile(cpu_us, 0.5), percentile(cpu_us, 0.99), percentile(cpu_us, 1.0));
  std::printf("prescreen output: %.2f neighbours above the floor and %.2f candidate pairs per "
              "statement on average\n",
              static_cast<double>(neighbours) / static_cast<double>(args.queries),
              static_cast<double>(kept) / static_cast<double>(args.queries));

  // ---- recall --------------------------------------------------------------------
  auto recall = [&](std::size_t ef) {
    index->index().set_ef_search(ef);
    std::size_t strict = 0, tie_aware = 0, total = 0;
    std::vector<double> approx_us;
    Generator rq(vocab, 1234);
    std::mt19937_64 users(5);
    for (std::size_t q = 0; q < args.recall_queries; ++q) {
      auto g = rq.next();
      const std::string user = user_name(users() % args.users);
      auto v = *embedder->embed(g.text);
      VectorQuery vq;
      vq.k = 10;
      const auto a0 = Steady::now();
      auto approx = index->search(user, v, vq);
      approx_us.push_back(std::chrono::duration<double, std::micro>(Steady::now() - a0).count());
      vq.exact = true;
      auto exact = index->search(user, v, vq);
      if (!approx || !exact || exact->empty()) continue;
      std::set<std::string> truth;
      for (const auto& h : *exact) truth.insert(h.id);
      const float tenth = exact->back().similarity;
      for (const auto& h : *approx) {
        strict += truth.count(h.id);
        tie_aware += (truth.count(h.id) || h.similarity >= tenth - 1e-6f) ? 1 : 0;
      }
      total += exact->size();
    }
    std::printf("recall@10 vs exact, ef_search %zu, %zu statements (all kinds): %.4f (ids) / "
                "%.4f (ties at the 10th similarity count as hits); search p50 %.0f us p99 %.0f "
                "us\n",
                ef, args.recall_queries, static_cast<double>(strict) / static_cast<double>(total),
                static_cast<double>(tie_aware) / static_cast<double>(total),
                percentile(approx_us, 0.5), percentile(approx_us, 0.99));
  };
  recall(args.ef_search);
  for (std::size_t ef : args.ef_sweep) recall(ef);
  index->index().set_ef_search(args.ef_search);

  // ---- persistence ---------------------------------------------------------------
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
    std::printf("persistence: saved %.0f MiB in %.1f s, loaded (hashes checked) in %.1f s\n",
                static_cast<double>(bytes) / (1024 * 1024), save_s, load_s);
  }
  state.reset();
  log.reset();
  if (args.dir.empty()) fs::remove_all(root);
  return 0;
}
