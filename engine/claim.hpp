#pragma once
/// \file claim.hpp
/// A statement normalised into a structured claim (seed 003, stage 1).
///
/// Produced once, when a memory is written (engine/judge normaliser), stored
/// with the memory and carried in its `memory.added` event, so comparing two
/// memories never re-parses their text. Plain value type; cheap to copy.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/time.hpp"

namespace credence {

class JsonWriter;
namespace json {
class ObjReader;
}

enum class SubjectKind : std::uint8_t { present, fuzzy, missing };
enum class Modality : std::uint8_t {
  none,
  must,
  should,
  may,
  must_not,
  should_not,
  may_not
};
enum class Tense : std::uint8_t { present, past, future };

/// The dimensions a claim can be qualified along, in their canonical order.
enum class ScopeDim : std::uint8_t {
  env,          ///< prod, staging, dev, ...
  team,
  place,        ///< a location qualifier ("at home", "in Paris")
  time_of_day,  ///< morning, evening, ...
  day,          ///< weekday, weekend, monday, ...
  setting,      ///< work, home, ...
  audience,
  season,       ///< summer, winter, ...
};
inline constexpr ScopeDim kScopeDims[] = {ScopeDim::env,         ScopeDim::team,     ScopeDim::place,
                                          ScopeDim::time_of_day, ScopeDim::day,      ScopeDim::setting,
                                          ScopeDim::audience,    ScopeDim::season};
/// The dimension's name in JSON and in the lexicon ("env", "time_of_day").
const char* to_string(ScopeDim d);

/// Scope qualifiers; an unset dimension means "unqualified" (overlaps
/// anything). Most claims have none, so only the dimensions that are set are
/// stored (a memory carries one of these; eight strings cost 256 bytes).
class ClaimScope {
 public:
  /// The qualifier along `d`, empty when unset.
  const std::string& get(ScopeDim d) const {
    for (const auto& [k, v] : dims_)
      if (k == d) return v;
    return kNone;
  }
  /// Sets the qualifier along `d`; an empty value unsets it.
  void set(ScopeDim d, std::string value);
  bool empty() const { return dims_.empty(); }
  bool operator==(const ClaimScope&) const = default;

 private:
  std::vector<std::pair<ScopeDim, std::string>> dims_;  // sorted by dimension, values non-empty
  static inline const std::string kNone{};
};

struct Claim {
  std::string subject;  ///< canonical entity ("user", "mom", "api server")
  SubjectKind subject_kind = SubjectKind::missing;
  std::string slot;     ///< attribute: "employer", "residence", "preference", ...
  std::string object;   ///< what a stance is about ("honda"), if any
  std::vector<std::string> values;  ///< normalised atomic values
  int stance = 0;       ///< +1 positive / -1 negative / 0 none
  Modality modality = Modality::none;
  ClaimScope scope;
  Tense tense = Tense::present;
  std::optional<Millis> valid_from;
  std::optional<Millis> valid_until;
  std::vector<std::string> change_cues;  ///< "moved", "switched", "no longer", ...
  std::vector<std::string> from_values;  ///< "switched from X to Y": X
  std::string domain;   ///< topic domain for drift rotation (work, health, ...)
  bool figurative = false;
  std::vector<std::string> keywords;  ///< content lemmas, for matching topics
  /// The main verb's lemma as written ("live", "quit", "be"); a cue verb
  /// ("quit coffee") keeps its own lemma here while `slot` may stay empty.
  std::string predicate;
  /// How many of `values` ("I have two kids": values {"kid"}, count 2).
  std::optional<double> count;
  /// Things the statement says the subject has in passing ("I walk my dog"
  /// -> {"dog"}), so "I don't have any pets" can be checked against them.
  std::vector<std::string> possessions;
  /// The statement corrects an earlier one ("actually ..."): not a change of
  /// the world, so a differing value is a contradiction, not a temporal change.
  bool correction = false;
  /// The statement adds to what was said ("also", "too", "as well"): a
  /// further value, not a replacement.
  bool additive = false;
  /// The statement is about a period that is over ("used to", "formerly",
  /// "back in 2019", "in college", "as a kid", "before moving here"):
  /// history, which a statement about now does not contradict.
  bool history = false;
  /// The negation covers all time ("I have never been to Spain"): a past
  /// episode contradicts it even when it is history.
  bool never = false;
  /// A strong stance (hate, can't stand, never touch, avoid): it rules out
  /// doing the thing by habit.
  bool strong = false;
  /// Every number, measure and clock time the text names, normalised (a
  /// measure to its dimension's base unit: "an hour and a half" and "90
  /// minutes" are both "5400s", "11pm" is "23:00", "eight" is "8"),
  /// wherever the parse put them: two wordings of one fact share them even
  /// when their slots cannot be matched.
  std::vector<std::string> amounts;
  /// How often the statement says something happens, as the seconds
  /// between two times ("every 14 days", "fortnightly": 1209600; "twice a
  /// week": 302400; "every Tuesday and Thursday": 302400; "$2,100 a month":
  /// 2628000). Kept apart from `amounts`, since a statement that leaves its
  /// schedule out ("Sunday mass is non-negotiable") still restates one that
  /// names it.
  std::optional<double> period;

  bool operator==(const Claim&) const = default;
};

const char* to_string(SubjectKind v);
const char* to_string(Modality v);
const char* to_string(Tense v);

/// What a claim is about, as one string: subject, slot, stance object and
/// scope (not its values). Two claims with the same key speak of the same
/// attribute of the same thing in the same circumstances, so on a
/// single-valued slot the later one replaces the earlier (ingest upsert).
/// Empty when the subject or the slot is unknown.
std::string claim_key(const Claim& c);

/// Writes the claim as a JSON object value.
void write_claim(JsonWriter& w, const Claim& c);
/// Reads a claim written by write_claim (unknown fields are ignored, so
/// older builds can read newer claims). Errors go to the reader.
Claim read_claim(json::ObjReader& r);

}  // namespace credence
