#pragma once
/// \file relatedness.hpp
/// How close two statements' topics are, from WordNet alone: each content
/// word of one side is matched with its nearest word on the other side
/// (the same word, a synonym or derived form, or a sense close in the
/// hypernym hierarchy). "Thai food" / "green curry", "cat" / "beagle",
/// "piano" / "bass guitar" share no word but are one topic; "violin" /
/// "dentist appointment" are not. Used by the judge's learned fallback to
/// tell compatible and duplicate pairs from unrelated ones.

#include <span>
#include <string>

namespace credence {

class WordNet;

struct TopicOverlap {
  int same = 0;     ///< pairs of the same word
  int synonym = 0;  ///< pairs of different words sharing a sense or derived from one another
  int close = 0;    ///< pairs of close kin: antonyms, one a kind of the other, a place in another, siblings deep in the hierarchy
  int near = 0;     ///< pairs of one family: a common ancestor of some depth within a few steps
  /// Share of each side's words with a partner on the other side that is
  /// the same word, a synonym or close kin.
  float cover_a = 0, cover_b = 0;
  /// The highest similarity of two different words (see word_similarity).
  float best = 0;
};

/// How related two lemmas are, as a grade in [0, 1]: 1 the same word; 0.9 a
/// shared sense ("autumn" / "fall"); 0.85 derived forms ("allergic" /
/// "allergy"); 0.8 antonyms and similar adjectives ("love" / "hate"); 0.75
/// close kin: one noun a kind of the other within three steps ("curry" /
/// "food"), siblings under a specific common ancestor ("cat" / "dog"), or a
/// place within another ("Rome" / "Italy"); 0.6 one family ("German" /
/// "Turkish": both natural languages); 0 otherwise. Hierarchy relations use
/// the first two noun senses, compared only within one lexicographer file,
/// and never for times, quantities and relations ("Tuesday" / "Sunday"
/// name no topic).
float word_similarity(const WordNet& wn, const std::string& x, const std::string& y);

/// Matches the content words (lemmas) of two statements (the first 32 of
/// each). Word profiles are kept in a bounded per-thread table.
TopicOverlap topic_overlap(const WordNet& wn, std::span<const std::string> a, std::span<const std::string> b);

}  // namespace credence
