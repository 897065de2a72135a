// `credence eval`: measures the judge on labelled data.
//   --format pairs         memory pairs (tests/data/pairs_dev.jsonl): the
//                          memory view, seven labels, conflict detection, false blocks
//   --format sick          SICK TSV (A premise, B hypothesis): the NLI view
//   --format breaking-nli  Breaking NLI JSON lines: the NLI view, per category
// Text report on stdout, the same figures as JSON with --json OUT, progress
// on stderr.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/judge_io.hpp"
#include "cli/setup.hpp"
#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/lexicon.hpp"
#include "engine/nli.hpp"
#include "engine/normalizer.hpp"
#include "engine/prescreen.hpp"
#include "net/embedders.hpp"
#include "store/prescreen_service.hpp"

namespace credence::cli {

namespace {

struct Confusion {
  std::vector<std::string> labels;
  std::vector<std::vector<long>> m;
  explicit Confusion(std::vector<std::string> l) : labels(std::move(l)), m(labels.size(), std::vector<long>(labels.size(), 0)) {}
  void add(std::size_t gold, std::size_t pred) { ++m[gold][pred]; }
  long n() const {
    long s = 0;
    for (const auto& r : m)
      for (long x : r) s += x;
    return s;
  }
  double accuracy() const {
    long ok = 0;
    for (std::size_t i = 0; i < m.size(); ++i) ok += m[i][i];
    return n() ? static_cast<double>(ok) / static_cast<double>(n()) : 0;
  }
  struct Prf {
    double p = 0, r = 0, f = 0;
    long support = 0;
  };
  Prf prf(std::size_t k) const {
    long tp = m[k][k], pred = 0, gold = 0;
    for (std::size_t i = 0; i < m.size(); ++i) pred += m[i][k], gold += m[k][i];
    Prf out;
    out.support = gold;
    out.p = pred ? static_cast<double>(tp) / static_cast<double>(pred) : 0;
    out.r = gold ? static_cast<double>(tp) / static_cast<double>(gold) : 0;
    out.f = out.p + out.r > 0 ? 2 * out.p * out.r / (out.p + out.r) : 0;
    return out;
  }
  double macro_f1() const {
    double s = 0;
    int k = 0;
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (prf(i).support == 0) continue;
      s += prf(i).f;
      ++k;
    }
    return k ? s / k : 0;
  }
  void print(FILE* out) const {
    std::fprintf(out, "%-20s %9s %9s %9s %8s\n", "label", "precision", "recall", "f1", "support");
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const auto x = prf(i);
      std::fprintf(out, "%-20s %9.3f %9.3f %9.3f %8ld\n", labels[i].c_str(), x.p, x.r, x.f, x.support);
    }
    std::fprintf(out, "\nconfusion matrix (rows: gold, columns: predicted)\n%-20s", "");
    for (const auto& l : labels) std::fprintf(out, " %6.6s", l.c_str());
    std::fprintf(out, "\n");
    for (std::size_t i = 0; i < labels.size(); ++i) {
      std::fprintf(out, "%-20s", labels[i].c_str());
      for (std::size_t j = 0; j < labels.size(); ++j) std::fprintf(out, " %6ld", m[i][j]);
      std::fprintf(out, "\n");
    }
  }
  void write(JsonWriter& w) const {
    w.kv("n", n());
    w.kv("accuracy", accuracy());
    w.kv("macro_f1", macro_f1());
    w.key("per_class").begin_object();
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const auto x = prf(i);
      w.key(labels[i]).begin_object();
      w.kv("precision", x.p).kv("recall", x.r).kv("f1", x.f).kv("support", x.support);
      w.end_object();
    }
    w.end_object();
    w.key("confusion").begin_object();
    w.key("labels").begin_array();
    for (const auto& l : labels) w.value(l);
    w.end_array();
    w.key("matrix").begin_array();
    for (const auto& r : m) {
      w.begin_array();
      for (long x : r) w.value(x);
      w.end_array();
    }
    w.end_array();
    w.end_object();
  }
};

struct Binary {
  long tp = 0, fp = 0, fn = 0;
  double p() const { return tp + fp ? static_cast<double>(tp) / static_cast<double>(tp + fp) : 0; }
  double r() const { return tp + fn ? static_cast<double>(tp) / static_cast<double>(tp + fn) : 0; }
  double f() const { return p() + r() > 0 ? 2 * p() * r() / (p() + r()) : 0; }
};

std::vector<std::string> class_labels() {
  std::vector<std::string> v;
  for (int i = 0; i <= static_cast<int>(Classification::unrelated); ++i)
    v.emplace_back(to_string(static_cast<Classification>(i)));
  return v;
}

bool is_conflict(Classification c) {
  return c == Classification::true_contradiction || c == Classification::temporal_change;
}

class Progress {
 public:
  explicit Progress(bool quiet) : quiet_(quiet), last_(std::chrono::steady_clock::now()) {}
  void tick(std::size_t done, std::size_t total) {
    if (quiet_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(2) && done != total) return;
    last_ = now;
    std::fprintf(stderr, "eval: %zu / %zu\n", done, total);
  }

 private:
  bool quiet_;
  std::chrono::steady_clock::time_point last_;
};

int write_json(const EvalOptions& o, JsonWriter& w) {
  if (!o.json_out) return 0;
  std::ofstream out(*o.json_out);
  if (!out) {
    std::fprintf(stderr, "credence: cannot write %s\n", o.json_out->c_str());
    return 1;
  }
  out << w.str() << "\n";
  return 0;
}

/// `--prescreen`: each pair as the pre-screen sees it (the existing memory is
/// the statement's only neighbour, at the embedder's similarity). A pair the
/// filter drops is never judged, so it counts as `compatible` end to end.
struct PrescreenEval {
  std::shared_ptr<const Embedder> embedder;
  const Lexicon* lexicon = nullptr;
  ScreenOptions screen;
  std::map<std::string, std::pair<long, long>> kept_by_label;  ///< kept, total
  std::map<std::string, std::vector<float>> similarity_by_label;
  std::map<std::string, long> drop_reasons;
  /// Conflict pairs kept at each floor of a sweep (claim filter included).
  std::vector<std::pair<float, long>> sweep;
  long conflicts = 0;

  /// Returns whether the pair reaches the judge; `reason` says why not.
  bool keep(const PairLine& p, const Claim& ca, const Claim& cb, float& similarity,
            std::string& reason) {
    auto va = embedder->embed(p.existing.text);
    auto vb = embedder->embed(p.incoming.text);
    similarity = va && vb ? dot(*va, *vb) : 0.0f;
    targets.clear();
    for (const auto& phrase : cb.change_cues)
      if (const CueDef* cue = lexicon->cue_by_phrase(phrase))
        targets.insert(targets.end(), cue->targets.begin(), cue->targets.end());
    // The claim-key channel: would the index return the existing memory
    // for the statement's keys, whatever the similarity?
    const auto mine = query_keys(cb, targets), theirs = claim_keys(ca);
    bool key_match = false;
    for (auto k : mine) key_match = key_match || std::binary_search(theirs.begin(), theirs.end(), k);
    if (key_match) ++key_matches;
    const Neighbour n{"existing", p.existing.kind, similarity, &ca, p.existing.text, false, key_match};
    const std::string label = to_string(*p.label);
    similarity_by_label[label].push_back(similarity);
    if (is_conflict(*p.label)) {
      ++conflicts;
      if (sweep.empty())
        for (int f = 0; f <= 10; ++f) sweep.emplace_back(0.05f * static_cast<float>(f), 0);
      for (auto& [floor, kept] : sweep) {
        ScreenOptions so = screen;
        so.min_similarity = floor;
        so.high_similarity = std::max(floor, screen.high_similarity);
        if (!screen_one(cb, p.incoming.text, n, so).kept.empty()) ++kept;
      }
    }
    auto r = screen_one(cb, p.incoming.text, n, screen);
    auto& [k, total] = kept_by_label[label];
    ++total;
    if (!r.kept.empty()) {
      ++k;
      return true;
    }
    reason = r.dropped.empty() ? "?" : to_string(r.dropped.front().reason);
    ++drop_reasons[reason];
    return false;
  }
  Screened screen_one(const Claim& incoming, std::string_view text, const Neighbour& n,
                      const ScreenOptions& so) const {
    return credence::screen(incoming, text, std::span<const Neighbour>(&n, 1), so, targets);
  }
  std::vector<std::string> targets;
  long key_matches = 0;

  void print(FILE* out) const {
    std::fprintf(out, "\npre-screen (embedder %s, floor %.2f, high %.2f): pairs kept for the judge\n",
                 embedder->id().c_str(), static_cast<double>(screen.min_similarity),
                 static_cast<double>(screen.high_similarity));
    std::fprintf(out, "%-20s %6s %6s %8s %8s %8s\n", "gold label", "kept", "of", "sim p10", "sim p50", "sim min");
    for (const auto& [label, kt] : kept_by_label) {
      auto sims = similarity_by_label.at(label);
      std::sort(sims.begin(), sims.end());
      auto q = [&](double f) { return static_cast<double>(sims[static_cast<std::size_t>(f * static_cast<double>(sims.size() - 1))]); };
      std::fprintf(out, "%-20s %6ld %6ld %8.3f %8.3f %8.3f\n", label.c_str(), kt.first, kt.second, q(0.1), q(0.5),
                   static_cast<double>(sims.front()));
    }
    long pairs = 0;
    for (const auto& [label, kt] : kept_by_label) pairs += kt.second;
    std::fprintf(out, "found by a claim key: %ld of %ld pairs\n", key_matches, pairs);
    std::fprintf(out, "drop reasons:");
    for (const auto& [r, n] : drop_reasons) std::fprintf(out, " %s %ld", r.c_str(), n);
    std::fprintf(out, "\nconflict pairs kept by similarity floor (claim filter included):");
    for (const auto& [floor, kept] : sweep)
      std::fprintf(out, " %.2f:%.3f", static_cast<double>(floor),
                   conflicts ? static_cast<double>(kept) / static_cast<double>(conflicts) : 0.0);
    std::fprintf(out, "\n");
  }
  void write(JsonWriter& w) const {
    w.key("prescreen").begin_object().kv("embedder", embedder->id());
    w.kv("min_similarity", static_cast<double>(screen.min_similarity));
    w.key("kept_by_label").begin_object();
    for (const auto& [label, kt] : kept_by_label)
      w.key(label).begin_object().kv("kept", kt.first).kv("total", kt.second).end_object();
    w.end_object();
    w.key("conflict_kept_by_floor").begin_object();
    for (const auto& [floor, kept] : sweep)
      w.kv(std::to_string(floor).substr(0, 4),
           conflicts ? static_cast<double>(kept) / static_cast<double>(conflicts) : 0.0);
    w.end_object().end_object();
  }
};

int eval_pairs(const Lexicon& lex, const EvalOptions& o, PrescreenEval* pre) {
  std::ifstream in(o.dataset);
  if (!in) {
    std::fprintf(stderr, "credence: cannot read %s\n", o.dataset.c_str());
    return 2;
  }
  std::vector<PairLine> rows;
  std::string line;
  std::size_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto p = parse_pair_line(line);
    if (!p) {
      std::fprintf(stderr, "credence: %s:%zu: %s\n", o.dataset.c_str(), line_no, p.error().message.c_str());
      return 2;
    }
    if (!p->label) {
      std::fprintf(stderr, "credence: %s:%zu: no `label`\n", o.dataset.c_str(), line_no);
      return 2;
    }
    if (o.split && p->split != *o.split) continue;
    rows.push_back(std::move(*p));
  }
  Confusion all(class_labels());
  std::map<std::string, Confusion> by_split;
  std::map<std::string, Binary> conflict_by_split;
  Binary conflict;
  long false_blocks = 0, blocks = 0;
  Progress progress(o.quiet);
  std::ofstream features_out;
  if (o.features_out) {
    features_out.open(*o.features_out);
    if (!features_out) {
      std::fprintf(stderr, "credence: cannot write %s (--features)\n", o.features_out->c_str());
      return 2;
    }
  }
  PairFeatures features;
  std::vector<std::string> words, memory_words;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PairLine& p = rows[i];
    auto ctx_of = [](const PairSide& s) {
      NormalizeContext ctx;
      ctx.kind = s.kind;
      ctx.created_at = s.created_at;
      ctx.valid_from = s.valid_from;
      return ctx;
    };
    const Claim ca = normalize(lex, p.existing.text, ctx_of(p.existing));
    const Claim cb = normalize(lex, p.incoming.text, ctx_of(p.incoming));
    Verdict v = judge(lex, to_input(p.existing, &ca), to_input(p.incoming, &cb));
    if (features_out.is_open()) {
      judge_features(lex, to_input(p.existing, &ca), to_input(p.incoming, &cb), features, words, memory_words);
      JsonWriter w;
      w.begin_object().kv("id", p.id).kv("label", to_string(*p.label)).key("features").begin_object();
      for (const auto& [fid, val] : features)
        w.kv(pair_feature_names()[static_cast<std::size_t>(fid)], static_cast<double>(val));
      for (const auto& word : words) w.kv(std::string(kTokenPrefix) + word, 1.0);
      for (const auto& word : memory_words) w.kv(std::string(kMemoryTokenPrefix) + word, 1.0);
      w.end_object().end_object();
      features_out << w.str() << '\n';
    }
    float similarity = 0;
    std::string dropped_by;
    if (pre && !pre->keep(p, ca, cb, similarity, dropped_by)) {
      v.classification = Classification::compatible;
      v.write_tier = WriteTier::clean;
      v.reasoning = "not judged: the pre-screen dropped the pair (" + dropped_by + ")";
    }
    const auto gold = static_cast<std::size_t>(*p.label);
    const auto pred = static_cast<std::size_t>(v.classification);
    all.add(gold, pred);
    auto [it, _] = by_split.try_emplace(p.split.empty() ? "-" : p.split, class_labels());
    it->second.add(gold, pred);
    for (Binary* b : {&conflict, &conflict_by_split[p.split.empty() ? "-" : p.split]}) {
      const bool g = is_conflict(*p.label), q = is_conflict(v.classification);
      if (g && q) ++b->tp;
      else if (q) ++b->fp;
      else if (g) ++b->fn;
    }
    if (v.write_tier == WriteTier::block) {
      ++blocks;
      if (*p.label != Classification::true_contradiction) ++false_blocks;
    }
    if ((o.errors && gold != pred) || o.dump) {
      JsonWriter w;
      w.begin_object().kv("id", p.id).kv("gold", to_string(*p.label)).kv("pred", to_string(v.classification));
      if (pre) w.kv("similarity", static_cast<double>(similarity));
      w.kv("conf", v.confidence).kv("a", p.existing.text).kv("b", p.incoming.text).kv("why", v.reasoning);
      w.key("ca");
      write_claim(w, ca);
      w.key("cb");
      write_claim(w, cb);
      w.end_object();
      std::fprintf(stderr, "%s\n", w.str().c_str());
    }
    progress.tick(i + 1, rows.size());
  }
  std::printf("dataset %s (pairs, memory view%s%s): %ld pairs\n", o.dataset.c_str(),
              o.split ? ", split " : "", o.split ? o.split->c_str() : "", all.n());
  std::printf("seven-way accuracy %.3f   macro-F1 %.3f\n", all.accuracy(), all.macro_f1());
  std::printf("conflict detection (true_contradiction or temporal_change): precision %.3f recall %.3f F1 %.3f\n",
              conflict.p(), conflict.r(), conflict.f());
  std::printf("block tiers %ld, false blocks %ld\n", blocks, false_blocks);
  if (by_split.size() > 1) {
    for (const auto& [name, cm] : by_split)
      std::printf("  split %-3s n=%-4ld accuracy %.3f  macro-F1 %.3f  conflict F1 %.3f\n", name.c_str(),
                  cm.n(), cm.accuracy(), cm.macro_f1(), conflict_by_split[name].f());
  }
  if (pre) pre->print(stdout);
  std::printf("\n");
  all.print(stdout);
  JsonWriter w;
  w.begin_object().kv("dataset", o.dataset).kv("format", "pairs").kv("view", "memory");
  if (pre) pre->write(w);
  if (o.split) w.kv("split", *o.split);
  all.write(w);
  w.key("conflict").begin_object().kv("precision", conflict.p()).kv("recall", conflict.r()).kv("f1", conflict.f()).end_object();
  w.kv("blocks", blocks).kv("false_blocks", false_blocks);
  w.key("by_split").begin_object();
  for (const auto& [name, cm] : by_split) {
    w.key(name).begin_object();
    w.kv("n", cm.n()).kv("accuracy", cm.accuracy()).kv("macro_f1", cm.macro_f1()).kv("conflict_f1", conflict_by_split[name].f());
    w.end_object();
  }
  w.end_object().end_object();
  return write_json(o, w);
}

struct NliRow {
  std::string premise, hypothesis, category;
  Nli gold = Nli::neutral;
};

Expected<std::vector<NliRow>> read_sick(const EvalOptions& o) {
  std::ifstream in(o.dataset);
  if (!in) return make_error(Errc::not_found, "cannot read " + o.dataset);
  std::string line;
  if (!std::getline(in, line)) return make_error(Errc::invalid_argument, o.dataset + ": empty");
  std::vector<std::string> header;
  {
    std::stringstream ss(line);
    std::string f;
    while (std::getline(ss, f, '\t')) header.push_back(f);
  }
  auto col = [&](const char* name) -> int {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  };
  const int a = col("sentence_A"), b = col("sentence_B"), l = col("entailment_label"), s = col("SemEval_set");
  if (a < 0 || b < 0 || l < 0)
    return make_error(Errc::invalid_argument, o.dataset + ": not a SICK file (needs sentence_A, sentence_B, entailment_label)");
  std::vector<NliRow> rows;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string x;
    while (std::getline(ss, x, '\t')) f.push_back(x);
    if (static_cast<int>(f.size()) <= std::max({a, b, l})) continue;
    NliRow r;
    r.premise = f[static_cast<std::size_t>(a)];
    r.hypothesis = f[static_cast<std::size_t>(b)];
    std::string lab = f[static_cast<std::size_t>(l)];
    for (auto& ch : lab) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    auto g = parse_nli(lab);
    if (!g) continue;
    r.gold = *g;
    r.category = s >= 0 && static_cast<int>(f.size()) > s ? f[static_cast<std::size_t>(s)] : "";
    while (!r.category.empty() && (r.category.back() == '\r' || r.category.back() == '\n')) r.category.pop_back();
    if (o.split && r.category != *o.split) continue;
    rows.push_back(std::move(r));
  }
  return rows;
}

Expected<std::vector<NliRow>> read_breaking(const EvalOptions& o) {
  std::ifstream in(o.dataset);
  if (!in) return make_error(Errc::not_found, "cannot read " + o.dataset);
  std::vector<NliRow> rows;
  std::string line;
  std::size_t n = 0;
  simdjson::dom::parser parser;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty()) continue;
    auto obj = json::parse_object(parser, line);
    if (!obj) return make_error(Errc::invalid_argument, o.dataset + ":" + std::to_string(n) + ": " + obj.error().message);
    json::ObjReader r(*obj);
    NliRow row;
    row.premise = r.str("sentence1");
    row.hypothesis = r.str("sentence2");
    row.category = r.opt_str("category").value_or("");
    auto g = parse_nli(r.str("gold_label"));
    if (!r.ok()) return make_error(Errc::invalid_argument, o.dataset + ":" + std::to_string(n) + ": " + r.error().message);
    if (!g) continue;
    row.gold = *g;
    if (o.split && row.category != *o.split) continue;
    rows.push_back(std::move(row));
  }
  return rows;
}

int eval_nli(const Lexicon& lex, const EvalOptions& o) {
  auto rows = o.format == "sick" ? read_sick(o) : read_breaking(o);
  if (!rows) {
    std::fprintf(stderr, "credence: %s\n", rows.error().message.c_str());
    return 2;
  }
  const std::vector<std::string> labels = {"entailment", "contradiction", "neutral"};
  Confusion all(labels);
  std::map<std::string, Confusion> by_cat;
  Progress progress(o.quiet);
  NliOptions nopt;
  nopt.same_scene = o.scene == "same" || (o.scene == "auto" && o.format != "sick");
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const NliRow& r = (*rows)[i];
    const NliResult res = nli_view(lex, r.premise, r.hypothesis, nopt);
    const auto gold = static_cast<std::size_t>(r.gold), pred = static_cast<std::size_t>(res.label);
    all.add(gold, pred);
    by_cat.try_emplace(r.category.empty() ? "-" : r.category, labels).first->second.add(gold, pred);
    if ((o.errors && gold != pred) || o.dump) {
      JsonWriter w;
      w.begin_object().kv("cat", r.category).kv("gold", to_string(r.gold)).kv("pred", to_string(res.label));
      w.kv("a", r.premise).kv("b", r.hypothesis).kv("why", res.why).end_object();
      std::fprintf(stderr, "%s\n", w.str().c_str());
    }
    progress.tick(i + 1, rows->size());
  }
  std::printf("dataset %s (%s, NLI view, %s scene%s%s): %ld pairs\n", o.dataset.c_str(), o.format.c_str(),
              nopt.same_scene ? "same" : "separate", o.split ? ", split " : "", o.split ? o.split->c_str() : "",
              all.n());
  std::printf("three-way accuracy %.3f   macro-F1 %.3f\n\n", all.accuracy(), all.macro_f1());
  all.print(stdout);
  std::printf("\nper %s\n%-20s %6s %9s %9s\n", o.format == "sick" ? "SemEval set" : "category", "", "n",
              "accuracy", "macro-F1");
  for (const auto& [name, cm] : by_cat)
    std::printf("%-20s %6ld %9.3f %9.3f\n", name.c_str(), cm.n(), cm.accuracy(), cm.macro_f1());
  JsonWriter w;
  w.begin_object().kv("dataset", o.dataset).kv("format", o.format).kv("view", "nli");
  w.kv("scene", nopt.same_scene ? "same" : "separate");
  if (o.split) w.kv("split", *o.split);
  all.write(w);
  w.key("per_category").begin_object();
  for (const auto& [name, cm] : by_cat) {
    w.key(name).begin_object();
    w.kv("n", cm.n()).kv("accuracy", cm.accuracy()).kv("macro_f1", cm.macro_f1());
    w.end_object();
  }
  w.end_object().end_object();
  return write_json(o, w);
}

}  // namespace

int cmd_eval(const Common& c, const EvalOptions& o) {
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  auto lex = Lexicon::load(cfg->judge);
  if (!lex) {
    std::fprintf(stderr, "credence: cannot load the judge's lexicon: %s\n", lex.error().describe().c_str());
    return 2;
  }
  if (o.format == "pairs") {
    if (!o.prescreen) return eval_pairs(**lex, o, nullptr);
    PrescreenEval pre;
    auto emb = make_embedder(cfg->embedder, std::shared_ptr<const WordNet>(*lex, &(*lex)->wordnet()));
    auto opts = Prescreen::options_from(cfg->prescreen);
    if (!emb || !opts) {
      std::fprintf(stderr, "credence: %s\n",
                   (!emb ? emb.error() : opts.error()).describe().c_str());
      return 2;
    }
    pre.embedder = *emb;
    pre.lexicon = lex->get();
    pre.screen = opts->screen;
    return eval_pairs(**lex, o, &pre);
  }
  if (o.features_out && o.format != "pairs") {
    std::fprintf(stderr, "credence: --features needs --format pairs (memory pairs with labels)\n");
    return 2;
  }
  if (o.format == "sick" || o.format == "breaking-nli") return eval_nli(**lex, o);
  std::fprintf(stderr, "credence: --format must be pairs, sick or breaking-nli\n");
  return 2;
}

}  // namespace credence::cli
