// WordNet 3.0 database reader. File formats: wndb(5WN) and morphy(7WN).
//
//   data.<pos>:  offset lexfile ss_type w_cnt(hex) {word lex_id(hex)}
//                p_cnt(dec) {ptr_symbol offset pos src_dst(hex4)} [frames] | gloss
//   index.<pos>: lemma pos synset_cnt p_cnt {ptr_symbol} sense_cnt
//                tagsense_cnt {synset_offset}   (senses in frequency order)
//   <pos>.exc:   inflected_form base_form...
// Lines of the licence header start with two spaces and are skipped.

#include "engine/wordnet.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_set>

namespace credence {

namespace {

constexpr std::array<const char*, 4> kPosFile = {"noun", "verb", "adj", "adv"};

std::optional<Pos> pos_of(char c) {
  switch (c) {
    case 'n': return Pos::noun;
    case 'v': return Pos::verb;
    case 'a':
    case 's': return Pos::adj;
    case 'r': return Pos::adv;
    default: return std::nullopt;
  }
}

WordNet::Rel rel_of(std::string_view sym) {
  using R = WordNet::Rel;
  if (sym == "!") return R::antonym;
  if (sym == "@") return R::hypernym;
  if (sym == "@i") return R::instance_hypernym;
  if (sym == "~") return R::hyponym;
  if (sym == "~i") return R::instance_hyponym;
  if (sym == "&") return R::similar;
  if (sym == "^") return R::also;
  if (sym == "=") return R::attribute;
  if (sym == "+") return R::derivation;
  if (sym == "\\") return R::pertainym;
  if (sym == "#m") return R::member_holonym;
  if (sym == "#p") return R::part_holonym;
  if (sym == "#s") return R::substance_holonym;
  if (sym == "%m") return R::member_meronym;
  if (sym == "%p") return R::part_meronym;
  if (sym == "%s") return R::substance_meronym;
  if (sym == "*") return R::entailment;
  if (sym == ">") return R::cause;
  if (sym == "$") return R::verb_group;
  if (sym == "<") return R::participle;
  return R::other;
}

Expected<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return make_error(Errc::not_found,
                      "cannot read " + path +
                          " (install the Debian package wordnet-base; scripts/setup does)");
  std::string s;
  in.seekg(0, std::ios::end);
  s.resize(static_cast<std::size_t>(in.tellg()));
  in.seekg(0);
  in.read(s.data(), static_cast<std::streamsize>(s.size()));
  return s;
}

/// Splits a line into space-separated fields (views into the line).
void split(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t j = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > j) out.push_back(line.substr(j, i - j));
  }
}

std::uint64_t parse_uint(std::string_view s, int base = 10) {
  std::uint64_t v = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else break;
    v = v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
  }
  return v;
}

std::uint64_t key_of(Pos pos, std::uint64_t offset) {
  return (static_cast<std::uint64_t>(pos) << 40) | offset;
}

std::string normalise(std::string_view w) {
  std::string out(w);
  for (auto& c : out) {
    if (c == ' ') c = '_';
    else c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

/// Strips an adjective syntactic marker: "galore(ip)" -> "galore".
std::string_view strip_marker(std::string_view w) {
  if (!w.empty() && w.back() == ')') {
    auto p = w.rfind('(');
    if (p != std::string_view::npos) return w.substr(0, p);
  }
  return w;
}

}  // namespace

Status WordNet::load_data(const std::string& path, Pos pos,
                          std::unordered_map<std::uint64_t, SynsetId>& by_offset,
                          std::vector<std::pair<std::uint32_t, std::uint64_t>>& raw_targets) {
  auto text = read_file(path);
  if (!text) return text.error();
  std::vector<std::string_view> f;
  std::string_view all(*text);
  std::size_t line_no = 0;
  while (!all.empty()) {
    const auto nl = all.find('\n');
    std::string_view line = all.substr(0, nl);
    all = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
    ++line_no;
    if (line.empty() || line[0] == ' ') continue;
    const auto bar = line.find(" | ");
    split(bar == std::string_view::npos ? line : line.substr(0, bar), f);
    auto bad = [&] {
      return make_error(Errc::corruption,
                        path + ":" + std::to_string(line_no) + ": malformed synset line");
    };
    if (f.size() < 6) return bad();
    Synset s{};
    s.pos = pos;
    s.offset = static_cast<std::uint32_t>(parse_uint(f[0]));
    s.lexfile = static_cast<std::uint8_t>(parse_uint(f[1]));
    const auto w_cnt = parse_uint(f[3], 16);
    std::size_t i = 4;
    s.first_word = static_cast<std::uint32_t>(word_start_.size());
    for (std::uint64_t w = 0; w < w_cnt; ++w) {
      if (i + 1 >= f.size()) return bad();
      const std::string word = normalise(strip_marker(f[i]));
      word_start_.push_back(static_cast<std::uint32_t>(arena_.size()));
      word_len_.push_back(static_cast<std::uint32_t>(word.size()));
      arena_ += word;
      i += 2;
    }
    s.n_words = static_cast<std::uint16_t>(w_cnt);
    if (i >= f.size()) return bad();
    const auto p_cnt = parse_uint(f[i++]);
    s.first_ptr = static_cast<std::uint32_t>(pointers_.size());
    for (std::uint64_t p = 0; p < p_cnt; ++p) {
      if (i + 3 >= f.size()) return bad();
      const Rel rel = rel_of(f[i]);
      const auto target_off = parse_uint(f[i + 1]);
      const auto tpos = pos_of(f[i + 2].empty() ? '?' : f[i + 2][0]);
      const auto srcdst = parse_uint(f[i + 3], 16);
      i += 4;
      if (!tpos) return bad();
      Pointer ptr{rel, static_cast<std::uint8_t>(srcdst >> 8),
                  static_cast<std::uint8_t>(srcdst & 0xff), 0};
      raw_targets.emplace_back(static_cast<std::uint32_t>(pointers_.size()),
                               key_of(*tpos, target_off));
      pointers_.push_back(ptr);
    }
    s.n_ptrs = static_cast<std::uint16_t>(p_cnt);
    by_offset.emplace(key_of(pos, s.offset), static_cast<SynsetId>(synsets_.size()));
    synsets_.push_back(s);
  }
  return {};
}

Status WordNet::load_index(const std::string& path, Pos pos,
                           const std::unordered_map<std::uint64_t, SynsetId>& by_offset) {
  auto text = read_file(path);
  if (!text) return text.error();
  std::vector<std::string_view> f;
  std::string_view all(*text);
  auto& idx = index_[static_cast<int>(pos)];
  idx.reserve(160000);
  while (!all.empty()) {
    const auto nl = all.find('\n');
    std::string_view line = all.substr(0, nl);
    all = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
    if (line.empty() || line[0] == ' ') continue;
    split(line, f);
    if (f.size() < 6) continue;
    const auto synset_cnt = parse_uint(f[2]);
    const auto p_cnt = parse_uint(f[3]);
    const std::size_t first_off = 4 + p_cnt + 2;
    if (first_off + synset_cnt > f.size()) continue;
    Span span{static_cast<std::uint32_t>(index_ids_.size()), 0};
    for (std::uint64_t k = 0; k < synset_cnt; ++k) {
      auto it = by_offset.find(key_of(pos, parse_uint(f[first_off + k])));
      if (it == by_offset.end()) continue;
      index_ids_.push_back(it->second);
      ++span.count;
    }
    idx.emplace(std::string(f[0]), span);
  }
  return {};
}

Status WordNet::load_exceptions(const std::string& path, Pos pos) {
  auto text = read_file(path);
  if (!text) return text.error();
  std::vector<std::string_view> f;
  std::string_view all(*text);
  auto& exc = exceptions_[static_cast<int>(pos)];
  while (!all.empty()) {
    const auto nl = all.find('\n');
    std::string_view line = all.substr(0, nl);
    all = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
    split(line, f);
    if (f.size() < 2) continue;
    auto& bases = exc[std::string(f[0])];
    for (std::size_t i = 1; i < f.size(); ++i) bases.emplace_back(f[i]);
  }
  return {};
}

Expected<std::shared_ptr<const WordNet>> WordNet::load(const std::string& dir) {
  std::shared_ptr<WordNet> wn(new WordNet());
  std::unordered_map<std::uint64_t, SynsetId> by_offset;
  by_offset.reserve(120000);
  std::vector<std::pair<std::uint32_t, std::uint64_t>> raw_targets;
  raw_targets.reserve(400000);
  wn->synsets_.reserve(118000);
  wn->pointers_.reserve(400000);
  for (int p = 0; p < 4; ++p) {
    if (auto st = wn->load_data(dir + "/data." + kPosFile[static_cast<std::size_t>(p)],
                                static_cast<Pos>(p), by_offset, raw_targets);
        !st)
      return st.error();
  }
  for (const auto& [ptr, key] : raw_targets) {
    auto it = by_offset.find(key);
    if (it == by_offset.end())
      return make_error(Errc::corruption, dir + ": a pointer refers to a missing synset");
    wn->pointers_[ptr].target = it->second;
  }
  wn->compute_links();
  wn->compute_depths();
  for (int p = 0; p < 4; ++p) {
    const std::string name = kPosFile[static_cast<std::size_t>(p)];
    if (auto st = wn->load_index(dir + "/index." + name, static_cast<Pos>(p), by_offset); !st)
      return st.error();
    if (auto st = wn->load_exceptions(dir + "/" + name + ".exc", static_cast<Pos>(p)); !st)
      return st.error();
  }
  return std::shared_ptr<const WordNet>(std::move(wn));
}

void WordNet::compute_links() {
  const std::size_t n = synsets_.size();
  parents_at_.assign(n + 1, 0);
  holders_at_.assign(n + 1, 0);
  links_.clear();
  for (SynsetId s = 0; s < n; ++s) {
    parents_at_[s] = static_cast<std::uint32_t>(links_.size());
    for (const auto& p : pointers(s))
      if (p.rel == Rel::hypernym || p.rel == Rel::instance_hypernym) links_.push_back(p.target);
  }
  parents_at_[n] = static_cast<std::uint32_t>(links_.size());
  for (SynsetId s = 0; s < n; ++s) {
    holders_at_[s] = static_cast<std::uint32_t>(links_.size());
    for (const auto& p : pointers(s))
      if (p.rel == Rel::part_holonym || p.rel == Rel::member_holonym) links_.push_back(p.target);
  }
  holders_at_[n] = static_cast<std::uint32_t>(links_.size());
  kin_at_.assign(n + 1, 0);
  kin_.clear();
  for (SynsetId s = 0; s < n; ++s) {
    kin_at_[s] = static_cast<std::uint32_t>(kin_.size());
    for (const auto& p : pointers(s))
      if (p.rel == Rel::derivation || p.rel == Rel::pertainym || p.rel == Rel::participle || p.rel == Rel::antonym ||
          p.rel == Rel::similar)
        kin_.push_back(p);
  }
  kin_at_[n] = static_cast<std::uint32_t>(kin_.size());
}

void WordNet::compute_depths() {
  // Shortest hypernym path to a root, memoised; WordNet 3.0 has no cycles,
  // and a synset met again on the current path is treated as a root.
  constexpr std::uint8_t kUnknown = 0xff, kVisiting = 0xfe;
  depth_.assign(synsets_.size(), kUnknown);
  auto go = [&](auto& self, SynsetId s) -> std::uint8_t {
    if (depth_[s] == kVisiting) return 0;
    if (depth_[s] != kUnknown) return depth_[s];
    depth_[s] = kVisiting;
    unsigned best = kVisiting;
    for (SynsetId up : parents(s)) best = std::min<unsigned>(best, self(self, up) + 1u);
    depth_[s] = static_cast<std::uint8_t>(best == kVisiting ? 0 : std::min(best, 200u));
    return depth_[s];
  };
  for (SynsetId s = 0; s < synsets_.size(); ++s) go(go, s);
}

std::span<const WordNet::SynsetId> WordNet::synsets(std::string_view lemma, Pos pos) const {
  const auto& idx = index_[static_cast<int>(pos)];
  // Most lemmas arrive lower case and without spaces: looked up as they are.
  // Others are normalised into a buffer on the stack (no allocation).
  char buf[64];
  std::string_view key = lemma;
  const bool plain = std::none_of(lemma.begin(), lemma.end(), [](char c) { return c == ' ' || (c >= 'A' && c <= 'Z'); });
  if (!plain) {
    if (lemma.size() > sizeof buf) {
      auto it = idx.find(normalise(lemma));
      return it == idx.end() ? std::span<const SynsetId>{}
                             : std::span<const SynsetId>(index_ids_.data() + it->second.first, it->second.count);
    }
    for (std::size_t i = 0; i < lemma.size(); ++i) {
      const char c = lemma[i];
      buf[i] = c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    key = std::string_view(buf, lemma.size());
  }
  auto it = idx.find(key);
  if (it == idx.end()) return {};
  return std::span<const SynsetId>(index_ids_.data() + it->second.first, it->second.count);
}

std::vector<std::string> WordNet::base_forms(std::string_view word, Pos pos) const {
  std::vector<std::string> out;
  const std::string w = normalise(word);
  const auto& idx = index_[static_cast<int>(pos)];
  auto add = [&](const std::string& b) {
    if (idx.count(b) && std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
  };
  add(w);
  const auto& exc = exceptions_[static_cast<int>(pos)];
  if (auto it = exc.find(w); it != exc.end())
    for (const auto& b : it->second) add(b);
  static const std::vector<std::pair<const char*, const char*>> rules[4] = {
      {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"},
       {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
      {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""},
       {"ing", "e"}, {"ing", ""}},
      {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
      {}};
  for (const auto& [suffix, repl] : rules[static_cast<int>(pos)]) {
    const std::size_t n = std::strlen(suffix);
    if (w.size() > n + 1 && w.compare(w.size() - n, n, suffix) == 0)
      add(w.substr(0, w.size() - n) + repl);
  }
  // Doubled consonant before -ing/-ed ("running" -> "run", "stopped" -> "stop").
  if (pos == Pos::verb) {
    for (const char* suf : {"ing", "ed"}) {
      const std::size_t n = std::strlen(suf);
      if (w.size() > n + 2 && w.compare(w.size() - n, n, suf) == 0) {
        const std::string stem = w.substr(0, w.size() - n);
        if (stem[stem.size() - 1] == stem[stem.size() - 2]) add(stem.substr(0, stem.size() - 1));
      }
    }
  }
  return out;
}

std::vector<WordNet::SynsetId> WordNet::lookup(std::string_view word, Pos pos) const {
  std::vector<SynsetId> out;
  for (const auto& b : base_forms(word, pos))
    for (SynsetId id : synsets(b, pos))
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  return out;
}

std::vector<std::string_view> WordNet::words(SynsetId id) const {
  const Synset& s = synsets_[id];
  std::vector<std::string_view> out;
  out.reserve(s.n_words);
  for (std::size_t i = 0; i < s.n_words; ++i) out.push_back(word(id, i));
  return out;
}

std::string_view WordNet::word(SynsetId id, std::size_t i) const {
  const std::size_t w = synsets_[id].first_word + i;
  return std::string_view(arena_).substr(word_start_[w], word_len_[w]);
}

std::span<const WordNet::Pointer> WordNet::pointers(SynsetId id) const {
  const Synset& s = synsets_[id];
  return std::span<const Pointer>(pointers_.data() + s.first_ptr, s.n_ptrs);
}

const char* WordNet::lexfile_name(std::uint8_t lexfile) {
  static const char* names[] = {
      "adj.all",          "adj.pert",         "adv.all",          "noun.Tops",
      "noun.act",         "noun.animal",      "noun.artifact",    "noun.attribute",
      "noun.body",        "noun.cognition",   "noun.communication", "noun.event",
      "noun.feeling",     "noun.food",        "noun.group",       "noun.location",
      "noun.motive",      "noun.object",      "noun.person",      "noun.phenomenon",
      "noun.plant",       "noun.possession",  "noun.process",     "noun.quantity",
      "noun.relation",    "noun.shape",       "noun.state",       "noun.substance",
      "noun.time",        "verb.body",        "verb.change",      "verb.cognition",
      "verb.communication", "verb.competition", "verb.consumption", "verb.contact",
      "verb.creation",    "verb.emotion",     "verb.motion",      "verb.perception",
      "verb.possession",  "verb.social",      "verb.stative",     "verb.weather",
      "adj.ppl"};
  return lexfile < std::size(names) ? names[lexfile] : "unknown";
}

namespace {
std::vector<WordNet::SynsetId> first(std::vector<WordNet::SynsetId> v, int n) {
  if (static_cast<int>(v.size()) > n) v.resize(static_cast<std::size_t>(n));
  return v;
}
}  // namespace

bool WordNet::synonyms(std::string_view a, std::string_view b, Pos pos, int senses) const {
  const auto sa = first(lookup(a, pos), senses);
  const auto sb = first(lookup(b, pos), senses);
  for (auto x : sa)
    for (auto y : sb)
      if (x == y) return true;
  return false;
}

std::vector<WordNet::SynsetId> WordNet::ancestors(std::string_view word, Pos pos, int senses,
                                                  int max_depth) const {
  std::vector<SynsetId> frontier = first(lookup(word, pos), senses);
  std::vector<SynsetId> out;
  std::unordered_set<SynsetId> seen(frontier.begin(), frontier.end());
  for (int d = 0; d < max_depth && !frontier.empty(); ++d) {
    std::vector<SynsetId> next;
    for (SynsetId s : frontier)
      for (SynsetId up : parents(s))
        if (seen.insert(up).second) {
          out.push_back(up);
          next.push_back(up);
        }
    frontier.swap(next);
  }
  return out;
}

bool WordNet::is_a(std::string_view specific, std::string_view general, Pos pos, int senses,
                   int max_depth) const {
  const auto targets = first(lookup(general, pos), senses);
  if (targets.empty()) return false;
  const auto anc = ancestors(specific, pos, senses, max_depth);
  for (SynsetId a : anc)
    if (std::find(targets.begin(), targets.end(), a) != targets.end()) return true;
  return false;
}

bool WordNet::antonyms(std::string_view a, std::string_view b, Pos pos, int senses) const {
  const auto sa = first(lookup(a, pos), senses);
  const auto sb_all = lookup(b, pos);
  const auto sb = first(sb_all, senses);
  if (sa.empty() || sb.empty()) return false;
  std::unordered_set<SynsetId> targets;
  auto word_index = [&](SynsetId s, const std::vector<std::string>& forms) -> int {
    for (std::size_t i = 0; i < synsets_[s].n_words; ++i)
      for (const auto& f : forms)
        if (word(s, i) == f) return static_cast<int>(i) + 1;
    return 0;
  };
  const auto forms_a = base_forms(a, pos);
  for (SynsetId s : sa) {
    const int wi = word_index(s, forms_a);
    for (const auto& p : pointers(s)) {
      if (p.rel != Rel::antonym) continue;
      if (p.src_word != 0 && wi != 0 && p.src_word != wi) continue;
      targets.insert(p.target);
    }
    if (pos == Pos::adj) {
      // Indirect antonyms: a satellite's head (via similar-to) has antonyms,
      // and so do satellites similar to that antonym.
      std::vector<SynsetId> heads;
      for (const auto& p : pointers(s))
        if (p.rel == Rel::similar) heads.push_back(p.target);
      for (SynsetId h : heads)
        for (const auto& p : pointers(h))
          if (p.rel == Rel::antonym) targets.insert(p.target);
    }
  }
  if (pos == Pos::adj) {
    std::vector<SynsetId> extra;
    for (SynsetId t : targets)
      for (const auto& p : pointers(t))
        if (p.rel == Rel::similar) extra.push_back(p.target);
    targets.insert(extra.begin(), extra.end());
  }
  for (SynsetId y : sb)
    if (targets.count(y)) return true;
  return false;
}

bool WordNet::co_hyponyms(std::string_view a, std::string_view b, Pos pos, int senses) const {
  if (normalise(a) == normalise(b)) return false;
  if (synonyms(a, b, pos, senses)) return false;
  auto parents = [&](std::string_view w) {
    std::unordered_set<SynsetId> out;
    for (SynsetId s : first(lookup(w, pos), senses))
      for (const auto& p : pointers(s))
        if (p.rel == Rel::hypernym || p.rel == Rel::instance_hypernym) out.insert(p.target);
    return out;
  };
  const auto pa = parents(a);
  const auto pb = parents(b);
  bool shared = false;
  for (auto x : pa) shared = shared || pb.count(x);
  if (!shared) return false;
  return !is_a(a, b, pos, senses) && !is_a(b, a, pos, senses);
}

}  // namespace credence
