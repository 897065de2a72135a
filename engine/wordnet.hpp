#pragma once
/// \file wordnet.hpp
/// Princeton WordNet 3.0, read from the Debian package `wordnet-base`
/// (/usr/share/wordnet). Lexical knowledge for the judge and the embedder:
/// synonyms, antonyms, hypernyms (is-a), co-hyponyms (siblings that exclude
/// each other, such as colours, countries or numbers), and morphology.
///
/// Lifecycle: `load` once at start (about 0.2 s); the result is immutable and
/// shared. Lookups are lock-free and thread-safe, and do no I/O.
///
/// Lemmas are lower case with spaces written as '_' ("ice_cream"), as in the
/// WordNet files; lookup functions accept either form.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/expected.hpp"
#include "common/string_table.hpp"

namespace credence {

enum class Pos : std::uint8_t { noun, verb, adj, adv };

class WordNet {
 public:
  using SynsetId = std::uint32_t;

  /// Pointer (relation) kinds kept from the database.
  enum class Rel : std::uint8_t {
    antonym,            // !
    hypernym,           // @
    instance_hypernym,  // @i
    hyponym,            // ~
    instance_hyponym,   // ~i
    similar,            // &  (adjective clusters)
    also,               // ^
    attribute,          // =
    derivation,         // +
    pertainym,          // \  (pertains to / derived from)
    member_holonym,     // #m
    part_holonym,       // #p
    substance_holonym,  // #s
    member_meronym,     // %m
    part_meronym,       // %p
    substance_meronym,  // %s
    entailment,         // *
    cause,              // >
    verb_group,         // $
    participle,         // <
    other,
  };

  struct Pointer {
    Rel rel;
    std::uint8_t src_word;  ///< 0 = whole synset (semantic), else 1-based word
    std::uint8_t dst_word;
    SynsetId target;
  };

  struct Synset {
    Pos pos;
    std::uint8_t lexfile;      ///< lexicographer file, see lexfile_name()
    std::uint32_t offset;      ///< byte offset in data.<pos> (WordNet's id)
    std::uint32_t first_word;  ///< into words_
    std::uint16_t n_words;
    std::uint32_t first_ptr;   ///< into pointers_
    std::uint16_t n_ptrs;
  };

  /// Loads the database from `dir` (default /usr/share/wordnet).
  static Expected<std::shared_ptr<const WordNet>> load(
      const std::string& dir = "/usr/share/wordnet");

  // ---- lookup ------------------------------------------------------------
  /// Synsets of an exact lemma, most frequent sense first (empty if unknown).
  std::span<const SynsetId> synsets(std::string_view lemma, Pos pos) const;
  /// Base forms of `word` that WordNet knows for `pos` (WordNet's morphy:
  /// exception lists, then suffix rules). The word itself comes first if known.
  std::vector<std::string> base_forms(std::string_view word, Pos pos) const;
  /// Synsets of `word` after morphology (union over base forms, sense order).
  std::vector<SynsetId> lookup(std::string_view word, Pos pos) const;
  bool known(std::string_view word, Pos pos) const { return !lookup(word, pos).empty(); }
  /// Whether the exact lemma has a sense in any part of speech (no word of
  /// its own: a shortening "reg", a coinage "rollouts").
  bool any_sense(std::string_view lemma) const {
    return !synsets(lemma, Pos::noun).empty() || !synsets(lemma, Pos::verb).empty() ||
           !synsets(lemma, Pos::adj).empty() || !synsets(lemma, Pos::adv).empty();
  }

  const Synset& synset(SynsetId id) const { return synsets_[id]; }
  std::size_t synset_count() const { return synsets_.size(); }
  /// The words (lemmas) of a synset.
  std::vector<std::string_view> words(SynsetId id) const;
  std::string_view word(SynsetId id, std::size_t i) const;
  std::span<const Pointer> pointers(SynsetId id) const;
  /// e.g. "noun.person", "noun.location", "adj.all".
  static const char* lexfile_name(std::uint8_t lexfile);
  /// Hypernym steps from the synset up to a root of its hierarchy (the
  /// shortest path; 0 for a root, and for adjectives and adverbs).
  unsigned depth(SynsetId id) const { return depth_[id]; }
  /// The synset's hypernyms and instance hypernyms (precomputed: no scan of
  /// its pointers, which for general synsets are mostly hyponyms).
  std::span<const SynsetId> parents(SynsetId id) const {
    return std::span<const SynsetId>(links_.data() + parents_at_[id], parents_at_[id + 1] - parents_at_[id]);
  }
  /// The synset's lexical kin: derivations, pertainyms, participles,
  /// antonyms and similar adjectives (the pointers of those kinds).
  std::span<const Pointer> kin(SynsetId id) const {
    return std::span<const Pointer>(kin_.data() + kin_at_[id], kin_at_[id + 1] - kin_at_[id]);
  }
  /// The wholes the synset is a part or member of (part and member holonyms).
  std::span<const SynsetId> holders(SynsetId id) const {
    return std::span<const SynsetId>(links_.data() + holders_at_[id], holders_at_[id + 1] - holders_at_[id]);
  }

  // ---- relations (over the first `senses` senses of each word) -----------
  /// a and b share a synset.
  bool synonyms(std::string_view a, std::string_view b, Pos pos, int senses = 3) const;
  /// Some sense of `specific` reaches some sense of `general` through
  /// hypernym / instance-hypernym links within `max_depth` steps.
  bool is_a(std::string_view specific, std::string_view general, Pos pos, int senses = 3,
            int max_depth = 12) const;
  /// Direct antonyms (lexical pointers), and for adjectives also indirect ones
  /// through similar-to clusters ("hot" / "freezing").
  bool antonyms(std::string_view a, std::string_view b, Pos pos, int senses = 4) const;
  /// Distinct words whose senses share an immediate hypernym (or instance
  /// hypernym), e.g. red / blue (both "chromatic color"), France / Spain
  /// (both "European country"), and neither is-a the other.
  bool co_hyponyms(std::string_view a, std::string_view b, Pos pos, int senses = 2) const;
  /// All hypernym ancestors (synset ids) of the first `senses` senses.
  std::vector<SynsetId> ancestors(std::string_view word, Pos pos, int senses = 2,
                                  int max_depth = 12) const;

 private:
  WordNet() = default;
  Status load_data(const std::string& path, Pos pos,
                   std::unordered_map<std::uint64_t, SynsetId>& by_offset,
                   std::vector<std::pair<std::uint32_t, std::uint64_t>>& raw_targets);
  Status load_index(const std::string& path, Pos pos,
                    const std::unordered_map<std::uint64_t, SynsetId>& by_offset);
  Status load_exceptions(const std::string& path, Pos pos);
  void compute_links();
  void compute_depths();

  std::string arena_;  // all lemma text
  std::vector<std::uint32_t> word_start_, word_len_;  // words of synsets
  std::vector<Synset> synsets_;
  std::vector<Pointer> pointers_;
  std::vector<SynsetId> index_ids_;  // concatenated per-lemma synset lists
  std::vector<std::uint8_t> depth_;  // see depth()
  std::vector<SynsetId> links_;      // parents() and holders() of every synset
  std::vector<std::uint32_t> parents_at_, holders_at_;  // offsets into links_, one more than synsets
  std::vector<Pointer> kin_;                 // kin() of every synset
  std::vector<std::uint32_t> kin_at_;        // offsets into kin_, one more than synsets
  struct Span {
    std::uint32_t first;
    std::uint32_t count;
  };
  WordMap<Span> index_[4];  // looked up by string_view, without a copy
  WordMap<std::vector<std::string>> exceptions_[4];
};

}  // namespace credence
