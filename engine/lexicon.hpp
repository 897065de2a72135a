#pragma once
/// \file lexicon.hpp
/// The judge's lexical knowledge: WordNet plus the curated lexicons of
/// config/lexicon (slots, stance verbs, change cues, modality, scopes, value
/// classes, exclusions, aliases, figurative idioms, units, function words).
///
/// Lifecycle: `load` once at start (WordNet takes about 0.2 s); the result is
/// immutable and shared by every normaliser and judge call. All lookups are
/// const, lock-free and do no I/O, so one Lexicon serves any number of
/// threads.
///
/// Phrases in the curated files are stored as lemma sequences (lemmatised at
/// load time with the same function the normaliser uses on text), so one entry
/// matches every inflection ("moved to" = "move to" = "moving to").

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "common/expected.hpp"
#include "common/string_table.hpp"
#include "engine/claim.hpp"
#include "engine/pair_model.hpp"
#include "engine/wordnet.hpp"

namespace credence {

struct JudgeConfig;

/// A sequence of lemmas matched against text.
using Phrase = std::vector<std::string>;

/// Longest-match lookup of phrases, keyed by their first lemma.
class PhraseTable {
 public:
  void add(Phrase p, int entry);
  struct Match {
    int entry = -1;
    std::size_t length = 0;
    explicit operator bool() const { return entry >= 0; }
  };
  /// The longest phrase that starts at `pos` of `lemmas`.
  Match match(std::span<const std::string> lemmas, std::size_t pos) const;
  std::size_t size() const { return count_; }

 private:
  WordMap<std::vector<std::pair<Phrase, int>>> by_first_;
  std::size_t count_ = 0;
};

struct SlotDef {
  std::string name;
  bool single = false;  ///< single-valued (employer) or multi-valued (likes)
  std::string domain;   ///< topic domain (work, home, project, ...)
  /// A fact fixed for life whose natural tense is the past (birthplace,
  /// birth date): a past-tense statement of it is not history.
  bool fixed = false;
  /// A habit people mix ("I cycle to work" / "I take the bus to work" may
  /// both be true of different days): single-valued, but a differing value
  /// is never certain enough to block.
  bool habit = false;
};

struct SlotPattern {
  int slot = -1;           ///< index into Lexicon::slots()
  std::size_t verb_len = 0;  ///< lemmas before the preposition (if any)
};

struct StanceDef {
  int polarity = 0;  ///< -2..+2
  bool exclusive = false;
  bool strong() const { return polarity <= -2 || polarity >= 2; }
};

enum class CueKind : std::uint8_t { stop, start, switch_, move, update, now, new_, past };
const char* to_string(CueKind k);

struct CueDef {
  std::string phrase;  ///< as written in change_cues.txt
  CueKind kind = CueKind::update;
  std::vector<std::string> targets;  ///< slots or domains it changes (empty: any)
};

struct ModalDef {
  Modality modality = Modality::none;  ///< must, should or may
  int polarity = 1;
};

struct ScopeDef {
  std::string dimension;  ///< env, time_of_day, day, setting, season, audience, region
  std::string value;
  std::string parent;     ///< e.g. monday -> weekday; empty if none
};

struct ClassDef {
  std::string name;
  std::string slot;
  bool exclusive = false;
  std::vector<std::string> members;  ///< lemmatised, multiword members joined by spaces
};

struct ExclusionDef {
  std::string holder;  ///< a class member, e.g. "vegetarian"
  std::vector<std::string> verbs;
  std::vector<std::string> things;
  /// verbs "-": the holder has none of the things ("single": no husband),
  /// so a mention of one as the subject's own ("my husband") excludes it.
  bool possession = false;
  /// The denial that says what the holder is ("teetotaler": does not drink
  /// alcohol): verb lemma and thing; empty when the row gives none.
  std::string means_verb, means_thing;
};

struct UnitDef {
  std::string canonical;
  std::string dimension;
  double factor = 1;
  double offset = 0;  ///< base = number * factor + offset (temperatures)
};

class Lexicon {
 public:
  /// Loads WordNet from `cfg.wordnet_dir` and the curated lexicons from
  /// `cfg.lexicon_dir` (or the copy built into the binary when it is empty).
  static Expected<std::shared_ptr<const Lexicon>> load(const JudgeConfig& cfg);
  /// Same, with an already-loaded WordNet (tests share one).
  static Expected<std::shared_ptr<const Lexicon>> load(
      std::shared_ptr<const WordNet> wordnet, const std::string& lexicon_dir);

  /// The curated files built into the binary: (file name, contents).
  static std::span<const std::pair<const char*, const char*>> builtin_files();

  const WordNet& wordnet() const { return *wn_; }

  /// Tier thresholds from [judge] (high_confidence, med_confidence).
  double high_confidence() const { return high_; }
  double med_confidence() const { return med_; }
  /// For tests and tools that load without a JudgeConfig.
  void set_thresholds(double high, double med) { high_ = high, med_ = med; }

  /// The learned fallback's weights (judge_model.txt; empty when the lexicon
  /// directory has none) and whether [judge] learned_fallback is on.
  const PairModel& pair_model() const { return pair_model_; }
  bool learned_fallback() const { return learned_ && !pair_model_.empty(); }
  void set_learned_fallback(bool on) { learned_ = on; }
  /// [judge] learned_min_probability.
  double learned_min_probability() const { return learned_min_p_; }
  void set_learned_min_probability(double p) { learned_min_p_ = p; }

  // ---- morphology ----------------------------------------------------------
  /// Lemma of a lower-case word: verbs first for inflected forms ("lives" ->
  /// "live", "left" -> "leave"), then nouns ("children" -> "child"), else
  /// the word itself.
  std::string lemma(std::string_view word) const;
  /// A phrase as the lemma sequence its text would give; `strip_drops`
  /// leaves out the words the normaliser drops (for tables matched after
  /// dropping: stance, modality, slot patterns).
  Phrase lemmatise_phrase(std::string_view phrase, bool strip_drops = false) const;

  // ---- curated tables --------------------------------------------------------
  const std::vector<SlotDef>& slots() const { return slots_; }
  const SlotDef* slot(std::string_view name) const;
  const PhraseTable& slot_patterns() const { return slot_patterns_; }
  const SlotPattern& slot_pattern(int entry) const { return slot_pattern_defs_[static_cast<std::size_t>(entry)]; }

  const PhraseTable& stance_table() const { return stance_table_; }
  const StanceDef& stance(int entry) const { return stance_defs_[static_cast<std::size_t>(entry)]; }

  const PhraseTable& cue_table() const { return cue_table_; }
  const CueDef& cue(int entry) const { return cue_defs_[static_cast<std::size_t>(entry)]; }
  /// A cue by its phrase as stored in Claim::change_cues; nullptr if unknown.
  const CueDef* cue_by_phrase(std::string_view phrase) const;

  const PhraseTable& modal_table() const { return modal_table_; }
  const ModalDef& modal(int entry) const { return modal_defs_[static_cast<std::size_t>(entry)]; }

  const PhraseTable& scope_table() const { return scope_table_; }
  const ScopeDef& scope(int entry) const { return scope_defs_[static_cast<std::size_t>(entry)]; }
  /// Parent of a scope value ("monday" -> "weekday"), empty if none.
  std::string_view scope_parent(std::string_view dimension, std::string_view value) const;

  /// Multiword class members, joined into one unit by the normaliser.
  const PhraseTable& class_table() const { return class_table_; }
  /// The class of a member ("vegan" -> diet); nullptr if none.
  const ClassDef* class_of(std::string_view member) const;
  /// The class called `name` ("pet"); nullptr if none.
  const ClassDef* class_named(std::string_view name) const;

  const std::vector<ExclusionDef>& exclusions() const { return exclusions_; }
  /// The indices (into exclusions()) of the rows that list `verb` among
  /// their verbs; nullptr if none does. One lookup instead of a scan of
  /// every row's verbs per word.
  const std::vector<std::uint32_t>* exclusions_with_verb(std::string_view verb) const {
    const auto it = exclusions_by_verb_.find(verb);
    return it == exclusions_by_verb_.end() ? nullptr : &it->second;
  }

  const PhraseTable& alias_table() const { return alias_table_; }
  const std::string& alias(int entry) const { return alias_defs_[static_cast<std::size_t>(entry)]; }
  /// Canonical form of a (lemmatised) name: "mom" -> "mother"; else itself.
  std::string canonical(std::string_view name) const;

  const PhraseTable& figurative_table() const { return figurative_table_; }
  const std::string& figurative_topic(int entry) const { return figurative_defs_[static_cast<std::size_t>(entry)]; }

  /// A unit alias ("seconds", "mb"); nullptr if not a unit.
  const UnitDef* unit(std::string_view alias) const;
  const PhraseTable& unit_table() const { return unit_table_; }
  const UnitDef& unit_def(int entry) const { return unit_defs_[static_cast<std::size_t>(entry)]; }

  const PhraseTable& drop_table() const { return drop_table_; }
  bool is_negator(std::string_view w) const { return negators_.count(std::string(w)) > 0; }
  bool is_none_quantifier(std::string_view w) const { return none_quantifiers_.count(std::string(w)) > 0; }
  const PhraseTable& correction_table() const { return correction_table_; }
  const PhraseTable& additive_table() const { return additive_table_; }
  /// Words that judge a thing ("unbearable", "delicious"): entry 0 negative,
  /// 1 positive (words.txt evaluative_negative / evaluative_positive).
  const PhraseTable& evaluative_table() const { return evaluative_table_; }
  /// Phrases that put a statement in a period that is over ("formerly",
  /// "back in", "as a kid"); entry 1 only in a past-tense clause ("in
  /// college": "my son is in college" is about now).
  const PhraseTable& history_table() const { return history_table_; }
  /// Verbs of habitual consumption or use ("drink", "eat", "use", "play"): a
  /// positive statement with one is a habit a strong negative stance on the
  /// same thing contradicts.
  bool is_habitual(std::string_view verb) const { return habitual_.count(std::string(verb)) > 0; }
  /// Words that make a thing a substitute ("vegan cheese", "meat-free"), so
  /// world-knowledge exclusions do not apply to it.
  bool is_exclusion_exempt(std::string_view w) const { return exclusion_exempt_.find(w) != exclusion_exempt_.end(); }
  /// The relation a word names when a person has one at a time ("boss",
  /// "line manager": "manager"; "wife": "partner"), or nullptr.
  const std::string* sole_relation(std::string_view words) const {
    auto it = sole_relations_.find(std::string(words));
    return it == sole_relations_.end() ? nullptr : &it->second;
  }
  /// 'f' or 'm' for a noun naming a woman or a man ("sister", "husband";
  /// words.txt female / male), else 0: whom "she" or "he" may mean.
  char gender_of(std::string_view noun) const {
    auto it = gendered_.find(std::string(noun));
    return it == gendered_.end() ? 0 : it->second;
  }
  /// A word that denies or excludes without a negator (words.txt implied_negative).
  bool is_implied_negative(std::string_view w) const { return implied_negatives_.count(std::string(w)) > 0; }

  // ---- topic domains (domains.txt) -------------------------------------------
  /// Domain of a WordNet lexicographer file ("noun.food" -> food); empty if none.
  std::string_view lexfile_domain(std::string_view lexfile) const;
  /// Domain of a value class ("prog_language" -> technology); empty if none.
  std::string_view class_domain(std::string_view cls) const;
  /// Two domains that share a topic (food and health: "allergic to peanuts" /
  /// "had a peanut butter sandwich"); a domain is related to itself.
  bool related_domains(std::string_view a, std::string_view b) const;
  /// Domains too broad to say two statements share a topic ("personal").
  bool generic_domain(std::string_view d) const;
  /// Domains whose different known slots are independent attributes
  /// (employer and profession), so two of them are evidence both hold.
  bool independent_domain(std::string_view d) const { return independent_domains_.count(std::string(d)) > 0; }

 private:
  Lexicon() = default;
  Status parse_file(const std::string& name, const std::string& text);

  std::shared_ptr<const WordNet> wn_;
  double high_ = 0.85, med_ = 0.6;
  PairModel pair_model_;
  bool learned_ = true;
  double learned_min_p_ = 0.50;
  std::vector<SlotDef> slots_;
  WordMap<int> slot_index_;
  PhraseTable slot_patterns_;
  std::vector<SlotPattern> slot_pattern_defs_;
  PhraseTable stance_table_;
  std::vector<StanceDef> stance_defs_;
  PhraseTable cue_table_;
  std::vector<CueDef> cue_defs_;
  WordMap<int> cue_by_phrase_;
  PhraseTable modal_table_;
  std::vector<ModalDef> modal_defs_;
  PhraseTable scope_table_;
  std::vector<ScopeDef> scope_defs_;
  WordMap<std::string> scope_parent_;
  PhraseTable class_table_;
  std::vector<ClassDef> classes_;
  WordMap<int> class_member_;
  std::vector<ExclusionDef> exclusions_;
  WordMap<std::vector<std::uint32_t>> exclusions_by_verb_;
  PhraseTable alias_table_;
  std::vector<std::string> alias_defs_;
  WordMap<std::string> alias_map_;
  PhraseTable figurative_table_;
  std::vector<std::string> figurative_defs_;
  PhraseTable unit_table_;
  std::vector<UnitDef> unit_defs_;
  WordMap<int> unit_alias_;
  PhraseTable drop_table_;
  WordSet drop_words_;
  WordSet negators_, none_quantifiers_, habitual_, exclusion_exempt_, implied_negatives_;
  WordMap<char> gendered_;
  WordMap<std::string> sole_relations_;
  PhraseTable correction_table_, additive_table_, history_table_, evaluative_table_;
  WordMap<std::string> lexfile_domain_, class_domain_;
  WordSet related_domains_, generic_domains_, independent_domains_;
};

}  // namespace credence
