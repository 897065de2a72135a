// The judge's learned fallback (see pair_model.hpp).
#include "engine/pair_model.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "engine/judge.hpp"
#include "engine/lexicon.hpp"
#include "engine/relatedness.hpp"
#include "engine/text.hpp"
#include "engine/wn_fast.hpp"

namespace credence {
namespace {

constexpr std::array<const char*, 3> kTiers = {"LOW", "MED", "HIGH"};
constexpr std::array<CueKind, 8> kCueKinds = {CueKind::stop,   CueKind::start, CueKind::switch_,
                                              CueKind::move,   CueKind::update, CueKind::now,
                                              CueKind::new_,   CueKind::past};
constexpr std::array<MemoryKind, 4> kKinds = {MemoryKind::trait, MemoryKind::episode,
                                              MemoryKind::concept_, MemoryKind::relationship};
constexpr const char* kSideFlags[] = {"history", "never", "figurative", "additive", "correction",
                                      "modal",   "amounts", "scope",    "cue",      "tense_past",
                                      "tense_future", "neg", "strong", "noslot", "user", "excl"};
/// Words whose presence in the raw text is a cue of its own: exclusivity
/// ("only", "single"), addition ("also", "another"), time ("now", "since",
/// "anymore", "ago"), frequency and hyperbole ("always", "literally").
constexpr std::string_view kMarkerWords[] = {
    "only",  "also",     "too",     "another", "as",     "well",   "either",     "any",
    "all",   "every",    "single",  "both",    "now",    "currently", "since",   "anymore",
    "longer", "used",    "still",   "just",    "literally", "forever", "always", "usually",
    "sometimes", "again", "new",    "old",     "first",  "last",   "ago",        "yesterday",
    "week",  "month",    "year",    "today"};
constexpr std::string_view kNegators[] = {"not", "never", "no", "none", "nothing", "nobody", "without",
                                     "neither", "nor", "cant", "dont", "doesnt", "isnt", "wont"};

constexpr const char* kCrossed[] = {"scope_contrast", "amt_dim_disjoint", "neg_xor_shared", "val_disjoint",
                                    "stance_opp", "B_cue_shared", "rival"};
/// How the subjects relate; "user" (both about the speaker) is kept apart
/// from "same": every personal memory is about the user, so sharing that
/// subject says little about sharing a topic.
constexpr const char* kSubjectRelations[] = {"same", "overlap", "diff", "none", "user"};

struct Space {
  std::vector<std::string> names;
  std::unordered_map<std::string, int> index;
  int add(std::string n) {
    const int id = static_cast<int>(names.size());
    index.emplace(n, id);
    names.push_back(std::move(n));
    return id;
  }
};

std::string cls_name(std::size_t c) { return to_string(static_cast<Classification>(c)); }

const Space& space() {
  static const Space s = [] {
    Space sp;
    sp.add("bias");
    for (std::size_t c = 0; c < kClassCount; ++c) {
      sp.add("sc_" + cls_name(c));
      sp.add("sconf_" + cls_name(c));
      for (const char* t : kTiers) sp.add("sc_" + cls_name(c) + "_" + t);
    }
    for (const char* t : kTiers) sp.add(std::string("tier_") + t);
    sp.add("sc_refutable");
    sp.add("per_equal");
    sp.add("per_diff");
    sp.add("per_onesided");
    for (const char* n : {"subj_same", "subj_overlap", "both_user", "slot_same", "kw_shared_0",
                          "kw_shared_1", "kw_shared_2", "kw_shared_3", "kw_jacc", "val_shared",
                          "val_disjoint", "stance_opp", "neg_xor", "neg_xor_shared", "B_cue_shared",
                          "tense_diff", "amt_shared", "amt_disjoint", "amt_equal", "scope_same",
                          "scope_contrast", "scope_onesided", "modal_diff", "dom_same", "lenA",
                          "lenB", "subj_diff", "subj_head_same", "subj_head_other_noun", "slot_diff", "amt_dim_disjoint",
                          "amt_dim_none", "top_syn", "top_close", "top_near", "top_none", "top_cover_min",
                          "top_cover_max", "neg_xor_related", "stance_opp_related", "rival"})
      sp.add(n);
    // Cues that oppose the two statements only when they are about one thing:
    // each crossed with how the subjects relate.
    for (const char* x : kCrossed)
      for (const char* rel : kSubjectRelations) sp.add(std::string(x) + "_subj_" + rel);
    for (const char* side : {"A", "B"}) {
      for (int st = -1; st <= 1; ++st) sp.add(std::string(side) + "_stance_" + std::to_string(st));
      for (CueKind k : kCueKinds) sp.add(std::string(side) + "_cue_" + to_string(k));
      sp.add(std::string(side) + "_cue_other");
      for (const char* f : kSideFlags) sp.add(std::string(side) + "_" + f);
      for (MemoryKind k : kKinds) sp.add(std::string(side) + "_kind_" + to_string(k));
      for (std::string_view w : kMarkerWords) sp.add(std::string(side) + "_w_" + std::string(w));
    }
    return sp;
  }();
  return s;
}

int id(std::string_view name) {
  const auto& idx = space().index;
  auto it = idx.find(std::string(name));
  return it == idx.end() ? -1 : it->second;
}

}  // namespace

/// Lower-case word tokens of raw text: runs of letters, digits and
/// apostrophes (a typographic apostrophe counts), and "!" / "?" alone.
void text_words(std::string_view text, std::vector<std::string>& out) {
  out.clear();
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
        static_cast<unsigned char>(text[i + 2]) == 0x99) {
      cur.push_back('\'');
      i += 2;
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '\'') {
      cur.push_back(static_cast<char>(ch));
    } else if (ch >= 'A' && ch <= 'Z') {  // the "C" locale's isalnum and tolower, without the calls
      cur.push_back(static_cast<char>(ch - 'A' + 'a'));
    } else {
      flush();
      if (ch == '!' || ch == '?') out.emplace_back(1, static_cast<char>(ch));
    }
  }
  flush();
}

namespace {

bool negator(std::string_view w) {
  if (w.size() > 3 && w.substr(w.size() - 3) == "n't") return true;
  for (std::string_view n : kNegators)
    if (w == n) return true;
  return false;
}

bool contains(const std::vector<std::string>& v, std::string_view w) {
  return std::find(v.begin(), v.end(), w) != v.end();
}

/// How many distinct words of `a` have a match in `b` (`match(x, b)`).
template <class Match>
std::size_t shared_if(const std::vector<std::string>& a, const std::vector<std::string>& b, Match match) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (match(a[i], b) && std::find(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(i), a[i]) ==
                              a.begin() + static_cast<std::ptrdiff_t>(i))
      ++n;
  return n;
}

std::size_t shared(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return shared_if(a, b, [](const std::string& x, const std::vector<std::string>& in) { return contains(in, x); });
}

std::size_t distinct(const std::vector<std::string>& a) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::find(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(i), a[i]) ==
        a.begin() + static_cast<std::ptrdiff_t>(i))
      ++n;
  return n;
}

/// The kind of an amount as the normaliser writes it: its unit suffix
/// ("5400s" -> "s", "25mb" -> "mb"), ":" for a clock time, "" for a number.
std::string_view amount_dim(std::string_view a) {
  if (a.find(':') != std::string_view::npos) return ":";
  std::size_t i = a.size();
  while (i > 0 && !std::isdigit(static_cast<unsigned char>(a[i - 1]))) --i;
  return a.substr(i);
}

/// A keyword that names one of a kind of things which exclude each other:
/// a member of an exclusive lexicon class ("vegan", "postgresql"), or a noun
/// whose first sense is a place, a time or a named instance ("antwerp",
/// "april", "bali").
bool name_like(const Lexicon& lex, const std::string& w) {
  if (const ClassDef* c = lex.class_of(w)) return c->exclusive;
  const WordNet& wn = lex.wordnet();
  const auto ids = wn.synsets(w, Pos::noun);
  if (ids.empty()) return false;
  static const auto [location, time] = [] {
    std::pair<int, int> r{-1, -1};
    for (int i = 0; i < 64; ++i) {
      const std::string_view n = WordNet::lexfile_name(static_cast<std::uint8_t>(i));
      if (n == "noun.location") r.first = i;
      if (n == "noun.time") r.second = i;
    }
    return r;
  }();
  const auto& s = wn.synset(ids.front());
  if (s.lexfile == location || s.lexfile == time) return true;
  for (const auto& p : wn.pointers(ids.front()))
    if (p.rel == WordNet::Rel::instance_hypernym) return true;
  return false;
}

/// Two keywords, one only in each claim, that name two different members of
/// one exclusive kind: two cities, two months, two databases ("Karim lives
/// in Rotterdam" / "Karim's flat is in Antwerp"), whatever slot the parser
/// found for each.
bool rival_names(const Lexicon& lex, const Claim& a, const Claim& b) {
  auto only = [&](const Claim& x, const Claim& y) {
    std::vector<const std::string*> out;
    for (const auto& w : x.keywords)
      if (!contains(y.keywords, w) && name_like(lex, w)) out.push_back(&w);
    return out;
  };
  const auto xa = only(a, b);
  if (xa.empty()) return false;
  const auto xb = only(b, a);
  for (const std::string* x : xa)
    for (const std::string* y : xb) {
      const ClassDef* cx = lex.class_of(*x);
      if (cx) {
        if (cx == lex.class_of(*y)) return true;
        continue;
      }
      if (wn_fast::fast_co_hyponyms(lex.wordnet(), *x, *y)) return true;
    }
  return false;
}

std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t j = s.find(' ', i);
    const std::size_t end = j == std::string_view::npos ? s.size() : j;
    if (end > i) out.emplace_back(s.substr(i, end - i));
    i = end + 1;
  }
  return out;
}

}  // namespace

/// Numbers are compared through the claims' amounts (amt_* features); as
/// words they would only teach which numbers the training pairs happened to
/// use.
constexpr std::string_view kNumberWords[] = {
    "zero",  "one",   "two",    "three",  "four",   "five",    "six",     "seven",    "eight",
    "nine",  "ten",   "eleven", "twelve", "twenty", "thirty",  "forty",   "fifty",    "sixty",
    "hundred", "thousand", "million", "dozen", "half", "once", "twice", "thrice"};

namespace {

/// Number words, looked up once per word. Function words are weighed: who
/// the statement is about ("i", "my", "we", "he"), its tense ("was", "had",
/// "will") and its force ("must", "can") are cues. (Until 2026-12-07 they
/// were left out as style; with them, 5-fold cross-validation over 12,472
/// training pairs went from 0.750 / 0.839 to 0.758 / 0.847, and every unseen
/// set gained: docs/evaluation.md.)
bool unweighted_word(std::string_view w) {
  static const std::unordered_set<std::string_view, WordHash> words(std::begin(kNumberWords), std::end(kNumberWords));
  return words.contains(w);
}

/// The index of a marker word in kMarkerWords, or -1.
int marker_index(std::string_view w) {
  static const std::unordered_map<std::string_view, int, WordHash> index = [] {
    std::unordered_map<std::string_view, int, WordHash> m;
    for (std::size_t i = 0; i < std::size(kMarkerWords); ++i) m.emplace(kMarkerWords[i], static_cast<int>(i));
    return m;
  }();
  auto it = index.find(w);
  return it == index.end() ? -1 : it->second;
}

}  // namespace

void pair_tokens_of(const std::vector<std::string>& words, std::vector<std::string>& out) {
  out.clear();
  for (const auto& w : words)
    if (w != "!" && w != "?" && !unweighted_word(w) &&
        std::none_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      out.push_back(w);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::span<const std::string> pair_feature_names() { return space().names; }
int pair_feature_id(std::string_view name) { return id(name); }

namespace {

/// The ids of the features pair_features() sets, looked up once, so that no
/// feature name is built or hashed per pair.
struct FeatureIds {
  std::array<int, kClassCount> sc{}, sconf{};
  std::array<std::array<int, 3>, kClassCount> sc_tier{};
  std::array<int, 3> tier{};
  std::array<int, 4> kw_shared{};
  struct Side {
    std::array<int, 3> stance{};
    std::array<int, kCueKinds.size()> cue{};
    int cue_other = -1;
    std::array<int, std::size(kSideFlags)> flag{};
    std::array<int, kKinds.size()> kind{};
    std::array<int, std::size(kMarkerWords)> word{};
    int cue_kind(CueKind k) const {
      for (std::size_t i = 0; i < kCueKinds.size(); ++i)
        if (kCueKinds[i] == k) return cue[i];
      return cue_other;
    }
    int kind_of(MemoryKind k) const {
      for (std::size_t i = 0; i < kKinds.size(); ++i)
        if (kKinds[i] == k) return kind[i];
      return -1;
    }
  };
  std::array<Side, 2> side{};
  std::array<int, std::size(kCrossed)> crossed{};
  std::array<std::array<int, std::size(kSubjectRelations)>, std::size(kCrossed)> crossed_subj{};
};

/// A feature name written in the code, as a template argument.
template <std::size_t N>
struct FeatureName {
  char s[N]{};
  constexpr FeatureName(const char (&x)[N]) {  // NOLINT: implicit by design
    for (std::size_t i = 0; i < N; ++i) s[i] = x[i];
  }
  constexpr std::string_view view() const { return {s, N - 1}; }
};

/// The id of a feature the code names, looked up once per name.
template <FeatureName name>
int fid() {
  static const int i = id(name.view());
  return i;
}

const FeatureIds& feature_ids() {
  static const FeatureIds f = [] {
    FeatureIds x;
    for (std::size_t c = 0; c < kClassCount; ++c) {
      x.sc[c] = id("sc_" + cls_name(c));
      x.sconf[c] = id("sconf_" + cls_name(c));
      for (std::size_t t = 0; t < kTiers.size(); ++t) x.sc_tier[c][t] = id("sc_" + cls_name(c) + "_" + kTiers[t]);
    }
    for (std::size_t t = 0; t < kTiers.size(); ++t) x.tier[t] = id(std::string("tier_") + kTiers[t]);
    for (std::size_t k = 0; k < 4; ++k) x.kw_shared[k] = id("kw_shared_" + std::to_string(k));
    for (std::size_t s = 0; s < 2; ++s) {
      const std::string p = s == 0 ? "A" : "B";
      auto& S = x.side[s];
      for (int st = -1; st <= 1; ++st) S.stance[static_cast<std::size_t>(st + 1)] = id(p + "_stance_" + std::to_string(st));
      for (std::size_t i = 0; i < kCueKinds.size(); ++i) S.cue[i] = id(p + "_cue_" + to_string(kCueKinds[i]));
      S.cue_other = id(p + "_cue_other");
      for (std::size_t i = 0; i < std::size(kSideFlags); ++i) S.flag[i] = id(p + "_" + kSideFlags[i]);
      for (std::size_t i = 0; i < kKinds.size(); ++i) S.kind[i] = id(p + "_kind_" + to_string(kKinds[i]));
      for (std::size_t i = 0; i < std::size(kMarkerWords); ++i)
        S.word[i] = id(p + "_w_" + std::string(kMarkerWords[i]));
    }
    for (std::size_t c = 0; c < std::size(kCrossed); ++c) {
      x.crossed[c] = id(kCrossed[c]);
      for (std::size_t r = 0; r < std::size(kSubjectRelations); ++r)
        x.crossed_subj[c][r] = id(std::string(kCrossed[c]) + "_subj_" + kSubjectRelations[r]);
    }
    return x;
  }();
  return f;
}

}  // namespace

void pair_features(const Lexicon& lex, const PairView& ea, const PairView& eb,
                   const StructuralView& sv, PairFeatures& out) {
  out.clear();
  const FeatureIds& F = feature_ids();
  // Where each feature sits in `out` (-1: not set), reset on the way out.
  thread_local std::vector<int> slot;
  slot.resize(space().names.size(), -1);
  auto set_id = [&](int i, float v = 1.0f) {
    if (i < 0) return;
    int& at = slot[static_cast<std::size_t>(i)];
    if (at >= 0) {
      out[static_cast<std::size_t>(at)].second = v;
      return;
    }
    at = static_cast<int>(out.size());
    out.emplace_back(i, v);
  };
  const Claim& a = ea.claim;
  const Claim& b = eb.claim;
  const auto ci = static_cast<std::size_t>(sv.cls), ti = static_cast<std::size_t>(sv.tier);
  set_id(fid<"bias">());
  set_id(F.sc[ci]);
  set_id(F.sconf[ci], static_cast<float>(sv.confidence));
  set_id(F.sc_tier[ci][ti]);
  set_id(F.tier[ti]);
  if (sv.refutable) set_id(fid<"sc_refutable">());

  // Subjects and slots.
  std::size_t subject_rel = 3;  // kSubjectRelations: same, overlap, diff, none, user
  if (a.subject == "user" && b.subject == "user") {
    subject_rel = 4;
  } else if (!a.subject.empty() && a.subject == b.subject) {
    set_id(fid<"subj_same">());
    subject_rel = 0;
  } else if (!a.subject.empty() && !b.subject.empty()) {
    const auto wa = words_of(a.subject), wb = words_of(b.subject);
    subject_rel = shared(wa, wb) > 0 ? 1 : 2;
    set_id(shared(wa, wb) > 0 ? fid<"subj_overlap">() : fid<"subj_diff">());
    if (!wa.empty() && !wb.empty()) {
      const std::string& ha = wa.back();
      const std::string& hb = wb.back();
      if (ha == hb) {
        set_id(fid<"subj_head_same">());
      } else {
        // Two dictionary nouns that are not synonyms name different things
        // ("the billing database" / "the billing API"); an unknown word may
        // be a name for the same one ("search-svc").
        const WordNet& wn = lex.wordnet();
        if (wn.known(ha, Pos::noun) && wn.known(hb, Pos::noun) && !wn.synonyms(ha, hb, Pos::noun))
          set_id(fid<"subj_head_other_noun">());
      }
    }
  }
  if (a.subject == "user" && b.subject == "user") set_id(fid<"both_user">());
  if (!a.slot.empty() && a.slot == b.slot) set_id(fid<"slot_same">());
  else if (!a.slot.empty() && !b.slot.empty()) set_id(fid<"slot_diff">());

  // Content words, values, amounts.
  const std::size_t n = shared(a.keywords, b.keywords);
  set_id(F.kw_shared[std::min<std::size_t>(n, 3)]);
  const std::size_t uni = distinct(a.keywords) + distinct(b.keywords) - n;
  if (uni > 0) set_id(fid<"kw_jacc">(), static_cast<float>(n) / static_cast<float>(uni));
  if (!a.values.empty() && !b.values.empty()) {
    // A value that starts with the other's words names it too ("storage
    // team" / "storage", "Liverpool FC" / "Liverpool"; judge.cpp reads such
    // a pair as a restatement).
    bool common = shared(a.values, b.values) > 0;
    for (const auto& x : a.values)
      for (const auto& y : b.values) common = common || extends_words(x, y) || extends_words(y, x);
    set_id(common ? fid<"val_shared">() : fid<"val_disjoint">());
  }
  // Words of one topic that are not the same word (relatedness.hpp).
  const TopicOverlap t = sv.topics ? *sv.topics : topic_overlap(lex.wordnet(), a.keywords, b.keywords);
  const bool related = t.synonym + t.close > 0;
  {
    if (t.synonym > 0) set_id(fid<"top_syn">());
    if (t.close > 0) set_id(fid<"top_close">());
    if (t.near > 0) set_id(fid<"top_near">());
    if (t.same + t.synonym + t.close + t.near == 0) set_id(fid<"top_none">());
    set_id(fid<"top_cover_min">(), std::min(t.cover_a, t.cover_b));
    set_id(fid<"top_cover_max">(), std::max(t.cover_a, t.cover_b));
  }
  // How often (Claim::period): the same schedule, two, or one named.
  if (a.period && b.period) {
    const double x = *a.period, y = *b.period;
    set_id(std::abs(x - y) <= 0.015 * std::max(x, y) ? fid<"per_equal">() : fid<"per_diff">());
  } else if (a.period || b.period) {
    set_id(fid<"per_onesided">());
  }
  if (!a.amounts.empty() && !b.amounts.empty()) {
    // One amount in other units or rounded ("2 miles" / "3.2 km") is the
    // same amount (same_amount_text).
    auto found_in = [](const std::string& x, const std::vector<std::string>& in) {
      return std::any_of(in.begin(), in.end(), [&](const std::string& y) { return same_amount_text(x, y); });
    };
    const std::size_t s = shared_if(a.amounts, b.amounts, found_in);
    set_id(s > 0 ? fid<"amt_shared">() : fid<"amt_disjoint">());
    if (s == distinct(a.amounts) && shared_if(b.amounts, a.amounts, found_in) == distinct(b.amounts))
      set_id(fid<"amt_equal">());
    // Numbers of one kind that differ (a port and a port) say more than
    // numbers of different kinds (a port and a timeout).
    bool common_dim = false, dim_disjoint = false;
    for (const auto& x : a.amounts)
      for (const auto& y : b.amounts)
        if (amount_dim(x) == amount_dim(y)) {
          common_dim = true;
          if (!found_in(x, b.amounts) && !found_in(y, a.amounts)) dim_disjoint = true;
        }
    if (!common_dim) set_id(fid<"amt_dim_none">());
    else if (dim_disjoint && s == 0) set_id(fid<"amt_dim_disjoint">());
  }

  // Stance, negation, change, time.
  if (a.stance * b.stance < 0) set_id(fid<"stance_opp">());
  // The raw words of each text: the caller's when it has them.
  thread_local std::vector<std::string> own_a, own_b;
  if (!ea.words) text_words(ea.text, own_a);
  if (!eb.words) text_words(eb.text, own_b);
  const std::vector<std::string>& ta = ea.words ? *ea.words : own_a;
  const std::vector<std::string>& tb = eb.words ? *eb.words : own_b;
  const bool neg_a = std::any_of(ta.begin(), ta.end(), [](const std::string& w) { return negator(w); });
  const bool neg_b = std::any_of(tb.begin(), tb.end(), [](const std::string& w) { return negator(w); });
  if (neg_a != neg_b) {
    set_id(fid<"neg_xor">());
    if (n > 0) set_id(fid<"neg_xor_shared">());
    if (related) set_id(fid<"neg_xor_related">());
  }
  if (a.stance * b.stance < 0 && related) set_id(fid<"stance_opp_related">());
  if (rival_names(lex, a, b)) set_id(fid<"rival">());
  if (!b.change_cues.empty() && n > 0) set_id(fid<"B_cue_shared">());
  if ((a.tense == Tense::past) != (b.tense == Tense::past)) set_id(fid<"tense_diff">());
  if (a.modality != Modality::none && b.modality != Modality::none && a.modality != b.modality)
    set_id(fid<"modal_diff">());
  if (!a.domain.empty() && a.domain == b.domain) set_id(fid<"dom_same">());

  // Scopes.
  bool one_sided = false;
  for (ScopeDim d : kScopeDims) {
    const std::string& x = a.scope.get(d);
    const std::string& y = b.scope.get(d);
    if (!x.empty() && !y.empty()) set_id(x == y ? fid<"scope_same">() : fid<"scope_contrast">());
    else if (!x.empty() || !y.empty()) one_sided = true;
  }
  if (one_sided) set_id(fid<"scope_onesided">());

  set_id(fid<"lenA">(), static_cast<float>(std::min<std::size_t>(ta.size(), 30)) / 30.0f);
  set_id(fid<"lenB">(), static_cast<float>(std::min<std::size_t>(tb.size(), 30)) / 30.0f);

  // Each side alone.
  auto side = [&](const FeatureIds::Side& S, const Claim& c, const PairView& e, const std::vector<std::string>& t,
                  bool neg) {
    set_id(S.stance[static_cast<std::size_t>(std::clamp(c.stance, -1, 1) + 1)]);
    for (const auto& cue : c.change_cues) {
      const CueDef* d = lex.cue_by_phrase(cue);
      set_id(d ? S.cue_kind(d->kind) : S.cue_other);
    }
    // In the order of kSideFlags.
    const bool flags[] = {c.history,
                          c.never,
                          c.figurative,
                          c.additive,
                          c.correction,
                          c.modality != Modality::none,
                          !c.amounts.empty(),
                          !c.scope.empty(),
                          !c.change_cues.empty(),
                          c.tense == Tense::past,
                          c.tense == Tense::future,
                          neg,
                          c.strong,
                          c.slot.empty(),
                          c.subject == "user",
                          contains(t, "!")};
    static_assert(std::size(flags) == std::size(kSideFlags), "one flag per name of kSideFlags");
    for (std::size_t i = 0; i < std::size(flags); ++i)
      if (flags[i]) set_id(S.flag[i]);
    set_id(S.kind_of(e.kind));
    // In the order of kMarkerWords, whatever the order of the text.
    std::array<bool, std::size(kMarkerWords)> marked{};
    for (const auto& w : t)
      if (const int m = marker_index(w); m >= 0) marked[static_cast<std::size_t>(m)] = true;
    for (std::size_t i = 0; i < marked.size(); ++i)
      if (marked[i]) set_id(S.word[i]);
  };
  side(F.side[0], a, ea, ta, neg_a);
  side(F.side[1], b, eb, tb, neg_b);

  for (std::size_t x = 0; x < std::size(kCrossed); ++x)
    if (slot[static_cast<std::size_t>(F.crossed[x])] >= 0) set_id(F.crossed_subj[x][subject_rel]);
  for (const auto& [fid, v] : out) slot[static_cast<std::size_t>(fid)] = -1;
}

Expected<PairModel> PairModel::parse(std::string_view text, std::string_view file_name) {
  PairModel m;
  const std::size_t nf = space().names.size();
  std::size_t pos = 0;
  int line_no = 0;
  bool any = false;
  while (pos <= text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    auto bad = [&](const std::string& why) {
      return make_error(Errc::invalid_argument,
                        "lexicon " + std::string(file_name) + ":" + std::to_string(line_no) + ": " + why,
                        "judge.lexicon_dir");
    };
    std::vector<std::string_view> f;
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      if (i >= line.size() || line[i] == '#') break;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
      f.push_back(line.substr(i, j - i));
      i = j;
    }
    if (f.empty()) continue;
    if (f.size() != 1 + kClassCount)
      return bad("expected a feature name and " + std::to_string(kClassCount) + " weights");
    auto prefixed = [&](std::string_view prefix) {
      return f[0].size() > prefix.size() && f[0].substr(0, prefix.size()) == prefix;
    };
    const bool token = prefixed(kTokenPrefix), memory_token = prefixed(kMemoryTokenPrefix);
    const int fid = token || memory_token ? -1 : id(f[0]);
    if (!token && !memory_token && fid < 0) return bad("unknown feature '" + std::string(f[0]) + "'");
    if (!any) m.weights_.assign(nf, std::array<float, kClassCount>{});
    any = true;
    std::array<float, kClassCount> w{};
    for (std::size_t c = 0; c < kClassCount; ++c) {
      const auto r = std::from_chars(f[c + 1].data(), f[c + 1].data() + f[c + 1].size(), w[c]);
      if (r.ec != std::errc() || r.ptr != f[c + 1].data() + f[c + 1].size() || !std::isfinite(w[c]))
        return bad("weight '" + std::string(f[c + 1]) + "' is not a number");
    }
    if (token) m.token_weights_[std::string(f[0].substr(kTokenPrefix.size()))] = w;
    else if (memory_token) m.memory_token_weights_[std::string(f[0].substr(kMemoryTokenPrefix.size()))] = w;
    else m.weights_[static_cast<std::size_t>(fid)] = w;
  }
  return m;
}

double PairModel::token_weight(const std::string& word, std::size_t cls, bool memory) const {
  const auto& table = memory ? memory_token_weights_ : token_weights_;
  auto it = table.find(word);
  return it == table.end() ? 0.0 : it->second[cls];
}

std::array<double, kClassCount> PairModel::probabilities(const PairFeatures& f, std::span<const std::string> tokens,
                                                         std::span<const std::string> memory_tokens) const {
  std::array<double, kClassCount> z{};
  if (weights_.empty()) return z;
  for (const auto& [fid, v] : f) {
    const auto& w = weights_[static_cast<std::size_t>(fid)];
    for (std::size_t c = 0; c < kClassCount; ++c) z[c] += static_cast<double>(w[c]) * v;
  }
  auto add = [&](const auto& table, std::span<const std::string> words) {
    for (const auto& t : words)
      if (auto it = table.find(t); it != table.end())
        for (std::size_t c = 0; c < kClassCount; ++c) z[c] += static_cast<double>(it->second[c]);
  };
  add(token_weights_, tokens);
  add(memory_token_weights_, memory_tokens);
  const double mx = *std::max_element(z.begin(), z.end());
  double sum = 0;
  for (double& x : z) sum += (x = std::exp(x - mx));
  for (double& x : z) x /= sum;
  return z;
}

}  // namespace credence
