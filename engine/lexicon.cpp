// The lexicon loader. Every curated file has the same shape: one entry per
// line, fields separated by '|', lists separated by ','; '#' at the start of
// a line or after a blank starts a comment. Parse errors name file:line.
#include "engine/lexicon.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "config/config.hpp"
#include "engine/text.hpp"

namespace credence {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      out.emplace_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

/// "with {det} friends" -> "with friends", "with my friends", "with our
/// friends", "with the friends", ... (scopes.txt: one entry for every way a
/// phrase may be determined).
std::vector<std::string> expand_determiners(const std::string& phrase) {
  static const char* kDets[] = {"", "my", "our", "the", "a", "his", "her", "their", "all", "all the", "all our"};
  const auto at = phrase.find("{det}");
  if (at == std::string::npos) return {phrase};
  std::vector<std::string> out;
  for (const char* det : kDets) {
    std::string p = phrase.substr(0, at) + det + phrase.substr(at + 5);
    std::string squeezed;
    for (char c : p)
      if (!(c == ' ' && (squeezed.empty() || squeezed.back() == ' '))) squeezed += c;
    while (!squeezed.empty() && squeezed.back() == ' ') squeezed.pop_back();
    for (auto& more : expand_determiners(squeezed)) out.push_back(std::move(more));
  }
  return out;
}

std::vector<std::string> split_list(std::string_view s) {
  std::vector<std::string> out;
  for (auto& x : split(s, ','))
    if (!x.empty()) out.push_back(std::move(x));
  return out;
}

std::string strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t'))
      return std::string(line.substr(0, i));
  }
  return std::string(line);
}

bool ends_with(std::string_view s, std::string_view suf) {
  return s.size() > suf.size() && s.substr(s.size() - suf.size()) == suf;
}

std::string join(const Phrase& p) {
  std::string out;
  for (const auto& w : p) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

}  // namespace

const char* to_string(CueKind k) {
  switch (k) {
    case CueKind::stop: return "stop";
    case CueKind::start: return "start";
    case CueKind::switch_: return "switch";
    case CueKind::move: return "move";
    case CueKind::update: return "update";
    case CueKind::now: return "now";
    case CueKind::new_: return "new";
    case CueKind::past: return "past";
  }
  return "update";
}

// ---- PhraseTable -------------------------------------------------------------

void PhraseTable::add(Phrase p, int entry) {
  if (p.empty()) return;
  auto& list = by_first_[p.front()];
  list.emplace_back(std::move(p), entry);
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
    return a.first.size() > b.first.size();
  });
  ++count_;
}

PhraseTable::Match PhraseTable::match(std::span<const std::string> lemmas,
                                      std::size_t pos) const {
  if (pos >= lemmas.size()) return {};
  auto it = by_first_.find(lemmas[pos]);
  if (it == by_first_.end()) return {};
  for (const auto& [phrase, entry] : it->second) {
    if (pos + phrase.size() > lemmas.size()) continue;
    bool ok = true;
    for (std::size_t i = 1; i < phrase.size() && ok; ++i) ok = lemmas[pos + i] == phrase[i];
    if (ok) return {entry, phrase.size()};
  }
  return {};
}

// ---- morphology --------------------------------------------------------------

std::string Lexicon::lemma(std::string_view word) const {
  const std::string w = lower_case(word);
  if (w.empty() || !std::all_of(w.begin(), w.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || c == '-' || c == '\'';
      }))
    return w;
  static const std::unordered_map<std::string, std::string> kFixed = {
      {"am", "be"},       {"is", "be"},       {"are", "be"},     {"was", "be"},
      {"were", "be"},     {"been", "be"},     {"being", "be"},   {"has", "have"},
      {"had", "have"},    {"having", "have"}, {"does", "do"},    {"did", "do"},
      {"done", "do"},     {"left", "leave"},  {"us", "us"},      {"its", "its"},
      {"this", "this"},   {"his", "his"},     {"news", "news"},  {"glasses", "glasses"},
      {"evening", "evening"}, {"morning", "morning"}, {"nothing", "nothing"},
      {"something", "something"}, {"anything", "anything"}, {"everything", "everything"},
      {"wedding", "wedding"}, {"ceiling", "ceiling"}, {"sibling", "sibling"},
      {"siblings", "sibling"}, {"clothing", "clothing"}, {"rose", "rose"},
      {"felt", "felt"}, {"saw", "saw"}, {"lay", "lay"}, {"data", "data"},
      {"children", "child"}, {"people", "people"}, {"men", "man"}, {"women", "woman"},
      {"kids", "kid"}, {"as", "as"}, {"gas", "gas"}, {"yes", "yes"},
      {"less", "less"}, {"during", "during"}, {"ring", "ring"}, {"thing", "thing"},
      {"things", "thing"}, {"king", "king"}, {"spring", "spring"}, {"string", "string"},
      {"always", "always"}, {"sometimes", "sometimes"}, {"perhaps", "perhaps"},
      {"series", "series"}, {"species", "species"}, {"physics", "physics"},
      {"mathematics", "mathematics"}, {"economics", "economics"}, {"politics", "politics"},
      {"tennis", "tennis"}, {"chess", "chess"}, {"across", "across"}, {"towards", "toward"},
      {"lunches", "lunch"}, {"bus", "bus"}, {"plus", "plus"}, {"thus", "thus"},
      {"mornings", "morning"}, {"evenings", "evening"}, {"weekends", "weekend"},
      {"weekdays", "weekday"}, {"afternoons", "afternoon"}, {"nights", "night"},
      {"dead", "dead"}, {"red", "red"}, {"bed", "bed"}, {"need", "need"}, {"speed", "speed"},
      {"seed", "seed"}, {"feed", "feed"}, {"hundred", "hundred"}, {"kindred", "kindred"},
  };
  if (auto it = kFixed.find(w); it != kFixed.end()) return it->second;
  const WordNet& wn = *wn_;
  if (w.find_first_of("-'") == std::string::npos) {
    // Irregular verb forms first ("bought" -> "buy", "born" -> "bear").
    auto vb = wn.base_forms(w, Pos::verb);
    const bool inflected = ends_with(w, "s") || ends_with(w, "ed") || ends_with(w, "ing");
    for (const auto& b : vb) {
      if (b == w) continue;
      // "-es" off a word whose "-s" off is a word too: the plain "-s"
      // ("nodes" -> node, not nod; "rides" -> ride, not rid).
      if (ends_with(w, "es") && b.size() + 2 == w.size()) {
        const std::string s_off = w.substr(0, w.size() - 1);
        if (!wn.synsets(s_off, Pos::noun).empty() || !wn.synsets(s_off, Pos::verb).empty()) return s_off;
      }
      if (inflected || wn.synsets(w, Pos::verb).empty()) return b;
    }
  }
  for (Pos p : {Pos::noun, Pos::adj, Pos::adv, Pos::verb})
    if (!wn.synsets(w, p).empty()) return w;
  for (Pos p : {Pos::noun, Pos::adj}) {
    auto b = wn.base_forms(w, p);
    for (const auto& x : b)
      if (x != w) return x;
  }
  // Unknown plural ("replicas", "approvals"): strip a plain -s.
  if (ends_with(w, "s") && !ends_with(w, "ss") && w.size() > 3) {
    std::string stem = w.substr(0, w.size() - 1);
    if (!wn.synsets(stem, Pos::noun).empty()) return stem;
  }
  return w;
}

Phrase Lexicon::lemmatise_phrase(std::string_view phrase, bool strip_drops) const {
  // The same tokeniser as the text, so numbers, units and contractions in a
  // phrase match their forms in statements ("on cloud nine" -> "on cloud 9").
  Phrase out;
  for (const Token& t : tokenize(*this, phrase)) {
    if (t.kind == Token::Kind::punct) continue;
    if (strip_drops && drop_words_.count(t.lemma)) continue;
    out.push_back(t.lemma);
  }
  return out;
}

// ---- lookups -----------------------------------------------------------------

const SlotDef* Lexicon::slot(std::string_view name) const {
  auto it = slot_index_.find(name);
  return it == slot_index_.end() ? nullptr : &slots_[static_cast<std::size_t>(it->second)];
}

const CueDef* Lexicon::cue_by_phrase(std::string_view phrase) const {
  auto it = cue_by_phrase_.find(phrase);
  return it == cue_by_phrase_.end() ? nullptr : &cue_defs_[static_cast<std::size_t>(it->second)];
}

std::string_view Lexicon::scope_parent(std::string_view dimension, std::string_view value) const {
  auto it = scope_parent_.find(std::string(dimension) + ":" + std::string(value));
  return it == scope_parent_.end() ? std::string_view() : std::string_view(it->second);
}

const ClassDef* Lexicon::class_named(std::string_view name) const {
  for (const auto& c : classes_)
    if (c.name == name) return &c;
  return nullptr;
}

const ClassDef* Lexicon::class_of(std::string_view member) const {
  auto it = class_member_.find(member);
  return it == class_member_.end() ? nullptr : &classes_[static_cast<std::size_t>(it->second)];
}

std::string_view Lexicon::lexfile_domain(std::string_view lexfile) const {
  auto it = lexfile_domain_.find(lexfile);
  return it == lexfile_domain_.end() ? std::string_view() : std::string_view(it->second);
}

std::string_view Lexicon::class_domain(std::string_view cls) const {
  auto it = class_domain_.find(cls);
  return it == class_domain_.end() ? std::string_view() : std::string_view(it->second);
}

bool Lexicon::related_domains(std::string_view a, std::string_view b) const {
  if (a.empty() || b.empty()) return false;
  if (a == b) return true;
  std::string key(a);
  key += '|';
  key += b;
  return related_domains_.count(key) > 0;
}

bool Lexicon::generic_domain(std::string_view d) const {
  return d.empty() || generic_domains_.contains(d);
}

std::string Lexicon::canonical(std::string_view name) const {
  auto it = alias_map_.find(name);
  return it == alias_map_.end() ? std::string(name) : it->second;
}

const UnitDef* Lexicon::unit(std::string_view alias) const {
  auto it = unit_alias_.find(alias);
  return it == unit_alias_.end() ? nullptr : &unit_defs_[static_cast<std::size_t>(it->second)];
}

// ---- loading -----------------------------------------------------------------

Status Lexicon::parse_file(const std::string& name, const std::string& text) {
  std::istringstream in(text);
  std::string raw;
  int line_no = 0;
  while (std::getline(in, raw)) {
    ++line_no;
    const std::string line = strip_comment(raw);
    if (trim(line).empty()) continue;
    const auto f = split(line, '|');
    auto bad = [&](const std::string& why) {
      return make_error(Errc::invalid_argument,
                        "lexicon " + name + ":" + std::to_string(line_no) + ": " + why,
                        "judge.lexicon_dir");
    };
    auto need = [&](std::size_t n) { return f.size() >= n; };
    if (name == "slots.txt") {
      if (!need(4)) return bad("expected: slot | single|multi|fixed|habit | domain | patterns");
      if (f[1] != "single" && f[1] != "multi" && f[1] != "fixed" && f[1] != "habit")
        return bad("cardinality must be single, multi, fixed or habit");
      const int idx = static_cast<int>(slots_.size());
      slots_.push_back({f[0], f[1] != "multi", f[2], f[1] == "fixed", f[1] == "habit"});
      slot_index_.emplace(f[0], idx);
      for (const auto& p : split_list(f[3])) {
        if (p == "-") continue;
        Phrase ph = lemmatise_phrase(p, true);
        slot_pattern_defs_.push_back({idx, ph.size()});
        slot_patterns_.add(std::move(ph), static_cast<int>(slot_pattern_defs_.size() - 1));
      }
    } else if (name == "stance.txt") {
      if (!need(3)) return bad("expected: phrase | polarity | exclusive");
      StanceDef d;
      d.polarity = std::atoi(f[1].c_str());
      if (d.polarity == 0) return bad("polarity must be non-zero");
      d.exclusive = f[2] == "yes";
      stance_defs_.push_back(d);
      stance_table_.add(lemmatise_phrase(f[0], true), static_cast<int>(stance_defs_.size() - 1));
    } else if (name == "change_cues.txt") {
      if (!need(2)) return bad("expected: phrase | kind | targets");
      CueDef d;
      d.phrase = join(lemmatise_phrase(f[0]));
      static const std::pair<const char*, CueKind> kinds[] = {
          {"stop", CueKind::stop},     {"start", CueKind::start}, {"switch", CueKind::switch_},
          {"move", CueKind::move},     {"update", CueKind::update}, {"now", CueKind::now},
          {"new", CueKind::new_},      {"past", CueKind::past}};
      bool found = false;
      for (const auto& [n, k] : kinds)
        if (f[1] == n) d.kind = k, found = true;
      if (!found) return bad("unknown cue kind `" + f[1] + "`");
      if (f.size() > 2) d.targets = split_list(f[2]);
      cue_defs_.push_back(d);
      const int idx = static_cast<int>(cue_defs_.size() - 1);
      cue_by_phrase_.emplace(d.phrase, idx);
      cue_table_.add(lemmatise_phrase(f[0]), idx);
    } else if (name == "modality.txt") {
      if (!need(3)) return bad("expected: phrase | modality | polarity");
      ModalDef d;
      if (f[1] == "must") d.modality = Modality::must;
      else if (f[1] == "should") d.modality = Modality::should;
      else if (f[1] == "may") d.modality = Modality::may;
      else return bad("modality must be must, should or may");
      d.polarity = std::atoi(f[2].c_str()) < 0 ? -1 : 1;
      modal_defs_.push_back(d);
      modal_table_.add(lemmatise_phrase(f[0], true), static_cast<int>(modal_defs_.size() - 1));
    } else if (name == "scopes.txt") {
      if (!need(4)) return bad("expected: dimension | value | parent | phrases");
      ScopeDef d{f[0], f[1], f[2] == "-" ? std::string() : f[2]};
      if (!d.parent.empty()) scope_parent_[d.dimension + ":" + d.value] = d.parent;
      scope_defs_.push_back(d);
      const int idx = static_cast<int>(scope_defs_.size() - 1);
      for (const auto& p : split_list(f[3]))
        for (const auto& q : expand_determiners(p)) scope_table_.add(lemmatise_phrase(q), idx);
    } else if (name == "classes.txt") {
      if (!need(4)) return bad("expected: class | slot | exclusive | members");
      classes_.push_back({f[0], f[1], f[2] == "yes", {}});
      const int idx = static_cast<int>(classes_.size() - 1);
      for (const auto& m : split_list(f[3])) {
        Phrase ph = lemmatise_phrase(m);
        const std::string key = join(ph);
        class_member_.emplace(key, idx);
        classes_.back().members.push_back(key);
        if (ph.size() > 1) class_table_.add(std::move(ph), idx);
      }
    } else if (name == "exclusions.txt") {
      if (!need(3)) return bad("expected: holder | verbs | things");
      ExclusionDef d;
      // "slot:NAME" holds for any value of that slot; "*" is that value.
      d.holder = f[0].rfind("slot:", 0) == 0 ? f[0] : join(lemmatise_phrase(f[0]));
      d.possession = f[1] == "-";
      if (!d.possession)
        for (const auto& v : split_list(f[1])) d.verbs.push_back(join(lemmatise_phrase(v)));
      for (const auto& t : split_list(f[2])) d.things.push_back(t == "*" ? t : join(lemmatise_phrase(t)));
      if (f.size() >= 4 && f[3] != "-") {
        // "not drink alcohol": what being the holder means.
        Phrase m = lemmatise_phrase(f[3]);
        if (m.size() < 3 || m[0] != "not") return bad("the fourth field must read 'not VERB THING' or '-'");
        d.means_verb = m[1];
        d.means_thing = join(Phrase(m.begin() + 2, m.end()));
      }
      const auto idx = static_cast<std::uint32_t>(exclusions_.size());
      for (const auto& v : d.verbs) {
        auto& ids = exclusions_by_verb_[v];
        if (ids.empty() || ids.back() != idx) ids.push_back(idx);
      }
      exclusions_.push_back(std::move(d));
    } else if (name == "aliases.txt") {
      if (!need(2)) return bad("expected: canonical | aliases");
      alias_defs_.push_back(f[0]);
      const int idx = static_cast<int>(alias_defs_.size() - 1);
      for (const auto& a : split_list(f[1])) {
        Phrase ph = lemmatise_phrase(a);
        alias_map_.emplace(join(ph), f[0]);
        alias_map_.emplace(lower_case(a), f[0]);
        alias_table_.add(std::move(ph), idx);
      }
    } else if (name == "figurative.txt") {
      if (!need(1)) return bad("expected: phrase | topic");
      figurative_defs_.push_back(f.size() > 1 ? f[1] : std::string("-"));
      figurative_table_.add(lemmatise_phrase(f[0]), static_cast<int>(figurative_defs_.size() - 1));
    } else if (name == "units.txt") {
      if (!need(4)) return bad("expected: unit | dimension | factor [offset] | aliases");
      char* end = nullptr;
      const double factor = std::strtod(f[2].c_str(), &end);
      if (end == f[2].c_str() || !(factor > 0)) return bad("factor must be a positive number");
      // An optional offset after the factor ("0.5555555556 -17.7777777778":
      // Fahrenheit to Celsius).
      char* end2 = nullptr;
      const double offset = std::strtod(end, &end2);
      if (end2 == end) {
        for (const char* c = end; *c; ++c)
          if (*c != ' ' && *c != '\t') return bad("expected a number after the factor (the offset) or nothing");
      } else {
        for (const char* c = end2; *c; ++c)
          if (*c != ' ' && *c != '\t') return bad("expected nothing after the offset");
      }
      unit_defs_.push_back({f[0], f[1], factor, end2 == end ? 0.0 : offset});
      const int idx = static_cast<int>(unit_defs_.size() - 1);
      for (const auto& a : split_list(f[3])) {
        unit_alias_.emplace(lower_case(a), idx);
        Phrase ph;
        for (auto& w : split(lower_case(a), ' '))
          if (!w.empty()) ph.push_back(w);
        unit_table_.add(std::move(ph), idx);
      }
    } else if (name == "words.txt") {
      if (!need(2)) return bad("expected: kind | words");
      const auto words = split_list(f[1]);
      if (f[0] == "drop") {
        for (const auto& w : words) {
          Phrase ph = lemmatise_phrase(w);
          if (ph.size() == 1) drop_words_.insert(ph.front());
          drop_table_.add(std::move(ph), 0);
        }
      } else if (f[0] == "negator") {
        for (const auto& w : words) negators_.insert(w);
      } else if (f[0] == "quantifier_none") {
        for (const auto& w : words) none_quantifiers_.insert(w);
      } else if (f[0] == "correction") {
        for (const auto& w : words) correction_table_.add(lemmatise_phrase(w), 0);
      } else if (f[0] == "additive") {
        for (const auto& w : words) additive_table_.add(lemmatise_phrase(w), 0);
      } else if (f[0] == "history") {
        for (const auto& w : words) history_table_.add(lemmatise_phrase(w), 0);
      } else if (f[0] == "history_if_past") {
        for (const auto& w : words) history_table_.add(lemmatise_phrase(w), 1);
      } else if (f[0] == "habitual") {
        for (const auto& w : words) habitual_.insert(join(lemmatise_phrase(w)));
      } else if (f[0] == "implied_negative") {
        for (const auto& w : words) implied_negatives_.insert(w);
      } else if (f[0] == "evaluative_negative" || f[0] == "evaluative_positive") {
        for (const auto& w : words) evaluative_table_.add(lemmatise_phrase(w), f[0] == "evaluative_positive" ? 1 : 0);
      } else if (f[0] == "exclusion_exempt") {
        for (const auto& w : words) exclusion_exempt_.insert(join(lemmatise_phrase(w)));
      } else if (f[0] == "sole_relation") {
        if (!need(3)) return bad("expected: sole_relation | relation | words for it");
        for (const auto& w : split_list(f[2])) sole_relations_[join(lemmatise_phrase(w))] = f[1];
      } else if (f[0] == "female" || f[0] == "male") {
        for (const auto& w : words) gendered_[join(lemmatise_phrase(w))] = f[0] == "female" ? 'f' : 'm';
      } else {
        return bad("unknown word kind `" + f[0] + "`");
      }
    } else if (name == "domains.txt") {
      if (!need(2)) return bad("expected: lexfile|class|related|generic | ...");
      if (f[0] == "lexfile" && need(3)) {
        lexfile_domain_[f[1]] = f[2];
      } else if (f[0] == "class" && need(3)) {
        class_domain_[f[1]] = f[2];
      } else if (f[0] == "related") {
        const auto ds = split_list(f[1]);
        for (const auto& x : ds)
          for (const auto& y : ds)
            if (x != y) related_domains_.insert(x + "|" + y);
      } else if (f[0] == "generic") {
        for (const auto& d : split_list(f[1])) generic_domains_.insert(d);
      } else if (f[0] == "independent") {
        for (const auto& d : split_list(f[1])) independent_domains_.insert(d);
      } else {
        return bad("expected: lexfile | file | domain, class | class | domain, or related|generic|independent | domains");
      }
    }
    // Unknown files (README.md is skipped by the caller) are ignored.
  }
  return {};
}

namespace {

/// A curated file's contents: from `dir`, or from the copy built into the
/// binary when `dir` is empty; nullopt when there is no such file.
Expected<std::optional<std::string>> read_lexicon_file(const std::string& dir, const char* name) {
  if (dir.empty()) {
    for (const auto& [n, contents] : Lexicon::builtin_files())
      if (std::string_view(n) == name) return std::optional<std::string>(contents);
    return std::optional<std::string>();
  }
  std::ifstream in(dir + "/" + name);
  if (!in) return std::optional<std::string>();
  std::stringstream ss;
  ss << in.rdbuf();
  return std::optional<std::string>(ss.str());
}

}  // namespace

Expected<std::shared_ptr<const Lexicon>> Lexicon::load(
    std::shared_ptr<const WordNet> wordnet, const std::string& lexicon_dir) {
  std::shared_ptr<Lexicon> lex(new Lexicon());
  lex->wn_ = std::move(wordnet);
  // words.txt first (nothing depends on it), then the rest in a fixed order.
  static const char* kFiles[] = {"words.txt",   "units.txt", "slots.txt",      "stance.txt",
                                 "change_cues.txt", "modality.txt", "scopes.txt",
                                 "classes.txt", "exclusions.txt", "aliases.txt",
                                 "figurative.txt", "domains.txt"};
  for (const char* name : kFiles) {
    auto text = read_lexicon_file(lexicon_dir, name);
    if (!text) return text.error();
    if (!*text) {
      if (lexicon_dir.empty())
        return make_error(Errc::internal, std::string("built-in lexicon lacks ") + name);
      return make_error(Errc::not_found, "cannot read lexicon file " + lexicon_dir + "/" + name,
                        "judge.lexicon_dir");
    }
    if (auto st = lex->parse_file(name, **text); !st) return st.error();
  }
  // The learned fallback's weights: optional (a lexicon directory without
  // them judges with the structural stage alone).
  constexpr const char* kModel = "judge_model.txt";
  auto model_text = read_lexicon_file(lexicon_dir, kModel);
  if (!model_text) return model_text.error();
  if (*model_text) {
    auto m = PairModel::parse(**model_text, kModel);
    if (!m) return m.error();
    lex->pair_model_ = std::move(*m);
  }
  return std::shared_ptr<const Lexicon>(std::move(lex));
}

Expected<std::shared_ptr<const Lexicon>> Lexicon::load(const JudgeConfig& cfg) {
  auto wn = WordNet::load(cfg.wordnet_dir);
  if (!wn) return wn.error();
  auto lex = load(*wn, cfg.lexicon_dir);
  if (!lex) return lex.error();
  std::shared_ptr<Lexicon> mut = std::const_pointer_cast<Lexicon>(*lex);
  mut->set_thresholds(cfg.high_confidence, cfg.med_confidence);
  mut->set_learned_fallback(cfg.learned_fallback);
  mut->set_learned_min_probability(cfg.learned_min_probability);
  return std::shared_ptr<const Lexicon>(std::move(mut));
}

}  // namespace credence
