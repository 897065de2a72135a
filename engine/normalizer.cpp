// The rule-based normaliser. Pipeline for one statement:
//   tokenise -> figurative idioms -> first sentence -> clauses (pick the main
//   one) -> change cues -> class phrases joined -> scopes -> time expressions
//   -> dropped words -> subject noun phrase -> negation and modality ->
//   stance verb | cue verb | slot pattern | copula | plain verb -> complement
//   (values, count, possessions) -> canonical names, domain, keywords.
// Everything lexical comes from the Lexicon (config/lexicon + WordNet).
#include "engine/normalizer.hpp"

#include <algorithm>
#include <sstream>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unordered_set>

#include "engine/lexicon.hpp"
#include "engine/text.hpp"
#include "engine/wn_fast.hpp"

namespace credence {
// Comparisons with literals are string_view comparisons: a length check
// first, no strlen (std::string == const char* measures the literal).
using namespace std::string_view_literals;

namespace {

using Toks = std::vector<Token>;

bool in(std::string_view w, std::initializer_list<std::string_view> set) {
  for (auto s : set)
    if (w == s) return true;
  return false;
}

bool is_aux(std::string_view l) {
  return in(l, {"be", "do", "have", "will", "would", "shall", "can", "could", "should", "must",
                "may", "might", "get"});
}
/// A month's usual short name ("Feb", "Sept"; not "Mar", a verb, nor the
/// start of a name such as "Marc" or "Junie").
bool month_abbreviation(std::string_view w) {
  return in(w, {"jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"});
}
bool is_prep(std::string_view l) {
  return in(l, {"in", "at", "on", "for", "to", "from", "with", "by", "of", "about", "into", "as",
                "near", "after", "before", "during", "until", "over", "under", "per", "via",
                "through", "onto", "off", "out", "up", "down", "than", "across", "around"});
}
/// A word the parser puts in place of others ("There are no pets in our
/// house" -> "i have no pets").
Token word_token(std::string text, std::string lemma, std::string surface) {
  Token t;
  t.text = std::move(text);
  t.lemma = std::move(lemma);
  t.surface = std::move(surface);
  return t;
}

bool is_conj(std::string_view l) {
  return in(l, {"and", "but", "or", "because", "so", "which", "who", "that", "when", "while",
                "if", "although", "though", "whereas", "since", "then", "where"});
}
/// The tokens without parentheses and, unless `keep_asides`, without what a
/// parenthesised aside says.
std::vector<Token> without_parens(const std::vector<Token>& toks, bool keep_asides) {
  std::vector<Token> out;
  int depth = 0;
  for (const auto& t : toks) {
    if (t.kind == Token::Kind::punct && (t.text == "("sv || t.text == ")"sv)) {
      depth = std::max(0, depth + (t.text == "("sv ? 1 : -1));
      continue;
    }
    if (depth == 0 || keep_asides) out.push_back(t);
  }
  return out;
}

bool is_possessive_det(std::string_view l) {
  return in(l, {"my", "our", "his", "her", "their", "its", "your"});
}
bool is_first_person(std::string_view l) {
  return in(l, {"i", "we", "me", "us", "myself", "ourselves"});
}

/// The last word of a phrase ("food allergy" -> "allergy").
std::string last_word(const std::string& phrase) {
  const auto sp = phrase.rfind(' ');
  return sp == std::string::npos ? phrase : phrase.substr(sp + 1);
}
bool is_generic_person(std::string_view l) {
  return in(l, {"you", "one", "everyone", "everybody", "people", "anyone", "anybody", "nobody",
                "engineer", "developer"});
}
bool is_fuzzy_pronoun(std::string_view l) {
  return in(l, {"he", "she", "they", "it", "this", "that", "there", "someone", "somebody",
                "these", "those", "them", "him"});
}
/// A noun that names the kind of context a scope word qualifies ("the
/// staging environment", "the sandbox account").
bool is_context_noun(std::string_view l) {
  return in(l, {"environment", "env", "account", "cluster", "setup", "instance", "stack", "deployment", "tier",
                "region"});
}
bool is_cue_noise(std::string_view l) {
  return in(l, {"new", "current", "former", "old", "ex", "previous", "latest"});
}

std::vector<std::string> lemmas_of(const Toks& t) {
  std::vector<std::string> out;
  out.reserve(t.size());
  for (const auto& x : t) out.push_back(x.lemma);
  return out;
}

void push_unique(std::vector<std::string>& v, const std::string& s) {
  if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

std::optional<std::string> fragment_as_identity(const Lexicon& lex, std::string_view text,
                                                const Toks& toks, MemoryKind kind);

class Parser {
 public:
  Parser(const Lexicon& lex, const NormalizeContext& ctx) : lex_(lex), wn_(lex.wordnet()), ctx_(ctx) {}

  Claim run(std::string_view text);

 private:
  bool rewritten_ = false;  // run() was given a rewrite of the text already
  // ---- helpers -------------------------------------------------------------
  bool verb_capable(const Token& t) const {
    return t.is_word() && !wn_.synsets(t.lemma, Pos::verb).empty();
  }
  bool noun_capable(const Token& t) const {
    return t.is_word() && (!wn_.synsets(t.lemma, Pos::noun).empty() || t.capitalised);
  }
  bool looks_past(const Token& t) const {
    if (!t.is_word() || t.text == t.lemma) return false;
    const auto& s = t.text;
    if (s.size() > 3 && s.compare(s.size() - 2, 2, "ed") == 0) return true;
    // Irregular past forms: not -s / -ing and not a noun plural.
    const bool s_form = s.back() == 's';
    const bool ing = s.size() > 4 && s.compare(s.size() - 3, 3, "ing") == 0;
    return !s_form && !ing && wn_.synsets(s, Pos::noun).empty() && verb_capable(t);
  }
  bool person_subject(const std::string& subject) const;
  /// The lexicographer file of a noun's first sense ("noun.animal"), or empty.
  std::string_view noun_lexfile(const std::string& w) const {
    const auto ids = wn_.lookup(w, Pos::noun);
    return ids.empty() ? std::string_view() : WordNet::lexfile_name(wn_.synset(ids.front()).lexfile);
  }
  /// Whether the lexicographer file of one of the first three noun senses
  /// of `w` satisfies `pred`.
  template <class Pred>
  bool any_first_sense(const std::string& w, Pred pred) const {
    const auto ids = wn_.lookup(w, Pos::noun);
    for (std::size_t j = 0; j < ids.size() && j < 3; ++j)
      if (pred(std::string_view(WordNet::lexfile_name(wn_.synset(ids[j]).lexfile)))) return true;
    return false;
  }
  bool simile(const Toks& t) const;
  static bool feels_an_age(const Toks& t);
  static bool hyperbolic_count(const Toks& t);
  bool intensified_thing(const Toks& t) const;
  bool verb_simile(const Toks& t) const;
  bool thing_as_my_person(const Toks& t) const;
  std::string country_of(const std::string& word) const;
  bool profession(const std::string& noun) const;
  /// Whether WordNet's first noun sense of `w` is a named instance ("Tell",
  /// William Tell; "Daniel", the prophet; "Begin", the statesman).
  bool named_instance(const std::string& w) const {
    const auto ids = wn_.lookup(w, Pos::noun);
    if (ids.empty()) return false;
    for (const auto& ptr : wn_.pointers(ids.front()))
      if (ptr.rel == WordNet::Rel::instance_hypernym) return true;
    return false;
  }
  std::string canon_phrase(const Toks& np) const;
  /// The slot a relational noun names with a copula ("owner" -> owner, from
  /// the pattern "owner be"), or nullptr.
  const SlotDef* relational_slot(const Token& noun) const;
  std::string token_form(const Token& t) const;

  Toks split_clauses(const Toks& sentence, Toks* second);
  bool present_clause_at(const Toks& s, std::size_t from) const;
  void existential_at_home(Toks& s) const;
  void naming_copula(Toks& s) const;
  void appositive_name(Toks& s) const;
  void resident_as_live(Toks& s) const;
  void living_alone(Toks& s) const;
  void go_as_change(Toks& s) const;
  void parent_of(Toks& s) const;
  void disagrees_with_me(Toks& s) const;
  void frightens_me(Toks& s) const;
  void no_rule(Toks& s) const;
  void coordinated_idioms(Toks& s) const;
  void abstinent(Toks& s) const;
  void as_a_role(Toks& s) const;
  void together_with(Toks& s) const;
  void writing_hand(Toks& s) const;
  void home_floor(Toks& s) const;
  void commute_mode(Toks& s);
  void decade_age(Toks& s) const;
  void evaluative_copula(Toks& s) const;
  void inverted_attribute(Toks& s) const;
  const SlotDef* slot_named(const std::string& words) const;
  void subjectless_note(Toks& s) const;
  void lasted_since(const Toks& s);
  void strip_leading_adjunct(Toks& t);
  void strip_leading_pp(Toks& t);
  static std::string part_of_day(const Token& prep, const Token& time);
  void strip_trailing_part_of_day(Toks& t);
  void strip_leading_clause(Toks& t);
  void strip_trailing_when(Toks& t);
  void scan_cues(Toks& t);
  void join_classes(Toks& t);
  void strip_scopes(Toks& t);
  void strip_time(Toks& t);
  void strip_purpose(Toks& t);
  void strip_history(Toks& t);
  void strip_drops(Toks& t);
  std::size_t parse_subject(const Toks& t);
  void parse_predicate(Toks p);
  void complement(const Toks& p, std::size_t from, bool stance_object);
  void copula(const Toks& p, std::size_t from);
  bool stance_noun(const Toks& rest);
  void take_place_phrase(Toks& p, std::size_t from, bool names = false);

  const Lexicon& lex_;
  const WordNet& wn_;
  const NormalizeContext& ctx_;
  Claim c_;
  bool subject_person_ = false;
  bool subject_generic_ = false;        // "you must ..." -> the action is the subject
  bool indefinite_complement_ = false;  // "is a/an ..." (parse_predicate)
  bool subject_from_scope_ = false;
  std::string possessor_;          // "my brother's name": brother
  Toks attribute_;                 // "my brother's name": name
  bool user_owner_ = false;        // the possessor is the user's ("my wife's name")
  std::optional<Token> user_relation_;  // "my wife is ...": wife
  int negations_ = 0;
  std::optional<std::size_t> first_neg_pos_;
  std::vector<std::string> object_np_;  // transitive object before "to"
  std::vector<std::string> action_words_;  // content words after the verb
  std::string domain_of() const;
  bool dummy_it_ = false;          // "it's jeans for me": the user, but not "I am jeans"
  bool only_child_ = false;        // "an only child" ("only" is dropped as a hedge)
  bool raised_in_ = false;         // "was raised in Leeds": an upbringing, not a raise
  bool ability_can_ = false;       // "I can swim": the person's ability (no modality)
  bool temporary_ = false;         // "at the moment", "right now", "this week": said for now
  bool rent_out_ = false;          // "rent out": letting, not renting
  std::string commute_verb_;       // "drive" of "I drive to work" (commute_mode)
  bool ended_before_cue_ = false;  // "before moving here": the period ended
  bool year_scale_past_ = false;   // "last year", "in 2019", "years ago"
  // Ranges of one unit the text states ("2-3 hours"): their ends, low and high.
  std::vector<std::pair<std::string, std::string>> ranges_;
};

/// "have"/"has" (not "had"): a present perfect is not the past.
bool t_is_present(const Token& t) { return t.text == "have"sv || t.text == "has"sv || t.text == "'ve"sv; }

/// The people of one's own life ("mother", "boss", "roommate").
bool kin_word(const std::string& w) {
  static const std::unordered_set<std::string> kin = {
      "mother", "father", "sister", "brother", "wife", "husband", "partner", "son", "daughter",
      "child", "grandmother", "grandfather", "aunt", "uncle", "cousin", "friend", "boss",
      "manager", "neighbor", "girlfriend", "boyfriend", "spouse", "parent", "sibling", "niece",
      "nephew", "colleague", "roommate", "flatmate", "housemate", "landlord", "dentist", "doctor", "teacher"};
  return kin.count(w) > 0;
}

bool Parser::person_subject(const std::string& s) const {
  if (s == "user"sv) return true;
  const std::string head = last_word(s);
  if (kin_word(head)) return true;
  // A relation before a name ("nephew sam", "wife sofia"): the head is the
  // name, the person is the relation's (not "partner api": a common noun).
  if (const auto sp = s.rfind(' '); sp != std::string::npos) {
    const std::string before = last_word(s.substr(0, sp));
    if (kin_word(before) || lex_.gender_of(before) != 0) {
      const std::string_view lf = noun_lexfile(head);
      if (lf.empty() || lf == "noun.person"sv || lf == "noun.location"sv) return true;
    }
  }
  return noun_lexfile(head) == "noun.person"sv;
}

/// A comparison with a creature or a thing no statement means literally:
/// "blind as a bat", "as quiet as a mouse", "slower than a snail", "older
/// than dirt": an adjective, "as" or "than", and a noun naming an animal, a
/// plant, an object or a substance (not another person or a made thing:
/// "taller than my brother", "faster than the old laptop" are literal).
bool Parser::simile(const Toks& t) const {
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (!t[i].is_word() || (t[i].lemma != "as"sv && t[i].lemma != "than"sv)) continue;
    const Token& adj = t[i - 1];
    if (!adj.is_word() || (wn_.lookup(adj.lemma, Pos::adj).empty() && wn_.lookup(adj.text, Pos::adj).empty()))
      continue;
    if (is_prep(adj.lemma) || looks_past(adj)) continue;  // "neutered as a kitten"
    std::size_t k = i + 1;
    if (k < t.size() && t[k].is_word() && in(t[k].lemma, {"a", "an"})) ++k;
    else if (t[i].lemma == "as"sv) continue;  // "as a": "took over as lead" compares nothing
    if (k >= t.size() || !t[k].is_word() || t[k].capitalised) continue;
    const std::string_view lf = noun_lexfile(t[k].lemma);
    if (lf == "noun.animal"sv || lf == "noun.plant"sv || lf == "noun.object"sv || lf == "noun.substance"sv) return true;
  }
  return false;
}

/// An action compared with a creature or a thing ("works like a dog",
/// "sleeps like a log", "eats like a bird", "drinks like a fish"): a verb,
/// "like a", and a noun naming an animal, a plant, an object or a
/// substance. Not a wish ("I'd like a coffee", "would like a refund") nor
/// a likeness ("looks like a fox", "tastes like a peach").
bool Parser::verb_simile(const Toks& t) const {
  for (std::size_t i = 1; i + 2 < t.size(); ++i) {
    if (!t[i].is_word() || t[i].text != "like"sv || !t[i + 1].is_word() || !in(t[i + 1].lemma, {"a", "an"})) continue;
    const Token& v = t[i - 1];
    if (!v.is_word() || v.text == v.lemma || !verb_capable(v) || is_aux(v.lemma) ||
        in(v.lemma, {"would", "'d", "look", "taste", "smell", "seem", "feel", "sound", "be"}))
      continue;
    const Token& n = t[i + 2];
    if (!n.is_word() || n.capitalised) continue;
    const std::string_view lf = noun_lexfile(n.lemma);
    if (lf == "noun.animal"sv || lf == "noun.plant"sv || lf == "noun.object"sv || lf == "noun.substance"sv) return true;
  }
  return false;
}

/// A thing called one of the speaker's people ("my sourdough starter is my
/// baby", "my houseplants are my flatmates", "the printer is basically my
/// nemesis"): a metaphor. The subject (a determiner, then one to four
/// words) names no person or animal and is known to WordNet (a name may be
/// a person's); the complement is "my" or "our" and a noun whose first
/// sense is a kind of person.
bool Parser::thing_as_my_person(const Toks& t) const {
  // (A determiner first: "Sam is my boss" names a person.)
  if (t.empty() || !t[0].is_word() || !in(t[0].lemma, {"my", "our", "the", "this", "that"})) return false;
  std::size_t k = 1;
  const std::size_t from = k;
  while (k < t.size() && k < from + 4 && t[k].is_word() && t[k].lemma != "be"sv) ++k;
  if (k == from || k >= t.size() || !t[k].is_word() || t[k].lemma != "be"sv) return false;
  for (std::size_t j = from; j < k; ++j) {
    const std::string_view lf = noun_lexfile(t[j].lemma);
    if (t[j].capitalised || lf == "noun.person"sv || lf == "noun.animal"sv || lex_.sole_relation(t[j].lemma) ||
        is_first_person(t[j].lemma) || is_fuzzy_pronoun(t[j].lemma))
      return false;
  }
  if (noun_lexfile(t[k - 1].lemma).empty() || noun_lexfile(t[k - 1].lemma) == "noun.group"sv) return false;
  ++k;
  while (k < t.size() && t[k].is_word() && in(t[k].lemma, {"basically", "literally", "practically", "like", "just",
                                                           "honestly", "now", "officially", "pretty", "much"}))
    ++k;
  if (k >= t.size() || !t[k].is_word() || !in(t[k].lemma, {"my", "our"})) return false;
  const Token* head = nullptr;
  for (++k; k < t.size() && t[k].is_word() && !is_prep(t[k].lemma) && !is_conj(t[k].lemma); ++k) head = &t[k];
  if (!head || head->capitalised) return false;
  // A kind of person, not a person's name: a plural is read as its
  // singular ("sessions" is Roger Sessions in WordNet, "session" a meeting).
  std::string noun = head->lemma;
  if (noun.size() > 3 && noun.back() == 's' && !wn_.lookup(noun.substr(0, noun.size() - 1), Pos::noun).empty())
    noun.pop_back();
  // (A role a firm or a place fills is meant literally: "the university
  // is my employer", "the council is my landlord", "the bank is my biggest
  // client".)
  if (in(noun, {"employer", "landlord", "landlady", "client", "customer", "supplier", "provider", "sponsor", "partner",
                "insurer", "lender", "tenant", "vendor", "contractor", "publisher", "agent", "host", "owner",
                "funder", "investor", "creditor", "debtor", "guarantor", "carer"}))
    return false;
  return noun_lexfile(noun) == "noun.person"sv;
}

/// Feeling an old age is how a person says they are tired or stiff ("I feel
/// about ninety", "felt like I was a hundred", "I'm basically 90"), not how
/// old they are.
bool Parser::feels_an_age(const Toks& t) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    // "I feel about ninety", or a part of the body said to be that old ("my
    // knees are about 80 years old after that hike").
    const bool body_is = i > 0 && t[i].is_word() && t[i].lemma == "be"sv && t[i - 1].is_word() &&
                         in(t[i - 1].lemma, {"knee", "back", "joint", "bone", "hip", "leg", "foot", "shoulder"});
    // "with this arthritis I'm basically 90": a great age hedged as no
    // plain statement is ("I'm nearly 70", "I'm basically 70" are ones).
    const bool hedged = i > 0 && i + 1 < t.size() && t[i].is_word() && t[i].lemma == "be"sv &&
                        is_first_person(t[i - 1].lemma) && t[i + 1].is_word() &&
                        in(t[i + 1].lemma, {"basically", "practically", "virtually"});
    if (!t[i].is_word() || (t[i].lemma != "feel"sv && !body_is && !hedged)) continue;
    for (std::size_t k = i + 1; k < t.size() && k <= i + 5; ++k) {
      if (t[k].kind == Token::Kind::number) {
        const double n = std::atof(t[k].text.c_str());
        const bool years_next = k + 1 < t.size() && t[k + 1].is_word() && in(t[k + 1].lemma, {"year", "yrs"});
        if (n >= (hedged ? 85 : 70) && n <= 200 && (k + 1 == t.size() || !t[k + 1].is_word() || years_next ||
                                    is_prep(t[k + 1].lemma) || is_conj(t[k + 1].lemma)))
          return true;
        break;
      }
      if (!t[k].is_word() || !in(t[k].lemma, {"about", "like", "around", "almost", "nearly", "i", "be", "a", "im",
                                              "at", "least", "roughly", "basically", "literally", "practically",
                                              "virtually"}))
        break;
    }
  }
  return false;
}

/// "a million tabs", "takes a million years", "a gazillion services", "a
/// thousand coffees": a count no one has made. Not money, nor the things a
/// product counts by the million (users, requests, rows, ...), which can be
/// literal, nor a figure that goes on ("a hundred thousand lines"). Also a
/// rate beyond its period: "25 hours a day", "eight days a week".
bool Parser::hyperbolic_count(const Toks& t) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    const Token& x = t[i];
    if (x.kind == Token::Kind::quantity && x.dimension == "duration"sv && i + 2 < t.size() && t[i + 1].is_word() &&
        in(t[i + 1].lemma, {"a", "per", "every", "each"}) && t[i + 2].is_word()) {
      const double period = t[i + 2].lemma == "day"sv ? 86400 : t[i + 2].lemma == "week"sv ? 7 * 86400 : 0;
      if (period > 0 && x.number > period) return true;
    }
    // "pulled a 100-hour day", "a 10-day week": a span longer than the day
    // or the week it fills.
    if (x.kind == Token::Kind::quantity && x.dimension == "duration"sv && i + 1 < t.size() && t[i + 1].is_word()) {
      const double period = t[i + 1].lemma == "day"sv ? 86400 : t[i + 1].lemma == "week"sv ? 7 * 86400 : 0;
      if (period > 0 && x.number > period) return true;
    }
    // "felt ten feet tall": a person's height no one has.
    if (x.kind == Token::Kind::quantity && x.dimension == "length"sv && x.number > 3.0 && i > 0 &&
        i + 1 < t.size() && t[i + 1].is_word() && t[i + 1].lemma == "tall"sv && t[i - 1].is_word() &&
        (t[i - 1].lemma == "feel"sv || t[i - 1].text == "felt"sv))
      return true;
    const bool made_up = x.is_word() && in(x.lemma, {"zillion", "gazillion", "bajillion", "squillion", "kajillion"});
    // "a million" as written: no digits ("a 1 million" is no figure of speech).
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    const bool written = (x.is_word() || x.is_value()) && std::none_of(x.surface.begin(), x.surface.end(), digit);
    // A quantity token carries its unit ("thousand years"); a figure that
    // goes on ("a hundred thousand") is no round guess.
    auto has = [&](const char* w) { return x.surface.find(w) != std::string::npos; };
    const bool hundred = has("hundred") || has("Hundred"), thousand = has("thousand") || has("Thousand");
    // A written round thousand times over ("I've seen it nine thousand times").
    const bool times_over = written && x.kind == Token::Kind::number && x.number >= 1000 && thousand &&
                            i + 1 < t.size() && t[i + 1].is_word() && t[i + 1].lemma == "time"sv;
    const bool big = made_up || times_over ||
                     (i > 0 && t[i - 1].is_word() && t[i - 1].lemma == "a"sv && written &&
                      (has("illion") || (hundred != thousand)) &&
                      // ("a hundred and twenty guests" is a count made)
                      std::fmod(x.number, thousand ? 1000.0 : 100.0) == 0);
    if (!big) continue;
    // A measure ("a thousand dollars", "a million km") can be so; a span of
    // time that long is not ("a thousand years").
    if (x.kind == Token::Kind::quantity && x.dimension != "duration"sv) continue;
    if (i + 1 < t.size() && (t[i + 1].is_value() ||
                             (t[i + 1].is_word() &&
                              in(t[i + 1].lemma, {"dollar", "euro", "pound", "quid", "yen", "usd", "eur", "gbp", "buck",
                                                  "user", "customer", "request", "row", "record", "download",
                                                  "subscriber", "visitor", "install", "view", "impression",
                                                  "transaction", "event", "token", "parameter", "thousand",
                                                  "million", "billion", "percent", "and", "or", "line", "word",
                                                  "mile", "meter", "metre", "kilometre", "kilometer", "km"}))))
      continue;
    // "a hundred years old" can be so.
    if (hundred && ((i + 1 < t.size() && t[i + 1].is_word() && t[i + 1].lemma == "year"sv) || has("year")))
      continue;
    return true;
  }
  return false;
}

/// "an absolute potato", "a total zoo", "an utter bloodbath": a thing, a
/// creature, a place or an event called so with an intensifier is a
/// metaphor. A kind of person or a state is meant ("a total night owl", "a
/// complete beginner", "a total mess"), so those are literal.
bool Parser::intensified_thing(const Toks& t) const {
  for (std::size_t i = 0; i + 2 < t.size(); ++i) {
    if (!t[i].is_word() || !in(t[i].lemma, {"a", "an"}) || !t[i + 1].is_word() ||
        !in(t[i + 1].text, {"absolute", "total", "utter", "human", "walking"}))
      continue;
    // "a human calculator", "a walking encyclopedia": a person called a thing.
    const bool person_as = in(t[i + 1].text, {"human", "walking"});
    std::size_t k = i + 2;
    // The head of a compound ("a total horror movie").
    while (k + 1 < t.size() && t[k + 1].is_word() && !t[k + 1].capitalised && !noun_lexfile(t[k + 1].lemma).empty() &&
           !is_prep(t[k + 1].lemma) && !is_conj(t[k + 1].lemma) && !is_aux(t[k + 1].lemma))
      ++k;
    if (!t[k].is_word() || t[k].capitalised) continue;
    auto thing = [&](std::string_view lf) {
      return in(lf, {"noun.artifact", "noun.animal", "noun.object", "noun.food", "noun.plant", "noun.substance",
                     "noun.event", "noun.location"}) ||
             (person_as && in(lf, {"noun.communication", "noun.phenomenon", "noun.cognition"}));
    };
    // A person is human anyway: any of the first senses a thing will do
    // ("calculator": an expert at calculation, then the machine).
    if (person_as) {
      if (any_first_sense(t[k].lemma, thing)) return true;
      continue;
    }
    // Any of the first senses a kind of person ("chatterbox"), also as a
    // compound ("night owl"), is meant literally.
    auto person = [](std::string_view lf) { return lf == "noun.person"sv; };
    if (any_first_sense(t[k].lemma, person) || (k > i + 2 && any_first_sense(t[k - 1].lemma + "_" + t[k].lemma, person)))
      continue;
    if (thing(noun_lexfile(t[k].lemma))) return true;
  }
  return false;
}

std::string Parser::country_of(const std::string& word) const {
  for (auto id : wn_.lookup(word, Pos::adj)) {
    for (const auto& p : wn_.kin(id)) {
      if (p.rel != WordNet::Rel::pertainym) continue;
      const auto w = wn_.words(p.target);
      if (w.empty()) continue;
      const std::string target(w.front());
      if (wn_.is_a(target, "country", Pos::noun, 2) || wn_.is_a(target, "nation", Pos::noun, 2) ||
          wn_.is_a(target, "state", Pos::noun, 2))
        return target;
    }
  }
  return {};
}

bool Parser::profession(const std::string& noun) const {
  auto ids = wn_.lookup(noun, Pos::noun);
  if (ids.empty()) return false;
  if (std::string_view(WordNet::lexfile_name(wn_.synset(ids.front()).lexfile)) != "noun.person"sv)
    return false;
  for (const char* anchor : {"worker", "professional", "skilled_worker", "employee", "engineer",
                             "scientist", "artist", "writer", "performer", "athlete", "official",
                             "expert", "practitioner", "serviceman", "programmer", "lawyer",
                             "businessperson", "specialist", "creator", "leader", "intellectual",
                             "communicator", "craftsman", "tradesman", "technician"})
    if (noun == anchor || wn_.is_a(noun, anchor, Pos::noun, 2)) return true;
  return false;
}

std::string Parser::token_form(const Token& t) const {
  if (!t.is_word()) return t.text;
  // Names keep their written form; other words their lemma.
  if (t.capitalised) return t.text;
  // "us" in lower case is the pronoun ("hear from us"), not the country.
  if (t.lemma == "us"sv && t.surface != "US"sv) return t.lemma;
  const std::string canonical = lex_.canonical(t.lemma);
  // An identifier joined with hyphens or underscores ("notifications-svc",
  // "payment_service") reads as its words when the lexicons do not know it
  // whole: "notification service".
  if (canonical == t.lemma && t.lemma.find_first_of("-_") != std::string::npos &&
      t.lemma.find_first_of("0123456789") == std::string::npos && wn_.lookup(t.lemma, Pos::noun).empty()) {
    std::string out;
    std::size_t start = 0;
    while (start <= t.lemma.size()) {
      std::size_t end = t.lemma.find_first_of("-_", start);
      if (end == std::string::npos) end = t.lemma.size();
      const std::string part = t.lemma.substr(start, end - start);
      if (part.size() < 2) return canonical;
      const Phrase lemma = lex_.lemmatise_phrase(part);
      if (lemma.size() != 1) return canonical;
      if (!out.empty()) out += ' ';
      out += lex_.canonical(lemma.front());
      start = end + 1;
    }
    return out;
  }
  return canonical;
}

const SlotDef* Parser::relational_slot(const Token& noun) const {
  if (!noun.is_word() || noun.capitalised) return nullptr;
  const std::vector<std::string> probe = {lex_.canonical(noun.lemma), "be"};
  auto m = lex_.slot_patterns().match(probe, 0);
  if (!m || m.length != 2) return nullptr;
  const SlotDef& sd = lex_.slots()[static_cast<std::size_t>(lex_.slot_pattern(m.entry).slot)];
  return sd.name == "value"sv ? nullptr : &sd;
}

std::string Parser::canon_phrase(const Toks& np) const {
  std::string out;
  for (const auto& t : np) {
    if (t.kind == Token::Kind::possessive || t.kind == Token::Kind::punct) continue;
    if (t.is_word() && (in(t.lemma, {"the", "a", "an"}) || is_possessive_det(t.lemma))) continue;
    if (!out.empty()) out += ' ';
    out += token_form(t);
  }
  // "lives with us": the pronoun, not the country the alias table reads.
  if (out == "us"sv && std::none_of(np.begin(), np.end(), [](const Token& t) { return t.surface == "US"sv; }))
    return out;
  return lex_.canonical(out);
}

// ---- stages --------------------------------------------------------------------

/// "There are no pets in our house", "No TV at home", "There's a piano in
/// our flat": what is (or is not) in the speaker's home is what the speaker
/// has. Rewrites the sentence as "I have ...", without the place.
void Parser::existential_at_home(Toks& s) const {
  if (ctx_.kind == MemoryKind::concept_ || s.size() < 4 || !s[0].is_word()) return;
  std::size_t body = 0;
  if (s[0].lemma == "there"sv && s[1].is_word() && s[1].lemma == "be"sv) {
    body = 2;
  } else if (s[0].lemma != "no"sv) {
    return;
  }
  auto home = [&](std::size_t k) {
    return k < s.size() && s[k].is_word() &&
           in(s[k].lemma, {"house", "home", "flat", "apartment", "place", "household", "family"});
  };
  for (std::size_t k = body + 1; k + 1 < s.size(); ++k) {
    if (!s[k].is_word() || !in(s[k].lemma, {"in", "at"})) continue;
    std::size_t len = 0;
    if (home(k + 1) && s[k + 1].lemma == "home"sv) {
      len = 2;
    } else if (k + 2 < s.size() && s[k + 1].is_word() && in(s[k + 1].lemma, {"my", "our"}) && home(k + 2)) {
      len = 3;
    }
    if (len == 0) return;
    Toks out;
    out.push_back(word_token("i", "i", "i"));
    out.push_back(word_token("have", "have", "have"));
    out.insert(out.end(), s.begin() + static_cast<long>(body), s.begin() + static_cast<long>(k));
    out.insert(out.end(), s.begin() + static_cast<long>(k + len), s.end());
    s.swap(out);
    return;
  }
}

/// "Jazz is honestly unbearable to me", "sushi is delicious", "running is
/// the worst": a thing said to be good or bad, in a statement about oneself,
/// is the speaker's stance toward it. Rewritten as "I hate jazz" / "I love
/// sushi" (words.txt evaluative_negative / evaluative_positive). Not for
/// people, pronouns or project notes ("The API is terrible" is a report).
void Parser::evaluative_copula(Toks& s) const {
  if (ctx_.kind == MemoryKind::concept_) return;
  std::size_t be = 0;
  while (be < s.size() && be < 5 && s[be].is_word() && s[be].lemma != "be"sv) ++be;
  if (be == 0 || be >= s.size() || s[be].lemma != "be"sv) return;
  for (std::size_t k = 0; k < be; ++k)
    if (!s[k].is_word() || lex_.is_negator(s[k].lemma) ||
        in(s[k].lemma, {"i", "we", "you", "he", "she", "it", "they", "this", "that", "these", "those", "there",
                        "here", "what", "who", "which", "everything", "everyone", "life", "work", "today"}))
      return;
  const std::string& head = s[be - 1].lemma;
  if (person_subject(head)) return;
  // ("My Spanish is rubbish", "my singing is dreadful": one's own thing or
  // skill judged, not a stance toward it.)
  if (s[0].is_word() && in(s[0].lemma, {"my", "our"})) return;
  std::size_t k = be + 1;
  while (k < s.size() && s[k].is_word() &&
         in(s[k].lemma, {"honestly", "really", "so", "just", "absolutely", "totally", "pretty", "quite", "truly",
                         "simply", "literally", "seriously", "genuinely", "always", "still"}))
    ++k;
  const auto lem = lemmas_of(s);
  auto m = lex_.evaluative_table().match(lem, k);
  // "slimy and gross": an adjective joined to an evaluative one says the
  // same ("gross and slimy" reads the first).
  if (!m && k + 2 < s.size() && s[k].is_word() && !wn_.synsets(s[k].lemma, Pos::adj).empty() &&
      s[k + 1].is_word() && s[k + 1].lemma == "and"sv)
    if (const auto m2 = lex_.evaluative_table().match(lem, k + 2)) {
      m = m2;
      k += 2;
    }
  if (!m) return;
  std::size_t after = k + m.length;
  if (after < s.size() && s[after].is_word() && s[after].lemma == "and"sv && after + 1 < s.size() &&
      s[after + 1].is_word() && !wn_.synsets(s[after + 1].lemma, Pos::adj).empty() &&
      wn_.synsets(s[after + 1].lemma, Pos::noun).empty())
    after += 2;  // "gross and slimy"

  // "one of my fav herbs": the kind after a favourite of several goes with it.
  if (in(s[after - 1].lemma, {"fav", "favourite", "favorite", "favourites", "favorites"}))
    for (std::size_t n = 0; n < 3 && after < s.size() && s[after].is_word() && !is_conj(s[after].lemma) &&
                            !is_prep(s[after].lemma) && noun_capable(s[after]);
         ++n)
      ++after;
  // Nothing but "to me" / "for me" (or the end of the clause) after it.
  std::size_t end = after;
  if (end + 1 < s.size() && in(s[end].lemma, {"to", "for"}) && in(s[end + 1].lemma, {"me", "i"})) end += 2;
  if (end < s.size() && s[end].kind != Token::Kind::punct && !(s[end].is_word() && is_conj(s[end].lemma))) return;
  // "Knitting is tedious but relaxing", "... dreadful, but I enjoy it": a
  // mixed verdict is no stance.
  for (std::size_t k2 = end; k2 < s.size() && k2 <= end + 2; ++k2)
    if (s[k2].is_word() && (s[k2].lemma == "but"sv || s[k2].lemma == "though"sv || s[k2].lemma == "yet"sv)) return;
  Toks out;
  out.push_back(word_token("i", "i", "i"));
  const bool positive = m.entry == 1;
  out.push_back(word_token(positive ? "like" : "dislike", positive ? "like" : "dislike", s[be].surface));
  out.insert(out.end(), s.begin(), s.begin() + static_cast<long>(be));
  out.insert(out.end(), s.begin() + static_cast<long>(end), s.end());
  s.swap(out);
}

/// The slot whose pattern is exactly `words` + "be" ("blood type" ->
/// blood_type, "native language" -> native_language); nullptr if none.
const SlotDef* Parser::slot_named(const std::string& words) const {
  std::vector<std::string> probe;
  for (std::size_t a = 0, c = 0; a <= words.size(); a = c + 1) {
    c = words.find(' ', a);
    if (c == std::string::npos) c = words.size();
    probe.push_back(words.substr(a, c - a));
  }
  const std::size_t n = probe.size();
  probe.push_back("be");
  const auto m = lex_.slot_patterns().match(probe, 0);
  if (!m || m.length != n + 1) return nullptr;
  return &lex_.slots()[static_cast<std::size_t>(lex_.slot_pattern(m.entry).slot)];
}

/// "Vietnamese is my first language", "Leeds is my hometown": a value said
/// of one of the speaker's own attributes, read as "my first language is
/// Vietnamese". The attribute (one to three words after "my", up to the end
/// of the clause) names a single-valued personal slot; the value is one to
/// three words, none a pronoun.
void Parser::inverted_attribute(Toks& s) const {
  if (ctx_.kind == MemoryKind::concept_) return;
  std::size_t b = 0;
  while (b < s.size() && b < 4 && s[b].is_word() && s[b].lemma != "be"sv) ++b;
  if (b == 0 || b + 2 >= s.size() || s[b].lemma != "be"sv || s[b + 1].lemma != "my"sv) return;
  for (std::size_t k = 0; k < b; ++k)
    if (!s[k].is_word() || is_first_person(s[k].lemma) || is_fuzzy_pronoun(s[k].lemma) ||
        lex_.is_negator(s[k].lemma) || in(s[k].lemma, {"what", "which", "who", "this", "that", "it"}))
      return;
  std::size_t e = b + 2;
  while (e < s.size() && e < b + 5 && (s[e].is_word() || s[e].kind == Token::Kind::ordinal) && !is_prep(s[e].lemma) &&
         !is_conj(s[e].lemma))
    ++e;
  if (e == b + 2 || (e < s.size() && s[e].kind != Token::Kind::punct && !(s[e].is_word() && is_conj(s[e].lemma))))
    return;
  // (What follows is the end, or a clause of the speaker's own: "...,
  // I only learned English at school"; not "..., English my second".)
  auto speaker = [&](std::size_t k) {
    return k < s.size() && (is_first_person(s[k].lemma) || is_possessive_det(s[k].lemma));
  };
  if (e + 1 < s.size() && !speaker(e + 1) && !(is_conj(s[e + 1].lemma) && speaker(e + 2))) return;
  std::string lemmas, texts;
  for (std::size_t k = b + 2; k < e; ++k) {
    lemmas += (lemmas.empty() ? "" : " ") + s[k].lemma;
    texts += (texts.empty() ? "" : " ") + s[k].text;
  }
  std::string attr = lex_.canonical(lemmas);
  if (attr == lemmas) attr = lex_.canonical(texts);
  const SlotDef* sd = slot_named(attr);
  if (!sd || !sd->single || sd->domain != "personal"sv) return;
  Toks out(s.begin() + static_cast<long>(b) + 1, s.begin() + static_cast<long>(e));  // "my first language"
  out.push_back(s[b]);                                                                // "is"
  out.insert(out.end(), s.begin(), s.begin() + static_cast<long>(b));                 // "Vietnamese"
  out.insert(out.end(), s.begin() + static_cast<long>(e), s.end());
  s.swap(out);
}

/// A note about a person leaves the person out ("Allergic to shellfish",
/// "Originally from Chile", "Not a fan of jazz", "No longer smokes", "Used
/// to live in Paris"): the note's person is the user, so the sentence is read
/// as the user's own ("I am allergic to shellfish", "I no longer smoke").
/// Only where the first words cannot open a subject: an adjective or adverb
/// (and nothing else) before a preposition, "not a", "no longer", "used to".
/// A verb in its -s form ("Drives a Civic") is parse_subject's. Not for
/// project notes, whose missing subject is the project.
void Parser::subjectless_note(Toks& s) const {
  if (ctx_.kind == MemoryKind::concept_ || s.size() < 2 || !s[0].is_word() || !s[1].is_word()) return;
  const std::string& l0 = s[0].lemma;
  if (l0 == "no"sv) {
    // "No kids.", "No kids of my own", "No known allergies", "No pets at the
    // moment": a note that the person has none of a kind of people, animals,
    // conditions or things ("I have no kids"); not a rule ("No deploys on
    // Fridays": an act) nor a sentence with a verb ("No one knows").
    std::size_t h = 1;
    if (h + 1 < s.size() && s[h].is_word() && in(s[h].text, {"known", "real", "other", "more"})) ++h;
    const std::string_view file = noun_lexfile(s[h].lemma);
    // Nothing after the kind but "of my own", "at the moment", "yet": "No
    // phones at dinner" is a rule.
    bool note = true;
    for (std::size_t k = h + 1; k < s.size(); ++k)
      note = note && s[k].is_word() &&
             in(s[k].lemma, {"of", "my", "our", "own", "at", "the", "moment", "yet", "right", "now", "currently",
                             "anymore", "whatsoever", "either", "still", "so", "far", "to", "speak"});
    if (s[h].is_word() && note &&
        in(file, {"noun.person", "noun.animal", "noun.state", "noun.possession", "noun.artifact"})) {
      Toks out{word_token("i", "i", "i"), word_token("have", "have", "have")};
      for (std::size_t k = 0; k < s.size(); ++k) {
        // "of my own" says nothing more.
        if (k + 2 < s.size() && s[k].lemma == "of"sv && in(s[k + 1].lemma, {"my", "our"}) && s[k + 2].lemma == "own"sv) {
          k += 2;
          continue;
        }
        if (k == 1 && h == 2) continue;  // "no known allergies": "known" says nothing more
        out.push_back(s[k]);
      }
      s.swap(out);
      return;
    }
  }
  if (s.size() < 3) return;
  auto only = [&](const std::string& w, Pos pos) {
    for (Pos p : {Pos::noun, Pos::verb, Pos::adj, Pos::adv})
      if ((p == pos) == wn_.synsets(w, p).empty()) return false;
    return true;
  };
  bool be = false, subject = false;
  if ((l0 == "no"sv && s[1].lemma == "longer"sv) || (s[0].text == "used"sv && s[1].lemma == "to"sv)) {
    subject = true;
  } else if (l0 == "not"sv && in(s[1].lemma, {"a", "an", "the", "into", "much", "big", "huge", "keen", "fond"})) {
    subject = be = true;
  } else if (s[0].text != l0 && s[1].lemma == "of"sv && in(l0, {"scare", "terrify", "petrify", "frighten"})) {
    // "Scared of heights", "Terrified of flying": a note of a fear ("I am
    // scared of heights").
    subject = be = true;
  } else if (s[0].text != l0 && looks_past(s[0]) && s[1].lemma == "by"sv && verb_capable(s[0])) {
    // "Employed by Northwind as an analyst", "Managed by Dana": a passive
    // note about the person ("I am employed by ...").
    subject = be = true;
  } else if (is_prep(s[1].lemma) && s[1].lemma != "than"sv &&
             (only(l0, Pos::adj) || only(l0, Pos::adv) ||
              // ("Hard of hearing": an adjective that is an adverb too)
              (wn_.synsets(l0, Pos::noun).empty() && wn_.synsets(l0, Pos::verb).empty() &&
               !wn_.synsets(l0, Pos::adj).empty() && s[1].lemma == "of"sv &&
               !in(l0, {"most", "many", "much", "some", "all", "half", "few", "several", "each", "both", "any",
                        "none", "more", "less", "least", "plenty", "lot"})))) {  // ("Most of our services ...")
    subject = be = true;
  } else if (s[0].text.size() > 5 && s[0].text.ends_with("ing") && verb_capable(s[0]) &&
             // (Not a compound noun: "Reading glasses", "Boxing gloves", "Dining table".)
             !(s[1].is_word() && !wn_.synsets(s[0].text + "_" + s[1].lemma, Pos::noun).empty()) &&
             std::none_of(s.begin() + 1, s.end(), [&](const Token& t) {
               // No finite verb in the clause: "Swimming laps keeps me sane",
               // "Marketing approved the budget" have their subject.
               return t.is_word() && (is_aux(t.lemma) || lex_.modal_table().match(std::vector<std::string>{t.lemma}, 0) ||
                                      (t.text != t.lemma && t.text.size() > 3 &&
                                       (t.text.back() == 's' || t.text.ends_with("ed")) &&
                                       wn_.synsets(t.text, Pos::noun).empty() && verb_capable(t)));
             })) {
    // "Training for the Amsterdam marathon in October", "Craving Ethiopian
    // tonight": a clause that opens with a gerund and has no finite verb is
    // the speaker's progressive ("I'm training for ...").
    subject = be = true;
  } else if ((l0 == "up"sv || l0 == "in"sv) && s[1].is_word() &&
             (l0 == "up"sv ? in(s[1].lemma, {"at", "by", "before", "until", "early", "late"})
                           : in(s[1].lemma, {"bed", "perfect", "good", "great", "excellent", "decent", "poor"})) &&
             std::none_of(s.begin() + 2, s.end(), [&](const Token& t) {
               return t.is_word() && (is_aux(t.lemma) || is_first_person(t.lemma) ||
                                      (t.text != t.lemma && t.text.size() > 3 &&
                                       (t.text.back() == 's' || t.text.ends_with("ed")) &&
                                       wn_.synsets(t.text, Pos::noun).empty() && verb_capable(t)));
             })) {
    // "Up at 5:45 on weekdays", "In bed by 10pm on weeknights", "In
    // perfect health": a note of where or how the person is ("I'm up at
    // 5:45"), with no verb or subject of its own.
    subject = be = true;
  } else {
    // "Down to 84 kg now", "now up to 12 miles a week": where the speaker
    // has got to, a measure that changed.
    // ("Up to 5 people can join" is a limit: "up to" needs "now" or a measure.)
    const std::size_t d = l0 == "now"sv ? 1 : 0;
    subject = be = d + 2 < s.size() && in(s[d].lemma, {"down", "up"}) && s[d + 1].lemma == "to"sv &&
                   s[d + 2].is_value() &&
                   (s[d].lemma == "down"sv || d == 1 || s[d + 2].kind == Token::Kind::quantity);
  }
  if (!subject) return;
  Toks out{word_token("i", "i", "i")};
  if (be) out.push_back(word_token("am", "be", "am"));
  out.insert(out.end(), s.begin(), s.end());
  s.swap(out);
}

/// "No production deploys on Fridays", "No deploys after 4pm", "No phones
/// at dinner": a verbless "No <things> <when or where>" is a rule that
/// forbids them, read as "production deploys are not allowed on Fridays".
/// Not a sentence with a verb of its own ("No one knows", "No deploys have
/// failed"), nor an idiom ("no way", "no problem", "no idea").
void Parser::no_rule(Toks& s) const {
  if (s.size() < 3 || !s[0].is_word() || s[0].lemma != "no"sv || !s[1].is_word()) return;
  std::size_t e = 1;
  while (e < s.size() && s[e].is_word() && !is_prep(s[e].lemma) && !is_conj(s[e].lemma) && e < 5) ++e;
  // (A when or where: "No allergies to anything", "No plans for the
  // weekend", "No news from the landlord" forbid nothing.)
  if (e == 1 || e >= s.size() || !s[e].is_word() ||
      !in(s[e].lemma, {"on", "after", "before", "at", "during", "until", "past", "in", "inside", "outside", "over"}))
    return;
  const std::string& head = s[e - 1].lemma;
  if (in(head, {"one", "body", "thing", "way", "matter", "idea", "problem", "worry", "doubt", "need", "chance",
                "wonder", "longer", "more", "less", "sooner", "reason", "point", "time", "question", "kid", "joke"}))
    return;
  for (const auto& t : s)
    if (t.is_word() && (is_aux(t.lemma) || lex_.modal_table().match(std::vector<std::string>{t.lemma}, 0) ||
                        is_first_person(t.lemma)))
      return;
  Toks out(s.begin() + 1, s.begin() + static_cast<long>(e));
  out.push_back(word_token("are", "be", "are"));
  out.push_back(word_token("not", "not", "not"));
  out.push_back(word_token("allowed", "allow", "allowed"));
  out.insert(out.end(), s.begin() + static_cast<long>(e), s.end());
  s.swap(out);
}

/// "went vegan in October", "went part-time": "go" before a member of a
/// class with a slot is "become" (a change to that value); "went up to
/// £75", "went to 100%": before "up to", "down to" or "to" and a number, a
/// change to the number ("changed to").
void Parser::go_as_change(Toks& s) const {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (!s[i].is_word() || s[i].lemma != "go"sv || s[i].text == "go"sv) continue;
    const Token& n = s[i + 1];
    if (n.is_word()) {
      if (const ClassDef* c = lex_.class_of(n.lemma); c && c->slot != "-"sv && c->name != "company"sv &&
                                                     c->name != "prog_language"sv && c->name != "toggle"sv) {
        s[i] = word_token("became", "become", s[i].surface);
        return;
      }
    }
    std::size_t to = i + 1;
    if (n.is_word() && in(n.lemma, {"up", "down"})) ++to;
    // (Not "went to 3 concerts": a number of things.)
    const bool measure = to + 1 < s.size() && (to > i + 1 || s[to + 1].kind == Token::Kind::quantity);
    const bool thing_after = to + 2 < s.size() && s[to + 2].is_word() && !is_prep(s[to + 2].lemma) &&
                             !in(s[to + 2].lemma, {"a", "an", "the", "per", "each", "every"}) && noun_capable(s[to + 2]);
    if (measure && !thing_after && s[to].is_word() && s[to].lemma == "to"sv && s[to + 1].is_value() &&
        s[to + 1].kind != Token::Kind::time) {
      s[i] = word_token("changed", "change", s[i].surface);
      s.erase(s.begin() + static_cast<long>(i) + 1, s.begin() + static_cast<long>(to));
      return;
    }
  }
}

/// "I'm a mum of three", "As a mom of two, bedtime is the hardest part",
/// "Being a dad of four means ...": the speaker has that many children; the
/// sentence becomes "I have 3 children" and what follows is left out.
void Parser::parent_of(Toks& s) const {
  std::size_t k = 0;
  if (k < s.size() && s[k].is_word() && (s[k].lemma == "as"sv || s[k].text == "being"sv)) ++k;
  else if (k + 1 < s.size() && s[k].is_word() && s[k].lemma == "i"sv && s[k + 1].is_word() &&
           in(s[k + 1].text, {"am", "'m", "m"}))
    k += 2;  // (not "I was a mum of two by 25")
  else if (k + 1 < s.size() && s[k].is_word() && s[k].lemma == "user"sv && s[k + 1].is_word() && s[k + 1].text == "is"sv)
    k += 2;  // "User is a parent of two kids"
  if (k < s.size() && s[k].is_word() && in(s[k].lemma, {"a", "an", "the"})) ++k;
  if (k + 2 >= s.size() || !s[k].is_word() || !in(lex_.canonical(s[k].lemma), {"mother", "father", "parent"}) ||
      !s[k + 1].is_word() || s[k + 1].lemma != "of"sv)
    return;
  // "mum of three"; "mum of an only child" is one.
  std::size_t c = k + 2;
  if (c < s.size() && s[c].is_word() && in(s[c].lemma, {"a", "an"})) ++c;
  Token n = s[k + 2];
  if (s[k + 2].kind != Token::Kind::number) {
    if (c + 1 >= s.size() || !s[c].is_word() || s[c].lemma != "only"sv || !s[c + 1].is_word() ||
        lex_.canonical(s[c + 1].lemma) != "child"sv)
      return;
    n = word_token("1", "1", "1");
    n.kind = Token::Kind::number;
    n.number = 1;
  }
  Toks out{word_token("i", "i", "i"), word_token("have", "have", "have"), n,
           word_token("children", "child", "children")};
  s.swap(out);
}

/// "Dairy doesn't agree with me", "spicy food doesn't agree with me": the
/// speaker does not eat it ("I do not eat dairy"), the way a food
/// intolerance is said.
void Parser::disagrees_with_me(Toks& s) const {
  for (std::size_t k = 1; k + 3 < s.size() && k <= 5; ++k) {
    if (!s[k].is_word() || !in(s[k].lemma, {"do", "not"})) continue;
    std::size_t v = k;
    while (v < s.size() && s[v].is_word() && in(s[v].lemma, {"do", "not", "really", "never"})) ++v;
    if (v == k || v + 2 >= s.size() || !s[v].is_word() || s[v].lemma != "agree"sv || s[v + 1].lemma != "with"sv ||
        !in(s[v + 2].lemma, {"me", "i"}))
      return;
    bool negated = false;
    for (std::size_t j = k; j < v; ++j) negated = negated || lex_.is_negator(s[j].lemma);
    if (!negated) return;
    for (std::size_t j = 0; j < k; ++j)
      if (!s[j].is_word() || is_first_person(s[j].lemma) || is_aux(s[j].lemma)) return;
    // Only a food or a drink ("My boss doesn't agree with me" is a
    // disagreement; "The night shift doesn't agree with me" no diet).
    const std::string_view lf = noun_lexfile(s[k - 1].lemma);
    if (lf != "noun.food"sv && lf != "noun.plant"sv &&
        !in(s[k - 1].lemma, {"dairy", "gluten", "lactose", "caffeine", "alcohol", "wheat", "spice", "garlic", "onion"}))
      return;
    Toks out{word_token("i", "i", "i"), word_token("do", "do", "do"), word_token("not", "not", "not"),
             word_token("eat", "eat", "eat")};
    out.insert(out.end(), s.begin(), s.begin() + static_cast<long>(k));
    out.insert(out.end(), s.begin() + static_cast<long>(v) + 3, s.end());
    s.swap(out);
    return;
  }
}

/// "Flying terrifies me", "outdoor bouldering scares me", "needles
/// frighten me": the speaker fears the thing, as "I'm afraid of flying"
/// says. Rewritten to that form; a subject of at most six words, none of
/// them a person's pronoun or an auxiliary ("it scares me that ..." is left).
void Parser::frightens_me(Toks& s) const {
  for (std::size_t k = 1; k + 1 < s.size() && k <= 6; ++k) {
    if (!s[k].is_word() || !in(s[k].lemma, {"terrify", "scare", "frighten", "petrify"}) || s[k].text == s[k].lemma ||
        looks_past(s[k]) || s[k + 1].lemma != "me"sv)
      continue;
    for (std::size_t j = 0; j < k; ++j)
      if (!s[j].is_word() || is_first_person(s[j].lemma) || is_aux(s[j].lemma) || is_fuzzy_pronoun(s[j].lemma) ||
          in(s[j].lemma, {"what", "that", "this", "he", "she", "they"}))
        return;
    Toks out{word_token("i", "i", "i"), word_token("am", "be", "am"), word_token("afraid", "afraid", "afraid"),
             word_token("of", "of", "of")};
    out.insert(out.end(), s.begin(), s.begin() + static_cast<long>(k));
    out.insert(out.end(), s.begin() + static_cast<long>(k) + 2, s.end());
    s.swap(out);
    return;
  }
}

/// "in my forties", "in her early seventies": an age said as a decade is the
/// range of ages it names ("40-49", "70-73"; early / mid / late narrow it to
/// the first four, middle three or last three years). Said of oneself
/// ("being in my forties has been great") the sentence is the speaker's age.
void Parser::decade_age(Toks& s) const {
  static const std::unordered_map<std::string, int> decades = {
      {"twenties", 20}, {"thirties", 30}, {"forties", 40}, {"fifties", 50},
      {"sixties", 60},  {"seventies", 70}, {"eighties", 80}, {"nineties", 90}};
  for (std::size_t k = 0; k + 2 < s.size(); ++k) {
    if (!s[k].is_word() || s[k].lemma != "in"sv || !is_possessive_det(s[k + 1].lemma)) continue;
    std::size_t d = k + 2;
    int lo_off = 0, hi_off = 9;
    if (s[d].is_word() && in(s[d].lemma, {"early", "mid", "late"}) && d + 1 < s.size()) {
      if (s[d].lemma == "early"sv) hi_off = 3;
      else if (s[d].lemma == "mid"sv) lo_off = 4, hi_off = 6;
      else lo_off = 7;
      ++d;
    }
    auto it = decades.find(s[d].text);
    if (it == decades.end()) continue;
    const std::string range = std::to_string(it->second + lo_off) + "-" + std::to_string(it->second + hi_off);
    // Only as what someone is ("I'm in my forties", "being in my forties",
    // "my mum is in her seventies"), not as a time ("I was a waitress in
    // my twenties").
    const bool is_age = (k > 0 && s[k - 1].is_word() && s[k - 1].lemma == "be"sv && s[k - 1].text != "was"sv &&
                         s[k - 1].text != "were"sv && s[k - 1].text != "been"sv) ||
                        (k == 1 && s[0].is_word() && s[0].text == "being"sv);
    if (!is_age) return;
    if (s[k + 1].lemma == "my"sv) {
      Toks out{word_token("i", "i", "i"), word_token("am", "be", "am"), word_token(range, range, range)};
      s.swap(out);
      return;
    }
    Toks out(s.begin(), s.begin() + static_cast<long>(k));
    // "My mum is in her seventies": the copula is already there.
    out.push_back(word_token(range, range, range));
    out.insert(out.end(), s.begin() + static_cast<long>(d) + 1, s.end());
    s.swap(out);
    return;
  }
}

/// "I live alone", "I live by myself", "I live on my own": the speaker
/// shares their home with no one, which a mention of "my flatmate" denies.
/// Without a place the sentence is rewritten as "I have no housemate" (a
/// negated possession, as "I'm an only child" is); with one ("I live alone
/// in Leeds") the words are dropped and the residence stays.
void Parser::living_alone(Toks& s) const {
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    if (!s[k].is_word() || s[k].lemma != "live"sv) continue;
    std::size_t len = 0;
    const std::size_t a = k + 1;
    if (s[a].is_word() && in(s[a].lemma, {"alone", "solo"})) len = 1;
    else if (a + 1 < s.size() && s[a].lemma == "by"sv && in(s[a + 1].lemma, {"myself", "ourselves"})) len = 2;
    else if (a + 2 < s.size() && s[a].lemma == "on"sv && s[a + 1].lemma == "my"sv && s[a + 2].lemma == "own"sv) len = 3;
    if (len == 0) return;
    // The subject is the speaker: "I", "I still", "User".
    bool speaker = false;
    for (std::size_t j = 0; j < k; ++j)
      speaker = speaker || (s[j].is_word() && (in(s[j].lemma, {"i", "user"})));
    if (!speaker) return;
    const std::size_t after = a + len;
    if (after < s.size() && s[after].is_word() && is_prep(s[after].lemma)) {
      s.erase(s.begin() + static_cast<long>(a), s.begin() + static_cast<long>(after));
      return;
    }
    Toks out(s.begin(), s.begin() + static_cast<long>(k));
    out.push_back(word_token("have", "have", s[k].surface));
    out.push_back(word_token("no", "no", "no"));
    out.push_back(word_token("housemate", "housemate", "housemate"));
    out.insert(out.end(), s.begin() + static_cast<long>(after), s.end());
    s.swap(out);
    return;
  }
}

/// Two coordinated words that say what the first says: "born and raised in
/// Palermo" is "born in Palermo" (also "born and bred"), "my one and only
/// car" is "my only car".
void Parser::coordinated_idioms(Toks& s) const {
  for (std::size_t k = 0; k + 2 < s.size(); ++k) {
    if (!s[k + 1].is_word() || s[k + 1].lemma != "and"sv || !s[k + 2].is_word()) continue;
    const Token& x = s[k];
    const std::string& y = s[k + 2].text;
    if (x.is_word() && x.text == "born"sv && (y == "raised"sv || y == "bred"sv)) {
      s.erase(s.begin() + static_cast<long>(k) + 1, s.begin() + static_cast<long>(k) + 3);
    } else if (x.kind == Token::Kind::number && x.number == 1 && (x.surface == "one"sv || x.surface == "One"sv) && y == "only"sv) {
      s.erase(s.begin() + static_cast<long>(k), s.begin() + static_cast<long>(k) + 2);
    }
  }
}

/// "I've been smoke-free for three months", "Three months smoke-free as of
/// today", "alcohol-free since March": the speaker no longer smokes or
/// drinks ("I no longer smoke"). Only said of the speaker, as what they are
/// (not "a smoke-free hotel", "alcohol-free beer").
void Parser::abstinent(Toks& s) const {
  static const std::unordered_map<std::string_view, std::string_view> habit = {
      {"smoke", "smoke"},  {"cigarette", "smoke"}, {"nicotine", "smoke"}, {"tobacco", "smoke"},
      {"alcohol", "drink"}, {"booze", "drink"},    {"drink", "drink"}};
  for (std::size_t k = 0; k < s.size(); ++k) {
    const std::string& w = s[k].text;
    if (!s[k].is_word() || w.size() < 6 || w.compare(w.size() - 5, 5, "-free") != 0) continue;
    const auto it = habit.find(std::string_view(w).substr(0, w.size() - 5));
    if (it == habit.end()) return;
    // Before it only the speaker and a copula ("I've been", "I am"), or how
    // long ("Three months"), or nothing.
    bool speaker = false, copula = false;
    for (std::size_t j = 0; j < k; ++j) {
      const Token& t = s[j];
      if (t.is_word() && is_first_person(t.lemma)) speaker = true;
      else if (t.is_word() && (t.lemma == "be"sv || is_aux(t.lemma))) copula = copula || t.lemma == "be"sv;
      else if (!(t.is_value() || (t.is_word() && in(t.lemma, {"now", "officially", "finally", "still"})))) return;
    }
    if (speaker && !copula) return;
    Toks out{word_token("i", "i", "i"), word_token("no", "no", "no"), word_token("longer", "longer", "longer"),
             word_token(std::string(it->second), std::string(it->second), s[k].surface)};
    // "for three months" says how long, not what is no longer done.
    std::size_t rest = k + 1;
    if (rest + 1 < s.size() && s[rest].is_word() && s[rest].lemma == "for"sv &&
        s[rest + 1].kind == Token::Kind::quantity && s[rest + 1].dimension == "duration"sv)
      rest += 2;
    out.insert(out.end(), s.begin() + static_cast<long>(rest), s.end());
    s.swap(out);
    return;
  }
}

/// "As a right-hander I never struggle with scissors", "as a perm employee
/// i get the pension match", "As a mom of two, bedtime is hard": the speaker
/// says what they are before what follows from it, and what they are is the
/// claim ("I am a right-hander"). Only a person noun or a member of a class
/// ("lefty"), and not a time of life ("As a kid I ..." is history).
void Parser::as_a_role(Toks& s) const {
  if (s.size() < 4 || !s[0].is_word() || s[0].lemma != "as"sv || !s[1].is_word() || !in(s[1].lemma, {"a", "an"}))
    return;
  if (lex_.history_table().match(lemmas_of(s), 0)) return;
  // The role runs to a comma or to the speaker ("I", "my"), at most eight
  // words ("a radiographer at the county hospital"); its head is the word
  // before the first preposition ("mom of two") or its last word.
  std::size_t end = 2, h = 0;
  while (end < s.size() && end < 10 && (s[end].is_word() || s[end].is_value() || s[end].text == "-"sv) &&
         !is_first_person(s[end].lemma) && !is_possessive_det(s[end].lemma)) {
    // A verb ends the phrase: "As a doctor once told me" is no role.
    if (s[end].is_word() && (looks_past(s[end]) || is_aux(s[end].lemma))) return;
    if (h == 0 && end > 2 && s[end].is_word() && is_prep(s[end].lemma)) h = end - 1;
    ++end;
  }
  if (end == 2 || end >= s.size() || end > 9) return;
  const bool comma = s[end].kind == Token::Kind::punct && s[end].text == ","sv;
  // The main clause is the speaker's ("As a nurse at the hospital, my mum
  // works nights" is the mother's role).
  const bool speaker = s[end].is_word() && is_first_person(s[end].lemma) && s[end].lemma != "my"sv;
  const bool speaker_after_comma = comma && end + 1 < s.size() && s[end + 1].is_word() &&
                                   is_first_person(s[end + 1].lemma) && s[end + 1].lemma != "my"sv;
  if (!speaker && !speaker_after_comma) return;
  if (h == 0) h = end - 1;
  if (!s[h].is_word()) return;
  const std::string head = lex_.canonical(s[h].lemma);
  if (in(head, {"kid", "child", "teenager", "teen", "boy", "girl", "baby", "toddler", "student", "youngster",
                "adult", "family", "team", "company", "group", "result", "rule", "reminder"}))
    return;
  // "a right-handed person": what the speaker is, the word before "person"
  // ("person" itself WordNet files with the top nouns).
  std::size_t role_end = h + 1;
  if (head == "person"sv && h > 2 && s[h - 1].is_word() && lex_.class_of(lex_.canonical(s[h - 1].lemma))) role_end = h;
  else if (!lex_.class_of(head) && noun_lexfile(head) != "noun.person"sv) return;
  // A named person ("Tell", William Tell) or a visitor is no role.
  if (in(head, {"guest", "visitor", "customer", "passenger", "patient", "tourist"})) return;
  if (named_instance(head)) return;
  Toks out{word_token("i", "i", "i"), word_token("am", "be", "am")};
  out.insert(out.end(), s.begin() + 1, s.begin() + static_cast<long>(role_end));
  s.swap(out);
}

/// "Marco and I have been together for six years", "Dana and I are
/// together": the named person is the speaker's partner ("My partner is
/// Marco").
void Parser::together_with(Toks& s) const {
  // (At the start of a sentence a name's capital is its surface's.)
  if (s.size() < 5 || !s[0].is_word() || s[0].surface.empty() ||
      !std::isupper(static_cast<unsigned char>(s[0].surface[0])) || !s[1].is_word() || s[1].lemma != "and"sv ||
      !s[2].is_word() || !is_first_person(s[2].lemma))
    return;
  // A relation is no partner ("Mum and I are together this weekend").
  if (kin_word(lex_.canonical(s[0].lemma))) return;
  std::size_t k = 3;
  bool been = false;
  while (k < s.size() && k < 7 && s[k].is_word() && (s[k].lemma == "be"sv || s[k].lemma == "have"sv || s[k].lemma == "now"sv)) {
    been = been || s[k].text == "been"sv;
    ++k;
  }
  if (k == 3 || k >= s.size() || !s[k].is_word() || s[k].lemma != "together"sv) return;
  // A couple: "have been together", or together for or since a time
  // ("are together on the project", "were together at uni" are not).
  const bool spans = k + 1 < s.size() && s[k + 1].is_word() && in(s[k + 1].lemma, {"for", "since"});
  if (!been && !spans) return;
  Token name = s[0];
  name.capitalised = true;
  Toks out{word_token("my", "my", "my"), word_token("partner", "partner", "partner"), word_token("is", "be", "is"),
           std::move(name)};
  // How long ("for six years") says nothing more; the rest of the sentence stays.
  std::size_t rest = k + 1;
  while (rest < s.size() && s[rest].kind != Token::Kind::punct) ++rest;
  out.insert(out.end(), s.begin() + static_cast<long>(rest), s.end());
  s.swap(out);
}

/// "I write with my left hand", "Writes with left hand": the speaker is
/// left-handed (a member of the handedness class).
void Parser::writing_hand(Toks& s) const {
  for (std::size_t k = 0; k + 3 < s.size(); ++k) {
    if (!s[k].is_word() || s[k].lemma != "write"sv || !s[k + 1].is_word() || s[k + 1].lemma != "with"sv) continue;
    std::size_t h = k + 2;
    if (is_possessive_det(s[h].lemma)) ++h;
    if (h + 1 >= s.size() || !s[h].is_word() || !in(s[h].text, {"left", "right"}) || !s[h + 1].is_word() ||
        s[h + 1].lemma != "hand"sv)
      continue;
    // Only the speaker's own writing hand, not someone else's, and not denied.
    for (std::size_t j = 0; j < k; ++j)
      if (s[j].is_word() && (lex_.is_negator(s[j].lemma) ||
                             (!is_first_person(s[j].lemma) && !is_aux(s[j].lemma) &&
                              !in(s[j].lemma, {"user", "always", "only"}))))
        return;
    const std::string v = s[h].text == "left"sv ? "left-handed" : "right-handed";
    Toks out{word_token("i", "i", "i"), word_token("am", "be", "am"), word_token(v, v, v)};
    out.insert(out.end(), s.begin() + static_cast<long>(h) + 2, s.end());
    s.swap(out);
    return;
  }
}

/// "Our apartment is on the ground floor", "we're on the 6th floor and the
/// lift is broken", "hauling the shopping up to our fourth-floor flat": the
/// floor of the speaker's home, one slot ("my home floor is 4th"), not a
/// residence (a floor is no town). Not an office's or a desk's floor.
void Parser::home_floor(Toks& s) const {
  static const std::unordered_map<std::string_view, std::string_view> named = {
      {"ground", "ground"}, {"top", "top"},    {"first", "1th"},  {"second", "2th"}, {"third", "3th"},
      {"fourth", "4th"},    {"fifth", "5th"},  {"sixth", "6th"},  {"seventh", "7th"}, {"eighth", "8th"},
      {"ninth", "9th"},     {"tenth", "10th"}, {"basement", "basement"}};
  std::string value;
  for (std::size_t k = 0; k < s.size() && value.empty(); ++k) {
    const Token& x = s[k];
    const bool floor_next = k + 1 < s.size() && s[k + 1].is_word() && s[k + 1].lemma == "floor"sv;
    if (floor_next && x.kind == Token::Kind::ordinal) value = x.text;
    else if (floor_next && x.is_word() && named.count(x.text)) value = std::string(named.at(x.text));
    else if (x.is_word() && x.text.size() > 6 && x.text.compare(x.text.size() - 6, 6, "-floor") == 0) {
      const std::string pre = x.text.substr(0, x.text.size() - 6);
      if (named.count(pre)) value = std::string(named.at(pre));
      else if (!pre.empty() && std::isdigit(static_cast<unsigned char>(pre[0]))) value = pre;
    }
  }
  if (value.empty()) return;
  bool home = false, elsewhere = false, speaker = false;
  for (const auto& t : s) {
    if (!t.is_word()) continue;
    home = home || in(t.lemma, {"flat", "apartment", "home", "house", "place", "live", "condo", "unit"});
    speaker = speaker || in(t.lemma, {"we", "i", "our", "my", "user"});
    elsewhere = elsewhere || in(t.lemma, {"office", "desk", "work", "meeting", "room", "hotel", "building", "store",
                                          "ward", "clinic", "school", "team", "car", "park", "parking", "library",
                                          "museum", "mall", "hospital", "station", "gym", "restaurant", "cafe"});
  }
  // "the 2nd floor of the library": a floor of something else; "Our house
  // has a second floor", "play on the first floor of our house": the
  // house's floors, not the one the user lives on.
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    if (s[k].is_word() && s[k].lemma == "floor"sv && s[k + 1].is_word() && s[k + 1].lemma == "of"sv) return;
    if (s[k].is_word() && s[k].lemma == "have"sv && s[k + 1].is_word() && in(s[k + 1].lemma, {"a", "an", "two", "three"}))
      return;
  }
  // Not where the sentence names a place ("a 4th floor flat in Leeds" says
  // where the user lives).
  for (std::size_t k = 1; k < s.size(); ++k)
    if (s[k].is_word() && s[k].capitalised) return;
  // A home word says whose floor (a note about the user needs no "my");
  // without one, only "we're / I'm on the 6th floor".
  if (elsewhere || (!home && !(speaker && s.size() > 1 && in(s[0].lemma, {"we", "i"}) && s[1].lemma == "be"sv)))
    return;
  Toks out{word_token("my", "my", "my"), word_token("home", "home", "home"), word_token("floor", "floor", "floor"),
           word_token("is", "be", "is"), word_token(value, value, value)};
  s.swap(out);
}

/// "I drive to work", "takes the tram to the office", "I go to work by
/// bike", "I ride my bike to school": how someone gets to work or school is
/// one thing, said as "commute by" and the mode (a car, a bike, on foot, or
/// what is taken), so that "I cycle to the office" and "I commute by bus"
/// share a slot.
void Parser::commute_mode(Toks& s) {
  auto destination = [&](std::size_t k) -> std::size_t {  // length of "to (the) work"
    if (k + 1 >= s.size() || !s[k].is_word() || s[k].lemma != "to"sv) return 0;
    std::size_t d = k + 1;
    if (s[d].is_word() && (s[d].lemma == "the"sv || is_possessive_det(s[d].lemma))) ++d;
    if (d >= s.size() || !s[d].is_word() || !in(s[d].lemma, {"work", "office", "school", "uni", "college", "campus"}))
      return 0;
    return d + 1 - k;
  };
  for (std::size_t k = 0; k + 2 < s.size(); ++k) {
    if (!s[k].is_word()) continue;
    const std::string& v = s[k].lemma;
    std::string mode;
    std::size_t from = k + 1, to = 0;  // the destination [from, to)
    if (in(v, {"drive", "cycle", "bike", "walk"})) {
      mode = v == "drive"sv ? "car" : v == "walk"sv ? "foot" : "bike";
    } else if (in(v, {"take", "get", "catch", "ride"}) && [&] {
                 // What is taken must be a way to travel (WordNet: a kind of
                 // conveyance): not "I take my son to school", "take time to work on it".
                 std::size_t o = k + 1;
                 if (o < s.size() && s[o].is_word() && (in(s[o].lemma, {"the", "a"}) || is_possessive_det(s[o].lemma))) ++o;
                 if (o + 1 >= s.size() || !s[o].is_word() || is_prep(s[o].lemma)) return false;
                 if (!in(s[o].lemma, {"bike", "car"}) &&
                     !wn_fast::fast_is_a(wn_, s[o].lemma, "conveyance", 2, 8) && !wn_fast::fast_is_a(wn_, s[o].lemma, "public_transport", 2, 8))
                   return false;
                 mode = s[o].lemma;
                 from = o + 1;
                 return true;
               }()) {
    } else if (!in(v, {"go", "travel", "get", "commute"})) {
      continue;
    }
    std::size_t len = destination(from);
    if (len == 0) continue;
    to = from + len;
    if (mode.empty()) {  // "go to work by bike", "travel to the office by train"
      if (to + 1 >= s.size() || !s[to].is_word() || s[to].lemma != "by"sv || !s[to + 1].is_word()) continue;
      mode = s[to + 1].lemma;
      to += 2;
    }
    if (in(v, {"drive", "cycle", "bike", "walk", "ride"})) commute_verb_ = v;
    Toks out(s.begin(), s.begin() + static_cast<long>(k));
    Token verb = word_token(looks_past(s[k]) ? "commuted" : (s[k].text.back() == 's' ? "commutes" : "commute"),
                            "commute", s[k].surface);
    out.push_back(std::move(verb));
    out.push_back(word_token("by", "by", "by"));
    Token m = word_token(mode, mode, s[k].surface);
    out.push_back(std::move(m));
    out.insert(out.end(), s.begin() + static_cast<long>(to), s.end());
    s.swap(out);
    return;
  }
}

/// "My girlfriend and I celebrated six months together", "I've been vegan
/// for six years", "we've lived here for two years": a present state said
/// to have lasted a while began that long before the statement was made,
/// its valid_from (when the statement's time is known). A past state ("I
/// lived there for two years") or a plan ("for two weeks") says nothing of
/// when a present one began.
void Parser::lasted_since(const Toks& s) {
  if (!ctx_.created_at || ctx_.valid_from) return;
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k].kind != Token::Kind::quantity || s[k].dimension != "duration"sv || s[k].number <= 0) continue;
    const bool together = k + 1 < s.size() && s[k + 1].is_word() && s[k + 1].lemma == "together"sv;
    bool perfect = false;
    if (k > 0 && s[k - 1].is_word() && s[k - 1].lemma == "for"sv)
      for (std::size_t j = 0; j + 1 < k; ++j)
        perfect = perfect || (s[j].is_word() && t_is_present(s[j]) && s[j + 1].is_word() &&
                              (s[j + 1].text == "been"sv || looks_past(s[j + 1])));
    if (!together && !perfect) continue;
    c_.valid_from = *ctx_.created_at - static_cast<Millis>(s[k].number * 1000.0);
    return;
  }
}

/// "Bosch is my employer", "Dan is my brother", "York is my hometown": a
/// name said to be one of the speaker's things is that thing's value, as
/// "my employer is Bosch" says it. Rewrites the sentence that way, so both
/// wordings give one claim. Only for a short subject of content words (not a
/// pronoun: "this is my car") and a short possessive complement that ends
/// the sentence.
void Parser::naming_copula(Toks& s) const {
  std::size_t n = s.size();
  while (n > 0 && s[n - 1].kind == Token::Kind::punct) --n;
  std::size_t be = 0;
  while (be < n && be < 4 && s[be].is_word() && !(s[be].lemma == "be"sv)) ++be;
  if (be == 0 || be >= n || be > 3 || s[be].lemma != "be"sv) return;
  for (std::size_t k = 0; k < be; ++k)
    if (!s[k].is_word() || lex_.is_negator(s[k].lemma) || is_possessive_det(s[k].lemma) ||
        in(s[k].lemma, {"i", "we", "you", "he", "she", "it", "they", "this", "that", "these", "those", "there",
                        "here", "what", "who", "which", "the", "a", "an", "one", "mine", "ours"}))
      return;
  const std::size_t det = be + 1;
  if (det >= n || !s[det].is_word() || !in(s[det].lemma, {"my", "our"})) return;
  const std::size_t np = n - det - 1;  // words after "my"
  if (np == 0 || np > 2) return;
  for (std::size_t k = det + 1; k < n; ++k)
    if (!s[k].is_word() || lex_.is_negator(s[k].lemma)) return;
  Toks out;
  out.insert(out.end(), s.begin() + static_cast<long>(det), s.begin() + static_cast<long>(n));
  out.push_back(s[be]);
  for (std::size_t k = 0; k < be; ++k) {
    Token t = s[k];
    // Written with a capital at the start of the sentence: a name.
    if (!t.surface.empty() && std::isupper(static_cast<unsigned char>(t.surface[0]))) t.capitalised = true;
    out.push_back(std::move(t));
  }
  out.insert(out.end(), s.begin() + static_cast<long>(n), s.end());
  s.swap(out);
}

/// "Lena, our SRE lead, lives in Berlin", "Tom, my brother, is a nurse": a
/// name with its relation set off by commas says what "our SRE lead Lena
/// lives in Berlin" says (the form parse_subject reads as a named relation).
/// Only a name of one to three capitalised words that opens the sentence,
/// a relation of at most five words that starts with a possessive or "the",
/// and a verb after the second comma.
void Parser::appositive_name(Toks& s) const {
  auto cap = [](const Token& t) {
    return t.is_word() && !t.surface.empty() && std::isupper(static_cast<unsigned char>(t.surface[0]));
  };
  std::size_t n = 0;
  while (n < s.size() && n < 3 && cap(s[n]) && !is_first_person(s[n].lemma) && !is_fuzzy_pronoun(s[n].lemma)) ++n;
  if (n == 0 || n + 3 >= s.size() || s[n].kind != Token::Kind::punct || s[n].text != ","sv) return;
  // A first word that is an adverb or an interjection is no name ("Honestly,
  // my ...", "Well, our ...").
  if (!s[0].capitalised && (!wn_.synsets(s[0].lemma, Pos::adv).empty() ||
                            in(s[0].lemma, {"yes", "no", "ok", "okay", "well", "so", "ugh", "oh", "hey", "also",
                                            "anyway", "btw", "fyi", "note", "update", "reminder"})))
    return;
  const std::size_t det = n + 1;
  if (!s[det].is_word() || !in(s[det].lemma, {"my", "our", "the", "his", "her", "their"})) return;
  std::size_t close = det + 1;
  while (close < s.size() && close <= det + 5 && s[close].is_word() && !is_aux(s[close].lemma) &&
         !lex_.is_negator(s[close].lemma))
    ++close;
  if (close == det + 1 || close + 1 >= s.size() || s[close].kind != Token::Kind::punct || s[close].text != ","sv)
    return;
  const Token& v = s[close + 1];
  if (!v.is_word() || !(is_aux(v.lemma) || lex_.is_negator(v.lemma) ||
                        (verb_capable(v) && v.text != v.lemma && (v.text.back() == 's' || looks_past(v)))))
    return;
  Toks out(s.begin() + static_cast<long>(det), s.begin() + static_cast<long>(close));
  for (std::size_t k = 0; k < n; ++k) {
    Token t = s[k];
    t.capitalised = true;
    out.push_back(std::move(t));
  }
  out.insert(out.end(), s.begin() + static_cast<long>(close) + 1, s.end());
  s.swap(out);
}

/// "Lena is a Lisbon resident", "Dad is a resident of Leeds", "She resides
/// in Porto": where someone lives, as "lives in" says it. Only in the
/// present ("was a resident" is history).
void Parser::resident_as_live(Toks& s) const {
  for (std::size_t k = 0; k + 2 < s.size(); ++k) {
    if (!s[k].is_word()) continue;
    if (s[k].lemma == "reside"sv && s[k].text != "resided"sv) {
      s[k] = word_token(s[k].text == "reside"sv ? "live" : "lives", "live", s[k].surface);
      return;
    }
    if (s[k].lemma != "be"sv || !in(s[k].text, {"is", "am", "are", "'s", "'m", "'re"})) continue;
    const std::size_t a = k + 1;
    if (!s[a].is_word() || !in(s[a].lemma, {"a", "an"})) continue;
    const std::string live = s[k].text == "is"sv || s[k].text == "'s"sv ? "lives" : "live";
    // "a resident of Leeds", "a resident in Leeds"
    // ("a resident in internal medicine", "a resident in a nursing home":
    // "in" only before a name.)
    if (a + 2 < s.size() && s[a + 1].is_word() && s[a + 1].lemma == "resident"sv && s[a + 2].is_word() &&
        (s[a + 2].lemma == "of"sv ||
         (s[a + 2].lemma == "in"sv && a + 3 < s.size() && s[a + 3].is_word() && s[a + 3].capitalised))) {
      Toks out(s.begin(), s.begin() + static_cast<long>(k));
      out.push_back(word_token(live, "live", s[k].surface));
      out.push_back(word_token("in", "in", "in"));
      out.insert(out.end(), s.begin() + static_cast<long>(a) + 3, s.end());
      s.swap(out);
      return;
    }
    // "a Lisbon resident": one to three capitalised words, then "resident".
    std::size_t r = a + 1;
    while (r < s.size() && r <= a + 3 && s[r].is_word() && s[r].capitalised) ++r;
    if (r == a + 1 || r >= s.size() || !s[r].is_word() || s[r].lemma != "resident"sv) continue;
    Toks out(s.begin(), s.begin() + static_cast<long>(k));
    out.push_back(word_token(live, "live", s[k].surface));
    out.push_back(word_token("in", "in", "in"));
    out.insert(out.end(), s.begin() + static_cast<long>(a) + 1, s.begin() + static_cast<long>(r));
    out.insert(out.end(), s.begin() + static_cast<long>(r) + 1, s.end());
    s.swap(out);
    return;
  }
}

/// Does a clause in the present with a noun subject start at `from` (after a
/// comma)? "..., raw fish grosses me out": a short noun phrase, then a verb
/// in its -s form with an object after it (a pronoun or a determiner), so a
/// list of nouns ("pizza, chicken wings and fries") is not one.
bool Parser::present_clause_at(const Toks& s, std::size_t from) const {
  for (std::size_t j = from + 1; j < s.size() && j <= from + 3; ++j) {
    const Token& v = s[j];
    if (!v.is_word() || is_aux(v.lemma) || is_prep(v.lemma) || is_conj(v.lemma)) return false;
    const bool s_form = v.text != v.lemma && v.text.size() > 2 && v.text.back() == 's' && verb_capable(v);
    if (s_form && j + 1 < s.size() && s[j + 1].is_word() &&
        in(s[j + 1].lemma, {"me", "us", "you", "him", "her", "them", "it", "my", "our", "your", "his",
                            "their", "the", "a", "an"}))
      return true;
    if (!noun_capable(v) && wn_.synsets(v.lemma, Pos::adj).empty()) return false;
  }
  return false;
}

/// Splits a sentence at "and"/"but"/"," that start a new clause; returns the
/// first clause and stores the second (if any) in `second`.
Toks Parser::split_clauses(const Toks& s, Toks* second) {
  for (std::size_t i = 2; i + 1 < s.size(); ++i) {
    const auto& l = s[i].lemma;
    if (!(l == "and"sv || l == "but"sv || l == ","sv || l == "then"sv)) continue;
    const Token& nx = s[i + 1];
    bool starts = is_first_person(nx.lemma) || in(nx.lemma, {"he", "she", "they"});
    starts = starts || looks_past(nx);
    if (!starts && nx.capitalised && i + 2 < s.size() && looks_past(s[i + 2])) starts = true;
    if (!starts && l == ","sv) starts = present_clause_at(s, i + 1);
    // "... and won't go near a sushi place": a negated modal with the
    // subject left out starts a clause of the same subject ("... and
    // haven't touched one since" goes on with the change just told).
    // "Pepper adores her grooming sessions and purrs the whole way
    // through": a verb in its -s form after "and", opening its own object,
    // is a second verb of the same subject, a clause of its own.
    if (!starts && l == "and"sv && nx.is_word() && nx.text != nx.lemma && nx.text.size() > 3 && nx.text.back() == 's' &&
        verb_capable(nx) && !is_aux(nx.lemma) && i + 2 < s.size() && s[i + 2].is_word() &&
        ((in(s[i + 2].lemma, {"the", "a", "an", "his", "her", "their", "its", "my", "our"}) &&
          // ("spiders and snakes the most", "cats and dogs a little")
          !(noun_capable(nx) && (in(s[i + 2].lemma, {"a", "an"}) ||
                                 (i + 3 < s.size() && s[i + 3].is_word() &&
                                  in(s[i + 3].lemma, {"most", "least", "best", "worst", "same", "first", "last"}))))) ||
         (is_prep(s[i + 2].lemma) && !noun_capable(nx))))  // ("cats and dogs in the house")
      starts = true;
    // "I really dislike running and never do it": "never" with a verb.
    if (!starts && (l == "and"sv || l == "but"sv || l == ","sv) && nx.lemma == "never"sv && i + 2 < s.size() &&
        s[i + 2].is_word() && verb_capable(s[i + 2]) && (!is_aux(s[i + 2].lemma) || s[i + 2].lemma == "do"sv))
      starts = true;
    if (!starts && (l == "and"sv || l == "but"sv) && in(nx.lemma, {"will", "would", "can", "could", "do"}) &&
        i + 2 < s.size() &&
        in(s[i + 2].lemma, {"not", "never"}))
      starts = true;
    // The same after a comma, and with "have" ("Picking my brother up from
    // the airport tonight, haven't seen him since Christmas"): its negation
    // is its own, not the first clause's.
    if (!starts && l == ","sv && in(nx.lemma, {"will", "would", "can", "could", "do", "have"}) &&
        nx.text != "had"sv && i + 2 < s.size() && in(s[i + 2].lemma, {"not", "never"}))
      starts = true;
    // "..., so no shrimp or crab for me", "..., because ...": a consequence
    // or a reason is a clause of its own.
    if (!starts && l == ","sv && in(nx.lemma, {"so", "because"})) starts = true;
    // "our infra is 100% terraform, nothing gets clicked together": a
    // pronoun of quantity with its verb is a subject of its own, and its
    // "nothing" negates that clause only.
    if (!starts && l == ","sv &&
        in(nx.lemma, {"nothing", "nobody", "everyone", "everybody", "everything", "someone", "somebody",
                      "something", "anything", "anyone"}) &&
        i + 2 < s.size() && s[i + 2].is_word() &&
        (is_aux(s[i + 2].lemma) || (verb_capable(s[i + 2]) && s[i + 2].text != s[i + 2].lemma)))
      starts = true;
    // "..., but my boss isn't great", "..., Miso is not impressed", "...,
    // the tram doesn't go near": a possessive, a name or "the", a short
    // noun phrase, then an auxiliary.
    if (!starts && (is_possessive_det(nx.lemma) || nx.capitalised || nx.lemma == "the"sv)) {
      for (std::size_t j = i + 2; j < s.size() && j <= i + 4; ++j) {
        if (!s[j].is_word() || is_prep(s[j].lemma) || is_conj(s[j].lemma)) break;
        if (is_aux(s[j].lemma) && s[j].lemma != "get"sv) {
          starts = true;
          break;
        }
      }
    }
    // "I live in Leeds, not in York": a contrast names what the statement is
    // not about; it does not negate it.
    if (!starts && l == ","sv && nx.lemma == "not"sv && i + 2 < s.size() && s[i + 2].is_word() &&
        (is_prep(s[i + 2].lemma) || in(s[i + 2].lemma, {"the", "a", "an"}) || is_possessive_det(s[i + 2].lemma)))
      starts = true;
    if (!starts) continue;
    // The first part must be a clause itself ("my wife and I ..." is one subject).
    // A leading prepositional phrase ("On client visits, I ...") is not one:
    // its plural nouns are not verbs.
    const bool phrase = s[0].is_word() && is_prep(s[0].lemma);
    bool has_verb = false;
    for (std::size_t k = 0; k < i; ++k)
      has_verb = has_verb || is_first_person(s[k].lemma) || is_aux(s[k].lemma) || looks_past(s[k]) ||
                 (!phrase && verb_capable(s[k]) && s[k].text != s[k].lemma);
    if (!has_verb) continue;
    second->assign(s.begin() + static_cast<long>(i) + 1, s.end());
    return Toks(s.begin(), s.begin() + static_cast<long>(i));
  }
  return s;
}

void Parser::scan_cues(Toks& t) {
  // A phrasal cue with its object inside ("traded the Fiesta in for an
  // MG4", "cut staging over to MySQL 8", "handed the lead over to Oskar"):
  // the particle moves back to its verb, as "traded in the Fiesta" reads.
  {
    auto lm = lemmas_of(t);
    for (std::size_t k = 0; k + 2 < t.size(); ++k) {
      if (!t[k].is_word() || is_aux(lm[k])) continue;
      for (std::size_t j = k + 2; j < t.size() && j <= k + 4; ++j) {
        const Token& x = t[j - 1];
        const bool np_word = x.kind != Token::Kind::punct && !(x.is_word() && (is_aux(lm[j - 1]) || is_prep(lm[j - 1]) ||
                                                                                 is_conj(lm[j - 1]) || looks_past(x)));
        if (!np_word) break;
        if (!t[j].is_word() || !in(lm[j], {"in", "over", "out", "off", "up", "down", "back", "away"})) continue;
        // Before a noun phrase it is a preposition ("rewrote the parser in a
        // weekend"), not the verb's particle.
        if (j + 1 < t.size() && (t[j + 1].is_value() || in(lm[j + 1], {"a", "an", "the", "my", "our", "his", "her", "their"})))
          continue;
        std::vector<std::string> probe{lm[k], lm[j]};
        if (j + 1 < t.size()) probe.push_back(lm[j + 1]);
        if (lex_.cue_table().match(probe, 0).length < 2) continue;
        Token particle = t[j];
        t.erase(t.begin() + static_cast<long>(j));
        t.insert(t.begin() + static_cast<long>(k) + 1, std::move(particle));
        lm = lemmas_of(t);
        break;
      }
    }
  }
  auto lem = lemmas_of(t);
  std::vector<bool> drop(t.size(), false);
  for (std::size_t i = 0; i < t.size();) {
    auto m = lex_.cue_table().match(lem, i);
    if (!m) {
      ++i;
      continue;
    }
    const CueDef& cue = lex_.cue(m.entry);
    bool accept = true;
    std::size_t event_end = 0;  // "after the reorg,": where the event ends
    // "I lived in Porto before moving here", "until I switched to Go": the
    // cue ends the period the statement is about; it is no change of its own.
    auto ends_period = [&](std::size_t k) {
      return k < t.size() && in(lem[k], {"before", "until", "till"});
    };
    if (i > 0 && (ends_period(i - 1) ||
                  (i > 1 && ends_period(i - 2) && (is_first_person(lem[i - 1]) ||
                                                   in(lem[i - 1], {"he", "she", "they", "it"}))))) {
      ended_before_cue_ = true;
      i += m.length;
      continue;
    }
    // A one-word verb cue used as a plural noun for people or things: inside
    // a noun phrase ("the new dispatch hires") or as the object of a verb
    // ("I practice scales"). Nouns of acts and events stay cues ("our
    // divorce").
    const bool noun_use = [&] {
      const bool verb_kind = cue.kind == CueKind::start || cue.kind == CueKind::stop || cue.kind == CueKind::update ||
                             cue.kind == CueKind::switch_ || cue.kind == CueKind::move;
      const Token& x = t[i];
      if (m.length != 1 || i == 0 || !x.is_word() || !verb_kind || x.text == x.lemma || x.text.back() != 's' ||
          !noun_capable(x))
        return false;
      const std::string_view lf = noun_lexfile(x.lemma);
      if (lf.empty() || lf == "noun.act"sv || lf == "noun.event"sv || lf == "noun.process"sv || lf == "noun.state"sv)
        return false;
      // A named instance ("Begin", the statesman) is no common noun.
      if (named_instance(x.lemma)) return false;
      const Token& prev = t[i - 1];
      if (!prev.is_word() || prev.capitalised || is_first_person(prev.lemma) || is_aux(prev.lemma) ||
          lex_.is_negator(prev.lemma) ||
          in(prev.lemma, {"he", "she", "they", "it", "we", "who", "that", "which", "to", "and", "or", "then", "just",
                          "also", "still", "never", "always"}))
        return false;
      if (in(prev.lemma, {"the", "a", "an", "our", "these", "those", "some", "any", "new"}) || is_possessive_det(prev.lemma))
        return true;
      // People named by a noun phrase ("the new dispatch hires"; not "the
      // build finishes", a verb after its subject), or a verb's base form
      // before its object ("practice scales").
      if (i > 1 && t[i - 2].is_word() && lf == "noun.person"sv &&
          (in(t[i - 2].lemma, {"the", "a", "an", "our", "new"}) || is_possessive_det(t[i - 2].lemma)))
        return true;
      return verb_capable(prev) && prev.text == prev.lemma && i > 1 && t[i - 2].is_word() &&
             (is_first_person(t[i - 2].lemma) || in(t[i - 2].lemma, {"we", "they", "you"}));
    }();
    // A one-word cue in its base form between a determiner or a number and
    // a noun modifies the noun ("two graduate engineers", "the update
    // window"): no change.
    const bool modifier = m.length == 1 && i > 0 && i + 1 < t.size() && t[i].is_word() && t[i].text == t[i].lemma &&
                          cue.phrase != "new"sv && cue.phrase != "current"sv && !is_prep(lem[i]) &&
                          verb_capable(t[i]) && t[i + 1].is_word() &&
                          noun_capable(t[i + 1]) && !is_prep(lem[i + 1]) && !is_possessive_det(lem[i + 1]) &&
                          !in(lem[i + 1], {"the", "a", "an", "to", "and", "or", "it", "them", "him", "her", "up",
                                           "out", "off", "over", "back", "down", "away", "on", "in"}) &&
                          (t[i - 1].kind == Token::Kind::number ||
                           (t[i - 1].is_word() && in(lem[i - 1], {"the", "a", "an", "two", "three", "several", "some",
                                                                  "these", "those"})));
    // A change denied ("we never moved to Unity Catalog", "haven't really
    // started"), or a state said to have held
    // all along ("always has been since I started"): no change told.
    const bool denied = [&] {
      // (Not an end denied: "I never quit smoking" says it goes on, and
      // dropping the cue would leave a denial of smoking.)
      if (!(cue.kind == CueKind::start || cue.kind == CueKind::switch_ || cue.kind == CueKind::move ||
            cue.kind == CueKind::update || cue.phrase == "since"sv))
        return false;
      if (cue.phrase == "since"sv || cue.kind == CueKind::start)
        for (std::size_t k = i; k-- > 0;) {
          // (Within the clause: "I had always drunk tea, but since the baby ...".)
          if (t[k].kind == Token::Kind::punct || in(lem[k], {"but", "until", "till", "then", "now"})) break;
          if (lem[k] == "always"sv) return true;
        }
      // (Not a return: "I'm not going back to QWERTY" says the change holds.)
      if (cue.phrase == "since"sv || i == 0 || cue.phrase.find("back") != std::string::npos ||
          cue.phrase.rfind("return", 0) == 0)
        return false;
      if (lex_.is_negator(lem[i - 1])) return true;
      if (i > 1 && lex_.is_negator(lem[i - 2]) && in(lem[i - 1], {"ever", "really", "actually", "yet", "even"}))
        return true;
      // A change wanted, planned or heard of, and denied: the cue as "-ing"
      // or "to" + verb under a verb of wanting or planning with a negation
      // before it ("won't hear of moving", "doesn't want to switch", "no
      // plans to move"), or a refusal ("refuses to move"). Other verbs tell
      // of the change ("can't wait to move", "didn't expect to start",
      // "never looked back after switching").
      const bool ing = t[i].text.size() > 4 && t[i].text.ends_with("ing");
      if (!ing && lem[i - 1] != "to"sv) return false;
      std::size_t v = i - 1;  // the governing verb: "want to move", "hear of moving", "plan on joining"
      if (v > 0 && in(lem[v], {"to", "of", "on", "about"})) --v;
      if (in(lem[v], {"refuse", "reluctant"})) return true;
      if (!in(lem[v], {"want", "plan", "intend", "consider", "hear", "think", "fancy", "mean", "like", "wish"}))
        return false;
      for (std::size_t k = v, n = 0; k-- > 0 && n < 3; ++n) {
        if (t[k].kind == Token::Kind::punct) break;
        if (lex_.is_negator(lem[k])) return true;
      }
      return false;
    }();
    // "staging models start with stg_", "Play rollouts begin with a 1%
    // stage": what a thing is made up of first, said in the present of a
    // thing (a noun, no person), not a start ("I start with the security
    // team on Monday", "I can start with Globex in May", "my brother starts
    // with Acme").
    const bool composition = m.length == 1 && (cue.phrase == "start"sv || cue.phrase == "begin"sv) && i > 0 &&
                             i + 1 < t.size() && lem[i + 1] == "with"sv && t[i].text != "started"sv &&
                             t[i].text != "began"sv && t[i].text != "starting"sv && t[i].text != "beginning"sv &&
                             t[i - 1].is_word() && !t[i - 1].capitalised &&
                             (noun_capable(t[i - 1]) || !wn_.any_sense(lem[i - 1])) &&
                             !is_aux(lem[i - 1]) && !is_first_person(lem[i - 1]) &&
                             !in(lem[i - 1], {"he", "she", "they", "will", "to", "'ll", "shall", "now", "then"}) &&
                             noun_lexfile(lem[i - 1]) != "noun.person"sv;
    if (noun_use || modifier || denied || composition) {
      accept = false;
    } else if (in(cue.phrase, {"hit", "reach", "cross", "top"})) {
      // "streak hit 270 days today", "MRR crossed $1.5M in September": a
      // milestone passed, in the past tense, before an amount; not "hits
      // 85 percent" (a threshold), "trying to hit 10,000 steps", "once we
      // hit 100 users" (a plan or a condition), "hit my head".
      accept = m.length == 1 && in(t[i].text, {"hit", "reached", "crossed", "topped"}) && i + 1 < t.size() &&
               (t[i + 1].kind == Token::Kind::number || t[i + 1].kind == Token::Kind::quantity);
      for (std::size_t k = i, n = 0; accept && k-- > 0 && n < 4; ++n) {
        if (t[k].kind == Token::Kind::punct) break;
        if (in(lem[k], {"to", "will", "when", "once", "if", "until", "till", "can", "could", "should", "might",
                        "would", "never", "not"}))
          accept = false;
      }
    } else if (cue.phrase == "since"sv && i > 0 && lem[i - 1] == "long"sv) {
      accept = false;  // "long since retired": long ago, no change told
    } else if (cue.phrase == "since"sv &&
               i + 1 < t.size() &&
               (in(lem[i + 1], {"beginning", "outset", "forever"}) ||
                (lem[i + 1] == "day"sv && i + 2 < t.size() &&
                 (lem[i + 2] == "one"sv || lem[i + 2] == "1"sv || lem[i + 2] == "1th"sv)) ||
                // an age: "since 18" (not "since 1 March", "since v2.0")
                (t[i + 1].kind == Token::Kind::number && t[i + 1].number >= 10 && t[i + 1].number < 30 &&
                 t[i + 1].number == static_cast<int>(t[i + 1].number) &&
                 (i + 2 >= t.size() || !t[i + 2].is_word() || month_index(t[i + 2].text, true) < 0)))) {
      // "since day one", "since the beginning", "since 18": a state that
      // has held from the start, no change after the memory.
      accept = false;
    } else if (cue.phrase == "new"sv || cue.phrase == "current"sv) {
      // "my new manager" is a change of holder; "New York" is a name and
      // "new people" just people.
      accept = !(t[i].capitalised || (i + 1 < t.size() && t[i + 1].capitalised)) && i > 0 &&
               is_possessive_det(t[i - 1].lemma);
    } else if (cue.phrase == "turn"sv || cue.phrase == "just turn"sv) {
      accept = i + m.length < t.size() && t[i + m.length].kind == Token::Kind::number;
    } else if (cue.phrase == "since"sv && i + 1 < t.size() &&
               in(lem[i + 1], {"childhood", "college", "uni", "university", "school", "forever", "birth", "kid",
                               "teenager", "teen", "always", "ever"})) {
      accept = false;  // "had it since college": a state that long predates any memory, no change
    } else if (cue.phrase == "since"sv && [&] {
                 // "Since our pipeline is pinned to 3.9, ...", "since it's the one I use",
                 // "since Finn doesn't have an EHCP": a reason, a clause in the present tense.
                 if (i + 2 >= t.size()) return false;
                 // A name right before a denied present ("since Finn doesn't have
                 // an EHCP", "since Mum can't drive"); not a month, a day, a
                 // quarter or a season ("since January Jane doesn't work Fridays").
                 const bool named = t[i + 1].capitalised && t[i + 1].is_word() && !is_first_person(lem[i + 1]) &&
                                    month_index(t[i + 1].text, true) < 0 &&
                                    !lex_.scope_table().match(std::vector<std::string>{lem[i + 1]}, 0) &&
                                    !(t[i + 1].text.size() == 2 && (t[i + 1].text[0] == 'Q' || t[i + 1].text[0] == 'q'));
                 if (named)
                   return i + 3 < t.size() && in(t[i + 2].text, {"does", "do", "can", "is"}) &&
                          (t[i + 2].text == "is"sv || lex_.is_negator(lem[i + 3]));
                 if (!in(lem[i + 1], {"it", "our", "my", "the", "this", "that", "we", "they", "you", "he", "she",
                                      "there", "your", "his", "her", "their", "i"}))
                   return false;
                 for (std::size_t k = i + 2; k < t.size() && k <= i + 4; ++k) {
                   if (in(t[k].text, {"is", "are", "am"})) return true;
                   if (!t[k].is_word() || is_first_person(lem[k]) || is_conj(lem[k]) || is_fuzzy_pronoun(lem[k]))
                     return false;
                 }
                 return false;
               }()) {
      accept = false;
    } else if (cue.phrase == "since"sv && i + 3 < t.size() && is_first_person(lem[i + 1]) && lem[i + 2] == "be"sv &&
               in(lem[i + 3], {"a", "little", "young", "small", "kid", "child", "teenager", "born"})) {
      accept = false;  // "since I was a kid"
    } else if ((cue.phrase == "start"sv || cue.phrase == "begin"sv) && i + 1 < t.size() && m.length == 1 &&
               in(t[i].text, {"start", "starts", "begin", "begins", "starting", "beginning"}) &&
               (t[i + 1].kind == Token::Kind::time ||
                (i + 2 < t.size() && in(lem[i + 1], {"at", "around", "by"}) &&
                 (t[i + 2].kind == Token::Kind::time || t[i + 2].kind == Token::Kind::number ||
                  t[i + 2].kind == Token::Kind::quantity ||
                  in(lem[i + 2], {"noon", "midnight", "dawn"}))) ||
                (t[i].text.back() == 's' && lem[i + 1] == "with"sv))) {
      accept = false;  // "standup starts at 10", "every day starts with ...": a schedule, no change
    } else if (cue.phrase == "raise"sv &&
               ((i + 1 < t.size() && lem[i + 1] == "in"sv) || (i > 1 && lem[i - 1] == "and"sv && lem[i - 2] == "bear"sv))) {
      accept = false;  // "born and raised in Palermo": an upbringing, no change
    } else if ((cue.phrase == "give up"sv || cue.phrase == "go back"sv) && i + m.length < t.size() &&
               lem[i + m.length] == (cue.phrase == "give up"sv ? "after"sv : "for"sv)) {
      accept = false;  // "gives up after 3 attempts" (a retry limit), "went back for a second" (seconds)
    } else if (cue.phrase == "finish"sv &&
               ((i + 1 < t.size() && in(lem[i + 1], {"a", "an"})) || (i > 0 && lem[i - 1] == "to"sv))) {
      accept = false;  // "just finished a biography", "takes an age to finish": an episode, no change
    } else if (cue.phrase == "down to"sv && i > 0 &&
               in(lem[i - 1], {"go", "come", "travel", "head", "drive", "walk", "fly", "pop", "run", "get", "move"}) &&
               !(i + m.length < t.size() && t[i + m.length].is_value())) {
      accept = false;  // "we go down to see her", "travels down to our Cork site": a journey
    } else if ((cue.phrase == "change"sv || cue.phrase == "change to"sv) && t[i].text == "changes"sv && i > 0 &&
               t[i - 1].is_word() && noun_capable(t[i - 1]) && !is_fuzzy_pronoun(t[i - 1].lemma) &&
               !is_first_person(t[i - 1].lemma) && !is_aux(t[i - 1].lemma) &&
               !in(t[i - 1].lemma, {"he", "she", "it", "they", "who", "that", "this"})) {
      accept = false;  // "firewall rule changes are restricted to SRE": a noun
    } else if (cue.phrase == "since"sv) {
      accept = i + 1 < t.size();
      if (accept && t[i + 1].kind == Token::Kind::number && t[i + 1].number > 1900 &&
          t[i + 1].number < 2200) {
        const int year = static_cast<int>(t[i + 1].number);
        if (auto ms = parse_rfc3339(std::to_string(year) + "-01-01")) c_.valid_from = *ms;
      }
    } else if (cue.phrase == "after the"sv || cue.phrase == "follow the"sv) {
      // "After the reorg, my manager is Marcus", "Following the merger we
      // use Slack": an event the statement dates itself after, at its start,
      // is a change; "after the gym" (a place) is not. Drops the event too.
      std::size_t k = i + m.length;
      while (k < t.size() && k < i + m.length + 3 && t[k].is_word() && !t[k].capitalised && !is_prep(t[k].lemma) &&
             !is_first_person(t[k].lemma) && !is_possessive_det(t[k].lemma) && !is_aux(t[k].lemma) &&
             !in(t[k].lemma, {"the", "we", "it", "they"}))
        ++k;
      // The event ends at a comma or where the clause's subject starts
      // ("Follows the Boston Celtics" is the verb, not an event).
      const bool ends = k < t.size() && (t[k].kind == Token::Kind::punct ||
                                         (t[k].is_word() && (is_first_person(t[k].lemma) || is_possessive_det(t[k].lemma) ||
                                                             in(t[k].lemma, {"the", "we", "it", "they"}))));
      const std::string_view lf = k > i + m.length ? noun_lexfile(t[k - 1].lemma) : std::string_view();
      // A word WordNet does not know ("reorg", "rebrand") is taken for an event.
      const bool unknown = k > i + m.length && !wn_.known(t[k - 1].lemma, Pos::noun) &&
                           !wn_.known(t[k - 1].lemma, Pos::verb) && !wn_.known(t[k - 1].lemma, Pos::adj) &&
                           !t[k - 1].capitalised;
      accept = i == 0 && ends && k + 1 < t.size() && (lf == "noun.act"sv || lf == "noun.event"sv || unknown) &&
               (cue.phrase == "after the"sv || t[i].text == "following"sv);
      if (accept) event_end = k < t.size() && t[k].kind == Token::Kind::punct && t[k].text == ","sv ? k + 1 : k;
    } else if (m.length == 1 && i > 0 && lem[i - 1] == "be"sv && cue.kind != CueKind::now &&
               cue.kind != CueKind::new_ && (i + 1 >= t.size() || !is_prep(lem[i + 1]))) {
      accept = false;  // "I am divorced", "the API is deprecated": a state
    } else if (cue.phrase == "switch"sv && i + 1 < t.size() && in(lem[i + 1], {"on", "off"}) &&
               (t[i].text == "switch"sv || t[i].text == "switches"sv ||
                (i > 0 && in(t[i - 1].text, {"is", "are", "'s", "stays", "stay", "keep", "remains"})))) {
      accept = false;  // "stays switched off for US tenants", "switch on subtitles": a state, not
                       // the event ("was switched on in prod on Tuesday")
    } else if (cue.phrase == "leave"sv &&
               ((t[i].text.rfind("left", 0) == 0 &&
                 (t[i].text.find('-') != std::string::npos ||
                  (i + 1 < t.size() && in(lem[i + 1], {"hand", "handed", "eye", "ear", "side", "foot", "arm", "leg",
                                                       "knee", "shoulder", "lane", "turn", "wing", "corner"})))) ||
                (i > 0 && in(lem[i - 1], {"annual", "parental", "maternity", "paternity", "sick", "medical", "study",
                                          "compassionate", "of", "on"})))) {
      accept = false;  // "my left eye", "left-handed", "parental leave", "a week of leave": no departure
    } else if ((cue.phrase == "change"sv || cue.phrase == "stop"sv) && i > 0 &&
               (in(lem[i - 1], {"a", "an", "the", "any", "every", "this", "that", "full"}) ||
                (i + 1 < t.size() && in(lem[i + 1], {"freeze", "request", "window", "log", "management"})) ||
                (i == 0 && t[i].text == "changes"sv))) {
      accept = false;  // "a change in DNS", "change freeze", "full stop": a noun
    } else if (cue.phrase == "from"sv || cue.phrase == "effective"sv) {
      // "From 1 June, brunch runs both days", "effective 1 September": a
      // date the statement holds from, said first or after a comma. Not a
      // source ("from Leeds") nor a quality ("an effective fix").
      auto month_or_day = [&](std::size_t k) {
        // ("1 Feb": a month's abbreviation.)
        return k < t.size() && (month_index(t[k].text) >= 0 || month_abbreviation(t[k].text) ||
                                in(t[k].text, {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                               "sunday", "today", "tomorrow", "next", "this", "immediately", "now"}));
      };
      auto day_number = [&](std::size_t k) {
        return k < t.size() && (t[k].kind == Token::Kind::number || t[k].kind == Token::Kind::ordinal);
      };
      const bool opens = i == 0 || t[i - 1].kind == Token::Kind::punct;
      // "1 June", "the 1st of June" after the cue, or a month or day name.
      const bool dated = month_or_day(i + 1) ||
                         (day_number(i + 1) && month_or_day(i + 2 + (i + 2 < t.size() && lem[i + 2] == "of"sv ? 1 : 0)));
      accept = dated && (opens || cue.phrase == "effective"sv);
    } else if (cue.phrase == "cut"sv) {
      accept = false;
      for (std::size_t k = i + 1; k < t.size() && k < i + 4; ++k)
        accept = accept || t[k].lemma == "out"sv || t[k].lemma == "down"sv;
    }
    if (accept && i == 0 && (cue.phrase == "start"sv || cue.phrase == "begin"sv) && t[i].text.size() > 4 &&
        t[i].text.compare(t[i].text.size() - 3, 3, "ing") == 0) {
      // "Starting this quarter, ...": an adverbial, not the verb ("Started
      // eating fish again" is the speaker's verb).
      push_unique(c_.change_cues, cue.phrase);
      drop[i] = true;
      i += m.length;
      continue;
    }
    if (accept) {
      push_unique(c_.change_cues, cue.phrase);
      if (cue.kind == CueKind::past) c_.tense = Tense::past, c_.history = true;
      if (cue.phrase == "no longer"sv) ++negations_;
      // Adverbial cues carry no other meaning: drop them. Verb cues stay.
      const bool adverbial = cue.kind == CueKind::now || cue.kind == CueKind::past ||
                             cue.phrase == "no longer"sv || cue.phrase == "anymore"sv ||
                             cue.phrase == "any more"sv || cue.phrase == "not anymore"sv ||
                             cue.phrase == "not any longer"sv || cue.kind == CueKind::new_;
      if (adverbial) {
        std::size_t n = m.length;
        if (cue.phrase == "since"sv || cue.phrase == "as of"sv || cue.phrase == "from"sv || cue.phrase == "effective"sv) {
          // Drop the time expression that follows ("since March", "since 2019").
          static const std::unordered_set<std::string> time_words = {
              "january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december", "last", "then", "year",
              "month", "week", "spring", "summer", "autumn", "fall", "winter", "monday",
              "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "yesterday",
              "childhood", "college", "school", "today", "now"};
          std::size_t k = i + m.length;
          while (k < t.size() && k < i + 4 &&
                 (t[k].kind == Token::Kind::number || time_words.count(t[k].text) ||
                  (k > i + m.length && month_abbreviation(t[k].text))))  // "from 1 Feb"
            ++k;
          n = k - i;
          // "(Ever) since the company went remote I ...": a clause opens the
          // sentence; strip_leading_clause reads it and keeps the main one.
          // Only a clause about a past event ("went", "was finalised",
          // "starting the early shift"): "Since we own our place" gives a
          // reason, "since the mandate I'm in" names a time.
          const bool opens = i == 0 || (i == 1 && t[0].is_word() && t[0].lemma == "ever"sv);
          bool event = false;
          if (cue.phrase == "since"sv && opens && n == m.length && i + 2 < t.size() && t[i + 1].is_word() &&
              !time_words.count(t[i + 1].text))
            for (std::size_t k = i + 1; k < t.size() && k < i + 12; ++k) {
              const Token& x = t[k];
              if (x.kind == Token::Kind::punct && (x.text != ","sv || !event)) break;
              if (!x.is_word() && x.text != ","sv) continue;
              if (k > i + 1 && event && (x.text == ","sv || in(x.lemma, {"i", "we", "he", "she", "they"}))) {
                n = 0;
                if (i == 1) drop[0] = true;
                break;
              }
              const bool ing = k == i + 1 && x.text.size() > 4 && x.text.compare(x.text.size() - 3, 3, "ing") == 0;
              // ("I've got" is "I have": a reason, "Since I've only got one child").
              if (ing || in(x.text, {"was", "were", "had"}) || (looks_past(x) && x.text != x.lemma && x.text != "got"sv))
                event = true;
            }
        }
        if (cue.phrase == "not anymore"sv) n = 0;  // keep the negation
        if (event_end > i) n = event_end - i;     // "after the reorg,"
        for (std::size_t k = i; k < i + n && k < t.size(); ++k) drop[k] = true;
      }
      i += std::max<std::size_t>(m.length, 1);
    } else {
      ++i;
    }
  }
  Toks out;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!drop[i]) out.push_back(std::move(t[i]));
  t.swap(out);
}

void Parser::join_classes(Toks& t) {
  auto lem = lemmas_of(t);
  Toks out;
  for (std::size_t i = 0; i < t.size();) {
    auto m = lex_.class_table().match(lem, i);
    if (m) {
      Token j = t[i];
      for (std::size_t k = 1; k < m.length; ++k) {
        j.lemma += " " + t[i + k].lemma;
        j.text += " " + t[i + k].text;
        j.surface += " " + t[i + k].surface;
      }
      j.capitalised = false;
      out.push_back(std::move(j));
      i += m.length;
    } else {
      out.push_back(std::move(t[i]));
      ++i;
    }
  }
  t.swap(out);
}

void Parser::strip_scopes(Toks& t) {
  auto lem = lemmas_of(t);
  std::vector<bool> drop(t.size(), false);
  for (std::size_t i = 0; i < t.size();) {
    auto m = lex_.scope_table().match(lem, i);
    if (!m) {
      ++i;
      continue;
    }
    const ScopeDef& d = lex_.scope(m.entry);
    // "The freeze starts on Thursday", "Code freeze is on Thursdays": the
    // day is the value of a schedule, not a scope.
    if ((d.dimension == "day"sv || d.dimension == "time_of_day"sv || d.dimension == "season"sv) &&
        i > 0 && i + m.length == t.size() &&
        in(lem[i - 1], {"be", "start", "begin", "end", "happen", "occur", "fall", "close", "open",
                        "finish"})) {
      i += m.length;
      continue;
    }
    // "I love summer fruit", "I hate Sunday roasts": a season or a part of
    // the week or day right after a stance verb and before a noun names
    // the thing liked, not when the liking holds. ("I hate summer" and
    // "I love Saturday mornings" keep their scope, as "I hate the summer"
    // does.)
    if ((d.dimension == "day"sv || d.dimension == "time_of_day"sv || d.dimension == "season"sv) && i > 0 &&
        i + m.length < t.size() && t[i + m.length].is_word() && noun_capable(t[i + m.length]) &&
        !lex_.scope_table().match(lem, i + m.length)) {
      bool stance_before = false;
      for (std::size_t j = i > 3 ? i - 3 : 0; j < i && !stance_before; ++j) {
        const auto s = lex_.stance_table().match(lem, j);
        stance_before = s && j + s.length == i;
      }
      if (stance_before) {
        i += m.length;
        continue;
      }
    }
    std::optional<ScopeDim> field;
    if (d.dimension == "region"sv) field = ScopeDim::place;
    for (ScopeDim sd : kScopeDims)
      if (sd != ScopeDim::place && d.dimension == to_string(sd)) field = sd;
    if (field && c_.scope.get(*field).empty()) c_.scope.set(*field, d.value);
    if (i == 0 || (i == 1 && in(lem[0], {"the", "a"}))) subject_from_scope_ = true;
    // A leading phrase the scope fills ("In the staging environment Stripe
    // runs in test mode", "On the dev cluster, ..."): its preposition, its
    // determiners and a context noun after the scope go with it, so the
    // clause's own subject comes first.
    const bool prep_first = in(lem[0], {"in", "on", "at", "during", "for", "over", "through", "throughout"});
    const bool dets_between =
        i > 0 && std::all_of(lem.begin() + 1, lem.begin() + static_cast<long>(i), [](const std::string& w) {
          return in(w, {"the", "a", "an"}) || is_possessive_det(w);
        });
    if (prep_first && (i == 0 || dets_between)) {
      // Only when the scope ends the phrase: a context noun, a comma or the
      // clause's subject comes next ("In the local library I read" keeps
      // its library).
      const std::size_t after = i + m.length;
      const bool context_noun = after + 2 < t.size() && is_context_noun(lem[after]);
      const bool ends = after >= t.size() || context_noun || t[after].kind == Token::Kind::punct ||
                        is_first_person(lem[after]) || is_possessive_det(lem[after]) || t[after].capitalised ||
                        t[after].kind == Token::Kind::number ||
                        in(lem[after], {"the", "a", "an", "he", "she", "they", "it", "you", "anyone", "everyone",
                                        "nobody", "no", "every", "each", "all"});
      if (ends) {
        for (std::size_t k = 0; k < i; ++k) drop[k] = true;
        if (context_noun) drop[after] = true;
      }
    }
    // "every" before a scope word ("every morning") goes with it.
    if (i > 0 && lem[i - 1] == "every"sv) drop[i - 1] = true;
    for (std::size_t k = i; k < i + m.length; ++k) drop[k] = true;
    i += m.length;
  }
  // A conjunction between two scopes goes with them ("Mondays and
  // Wednesdays", "mornings or evenings").
  for (std::size_t i = 1; i + 1 < t.size(); ++i)
    if (drop[i - 1] && drop[i + 1] && (lem[i] == "and"sv || lem[i] == "or"sv || t[i].text == ","sv))
      drop[i] = true;
  Toks out;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!drop[i]) out.push_back(std::move(t[i]));
  t.swap(out);
}

void Parser::strip_time(Toks& t) {
  auto month = [](const Token& x) { return month_index(x.text) >= 0; };
  static const std::unordered_set<std::string> units = {
      "day", "week", "month", "year", "quarter", "spring", "summer", "autumn", "fall",
      "winter", "weekend", "night", "time", "decade", "semester", "sprint", "term", "trimester"};
  std::vector<bool> drop(t.size(), false);
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto& l = t[i].lemma;
    const auto& x = t[i].text;
    auto unit_at = [&](std::size_t k) {
      return k < t.size() && (units.count(t[k].lemma) || month(t[k]));
    };
    if (x == "every"sv && i + 1 < t.size() && t[i + 1].text == "single"sv && unit_at(i + 2)) {
      drop[i] = drop[i + 1] = drop[i + 2] = true;  // "every single day" ("every other week" is another period)
    } else if (((x == "last"sv || x == "next"sv || x == "this"sv || x == "every"sv) && unit_at(i + 1)) ||
        (x == "most"sv && unit_at(i + 1) && t[i + 1].text != t[i + 1].lemma)) {
      drop[i] = drop[i + 1] = true;
      if (x == "last"sv) c_.tense = Tense::past;
      if (x == "last"sv && in(t[i + 1].lemma, {"year", "decade"})) year_scale_past_ = true;
    } else if (x == "ago"sv && i > 0) {
      drop[i] = true;
      drop[i - 1] = true;
      if (i > 1 && t[i - 2].kind == Token::Kind::number) drop[i - 2] = true;
      c_.tense = Tense::past;
      if (in(t[i - 1].lemma, {"year", "decade"}) ||
          (t[i - 1].kind == Token::Kind::quantity && t[i - 1].dimension == "duration"sv && t[i - 1].number >= 3e7))
        year_scale_past_ = true;
    } else if (x == "yesterday"sv || x == "today"sv || x == "tonight"sv || x == "tomorrow"sv) {
      drop[i] = true;
      if (x == "yesterday"sv) c_.tense = Tense::past;
    } else if (l == "in"sv && i + 1 < t.size() && !(i > 0 && t[i - 1].lemma == "bear"sv) &&
               // "my birthday is in October": the month is the date's value
               !(i > 1 && t[i - 1].lemma == "be"sv && in(t[i - 2].lemma, {"birthday", "bday", "anniversary"})) &&
               (month(t[i + 1]) ||
                (t[i + 1].kind == Token::Kind::number && t[i + 1].number > 1900 &&
                 t[i + 1].number < 2200))) {
      drop[i] = drop[i + 1] = true;
      if (t[i + 1].kind == Token::Kind::number) year_scale_past_ = true;
    } else if (x == "every"sv && i + 1 < t.size() && t[i + 1].kind == Token::Kind::quantity) {
      // "rotates every 90 days": a period, kept as the value.
      drop[i] = true;
    } else if ((x == "a"sv || x == "per"sv) && i > 0 && unit_at(i + 1) &&
               t[i - 1].kind != Token::Kind::punct) {
      // "a pack a day", "twice a week": a frequency, not a value.
      drop[i] = drop[i + 1] = true;
    }
  }
  Toks out;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!drop[i]) out.push_back(std::move(t[i]));
  t.swap(out);
}

/// "for reading" / "for driving": a purpose, kept as a scope (setting).
void Parser::strip_purpose(Toks& t) {
  // "for free users", "for paying customers", "(speak German) with my
  // parents": an audience.
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i].lemma != "for"sv && t[i].lemma != "with"sv && t[i].lemma != "around"sv) continue;
    if (t[i].lemma != "for"sv && (i < 3 || verb_capable(t[i - 1]))) continue;
    std::size_t e = i + 1;
    while (e < t.size() && e < i + 4 && t[e].is_word() && !is_prep(t[e].lemma)) ++e;
    if (e == i + 1 || e != t.size()) continue;  // only a trailing phrase
    const Token& head = t[e - 1];
    const bool owned = t[i + 1].lemma == "my"sv || t[i + 1].lemma == "our"sv || t[i].lemma == "around"sv;
    if (head.capitalised || (head.text == head.lemma && !owned)) continue;  // people, not a name
    auto ids = wn_.lookup(head.lemma, Pos::noun);
    if (ids.empty() ||
        std::string_view(WordNet::lexfile_name(wn_.synset(ids.front()).lexfile)) != "noun.person"sv)
      continue;
    if (c_.scope.get(ScopeDim::audience).empty()) {
      std::string a;
      for (std::size_t k = i + 1; k < e; ++k) a += (a.empty() ? "" : " ") + t[k].lemma;
      c_.scope.set(ScopeDim::audience, std::move(a));
    }
    t.erase(t.begin() + static_cast<long>(i), t.end());
    break;
  }
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    // "(I don't wear glasses) when driving", "while I cook": the activity the
    // statement holds during, a setting like "for reading".
    if (!in(t[i].lemma, {"when", "while", "whenever"})) continue;
    std::size_t k = i + 1;
    if (k < t.size() && (is_first_person(t[k].lemma) || in(t[k].lemma, {"he", "she", "they"}))) ++k;
    // The activity may take an object of a few words ("when I play
    // basketball", "while I'm driving the kids"): nothing after it but
    // plain words to the end.
    if (k < t.size() && t[k].is_word() && is_aux(t[k].lemma) && k + 1 < t.size() &&
        t[k + 1].text.ends_with("ing"))
      ++k;  // "while I'm driving"
    std::size_t e = k + 1;
    while (e < t.size() && e <= k + 3 && t[e].is_word() && !is_aux(t[e].lemma) && !is_conj(t[e].lemma) &&
           !is_first_person(t[e].lemma) && !lex_.is_negator(t[e].lemma))
      ++e;
    if (e != t.size() && !(e < t.size() && t[e].kind == Token::Kind::punct)) continue;
    const Token& g = t[k];
    // "when I met her" is a time, not a setting.
    if (!g.is_word() || !verb_capable(g) || is_aux(g.lemma) || lex_.class_of(g.lemma) || looks_past(g)) continue;
    if (c_.scope.get(ScopeDim::setting).empty()) c_.scope.set(ScopeDim::setting, "for " + g.lemma);
    t.erase(t.begin() + static_cast<long>(i), t.end());
    break;
  }
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    const Token& g = t[i + 1];
    if (t[i].lemma != "for"sv || !g.is_word() || g.text.size() < 5 ||
        g.text.compare(g.text.size() - 3, 3, "ing") != 0 || !verb_capable(g))
      continue;
    if (c_.scope.get(ScopeDim::setting).empty()) c_.scope.set(ScopeDim::setting, "for " + g.lemma);
    t.erase(t.begin() + static_cast<long>(i), t.begin() + static_cast<long>(i) + 2);
    return;
  }
}

/// "formerly", "back in 2019", "as a kid", "in college" (in a past-tense
/// clause): the statement is about a period that is over. The phrase is
/// dropped; one ending in a preposition or "be" takes the words after it up
/// to the next subject or comma ("back in 2019 I worked ...").
void Parser::strip_history(Toks& t) {
  bool past_clause = false;
  for (const auto& x : t)
    past_clause = past_clause || (x.is_word() && (in(x.text, {"was", "were", "did", "had", "used"}) || looks_past(x)));
  auto lem = lemmas_of(t);
  // A first clause in the present ("I'm allergic to penicillin - found out
  // the hard way as a kid", "I own my flat outright, paid the mortgage off
  // years ago"): a period named after its comma dates the later clause, not
  // the statement.
  std::size_t comma = 0;
  while (comma < t.size() && !(t[comma].kind == Token::Kind::punct && t[comma].text == ","sv)) ++comma;
  bool present_first = false;
  for (std::size_t k = 0; k < comma; ++k)
    present_first = present_first ||
                    (t[k].is_word() && (in(t[k].text, {"am", "is", "are", "'m", "'re", "own", "owns", "have", "has"}) &&
                                        !(k + 1 < comma && looks_past(t[k + 1]))));
  std::vector<bool> drop(t.size(), false);
  for (std::size_t i = 0; i < t.size();) {
    auto m = lex_.history_table().match(lem, i);
    if (!m || (m.entry == 1 && !past_clause)) {
      ++i;
      continue;
    }
    if (!(present_first && i > comma)) c_.history = true;
    std::size_t e = i + m.length;
    const std::string& last = lem[e - 1];
    if (in(last, {"in", "during", "be", "at"})) {
      while (e < t.size() && t[e].kind != Token::Kind::punct && !is_first_person(lem[e]) &&
             !is_possessive_det(lem[e]) && !in(lem[e], {"he", "she", "they", "we"}))
        ++e;
    }
    for (std::size_t k = i; k < e; ++k) drop[k] = true;
    i = e;
  }
  Toks out;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!drop[i]) out.push_back(std::move(t[i]));
  // A comma left at the start ("Back in 2019, I worked") goes too.
  while (!out.empty() && out.front().kind == Token::Kind::punct && out.front().text == ","sv) out.erase(out.begin());
  t.swap(out);
}

/// A short leading phrase set off by a comma, without a verb, before a
/// clause with its own subject ("Blood-type wise, I'm A positive", "Ugh, my
/// commute lasts forever", "Daily at 06:00, the job kicks off"): not the
/// subject. Leading prepositional phrases are contexts and are left to the
/// scope rules.
void Parser::strip_leading_adjunct(Toks& t) {
  std::size_t comma = 0;
  while (comma < t.size() && comma < 5 && !(t[comma].kind == Token::Kind::punct && t[comma].text == ","sv)) ++comma;
  if (comma == 0 || comma >= t.size() || comma + 1 >= t.size() || comma >= 5) return;
  if (t[0].is_word() && is_prep(t[0].lemma)) return;
  // "Actually, ...", "Scratch that, ...": corrections, which strip_drops reads.
  if (lex_.correction_table().match(lemmas_of(t), 0)) return;
  for (std::size_t k = 0; k < comma; ++k) {
    const Token& x = t[k];
    if (!x.is_word()) continue;
    if (is_aux(x.lemma) || is_first_person(x.lemma) || looks_past(x) ||
        (x.text != x.lemma && verb_capable(x) && wn_.synsets(x.lemma, Pos::noun).empty()))
      return;
  }
  const Token& n = t[comma + 1];
  if (!n.is_word()) return;
  // ", checkout listens on 8081": a bare noun then a verb in the third
  // person starts a clause too.
  const bool noun_then_verb = comma + 2 < t.size() && t[comma + 2].is_word() && noun_capable(n) &&
                              !is_fuzzy_pronoun(n.lemma) && !is_aux(t[comma + 2].lemma) &&
                              t[comma + 2].text != t[comma + 2].lemma && t[comma + 2].text.back() == 's' &&
                              verb_capable(t[comma + 2]);
  if (!(is_first_person(n.lemma) || is_possessive_det(n.lemma) || in(n.lemma, {"the", "we", "our"}) ||
        n.capitalised || noun_then_verb))
    return;
  t.erase(t.begin(), t.begin() + static_cast<long>(comma + 1));
}

/// The part of the day "after" / "before" a time names ("after 8pm" and
/// "after dark": evening, "after 11pm": night, "before 10am": morning), or
/// "" for none.
std::string Parser::part_of_day(const Token& prep, const Token& time) {
  if (!(in(prep.lemma, {"after", "before"}) &&
        (time.kind == Token::Kind::time || (prep.lemma == "after"sv && time.lemma == "dark"sv))))
    return {};
  const int h = time.kind == Token::Kind::time ? std::atoi(time.text.c_str()) : 20;
  if (prep.lemma == "after"sv) return h >= 22 || h < 4 ? "night" : h >= 17 ? "evening" : h >= 12 ? "afternoon" : "";
  return h <= 12 && h >= 5 ? "morning" : "";
}

/// "I don't drink coffee after 3pm", "no meetings before 10am": a part of
/// the day that ends the statement is the context it holds in, as a
/// leading one is (strip_leading_pp).
void Parser::strip_trailing_part_of_day(Toks& t) {
  std::size_t e = t.size();
  while (e > 0 && t[e - 1].kind == Token::Kind::punct && t[e - 1].text != ","sv) --e;
  if (e < 4 || !c_.scope.get(ScopeDim::time_of_day).empty()) return;
  const std::string part = part_of_day(t[e - 2], t[e - 1]);
  if (part.empty()) return;
  // Only after a thing done ("drink coffee after 3pm"): after a verb or a
  // particle the time is the value ("I get up before 7am", "the office
  // closes after 8pm").
  const Token& before = t[e - 3];
  if (!before.is_word() || !noun_capable(before) || before.lemma == "up"sv ||
      (before.text != before.lemma && verb_capable(before)) ||
      in(before.lemma, {"start", "begin", "open", "close", "finish", "end", "leave", "arrive", "get", "wake", "go",
                        "come", "be", "home", "bed", "work"}))
    return;
  c_.scope.set(ScopeDim::time_of_day, part);
  t.erase(t.begin() + static_cast<long>(e - 2), t.begin() + static_cast<long>(e));
}

/// A leading prepositional phrase the scope lexicon does not know ("Inside
/// the Docker container the API binds to 8080", "On client visits, I wear a
/// suit"): the context the statement holds in, kept as a place scope so that
/// two statements about other contexts are not read as one contradicting the
/// other.
void Parser::strip_leading_pp(Toks& t) {
  if (t.size() < 4 || !t[0].is_word()) return;
  // "After 8pm alerts only go to Slack", "Before noon I ...", "After dark
  // ...": a part of the day the statement holds in.
  // (Neither word leads a phrase below, so a time that names no part of
  // the day leaves the statement as it is.)
  if (const std::string part = part_of_day(t[0], t[1]); !part.empty()) {
    if (c_.scope.get(ScopeDim::time_of_day).empty()) c_.scope.set(ScopeDim::time_of_day, part);
    const std::size_t rest = 2 + (t[2].kind == Token::Kind::punct && t[2].text == ","sv ? 1 : 0);
    t.erase(t.begin(), t.begin() + static_cast<long>(rest));
    return;
  }
  std::size_t k0 = 0;
  // "Back home in Texas", "Out in the countryside", "Over on the platform
  // team": a direction word before the phrase goes with it.
  if (in(t[0].lemma, {"back", "out", "over", "up", "down"}) && t[1].is_word() &&
      in(t[1].lemma, {"in", "at", "on", "home", "with"}))
    k0 = 1;
  if (!in(t[k0].lemma, {"in", "inside", "within", "on", "at", "during", "outside", "with", "for", "under", "over",
                        "through", "throughout", "home"}))
    return;
  const bool home = t[k0].lemma == "home"sv;  // "back home in the suburbs"
  Toks np;
  std::size_t k = home ? k0 : k0 + 1;
  bool comma = false;
  for (; k < t.size() && k <= k0 + 7; ++k) {
    const Token& x = t[k];
    if (x.kind == Token::Kind::possessive) continue;  // "at my parents' house", "at Grandma's"
    if (x.kind == Token::Kind::punct) {
      if (x.text != ","sv || np.empty()) return;
      comma = true;
      break;
    }
    // A count starts the subject ("Over on the platform team one approval
    // is enough").
    if (!np.empty() && x.kind == Token::Kind::number) break;
    if (!x.is_word()) return;  // a time or a number: strip_time's business
    // The subject starts: a determiner or pronoun after the phrase's noun,
    // someone named after a common noun ("In the city Dana cycles"), an
    // indefinite pronoun ("In my kitchen everything is vegan").
    if (!np.empty() &&
        (is_first_person(x.lemma) ||
         in(x.lemma, {"the", "my", "our", "we", "it", "they", "you", "he", "she", "a", "an", "everything",
                      "everyone", "everybody", "nobody", "nothing", "anyone", "anybody", "someone", "no"}) ||
         (x.capitalised && !np.back().capitalised && np.back().lemma != "home"sv && t[k - 1].is_word() &&
          !is_prep(t[k - 1].lemma))))
      break;
    if (is_aux(x.lemma) || looks_past(x) || is_conj(x.lemma) || is_first_person(x.lemma) ||
        is_fuzzy_pronoun(x.lemma) || lex_.is_negator(x.lemma))
      return;  // a clause, not a phrase
    if (in(x.lemma, {"the", "a", "an", "my", "our", "their", "his", "her", "in", "on", "at", "of"})) continue;
    np.push_back(x);
  }
  if (np.empty() || k >= t.size() || (k > k0 + 7 && !comma)) return;
  const std::size_t rest = k + (comma ? 1 : 0);
  if (t.size() - rest < 2) return;
  // A context word the scope lexicon has already read ("In the staging
  // environment": the environment is staging) is not a place of its own.
  const bool generic = np.size() == 1 && is_context_noun(np.front().lemma);
  // "Outside Ramadan" is the context apart from "during Ramadan".
  const std::string where = (t[k0].lemma == "outside"sv ? "outside " : "") + canon_phrase(np);
  if (c_.scope.get(ScopeDim::place).empty() && !generic) c_.scope.set(ScopeDim::place, where);
  t.erase(t.begin(), t.begin() + static_cast<long>(rest));
}

/// A leading subordinate clause ("When we eat out I don't watch the salt",
/// "If the donation centre asks, I'm A positive", "After my doctor flagged
/// my B12 I started eating fish"): the main clause after it is the claim. A
/// "when" or "if" clause is the context the claim holds in (a setting, as
/// "when driving" is); "when it comes to X" names a topic, a place-like
/// context as "with groceries" does.
void Parser::strip_leading_clause(Toks& t) {
  // "One of my road bikes is a steel Genesis", "Most of our services are
  // FastAPI apps": the part is said of the things themselves.
  if (t.size() > 4 && t[1].is_word() && t[1].lemma == "of"sv && t[2].is_word() &&
      in(t[2].lemma, {"my", "our", "the", "his", "her", "their"}) &&
      (t[0].kind == Token::Kind::number ||
       (t[0].is_word() && in(t[0].lemma, {"one", "some", "most", "all", "both", "many", "several", "half"}))))
    t.erase(t.begin(), t.begin() + 2);
  if (t.size() < 5 || !t[0].is_word()) return;
  const std::string& l0 = t[0].lemma;
  const bool context = in(l0, {"when", "whenever", "while", "whilst", "if", "unless", "once"});
  const bool sequence = in(l0, {"after", "before", "since", "because", "although", "though"});
  if (!context && !sequence) return;
  const Token& s1 = t[1];
  if (!s1.is_word()) return;
  // "when it comes to travel(,) I splurge"
  if (l0 == "when"sv && s1.lemma == "it"sv && t[2].lemma == "come"sv && t.size() > 5 && t[3].lemma == "to"sv) {
    Toks topic;
    std::size_t k = 4;
    for (; k < t.size() && k < 9; ++k) {
      const Token& x = t[k];
      if (x.kind == Token::Kind::punct) break;
      if (!topic.empty() && (is_first_person(x.lemma) || in(x.lemma, {"he", "she", "they", "you", "my", "our"})))
        break;
      if (x.is_word() && !in(x.lemma, {"the", "a", "an", "my", "our", "his", "her", "their"})) topic.push_back(x);
    }
    if (topic.empty() || k >= t.size() - 1) return;
    if (c_.scope.get(ScopeDim::place).empty()) c_.scope.set(ScopeDim::place, canon_phrase(topic));
    if (t[k].kind == Token::Kind::punct) ++k;
    t.erase(t.begin(), t.begin() + static_cast<long>(k));
    return;
  }
  // The clause has a subject of its own (or is a gerund: "When eating out
  // he ..."), then a verb; the main clause starts at a comma or at the next
  // subject pronoun, possessive or name after that verb.
  const bool gerund = s1.text.size() > 4 && s1.text.compare(s1.text.size() - 3, 3, "ing") == 0 && verb_capable(s1);
  const bool own_subject = is_first_person(s1.lemma) || in(s1.lemma, {"he", "she", "they", "you", "it", "the"}) ||
                           is_possessive_det(s1.lemma) || s1.capitalised || (noun_capable(s1) && !verb_capable(s1));
  if (!gerund && !own_subject) return;
  std::size_t end = 0, main = 0;
  bool verb = gerund;
  for (std::size_t k = 2; k < t.size() && k < 16; ++k) {
    const Token& x = t[k];
    if (x.kind == Token::Kind::punct) {
      if (x.text == ","sv && verb) end = k, main = k + 1;
      break;
    }
    if (verb && k >= 3 &&
        (in(x.lemma, {"i", "we", "he", "she", "they"}) ||
         // a name then its verb ("when she's in the office Ines likes ..."),
         // not a name the clause's verb takes ("When I visit London I ...")
         (x.capitalised && x.is_word() && t[k - 1].is_word() && !t[k - 1].capitalised && !is_prep(t[k - 1].lemma) &&
          k + 1 < t.size() && t[k + 1].is_word() &&
          (is_aux(t[k + 1].lemma) || (t[k + 1].text != t[k + 1].lemma && verb_capable(t[k + 1])))))) {
      end = k, main = k;
      break;
    }
    if (x.is_word() && (is_aux(x.lemma) || looks_past(x) || (x.text != x.lemma && verb_capable(x)) ||
                        (k == 2 && verb_capable(x))))
      verb = true;
  }
  if (main == 0 || t.size() - main < 2) return;
  if (context && c_.scope.get(ScopeDim::setting).empty()) {
    std::string v;
    for (std::size_t k = 1; k < end; ++k) {
      const Token& x = t[k];
      if (!x.is_word() || is_aux(x.lemma) || is_first_person(x.lemma) || is_possessive_det(x.lemma) ||
          in(x.lemma, {"he", "she", "they", "you", "it", "the", "a", "an", "just"}))
        continue;
      v += (v.empty() ? "" : " ") + x.lemma;
    }
    if (!v.empty())
      c_.scope.set(ScopeDim::setting, (l0 == "if"sv ? "if " : l0 == "unless"sv ? "unless " : "when ") + v);
  }
  t.erase(t.begin(), t.begin() + static_cast<long>(main));
}

/// "I play my guitar loud when I'm home alone", "I never play guitar when
/// my flatmates are around": a "when" clause after the main one is the
/// context the claim holds in, as a leading one is (strip_leading_clause).
/// The clause has a subject of its own and a verb, and runs to the end of
/// the sentence or to a comma.
void Parser::strip_trailing_when(Toks& t) {
  if (!c_.scope.get(ScopeDim::setting).empty()) return;
  bool main_verb = false;
  for (std::size_t k = 0; k + 2 < t.size(); ++k) {
    // (In the main clause, after its verb: not after a comma or a
    // conjunction, which start another, nor inside the subject: "My go-to
    // lunch when I'm working from home is ...".)
    if (t[k].kind == Token::Kind::punct ||
        (t[k].is_word() && in(t[k].lemma, {"so", "but", "and", "because", "which", "that"})))
      return;
    if (!t[k].is_word()) continue;
    if (!in(t[k].lemma, {"when", "whenever"})) {
      main_verb = main_verb || is_aux(t[k].lemma) || looks_past(t[k]) ||
                  (t[k].text != t[k].lemma && verb_capable(t[k]) && k > 0) ||
                  (k > 0 && verb_capable(t[k]) &&
                   (is_first_person(t[k - 1].lemma) || lex_.is_negator(t[k - 1].lemma) ||
                    in(t[k - 1].lemma, {"always", "usually", "often", "sometimes", "rarely", "only", "still"})));
      continue;
    }
    if (k < 3 || !main_verb) return;
    // ("My favourite time is when the kids are asleep": the clause is the
    // value. "I'll be 40 when my son turns 10": a future the clause dates.)
    if (t[k - 1].is_word() && t[k - 1].lemma == "be"sv) return;
    for (std::size_t j = 0; j < k; ++j)
      if (t[j].is_word() && (in(t[j].text, {"will", "'ll", "shall", "gonna"}) ||
                             (t[j].lemma == "go"sv && j + 1 < k && t[j + 1].lemma == "to"sv && t[j].text == "going"sv)))
        return;
    const Token& s1 = t[k + 1];
    if (!s1.is_word() || !(is_first_person(s1.lemma) || in(s1.lemma, {"he", "she", "they", "you", "it", "the"}) ||
                           is_possessive_det(s1.lemma) || s1.capitalised))
      return;
    std::size_t end = k + 2;
    bool verb = false;
    bool past = false;
    for (; end < t.size() && t[end].kind != Token::Kind::punct; ++end) {
      verb = verb || (t[end].is_word() && (is_aux(t[end].lemma) || looks_past(t[end]) ||
                                           (t[end].text != t[end].lemma && verb_capable(t[end]))));
      past = past || (t[end].is_word() && (in(t[end].text, {"was", "were", "had", "did"}) || looks_past(t[end])));
    }
    // A clause in the past dates an event ("died when the user was
    // fourteen", "gave up baking when I went back to work"): no context.
    if (!verb || past) return;
    std::string v;
    for (std::size_t j = k + 1; j < end; ++j) {
      const Token& x = t[j];
      if (!x.is_word() || is_aux(x.lemma) || is_first_person(x.lemma) || is_possessive_det(x.lemma) ||
          in(x.lemma, {"he", "she", "they", "you", "it", "the", "a", "an", "just"}))
        continue;
      v += (v.empty() ? "" : " ") + x.lemma;
    }
    if (v.empty()) return;
    c_.scope.set(ScopeDim::setting, "when " + v);
    t.erase(t.begin() + static_cast<long>(k), t.begin() + static_cast<long>(end));
    return;
  }
}

void Parser::strip_drops(Toks& t) {
  auto lem = lemmas_of(t);
  std::vector<bool> drop(t.size(), false);
  // A tag after a comma that says the claim has held all along ("we ship on
  // Thursdays, always have", "I don't drink, never have", "Mexican, always
  // has been"): it restates the clause before it, and says no more.
  for (std::size_t i = 0; i + 2 < t.size(); ++i) {
    if (t[i].kind != Token::Kind::punct || t[i].text != ","sv) continue;
    std::size_t k = i + 1;
    if (!in(lem[k], {"always", "never", "ever"})) continue;
    if (!in(lem[++k], {"have", "do", "be", "will"})) continue;
    if (++k < t.size() && in(lem[k], {"be", "do", "have", "not"})) ++k;
    if (k < t.size() && t[k].kind != Token::Kind::punct) continue;
    for (std::size_t j = i + 1; j < k; ++j) drop[j] = true;
  }
  for (std::size_t i = 0; i < t.size();) {
    if (drop[i]) {
      ++i;
      continue;
    }
    if (auto m = lex_.correction_table().match(lem, i);
        m && (i == 0 || t[i - 1].kind == Token::Kind::punct)) {
      c_.correction = true;
      for (std::size_t k = i; k < i + m.length; ++k) drop[k] = true;
      i += m.length;
      continue;
    }
    if (auto m = lex_.additive_table().match(lem, i); m && i > 0) c_.additive = true;
    auto m = lex_.drop_table().match(lem, i);
    if (!m) {
      ++i;
      continue;
    }
    // Keep articles for now (they mark noun phrases while the subject is
    // found; parse_predicate drops them) and "that"/"this" as subjects.
    if (m.length == 1 && in(lem[i], {"the", "a", "an"})) {
      ++i;
      continue;
    }
    if (i == 0 && in(lem[i], {"this", "that", "these", "those"})) {
      ++i;
      continue;
    }
    // "our cat", "our flat": in what a person says of themselves, the
    // household's things are the speaker's (in a project, "our" says nothing).
    if (m.length == 1 && lem[i] == "our"sv && ctx_.kind != MemoryKind::concept_) {
      ++i;
      continue;
    }
    for (std::size_t k = i; k < i + m.length; ++k) drop[k] = true;
    i += m.length;
  }
  Toks out;
  bool comma = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind == Token::Kind::punct && t[i].text == ","sv) comma = true;
    if (!drop[i] && t[i].kind != Token::Kind::punct) {
      out.push_back(std::move(t[i]));
      out.back().after_comma = comma;
      comma = false;
    }
  }
  t.swap(out);
}

/// Finds the subject noun phrase; returns the index where the predicate starts.
std::size_t Parser::parse_subject(const Toks& t) {
  if (t.empty()) return 0;
  const auto& l0 = t[0].lemma;
  if (t.size() > 3 && is_possessive_det(l0)) {
    // "My wife and I divorced", "My older brother Tomás and I share a flat":
    // the user, with the other person as the other party (and, said "my" or
    // "our", one of the user's people: the noun before any name).
    std::size_t k = 2;
    while (k < t.size() && k <= 4 && t[k].is_word() && t[k].lemma != "and"sv) ++k;
    if (k + 1 < t.size() && t[k].lemma == "and"sv && is_first_person(t[k + 1].lemma)) {
      std::size_t head = k - 1;
      while (head > 1 && t[head].capitalised && !t[head - 1].capitalised) --head;
      c_.subject = "user";
      c_.subject_kind = SubjectKind::present;
      subject_person_ = true;
      push_unique(c_.values, lex_.canonical(t[head].lemma));
      if (l0 == "my"sv || l0 == "our"sv) push_unique(c_.possessions, lex_.canonical(t[head].lemma));
      return k + 2;
    }
  }
  if (t.size() > 2 && t[1].lemma == "and"sv && is_first_person(t[2].lemma) && t[0].is_word()) {
    // "Paul and I got divorced": the user, with Paul as the other party.
    c_.subject = "user";
    c_.subject_kind = SubjectKind::present;
    subject_person_ = true;
    push_unique(c_.values, token_form(t[0]));
    return 3;
  }
  if (t.size() > 1 && is_prep(l0) && !is_first_person(l0)) {
    // "At restaurants I order steak": a leading place phrase is a context.
    for (std::size_t k = 1; k < t.size() && k < 5; ++k)
      if (is_first_person(t[k].lemma)) {
        // ("Before my first coffee I ...": an occasion, named with its
        // preposition, as a leading "when" clause is.)
        // (Not the preposition itself, when a time after it was dropped:
        // "Until last month I ...".)
        if (c_.scope.get(ScopeDim::setting).empty() && k > 1)
          c_.scope.set(ScopeDim::setting, in(l0, {"before", "after"}) ? l0 + " " + t[k - 1].lemma : t[k - 1].lemma);
        Toks rest(t.begin() + static_cast<long>(k), t.end());
        const std::size_t n = parse_subject(rest);
        return k + n;
      }
  }
  if (is_first_person(l0)) {
    c_.subject = "user";
    c_.subject_kind = SubjectKind::present;
    subject_person_ = true;
    return 1;
  }
  if (l0 == "user"sv && t[0].text == "user"sv && t.size() > 2 && t[1].is_word() &&
      (is_aux(t[1].lemma) || lex_.is_negator(t[1].lemma) || (t[1].text != t[1].lemma && verb_capable(t[1])) ||
       // A verb WordNet knows only as a noun ("User boulders at V4"), in
       // its -s form before a preposition or a determiner.
       (t[1].text != t[1].lemma && t[1].text.back() == 's' && t[2].is_word() &&
        (is_prep(t[2].lemma) || in(t[2].lemma, {"the", "a", "an", "my", "her", "his", "their"})) &&
        std::none_of(t.begin() + 2, t.begin() + static_cast<long>(std::min<std::size_t>(t.size(), 7)),
                     [](const Token& x) { return x.is_word() && is_aux(x.lemma); })))) {
    // An agent's note names the user as "User" ("User cooks on Sundays",
    // "User changed energy provider"): the verb after it is no part of a
    // noun phrase ("user cook").
    c_.subject = "user";
    c_.subject_kind = SubjectKind::present;
    subject_person_ = true;
    return 1;
  }
  if (t.size() > 2 && t[0].is_word() && !wn_.synsets(l0, Pos::adv).empty() &&
      wn_.synsets(l0, Pos::noun).empty() && wn_.synsets(l0, Pos::verb).empty() &&
      wn_.synsets(l0, Pos::adj).empty()) {
    // A leading adverb is no subject ("Finally sold the Focus", "Honestly I
    // ..."): the clause starts after it. A negating one still negates
    // ("Never been a smoker").
    // ("Never been happier" is the opposite of a denial.)
    const bool comparative = t.size() > 2 && t[1].is_word() && t[1].lemma == "be"sv && t[2].is_word() &&
                             t[2].text.size() > 4 && t[2].text.ends_with("er") && t[2].text != t[2].lemma &&
                             !wn_.synsets(t[2].lemma, Pos::adj).empty();
    if (lex_.is_negator(l0) && !comparative) ++negations_;
    Toks rest(t.begin() + 1, t.end());
    return 1 + parse_subject(rest);
  }
  if (ctx_.kind != MemoryKind::concept_ && t.size() > 2 && t[0].is_word()) {
    // Chat drops the "I" before a semi-modal too ("gotta walk my dog before
    // work", "need to call my mum", "going to sell the car"), and before a
    // verb in -ing with the speaker's things after it ("Walking my dog
    // Pepper"): the speaker's statement, from the verb on.
    std::size_t n = 0;
    if (in(l0, {"gotta", "gonna", "wanna", "hafta"})) {
      n = 1;
    } else if (in(l0, {"have", "need", "want", "go", "try", "get"}) && t[1].is_word() && t[1].lemma == "to"sv &&
               t[0].text != "has"sv) {
      n = 2;
    }
    if (n > 0 && n < t.size() && t[n].is_word() && verb_capable(t[n]) && t[n].text == t[n].lemma &&
        !is_aux(t[n].lemma) && !in(t[n].lemma, {"the", "a", "an"})) {
      c_.subject = "user";
      c_.subject_kind = SubjectKind::present;
      subject_person_ = true;
      return n;
    }
    const auto& w0 = t[0].text;
    if (w0.size() > 5 && w0.compare(w0.size() - 3, 3, "ing") == 0 && verb_capable(t[0]) &&
        t[1].is_word() && in(t[1].lemma, {"my", "our"})) {
      c_.subject = "user";
      c_.subject_kind = SubjectKind::present;
      subject_person_ = true;
      return 0;
    }
  }
  if (t.size() > 1 && t[0].is_word() && l0 != "be"sv && ctx_.kind != MemoryKind::concept_ &&
      lex_.stance_table().match(lemmas_of(t), 0)) {
    // A stance verb with nothing before it is the speaker's: chat drops the
    // "I" ("Can't stand olives, honestly", "Love a good curry"). Not in a
    // concept, where a bare verb is an instruction ("Prefer small PRs").
    c_.subject = "user";
    c_.subject_kind = SubjectKind::present;
    subject_person_ = true;
    return 0;
  }
  if (ctx_.kind != MemoryKind::concept_ && !subject_from_scope_ && t.size() > 1 && t[0].is_word() &&
      in(t[0].text, {"is", "was", "has", "does"}) && t[1].is_word() &&
      !in(t[1].lemma, {"it", "there", "he", "she", "they", "this", "that", "i", "you", "we"})) {
    // The same with an auxiliary ("Is left-handed", "Is a big fan of Bach",
    // "Has never been to Japan", "Does not drive"); a question would put a
    // subject after it ("Is it ...").
    c_.subject = "user";
    c_.subject_kind = SubjectKind::present;
    subject_person_ = true;
    return 0;
  }
  if (ctx_.kind != MemoryKind::concept_ && !subject_from_scope_ && t.size() > 1 && t[0].is_word() &&
      t[0].text != t[0].lemma && t[0].text.back() == 's' && verb_capable(t[0]) &&
      (!is_aux(l0) || t[0].text == "has"sv)) {
    // A note in the third person leaves its subject out ("Drives a 2012
    // Civic", "Works at Deloitte", "Sweetens her coffee with stevia", "Has a
    // nut allergy"): the note's person, the user, from the verb on. The verb
    // is in its -s form and what follows opens its object or complement; an
    // auxiliary soon after would make the word a plural noun ("Lights in the
    // hall are on"), and a scope the sentence began with is the subject
    // ("Staging has 2 replicas").
    const Token& n = t[1];
    bool aux_soon = n.is_word() && is_aux(n.lemma);  // "Phones are not allowed at dinner"
    for (std::size_t k = 2; k < t.size() && k <= 4 && t[k].is_word(); ++k) aux_soon = aux_soon || is_aux(t[k].lemma);
    // A bare noun opens the object ("Wears glasses for reading", "Works
    // night shifts"), unless it could be the verb of a plural subject
    // ("Lights flicker at night"); an adverb does ("Works remotely on
    // Fridays", "Reads mostly science fiction") unless it could be a noun.
    const bool bare_object = noun_capable(n) && (n.text != n.lemma || !verb_capable(n));
    const bool adverb = wn_.synsets(n.lemma, Pos::noun).empty() && wn_.synsets(n.lemma, Pos::verb).empty() &&
                        !wn_.synsets(n.lemma, Pos::adv).empty();
    // A word no dictionary knows is a name ("Uses zsh as the login shell").
    const bool unknown = n.is_word() && wn_.synsets(n.lemma, Pos::noun).empty() &&
                         wn_.synsets(n.lemma, Pos::verb).empty() && wn_.synsets(n.lemma, Pos::adj).empty() &&
                         wn_.synsets(n.lemma, Pos::adv).empty() && !is_aux(n.lemma) && !lex_.is_negator(n.lemma);
    const bool opens = !n.is_word() || is_prep(n.lemma) || is_possessive_det(n.lemma) || n.capitalised ||
                       bare_object || adverb || unknown ||
                       in(n.lemma, {"the", "a", "an", "no", "some", "any", "every", "two", "three", "around"});
    if (opens && !aux_soon) {
      c_.subject = "user";
      c_.subject_kind = SubjectKind::present;
      subject_person_ = true;
      return 0;
    }
  }
  auto past_form = [&](const Token& x) {
    // looks_past, or an irregular past that is also a noun ("left", "found").
    if (looks_past(x)) return true;
    if (!x.is_word() || x.text == x.lemma || !verb_capable(x)) return false;
    const auto& w = x.text;
    return w.back() != 's' && !(w.size() > 4 && w.compare(w.size() - 3, 3, "ing") == 0);
  };
  // A change verb whose past is its base form ("Quit smoking in January",
  // "Set up a home lab") also starts a clause of the speaker's.
  const bool cue_verb = t[0].is_word() && verb_capable(t[0]) && wn_.synsets(l0, Pos::noun).empty() &&
                        lex_.cue_table().match(lemmas_of(t), 0);
  if (t.size() > 1 && t[0].is_word() &&
      ((past_form(t[0]) && t[0].lemma != "use"sv) || cue_verb ||
       (l0 == "have"sv && (t[1].lemma == "not"sv || looks_past(t[1]))))) {
    // A clause that starts with a past verb has the speaker as its subject
    // ("Sold the car last week", "Left the ambulance service and retrained",
    // "Haven't touched a cigarette since New Year's"), when what follows the
    // verb is not the rest of a noun phrase ("Used cars are cheap").
    const Token& n = t[1];
    // Chat writes names in lower case ("left blue bottle in june", "dropped
    // japanese after the summer"): a word after the verb still opens the
    // clause when no auxiliary follows within the next words, which would
    // make the verb part of a subject ("Used cars are cheap").
    auto aux_follows = [&] {
      for (std::size_t k = 2; k < t.size() && k <= 4; ++k) {
        if (!t[k].is_word()) return false;
        if (is_aux(t[k].lemma)) return true;
      }
      return false;
    };
    const bool opens = !n.is_word() || is_prep(n.lemma) || is_possessive_det(n.lemma) || n.capitalised ||
                       in(n.lemma, {"the", "a", "an", "up", "off", "out", "over", "away", "back", "not",
                                    "some", "any", "two", "three", "this", "that", "it", "them"}) ||
                       l0 == "have"sv || cue_verb ||
                       (ctx_.kind != MemoryKind::concept_ && !in(n.lemma, {"and", "or", "but", "nor"}) &&
                        !aux_follows());
    if (opens) {
      c_.subject = "user";
      c_.subject_kind = SubjectKind::present;
      subject_person_ = true;
      return 0;
    }
  }
  for (std::size_t k = 1; k < t.size() && k <= 3; ++k) {
    // "Most nights I'm in bed by eleven", "When I'm out with clients I ...":
    // a few leading words without a verb before the speaker's own subject.
    const Token& x = t[k - 1];
    if (!x.is_word() || is_aux(x.lemma) || is_possessive_det(x.lemma) || past_form(x) ||
        (x.text != x.lemma && verb_capable(x) && wn_.synsets(x.lemma, Pos::noun).empty()) ||
        (x.capitalised && k > 1))
      break;
    if (is_first_person(t[k].lemma) && t[k].lemma != "we"sv) {
      Toks rest(t.begin() + static_cast<long>(k), t.end());
      return k + parse_subject(rest);
    }
  }
  if (is_generic_person(l0) && !(t.size() > 1 && t[1].kind == Token::Kind::possessive)) {
    c_.subject = "you";
    c_.subject_kind = SubjectKind::present;
    subject_generic_ = true;
    if (l0 == "nobody"sv) ++negations_;
    return 1;
  }
  if (is_fuzzy_pronoun(l0)) {
    c_.subject = l0;
    c_.subject_kind = SubjectKind::fuzzy;
    subject_person_ = in(l0, {"he", "she", "him", "someone", "somebody"});
    return 1;
  }
  const std::size_t f0 = (subject_from_scope_ && t.size() > 1 && in(l0, {"the", "a", "an"})) ? 1 : 0;
  const auto& lf = t[f0].lemma;
  // A plural noun then a base-form verb that is no noun ("Production deploys
  // require sign-off"): the scope modifies the subject noun.
  const bool plural_then_verb = t.size() > f0 + 1 && t[f0].is_word() && t[f0 + 1].is_word() &&
                                t[f0].text.size() > 3 && t[f0].text.back() == 's' && t[f0].text != t[f0].lemma &&
                                verb_capable(t[f0 + 1]) && !noun_capable(t[f0 + 1]) &&
                                t[f0 + 1].text == t[f0 + 1].lemma && !is_prep(t[f0 + 1].lemma);
  const bool next_aux =
      t.size() > f0 + 1 && (is_aux(t[f0 + 1].lemma) || t[f0 + 1].lemma == "need"sv || plural_then_verb);
  // A base-form verb after a plural scope ("Free-tier accounts come with
  // ...", "Enterprise customers get a ...") shows itself by what follows it.
  const bool base_verb = subject_from_scope_ && t.size() > f0 + 1 && t[f0].text == t[f0].lemma &&
                         t[f0 + 1].is_word() &&
                         (is_prep(t[f0 + 1].lemma) || in(t[f0 + 1].lemma, {"a", "an", "the", "no"}));
  if (ctx_.kind != MemoryKind::concept_ && !subject_from_scope_ && t.size() > 2 && is_aux(l0) &&
      t[1].is_word() && t[1].lemma == "not"sv && t[2].is_word() && verb_capable(t[2])) {
    // Chat drops the "I" before a negated auxiliary too ("can't have
    // peanuts, I'm allergic", "don't own a car"): the speaker's statement.
    c_.subject = "user";
    c_.subject_kind = SubjectKind::present;
    subject_person_ = true;
    return 0;
  }
  if ((subject_from_scope_ || is_aux(lf)) && t[f0].is_word() &&
      (is_aux(lf) || (verb_capable(t[f0]) && (t[f0].text != t[f0].lemma || base_verb) && !next_aux))) {
    // "Staging has 2 replicas", "(In) production runs in us-east-1": the
    // scope was the subject.
    c_.subject = "environment";
    c_.subject_kind = SubjectKind::present;
    return f0;
  }
  std::size_t i = 0;
  bool user_possessor = false;
  if (is_possessive_det(l0)) {
    user_possessor = l0 == "my"sv || l0 == "our"sv;
    if (!user_possessor) c_.subject_kind = SubjectKind::fuzzy;
    i = 1;
  }
  // Is there an auxiliary later in the clause? Then an early verb-like word
  // ("code reviews need", "force pushes to main are") belongs to the subject.
  auto later_aux = [&](std::size_t from) {
    for (std::size_t k = from + 1; k < t.size(); ++k) {
      const auto& l = t[k].lemma;
      if (in(l, {"be", "must", "should", "can", "may", "will", "would", "need", "have", "do"}))
        return true;
      if (t[k].is_word() && !t[k].capitalised && verb_capable(t[k]) && t[k].text != t[k].lemma &&
          !is_prep(l) && t[k].text.back() == 's' && wn_.synsets(t[k].lemma, Pos::noun).empty())
        return true;
    }
    return false;
  };
  Toks np;
  Toks owner;
  Toks of_attribute;  // "the owner of the indexer": owner
  for (; i < t.size(); ++i) {
    const Token& x = t[i];
    if (x.kind == Token::Kind::possessive) {
      owner = np;
      np.clear();
      continue;
    }
    // "the owner of the indexer is ..." says what "the indexer's owner is
    // ..." says, when the noun names a slot.
    if (x.is_word() && x.lemma == "of"sv && np.size() == 1 && owner.empty() &&
        of_attribute.empty() && !user_possessor && relational_slot(np.front()) && later_aux(i)) {
      of_attribute = np;
      np.clear();
      continue;
    }
    if (x.is_word() && !np.empty() &&
        (in(x.lemma, {"be", "must", "should", "can", "could", "may", "might", "will", "would",
                      "do", "shall", "not", "never", "no", "have", "need", "get"}) ||
         lex_.is_negator(x.lemma)))
      break;
    if (x.is_word() && !np.empty() && is_prep(x.lemma)) {
      // A prepositional phrase inside the subject ("the team lead for the
      // search service"), only when a verb still follows.
      if (!later_aux(i)) break;
      continue;
    }
    if (x.is_word() && !np.empty() && verb_capable(x) && !x.capitalised) {
      // "the payments service uses": a verb-like noun followed by an
      // inflected verb is still part of the subject.
      const bool plural = x.text != x.lemma && x.text.back() == 's' && !wn_.synsets(x.lemma, Pos::noun).empty();
      const bool next_verbish = i + 1 < t.size() && t[i + 1].is_word() && verb_capable(t[i + 1]) &&
                                (t[i + 1].text != t[i + 1].lemma || plural) && !t[i + 1].capitalised &&
                                !is_prep(t[i + 1].lemma) &&
                                (!is_aux(t[i + 1].lemma) || (plural && t[i + 1].lemma == "get"sv));  // "keys get"
      // A determiner right after it: it is the verb ("my son plays the drums").
      const bool next_det = i + 1 < t.size() && in(t[i + 1].lemma, {"the", "a", "an", "my", "our", "his", "her",
                                                                   "their", "its", "your"});
      // "Coriander tastes like soap": a verb of the senses before "like" is
      // the verb; the thing is the subject.
      const bool sensory = x.text != x.lemma && in(x.lemma, {"taste", "smell", "sound", "look"}) &&
                           i + 1 < t.size() && t[i + 1].text == "like"sv;
      // "the minimum supported iOS version is 15": a participle between an
      // adjective and a noun, with "is" still to come, modifies the noun.
      const bool modifier = looks_past(x) && np.back().is_word() && !wn_.synsets(np.back().lemma, Pos::adj).empty() &&
                            i + 1 < t.size() &&
                            t[i + 1].is_word() && noun_capable(t[i + 1]) && !is_aux(t[i + 1].lemma) &&
                            later_aux(i + 1);
      const bool boundary = (!later_aux(i) && !next_verbish) || (looks_past(x) && !modifier) || next_det || sensory ||
                            lex_.stance_table().match(lemmas_of(t), i);
      if (boundary) break;
    }
    if (x.is_word() && is_cue_noise(x.lemma) && i + 1 < t.size()) continue;
    if (x.is_word() && in(x.lemma, {"the", "a", "an"})) continue;
    // "Every PR needs two approvals", "each service must ...": the PRs, the
    // services.
    if (x.is_word() && np.empty() && in(x.lemma, {"every", "each"}) && i + 1 < t.size() && t[i + 1].is_word() &&
        noun_capable(t[i + 1]))
      continue;
    np.push_back(x);
  }
  if (!of_attribute.empty() && !np.empty()) {
    possessor_ = canon_phrase(np);
    attribute_ = of_attribute;
    c_.subject = possessor_;
  } else if (!owner.empty() && !np.empty() && np.back().is_word() && canon_phrase(owner) != "user"sv &&
             ((np.size() >= 2 && np.back().capitalised && np[np.size() - 2].is_word() &&
               kin_word(lex_.canonical(np[np.size() - 2].lemma))) ||
              (np.size() == 1 && !np.front().capitalised && kin_word(lex_.canonical(np.front().lemma)) &&
               !(i < t.size() && t[i].is_word() && t[i].lemma == "be"sv)))) {
    // "My dad's brother Marco lives in Seattle", "my sister's husband works
    // at Google": a person of someone's is the one the statement is about
    // (not "my sister's husband is Tom", which names the relation, nor
    // "User's daughter Ella", the user's own).
    c_.subject = canon_phrase(np);
  } else if (!owner.empty()) {
    possessor_ = canon_phrase(owner);
    attribute_ = np;
    c_.subject = possessor_;
    user_owner_ = user_possessor && owner.size() == 1;
  } else if (!user_possessor && np.size() >= 2 && i < t.size() && t[i].is_word() && t[i].lemma == "be"sv &&
             np[np.size() - 2].is_word() && !is_prep(np[np.size() - 2].lemma) && relational_slot(np.back()) &&
             !(i + 2 < t.size() && t[i + 1].is_word() && t[i + 1].lemma != t[i + 1].text &&
               t[i + 2].is_word() && t[i + 2].lemma == "by"sv)) {
    // "The DB port is 5432" says what "the DB's port is 5432" and "the DB
    // listens on port 5432" say: the last noun names the slot. Not before a
    // passive ("The nightly backup job is owned by the storage team": the
    // job's owner, not its profession).
    attribute_ = Toks(np.end() - 1, np.end());
    np.pop_back();
    possessor_ = canon_phrase(np);
    c_.subject = possessor_;
  } else if (!np.empty()) {
    const std::string head = np.front().lemma;
    // "my birthday", "my blood type", "my height": a point in time or an
    // attribute of the user (WordNet's noun.time and noun.attribute), not a
    // thing the user owns.
    auto user_attribute = [&] {
      if (!np.back().is_word() || np.back().capitalised) return false;
      std::string compound;
      for (const auto& x : np) compound += (compound.empty() ? "" : "_") + x.lemma;
      for (const std::string& w : {compound, np.back().lemma, lex_.canonical(np.back().lemma)}) {
        const auto ids = wn_.lookup(w, Pos::noun);
        if (ids.empty()) continue;
        const std::string_view lf = WordNet::lexfile_name(wn_.synset(ids.front()).lexfile);
        return lf == "noun.time"sv || lf == "noun.attribute"sv;
      }
      return false;
    };
    // "my birthplace", "my employer", "my religion": a noun that names a
    // slot of the user's (not a project's, nor a verb's).
    auto user_slot_noun = [&] {
      if (np.size() != 1 || !np.front().is_word() || np.front().capitalised) return false;
      const SlotDef* sd = lex_.slot(lex_.canonical(np.front().lemma));
      // Only before a name ("My employer is Acme", not "My employer is very
      // flexible", "... is a big bank", "... is based in Leeds").
      std::size_t n = i + 1;
      if (n < t.size() && t[n].is_word() && t[n].lemma == "the"sv) ++n;
      return sd && sd->domain != "project"sv && noun_capable(np.front()) && !verb_capable(np.front()) &&
             i < t.size() && t[i].is_word() && t[i].lemma == "be"sv && n < t.size() && t[n].is_word() &&
             t[n].capitalised;
    };
    if (user_possessor && (head == "favorite"sv || head == "favourite"sv || user_attribute() || user_slot_noun())) {
      // "my favourite colour": an attribute of the user.
      c_.subject = "user";
      attribute_ = np;
    } else {
      c_.subject = canon_phrase(np);
      // "Users can upload 50 MB": a product's users, not the user a note
      // is about ("User prefers email").
      if (c_.subject == "user"sv && np.size() == 1 && np.front().text == "users"sv) c_.subject = "users";
      if (user_possessor && np.size() == 1) user_relation_ = np.front();
      if (user_possessor) {
        // "my cat Biscuit": the thing owned is the cat; the name follows it.
        std::size_t head = np.size() - 1;
        while (head > 0 && np[head].capitalised && !np[head - 1].capitalised) --head;
        push_unique(c_.possessions, lex_.canonical(np[head].lemma));
      } else if (ctx_.kind != MemoryKind::concept_ && np.front().is_word() && t.front().is_word() &&
                 t.front().lemma == np.front().lemma && !np.front().capitalised) {
        // "flatmate Tom left the hob on", "mum called": in a note about
        // oneself a bare relation is the speaker's own, as "my flatmate".
        const std::string rel = lex_.canonical(np.front().lemma);
        if (kin_word(rel) && !profession(rel)) push_unique(c_.possessions, rel);
      }
    }
  } else if (subject_from_scope_ || (i > 0 && t.size() > i)) {
    c_.subject = "environment";
  }
  if (!c_.subject.empty() && c_.subject_kind == SubjectKind::missing)
    c_.subject_kind = SubjectKind::present;
  if (user_possessor && c_.subject_kind == SubjectKind::fuzzy) c_.subject_kind = SubjectKind::present;
  subject_person_ = person_subject(c_.subject);
  if (!subject_person_ && i >= 2 && i <= t.size() && t[i - 1].is_word() && t[i - 1].capitalised &&
      t[i - 2].is_word() && (kin_word(lex_.canonical(t[i - 2].lemma)) || lex_.gender_of(t[i - 2].lemma) != 0))
    subject_person_ = true;  // "My nephew Sam": a name WordNet knows as a thing (a "SAM" missile)
  return i;
}

/// "I love crowds at concerts": a place phrase after the object ("at/on/in"
/// + noun phrase) qualifies where the statement holds.
void Parser::take_place_phrase(Toks& p, std::size_t from, bool names) {
  bool seen_noun = false;
  for (std::size_t k = from; k < p.size(); ++k) {
    const auto& l = p[k].lemma;
    if (seen_noun && in(l, {"at", "on", "in"}) && k + 1 < p.size()) {
      std::size_t e = k + 1;
      while (e < p.size() && in(p[e].lemma, {"the", "a", "an"})) ++e;
      // (A name only after a stance, and only if WordNet files it as a
      // place: "I hate driving in London"; "goes to school in Lyon" names
      // the school's town.)
      if (e >= p.size() || !p[e].is_word() || !noun_capable(p[e]) ||
          (p[e].capitalised && !(names && noun_lexfile(p[e].lemma) == "noun.location"sv)) ||
          (e + 1 == p.size() && in(p[e].lemma, {"year", "years", "month", "months", "week", "weeks", "decade", "decades", "ages",
                          "age", "while", "day", "days"})))  // "in years" is a time, not a place
        return;
      if (c_.scope.get(ScopeDim::place).empty()) c_.scope.set(ScopeDim::place, p[p.size() - 1].lemma);
      p.erase(p.begin() + static_cast<long>(k), p.end());
      return;
    }
    if (p[k].is_word() && !is_prep(l) && !in(l, {"a", "an", "the"})) seen_noun = true;
  }
}

void Parser::copula(const Toks& p, std::size_t from) {
  Toks rest(p.begin() + static_cast<long>(from), p.end());
  while (!rest.empty() && rest.front().is_word() && in(rest.front().lemma, {"a", "an", "the"}))
    rest.erase(rest.begin());
  if (rest.empty()) {
    if (c_.modality != Modality::none) c_.slot = "rule";
    else c_.slot = "state";
    return;
  }
  if (stance_noun(rest)) return;
  // "My wife is Anjali", "my boss is Dana Okafor": a name for a relation
  // that names a slot is that slot of the user's.
  if (user_relation_ && std::all_of(rest.begin(), rest.end(), [](const Token& x) {
        return x.is_word() && x.capitalised;
      })) {
    if (const SlotDef* sd = relational_slot(*user_relation_)) {
      c_.subject = "user";
      subject_person_ = false;
      c_.slot = sd->name;
      push_unique(c_.values, canon_phrase(rest));
      return;
    }
  }
  // "Platform is the owner of the indexer": the indexer's owner is Platform.
  // An adjective or two may come first ("the accountable owner of Falcon").
  std::size_t rel = 0;
  while (rel < 2 && rel + 3 < rest.size() && rest[rel].is_word() && !rest[rel].capitalised &&
         wn_.known(rest[rel].lemma, Pos::adj) && !relational_slot(rest[rel]))
    ++rel;
  if (rest.size() >= rel + 3 && rest[rel + 1].is_word() && rest[rel + 1].lemma == "of"sv && !c_.subject.empty() &&
      c_.subject_kind == SubjectKind::present) {
    if (const SlotDef* sd = relational_slot(rest[rel])) {
      Toks of_np;
      for (std::size_t k = rel + 2; k < rest.size(); ++k)
        if (!(rest[k].is_word() && (in(rest[k].lemma, {"the", "a", "an"}) || is_possessive_det(rest[k].lemma))))
          of_np.push_back(rest[k]);
      if (!of_np.empty()) {
        push_unique(c_.values, c_.subject);
        c_.subject = canon_phrase(of_np);
        c_.slot = sd->name;
        subject_person_ = person_subject(c_.subject);
        return;
      }
    }
  }
  // "I'm an only child": the user has no siblings (a negated possession,
  // which a mention of "my sister" contradicts).
  if (only_child_ && subject_person_ && c_.subject == "user"sv && !rest.empty() && rest.front().is_word() &&
      rest.front().lemma == "child"sv) {
    c_.slot = "have";
    c_.predicate = "have";
    c_.values = {"sibling"};
    c_.stance = negations_ % 2 ? 1 : -1;
    c_.never = true;
    return;
  }
  const Token& f = rest.front();
  if (rest.size() > 2 && f.is_word() && looks_past(f) && is_prep(rest[1].lemma) && !subject_person_) {
    // A passive with a place or tool: "tickets are tracked in Trello".
    c_.slot = f.lemma + " " + rest[1].lemma;
    complement(rest, 2, false);
    return;
  }
  if (rest.size() == 1 && f.is_word()) {
    if (const ClassDef* cls = lex_.class_of(f.lemma); cls && cls->slot != "-"sv) {
      c_.slot = cls->slot;
      c_.values.push_back(f.lemma);
      return;
    }
  }
  // "is around 52", "is about 5 km": a hedge before an amount, not a place.
  if (f.is_word() && in(f.lemma, {"around", "about", "approximately", "roughly", "nearly", "almost"}) &&
      rest.size() == 2 && rest[1].is_value()) {
    copula(rest, 1);
    return;
  }
  if (f.is_word() && is_prep(f.lemma) && f.lemma != "from"sv) {
    c_.slot = "be " + f.lemma;
    complement(rest, 1, false);
    return;
  }
  // (A number said of the user's attribute is that attribute's: "my resting
  // heart rate is 52" is no age.)
  if (f.kind == Token::Kind::number && rest.size() == 1) {
    c_.slot = subject_person_ && attribute_.empty() ? "age" : "value";
    c_.values.push_back(f.text);
    return;
  }
  // (Not a length that qualifies a thing: "a 14-inch MacBook Pro".)
  if (f.kind == Token::Kind::quantity && f.dimension == "length"sv && subject_person_ &&
      std::all_of(rest.begin() + 1, rest.end(), [](const Token& x) { return !x.is_word() || x.lemma == "tall"sv; })) {
    c_.slot = "height";
    c_.values.push_back(f.text);
    return;
  }
  // A class member ("vegan", "morning person", "married"); of two in a row
  // the second, the head ("a strict vegetarian" is a diet, not a
  // temperament).
  {
    const Token* member = nullptr;
    const ClassDef* member_class = nullptr;
    for (const auto& t : rest) {
      if (!t.is_word()) {
        if (member) break;
        continue;
      }
      // (Not past a preposition or into a second noun phrase: "a nurse on
      // the cardiac ward" is no switch that is "on"; "his wardrobe is all
      // black, every single item" says nothing of a marriage.)
      if (!member && &t != &rest.front() && (is_prep(t.lemma) || in(t.lemma, {"every", "each"}))) break;
      // (A word right after a pronoun is its verb: "no office I go to".)
      // (Lowercase "go" is the verb: "I never go into an office", "my hair
      // goes down to my waist"; the language is written "Go".)
      if (const ClassDef* cls = lex_.class_of(t.lemma);
          cls && !(t.lemma == "go"sv && !t.capitalised && cls->name == "prog_language"sv) &&
          !(&t != &rest.front() && (&t - 1)->is_word() &&
                   in((&t - 1)->lemma, {"i", "we", "you", "they", "he", "she"}))) {
        member = &t;
        member_class = cls;
        continue;
      }
      if (member) {
        // A name before another name only modifies it: "a Google Pixel 6"
        // is a phone, not an employer.
        if (t.capitalised && member->capitalised) member = nullptr;
        break;
      }
    }
    if (member) {
      c_.slot = member_class->slot;
      c_.values.push_back(member->lemma);
      return;
    }
  }
  if (rest.size() <= 2 && f.is_word()) {
    const std::string country = country_of(f.lemma);
    if (!country.empty() && (rest.size() == 1 || person_subject(rest.back().lemma))) {
      c_.slot = "nationality";
      c_.values.push_back(lex_.canonical(country));
      return;
    }
  }
  const Token& last = rest.back();
  // Metaphors. The head of the complement's noun phrase: its last word before a
  // preposition, a conjunction or punctuation ("a zombie until she's had
  // her coffee", "a big kid - always first on the bouncy castle").
  // Only a complement with "a" or "an" names a kind ("is a shark"; "we're
  // the house with the blue door" picks one out).
  const Token* head = nullptr;
  for (const auto& t : rest) {
    if (!indefinite_complement_) break;
    if (!t.is_word() || is_prep(t.lemma) || is_conj(t.lemma) || is_aux(t.lemma) ||
        in(t.lemma, {"so", "but", "when", "if"}))
      break;
    head = &t;
  }
  // A thing's name with a sense for a kind of person is meant literally of
  // one ("a huge F1 fan"); an animal's is a metaphor even so ("a shark").
  auto person_sense = [&](const std::string& w) {
    auto ids = wn_.lookup(w, Pos::noun);
    for (std::size_t k = 0; k < ids.size() && k < 3; ++k)
      if (std::string_view(WordNet::lexfile_name(wn_.synset(ids[k]).lexfile)) == "noun.person"sv) return true;
    return false;
  };
  if (head && !head->capitalised && !looks_past(*head) && noun_capable(*head) && !c_.subject.empty() && attribute_.empty()) {
    const std::string_view cf = noun_lexfile(head->lemma);
    if (!subject_person_) {
      // "My cat is a little devil": an animal called a kind of person; "my
      // laptop is a dinosaur": a made thing called an animal. Not when a
      // word of the subject names a creature ("our dog Max is a beagle":
      // the head is a name).
      const std::string_view sf = noun_lexfile(last_word(c_.subject));
      bool creature = false;
      std::istringstream subject_words(c_.subject);
      for (std::string w; subject_words >> w;) {
        const std::string_view wf = noun_lexfile(w);
        creature = creature || wf == "noun.animal"sv || wf == "noun.person"sv;
      }
      if ((sf == "noun.animal"sv && cf == "noun.person"sv) || (sf == "noun.artifact"sv && cf == "noun.animal"sv && !creature))
        c_.figurative = true;
    } else if (!dummy_it_ && !lex_.class_of(head->lemma) && wn_.lookup(head->lemma, Pos::adj).empty() &&
               (cf == "noun.animal"sv ||
                ((cf == "noun.food"sv || cf == "noun.plant"sv || cf == "noun.artifact"sv || cf == "noun.object"sv ||
                  cf == "noun.substance"sv) &&
                 !person_sense(head->lemma)))) {
      // A person called a thing or an animal ("my boss is a shark", "I'm a
      // whale after Christmas"): a metaphor, not a literal claim.
      c_.figurative = true;
    }
  }
  if (subject_person_ && last.is_word() && rest.size() <= 3 && !last.capitalised) {
    if (profession(last.lemma)) {
      c_.slot = "profession";
      c_.values.push_back(canon_phrase(rest));
      return;
    }
  }
  // A single adjective (or participle): a state of the subject. For things
  // (not people) a word that is also a noun is a value ("the default branch
  // is main").
  const bool adjective = !wn_.synsets(f.lemma, Pos::adj).empty() || !wn_.synsets(f.text, Pos::adj).empty();
  const bool participle = f.text != f.lemma && f.text.size() > 3 &&
                          f.text.compare(f.text.size() - 2, 2, "ed") == 0;
  const bool noun_too = !wn_.synsets(f.lemma, Pos::noun).empty();
  bool has_number = false;
  for (const auto& t : rest) has_number = has_number || t.is_value();
  if (rest.size() <= 2 && f.is_word() && !f.capitalised && (adjective || participle) && !has_number &&
      (subject_person_ || participle || !noun_too) &&
      (rest.size() == 1 || !noun_capable(rest.back()) || rest.back().is_word())) {
    c_.slot = "state";
    c_.values.push_back(canon_phrase(rest));
    return;
  }
  c_.slot = subject_person_ && c_.subject == "user"sv ? "identity" : "value";
  complement(rest, 0, false);
  // "Ana is a pharmacist at a Boots branch in town": a profession before
  // where it is practised is the profession.
  if (subject_person_ && c_.values.size() == 1) {
    const std::string& v = c_.values.front();
    const auto sp = v.rfind(' ');
    const std::string head = sp == std::string::npos ? v : v.substr(sp + 1);
    // (Not a name WordNet files as someone: "Daniel", the prophet.)
    if (!named_instance(head) && profession(head)) c_.slot = "profession";
  }
}

/// A copula whose complement names a stance: "I'm a huge jazz fan", "I'm a
/// fan of Pixar" (the user likes the thing), "Olives are one of my favourite
/// snacks", "Jazz isn't really my thing" (the user's stance toward the
/// subject). Sets a like claim and returns true.
bool Parser::stance_noun(const Toks& rest) {
  auto word = [&](std::size_t i, std::initializer_list<std::string_view> ws) {
    return i < rest.size() && rest[i].is_word() && in(rest[i].lemma, ws);
  };
  auto like = [&](std::string object) {
    c_.slot = "like";
    c_.predicate = "be";
    c_.object = std::move(object);
    c_.values.clear();
  };
  if (subject_person_ && c_.subject == "user"sv) {
    for (std::size_t h = 0; h < rest.size(); ++h) {
      if (!word(h, {"fan", "lover", "enthusiast", "buff", "devotee", "admirer"})) continue;
      Toks obj;
      if (word(h + 1, {"of"})) {
        for (std::size_t k = h + 2; k < rest.size(); ++k) {
          const Token& t = rest[k];
          if (t.kind == Token::Kind::punct || (t.is_word() && (is_conj(t.lemma) || is_prep(t.lemma)))) break;
          if (t.is_word() && in(t.lemma, {"a", "an", "the"})) continue;
          obj.push_back(t);
        }
      } else {
        for (std::size_t k = 0; k < h; ++k) {
          const Token& t = rest[k];
          if (!t.is_word()) continue;
          // Intensifiers and other adjectives say how much, not what.
          const bool adjective_only = !t.capitalised && !wn_.synsets(t.lemma, Pos::adj).empty() &&
                                      wn_.synsets(t.lemma, Pos::noun).empty();
          if (obj.empty() && (adjective_only || in(t.lemma, {"a", "an", "the", "big", "huge", "massive",
                                                            "total", "real", "true", "die-hard",
                                                            "diehard", "lifelong", "longtime"})))
            continue;
          obj.push_back(t);
        }
      }
      if (obj.empty()) return false;
      like(canon_phrase(obj));
      return true;
    }
    return false;
  }
  if (subject_person_ || c_.subject.empty() || c_.subject_kind != SubjectKind::present) return false;
  // A context word taken for the subject ("Summer is easily my favourite
  // season", "Friday's my favourite day"): the word the scope took is the
  // thing, when it is the only context.
  ScopeDim taken_dim = ScopeDim::env;
  std::string taken;
  if (c_.subject == "environment"sv) {
    for (const ScopeDim d : kScopeDims)
      if (!c_.scope.get(d).empty()) {
        if (!taken.empty()) return false;
        taken = c_.scope.get(d);
        taken_dim = d;
      }
    if (taken.empty() ||
        (taken_dim != ScopeDim::season && taken_dim != ScopeDim::day && taken_dim != ScopeDim::time_of_day))
      return false;
  }
  // "(one of) my favourite (snacks)", "(not) my thing / my cup of tea".
  // Also "another (one) of my favourites", "another favourite of mine",
  // "my other favourite".
  // (An adverb before it says how sure: "Autumn is easily my favourite
  // season", "teal is def my fav colour".)
  std::size_t lead = 0;
  while (lead + 1 < rest.size() && rest[lead].is_word() && !word(lead, {"my", "one", "another"}) &&
         (word(lead, {"def", "defo", "definitely", "easily", "honestly", "probably", "really", "still", "now",
                      "officially", "currently", "also", "just", "genuinely", "truly", "absolutely", "by", "far"}) ||
          (wn_.synsets(rest[lead].lemma, Pos::noun).empty() && wn_.synsets(rest[lead].lemma, Pos::verb).empty() &&
           wn_.synsets(rest[lead].lemma, Pos::adj).empty() && !wn_.synsets(rest[lead].lemma, Pos::adv).empty())))
    ++lead;
  if (lead > 0) {
    Toks shorter(rest.begin() + static_cast<std::ptrdiff_t>(lead), rest.end());
    if (!shorter.empty() && shorter[0].is_word() && in(shorter[0].lemma, {"my", "one", "another"}))
      return stance_noun(shorter);
  }
  std::size_t i = 0;
  const bool another = word(0, {"another"});
  bool one = !rest.empty() && (word(0, {"one"}) || another ||
                                     (rest[0].kind == Token::Kind::number && rest[0].number == 1));
  if (another && (word(1, {"one"}) || (rest.size() > 1 && rest[1].kind == Token::Kind::number && rest[1].number == 1)) &&
      word(2, {"of"}))
    i = 3;
  else if (one && word(1, {"of"})) i = 2;
  const std::initializer_list<std::string_view> favourites = {"favorite", "favourite", "fave", "faves", "fav",
                                                              "favs", "favorites", "favourites"};
  if (another && i == 0 && word(1, favourites) && word(2, {"of"}) && word(3, {"mine"})) {
    i = 0;  // "another favourite of mine": read as "one of my favourites"
  } else if (!word(i, {"my"})) {
    return false;
  } else if (word(i + 1, {"other"})) {
    ++i;  // "my other favourite": one of several, the "my" one word back
    one = true;
  }
  // ("my all-time / absolute / very favourite band": how much, not what.)
  while (i + 2 < rest.size() &&
         (word(i + 1, {"all", "time", "all-time", "absolute", "particular", "very", "real", "personal", "ultimate",
                       "undisputed", "most"}) ||
          (rest[i + 1].kind == Token::Kind::punct && rest[i + 1].text == "-"sv)) &&
         !word(i + 1, favourites))
    ++i;
  const bool favourite = word(i + 1, favourites);
  const bool thing = word(i + 1, {"thing", "jam"}) || (word(i + 1, {"cup"}) && word(i + 3, {"tea"}));
  if (!favourite && !thing) return false;
  if (!taken.empty()) {
    if (!favourite) return false;
    // ("Morning is my favourite time to write": a favourite for a purpose
    // says nothing of the other purposes; left to the scopes.)
    for (std::size_t k = i + 1; k < rest.size(); ++k)
      if (rest[k].is_word() && (rest[k].lemma == "to"sv || rest[k].lemma == "for"sv)) return false;
    c_.subject = taken;
    c_.scope.set(taken_dim, {});
  }
  if (favourite) c_.strong = negations_ % 2 == 0;
  const std::string object = c_.subject;
  c_.subject = "user";
  subject_person_ = true;
  if (favourite && !one) {
    // "Radiohead is my favourite band" says what "My favourite band is
    // Radiohead" says: the attribute (one value) is the slot.
    Toks attr;
    for (std::size_t k = i + 1; k < rest.size(); ++k) {
      const Token& t = rest[k];
      if (t.kind == Token::Kind::punct || (t.is_word() && (is_conj(t.lemma) || is_prep(t.lemma)))) break;
      attr.push_back(t);
    }
    if (attr.size() > 1) {
      c_.slot = canon_phrase(attr);
      c_.predicate = "be";
      c_.values = {object};
      c_.object.clear();
      return true;
    }
  }
  like(object);
  return true;
}

/// Reads the complement starting at `from`: values (or the stance object), a
/// count, and possessions ("my dog").
void Parser::complement(const Toks& p, std::size_t from, bool stance_object) {
  std::vector<std::string> values;
  Toks np;
  bool seen_noun = false;
  auto flush = [&]() {
    if (np.empty()) return;
    // A date: a month and a day ("March 14th", "the 22nd of August", "15
    // Nov") is one value, "march 14".
    {
      int month = -1;
      double day = 0;
      for (const auto& t : np) {
        if (t.is_word()) {
          if (const int m = month_index(t.text, true); m >= 0) month = m;
        } else if ((t.kind == Token::Kind::number || t.kind == Token::Kind::ordinal) && t.number >= 1 &&
                   t.number <= 31 && t.number == static_cast<int>(t.number)) {
          day = t.number;
        }
      }
      if (month >= 0 && day > 0) {
        values.push_back(date_text(month, static_cast<int>(day)));
        np.clear();
        return;
      }
    }
    // A portion of something is the thing ("a glass of red wine", "two cups
    // of coffee"): a head one of whose first three senses
    // WordNet files under noun.quantity (glassful, cupful), then "of".
    {
      const std::size_t h = !np.empty() && np.front().kind == Token::Kind::number ? 1 : 0;
      if (np.size() > h + 2 && np[h + 1].is_word() && np[h + 1].lemma == "of"sv && np[h].is_word()) {
        // The singular too: WordNet's "glasses" are spectacles.
        const std::string& w = np[h].text;
        bool portion = false;
        for (const std::string& form : {np[h].lemma, w.size() > 3 && w.back() == 's' ? w.substr(0, w.size() - 1) : w,
                                        w.size() > 4 && w.compare(w.size() - 2, 2, "es") == 0 ? w.substr(0, w.size() - 2) : w}) {
          auto ids = wn_.lookup(form, Pos::noun);
          for (std::size_t k = 0; k < ids.size() && k < 3; ++k)
            portion = portion || std::string_view(WordNet::lexfile_name(wn_.synset(ids[k]).lexfile)) == "noun.quantity"sv;
        }
        if (portion) {
          np.erase(np.begin() + static_cast<std::ptrdiff_t>(h), np.begin() + static_cast<std::ptrdiff_t>(h + 2));
          // "a glass of red", "a bottle of white": of wine.
          if (np.size() == h + 1 && np[h].is_word() && in(np[h].lemma, {"red", "white", "rose", "rosé"}))
            np.push_back(word_token("wine", "wine", "wine"));
        }
      }
    }
    // A measure of something is the thing, the measure kept among the
    // amounts ("2 litres of water", "50 mg of sertraline").
    // The measure is the claim's count (in the base unit), so "3 litres of
    // water" differs from "2 litres of water" as "three kids" from "two".
    // Not a duration ("a week of backups" is how long they are kept).
    if (np.size() > 2 && np.front().kind == Token::Kind::quantity && np.front().dimension != "duration"sv &&
        np[1].is_word() && np[1].lemma == "of"sv && np[2].is_word()) {
      c_.count = np.front().number;
      np.erase(np.begin(), np.begin() + 2);
    }
    // A leading number before a noun is a count ("two kids"), but not a
    // house number ("27 Elm Road": the address).
    const bool street = np.size() > 2 && np[1].is_word() && np[1].capitalised && np.back().is_word() &&
                        in(np.back().lemma, {"road", "street", "lane", "avenue", "drive", "close", "way", "place",
                                             "crescent", "terrace", "st", "rd", "ave", "gardens", "square", "row",
                                             "court", "grove", "hill", "boulevard", "blvd"});
    if (np.size() > 1 && np.front().kind == Token::Kind::number && !street) {
      c_.count = np.front().number;
      np.erase(np.begin());
    }
    // A number inside a name is the value ("port 8080", "Python 3.11").
    const Token* number = nullptr;
    for (const auto& t : np)
      if (t.is_value()) number = &t;
    // A name with its number is one name ("Paddington 2", "Mazda 3",
    // "iPhone 12"), unless it is "version", "port" and the like in lower case.
    const bool named = number && np.size() >= 2 && &np.back() == number && np[np.size() - 2].is_word() &&
                       np[np.size() - 2].capitalised && np.front().capitalised;
    if (number && np.size() <= 3 && !named && !street) {
      values.push_back(number->text);
    } else {
      values.push_back(canon_phrase(np));
    }
    np.clear();
  };
  for (std::size_t i = from; i < p.size(); ++i) {
    const Token& t = p[i];
    if (t.kind == Token::Kind::punct) break;
    if (t.kind == Token::Kind::possessive) continue;
    if (t.is_word()) {
      const auto& l = t.lemma;
      if (np.empty() && !seen_noun && (is_prep(l) || in(l, {"a", "an", "the"}))) continue;
      if (is_possessive_det(l)) {
        if ((l == "my"sv || l == "our"sv) && i + 1 < p.size()) {
          // possession: the head of the following noun phrase
          std::size_t k = i + 1;
          while (k + 1 < p.size() && p[k + 1].is_word() && !is_prep(p[k + 1].lemma) &&
                 !is_conj(p[k + 1].lemma))
            ++k;
          // "my dog Pepper": the thing owned is the dog; the name follows it.
          while (k > i + 1 && p[k].capitalised && !p[k - 1].capitalised) --k;
          push_unique(c_.possessions, lex_.canonical(p[k].lemma));
        }
        continue;
      }
      // "a glass or two of wine": the number is an aside of the portion.
      if (l == "or"sv && seen_noun && i + 2 < p.size() && p[i + 1].kind == Token::Kind::number &&
          p[i + 2].is_word() && p[i + 2].lemma == "of"sv) {
        ++i;
        continue;
      }
      if (l == "and"sv || l == "or"sv || l == ","sv) {
        flush();
        continue;
      }
      if (is_conj(l) || l == "to"sv || (is_prep(l) && seen_noun && l != "of"sv)) break;
      if (l == "of"sv) {
        np.push_back(t);
        continue;
      }
      if (lex_.is_negator(l) || lex_.is_none_quantifier(l)) {
        ++negations_;
        continue;
      }
      if (in(l, {"a", "an", "the"})) continue;
      // A pronoun after the value opens the next clause ("Cilantro is vile,
      // it's like chewing soap"; the comma is gone by now).
      if (seen_noun && !t.capitalised && in(l, {"it", "which", "they", "he", "she"})) break;  // ("Beat It")
      // A comma after the value ends it, unless a list goes on ("Munich, a
      // few minutes' walk from the Isar"; not "pizza, pasta and salad").
      // (Not before a name, which names the value or goes on a list:
      // "a bank, Barclays", "Muse, Blur"; nor before a last noun: "tennis,
      // golf".)
      if (seen_noun && t.after_comma && !t.capitalised &&
          !(i + 1 == p.size() && noun_capable(t)) &&
          std::none_of(p.begin() + static_cast<long>(i), p.end(),
                       [](const Token& x) { return x.is_word() && (x.lemma == "and"sv || x.lemma == "or"sv); }))
        break;
      if (seen_noun && verb_capable(t) && !noun_capable(t) && !t.capitalised) break;
      // "a cat named Miso", "a greyhound called Pepper": the thing is the
      // noun; the name after it is not part of the value.
      if (seen_noun && in(t.text, {"named", "called"}) && i + 1 < p.size()) break;
    }
    np.push_back(t);
    seen_noun = true;
  }
  flush();
  if (stance_object) {
    if (!values.empty()) c_.object = values.front();
    for (std::size_t k = 1; k < values.size(); ++k) c_.values.push_back(values[k]);
  } else {
    for (auto& v : values) push_unique(c_.values, v);
  }
}

void Parser::parse_predicate(Toks p) {
  // "is a ...", "'m practically a ...": the copula's complement names a kind
  // (see copula()); the articles go next.
  for (std::size_t i = 0; i + 1 < p.size() && !indefinite_complement_; ++i) {
    if (!p[i].is_word() || p[i].lemma != "be"sv) continue;
    for (std::size_t k = i + 1; k < p.size() && k <= i + 3 && p[k].is_word(); ++k) {
      if (in(p[k].lemma, {"a", "an"})) {
        indefinite_complement_ = true;
        break;
      }
      if (!lex_.is_negator(p[k].lemma) && wn_.lookup(p[k].lemma, Pos::adv).empty()) break;
    }
  }
  p.erase(std::remove_if(p.begin(), p.end(),
                         [](const Token& t) { return t.is_word() && in(t.lemma, {"the", "a", "an"}); }),
          p.end());
  // Negation and modality, with positions (a negation before the modal
  // negates the obligation: "don't have to" = not required).
  auto lem = lemmas_of(p);
  Toks q;
  std::optional<std::size_t> modal_pos;
  int neg_before_modal = 0, neg_after_modal = 0, pending_neg = 0;
  {
    // Negators out first (stance phrases keep theirs: "can not stand"),
    // remembering how many came before each remaining token.
    Toks kept;
    std::vector<int> negs_before;
    for (std::size_t i = 0; i < p.size();) {
      if (auto m = lex_.stance_table().match(lem, i); m) {
        for (std::size_t k = i; k < i + m.length; ++k) kept.push_back(p[k]), negs_before.push_back(pending_neg);
        i += m.length;
        continue;
      }
      if (lex_.is_negator(lem[i]) || (lem[i] == "no"sv && i + 1 < p.size())) {
        ++pending_neg;
        ++i;
        continue;
      }
      kept.push_back(p[i]);
      negs_before.push_back(pending_neg);
      ++i;
    }
    p.swap(kept);
    lem = lemmas_of(p);
    negs_before.push_back(pending_neg);
    for (std::size_t i = 0; i < p.size();) {
      if (auto m = lex_.stance_table().match(lem, i); m) {
        for (std::size_t k = i; k < i + m.length; ++k) q.push_back(p[k]);
        i += m.length;
        continue;
      }
      if (auto m = lex_.modal_table().match(lem, i); m) {
        const ModalDef& d = lex_.modal(m.entry);
        const bool ability = (lem[i] == "can"sv || lem[i] == "could"sv) && subject_person_ && !subject_generic_;
        ability_can_ = ability_can_ || (ability && lem[i] == "can"sv);
        if (!ability && !modal_pos) {
          modal_pos = q.size();
          c_.modality = d.modality;
          if (d.polarity < 0)
            c_.modality = d.modality == Modality::may ? Modality::may_not
                          : d.modality == Modality::must ? Modality::must_not
                                                         : Modality::should_not;
          // Negations before the modal's last word negate the modal ("not
          // allowed", "don't have to"); later ones negate the verb ("must not").
          neg_before_modal = negs_before[i + m.length - 1];
          neg_after_modal = pending_neg - neg_before_modal;
        }
        i += m.length;
        continue;
      }
      q.push_back(p[i]);
      ++i;
    }
    if (!modal_pos) neg_before_modal = pending_neg;
  }
  int neg = negations_;
  if (c_.modality != Modality::none) {
    // must + not after it = must_not; not before it = not required (stance -1).
    if (neg_after_modal % 2 == 1) {
      if (c_.modality == Modality::must) c_.modality = Modality::must_not;
      else if (c_.modality == Modality::should) c_.modality = Modality::should_not;
      else if (c_.modality == Modality::may) c_.modality = Modality::may_not;
      else if (c_.modality == Modality::may_not) c_.modality = Modality::may;
    }
    if (neg_before_modal % 2 == 1) {
      if (c_.modality == Modality::may) c_.modality = Modality::may_not;
      else if (c_.modality == Modality::may_not) c_.modality = Modality::may;
      else ++neg;
    }
  } else {
    neg += neg_before_modal + neg_after_modal;
  }
  negations_ = neg;
  p.swap(q);
  // "I report directly to Raj", "she lives happily in Leeds": an adverb of
  // these between a verb and its preposition says how, not what ("lives
  // separately from", "sleeps badly in" keep theirs).
  for (std::size_t k = 1; k + 1 < p.size(); ++k)
    if (p[k].is_word() &&
        in(p[k].text, {"directly", "mainly", "mostly", "currently", "primarily", "officially", "basically",
                       "usually", "normally", "generally", "technically", "permanently", "temporarily", "happily",
                       "comfortably", "largely", "chiefly", "formally", "exclusively", "solely"}) &&
        p[k - 1].is_word() && verb_capable(p[k - 1]) && p[k + 1].is_word() && is_prep(p[k + 1].lemma)) {
      p.erase(p.begin() + static_cast<long>(k));
      break;
    }
  lem = lemmas_of(p);

  // Skip auxiliaries that carry only tense ("do", "will", perfect "have",
  // progressive "be"), noting the tense.
  std::size_t i = 0;
  bool perfect = false;
  // ("going" as the main verb without "be" is a motion, not the future:
  // "stopped going to the welding classes"; "I'm going to Paris" is a plan.)
  auto note_tense = [&](const Token& t, bool main_verb = false) {
    if (t.text == "got"sv && i > 0 && lem[i - 1] == "have"sv) return;  // "I've got" = "I have"
    if (in(t.text, {"was", "were", "did", "had", "used"})) c_.tense = Tense::past;
    else if (t.lemma == "will"sv || (t.text == "going"sv && !(main_verb && (i == 0 || lem[i - 1] != "be"sv))))
      c_.tense = Tense::future;
  };
  for (std::size_t k = 0; k + 1 < p.size(); ++k) {
    if (lem[k] == "have"sv && p[k + 1].text == "got"sv) {  // "I've got a dog" = "I have a dog"
      p.erase(p.begin() + static_cast<long>(k) + 1);
      lem.erase(lem.begin() + static_cast<long>(k) + 1);
      continue;
    }
    if (lem[k] == "get"sv && looks_past(p[k + 1])) lem[k] = "be";  // "got promoted" = "was promoted"
    // "is going to be in Barcelona": the future of "be in Barcelona" (not
    // "go", a programming language's name, as the value).
    if (p[k].text == "going"sv && k > 0 && lem[k - 1] == "be"sv && k + 2 < p.size() && lem[k + 1] == "to"sv &&
        p[k + 2].is_word() && verb_capable(p[k + 2]) &&
        // ("going to bed", "going to school": places, not verbs)
        !in(lem[k + 2], {"bed", "school", "work", "church", "class", "college", "town", "court", "sea", "sleep",
                         "lunch", "dinner", "breakfast", "market", "camp", "hospital", "jail", "prison", "war"})) {
      c_.tense = Tense::future;
      p.erase(p.begin() + static_cast<long>(k) - 1, p.begin() + static_cast<long>(k) + 2);
      lem.erase(lem.begin() + static_cast<long>(k) - 1, lem.begin() + static_cast<long>(k) + 2);
      k = k > 1 ? k - 2 : 0;
    }
  }
  while (i < p.size()) {
    const auto& l = lem[i];
    // An adverb before the verb says when or how ("We finally bought the
    // house", "I eventually quit"): a word WordNet knows only as an adverb,
    // before a word that can be a verb.
    // (Not "rather", which "would rather" makes a preference, nor "hardly",
    // "rarely", which deny.)
    if (p[i].is_word() && p[i].text == l && !in(l, {"rather", "hardly", "rarely", "barely", "seldom", "scarcely"}) &&
        i + 1 < p.size() && p[i + 1].is_word() &&
        verb_capable(p[i + 1]) && !wn_.synsets(l, Pos::adv).empty() && wn_.synsets(l, Pos::verb).empty() &&
        wn_.synsets(l, Pos::noun).empty() && wn_.synsets(l, Pos::adj).empty() && !lex_.is_negator(l) &&
        !lex_.cue_table().match(lem, i)) {
      ++i;
      continue;
    }
    const bool next_cue = i + 1 < p.size() && lex_.cue_table().match(lem, i + 1) && verb_capable(p[i + 1]);
    // "do" before a possession or a noun is the verb itself ("I did my
    // doctorate in linguistics", "I do yoga").
    const bool do_verb = l == "do"sv && i + 1 < p.size() && p[i + 1].is_word() &&
                         (is_possessive_det(lem[i + 1]) ||
                          (!verb_capable(p[i + 1]) && !lex_.is_negator(lem[i + 1]) && noun_capable(p[i + 1]) &&
                           wn_.synsets(lem[i + 1], Pos::adv).empty()));
    if ((in(l, {"do", "will", "would", "shall", "going"}) && !do_verb) ||
        (l == "have"sv && i + 1 < p.size() && (looks_past(p[i + 1]) || lem[i + 1] == "be"sv || next_cue)) ||
        // (the negation of a stance phrase stays: "haven't touched" = have + "not touch")
        (l == "have"sv && i + 2 < p.size() && lex_.is_negator(lem[i + 1]) && looks_past(p[i + 2])) ||
        (l == "be"sv && i + 1 < p.size() && p[i + 1].text.size() > 4 && p[i + 1].text != p[i + 1].lemma &&
         p[i + 1].text.compare(p[i + 1].text.size() - 3, 3, "ing") == 0 &&
         (!lex_.class_of(lem[i + 1]) || p[i + 1].text == "going"sv)) ||
        (l == "be"sv && next_cue && looks_past(p[i + 1]) && !lex_.class_of(lem[i + 1]))) {
      if (l == "have"sv && t_is_present(p[i])) perfect = true;
      note_tense(p[i]);
      ++i;
      continue;
    }
    break;
  }
  if (i < p.size()) {
    note_tense(p[i], true);
    const bool have_got = p[i].text == "got"sv && i > 0 && lem[i - 1] == "have"sv;
    // (A participle with its agent and no auxiliary is a note's passive, a
    // state, not a past event: "notifications svc owned by growth team".)
    // (Not with a time it held in: "owned by growth team in 2019", "until
    // the 2022 reorg".)
    const bool dated =
        year_scale_past_ || std::any_of(p.begin() + static_cast<std::ptrdiff_t>(i), p.end(), [&](const Token& x) {
          return (x.kind == Token::Kind::number && x.number >= 1900 && x.number <= 2100) ||
                 (x.is_word() && in(x.lemma, {"until", "till", "ago", "previously", "formerly", "last", "yesterday",
                                              "before", "originally", "once"}));
        });
    const bool bare_passive =
        i == 0 && i + 1 < p.size() && p[i + 1].text == "by"sv && p[i].text != p[i].lemma && !dated;
    if (p[i].is_word() && looks_past(p[i]) && p[i].lemma != "bear"sv && !have_got && !perfect && !bare_passive)
      c_.tense = Tense::past;
  }
  if (i >= p.size()) {
    c_.stance = neg % 2 ? -1 : 1;
    if (c_.modality != Modality::none) c_.slot = "rule";
    return;
  }
  // (Not a noun after a verb: "CI takes ages to finish".)
  if (i + 1 < p.size() && lem[i + 1] == "to"sv && p[i].is_word() && !lex_.cue_table().match(lem, i) &&
      !lex_.slot_patterns().match(lem, i) &&
      !(i > 0 && p[i - 1].is_word() && verb_capable(p[i - 1]) && !is_aux(lem[i - 1]) && noun_capable(p[i]))) {
    // "The team grew to eight engineers": a verb of change (WordNet's
    // verb.change file) with the new value after "to".
    auto ids = wn_.lookup(lem[i], Pos::verb);
    if (!ids.empty() && std::string_view(WordNet::lexfile_name(wn_.synset(ids.front()).lexfile)) == "verb.change"sv) {
      push_unique(c_.change_cues, "change to");
      c_.predicate = lem[i];
      c_.stance = neg % 2 ? -1 : 1;
      complement(p, i + 2, false);
      return;
    }
  }
  auto change_verb = [&](const std::string& v) {
    auto ids = wn_.lookup(v, Pos::verb);
    return !ids.empty() && std::string_view(WordNet::lexfile_name(wn_.synset(ids.front()).lexfile)) == "verb.change"sv;
  };
  // (A present passive to no number is a state: "changes are restricted to
  // SRE"; "is tightened to 500ms" is a change.)
  if (lem[i] == "be"sv && i + 3 < p.size() && looks_past(p[i + 1]) && lem[i + 2] == "to"sv &&
      (!in(p[i].text, {"is", "are", "am"}) || p[i + 3].is_value()) &&
      lex_.slot_patterns().match(lem, i).length <= 1 && !lex_.cue_table().match(lem, i + 1) &&
      (change_verb(lem[i + 1]) || (p[i + 3].is_value() && p[i + 3].kind != Token::Kind::ordinal))) {
    // "was extended to 60 days": a passive change verb with the new value
    // after "to" (a verb the cue lexicon does not list).
    push_unique(c_.change_cues, "change to");
    c_.predicate = lem[i + 1];
    c_.stance = neg % 2 ? -1 : 1;
    complement(p, i + 3, false);
    return;
  }
  c_.predicate = lem[i];
  for (std::size_t k = i + 1; k < p.size(); ++k)
    if (p[k].is_word() && !is_prep(lem[k]) && !in(lem[k], {"a", "an", "the"}) && !is_possessive_det(lem[k]))
      action_words_.push_back(lex_.canonical(lem[k]));

  // 1. A stance verb: like / love / hate / prefer ...
  if (auto m = lex_.stance_table().match(lem, i); m) {
    const StanceDef& d = lex_.stance(m.entry);
    take_place_phrase(p, i + m.length, true);
    c_.slot = d.exclusive ? "prefer" : "like";
    c_.predicate = lem[i];
    c_.stance = (d.polarity > 0 ? 1 : -1) * (neg % 2 ? -1 : 1);
    c_.strong = d.strong() && neg % 2 == 0;
    negations_ = 0;
    complement(p, i + m.length, true);
    if (negations_ % 2) c_.stance = -c_.stance;
    return;
  }
  // 2. A cue verb with a verbal complement: "stopped going to the gym",
  //    "quit smoking", "started eating meat".
  auto cue_m = lex_.cue_table().match(lem, i);
  if (auto sm = lex_.slot_patterns().match(lem, i); cue_m && sm && sm.length > cue_m.length) cue_m = {};
  // "was raised in Leeds": an upbringing, no change (as scan_cues reads it).
  if (cue_m && lex_.cue(cue_m.entry).phrase == "raise"sv && i + 1 < p.size() && lem[i + 1] == "in"sv) {
    cue_m = {};
    raised_in_ = true;
  }
  if (auto m = cue_m; m) {
    const CueDef& cue = lex_.cue(m.entry);
    std::size_t k = i + m.length;
    if (k < p.size() && lem[k] == "to"sv && k + 1 < p.size() && verb_capable(p[k + 1]) &&
        cue.kind != CueKind::move && cue.kind != CueKind::update && cue.kind != CueKind::switch_)
      ++k;
    const bool gerund = k < p.size() && p[k].is_word() && p[k].text.size() > 4 &&
                        p[k].text.compare(p[k].text.size() - 3, 3, "ing") == 0 && verb_capable(p[k]);
    if ((cue.kind == CueKind::stop || cue.kind == CueKind::start) && gerund) {
      Toks rest(p.begin() + static_cast<long>(k), p.end());
      negations_ = neg;
      parse_predicate(rest);
      return;
    }
    // Transitive change verbs with the changed thing as object and the new
    // value after "to"/"with": "we moved the API to port 9090".
    const bool bare_verb = m.length == 1 && cue.phrase != "replace"sv && cue.phrase != "trade in"sv;
    if (bare_verb && (cue.kind == CueKind::move || cue.kind == CueKind::switch_ || cue.kind == CueKind::update) &&
        (c_.subject == "user"sv || c_.subject == "environment"sv)) {
      std::size_t to = k;
      while (to < p.size() && !in(lem[to], {"to", "with", "from"})) ++to;
      if (to < p.size() && to > k && !is_possessive_det(lem[k]) && !is_prep(lem[k]) &&
          !in(lem[k], {"back", "away", "home", "here", "there", "abroad", "again"})) {
        Toks obj(p.begin() + static_cast<long>(k), p.begin() + static_cast<long>(to));
        const std::string o = canon_phrase(obj);
        if (!o.empty()) {
          c_.subject = o;
          subject_person_ = person_subject(o);
        }
        k = to;
      }
    }
    c_.stance = neg % 2 ? -1 : 1;
    // "switched from X to Y" / "migrated from X to Y" / "replaced X with Y".
    if (cue.phrase.size() > 5 && cue.phrase.compare(cue.phrase.size() - 5, 5, " from") == 0) {
      Toks x;
      for (std::size_t q2 = k; q2 < p.size() && !in(lem[q2], {"to", "with"}); ++q2) x.push_back(p[q2]);
      push_unique(c_.from_values, canon_phrase(x));
    }
    for (std::size_t j = k; j < p.size(); ++j) {
      if (lem[j] == "from"sv) {
        Toks x;
        for (std::size_t q2 = j + 1; q2 < p.size() && !in(lem[q2], {"to", "with"}); ++q2) x.push_back(p[q2]);
        push_unique(c_.from_values, canon_phrase(x));
      }
    }
    if (cue.phrase == "replace"sv || cue.phrase == "trade in"sv || cue.phrase == "sell"sv ||
        cue.phrase == "leave"sv || cue.phrase == "quit"sv) {
      Toks x;
      std::size_t j = k;
      for (; j < p.size() && !in(lem[j], {"to", "with", "for", "and"}); ++j) x.push_back(p[j]);
      const std::string fv = canon_phrase(x);
      if (cue.phrase == "replace"sv || cue.phrase == "trade in"sv) {
        push_unique(c_.from_values, fv);
        complement(p, j, false);
      } else {
        complement(p, k, false);
      }
    } else {
      // After "to" comes the new value.
      std::size_t j = k;
      for (std::size_t q2 = k; q2 < p.size(); ++q2)
        if (lem[q2] == "to"sv || lem[q2] == "with"sv) j = q2;
      complement(p, j, false);
      for (const auto& fv : c_.from_values)
        c_.values.erase(std::remove(c_.values.begin(), c_.values.end(), fv), c_.values.end());
    }
    // A slot pattern inside the complement ("a new job at Deloitte").
    for (std::size_t j = k; j < p.size(); ++j) {
      if (auto sm = lex_.slot_patterns().match(lem, j); sm && lem[j] != "be"sv && lem[j] != "have"sv) {
        const SlotPattern& sp = lex_.slot_pattern(sm.entry);
        const SlotDef& sd = lex_.slots()[static_cast<std::size_t>(sp.slot)];
        if (sd.name == "value"sv || sd.name == "use"sv) continue;
        c_.slot = sd.name;
        c_.values.clear();
        complement(p, j + sm.length, false);
        break;
      }
    }
    if (negations_ % 2 != neg % 2) c_.stance = -c_.stance;
    return;
  }
  // 2b. The active voice of a passive slot pattern: "we keep audit logs for
  //    90 days" says "audit logs are kept for 90 days" (retention), "we host
  //    the API in eu-west-1" says "the API is hosted in eu-west-1".
  if (c_.subject == "user"sv && lem[i] != "be"sv && lem[i] != "have"sv && p[i].is_word() && verb_capable(p[i])) {
    std::size_t j = i + 1;
    while (j < p.size() && p[j].is_word() && !is_prep(lem[j]) && !is_conj(lem[j])) ++j;
    if (j > i + 1 && j + 1 < p.size() && p[j].is_word() && is_prep(lem[j]) &&
        !is_possessive_det(lem[i + 1]) && !is_first_person(lem[i + 1])) {
      const std::vector<std::string> passive = {"be", lem[i], lem[j]};
      if (auto m = lex_.slot_patterns().match(passive, 0); m && m.length == 3) {
        const SlotDef& sd = lex_.slots()[static_cast<std::size_t>(lex_.slot_pattern(m.entry).slot)];
        Toks obj(p.begin() + static_cast<long>(i) + 1, p.begin() + static_cast<long>(j));
        const std::string o = canon_phrase(obj);
        if (sd.single && !o.empty()) {
          c_.subject = o;
          subject_person_ = person_subject(o);
          c_.slot = sd.name;
          c_.stance = neg % 2 ? -1 : 1;
          negations_ = 0;
          complement(p, j + 1, false);
          if (negations_ % 2) c_.stance = -c_.stance;
          return;
        }
      }
    }
  }
  // 3. A slot pattern ("live in", "work at", "be born in", "listen on port").
  //    A possessive attribute ("my wife's name") is tried in front of the verb.
  // "My wife's name is Anjali" says "my wife is Anjali": the user's partner
  // (any relation whose noun names a slot: "my boss's name" -> manager).
  if (user_owner_ && attribute_.size() == 1 && attribute_.front().lemma == "name"sv && lem[i] == "be"sv &&
      i + 1 < p.size()) {
    Token rel;
    rel.kind = Token::Kind::word;
    rel.lemma = possessor_;
    rel.text = possessor_;
    if (const SlotDef* sd = relational_slot(rel)) {
      c_.subject = "user";
      subject_person_ = false;
      c_.slot = sd->name;
      c_.stance = neg % 2 ? -1 : 1;
      negations_ = 0;
      complement(p, i + 1, false);
      if (negations_ % 2) c_.stance = -c_.stance;
      return;
    }
  }
  if (!attribute_.empty()) {
    std::vector<std::string> with_attr;
    for (const auto& a : attribute_) with_attr.push_back(lex_.canonical(a.lemma));
    const std::size_t n_attr = with_attr.size();
    with_attr.insert(with_attr.end(), lem.begin() + static_cast<long>(i), lem.end());
    for (std::size_t s = 0; s < n_attr; ++s) {
      if (auto m = lex_.slot_patterns().match(with_attr, s); m && s + m.length > n_attr) {
        const SlotPattern& sp = lex_.slot_pattern(m.entry);
        c_.slot = lex_.slots()[static_cast<std::size_t>(sp.slot)].name;
        c_.stance = neg % 2 ? -1 : 1;
        negations_ = 0;
        std::size_t from = i + (s + m.length - n_attr);
        // "User's partner is called Daniel": the name after "called".
        if (from < p.size() && p[from].is_word() && in(p[from].text, {"called", "named"})) ++from;
        complement(p, from, false);
        if (negations_ % 2) c_.stance = -c_.stance;
        return;
      }
    }
  }
  if (auto m = lex_.slot_patterns().match(lem, i); m) {
    const SlotPattern& sp = lex_.slot_pattern(m.entry);
    const SlotDef& sd = lex_.slots()[static_cast<std::size_t>(sp.slot)];
    if (sd.name == "value"sv) {
      c_.stance = neg % 2 ? -1 : 1;
      negations_ = 0;
      const bool set_to = m.length > 1;  // "be set to"
      if (set_to) {
        c_.slot = "value";
        complement(p, i + m.length, false);
      } else {
        copula(p, i + 1);
      }
      if (!attribute_.empty()) {
        // "my favourite colour is green": the attribute is the slot.
        // A favourite is the attribute whatever its value names ("My
        // favourite fruit is apples" is no employer, "My favourite cuisine
        // is Thai" no nationality).
        const std::string attr = canon_phrase(attribute_);
        const bool favourite = attr.rfind("favorite ", 0) == 0;
        // ("My birthplace is Cork": the slot the noun names.)
        const bool named_slot = attribute_.size() == 1 && lex_.slot(attr) && lex_.slot(attr)->domain != "project"sv;
        if (c_.slot == "state"sv || c_.slot == "value"sv || c_.slot == "identity"sv || favourite ||
            (named_slot && c_.slot != attr && !lex_.slot(c_.slot)))
          c_.slot = attr;
      }
      if (negations_ % 2) c_.stance = -c_.stance;
      return;
    }
    if (lem[i] == "be"sv && m.length == 2 && i + 2 < p.size() && lem[i + 2] == "of"sv) {
      // "Max is the name of our dog": the copula names the dog's name (see
      // copula()), not a name that is the dog.
      c_.stance = neg % 2 ? -1 : 1;
      negations_ = 0;
      copula(p, i + 1);
      if (negations_ % 2) c_.stance = -c_.stance;
      return;
    }
    if (!sd.single) take_place_phrase(p, i + m.length);
    c_.slot = sd.name;
    c_.stance = neg % 2 ? -1 : 1;
    negations_ = 0;
    complement(p, i + m.length, false);
    if (negations_ % 2) c_.stance = -c_.stance;
    // "Maya has just started at Hillcrest Secondary": a school one starts
    // at is where one studies, not an employer ("I work at Harvard
    // University" stays one).
    if (c_.slot == "employer"sv && c_.values.size() == 1 && lex_.slot("study") && in(c_.predicate, {"start", "join"}) &&
        in(last_word(c_.values.front()), {"school", "primary", "secondary", "academy", "college", "university", "uni",
                                          "kindergarten", "nursery", "preschool", "elementary", "high", "middle",
                                          "grammar", "montessori", "daycare", "comprehensive", "polytechnic"}))
      c_.slot = "study";
    // "I'm married to Anjali": a person, not a marital status, is the
    // user's partner.
    if (c_.slot == "marital_status"sv && c_.values.size() == 1 && !lex_.class_of(c_.values.front()) &&
        lex_.slot("partner"))
      c_.slot = "partner";
    // "My wife is named Clara": as "my wife's name is Clara".
    if (c_.slot == "name"sv && user_relation_ && c_.subject != "user"sv) {
      if (const SlotDef* rel = relational_slot(*user_relation_)) {
        c_.subject = "user";
        subject_person_ = false;
        c_.slot = rel->name;
      }
    }
    return;
  }
  // 4. Any other verb: the verb is the slot (multi-valued unless slots.txt
  //    says otherwise).
  take_place_phrase(p, i + 1);
  c_.slot = lem[i];
  c_.stance = neg % 2 ? -1 : 1;
  negations_ = 0;
  complement(p, i + 1, false);
  if (negations_ % 2) c_.stance = -c_.stance;
  // "My birthday falls on June 2nd": a value of the user's attribute said
  // with a verb no slot defines is the attribute's value, as "My birthday
  // is on June 2nd" says.
  if (attribute_.size() == 1 && c_.subject == "user"sv && !c_.values.empty() && !lex_.slot(c_.slot))
    if (const SlotDef* sd = relational_slot(attribute_.front()); sd && sd->single && sd->domain == "personal"sv)
      c_.slot = sd->name;
}

/// The claim's topic domain (domains.txt): a specific slot's own domain;
/// for generic slots (like, prefer, have, use, be ...) the domain of the
/// thing: its value class ("Go" -> technology), else its WordNet
/// lexicographer file ("olive" -> food, since one of its first five senses
/// is a food); else the slot's, else personal (people) or project (things).
std::string Parser::domain_of() const {
  const SlotDef* sd = lex_.slot(c_.slot);
  const bool generic_slot = !sd || in(c_.slot, {"like", "prefer", "have", "use", "value", "state", "identity"});
  if (sd && !generic_slot) return sd->domain;
  // "favourite sport": the attribute names the topic ("cricket" is a sport
  // here, not an insect).
  const std::string thing = c_.slot.rfind("favorite ", 0) == 0 ? c_.slot.substr(9)
                            : !c_.object.empty()                ? c_.object
                            : !c_.values.empty()                ? c_.values.front()
                                                                : c_.slot;
  if (!thing.empty()) {
    const ClassDef* cls = lex_.class_of(thing);
    if (!cls && thing.rfind(' ') != std::string::npos) cls = lex_.class_of(thing.substr(thing.rfind(' ') + 1));
    if (cls) {
      if (auto d = lex_.class_domain(cls->name); !d.empty()) return std::string(d);
      if (const SlotDef* cs = lex_.slot(cls->slot)) return cs->domain;
    }
    const std::string head = last_word(thing);
    auto ids = wn_.lookup(head, Pos::noun);
    std::string_view first;
    for (std::size_t k = 0; k < ids.size() && k < 5; ++k) {
      const std::string_view d = lex_.lexfile_domain(WordNet::lexfile_name(wn_.synset(ids[k]).lexfile));
      if (d == "food"sv) return "food";
      if (k == 0) first = d;
    }
    if (!first.empty() && !lex_.generic_domain(first)) return std::string(first);
    if (ids.empty()) {
      // A state adjective ("asleep", "sober"): the domain of the word it is
      // derived from ("sleep": a verb of the body).
      for (auto id : wn_.lookup(head, Pos::adj))
        for (const auto& p : wn_.kin(id)) {
          if (p.rel != WordNet::Rel::derivation && p.rel != WordNet::Rel::pertainym) continue;
          const std::string_view lf = WordNet::lexfile_name(wn_.synset(p.target).lexfile);
          if (lf == "verb.body"sv || lf == "noun.state"sv || lf == "noun.body"sv) return "health";
          if (auto d = lex_.lexfile_domain(lf); !d.empty() && !lex_.generic_domain(d)) return std::string(d);
        }
    }
    if (!sd && !c_.predicate.empty()) {
      // A verb slot ("swim", "commute"): the verb's own lexicographer file.
      auto vids = wn_.lookup(c_.predicate, Pos::verb);
      if (!vids.empty()) {
        const std::string_view lf = WordNet::lexfile_name(wn_.synset(vids.front()).lexfile);
        if (lf == "verb.consumption"sv) return "food";
        if (lf == "verb.motion"sv || lf == "verb.competition"sv) return "activities";
        if (lf == "verb.body"sv) return "health";
        if (lf == "verb.social"sv) return "social";
        if (lf == "verb.communication"sv) return "culture";
      }
    }
    if (!first.empty()) return std::string(first);
  }
  if (sd) return sd->domain;
  return subject_person_ ? "personal" : "project";
}

Claim Parser::run(std::string_view text) {
  Toks all = tokenize(lex_, text);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Token& t = all[k];
    temporary_ = temporary_ || (t.is_word() && in(t.lemma, {"moment", "currently", "today", "tonight", "week",
                                                           "weekend", "month", "yet", "lately", "temporarily"}));
    // "I rent out my flat": a landlord's letting, not a tenant's renting.
    rent_out_ = rent_out_ || (t.is_word() && t.lemma == "rent"sv && k + 1 < all.size() && all[k + 1].is_word() &&
                              all[k + 1].lemma == "out"sv);
  }
  coordinated_idioms(all);
  if (!rewritten_)
    if (auto f = fragment_as_identity(lex_, text, all, ctx_.kind)) {
      Parser p(lex_, ctx_);
      p.rewritten_ = true;
      return p.run(*f);
    }
  {
    // Idioms are listed with "my" and match any owner ("married to his
    // job", "eats her weight in cheese").
    // An intensifier inside one changes nothing ("my heart literally
    // stopped"): they are matched both with and without intensifiers.
    auto lem = lemmas_of(all);
    for (auto& w : lem)
      if (in(w, {"his", "her", "their", "our", "your"})) w = "my";
    std::vector<std::string> plain;
    for (const auto& w : lem)
      if (!in(w, {"literally", "literal", "basically", "practically", "totally", "absolutely", "actually", "really",
                  "completely", "virtually", "honestly"}))
        plain.push_back(w);
    for (const auto* seq : {&lem, &plain}) {
      if (seq == &plain && plain.size() == lem.size()) break;  // no intensifier: the same words again
      for (std::size_t i = 0; i < seq->size() && !c_.figurative; ++i)
        if (const auto m = lex_.figurative_table().match(*seq, i)) {
          // "my favourite city in the whole world", "the best pizza in the
          // world": emphasis of a superlative, not a claim about the world.
          bool emphasis = false;
          if (std::find(seq->begin() + static_cast<std::ptrdiff_t>(i),
                        seq->begin() + static_cast<std::ptrdiff_t>(i + m.length), "world") !=
              seq->begin() + static_cast<std::ptrdiff_t>(i + m.length))
            for (std::size_t k = i >= 6 ? i - 6 : 0; k < i; ++k)
              emphasis = emphasis || in((*seq)[k], {"favourite", "favorite", "fave", "best", "most", "good", "worst"});
          if (!emphasis) c_.figurative = true;
        }
    }
    if (!c_.figurative)
      c_.figurative = simile(all) || verb_simile(all) || thing_as_my_person(all) || feels_an_age(all) || hyperbolic_count(all) ||
                      intensified_thing(all);
  }
  // The whole text but a parenthesised aside ("(see the wiki)", "(ticket
  // 4521)"), which the claim leaves out, unless the aside is all there is.
  Toks body = without_parens(all, false);
  if (std::none_of(body.begin(), body.end(), [](const Token& t) { return t.is_word(); })) body = all;
  // Amounts: the measures, clock times and dates of the whole text. A day
  // of the month next to its month is the date, however written ("21
  // April", "April 21st", "the 21st of April", "2024-04-21": "april 21").
  {
    auto month_at = [&](std::size_t k) {
      return k < body.size() && body[k].is_word() ? month_index(body[k].text, true) : -1;
    };
    auto day_of = [](const Token& t) {
      return (t.kind == Token::Kind::number || t.kind == Token::Kind::ordinal) && t.number >= 1 && t.number <= 31 &&
             t.number == static_cast<int>(t.number);
    };
    std::vector<bool> date_day(body.size(), false);
    for (std::size_t k = 0; k < body.size(); ++k) {
      const Token& t = body[k];
      int m = -1;
      if (day_of(t)) {
        m = month_at(k + 1);
        if (m < 0 && k + 2 < body.size() && body[k + 1].is_word() && body[k + 1].lemma == "of"sv) m = month_at(k + 2);
        if (m < 0 && k > 0) m = month_at(k - 1);
      }
      if (m >= 0) {
        date_day[k] = true;
        push_unique(c_.amounts, date_text(m, static_cast<int>(t.number)));
        continue;
      }
      // An ISO date, "2024-04-21": the date and the year.
      const std::string& w = t.text;
      if (t.is_word() && w.size() == 10 && w[4] == '-' && w[7] == '-' &&
          std::all_of(w.begin(), w.end(), [](char ch) { return (ch >= '0' && ch <= '9') || ch == '-'; })) {
        const int mm = std::atoi(w.substr(5, 2).c_str()), dd = std::atoi(w.substr(8, 2).c_str());
        if (mm >= 1 && mm <= 12 && dd >= 1 && dd <= 31) {
          push_unique(c_.amounts, date_text(mm - 1, dd));
          push_unique(c_.amounts, w.substr(0, 4));
        }
      }
    }
    // How often: "every 14 days", "fortnightly", "twice a week", "four
    // times a day", "once a month", "every day" are one amount each, the
    // period ("every 1209600s"), so two wordings of one schedule share it
    // and a count of times is no amount of its own.
    std::vector<bool> in_rate(body.size(), false);
    auto period_of_unit = [&](const Token& u) -> double {
      if (!u.is_word()) return 0;
      const UnitDef* d = lex_.unit(u.text);
      if (!d) d = lex_.unit(u.lemma);
      return d && d->dimension == "duration"sv && d->factor >= 3600 ? d->factor : 0;
    };
    // (The first schedule the text names.)
    auto every = [&](double secs) {
      if (!c_.period) c_.period = secs;
    };
    static constexpr std::pair<std::string_view, double> kAdverbs[] = {
        {"hourly", 3600},         {"daily", 86400},       {"nightly", 86400},      {"weekly", 604800},
        {"fortnightly", 1209600}, {"biweekly", 1209600},  {"monthly", 2628000},    {"quarterly", 7884000},
        {"yearly", 31536000},     {"annually", 31536000}, {"semiannually", 15768000}};
    // "every Monday", "every Tuesday and Thursday": once a week per day.
    auto weekday = [](const Token& x) {
      if (!x.is_word()) return false;
      std::string w = x.text;
      if (w.size() > 3 && w.back() == 's') w.pop_back();
      return in(w, {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
                    "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"});
    };
    for (std::size_t k = 0; k < body.size(); ++k) {
      const Token& t = body[k];
      if (!t.is_word()) continue;
      // "each night", "every morning", "every weekend"
      if (in(t.lemma, {"every", "each"}) && k + 1 < body.size() && body[k + 1].is_word()) {
        const auto& n = body[k + 1].lemma;
        if (in(n, {"night", "morning", "evening", "afternoon"})) every(86400);
        else if (n == "weekend"sv) every(604800);
      }
      for (const auto& [w, secs] : kAdverbs)
        if (t.text == w) every(secs);
      // "every other Sunday", "every second Thursday": every two weeks.
      if (t.lemma == "every"sv && k + 2 < body.size() && weekday(body[k + 2]) &&
          (in(body[k + 1].text, {"other", "second", "alternate"}) ||
           (body[k + 1].kind == Token::Kind::ordinal && body[k + 1].number == 2))) {
        every(1209600);
        continue;
      }
      if ((t.lemma == "every"sv || t.lemma == "each"sv) && k + 1 < body.size() && weekday(body[k + 1])) {
        int days = 0;
        for (std::size_t j = k + 1; j < body.size(); ++j) {
          if (weekday(body[j])) ++days;
          else if (!(in(body[j].text, {"and", ",", "&", "+", "/"}))) break;
        }
        every(604800.0 / days);
        continue;
      }
      // "every/each 14 days", "every day", "once every two weeks"
      if ((t.lemma == "every"sv || t.lemma == "each"sv) && k + 1 < body.size()) {
        const Token& n = body[k + 1];
        if (n.kind == Token::Kind::quantity && n.text.size() > 1 && n.text.back() == 's' &&
            n.text.find_first_not_of("0123456789.") == n.text.size() - 1) {
          every(std::atof(n.text.c_str()));
          in_rate[k + 1] = true;
        } else if (const double secs = period_of_unit(n); secs > 0) {
          every(secs);
        }
        continue;
      }
      // "once / twice / three times a (per, each) week"
      double times = 0;
      if (t.text == "once"sv) times = 1;
      else if (t.text == "twice"sv) times = 2;
      else if (t.text == "thrice"sv) times = 3;
      else if (t.lemma == "time"sv && k > 0 && body[k - 1].kind == Token::Kind::number && body[k - 1].number > 0)
        times = body[k - 1].number;
      else if (t.text.size() >= 2 && t.text.size() <= 3 && t.text.back() == 'x' &&
               t.text.find_first_not_of("0123456789") == t.text.size() - 1)
        times = std::atof(t.text.c_str());  // "3x a week"
      if (times == 0 || k + 1 >= body.size() || !body[k + 1].is_word()) continue;
      // "twice weekly", "three times daily", "3x weekly"
      bool adverb = false;
      for (const auto& [w, secs] : kAdverbs)
        if (body[k + 1].text == w) {
          every(secs / times);
          adverb = true;
        }
      if (adverb || k + 2 >= body.size() || !in(body[k + 1].lemma, {"a", "an", "per", "each", "every"})) continue;
      if (const double secs = period_of_unit(body[k + 2]); secs > 0) every(secs / times);
    }
    for (std::size_t k = 0; k < body.size(); ++k) {
      const Token& t = body[k];
      if (date_day[k] || in_rate[k]) continue;
      if (t.kind == Token::Kind::quantity || t.kind == Token::Kind::time || t.kind == Token::Kind::number)
        push_unique(c_.amounts, t.text);
    }
    // A value that ends a range of one unit ("knits for 2-3 hours", "3 to 4
    // hours") is the range: both ends are values (set at the end of run), so
    // "a couple of hours" restates it and "5 hours" does not.
    ranges_.clear();
    for (std::size_t k = 0; k + 2 < body.size(); ++k) {
      const Token &lo = body[k], &sep = body[k + 1], &hi = body[k + 2];
      if (lo.kind != Token::Kind::quantity || hi.kind != Token::Kind::quantity || lo.number >= hi.number ||
          !((sep.kind == Token::Kind::punct && sep.text == "-"sv) || (sep.is_word() && sep.lemma == "to"sv)) ||
          (k > 0 && body[k - 1].is_word() && body[k - 1].lemma == "from"sv))
        continue;
      auto unit_of = [](const std::string& q) { return q.substr(q.find_last_of("0123456789.") + 1); };
      if (unit_of(lo.text) != unit_of(hi.text) || unit_of(lo.text).empty()) continue;
      ranges_.emplace_back(lo.text, hi.text);
    }
  }
  // Keywords: content lemmas of the whole text.
  for (const auto& t : body) {
    if (!t.is_word() || t.lemma.size() < 2) continue;
    if (is_aux(t.lemma) || is_prep(t.lemma) || is_conj(t.lemma) || is_possessive_det(t.lemma) ||
        is_first_person(t.lemma) || is_fuzzy_pronoun(t.lemma) || lex_.is_negator(t.lemma) ||
        lex_.drop_table().match(std::vector<std::string>{t.lemma}, 0))
      continue;
    push_unique(c_.keywords, lex_.canonical(t.lemma));
  }
  // ", not even X" only extends a denial to X ("I don't drink alcohol, not
  // even socially"): its negation is not a second one of the claim.
  for (std::size_t i = 0; i + 2 < all.size(); ++i)
    if (all[i].kind == Token::Kind::punct && all[i].text == ","sv && all[i + 1].is_word() &&
        all[i + 1].lemma == "not"sv && all[i + 2].is_word() && all[i + 2].lemma == "even"sv) {
      std::size_t j = i + 1;
      while (j < all.size() && !(all[j].kind == Token::Kind::punct && all[j].text != "'"sv)) ++j;
      all.erase(all.begin() + static_cast<std::ptrdiff_t>(i), all.begin() + static_cast<std::ptrdiff_t>(j));
    }
  // "my go-to lunch", "her go-to order": a favourite, said the way people
  // say it.
  for (std::size_t i = 0; i + 2 < all.size(); ++i) {
    if (!all[i].is_word() || !(is_possessive_det(all[i].lemma) || in(all[i].lemma, {"his", "her", "their"})))
      continue;
    if (all[i + 1].is_word() && all[i + 1].text == "go-to"sv && all[i + 2].is_word())
      all[i + 1] = word_token("favourite", "favourite", all[i + 1].surface);
    else if (i + 3 < all.size() && all[i + 1].is_word() && all[i + 1].text == "go"sv && all[i + 2].is_word() &&
             all[i + 2].text == "to"sv && all[i + 3].is_word() && noun_capable(all[i + 3]) && !verb_capable(all[i + 3])) {
      all[i + 1] = word_token("favourite", "favourite", all[i + 1].surface + "-" + all[i + 2].surface);
      all.erase(all.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    }
  }
  // "According to the org chart I sit within Infrastructure", "Per HR,
  // payday is the 25th", "per the controller schedule the drip zone kicks
  // off at 5:30": a leading source says who says so, not what is said. The
  // source runs to a comma or to the next determiner or pronoun (the
  // clause's subject); without one, nothing is dropped.
  {
    std::size_t s0 = 0;
    if (all.size() > 3 && all[0].is_word() && all[1].is_word() &&
        ((all[0].lemma == "accord"sv || all[0].text == "according"sv) && all[1].lemma == "to"sv))
      s0 = 2;
    else if (all.size() > 3 && all[0].is_word() && all[1].is_word() && all[0].lemma == "as"sv && all[1].lemma == "per"sv)
      s0 = 2;
    else if (all.size() > 2 && all[0].is_word() && all[0].lemma == "per"sv && all[1].is_word() &&
             !in(all[1].lemma, {"diem", "cent", "se", "capita", "annum", "hour", "day", "week", "month", "year"}))
      s0 = 1;
    if (s0) {
      std::size_t k = s0;
      if (k < all.size() && all[k].is_word() && (in(all[k].lemma, {"the", "a", "an"}) || is_possessive_det(all[k].lemma)))
        ++k;
      std::size_t end = 0;
      for (std::size_t j = k + 1; j < all.size() && j < k + 6; ++j) {
        if (all[j].kind == Token::Kind::punct) {
          end = all[j].text == ","sv ? j + 1 : 0;
          break;
        }
        if (all[j].is_word() && (in(all[j].lemma, {"the", "a", "an", "this", "these", "those", "that"}) ||
                                 is_possessive_det(all[j].lemma) || is_first_person(all[j].lemma) ||
                                 in(all[j].lemma, {"he", "she", "they", "it", "you", "we"}))) {
          end = j;
          break;
        }
      }
      if (end > 0 && end < all.size()) all.erase(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(end));
    }
  }
  // "Who says I'm lazy?", "Nobody says I'm allergic to nuts": a questioned
  // or denied saying asserts nothing of the speaker; the claim is the
  // saying's only (precision first: no fact either way).
  if (all.size() > 2 && all[0].is_word() && (in(all[0].lemma, {"who", "nobody"}) ||
                                             (all[0].lemma == "no"sv && all[1].is_word() && all[1].lemma == "one"sv))) {
    const std::size_t v = all[0].lemma == "no"sv ? 2 : 1;
    if (v < all.size() && all[v].is_word() && in(all[v].text, {"says", "said", "thinks", "claims", "reckons"}))
      all.erase(all.begin() + static_cast<std::ptrdiff_t>(v) + 1, all.end());
  }
  // "Being left-handed, I ...", "being six foot two I'm always stuck ...",
  // "Being coeliac means ...": a leading "being" clause says what the
  // speaker is ("I'm left-handed."), and what follows is a sentence of its own.
  if (ctx_.kind != MemoryKind::concept_ && all.size() > 3 && all[0].is_word() && all[0].text == "being"sv) {
    std::size_t j = 1;
    while (j < all.size() && j < 10) {
      const Token& x = all[j];
      if (x.kind == Token::Kind::punct || (x.is_word() && is_first_person(x.lemma))) break;
      ++j;
    }
    // Only before the speaker's own clause ("Being left-handed, I ...");
    // "Being single has its perks", "Being a nurse means long shifts" say
    // nothing of the speaker.
    std::size_t r0 = j;
    if (r0 < all.size() && all[r0].kind == Token::Kind::punct && all[r0].text == ","sv) ++r0;
    const bool speaker_next = r0 < all.size() && all[r0].is_word() && is_first_person(all[r0].lemma);
    if (j >= 2 && j < all.size() && speaker_next) {
      Toks out{word_token("i", "i", "I"), word_token("am", "be", "am")};
      out.insert(out.end(), all.begin() + 1, all.begin() + static_cast<std::ptrdiff_t>(j));
      Token stop;
      stop.kind = Token::Kind::punct;
      stop.text = stop.lemma = stop.surface = ".";
      out.push_back(stop);
      std::size_t r = j;
      if (all[r].kind == Token::Kind::punct && all[r].text == ","sv) ++r;
      out.insert(out.end(), all.begin() + static_cast<std::ptrdiff_t>(r), all.end());
      all.swap(out);
    }
  }
  // "Reception says we're up on floor six", "My wife reckons I'm lactose
  // intolerant", "HR confirmed we do sponsor visas": a leading source and
  // its verb of saying tell who says so; the claim is the clause after it
  // (with a subject of its own). "User says they ...": the user.
  if (ctx_.kind != MemoryKind::concept_ && all.size() > 3) {
    for (std::size_t v = 1; v < all.size() && v <= 4; ++v) {
      if (!all[v].is_word()) break;
      // (Not an opinion: "My mum reckons I'm lactose intolerant" is hers.)
      const bool saying = in(all[v].text, {"says", "said", "confirmed", "confirms"}) ||
                          (in(all[v].text, {"tells", "told"}) && v + 1 < all.size() && all[v + 1].is_word() &&
                           in(all[v + 1].lemma, {"me", "us"}));
      if (!saying) continue;
      std::size_t c = v + 1;
      if (all[v].lemma == "tell"sv) ++c;
      if (c < all.size() && all[c].is_word() && all[c].lemma == "that"sv) ++c;
      if (c + 1 >= all.size() || !all[c].is_word()) break;
      const bool user_source = v == 1 && all[0].lemma == "user"sv;
      const std::string& l = all[c].lemma;
      const bool clause = is_first_person(l) || in(l, {"we", "my", "our", "the", "he", "she", "there", "it"}) ||
                          (user_source && l == "they"sv);
      if (!clause) break;
      // The source is no subject of the statement, nor the one it is about.
      bool plain_source = true;
      for (std::size_t k = 0; k < v; ++k)
        plain_source = plain_source && all[k].is_word() && !is_first_person(all[k].lemma) && !is_aux(all[k].lemma) &&
                       !lex_.is_negator(all[k].lemma) && !lex_.is_none_quantifier(all[k].lemma) &&
                       !in(all[k].lemma, {"they", "he", "she", "you", "it", "we", "who", "what", "nobody", "no",
                                          "never", "anyone", "everyone", "someone"});
      // (The clause has a verb of its own: not "They told us the news".)
      bool verb = false;
      for (std::size_t k = c + 1; k < all.size() && k <= c + 5 && !verb; ++k)
        verb = all[k].is_word() && (is_aux(all[k].lemma) || (verb_capable(all[k]) && all[k].text != all[k].lemma &&
                                                               !noun_capable(all[k])));
      if (!plain_source || !verb) break;
      all.erase(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(c));
      if (user_source && all[0].lemma == "they"sv) all[0] = word_token("i", "i", "I");
      break;
    }
  }
  // ", not seeing anyone", ", not drinking at all": a clause with neither
  // subject nor verb of its own after "not" elaborates what was just said
  // ("I'm single rn, not seeing anyone"), not a second negation of it.
  for (std::size_t i = 1; i + 2 < all.size(); ++i)
    if (all[i].kind == Token::Kind::punct && all[i].text == ","sv && all[i + 1].is_word() &&
        all[i + 1].lemma == "not"sv && all[i + 2].is_word() && all[i + 2].text.size() > 4 &&
        all[i + 2].text.ends_with("ing") && verb_capable(all[i + 2])) {
      // (Not one that says what changed: ", not doing spanish anymore".)
      std::size_t j = i + 1;
      bool change = false;
      for (; j < all.size() && !(all[j].kind == Token::Kind::punct && all[j].text != "'"sv); ++j)
        change = change || (all[j].is_word() && in(all[j].lemma, {"anymore", "more", "longer", "now", "again"}));
      if (!change) all.erase(all.begin() + static_cast<std::ptrdiff_t>(i), all.begin() + static_cast<std::ptrdiff_t>(j));
    }
  // ", never could", ", never have", ", never will": an elliptic echo of
  // what was just said ("i can't stand scary films, never could"), not a
  // second negation.
  // So is ", never learned" after a denial of the same ("I can't swim at
  // all, never learned"): a lone past participle.
  for (std::size_t i = 0; i + 2 < all.size(); ++i)
    if (all[i].kind == Token::Kind::punct && all[i].text == ","sv && all[i + 1].is_word() &&
        all[i + 1].lemma == "never"sv && all[i + 2].is_word() &&
        (is_aux(all[i + 2].lemma) || (looks_past(all[i + 2]) && verb_capable(all[i + 2]) && i + 3 < all.size() &&
                                      all[i + 3].kind == Token::Kind::punct))) {
      std::size_t j = i + 3;
      while (j < all.size() && all[j].is_word() && (is_aux(all[j].lemma) || all[j].lemma == "really"sv)) ++j;
      if (j < all.size() && all[j].kind != Token::Kind::punct) continue;
      all.erase(all.begin() + static_cast<std::ptrdiff_t>(i), all.begin() + static_cast<std::ptrdiff_t>(j));
    }
  // ", which is great for getting the bike in": a relative clause after a
  // comma comments on what came before; the claim is the clause before it.
  // It runs to the next comma or the end of its sentence.
  for (std::size_t i = 1; i + 1 < all.size(); ++i) {
    const Token& t = all[i];
    if (t.kind != Token::Kind::punct || !(t.text == ","sv || t.text == "-"sv || t.text == "\xe2\x80\x94"sv ||
                                          t.text == "\xe2\x80\x93"sv))
      continue;
    if (!all[i + 1].is_word() || all[i + 1].lemma != "which"sv) continue;
    std::size_t j = i + 2;
    while (j < all.size() && !(all[j].kind == Token::Kind::punct &&
                               (all[j].text == "."sv || all[j].text == "!"sv || all[j].text == "?"sv || all[j].text == ";"sv ||
                                all[j].text == ","sv)))
      ++j;
    // (Set off on both sides, it sits inside the main clause: "Our team
    // policy, which I wrote, says ...": its closing comma goes too.)
    if (j < all.size() && all[j].text == ","sv) ++j;
    all.erase(all.begin() + static_cast<std::ptrdiff_t>(i), all.begin() + static_cast<std::ptrdiff_t>(j));
  }
  // "Loves spicy food - the hotter the better", "the sooner the better": a
  // comparative correlative comments on what came before; it goes, with the
  // comma or dash before it.
  {
    auto comparative = [&](const Token& x) {
      if (!x.is_word()) return false;
      if (in(x.lemma, {"more", "less", "better", "worse", "merrier", "fewer"}) ||
          in(x.text, {"more", "less", "better", "worse", "merrier", "fewer"}))
        return true;
      return x.text.size() > 4 && x.text.ends_with("er") && x.text != x.lemma;
    };
    for (std::size_t i = 0; i + 3 < all.size(); ++i) {
      if (!(all[i].is_word() && all[i].lemma == "the"sv && comparative(all[i + 1]) && all[i + 2].is_word() &&
            all[i + 2].lemma == "the"sv && comparative(all[i + 3])))
        continue;
      std::size_t from = i;
      if (from > 0 && all[from - 1].kind == Token::Kind::punct &&
          in(all[from - 1].text, {",", "-", "\xe2\x80\x94", "\xe2\x80\x93", ";", ":"}))
        --from;
      if (from == 0) break;  // the whole sentence: nothing else to keep
      all.erase(all.begin() + static_cast<std::ptrdiff_t>(from), all.begin() + static_cast<std::ptrdiff_t>(i) + 4);
      break;
    }
  }
  // "DB port: 5432", "pool timeout = 90s": a setting written as key and
  // value says what "the pool timeout is 90s" says. Only a short key (no
  // verb, no person) and a short value. A key before a sentence with its
  // own verb is that sentence's subject ("billing-api: listens on 9443"),
  // unless it is a note's heading ("Note: moved to Leeds").
  for (std::size_t i = 1; i + 1 < all.size() && i <= 5; ++i) {
    const Token& t = all[i];
    if (t.kind != Token::Kind::punct || (t.text != ":"sv && t.text != "="sv)) continue;
    auto plain = [&](const Token& x) {
      return x.is_value() || (x.is_word() && !is_aux(x.lemma) && !is_first_person(x.lemma) &&
                              !lex_.is_negator(x.lemma));
    };
    // A possessive in the key ("Dad's birthday: 14 March") is the key's.
    auto key_part = [&](const Token& x) { return plain(x) || x.kind == Token::Kind::possessive; };
    std::size_t end = i + 1;
    while (end < all.size() && !(all[end].kind == Token::Kind::punct && all[end].text != "'"sv)) ++end;
    const bool key = std::all_of(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(i), key_part);
    const bool value = end - i - 1 >= 1 && end - i - 1 <= 4 &&
                       std::all_of(all.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                   all.begin() + static_cast<std::ptrdiff_t>(end), plain);
    // "billing-api: listens on 9443": a label before a sentence with its
    // own verb; the colon goes, the label is the subject.
    const Token& v0 = all[i + 1];
    const bool verb_first = v0.is_word() && v0.text != v0.lemma && verb_capable(v0) &&
                            (v0.text.back() == 's' || looks_past(v0)) && !noun_capable(v0);
    // A note's heading ("Note: moved to Leeds", "Update: started at
    // Google") is no subject: it goes with its colon.
    const bool heading = i == 1 && all[0].is_word() &&
                         in(all[0].lemma, {"note", "update", "fyi", "status", "reminder", "todo", "ps", "edit", "news"});
    if (heading) {
      all.erase(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    } else if (key && verb_first) {
      all.erase(all.begin() + static_cast<std::ptrdiff_t>(i));
    } else if (key && value) {
      all[i] = word_token("is", "be", t.text);
      // "Employer: Rhodes Transport", "Residence: Leeds": a key that names
      // one of the speaker's attributes (slots.txt, not a project's) is the
      // speaker's, as "my employer is Rhodes Transport" says.
      // (Not a person's role, "Partner: Daniel", "Manager: Farah Khan": the
      // person named, as relational_slot reads "my partner is ...".)
      // Only a plain value: no aside, no qualifier ("Employer: Globex
      // (previous)", "Employer: Globex until 2020").
      const bool plain_value =
          std::none_of(all.begin(), all.end(), [](const Token& x) { return x.text == "("sv; }) &&
          std::none_of(all.begin() + static_cast<std::ptrdiff_t>(i) + 1, all.begin() + static_cast<std::ptrdiff_t>(end),
                       [&](const Token& x) { return x.is_word() && (is_prep(x.lemma) || is_conj(x.lemma)); });
      if (i == 1 && all[0].is_word() && ctx_.kind != MemoryKind::concept_ && !relational_slot(all[0]) && plain_value)
        if (const SlotDef* sd = lex_.slot(lex_.canonical(all[0].lemma)); sd && sd->domain != "project"sv)
          all.insert(all.begin(), word_token("my", "my", "my"));
    }
    break;
  }
  // "Pick a restaurant with a decent wine list - I always order a bottle of
  // red with dinner", "Can you find a dentist near home? I've lived in
  // Marseille for years": a request or question to the assistant carries
  // no claim; the speaker's own clause after it does.
  if (ctx_.kind != MemoryKind::concept_ && all.size() > 3 && all[0].is_word()) {
    const std::string& l0 = all[0].lemma;
    const bool request =
        in(l0, {"book", "pick", "suggest", "help", "find", "write", "remind", "give", "set", "add", "build", "make",
                "draft", "plan", "recommend", "tell", "show", "check", "look", "send", "create", "choose",
                "schedule", "organise", "organize", "please", "sort", "get"}) &&
        all[0].text == l0;
    const bool ask = (in(l0, {"can", "could", "would", "will"}) && all[1].is_word() && all[1].lemma == "you"sv) ||
                     in(l0, {"what", "which", "where", "how", "who", "any", "should"}) || all[0].text == "is"sv;
    // A request is to someone ("me", "us", "please", "you" in its clause) or
    // has its object next ("Pick a restaurant ..."); "Book club every
    // Thursday - I host it", "Make my own bread, I find it relaxing" are
    // notes.
    bool to_someone = false;
    for (std::size_t k = 1; request && k < all.size() && all[k].kind != Token::Kind::punct && !to_someone; ++k)
      to_someone = all[k].is_word() && in(all[k].lemma, {"me", "us", "please", "you"});
    const bool object_follows = all[1].is_word() && in(all[1].lemma, {"a", "an", "the", "some", "something",
                                                                      "somewhere", "one", "any"});
    if ((request && (to_someone || object_follows || all[1].kind == Token::Kind::punct)) || ask) {
      for (std::size_t k = 1; k + 1 < all.size(); ++k) {
        if (all[k].kind != Token::Kind::punct || !all[k + 1].is_word() || !in(all[k + 1].lemma, {"i", "we"})) continue;
        // A question ends at its question mark; a request at any clause mark.
        if (!request && all[k].text != "?"sv) continue;
        all.erase(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        break;
      }
    }
  }
  // First sentence. A parenthesised aside ("I work at Acme (see the wiki)")
  // is left out of the claim, unless it is all there is.
  auto first_sentence = [&all](bool asides) {
    Toks sent;
    for (auto& t : without_parens(all, asides)) {
      if (t.kind == Token::Kind::punct && (t.text == "."sv || t.text == "!"sv || t.text == "?"sv ||
                                           t.text == ";"sv)) {
        if (!sent.empty()) break;
        continue;
      }
      sent.push_back(t);
    }
    return sent;
  };
  Toks sent = first_sentence(false);
  if (std::none_of(sent.begin(), sent.end(), [](const Token& t) { return t.is_word(); }))
    sent = first_sentence(true);
  appositive_name(sent);
  resident_as_live(sent);
  existential_at_home(sent);
  // "User's daughter Ella goes to ...": a note's "User's" is the speaker's
  // "my" before a relation, so the daughter is the subject, as in "My
  // daughter Ella goes to ...".
  // So is a pet ("User's cat Biscuit needs her tablets": the user's cat).
  auto pet = [&](const Token& x) {
    const ClassDef* c = lex_.class_of(x.lemma);
    return c && c->name == "pet"sv;
  };
  if (sent.size() > 3 && sent[0].is_word() && sent[0].lemma == "user"sv &&
      sent[1].kind == Token::Kind::possessive && sent[2].is_word() &&
      (kin_word(lex_.canonical(sent[2].lemma)) || pet(sent[2]))) {
    sent.erase(sent.begin(), sent.begin() + 2);
    sent.insert(sent.begin(), word_token("my", "my", "my"));
  }
  if (ctx_.kind != MemoryKind::concept_) abstinent(sent);
  if (ctx_.kind != MemoryKind::concept_) as_a_role(sent);
  if (ctx_.kind != MemoryKind::concept_) together_with(sent);
  if (ctx_.kind != MemoryKind::concept_) writing_hand(sent);
  if (ctx_.kind != MemoryKind::concept_) home_floor(sent);
  // "The divorce was finalised in May", "the divorce from Kev came
  // through": the speaker got divorced, as "I got divorced in May" says.
  if (ctx_.kind != MemoryKind::concept_ && sent.size() > 3 && sent[0].is_word() &&
      in(sent[0].lemma, {"the", "my", "our"}) && sent[1].is_word() && sent[1].lemma == "divorce"sv) {
    // (Between "divorce" and its verb only "from <name>": not "the divorce
    // of my parents"; and not "finalised for my sister".)
    std::size_t k0 = 2;
    if (k0 < sent.size() && sent[k0].is_word() && sent[k0].lemma == "from"sv) k0 += 2;
    for (std::size_t k = k0; k + 1 < sent.size() && k < k0 + 2; ++k) {
      if (!sent[k].is_word() || sent[k].lemma != "be"sv) {
        if (sent[k].is_word() && (sent[k].lemma == "come"sv || sent[k].lemma == "go"sv) && sent[k + 1].is_word() &&
            sent[k + 1].lemma == "through"sv) {
        } else {
          continue;
        }
      } else if (!(sent[k + 1].is_word() && in(sent[k + 1].lemma, {"finalise", "finalize", "finalised", "finalized",
                                                                    "final", "through", "official", "done", "complete"}))) {
        continue;
      }
      if (k + 2 < sent.size() && sent[k + 2].is_word() && in(sent[k + 2].lemma, {"for", "between"})) break;
      sent.erase(sent.begin(), sent.begin() + static_cast<std::ptrdiff_t>(k) + 2);
      sent.insert(sent.begin(), {word_token("i", "i", "I"), word_token("got", "get", "got"),
                                 word_token("divorced", "divorce", "divorced")});
      break;
    }
  }
  subjectless_note(sent);
  if (ctx_.kind != MemoryKind::concept_) parent_of(sent);
  if (ctx_.kind != MemoryKind::concept_) disagrees_with_me(sent);
  frightens_me(sent);
  inverted_attribute(sent);
  go_as_change(sent);
  no_rule(sent);
  naming_copula(sent);
  living_alone(sent);
  commute_mode(sent);
  decade_age(sent);
  evaluative_copula(sent);
  lasted_since(sent);
  // A reason told after the claim ("I no longer need the CPAP now that I've
  // lost the weight", "... because my doctor said so") is no part of what
  // it claims ("since ..." stays: it dates a change).
  for (std::size_t i = 3; i + 2 < sent.size(); ++i) {
    const Token& x = sent[i];
    if (!x.is_word()) continue;
    std::size_t clause = 0;
    if (x.lemma == "now"sv && sent[i + 1].lemma == "that"sv &&
        !in(sent[i - 1].lemma, {"know", "realise", "realize", "see", "understand", "think", "feel", "believe"}))
      clause = i + 2;  // not "I know now that I was wrong"
    else if (x.lemma == "because"sv) clause = i + 1;
    if (clause == 0 || clause >= sent.size()) continue;
    const Token& s0 = sent[clause];
    if (!(is_first_person(s0.lemma) || in(s0.lemma, {"he", "she", "they", "it", "my", "our", "his", "her", "their"})))
      continue;
    sent.erase(sent.begin() + static_cast<long>(i), sent.end());
    break;
  }
  for (const auto& t : sent) c_.never = c_.never || (t.is_word() && t.lemma == "never"sv);
  // "I don't drink coffee at all": a denial for every occasion, as "never".
  for (std::size_t k = 0; k + 2 < sent.size() && !c_.never; ++k)
    if (sent[k].is_word() && lex_.is_negator(sent[k].lemma))
      for (std::size_t j = k + 1; j + 1 < sent.size(); ++j)
        if (sent[j].is_word() && sent[j].lemma == "at"sv && sent[j + 1].is_word() && sent[j + 1].lemma == "all"sv &&
            (j + 2 == sent.size() || !sent[j + 2].is_word()))
          c_.never = true;
  // "(from) start to finish" is "throughout", no start, where it ends its
  // phrase (not "we start to finish the roof", "start to finish work at 4").
  for (std::size_t k = 0; k < sent.size(); ++k) {
    if (k + 2 < sent.size() && sent[k].lemma == "start"sv && sent[k + 1].lemma == "to"sv &&
        sent[k + 2].lemma == "finish"sv &&
        (k + 3 == sent.size() || !sent[k + 3].is_word() || sent[k + 3].after_comma || is_prep(sent[k + 3].lemma) ||
         is_conj(sent[k + 3].lemma))) {
      const std::size_t from = k > 0 && sent[k - 1].lemma == "from"sv ? k - 1 : k;
      sent.erase(sent.begin() + static_cast<long>(from), sent.begin() + static_cast<long>(k) + 3);
      break;
    }
  }
  scan_cues(sent);
  strip_history(sent);
  strip_leading_clause(sent);
  strip_trailing_when(sent);
  Toks second;
  Toks main = split_clauses(sent, &second);
  for (std::size_t i = 0; i + 1 < main.size(); ++i)
    only_child_ = only_child_ || (main[i].is_word() && main[i].lemma == "only"sv && main[i + 1].is_word() &&
                                  main[i + 1].lemma == "child"sv);
  join_classes(main);
  strip_time(main);
  strip_scopes(main);
  strip_purpose(main);
  strip_trailing_part_of_day(main);
  // "Production: never deploy on Fridays": a label the scope took leaves its colon.
  while (!main.empty() && main.front().kind == Token::Kind::punct &&
         (main.front().text == ":"sv || main.front().text == ","sv))
    main.erase(main.begin());
  strip_leading_adjunct(main);
  strip_leading_pp(main);
  strip_drops(main);
  // "Never deploy on Fridays": an imperative, as "Don't deploy on Fridays".
  if (main.size() > 1 && main[0].is_word() && main[0].lemma == "never"sv && main[1].is_word() &&
      main[1].text == main[1].lemma && verb_capable(main[1]) && !is_aux(main[1].lemma)) {
    main[0] = word_token("not", "not", main[0].surface);
    main.insert(main.begin(), word_token("do", "do", ""));
    c_.never = false;
  }
  const std::size_t pred = parse_subject(main);
  if (c_.subject == "it"sv) {
    // "At home it's paper books for me": a dummy "it" with the speaker named
    // after the value is the speaker's statement.
    for (std::size_t k = pred; k + 1 < main.size(); ++k)
      if (main[k].is_word() && in(main[k].lemma, {"for", "to"}) && main[k + 1].is_word() &&
          in(main[k + 1].lemma, {"me", "i"})) {
        c_.subject = "user";
        c_.subject_kind = SubjectKind::present;
        subject_person_ = true;
        dummy_it_ = true;
        main.erase(main.begin() + static_cast<long>(k), main.begin() + static_cast<long>(k) + 2);
        break;
      }
  }
  parse_predicate(Toks(main.begin() + static_cast<long>(pred), main.end()));
  if (!second.empty()) {
    // "I left Acme and joined Globex", "I sold my Honda and bought a Tesla":
    // the second clause holds the new value, the first the old one.
    Parser p2(lex_, ctx_);
    p2.c_.subject = c_.subject;
    join_classes(second);
    strip_time(second);
    strip_scopes(second);
    strip_drops(second);
    std::size_t start = 0;
    if (!second.empty() && (is_first_person(second[0].lemma) || second[0].capitalised)) {
      start = p2.parse_subject(second);
    } else {
      p2.c_.subject = c_.subject;
      p2.c_.subject_kind = c_.subject_kind;
      p2.subject_person_ = subject_person_;
    }
    p2.parse_predicate(Toks(second.begin() + static_cast<long>(start), second.end()));
    for (const auto& cue : p2.c_.change_cues) push_unique(c_.change_cues, cue);
    auto cue_now = lex_.cue_table();
    (void)cue_now;
    const bool first_is_stop = [&] {
      for (const auto& cue : c_.change_cues)
        if (const CueDef* d = lex_.cue_by_phrase(cue); d && (d->kind == CueKind::stop || d->kind == CueKind::switch_))
          return true;
      return false;
    }();
    if (first_is_stop && p2.c_.subject == c_.subject && !p2.c_.values.empty()) {
      for (const auto& v : c_.values) push_unique(c_.from_values, v);
      c_.values = p2.c_.values;
      if (!p2.c_.slot.empty() && lex_.slot(p2.c_.slot)) c_.slot = p2.c_.slot;
      c_.count = p2.c_.count;
    }
    for (const auto& x : p2.c_.possessions) push_unique(c_.possessions, x);
  }
  // A value that is a member of a value class says which slot it fills
  // ("I've got blue eyes" -> eye colour).
  if (c_.values.size() == 1) {
    // "a vegan diet", "a morning person type": the member names the value.
    const std::string& v = c_.values.front();
    const auto sp = v.rfind(' ');
    if (sp != std::string::npos) {
      const std::string head = v.substr(sp + 1), mod = v.substr(0, sp);
      const ClassDef* cls = lex_.class_of(mod);
      if (cls && cls->exclusive && cls->slot != "-"sv &&
          (head == cls->name || in(head, {"diet", "lifestyle", "type", "kind", "person", "user"}))) {
        c_.values.front() = mod;
        c_.slot = cls->slot;
      }
    }
  }
  if (c_.values.size() == 1 && in(c_.slot, {"have", "identity", "state", "value", "support", "follow", "profession"})) {
    if (const ClassDef* cls = lex_.class_of(c_.values.front()); cls && cls->slot != "-"sv && cls->exclusive)
      c_.slot = cls->slot;
  }
  // Claims with a generic subject ("you must run the tests") are about the action.
  if (subject_generic_) {
    std::string action = c_.predicate;
    for (const auto& w : action_words_) action += " " + w;
    c_.subject = action.empty() ? "you" : action;
    c_.values.clear();
    if (c_.modality != Modality::none) c_.slot = "rule";
  }
  if (c_.subject.empty()) {
    c_.subject_kind = SubjectKind::missing;
  }
  if (c_.stance == 0) c_.stance = negations_ % 2 ? -1 : 1;
  // An age range ("40-49", see decade_age) of a person is their age.
  if (c_.values.size() == 1 && subject_person_ && age_range(c_.values.front())) c_.slot = "age";
  // "Team Vega owns search", "Growth owns checkout": in a project note an
  // owner named first says what "search is owned by Team Vega" says.
  if (ctx_.kind == MemoryKind::concept_ && c_.slot == "have"sv && c_.predicate == "own"sv && c_.values.size() == 1 &&
      c_.subject != "user"sv && c_.subject_kind == SubjectKind::present && !c_.subject.empty() && lex_.slot("owner")) {
    std::string owned = c_.values.front();
    c_.values = {c_.subject};
    c_.subject = owned;
    c_.slot = "owner";
  }
  // Where a thing "lives" is where it is kept or runs, not a home: "staging
  // lives in ap-southeast-2" says what "staging is deployed to ..." says.
  // "My parents live with us", "my brother lives near me": who with, not where.
  if ((c_.slot == "residence"sv || c_.slot == "location"sv) && c_.values.size() == 1 &&
      in(c_.values.front(), {"us", "me", "them", "him", "her", "you", "we", "i"})) {
    c_.slot = "live with";
    c_.values.clear();
  }
  if (c_.slot == "residence"sv && c_.subject_kind == SubjectKind::present && !c_.subject.empty() &&
      !person_subject(c_.subject) && c_.subject != "environment"sv && !c_.subject.empty() && lex_.slot("location"))
    c_.slot = "location";
  if (c_.slot == "residence"sv && c_.subject == "environment"sv && ctx_.kind == MemoryKind::concept_ && lex_.slot("location"))
    c_.slot = "location";
  // Where a person was raised is where they grew up (slots.txt's "grow up
  // in"); "our rent was raised in line with inflation" is no upbringing.
  if (raised_in_ && c_.slot == "raise"sv && subject_person_ && !c_.values.empty() && lex_.slot("birthplace"))
    c_.slot = "birthplace";
  // Where a thing sits is where it runs ("the prod DB sits in Ireland");
  // where a person sits is only where they sit.
  if (c_.slot == "location"sv && c_.predicate == "sit"sv && (c_.subject == "user"sv || person_subject(c_.subject)))
    c_.slot = "sit";
  if (ctx_.valid_from) c_.valid_from = ctx_.valid_from;
  // "My blood type is A positive": a subject that is the name of a personal
  // slot ("blood type be") says the user's value of it, as "I'm O negative"
  // does (another person's is theirs: "Sam's blood type" keeps Sam).
  if (c_.subject_kind == SubjectKind::present && c_.subject != "user"sv && ctx_.kind != MemoryKind::concept_ &&
      !c_.slot.empty()) {
    if (const SlotDef* named = slot_named(c_.subject)) {
      const SlotDef& sd = *named;
      // "Age: 34", "My birthday falls on June 2nd": a plain value of the
      // slot the subject names, or one said with a verb no slot defines.
      // A slot the value's class gave ("Portuguese": a nationality) yields
      // to the one the subject names ("my first language").
      const bool plain = c_.slot == "value"sv || c_.slot == "state"sv || c_.slot == "identity"sv ||
                         c_.slot == "nationality"sv || (!lex_.slot(c_.slot) && !c_.values.empty());
      // The value must be one the slot takes: an amount or a date (age,
      // height, a birthday), a member of its class (a blood group), a
      // language, a floor ("Age is just a number", "Blood type matters for
      // transfusions" are no values).
      bool fits = sd.name == "native_language"sv || sd.name == "home_floor"sv;
      for (const auto& v : c_.values) {
        fits = fits || std::any_of(v.begin(), v.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        if (const ClassDef* cls = lex_.class_of(v); cls && cls->slot == sd.name) fits = true;
        for (const std::string_view m : {"january", "february", "march", "april", "may", "june", "july", "august",
                                         "september", "october", "november", "december"})
          fits = fits || v.rfind(m, 0) == 0;
      }
      if ((sd.name == c_.slot || (plain && sd.single)) && sd.domain == "personal"sv && fits) {
        c_.subject = "user";
        c_.slot = sd.name;
      }
    }
  }
  // "Maya goes to Lincoln Elementary": going to a school is attending it,
  // one at a time.
  if (c_.slot == "visit"sv && c_.values.size() == 1 && lex_.slot("study") &&
      ctx_.kind != MemoryKind::concept_) {
    const std::string& v = c_.values.front();
    const auto sp = v.rfind(' ');
    const std::string head = sp == std::string::npos ? v : v.substr(sp + 1);
    if (in(head, {"school", "elementary", "primary", "secondary", "academy", "kindergarten", "nursery", "preschool",
                  "gymnasium", "college", "university"}))
      c_.slot = "study";
  }
  // "Wedding anniversary: 14 June": the parse split the slot's name ("wedding"
  // / anniversary); "User and Hannah's wedding anniversary": the couple's,
  // which is the user's.
  if (const SlotDef* sd = lex_.slot(c_.slot); sd && sd->domain == "personal"sv && sd->single &&
                                               ctx_.kind != MemoryKind::concept_ && c_.subject != "user"sv) {
    if (lex_.canonical(c_.subject + " " + c_.slot) == c_.slot || c_.subject.rfind("user and ", 0) == 0)
      c_.subject = "user";
  }
  // "born in March", "born in 1990": a birth date, not a place.
  if (c_.slot == "birthplace"sv && c_.values.size() == 1) {
    static const std::unordered_set<std::string> month_names = {
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december"};
    const std::string& v = c_.values.front();
    std::string lower_v = v;
    std::transform(lower_v.begin(), lower_v.end(), lower_v.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    const bool year = v.size() == 4 && std::all_of(v.begin(), v.end(), [](unsigned char ch) { return std::isdigit(ch) != 0; });
    if (year || month_names.count(lower_v)) c_.slot = "birthdate", c_.values.front() = lower_v;
  }
  // "I have no food allergies", "I have a nut allergy": having what a slot
  // is named after (a one-word slot pattern) is that slot; the modifier, if
  // any, is its value ("food", the kind of allergen).
  if (c_.slot == "have"sv && c_.values.size() == 1 && c_.subject == "user"sv) {
    const std::string v = c_.values.front();
    const auto sp = v.rfind(' ');
    const std::string head = v.substr(sp == std::string::npos ? 0 : sp + 1);
    if (auto m = lex_.slot_patterns().match(std::vector<std::string>{head}, 0); m && m.length == 1) {
      const SlotDef& sd = lex_.slots()[static_cast<std::size_t>(lex_.slot_pattern(m.entry).slot)];
      if (sd.name != "have"sv && sd.name != "value"sv) {
        c_.slot = sd.name;
        c_.values.clear();
        if (sp != std::string::npos) c_.values.push_back(v.substr(0, sp));
      }
    }
  }
  // "Team Vega owns search", "Heron owns ledger", "Raj owns the billing
  // service": in what is known of a project, or of a team, owning is being
  // the owner, the same claim as "search is owned by Team Vega". The user's
  // and people's own things ("my brother owns a boat") stay possessions.
  if (c_.slot == "have"sv && c_.predicate == "own"sv && c_.values.size() == 1 && c_.stance > 0 &&
      c_.subject != "user"sv && !subject_generic_ && !is_fuzzy_pronoun(c_.subject)) {
    bool group = false;
    std::istringstream subject_words(c_.subject);
    for (std::string w; subject_words >> w;)
      group = group || in(w, {"team", "squad", "group", "org", "department", "crew", "platform", "guild", "tribe"});
    if (group || (ctx_.kind == MemoryKind::concept_ && !subject_person_)) {
      std::string owner = c_.subject;
      c_.subject = c_.values.front();
      c_.values = {owner};
      c_.slot = "owner";
    }
  }
  // "I'm allergic to small talk", "allergic to Mondays", "allergic to
  // meetings": an allergy to an act, a time, an idea or a gathering rather
  // than a substance is a figure of speech.
  if (c_.slot == "allergy"sv && c_.values.size() == 1 && !c_.figurative) {
    const std::string& v = c_.values.front();
    const std::string head = last_word(v);
    std::string compound = v;
    std::replace(compound.begin(), compound.end(), ' ', '_');
    for (const std::string& w : {compound, head}) {
      const auto ids = wn_.lookup(w, Pos::noun);
      if (ids.empty()) continue;
      const std::string_view lf = WordNet::lexfile_name(wn_.synset(ids.front()).lexfile);
      c_.figurative = in(lf, {"noun.act", "noun.communication", "noun.cognition", "noun.feeling",
                              "noun.event", "noun.time", "noun.attribute", "noun.state",
                              "noun.relation", "noun.motive", "noun.group"});
      break;
    }
    // A tangible word anywhere in the value keeps it literal: "bee stings",
    // "cat dander", "grass pollen".
    if (c_.figurative) {
      std::istringstream words(v);
      for (std::string w; words >> w;) {
        const auto ids = wn_.lookup(w, Pos::noun);
        if (ids.empty() || wn_.known(w, Pos::adj)) continue;  // "small" talk: a modifier
        const std::string_view lf = WordNet::lexfile_name(wn_.synset(ids.front()).lexfile);
        if (in(lf, {"noun.animal", "noun.plant", "noun.food", "noun.substance", "noun.body"})) {
          c_.figurative = false;
          break;
        }
      }
    }
  }
  // "I had a cheese omelette", "I have two espressos every morning": having
  // food or drink is eating or drinking it.
  if (c_.slot == "have"sv && c_.values.size() == 1 && subject_person_) {
    const std::string& v = c_.values.front();
    const std::string head = last_word(v);
    auto ids = wn_.lookup(head, Pos::noun);
    // "had ramen for lunch": a meal says it was eaten, whatever WordNet knows.
    bool food = std::any_of(c_.keywords.begin(), c_.keywords.end(), [](const std::string& k) {
      return in(k, {"breakfast", "lunch", "dinner", "brunch", "supper", "dessert", "snack"});
    });
    // (A second sense only of a bare noun: "a port" may be wine, "a gigabit
    // LAN port" is not.)
    const std::size_t senses = v == head ? 2 : 1;
    for (std::size_t k = 0; k < ids.size() && k < senses; ++k)
      food = food || std::string_view(WordNet::lexfile_name(wn_.synset(ids[k]).lexfile)) == "noun.food"sv;
    if (food && !lex_.class_of(head)) {
      const bool beverage = wn_.is_a(head, "beverage", Pos::noun, 4);
      c_.slot = beverage ? "drink" : "eat";
    }
  }
  // "Dark mode is on by default", "the flag is off everywhere", "legacy
  // export is disabled in every environment": a switch's state, as "dark
  // mode is enabled" reads (the parse took "be on" / "disable in" for the
  // slot). Not "is on Postgres 14", "is on holiday": after "on" or "off"
  // only where or since when it holds.
  if (c_.stance != 0 && c_.modality == Modality::none && !subject_person_ && c_.predicate == "be"sv &&
      c_.values.size() <= 1) {
    const std::string v = c_.values.empty() ? std::string() : c_.values.front();
    const bool where = v.empty() || in(v, {"default", "everywhere", "every environment", "all environment",
                                           "all environments", "by default", "across the board"});
    const char* st = nullptr;
    if (c_.slot.rfind("be on", 0) == 0 && (c_.slot.size() == 5 || c_.slot[5] == ' ') && where) st = "enable";
    else if (c_.slot.rfind("be off", 0) == 0 && (c_.slot.size() == 6 || c_.slot[6] == ' ') && where) st = "disable";
    else if (c_.slot.rfind("enable ", 0) == 0) st = "enable";
    else if (c_.slot.rfind("disable ", 0) == 0) st = "disable";
    if (st) {
      c_.slot = "state";
      c_.values = {st};
    }
  }
  if (rent_out_ && c_.slot == "rent"sv) c_.slot = "let";
  // "I can't swim": an ability denied holds for all time, so a past episode
  // of doing it contradicts it ("Swam across the lake at summer camp"), as
  // "I've never swum" would be.
  // (Only a skill, said without an object or a time: "I can't drive at the
  // moment", "I can't make Thursday", "I can't afford a car" are for now.)
  if (ability_can_ && c_.stance < 0 && c_.tense == Tense::present && c_.subject == "user"sv && c_.values.empty() &&
      c_.object.empty() && c_.scope.empty() && c_.change_cues.empty() && !temporary_)
    c_.never = true;
  // A period that ended before a change ("before moving here"), or a past
  // a year or more back ("in 2019", "last year", "years ago"): history.
  if ((ended_before_cue_ || year_scale_past_) && c_.tense == Tense::past) c_.history = true;
  // "I drive to work": the commute, by the verb as said, so that "I don't
  // drive" still denies what it affirms.
  if (c_.slot == "commute"sv && !commute_verb_.empty()) c_.predicate = commute_verb_;
  for (const auto& [lo, hi] : ranges_) {
    const auto has = [&](const std::string& v) { return std::find(c_.values.begin(), c_.values.end(), v) != c_.values.end(); };
    if (has(hi) && !has(lo)) c_.values.insert(std::find(c_.values.begin(), c_.values.end(), hi), lo);
    else if (has(lo) && !has(hi)) c_.values.insert(std::find(c_.values.begin(), c_.values.end(), lo) + 1, hi);
  }
  // "I never miss my morning run", "she doesn't skip a race weekend": a
  // denied miss is the habit affirmed (the words stay the claim's).
  if (c_.stance < 0 && (c_.predicate == "miss"sv || c_.predicate == "skip"sv) && c_.modality == Modality::none &&
      c_.change_cues.empty()) {
    c_.stance = 1;
    c_.never = false;
  }
  c_.domain = domain_of();
  return c_;
}

}  // namespace

namespace {

/// "Blood-type wise, I'm A positive" / "Blood type-wise I'm A positive" ->
/// "my blood type is A positive": a leading "N-wise" (or "N wise") before
/// "I'm" names what the speaker is saying something about, the same claim
/// as "my N is ...". Up to three words before "wise"; one word run into it
/// ("otherwise", "likewise", "clockwise") is not this construction.
std::optional<std::string> wise_as_possessive(std::string_view text) {
  auto lower = [](char ch) { return static_cast<char>(std::tolower(static_cast<unsigned char>(ch))); };
  std::size_t b = 0;
  while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  std::size_t i = b;
  int words = 1;
  while (i < text.size() && (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == ' ' ||
                             text[i] == '-')) {
    if ((text[i] == ' ' || text[i] == '-') && i + 5 <= text.size()) {
      std::string w;
      for (std::size_t k = i + 1; k < i + 5; ++k) w += lower(text[k]);
      const bool end = i + 5 == text.size() || !std::isalpha(static_cast<unsigned char>(text[i + 5]));
      if (w == "wise"sv && end && i > b) {
        std::string noun(text.substr(b, i - b));
        for (auto& ch : noun) ch = ch == '-' ? ' ' : lower(ch);
        std::size_t r = i + 5;
        while (r < text.size() && (text[r] == ',' || text[r] == ' ')) ++r;
        std::string_view rest = text.substr(r);
        static const char* const kI[] = {"i'm ", "i am ", "i\xe2\x80\x99m "};
        for (const char* pre : kI) {
          const std::size_t n = std::strlen(pre);
          if (rest.size() <= n) continue;
          bool ok = true;
          for (std::size_t k = 0; k < n && ok; ++k) ok = lower(rest[k]) == pre[k];
          if (ok) return "my " + noun + " is " + std::string(rest.substr(n));
        }
        return std::nullopt;
      }
      if (text[i] == ' ' && ++words > 3) return std::nullopt;
    }
    ++i;
  }
  return std::nullopt;
}

/// "Lager is what I always order at the pub" -> "I always order Lager at the
/// pub"; "Luis is who I report to directly" -> "I report to Luis directly";
/// "Manchester is where I was raised" -> "I was raised in Manchester": a
/// pseudo-cleft puts the thing first, and the claim is the plain clause's.
/// The thing is a noun phrase of up to six words that opens a sentence or
/// clause (not a pronoun: "that's what I prefer" points elsewhere); the
/// clause is the speaker's (I / we). A preposition left at the clause's end
/// or before an adverb ("what I reach for first") goes with the thing.
std::optional<std::string> cleft_as_clause(std::string_view text) {
  // Most statements have no "wh" after a space at all: a cheap test first.
  bool wh_word = false;
  for (std::size_t i = 1; i + 1 < text.size() && !wh_word; ++i)
    wh_word = text[i - 1] == ' ' && (text[i] == 'w' || text[i] == 'W') && (text[i + 1] == 'h' || text[i + 1] == 'H');
  // ("X is something I really enjoy", "the one thing I ...": a shell of "what".)
  if (!wh_word && text.find("thing ") == std::string_view::npos) return std::nullopt;
  auto lower = [](std::string_view v) {
    std::string o(v);
    for (auto& ch : o) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return o;
  };
  const std::string low = lower(text);
  static const char* const kCopula[] = {" is ", " are ", "'s ", "\xe2\x80\x99s ", " was "};
  static const char* const kWh[] = {"what ", "who ", "where ", "something ", "the thing ", "the one thing ",
                                    "one thing "};
  std::size_t at = std::string::npos, cop_len = 0, wh_len = 0;
  char wh = 0;
  for (const char* c : kCopula)
    for (const char* w : kWh) {
      const std::string pat = std::string(c) + w;
      const auto f = low.find(pat);
      if (f != std::string::npos && f < at)
        at = f, cop_len = std::strlen(c), wh_len = std::strlen(w), wh = w[0] == 'w' ? w[2] : 'a';
    }
  if (at == std::string::npos || at == 0) return std::nullopt;
  // The thing: from the start of its sentence or clause.
  std::size_t b = low.find_last_of(".!?;,:", at - 1);
  b = b == std::string::npos ? 0 : b + 1;
  while (b < at && std::isspace(static_cast<unsigned char>(low[b]))) ++b;
  const std::string thing(text.substr(b, at - b));
  std::vector<std::string> tw;
  {
    std::istringstream in_thing(lower(thing));
    for (std::string w; in_thing >> w;) tw.push_back(w);
  }
  if (tw.empty() || tw.size() > 6 || in(tw.front(), {"that", "this", "it", "which", "there", "here", "what", "that's",
                                                     "he", "she", "they", "who", "where", "and", "but", "so"}))
    return std::nullopt;
  // (Not a shell noun, which the clause explains rather than names: "The
  // issue is who I report to", "The problem is what I eat late at night".)
  if (in(tw.back(), {"problem", "issue", "question", "thing", "point", "reason", "part", "trouble", "plan", "idea",
                     "goal", "aim", "worry", "concern", "difference", "answer", "truth", "fact", "catch"}))
    return std::nullopt;
  // The clause: to the next sentence or clause mark.
  const std::size_t cb = at + cop_len + wh_len;
  std::size_t ce = low.find_first_of(".!?;,", cb);
  for (std::string_view dash : {" - ", "\xe2\x80\x94", "\xe2\x80\x93"}) {
    const auto d = low.find(dash, cb);
    if (d != std::string::npos && d < ce) ce = d;
  }
  if (ce == std::string::npos) ce = low.size();
  std::vector<std::string> cw;
  {
    std::istringstream in_clause(std::string(text.substr(cb, ce - cb)));
    for (std::string w; in_clause >> w;) cw.push_back(w);
  }
  if (cw.size() < 2) return std::nullopt;
  const std::string pron = lower(cw.front());
  if (!in(pron, {"i", "we", "i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll", "we'll", "i\xe2\x80\x99m",
                 "we\xe2\x80\x99re", "i\xe2\x80\x99ve", "we\xe2\x80\x99ve"}))
    return std::nullopt;
  auto adverb = [&](const std::string& w) {
    const std::string l = lower(w);
    return (l.size() > 4 && l.ends_with("ly") && l != "only") ||
           in(l, {"always", "never", "often", "usually", "mostly", "just", "still", "now", "first", "most", "rn",
                  "these", "every", "today", "lately", "anymore", "nowadays", "also", "too", "all", "even",
                  "generally", "normally", "typically", "sometimes", "again", "then", "here", "there"});
  };
  // ("do", "get", "have" only before another verb: "Running is what I do
  // to relax" does running; "what I've been doing" is done.)
  auto aux = [&](std::size_t k) {
    const std::string w = lower(cw[k]);
    if (in(w, {"am", "was", "were", "will", "can", "could", "would", "should", "been", "be", "don't", "doesn't",
               "didn't", "dont", "can't", "cannot", "don\xe2\x80\x99t", "can\xe2\x80\x99t", "won't", "wont",
               "won\xe2\x80\x99t"}))
      return true;
    // "used to" ("Tennis is something I used to play"), both words.
    if (w == "used" && k + 1 < cw.size() && lower(cw[k + 1]) == "to") return true;
    if (w == "to" && k > 0 && lower(cw[k - 1]) == "used") return true;
    if (!in(w, {"have", "had", "do", "did", "get", "got"}) || k + 1 >= cw.size()) return false;
    const std::string n = lower(cw[k + 1]);
    return n.ends_with("ing") || n.ends_with("ed") || n == "been";
  };
  std::size_t v = 1;
  while (v < cw.size() && (adverb(cw[v]) || aux(v))) ++v;
  if (v >= cw.size()) return std::nullopt;
  std::size_t after = v + 1;
  // A particle or preposition left stranded: "report to", "reach for", "put on".
  if (after < cw.size() && in(lower(cw[after]), {"to", "for", "on", "in", "with", "at", "about", "from", "up", "into"}) &&
      (after + 1 == cw.size() || adverb(cw[after + 1])))
    ++after;
  auto join = [&](std::size_t from, std::size_t to) {
    std::string o;
    for (std::size_t k = from; k < to; ++k) o += (o.empty() ? "" : " ") + cw[k];
    return o;
  };
  std::string clause;
  if (wh == 'e') {  // "where"
    const std::string verb = lower(cw[v]);
    const bool motion = in(verb, {"go", "goes", "went", "come", "came", "head", "headed", "run", "drive", "walk"});
    clause = motion ? join(0, v + 1) + " to " + thing + (v + 1 < cw.size() ? " " + join(v + 1, cw.size()) : std::string())
                    : join(0, cw.size()) + " in " + thing;
  } else {
    clause = join(0, after) + " " + thing + (after < cw.size() ? " " + join(after, cw.size()) : std::string());
  }
  std::string out(text.substr(0, b));
  out += clause;
  out += text.substr(ce);
  return out;
}

/// "Big Red Sox fan as well." / "Huge coffee drinker." / "Software engineer
/// at Google." -> "I'm ...": a statement of the speaker (not a concept) whose
/// first sentence has no verb and whose head noun names a kind of person is
/// the speaker's identity with "I'm" left out. No pronoun, determiner,
/// possessive or auxiliary may appear, and no word may be an inflected verb
/// form (a fragment with a verb, "Went to a concert", is another rule's);
/// the head is the last word before a preposition, conjunction, "as well",
/// "too" or the end.
std::optional<std::string> fragment_as_identity(const Lexicon& lex, std::string_view text,
                                                const Toks& toks, MemoryKind kind) {
  if (kind == MemoryKind::concept_) return std::nullopt;
  const WordNet& wn = lex.wordnet();
  std::vector<const Token*> sent;
  for (const auto& t : toks) {
    // The first clause: a comma ends it as a full stop does, and so does a
    // dash, which the tokeniser reads as a comma ("Strict vegan for ethical
    // reasons - no animal products at all").
    if (t.kind == Token::Kind::punct &&
        (t.text == "."sv || t.text == "!"sv || t.text == "?"sv || t.text == ";"sv || t.text == ","sv)) {
      if (!sent.empty()) break;
      continue;
    }
    sent.push_back(&t);
  }
  // "Native language: Korean", "Mother tongue: Polish": a language is the
  // key's value, read as "native language is Korean" (see the key-value
  // notes in Parser::run), not the speaker's identity ("I'm Korean").
  for (std::size_t k = 1; k < sent.size(); ++k)
    if (sent[k]->kind == Token::Kind::punct && (sent[k]->text == ":"sv || sent[k]->text == "="sv) &&
        sent[k - 1]->is_word() && in(sent[k - 1]->lemma, {"language", "tongue"}))
      return std::nullopt;
  // The fragment is the first clause; what follows is a sentence of its own
  // ("Strictly vegan, no exceptions": the "no" denies exceptions, not the
  // diet).
  auto as_i_am = [&]() -> std::string {
    std::size_t b = 0;
    while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    std::size_t end = std::string_view::npos, len = 0;
    for (std::string_view sep : {",", " - ", "\xe2\x80\x94", "\xe2\x80\x93", ";"}) {
      const auto at = text.find(sep, b);
      if (at != std::string_view::npos && at < end) end = at, len = sep.size();
    }
    if (end == std::string_view::npos) return "I'm " + std::string(text.substr(b));
    return "I'm " + std::string(text.substr(b, end - b)) + ". " + std::string(text.substr(end + len));
  };
  // "Vegetarian.", "Single, not seeing anyone.", "Strictly vegan for ethical
  // reasons": a member of a personal class (a diet, a marital status, a
  // handedness...) said alone, or before "for", "since", "too", is what the
  // speaker is. An intensifier may come first.
  {
    std::size_t k = 0;
    while (k < sent.size() && sent[k]->is_word() &&
           in(sent[k]->lemma, {"strictly", "fully", "very", "totally", "completely", "pretty", "proudly", "happily"}))
      ++k;
    std::string member;
    const ClassDef* cls = nullptr;
    bool holder = false;  // an exclusions.txt holder ("Lactose intolerant.", "Teetotal.")
    std::size_t e = k;
    for (std::size_t j = k; j < sent.size() && j < k + 3 && sent[j]->is_word(); ++j) {
      member += (member.empty() ? "" : " ") + sent[j]->lemma;
      if (const ClassDef* c = lex.class_of(member)) {
        cls = c, e = j + 1, holder = false;
        continue;
      }
      if (cls) continue;
      const std::string canonical = lex.canonical(member);
      for (const auto& ex : lex.exclusions())
        if (ex.holder == member || ex.holder == canonical) {
          holder = true, e = j + 1;
          break;
        }
    }
    // (Not "Employed by Northwind as an analyst": an employer. "for" only
    // before a duration or a reason: "Vegan for the kids' meals" is a menu.)
    auto for_ok = [&](std::size_t at) {
      if (!(sent[at]->is_word() && sent[at]->lemma == "for"sv)) return true;
      if (at + 1 >= sent.size()) return false;
      const Token& n = *sent[at + 1];
      return n.is_value() || (n.is_word() && in(n.lemma, {"ethical", "health", "religious", "moral", "environmental",
                                                         "medical", "personal", "year", "decade", "age", "life",
                                                         "month", "week", "ever", "reason", "most", "as", "over",
                                                         "about", "nearly", "almost", "a", "two", "three", "ten"}));
    };
    if (holder && (e == sent.size() ||
                   (sent[e]->is_word() && in(sent[e]->lemma, {"for", "since", "too", "now", "from"}) && for_ok(e))))
      return as_i_am();
    if (cls && cls->name != "company"sv &&
        (e == sent.size() ||
         (sent[e]->is_word() && in(sent[e]->lemma, {"for", "since", "too", "now", "from"}) && for_ok(e)))) {
      const SlotDef* sd = lex.slot(cls->slot);
      if (sd && in(sd->domain, {"personal", "family", "food", "routine", "health", "work"})) return as_i_am();
    }
  }
  // "Manager: Farah Khan" names the speaker's manager; the speaker is no manager.
  for (std::size_t k = 1; k < sent.size(); ++k)
    if (sent[k]->kind == Token::Kind::punct && sent[k]->text == ":"sv && sent[k - 1]->is_word() &&
        lex.slot_patterns().match(std::vector<std::string>{lex.canonical(sent[k - 1]->lemma), "be"}, 0).length == 2)
      return std::nullopt;
  const Token* head = nullptr;
  bool head_done = false, in_prep_phrase = false;
  std::size_t words = 0;
  for (const Token* t : sent) {
    if (!t->is_word()) continue;
    ++words;
    const std::string& l = t->lemma;
    if (in_prep_phrase && in(l, {"the", "a", "an"})) continue;  // "for the last ten years"
    // A verb first ("quit spanish after the summer") is a clause without its "I".
    // ("learning Japanese" is "I'm learning Japanese").
    if (words == 1 && !wn.synsets(l, Pos::verb).empty() && wn.synsets(l, Pos::noun).empty() &&
        wn.synsets(l, Pos::adj).empty() && !(t->text.size() > 4 && t->text.ends_with("ing")))
      return std::nullopt;
    if (is_first_person(l) || is_aux(l) || is_fuzzy_pronoun(l) || is_possessive_det(l) ||
        in(l, {"you", "everyone", "everybody", "people", "anyone", "anybody", "nobody", "the", "a",
               "an", "no", "not", "never", "what", "how", "who"}) ||
        lex.is_negator(l))
      return std::nullopt;
    // An inflected verb ("runs", "went"); after a preposition, a plural
    // noun ("for ethical reasons").
    if (!in_prep_phrase && t->text != l && !wn.synsets(l, Pos::verb).empty() && wn.synsets(t->text, Pos::noun).empty())
      return std::nullopt;
    if (is_prep(l) || is_conj(l) || in(l, {"too", "well", "also"})) {
      head_done = head_done || head != nullptr;
      in_prep_phrase = head != nullptr && is_prep(l);
      continue;
    }
    if (!head_done) head = t;
  }
  if (!head || words < 2 || words > 12) return std::nullopt;
  // One of the two commonest senses ("fan": a device, then a devotee; not
  // "appointment", whose person sense is its fourth).
  // A named person ("Born": Max Born) is an instance, not a kind of person.
  bool person = false;
  const auto senses = wn.synsets(head->lemma, Pos::noun);
  for (std::size_t k = 0; k < senses.size() && k < 2; ++k) {
    const auto ptrs = wn.pointers(senses[k]);
    const bool instance = std::any_of(ptrs.begin(), ptrs.end(), [](const WordNet::Pointer& x) {
      return x.rel == WordNet::Rel::instance_hypernym;
    });
    person = person || (!instance && std::string_view(WordNet::lexfile_name(wn.synset(senses[k]).lexfile)) == "noun.person"sv);
  }
  if (!person) return std::nullopt;
  return as_i_am();
}

}  // namespace

Claim normalize(const Lexicon& lex, std::string_view text, const NormalizeContext& ctx) {
  Parser p(lex, ctx);
  if (auto w = wise_as_possessive(text)) return p.run(*w);
  if (auto w = cleft_as_clause(text)) return p.run(*w);
  return p.run(text);
}

}  // namespace credence
