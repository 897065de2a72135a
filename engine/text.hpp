#pragma once
/// \file text.hpp
/// Tokenising for the judge: contractions expanded ("can't" -> "can not",
/// "I'm" -> "i am", possessive "'s" kept as its own token), numbers in words
/// or digits ("thirty-four" = "34"), quantities with units normalised to the
/// dimension's base unit ("5 minutes" = "300 seconds" = "300s"), clock times
/// ("2 am" = "2am" = "02:00"), ordinals, and a lemma for every word.
///
/// Pure functions over a loaded Lexicon; no I/O.

#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

namespace credence {

class Lexicon;

/// The text in lower case (ASCII letters only; other bytes as they are).
std::string lower_case(std::string_view text);

/// The words of a text, lower case, single-spaced, punctuation dropped
/// ("I like  Honda!" -> "i like honda"): two texts equal under this are the
/// same statement written twice.
std::string normalised_text(std::string_view text);

/// The amounts in `text` that the normaliser keeps in base units, written
/// as a person would read them ("7884000s" -> "3 months", "3.048m" ->
/// "3.05 m", "1000000000bps" -> "1 Gbps", "25.5556c" -> "25.6 °C"): for
/// reasoning shown to people. Only words in `known` (the claims' amounts
/// and values) are rewritten; others, "flat 2B", "the 80s", "iPhone 4s",
/// stay as they are.
std::string readable_amounts(std::string_view text, const std::vector<std::string>& known);

struct Token {
  enum class Kind : std::uint8_t { word, number, quantity, time, ordinal, possessive, punct };
  Kind kind = Kind::word;
  std::string text;     ///< normalised lower-case form ("300s", "02:00", "34", "live")
  std::string lemma;    ///< lemma for words; equals `text` otherwise
  std::string surface;  ///< as written (for grounding and display)
  double number = 0;    ///< value of number / quantity (in the base unit) / ordinal
  std::string dimension;  ///< quantity: duration, size, length, mass, percent, rate
  bool capitalised = false;  ///< written with a capital, not sentence-initial
  bool after_comma = false;  ///< a comma before it was dropped (engine/normalizer strip_drops)

  bool is_word() const { return kind == Kind::word; }
  bool is_value() const {
    return kind == Kind::number || kind == Kind::quantity || kind == Kind::time ||
           kind == Kind::ordinal;
  }
};

/// Splits `text` into tokens (see the file comment).
std::vector<Token> tokenize(const Lexicon& lex, std::string_view text);

/// Whether `longer` is `shorter` with more words after it ("liverpool fc" /
/// "liverpool", "storage team" / "storage"; not "liverpoolians").
inline bool extends_words(std::string_view longer, std::string_view shorter) {
  return !shorter.empty() && longer.size() > shorter.size() && longer.substr(0, shorter.size()) == shorter &&
         longer[shorter.size()] == ' ';
}

/// Formats a number without trailing zeros ("30", "3.5").
std::string format_number(double v);

/// The month a lower-case word names, 0 (January) to 11, or -1. With
/// `abbreviations`, three- or four-letter forms count too ("nov", "sept";
/// not "mar" and "may", which are words of their own).
int month_index(std::string_view word, bool abbreviations = false);
/// The full lower-case name of month `m` (0 to 11).
std::string_view month_name(int m);
/// A day of month `m` (0 to 11) as the normaliser writes a date: "april 21".
inline std::string date_text(int m, int day) { return std::string(month_name(m)) + " " + std::to_string(day); }

/// "40-49" -> {40, 49}: a range of ages, as the normaliser writes an age
/// said as a decade ("in my forties"); nullopt for anything else.
std::optional<std::pair<double, double>> age_range(std::string_view v);

}  // namespace credence
