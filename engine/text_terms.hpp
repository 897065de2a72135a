#pragma once
/// \file text_terms.hpp
/// Word tokens for the hash embedder and the pre-screen's keyword overlap.
///
/// Tokenisation is deliberately simple and locale-free: ASCII letters and
/// digits are word characters (upper case folded to lower case), bytes of
/// UTF-8 sequences (>= 0x80) are kept as word characters so non-ASCII words
/// stay whole, and an apostrophe between two word characters is dropped
/// ("don't" -> "dont", "Acme's" -> "acmes"). Everything else separates words.
/// Pure functions; thread-safe.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace credence::text {

/// Every word of `s`, lower-cased, in order.
std::vector<std::string> words(std::string_view s);

/// True for English function words (pronouns, determiners, auxiliaries,
/// prepositions, conjunctions, negations and a few fillers such as "really").
/// They carry no topic, so neither the embedder nor the keyword overlap
/// counts them.
bool is_stopword(std::string_view w);

/// words(s) without stopwords.
std::vector<std::string> content_words(std::string_view s);

/// A crude stem for comparing keywords without a lexicon: strips a plural or
/// verbal suffix ("appointments" -> "appointment", "worked" -> "work",
/// "playing" -> "play"). Only for equality tests, never for display.
std::string light_stem(std::string_view w);

/// The distinct terms of a text for lexical matching: 32-bit hashes of the
/// light stems of its content words, sorted. Stable across runs (they are
/// stored in the vector index).
std::vector<std::uint32_t> terms(std::string_view s);

/// How many words two sorted, duplicate-free word lists share.
std::size_t common_count(const std::vector<std::string>& sorted_a,
                         const std::vector<std::string>& sorted_b);

}  // namespace credence::text
