// The NLI view (measurement only; see nli.hpp). Steps for premise P and
// hypothesis H:
//   1. tokens -> lemmas; negation counted and removed on each side;
//   2. the differing middle (common prefix and suffix removed): a one-span
//      swap is judged by the lexical relation of the two spans (exclusive ->
//      contradiction, synonym or hypernym -> entailment, hyponym -> neutral);
//   3. otherwise alignment of H's content lemmas to P's: all aligned with the
//      same polarity -> entailment; opposite polarity over mostly shared
//      content -> contradiction; an exclusive pair among unaligned words over
//      mostly shared content -> contradiction; else neutral.
#include "engine/nli.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "engine/lexicon.hpp"
#include "engine/text.hpp"
#include "engine/wn_fast.hpp"

namespace credence {

namespace {

bool in(std::string_view w, std::initializer_list<std::string_view> set) {
  for (auto s : set)
    if (w == s) return true;
  return false;
}

bool function_word(std::string_view l) {
  return in(l, {"a", "an", "the", "be", "do", "have", "of", "in", "on", "at", "to", "by", "with",
                "for", "from", "and", "or", "some", "this", "that", "these", "those", "there",
                "it", "its", "his", "her", "their", "who", "which", "is", "are", "into", "onto",
                "as", "while", "being", "out", "another",
                "one", "'s", "through", "around", "across",
                "along", "toward", "towards", "off", "about", "away", "together", "each",
                "two", "three", "four", "five", "several", "many", "few", "1"}) ;
}

struct Side {
  std::vector<std::string> lemmas;  // all tokens, negators removed
  std::vector<std::string> texts;   // the same tokens, written form (lower case)
  std::vector<const Token*> toks;
  int negations = 0;
};

Side read(const Lexicon& lex, const std::vector<Token>& toks) {
  Side s;
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (t.kind == Token::Kind::punct) continue;
    const std::string& l = t.lemma;
    if (lex.is_negator(l) || l == "nobody" || l == "nothing") {
      ++s.negations;
      if (l == "nobody") s.lemmas.push_back("person"), s.texts.push_back("person"), s.toks.push_back(&t);
      continue;
    }
    std::string x = l;
    if (t.is_word()) x = lex.canonical(l) == l ? l : lex.canonical(l);
    if (x == "user") x = l;  // pronouns stay themselves in the NLI view
    s.lemmas.push_back(x);
    s.texts.push_back(t.text);
    s.toks.push_back(&t);
  }
  return s;
}

class Relations {
 public:
  explicit Relations(const Lexicon& lex) : lex_(lex), wn_(lex.wordnet()) {}

  bool synonym(const std::string& a, const std::string& b) const {
    if (a == b) return true;
    for (Pos p : {Pos::noun, Pos::verb, Pos::adj, Pos::adv})
      if (wn_.synonyms(a, b, p, 3)) return true;
    return false;
  }
  /// Adjectives in one similar-to cluster ("small" / "tiny", "happy" / "glad").
  bool similar(const std::string& a, const std::string& b) const {
    auto heads = [&](const std::string& w) {
      std::vector<WordNet::SynsetId> out;
      for (auto id : wn_.lookup(w, Pos::adj)) {
        out.push_back(id);
        for (const auto& p : wn_.pointers(id))
          if (p.rel == WordNet::Rel::similar) out.push_back(p.target);
      }
      return out;
    };
    const auto ha = heads(a), hb = heads(b);
    for (auto x : ha)
      for (auto y : hb)
        if (x == y) return true;
    return false;
  }
  bool synonym_any(const std::string& a, const std::string& b) const {
    for (Pos p : {Pos::noun, Pos::verb, Pos::adj, Pos::adv})
      if (wn_.synonyms(a, b, p, 30)) return true;
    return false;
  }
  /// a is a kind of b (b more general).
  bool hypernym_of(const std::string& a, const std::string& b) const {
    return wn_.is_a(a, b, Pos::noun, 3, 8) || wn_.is_a(a, b, Pos::verb, 3, 4);
  }
  bool numeric(const std::string& s) const {
    return !s.empty() && std::isdigit(static_cast<unsigned char>(s[0]));
  }
  std::string country(const std::string& w) const {
    for (auto id : wn_.lookup(w, Pos::adj)) {
      for (const auto& p : wn_.pointers(id)) {
        if (p.rel != WordNet::Rel::pertainym) continue;
        const auto ws = wn_.words(p.target);
        if (ws.empty()) continue;
        const std::string t(ws.front());
        if (wn_.is_a(t, "country", Pos::noun, 2) || wn_.is_a(t, "nation", Pos::noun, 2) ||
            wn_.is_a(t, "state", Pos::noun, 2) || wn_.is_a(t, "continent", Pos::noun, 2) ||
            wn_.is_a(t, "city", Pos::noun, 2))
          return t;
      }
    }
    // Nouns of nationality ("Canadian", "Swede") are people: inhabitant of.
    return {};
  }
  /// Depth-annotated ancestors of the first senses.
  std::unordered_map<WordNet::SynsetId, int> ancestors(const std::string& w, Pos pos, int senses,
                                                       int max_depth) const {
    std::unordered_map<WordNet::SynsetId, int> out;
    auto ids = wn_.lookup(w, pos);
    if (static_cast<int>(ids.size()) > senses) ids.resize(static_cast<std::size_t>(senses));
    std::vector<WordNet::SynsetId> frontier = ids;
    for (auto id : ids) out.emplace(id, 0);
    for (int d = 1; d <= max_depth && !frontier.empty(); ++d) {
      std::vector<WordNet::SynsetId> next;
      for (auto s : frontier)
        for (const auto& p : wn_.pointers(s))
          if ((p.rel == WordNet::Rel::hypernym || p.rel == WordNet::Rel::instance_hypernym) &&
              out.emplace(p.target, d).second)
            next.push_back(p.target);
      frontier.swap(next);
    }
    return out;
  }
  /// Two different things that cannot both be the one in the scene: numbers,
  /// antonyms, nationalities, and siblings under a close common ancestor.
  /// Exclusivity judged where the two sentences differ in one span: every
  /// sense counts (the parallel position already fixes the sense).
  mutable std::string kind;  // what made the last exclusive_swap true
  bool exclusive_swap(const std::string& a, const std::string& b) const {
    if (a == b) return false;
    kind = "number";
    if (numeric(a) && numeric(b)) return true;
    static const char* pos_name[] = {"noun", "verb", "adj", "adv"};
    for (Pos p : {Pos::adj, Pos::verb, Pos::noun, Pos::adv})
      if (wn_.antonyms(a, b, p, 30)) return kind = std::string("antonym-") + pos_name[static_cast<int>(p)], true;
    for (Pos p : {Pos::noun, Pos::verb, Pos::adj, Pos::adv})
      if (wn_.synonyms(a, b, p, 30)) return false;
    if (hypernym_of(a, b) || hypernym_of(b, a)) return false;
    const ClassDef* cla = lex_.class_of(a);
    kind = "class";
    if (cla && cla == lex_.class_of(b) && cla->exclusive) return true;
    const std::string ca = country(a), cb = country(b);
    kind = "country";
    if (!ca.empty() && !cb.empty()) return ca != cb;
    auto colour = [&](const std::string& w) {
      return wn_.is_a(w, "color", Pos::noun, 8, 4) || wn_.is_a(w, "chromatic_color", Pos::noun, 8, 3) ||
             wn_.is_a(w, "achromatic_color", Pos::noun, 8, 3);
    };
    kind = "colour";
    if (colour(a) && colour(b)) return true;
    for (Pos pos : {Pos::noun, Pos::verb}) {
      kind = pos == Pos::noun ? "sibling-noun" : "sibling-verb";
      auto aa = ancestors(a, pos, 4, 3);
      if (aa.empty()) continue;
      auto bb = ancestors(b, pos, 4, 3);
      for (const auto& [id, da] : aa) {
        auto it = bb.find(id);
        if (it == bb.end() || da == 0 || it->second == 0) continue;
        if (WordNet::lexfile_name(wn_.synset(id).lexfile) == std::string_view("noun.Tops")) continue;
        if (da + it->second <= (pos == Pos::noun ? 5 : 3)) return true;
      }
    }
    return false;
  }

  bool exclusive(const std::string& a, const std::string& b) const {
    if (a == b) return false;
    if (numeric(a) && numeric(b)) return true;
    if (numeric(a) != numeric(b)) return false;
    for (Pos p : {Pos::adj, Pos::verb, Pos::noun, Pos::adv})
      if (wn_.antonyms(a, b, p, 4)) return true;
    if (synonym(a, b)) return false;
    const std::string ca = country(a), cb = country(b);
    if (!ca.empty() && !cb.empty()) return ca != cb;
    if (hypernym_of(a, b) || hypernym_of(b, a)) return false;
    const ClassDef* cla = lex_.class_of(a);
    if (cla && cla == lex_.class_of(b)) return true;
    for (Pos pos : {Pos::noun, Pos::adj}) {
      const int max_depth = pos == Pos::noun ? 3 : 1;
      auto aa = ancestors(a, pos, 2, max_depth);
      if (aa.empty()) continue;
      auto bb = ancestors(b, pos, 2, max_depth);
      for (const auto& [id, da] : aa) {
        auto it = bb.find(id);
        if (it == bb.end() || da == 0 || it->second == 0) continue;
        // Shared ancestor close to both, and not a vague top-level one.
        const auto& syn = wn_.synset(id);
        const std::string_view lf = WordNet::lexfile_name(syn.lexfile);
        if (lf == "noun.Tops") continue;
        if (da + it->second <= 4) return true;
      }
    }
    return false;
  }

 private:
  const Lexicon& lex_;
  const WordNet& wn_;
};

std::string joined(const std::vector<std::string>& v, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += (out.empty() ? "" : "_") + v[i];
  return out;
}

std::vector<std::string> content(const std::vector<std::string>& v, std::size_t from, std::size_t to) {
  std::vector<std::string> out;
  for (std::size_t i = from; i < to; ++i)
    if (!function_word(v[i])) out.push_back(v[i]);
  return out;
}

}  // namespace

NliResult nli_view(const Lexicon& lex, std::string_view premise, std::string_view hypothesis,
                   const NliOptions& options) {
  const auto tp = tokenize(lex, premise);
  const auto th = tokenize(lex, hypothesis);
  const Side P = read(lex, tp);
  const Side H = read(lex, th);
  const Relations rel(lex);
  NliResult r;
  const bool neg_flip = (P.negations % 2) != (H.negations % 2);

  // The differing middle.
  std::size_t pre = 0;
  while (pre < P.lemmas.size() && pre < H.lemmas.size() && P.lemmas[pre] == H.lemmas[pre]) ++pre;
  std::size_t suf = 0;
  while (suf < P.lemmas.size() - pre && suf < H.lemmas.size() - pre &&
         P.lemmas[P.lemmas.size() - 1 - suf] == H.lemmas[H.lemmas.size() - 1 - suf])
    ++suf;
  const std::size_t pe = P.lemmas.size() - suf, he = H.lemmas.size() - suf;
  const auto pmid = content(P.lemmas, pre, pe);
  const auto hmid = content(H.lemmas, pre, he);
  const std::size_t shared = pre + suf;

  // One swapped span: its lexical relation decides.
  {
    auto strip = [&](const std::vector<std::string>& v, std::size_t from, std::size_t to) {
      std::vector<std::string> out;
      for (std::size_t i = from; i < to; ++i) {
        std::string w = v[i];
        // "second-floor" / "90th-floor": ordinals as numbers.
        if (auto d = w.find('-'); d != std::string::npos && d > 0) {
          for (const Token& t : tokenize(lex, w.substr(0, d)))
            if (t.kind == Token::Kind::ordinal || t.kind == Token::Kind::number) w = t.text + w.substr(d);
        }
        if (in(w, {"a", "an", "the", ",", "from", "to", "of", "away", "be", "'s"})) continue;
        // Hyphenated compounds: "sun-lit" / "moon-lit" -> compare the parts.
        const auto dash = w.find('-');
        if (dash != std::string::npos && dash > 0 && dash + 1 < w.size()) {
          out.push_back(lex.lemma(w.substr(0, dash)));
          out.push_back(lex.lemma(w.substr(dash + 1)));
        } else {
          out.push_back(w);
        }
      }
      return out;
    };
    auto ps = strip(P.lemmas, pre, pe), hs = strip(H.lemmas, pre, he);
    // Drop parts the two spans share ("sun lit" / "moon lit").
    std::vector<std::string> ps2, hs2;
    for (const auto& x : ps)
      if (std::find(hs.begin(), hs.end(), x) == hs.end() && (!function_word(x) || ps.size() == 1)) ps2.push_back(x);
    for (const auto& y : hs)
      if (std::find(ps.begin(), ps.end(), y) == ps.end() && (!function_word(y) || hs.size() == 1)) hs2.push_back(y);
    if (!neg_flip && !ps2.empty() && !hs2.empty() && ps2.size() <= 4 && hs2.size() <= 4) {
      const std::string jp = joined(ps2, 0, ps2.size()), jh = joined(hs2, 0, hs2.size());
      // Compounds by their written form ("dining room", not "dine room").
      const std::string tp = joined(P.texts, pre, pe), th = joined(H.texts, pre, he);
      bool ex = (ps2.size() > 1 || hs2.size() > 1) &&
                (rel.exclusive_swap(jp, jh) || rel.exclusive_swap(tp, th) ||
                 (ps2.size() == 1 && rel.exclusive_swap(ps2.front(), th)) ||
                 (hs2.size() == 1 && rel.exclusive_swap(tp, hs2.front())));
      for (const auto& x : ps2)
        for (const auto& y : hs2) ex = ex || rel.exclusive_swap(x, y);
      if (ex) {
        // Exclusive alternatives contradict only within one scene.
        r.label = options.same_scene ? Nli::contradiction : Nli::neutral;
        r.confidence = options.same_scene ? 0.85 : 0.6;
        r.why = "the sentences differ by exclusive alternatives (" + rel.kind + "): " + jp + " vs " + jh;
        return r;
      }
      bool all_entailed = true;
      for (const auto& y : hs2) {
        bool ok = false;
        for (const auto& x : ps2)
          ok = ok || rel.synonym(x, y) || rel.hypernym_of(x, y) || rel.synonym_any(x, y) || rel.similar(x, y);
        all_entailed = all_entailed && ok;
      }
      if (all_entailed || rel.synonym_any(jp, jh)) {
        r.label = Nli::entailment;
        r.confidence = 0.8;
        r.why = "the sentences differ by a synonym or a more general word: " + jp + " / " + jh;
        return r;
      }
    }
  }

  // Alignment of H's content words to P's.
  const auto pc = content(P.lemmas, 0, P.lemmas.size());
  const auto hc = content(H.lemmas, 0, H.lemmas.size());
  std::unordered_set<std::string> pset(pc.begin(), pc.end());
  int aligned = 0, more_specific = 0;
  std::vector<std::string> h_unaligned, p_unaligned;
  std::vector<bool> p_used(pc.size(), false);
  for (const auto& h : hc) {
    bool ok = false;
    for (std::size_t k = 0; k < pc.size() && !ok; ++k)
      if (pc[k] == h) ok = true, p_used[k] = true;
    for (std::size_t k = 0; k < pc.size() && !ok; ++k)
      if (rel.synonym(pc[k], h) || rel.hypernym_of(pc[k], h)) ok = true, p_used[k] = true;
    if (ok) {
      ++aligned;
    } else {
      for (const auto& p : pc)
        if (rel.hypernym_of(h, p)) ++more_specific;
      h_unaligned.push_back(h);
    }
  }
  for (std::size_t k = 0; k < pc.size(); ++k)
    if (!p_used[k]) p_unaligned.push_back(pc[k]);
  const double coverage = hc.empty() ? 1.0 : static_cast<double>(aligned) / static_cast<double>(hc.size());

  // Exclusive pair among the unaligned words.
  std::string ex_a, ex_b;
  for (const auto& h : h_unaligned) {
    for (const auto& p : p_unaligned)
      if (rel.exclusive(p, h)) {
        ex_a = p, ex_b = h;
        break;
      }
    if (!ex_a.empty()) break;
  }
  // Multiword spans ("South Korean", "North Korea").
  if (ex_a.empty() && pe > pre && he > pre && pe - pre <= 3 && he - pre <= 3 && (pe - pre > 1 || he - pre > 1)) {
    const std::string a = joined(P.lemmas, pre, pe), b = joined(H.lemmas, pre, he);
    if (rel.exclusive(a, b)) ex_a = a, ex_b = b;
  }

  if (neg_flip) {
    // The negated sentence denies what the other asserts when its content
    // is (mostly) in the other sentence.
    const auto& neg_c = (P.negations % 2) ? pc : hc;
    const auto& pos_c = (P.negations % 2) ? hc : pc;
    int covered = 0;
    for (const auto& w : neg_c) {
      bool ok = false;
      for (const auto& x : pos_c) ok = ok || x == w || rel.synonym(x, w) || rel.hypernym_of(x, w) || rel.hypernym_of(w, x);
      covered += ok;
    }
    const double neg_cov = neg_c.empty() ? 1.0 : static_cast<double>(covered) / static_cast<double>(neg_c.size());
    if (neg_cov >= 0.75 || coverage >= 0.85 || pmid.size() + hmid.size() <= 2) {
      r.label = Nli::contradiction;
      r.confidence = 0.85;
      r.why = "one side negates what the other asserts";
    } else {
      r.label = Nli::neutral;
      r.confidence = 0.55;
      r.why = "negation over different content";
    }
    return r;
  }
  if (options.same_scene && !ex_a.empty() && (coverage >= 0.5 || shared >= 2)) {
    r.label = Nli::contradiction;
    r.confidence = 0.8;
    r.why = "exclusive alternatives: " + ex_a + " vs " + ex_b;
    return r;
  }
  if (h_unaligned.empty()) {
    r.label = Nli::entailment;
    r.confidence = 0.8;
    r.why = "every content word of the hypothesis is in the premise (or more general)";
    return r;
  }
  r.label = Nli::neutral;
  r.confidence = 0.6;
  r.why = "the hypothesis adds " + h_unaligned.front();
  (void)more_specific;
  return r;
}

Nli nli_from_memory_view(const Lexicon& lex, const Claim& a, const Claim& b, Classification c) {
  switch (c) {
    case Classification::true_contradiction:
    case Classification::temporal_change: return Nli::contradiction;
    case Classification::duplicate: return Nli::entailment;
    case Classification::compatible: {
      if (a.slot != b.slot || a.values.empty() || b.values.empty()) return Nli::neutral;
      const std::string& va = a.values.front();
      const std::string& vb = b.values.front();
      const WordNet& wn = lex.wordnet();
      std::string ua = va, ub = vb;
      std::replace(ua.begin(), ua.end(), ' ', '_');
      std::replace(ub.begin(), ub.end(), ' ', '_');
      if (!wn.synsets(ua, Pos::noun).empty() && !wn.synsets(ub, Pos::noun).empty()) {
        if (wn_fast::fast_is_a(wn, ua, ub, 2, 6)) return Nli::entailment;
        if (wn_fast::close_siblings(wn, ua, ub, 3)) return Nli::contradiction;  // one scene
      }
      return Nli::neutral;
    }
    default: return Nli::neutral;
  }
}

}  // namespace credence
