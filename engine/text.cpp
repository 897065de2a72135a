#include "engine/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "engine/lexicon.hpp"

namespace credence {
// Comparisons with literals are string_view comparisons: a length check
// first, no strlen (std::string == const char* measures the literal).
using namespace std::string_view_literals;

std::string normalised_text(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) {
      if (space && !out.empty()) out += ' ';
      out += static_cast<char>(std::tolower(u));
      space = false;
    } else {
      space = true;
    }
  }
  return out;
}

namespace {

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/// Is the comma at `comma` a thousands separator of the number that starts
/// at `start` ("6,000", "10,000,000")? Digits (and earlier separators) before
/// it, exactly three digits after it, then no further digit.
bool thousands_group(const std::string& text, std::size_t start, std::size_t comma) {
  auto digit = [&](std::size_t k) { return k < text.size() && text[k] >= '0' && text[k] <= '9'; };
  for (std::size_t k = start; k < comma; ++k)
    if (!digit(k) && text[k] != ',') return false;
  return digit(start) && digit(comma + 1) && digit(comma + 2) && digit(comma + 3) && !digit(comma + 4);
}

// Currency signs, rewritten to one byte before the pieces are cut.
constexpr char kEuroSign = '\x01';
constexpr char kPoundSign = '\x02';

namespace {
constexpr std::string_view kMonthNames[] = {"january", "february", "march",     "april",   "may",      "june",
                                            "july",    "august",   "september", "october", "november", "december"};
}  // namespace

struct SlashDate {
  int month, day, year;
};

/// A date written with slashes, when the order is plain: a day over 12
/// first ("14/03/1988") or second ("3/14/88"). "3/4/88" could be either
/// and is left alone. A two-digit year is 19xx from 30 up, else 20xx.
static std::optional<SlashDate> slash_date(std::string_view w) {
  const auto s1 = w.find('/');
  if (s1 == std::string_view::npos) return std::nullopt;
  const auto s2 = w.find('/', s1 + 1);
  if (s2 == std::string_view::npos || w.find('/', s2 + 1) != std::string_view::npos) return std::nullopt;
  const std::string_view a = w.substr(0, s1), b = w.substr(s1 + 1, s2 - s1 - 1), y = w.substr(s2 + 1);
  auto digits = [](std::string_view x, std::size_t lo, std::size_t hi) {
    return x.size() >= lo && x.size() <= hi && std::all_of(x.begin(), x.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (!digits(a, 1, 2) || !digits(b, 1, 2) || !(digits(y, 2, 2) || digits(y, 4, 4))) return std::nullopt;
  const int x = std::atoi(std::string(a).c_str()), z = std::atoi(std::string(b).c_str());
  int year = std::atoi(std::string(y).c_str());
  if (y.size() == 2) year += year >= 30 ? 1900 : 2000;
  if (x < 1 || z < 1 || x > 31 || z > 31) return std::nullopt;
  if (x > 12 && z <= 12) return SlashDate{z - 1, x, year};
  if (z > 12 && x <= 12) return SlashDate{x - 1, z, year};
  return std::nullopt;
}

/// Raw pieces: words (with internal - . ' / + # : %), and clause punctuation.
std::vector<std::string> raw_pieces(std::string_view in) {
  // Curly apostrophes and quotes to ASCII.
  std::string text;
  text.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(in[i]);
    if (c == 0xE2 && i + 2 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0x82 &&
        static_cast<unsigned char>(in[i + 2]) == 0xAC) {
      text += kEuroSign;  // €
      i += 2;
      continue;
    }
    if (c == 0xC2 && i + 1 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0xA3) {
      text += kPoundSign;  // £
      i += 1;
      continue;
    }
    if (c == 0xE2 && i + 2 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0x80) {
      const unsigned char d = static_cast<unsigned char>(in[i + 2]);
      if (d == 0x98 || d == 0x99) text += '\'';
      else if (d == 0x9C || d == 0x9D) text += '"';
      else if (d == 0x93 || d == 0x94) text += " - ";
      else text += ' ';
      i += 2;
      continue;
    }
    text += static_cast<char>(c);
  }
  std::vector<std::string> out;
  std::size_t i = 0;
  const std::size_t n = text.size();
  std::string_view currency;  // "$40": the word to put after the amount
  while (i < n) {
    const char c = text[i];
    if ((c == '$' || c == kEuroSign || c == kPoundSign) && i + 1 < n && is_digit(text[i + 1])) {
      currency = c == '$' ? "usd" : c == kEuroSign ? "eur" : "gbp";
      ++i;
      continue;
    }
    if (c == '\'' && i + 2 < n && is_digit(text[i + 1]) && is_digit(text[i + 2]) &&
        (i + 3 == n || (!is_alnum(text[i + 3]) && text[i + 3] != '\'')) && (i == 0 || !is_alnum(text[i - 1]))) {
      // (Not a number in quotes: "the timeout is '30'".)
      // "born in '18", "summer of '99": a year said in two digits.
      const int yy = (text[i + 1] - '0') * 10 + (text[i + 2] - '0');
      out.push_back(std::to_string(yy <= 30 ? 2000 + yy : 1900 + yy));
      i += 3;
      continue;
    }
    if (is_alnum(c) || static_cast<unsigned char>(c) >= 0x80) {
      std::size_t j = i;
      bool per = false;
      while (j < n) {
        const char d = text[j];
        if (is_alnum(d) || static_cast<unsigned char>(d) >= 0x80) {
          ++j;
        } else if (d == '/' && j + 1 < n && is_alpha(text[j + 1]) && j > i &&
                   std::all_of(text.begin() + static_cast<std::ptrdiff_t>(i), text.begin() + static_cast<std::ptrdiff_t>(j),
                               [](char ch) { return is_digit(ch) || ch == '.' || ch == ','; })) {
          per = true;  // "$1,600/month": an amount per a unit, as "1600 per month"
          break;
        } else if ((d == '-' || d == '.' || d == '\'' || d == '/' || d == ':' || d == '_') &&
                   j + 1 < n && (is_alnum(text[j + 1]))) {
          ++j;
        } else if (d == ',' && j > i && thousands_group(text, i, j)) {
          ++j;  // 6,000 and $2,100: a thousands separator (dropped below)
        } else if ((d == '+' || d == '#') && j > i) {
          ++j;  // c++, c#
        } else if (d == '%') {
          ++j;
          break;
        } else if (d == '\'' && j > i && (text[j - 1] == 's' || text[j - 1] == 'S')) {
          ++j;  // plural possessive: parents'
          break;
        } else {
          break;
        }
      }
      std::string word = text.substr(i, j - i);
      if (word.find(',') != std::string::npos) std::erase(word, ',');
      if (auto date = slash_date(word)) {
        // "3/14/88", "14/03/1988": the month by name, the day and the year,
        // as "March 14 1988" reads.
        out.emplace_back(kMonthNames[date->month]);
        out.push_back(std::to_string(date->day));
        out.push_back(std::to_string(date->year));
        i = j;
        continue;
      }
      out.push_back(std::move(word));
      if (!currency.empty()) out.emplace_back(currency), currency = {};
      if (per) out.emplace_back("per"), ++j;
      i = j;
    } else if (c == '.' && !out.empty() && i + 1 < n && text[i + 1] == ' ' && [&] {
                 // A title's period before a name ("Dr. Okafor", "Mr. Lee", "St.
                 // John's") ends no sentence ("... on Elm St. My sister ..." does).
                 static constexpr std::string_view kTitles[] = {"dr", "mr", "mrs", "ms", "st", "prof", "mt"};
                 auto lower_is = [](std::string_view w, std::string_view t) {
                   return w.size() == t.size() && std::equal(w.begin(), w.end(), t.begin(), [](char x, char y) {
                            return std::tolower(static_cast<unsigned char>(x)) == y;
                          });
                 };
                 const std::string& w = out.back();
                 if (!std::any_of(std::begin(kTitles), std::end(kTitles), [&](std::string_view t) { return lower_is(w, t); }))
                   return false;
                 std::size_t b = i + 1;
                 while (b < n && text[b] == ' ') ++b;
                 std::size_t e = b;
                 while (e < n && is_alpha(text[e])) ++e;
                 if (b >= n || !std::isupper(static_cast<unsigned char>(text[b]))) return false;
                 static constexpr std::string_view kOpeners[] = {"i", "my", "our", "the", "a", "an", "we", "he", "she", "it",
                                                                 "they", "this", "that", "there", "and", "but", "so"};
                 const std::string_view next(text.data() + b, e - b);
                 return std::none_of(std::begin(kOpeners), std::end(kOpeners), [&](std::string_view o) { return lower_is(next, o); });
               }()) {
      ++i;
    } else if (c == '.' && out.size() > 1 && i + 1 < n && text[i + 1] == ' ' && [&] {
                 // "sail no. is 207316", "reg no. 245871": "no." after a word
                 // and before a number or "is" / "was" is "number", no denial
                 // and no sentence's end ("No. I moved" starts a text).
                 const std::string& w = out.back();
                 if (w.size() != 2 || std::tolower(static_cast<unsigned char>(w[0])) != 'n' ||
                     std::tolower(static_cast<unsigned char>(w[1])) != 'o' || !is_alpha(out[out.size() - 2][0]))
                   return false;
                 std::size_t b = i + 1;
                 while (b < n && text[b] == ' ') ++b;
                 if (b < n && is_digit(text[b])) return true;
                 std::size_t e = b;
                 while (e < n && is_alpha(text[e])) ++e;
                 const std::string next = lower_case(std::string_view(text).substr(b, e - b));
                 return next == "is"sv || next == "was"sv;
               }()) {
      out.back() = "number";
      ++i;
    } else if (c == ',' || c == '.' || c == ';' || c == '!' || c == '?' || c == ':' || c == '=') {
      out.emplace_back(1, c);
      ++i;
    } else if (c == '-' && (i == 0 || text[i - 1] == ' ') && (i + 1 == n || text[i + 1] == ' ')) {
      // A dash between spaces (and an em or en dash) parts clauses as a
      // comma does ("together four years - he's my rock"); after a topic of
      // a word or two that starts the text, before a number, it is a colon
      // ("sertraline - 100mg once daily" says "Sertraline: 100mg once
      // daily"; "Strict vegan - no exceptions" keeps its comma).
      std::size_t nx = i + 1;
      while (nx < n && text[nx] == ' ') ++nx;
      const bool topic = !out.empty() && out.size() <= 2 && nx < n && is_digit(text[nx]) &&
                         std::all_of(out.begin(), out.end(), [](const std::string& p) {
                           return !p.empty() && std::all_of(p.begin(), p.end(), [](char ch) {
                             return is_alpha(ch) || ch == '-' || static_cast<unsigned char>(ch) >= 0x80;
                           });
                         });
      // Between a clock hour and a number it joins a range ("7 - 9pm",
      // "Wednesdays 7 – 9 pm"): see clock_ranges.
      const std::string& last = out.empty() ? std::string() : out.back();
      const bool hours = !last.empty() && last.size() <= 5 && is_digit(last[0]) &&
                         std::all_of(last.begin(), last.end(), [](char ch) { return is_digit(ch) || ch == ':'; }) &&
                         nx < n && is_digit(text[nx]);
      out.emplace_back(hours ? "-" : topic ? ":" : ",");
      ++i;
    } else if (c == '%') {
      out.emplace_back("%");
      ++i;
    } else if (c == '(' || c == ')') {
      out.emplace_back(1, c);  // an aside: the parser leaves it out of the claim
      ++i;
    } else {
      ++i;
    }
  }
  return out;
}

const std::unordered_map<std::string, int>& number_words() {
  static const std::unordered_map<std::string, int> m = {
      {"zero", 0},      {"one", 1},        {"two", 2},         {"three", 3},
      {"four", 4},      {"five", 5},       {"six", 6},         {"seven", 7},
      {"eight", 8},     {"nine", 9},       {"ten", 10},        {"eleven", 11},
      {"twelve", 12},   {"thirteen", 13},  {"fourteen", 14},   {"fifteen", 15},
      {"sixteen", 16},  {"seventeen", 17}, {"eighteen", 18},   {"nineteen", 19},
      {"twenty", 20},   {"thirty", 30},    {"forty", 40},      {"fifty", 50},
      {"sixty", 60},    {"seventy", 70},   {"eighty", 80},     {"ninety", 90},
      {"dozen", 12},    {"single", 1},     {"couple", 2}};
  return m;
}

const std::unordered_map<std::string, int>& ordinal_words() {
  static const std::unordered_map<std::string, int> m = {
      {"first", 1},     {"second", 2},     {"third", 3},        {"fourth", 4},
      {"fifth", 5},     {"sixth", 6},      {"seventh", 7},      {"eighth", 8},
      {"ninth", 9},     {"tenth", 10},     {"eleventh", 11},    {"twelfth", 12},
      {"thirteenth", 13}, {"fourteenth", 14}, {"fifteenth", 15}, {"twentieth", 20},
      {"thirtieth", 30}, {"fiftieth", 50}, {"hundredth", 100},  {"last", -1}};
  return m;
}

std::optional<double> word_number(std::string_view w);

/// Ordinals beyond the table: "sixteenth", "fortieth", "twenty-first".
std::optional<double> ordinal_word(std::string_view w) {
  const auto& ow = ordinal_words();
  if (auto it = ow.find(std::string(w)); it != ow.end()) return std::nullopt;  // the table handles it
  std::string s(w);
  const auto dash = s.find('-');
  if (dash != std::string::npos) {
    const auto tens = word_number(s.substr(0, dash));
    auto it = ow.find(s.substr(dash + 1));
    if (tens && it != ow.end() && it->second > 0 && it->second < 10) return *tens + it->second;
    return std::nullopt;
  }
  if (s.size() > 6 && s.compare(s.size() - 4, 4, "ieth") == 0) {
    if (auto v = word_number(s.substr(0, s.size() - 4) + "y")) return v;
  }
  if (s.size() > 5 && s.compare(s.size() - 2, 2, "th") == 0) {
    if (auto v = word_number(s.substr(0, s.size() - 2)); v && *v >= 13) return v;
  }
  return std::nullopt;
}

/// Whether the number at words[i] (its value n) is an hour: a whole 1-12
/// after "at", "by", "till", "until" or "past" (an "about" or "around"
/// between them may be), ending the text or followed by a word that goes on
/// about the time ("at six every weekday", "by eleven most nights"), and
/// not a margin ("won by 3", "went up by 5"). Not after "before" or
/// "after": "never up before 9" on a Sunday is a bound, said mostly where
/// the time differs from the memory's.
static bool bare_hour_at(const std::vector<std::pair<std::string, std::string>>& words, std::size_t i, double n) {
  if (n < 1 || n > 12 || std::fmod(n, 1) != 0 || i == 0) return false;
  auto time_prep = [](std::string_view w) {
    return w == "at"sv || w == "by"sv || w == "till"sv || w == "until"sv || w == "past"sv;
  };
  std::size_t p = i - 1;
  if ((words[p].first == "about"sv || words[p].first == "around"sv || words[p].first == "roughly"sv) && p > 0) --p;
  if (!time_prep(words[p].first)) return false;
  const bool by = words[p].first == "by"sv;
  if (p > 0) {
    // A margin ("won by 3", "went up by 5") or a level ("set at 7",
    // "priced at 5", "capped at 10").
    static constexpr std::string_view kMargins[] = {
        "won", "win", "wins", "lost", "lose", "beat", "up", "down", "increase", "increased", "reduce", "reduced",
        "rose", "rise", "grew", "grow", "dropped", "drop", "cut", "fell", "raised", "lowered", "multiply", "divide",
        "divided", "it", "version", "only"};
    static constexpr std::string_view kLevels[] = {"set", "priced", "capped", "rated", "valued", "kept", "fixed",
                                                   "stuck", "pegged", "locked", "held", "sits", "level", "scored",
                                                   "aged", "age", "number"};
    for (std::string_view m : by ? std::span<const std::string_view>(kMargins) : std::span<const std::string_view>(kLevels))
      if (words[p - 1].first == m) return false;
  }
  if (i + 1 == words.size()) return true;
  // What may follow an hour ("at six every weekday", "by eleven most
  // nights"); after "by" only what ends the clause or names the day.
  static constexpr std::string_view kEnds[] = {
      ",", ".", ";", "!", "?", "-", "on", "most", "sharp", "latest", "at", "then", "so", "but", "tonight", "today",
      "tomorrow", "usually", "weekdays", "weekends", "nightly", "tbh", "lol", "ish", "because", "monday", "tuesday",
      "wednesday", "thursday", "friday", "saturday", "sunday", "mondays", "tuesdays", "wednesdays", "thursdays",
      "fridays", "saturdays", "sundays", "am", "pm"};
  static constexpr std::string_view kGoesOn[] = {"every", "in", "daily", "the", "these", "this", "when", "since",
                                                 "as", "if", "for", "with", "till", "until", "and"};
  static constexpr std::string_view kDayWords[] = {"morning", "mornings", "evening", "evenings", "night", "nights",
                                                   "day", "weekday", "afternoon", "weekend"};
  const std::string& nx = words[i + 1].first;
  for (std::string_view g : kEnds)
    if (nx == g) return true;
  // "by eight each morning", "at 6 every night".
  if ((nx == "each"sv || nx == "every"sv) && i + 2 < words.size())
    for (std::string_view d : kDayWords)
      if (words[i + 2].first == d) return true;
  if (!by)
    for (std::string_view g : kGoesOn)
      if (nx == g) return true;
  return false;
}

/// Whether "grand" before words[k] is a thousand ("fifty two grand a year",
/// "180 grand on the house", "25 grand needs sign-off"): at the end, before
/// punctuation or a word that goes on after an amount; not an adjective
/// before its noun ("two grand pianos", "23 grand slams").
static bool thousands_grand(const std::vector<std::pair<std::string, std::string>>& words, std::size_t k) {
  if (k >= words.size()) return true;
  const std::string& w = words[k].first;
  if (w.empty() || !is_alpha(w[0])) return true;
  static constexpr std::string_view kGoesOn[] = {
      "a", "an", "per", "each", "every", "for", "on", "in", "into", "to", "of", "and", "or", "the", "this", "that",
      "last", "now", "so", "but", "which", "when", "plus", "with", "at", "from", "just", "is", "was", "are", "were",
      "be", "been", "off", "out", "over", "up", "down", "tops", "max", "total", "upfront", "back", "more", "less",
      "odd", "ish", "i", "we", "you", "he", "she", "they", "it", "my", "our", "their", "his", "her", "needs", "need",
      "goes", "went", "gets", "got", "before", "after", "than", "though", "already", "still", "left", "saved", "put",
      "outstanding", "owed", "annually", "yearly", "monthly", "net", "gross", "pa", "p"};
  for (std::string_view g : kGoesOn)
    if (w == g) return true;
  return false;
}

/// A digit said as a word after "point": "zero" / "oh" to "nine".
static std::optional<int> decimal_digit(std::string_view w) {
  static constexpr std::string_view kDigits[] = {"zero", "one", "two", "three", "four",
                                                 "five", "six", "seven", "eight", "nine"};
  if (w == "oh"sv) return 0;
  for (int d = 0; d < 10; ++d)
    if (w == kDigits[d]) return d;
  return std::nullopt;
}

std::optional<double> parse_number(std::string_view s) {
  if (s.empty() || !is_digit(s[0])) return std::nullopt;
  std::size_t dots = 0;
  for (char c : s) {
    if (c == '.') ++dots;
    else if (!is_digit(c)) return std::nullopt;
  }
  if (dots > 1 || s.back() == '.') return std::nullopt;
  return std::strtod(std::string(s).c_str(), nullptr);
}

/// A year said in two halves, "nineteen" + "ninety-five" = 1995, "twenty" +
/// "twenty-three" = 2023: a first half of 11-20 and a second of 10-99.
std::optional<double> year_in_words(double first, std::optional<double> second) {
  if (!second || first < 11 || first > 20 || *second < 10 || *second > 99 || std::fmod(*second, 1) != 0)
    return std::nullopt;
  return first * 100 + *second;
}

/// Words of a number written out: "thirty-four", "one hundred".
std::optional<double> word_number(std::string_view w) {
  if (w == "hundred"sv) return 100;
  if (w == "thousand"sv) return 1000;
  const auto& nw = number_words();
  if (auto it = nw.find(std::string(w)); it != nw.end()) {
    if (w == "single"sv || w == "couple"sv) return std::nullopt;  // only in context
    return it->second;
  }
  const auto dash = w.find('-');
  if (dash != std::string_view::npos) {
    auto a = nw.find(std::string(w.substr(0, dash)));
    auto b = nw.find(std::string(w.substr(dash + 1)));
    if (a != nw.end() && b != nw.end() && a->second >= 20 && a->second % 10 == 0 &&
        b->second < 10)
      return a->second + b->second;
    // A year said in two halves: "nineteen-ninety", "twenty-twenty-three".
    if (a != nw.end())
      if (const auto y = year_in_words(a->second, word_number(w.substr(dash + 1)))) return y;
  }
  return std::nullopt;
}

/// A number below `below` written out in words from words[k] ("four
/// hundred", "twenty three", "two hundred and five", "twelve"): its value
/// and the index of its last word; the rest of a number whose larger scale
/// was said before ("fourteen thousand four hundred", "one hundred twenty").
static std::optional<std::pair<double, std::size_t>> words_below(
    const std::vector<std::pair<std::string, std::string>>& words, std::size_t k, double below) {
  // One word of 1-99 ("dozen" counts things, not a part of a number).
  auto part = [&](std::size_t at) -> std::optional<double> {
    if (at >= words.size() || words[at].first == "dozen"sv || words[at].first == "hundred"sv ||
        words[at].first == "thousand"sv)
      return std::nullopt;
    const auto v = word_number(words[at].first);
    if (!v || *v < 1 || *v > 99 || std::fmod(*v, 1) != 0) return std::nullopt;
    return v;
  };
  // "twenty three": tens, then a unit.
  auto tens_units = [&](std::size_t at, std::size_t& end) -> std::optional<double> {
    auto v = part(at);
    if (!v) return std::nullopt;
    end = at;
    if (*v >= 20 && std::fmod(*v, 10) == 0)
      if (const auto u = part(at + 1); u && *u < 10) *v += *u, end = at + 1;
    return v;
  };
  std::size_t end = k;
  auto v = tens_units(k, end);
  if (!v) return std::nullopt;
  if (*v < 10 && end + 1 < words.size() && words[end + 1].first == "hundred"sv) {
    *v *= 100;
    ++end;
    std::size_t at = end + 1;
    if (at < words.size() && words[at].first == "and"sv) ++at;
    std::size_t e2 = at;
    if (const auto rest = tens_units(at, e2)) *v += *rest, end = e2;
  }
  // A single word under twenty takes a noun of its own more often than it
  // ends the number ("a hundred two year old heifers", "a thousand one
  // dollar coins"): only where nothing but a function word follows it ("two
  // thousand nineteen", "one hundred five in total").
  static const std::unordered_set<std::string> kAfterNumber = {
      "and", "or", "but", "in", "on", "at", "of", "for", "per", "now", "so", "this", "last", "then",
      "to", "from", "with", "is", "was", "are", "were", "which", "that", "when", "total", "all", "altogether",
      "thousand", "million", "grand"};
  if (*v < 20 && end == k && end + 1 < words.size() && !kAfterNumber.count(words[end + 1].first) &&
      std::isalnum(static_cast<unsigned char>(words[end + 1].first[0])))
    return std::nullopt;
  if (*v >= below) return std::nullopt;
  return std::pair{*v, end};
}

std::string two(int v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", v);
  return buf;
}

/// "2am" / "11pm" / "9:30" / "14:00" -> "HH:MM"; nullopt otherwise.
std::optional<std::string> parse_clock(std::string_view s, std::string_view next_suffix = {}) {
  std::string t(s);
  std::string suffix(next_suffix);
  for (const char* sfx : {"am", "pm", "a.m.", "p.m.", "a.m", "p.m"}) {
    const std::string sf(sfx);
    if (t.size() > sf.size() && t.compare(t.size() - sf.size(), sf.size(), sf) == 0) {
      suffix = sf.substr(0, 1) == "a"sv ? "am" : "pm";
      t = t.substr(0, t.size() - sf.size());
      break;
    }
  }
  int h = 0, m = 0;
  const auto colon = t.find(':');
  if (colon != std::string::npos) {
    auto hh = parse_number(t.substr(0, colon));
    auto mm = parse_number(t.substr(colon + 1));
    if (!hh || !mm || *hh > 24 || *mm >= 60) return std::nullopt;
    h = static_cast<int>(*hh);
    m = static_cast<int>(*mm);
  } else {
    auto hh = parse_number(t);
    if (!hh || suffix.empty() || *hh >= 13 || *hh < 1) return std::nullopt;
    h = static_cast<int>(*hh);
    // "9.30am": minutes after a point.
    m = static_cast<int>(std::lround((*hh - h) * 100));
    if (m >= 60) return std::nullopt;
  }
  if (suffix == "pm"sv && h < 12) h += 12;
  if (suffix == "am"sv && h == 12) h = 0;
  return two(h) + ":" + two(m);
}

/// The suffix of a normalised measure: the base unit's symbol. A currency
/// has none: "$2,100", "2100 dollars" and "two thousand one hundred" all
/// read as the amount 2100, so a sum said without its currency ("we pay
/// nine hundred a month") still compares with one that names it.
std::string_view base_unit(std::string_view dimension) {
  if (dimension == "duration"sv) return "s";
  if (dimension == "size"sv) return "b";
  if (dimension == "length"sv) return "m";
  if (dimension == "mass"sv) return "kg";
  if (dimension == "percent"sv) return "%";
  if (dimension == "rate"sv) return "rpm";
  if (dimension == "volume"sv) return "l";
  if (dimension == "temperature"sv) return "c";
  if (dimension == "dose"sv) return "mg";
  if (dimension == "power"sv) return "w";
  if (dimension == "energy"sv) return "wh";
  if (dimension == "bandwidth"sv) return "bps";
  if (dimension == "area"sv) return "sqm";
  return "";
}

bool pronoun_is(std::string_view w) {
  static const std::array<std::string_view, 16> p = {
      "it", "he", "she", "that", "there", "what", "who", "where", "here", "how",
      "everyone", "everything", "nothing", "something", "someone", "this"};
  for (auto x : p)
    if (w == x) return true;
  return false;
}

/// Expands contractions of one raw piece into lower-case words.
void expand(const std::string& piece, std::vector<std::pair<std::string, std::string>>& out) {
  const std::string w = lower_case(piece);
  auto push = [&](std::string t, std::string surface) { out.emplace_back(std::move(t), std::move(surface)); };
  auto ends = [&](std::string_view suf) {
    return w.size() > suf.size() && w.compare(w.size() - suf.size(), suf.size(), suf) == 0;
  };
  if (w == "cannot"sv) return push("can", piece.substr(0, 3)), push("not", piece.substr(3));
  if (w == "gonna"sv) return push("going", piece), push("to", "");
  if (w == "wanna"sv) return push("want", piece), push("to", "");
  // Chat drops the apostrophe ("im 41", "dont own a car", "thats fine"):
  // only forms that are no other word ("ill", "id", "its", "well", "were"
  // are), and not in capitals ("IM" is instant messaging).
  if (piece.size() > 1 && !(std::isupper(static_cast<unsigned char>(piece[0])) &&
                            std::isupper(static_cast<unsigned char>(piece[1])))) {
    static constexpr std::array<std::array<std::string_view, 3>, 25> kBare = {{
        {"im", "i", "am"},           {"ive", "i", "have"},        {"dont", "do", "not"},
        {"doesnt", "does", "not"},   {"didnt", "did", "not"},     {"isnt", "is", "not"},
        {"arent", "are", "not"},     {"wasnt", "was", "not"},     {"werent", "were", "not"},
        {"havent", "have", "not"},   {"hasnt", "has", "not"},     {"hadnt", "had", "not"},
        {"cant", "can", "not"},      {"wont", "will", "not"},     {"wouldnt", "would", "not"},
        {"couldnt", "could", "not"}, {"shouldnt", "should", "not"}, {"thats", "that", "is"},
        {"theres", "there", "is"},   {"youre", "you", "are"},     {"theyre", "they", "are"},
        {"weve", "we", "have"},      {"youve", "you", "have"},    {"theyve", "they", "have"},
        {"whats", "what", "is"},
    }};
    for (const auto& [bare, first, second] : kBare)
      if (w == bare) return push(std::string(first), piece), push(std::string(second), "");
  }
  if (ends("n't")) {
    std::string stem = w.substr(0, w.size() - 3);
    if (stem == "ca"sv) stem = "can";
    else if (stem == "wo"sv) stem = "will";
    else if (stem == "sha"sv) stem = "shall";
    else if (stem == "ai"sv) stem = "be";
    push(stem, piece);
    push("not", "");
    return;
  }
  const auto apos = w.rfind('\'');
  if (apos != std::string::npos && apos > 0) {
    const std::string stem = w.substr(0, apos);
    const std::string tail = w.substr(apos + 1);
    if (tail == "m"sv) return push(stem, piece), push("am", "");
    if (tail == "re"sv) return push(stem, piece), push("are", "");
    if (tail == "ve"sv) return push(stem, piece), push("have", "");
    if (tail == "ll"sv) return push(stem, piece), push("will", "");
    if (tail == "d"sv) return push(stem, piece), push("would", "");
    if (tail == "s"sv) {
      if (stem == "let"sv) return push("let", piece), push("us", "");
      if (pronoun_is(stem)) return push(stem, piece), push("is", "");
      return push(stem, piece), push("'s", "'s");
    }
    if (tail.empty()) return push(stem, piece), push("'s", "'s");  // parents'
  }
  push(w, piece);
}

/// A word before "a day", "an hour" that makes it a length of time
/// ("within an hour", "takes a week", "more than a year").
bool duration_bound(std::string_view w) {
  static constexpr std::string_view kWords[] = {"within", "than", "after", "inside", "under", "over", "about",
                                                "around", "roughly", "nearly", "almost", "takes", "take", "took",
                                                "lasts", "last", "lasted", "for", "in", "least", "most"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

/// Whether a clock time as written is on the 12-hour clock without "am" or
/// "pm" ("7:30", "12:15"; not "07:30" or "17:45", the 24-hour clock, nor
/// "7:30pm").
bool open_clock(std::string_view w) {
  const auto colon = w.find(':');
  return w.back() != 'm' && (colon == 1 || (colon == 2 && w[0] == '1' && w[1] >= '0' && w[1] <= '2'));
}

/// A clock time said without "am" or "pm" ("7:30", "half seven") and then
/// the part of the day ("in the evening", "every night", "tonight"): the
/// hours of the afternoon and the evening are the afternoon's and the
/// evening's ("half seven in the evening" is 19:30). words[next] is the
/// first word after the time; a number ends the look-ahead. Without either
/// ("quarter to six", "at 5:45") it is both, written "05:45/17:45": the
/// judge takes either as the same time as the other text's.
std::string day_part_clock(const std::string& clock, const std::vector<std::pair<std::string, std::string>>& words,
                           std::size_t next) {
  const int h = (clock[0] - '0') * 10 + (clock[1] - '0');
  int seen = 0;
  for (std::size_t k = next; k < words.size() && seen < 5; ++k) {
    const std::string& w = words[k].first;
    if (w.empty() || is_digit(w[0])) break;
    if (!std::isalpha(static_cast<unsigned char>(w[0]))) continue;  // a comma
    ++seen;
    const bool pm = ((w == "evening"sv || w == "tonight"sv) && h >= 4 && h <= 11) ||
                    (w == "night"sv && h >= 6 && h <= 11) || (w == "afternoon"sv && h >= 1 && h <= 6);
    if (pm) return two(h + 12) + clock.substr(2);
    if (w == "morning"sv || w == "am"sv || (w == "night"sv && h <= 5)) return clock;  // "1:00 at night"
  }
  // No am or pm: either time ("quarter to six", "at 5:45", "half ten").
  if (h > 12) return clock;
  return clock + "/" + two((h + 12) % 24) + clock.substr(2);
}

}  // namespace

std::string lower_case(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string format_number(double v) {
  if (std::fabs(v - std::round(v)) < 1e-9 && std::fabs(v) < 1e15) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

namespace {

/// Up to three significant digits, without trailing zeros ("1.8288" ->
/// "1.83", "4.8" -> "4.8", "250" -> "250").
std::string three_digits(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  std::string out = buf;
  if (out.find('e') != std::string::npos) return format_number(std::round(v));
  return out;
}

/// One base-unit amount written readably, or nothing when `w` is none.
std::optional<std::string> readable_amount(std::string_view w) {
  std::size_t k = 0;
  while (k < w.size() && (is_digit(w[k]) || (w[k] == '.' && k > 0))) ++k;
  if (k == 0 || k == w.size()) return std::nullopt;
  const auto n = parse_number(w.substr(0, k));
  if (!n) return std::nullopt;
  const std::string_view unit = w.substr(k);
  const double v = *n;
  auto scaled = [&](std::initializer_list<std::pair<double, const char*>> steps) {
    // The largest step the amount reaches (steps from the largest down).
    for (const auto& [f, name] : steps)
      if (v >= f) return three_digits(v / f) + " " + name;
    const auto& last = *(steps.end() - 1);
    return three_digits(v / last.first) + " " + last.second;
  };
  if (unit == "s"sv) {
    // Whole spans only ("7884000s" -> "3 months", "3942000s" -> "1.5
    // months"); seconds as written ("45s") are read as they are.
    static constexpr std::pair<double, const char*> kSpans[] = {
        {31536000, "year"}, {2628000, "month"}, {604800, "week"}, {86400, "day"}, {3600, "hour"}, {60, "minute"}};
    auto whole = [](double x, double f) { return std::fabs(x / f - std::round(x / f)) < 1e-6; };
    for (const auto& [f, name] : kSpans)
      if (v >= f && (whole(v, f) || (f >= 2628000 && whole(v, f / 2)))) {
        const double q = v / f;
        return format_number(std::round(q * 2) / 2) + " " + name + (q == 1 ? "" : "s");
      }
    return std::nullopt;
  }
  if (unit == "b"sv && v < 1024) return std::nullopt;  // "flat 2B"
  if (unit == "sqm"sv && v >= 10000) return three_digits(v / 10000) + " ha";
  if (unit == "b"sv) return scaled({{1099511627776.0, "TB"}, {1073741824.0, "GB"}, {1048576.0, "MB"}, {1024.0, "KB"}, {1, "bytes"}});
  if (unit == "m"sv) return scaled({{1000, "km"}, {1, "m"}, {0.01, "cm"}, {0.001, "mm"}});
  if (unit == "kg"sv) return scaled({{1, "kg"}, {0.001, "g"}});
  if (unit == "l"sv) return scaled({{1, "litres"}, {0.001, "ml"}});
  if (unit == "mg"sv) return scaled({{1, "mg"}, {0.001, "mcg"}});
  if (unit == "w"sv) return scaled({{1e6, "MW"}, {1e3, "kW"}, {1, "W"}});
  if (unit == "wh"sv) return scaled({{1e6, "MWh"}, {1e3, "kWh"}, {1, "Wh"}});
  if (unit == "bps"sv) return scaled({{1e9, "Gbps"}, {1e6, "Mbps"}, {1e3, "kbps"}, {1, "bps"}});
  if (unit == "sqm"sv) return three_digits(v) + " m\xc2\xb2";
  if (unit == "c"sv) return three_digits(v) + " \xc2\xb0" "C";
  if (unit == "rpm"sv) return three_digits(v) + " requests per minute";
  return std::nullopt;
}

}  // namespace

std::string readable_amounts(std::string_view text, const std::vector<std::string>& known) {
  if (known.empty()) return std::string(text);
  // (Most reasoning has no amount with a unit run into it: one pass over
  // the bytes finds a digit with a letter right after its number.)
  bool any = false;
  for (std::size_t i = 0; i + 1 < text.size() && !any; ++i)
    if (is_digit(text[i]) && std::isalpha(static_cast<unsigned char>(text[i + 1]))) any = true;
  if (!any) return std::string(text);
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    // A word: a run of letters, digits and points between other bytes.
    std::size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '.')) ++j;
    if (j == i) {
      out += text[i++];
      continue;
    }
    std::string_view w = text.substr(i, j - i);
    std::string_view tail;
    while (!w.empty() && w.back() == '.') w.remove_suffix(1), tail = text.substr(i + w.size(), j - i - w.size());
    const bool word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
    const auto r = word_start && std::find(known.begin(), known.end(), w) != known.end() ? readable_amount(w)
                                                                                       : std::nullopt;
    out += r ? *r : std::string(w);
    out += tail;
    i = j;
  }
  return out;
}

int month_index(std::string_view w, bool abbreviations) {
  for (int m = 0; m < 12; ++m) {
    const std::string_view full = kMonthNames[m];
    if (w == full) return m;
    if (abbreviations && w.size() >= 3 && w.size() <= 4 && full.substr(0, w.size()) == w && w != "mar"sv &&
        w != "may"sv)
      return m;
  }
  return -1;
}

std::string_view month_name(int m) { return kMonthNames[m]; }

std::optional<std::pair<double, double>> age_range(std::string_view v) {
  const auto dash = v.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 >= v.size() || v.size() > 7) return std::nullopt;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (i != dash && !(v[i] >= '0' && v[i] <= '9')) return std::nullopt;
  return std::make_pair(std::atof(std::string(v.substr(0, dash)).c_str()),
                        std::atof(std::string(v.substr(dash + 1)).c_str()));
}

/// "is" or "has" when the "'s" at words[i] is a contracted verb rather than
/// a possessive (see tokenize).
static std::optional<std::string> contracted_verb(const std::vector<std::pair<std::string, std::string>>& words,
                                           std::size_t i) {
  if (i == 0 || i + 1 >= words.size()) return std::nullopt;
  const std::string& nx = words[i + 1].first;
  static const std::unordered_set<std::string> is_next = {
      "on", "in", "at", "from", "with", "by", "for", "about", "into", "off", "out", "up", "over", "near",
      "a", "an", "the", "my", "our", "your", "his", "her", "their", "this", "that", "no", "not", "never",
      "always", "just", "still", "also", "really", "so", "very", "too", "here", "there", "now", "home",
      "back", "away", "all", "only", "usually", "basically", "mostly", "currently", "finally"};
  static const std::unordered_set<std::string> has_next = {"been", "got", "gotten", "gone", "had", "done",
                                                           "lived", "worked", "moved", "started", "left"};
  if (has_next.count(nx)) return std::string("has");
  // "Priya's home is in Glasgow", "Mum's back was sore": a word that is also
  // a noun, followed by a verb of its own, is what is possessed.
  if ((nx == "home"sv || nx == "back"sv || nx == "place"sv) && i + 2 < words.size() &&
      (words[i + 2].first == "is"sv || words[i + 2].first == "was"sv || words[i + 2].first == "has"sv ||
       words[i + 2].first == "'s"sv))
    return std::nullopt;
  if (is_next.count(nx)) return std::string("is");
  // "my birthday's March 14th": a date (a month other than "may") is said, not owned.
  if (nx != "may"sv && month_index(nx, true) >= 0) return std::string("is");
  const bool number_word = word_number(nx).has_value();  // "six", "seventy-three"
  if (!nx.empty() && (is_digit(nx[0]) || (number_word && nx != "one"sv))) {
    // "Mum's 72", "Leo's 7 now", "Mom's seventy-three, and ...", "Noah's six
    // and in first grade": a number that ends the clause is an age or an
    // amount, not a possessed thing ("Apple's 2023 revenue", "Dan's two kids").
    const bool ends = i + 2 >= words.size() || words[i + 2].first.size() == 1 ||
                      words[i + 2].first == "now"sv || words[i + 2].first == "years"sv ||
                      words[i + 2].first == "year"sv || words[i + 2].first == "and"sv;
    if (ends) return std::string("is");
  }
  // "my employer's Spotify", "my cat's Luna": a statement that is only "my
  // X's" and one word says what X is (a fragment "my sister's car" is rare).
  const auto clause_end = [&](std::size_t k) {
    return k >= words.size() || (words[k].first.size() == 1 && std::string_view(",.;!?").find(words[k].first[0]) != std::string_view::npos);
  };
  if (clause_end(i + 2) && !nx.empty() && std::isalpha(static_cast<unsigned char>(nx[0]))) {
    std::size_t k = i;
    while (k > 0 && i - k < 3 && words[k - 1].first != "my"sv && !clause_end(k - 1)) --k;
    // "my" opens the statement or a sentence ("We made lasagne, my mum's
    // recipe" keeps its possessive).
    if (k > 0 && words[k - 1].first == "my"sv &&
        (k == 1 || (clause_end(k - 2) && words[k - 2].first != ","sv)))
      return std::string("is");
  }
  return std::nullopt;
}

/// A height in feet and inches, in metres (the factors from units.txt).
static std::optional<double> feet_and_inches(const Lexicon& lex, double feet, double inches) {
  const UnitDef* ft = lex.unit("ft");
  const UnitDef* in = lex.unit("inch");
  if (!ft || !in || !lex.unit("meter") || ft->dimension != "length"sv || in->dimension != "length"sv) return std::nullopt;
  return feet * ft->factor + inches * in->factor;
}

/// Whether a text speaks of power, so that a "w" after a number is watts
/// ("a 60w bulb", "my ftp is 212w, so what watts ..."), not weeks.
static bool power_text(const std::vector<std::pair<std::string, std::string>>& words) {
  static const std::unordered_set<std::string> kPower = {
      "watt", "watts", "kw", "kwh", "kwp", "solar", "panel", "panels", "bulb", "bulbs", "charger", "heater",
      "ftp", "psu", "inverter", "amp", "amplifier", "speaker", "power", "wattage", "led", "lamp", "motor"};
  for (const auto& w : words)
    if (kPower.count(w.first)) return true;
  return false;
}

/// Whether a number at `i` with a capital "C" or "F" after it is a
/// temperature, in a text that speaks of heat: said with a decimal
/// ("running 101.3F"), or after a word that sets or compares a reading
/// ("heater's set to 78F", "ferment at 35C", "under about 46F", "Temp 38.5
/// C"); not a seat, a grade or a model ("seat 14C", "projecting 6C",
/// "YubiKey 5C", "FortiGate 1800F").
static bool temperature_at(const std::vector<std::pair<std::string, std::string>>& words, std::size_t i,
                           bool decimal) {
  // (Only where the text speaks of heat: "My seat is 10C", "the meeting
  // room is at 12F" are places.)
  static const std::unordered_set<std::string> kHeat = {
      "temp",  "temperature", "thermostat", "heater", "heating", "heat", "oven", "bake", "baked", "bakes",
      "baking", "ferment", "ferments", "fermenting", "fermentation", "mash", "proof", "proofing", "proofer",
      "fever", "flu", "running", "fridge", "freezer", "water", "tank", "degrees", "warm", "cold", "hot", "cool",
      "weather", "sea", "pool", "boil", "simmer", "bulk", "outside", "celsius", "fahrenheit", "kiln"};
  if (std::none_of(words.begin(), words.end(), [](const auto& w) { return kHeat.count(w.first) > 0; })) return false;
  if (decimal) return true;
  if (i == 0) return false;
  static const std::unordered_set<std::string> kBefore = {
      "at",    "to",    "is",   "of",       "about", "around", "under", "over",  "above", "below", "than",
      "temp",  "temperature", "set", "approx", "roughly", "hits", "reaches", "stays", "kept", "keep"};
  return kBefore.count(words[i - 1].first) > 0;
}

/// A count times a capacity ("3 x 400W panels", "2 × 100 W", "four 8 TB
/// drives"): the whole, one measure, as a total is said ("1.2kW of solar,
/// three panels", "32 TB of disks"). Only power, energy and storage, which
/// add up; a count of distances or doses is how often ("three 6.2 mile runs
/// a week" is 10 km three times, not 30 km).
static void products(std::vector<Token>& t) {
  // Two sides of a floor or a plot ("3m x 2m", "10 ft by 6 ft"): its area,
  // in square metres ("a 6 sq m greenhouse"). A bare number takes the other
  // side's unit ("ten foot by six and a half", "twelve by thirty-eight
  // foot"); not before "x", which counts ("2 x 3m HDMI cables", "8 x
  // 400m").
  auto side = [](const Token& x) { return x.kind == Token::Kind::quantity && x.dimension == "length"sv; };
  auto factor = [](const Token& x) {  // base units per written unit: "2m" -> 1, "10 ft" -> 0.3048
    std::size_t d = 0;
    while (d < x.surface.size() && (is_digit(x.surface[d]) || x.surface[d] == '.')) ++d;
    const auto n = d > 0 ? parse_number(x.surface.substr(0, d))
                         : word_number(lower_case(std::string_view(x.surface).substr(0, x.surface.find(' '))));
    return n && *n > 0 ? x.number / *n : 0.0;
  };
  for (std::size_t k = 0; k + 2 < t.size(); ++k) {
    Token& x = t[k];
    Token& y = t[k + 2];
    const std::string& by = t[k + 1].text;
    if (!(by == "x"sv || by == "\xc3\x97"sv || by == "by"sv)) continue;
    double a = 0, b = 0;
    if (side(x) && side(y)) a = x.number, b = y.number;
    else if (x.kind == Token::Kind::number && side(y) && by == "by"sv) a = x.number * factor(y), b = y.number;
    else if (side(x) && y.kind == Token::Kind::number) a = x.number, b = y.number * factor(x);
    if (a <= 0 || b <= 0) continue;
    y.surface = x.surface + " " + t[k + 1].surface + " " + y.surface;
    y.kind = Token::Kind::quantity;
    y.dimension = "area";
    y.number = a * b;
    y.text = y.lemma = format_number(y.number) + "sqm";
    t.erase(t.begin() + static_cast<long>(k), t.begin() + static_cast<long>(k) + 2);
  }
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    const Token& n = t[k];
    if (n.kind != Token::Kind::number || n.number < 2 || n.number > 100 || std::fmod(n.number, 1) != 0) continue;
    const bool times = t[k + 1].text == "x"sv || t[k + 1].text == "\xc3\x97"sv;
    // Without "x", a count said as a word ("four 8 TB drives") or after a
    // verb of having ("has 2 100W panels"); not a model's number before its
    // size ("iPhone 15 128GB", "Raspberry Pi 4 8GB", "bay 3 2TB").
    if (!times && !(!n.surface.empty() && std::isalpha(static_cast<unsigned char>(n.surface[0]))) &&
        !(k > 0 && t[k - 1].is_word() &&
          (t[k - 1].lemma == "have"sv || t[k - 1].text == "has"sv || t[k - 1].text == "had"sv ||
           t[k - 1].text == "with"sv || t[k - 1].text == "got"sv)))
      continue;
    const std::size_t q = times ? k + 2 : k + 1;
    if (q >= t.size() || t[q].kind != Token::Kind::quantity ||
        (t[q].dimension != "power"sv && t[q].dimension != "energy"sv && t[q].dimension != "size"sv))
      continue;
    Token& m = t[q];
    const std::string unit = m.text.substr(std::min(m.text.size(), format_number(m.number).size()));
    m.number *= n.number;
    m.text = m.lemma = format_number(m.number) + unit;
    std::string surface = n.surface;
    for (std::size_t j = k + 1; j <= q; ++j) surface += " " + t[j].surface;
    m.surface = surface;
    t.erase(t.begin() + static_cast<long>(k), t.begin() + static_cast<long>(q));
  }
}

/// A range of clock times with one end said as a clock ("9 to 5:30", "8am
/// till 4", "9-5:30"): a bare hour at the other end is that hour, and an
/// end before the start, both said in twelve hours, is in the afternoon
/// ("9 to 5:30" is 09:00 to 17:30).
static void clock_ranges(std::vector<Token>& t) {
  auto hour_of = [](const Token& x) { return (x.text[0] - '0') * 10 + (x.text[1] - '0'); };
  auto bare_hour = [](const Token& x) {
    return x.kind == Token::Kind::number && x.number >= 1 && x.number <= 12 && std::fmod(x.number, 1) == 0;
  };
  for (std::size_t k = 0; k + 2 < t.size(); ++k) {
    Token& x = t[k];
    const Token& sep = t[k + 1];
    Token& y = t[k + 2];
    // (A dash between spaces, "7 - 9pm" or "7 – 9pm", is a word.)
    const bool joins = (sep.is_word() && (sep.text == "to"sv || sep.text == "till"sv || sep.text == "until"sv ||
                                          sep.text == "til"sv)) ||
                       sep.text == "-"sv || sep.text == "\xe2\x80\x93"sv;
    if (!joins) continue;
    const bool xt = x.kind == Token::Kind::time, yt = y.kind == Token::Kind::time;
    if (!(xt || bare_hour(x)) || !(yt || bare_hour(y)) || (!xt && !yt)) continue;
    // A start without am or pm: "7", "7:30" ("07:30/19:30").
    const bool x_open = !xt || x.text.size() > 5;
    const bool y_open = !yt || y.text.size() > 5;
    for (Token* z : {&x, &y})
      if (z->kind == Token::Kind::number) {
        z->kind = Token::Kind::time;
        z->text = z->lemma = two(static_cast<int>(z->number)) + ":00";
      } else if (z->text.size() > 5) {
        z->text = z->lemma = z->text.substr(0, 5);  // "05:30/17:30": the range says which (below)
      }
    const int hx = hour_of(x), hy = hour_of(y);
    if (hx <= 12 && hy < hx && hy < 12) y.text = y.lemma = two(hy + 12) + y.text.substr(2);
    // An open start before an end in the afternoon or the evening is
    // there too when it fits: "7-9pm" is 19:00 to 21:00 ("9 to 5pm" is not).
    else if (x_open && hx < 12 && hy > 12 && hx + 12 <= hy) x.text = x.lemma = two(hx + 12) + x.text.substr(2);
    // Both open and in order ("6:30-7:30", "7 to 10"): either reading, for both.
    else if (x_open && y_open && hx >= 1 && hx < hy && hy <= 12)
      for (Token* z : {&x, &y}) {
        const int h = hour_of(*z);
        if (h < 12) z->text = z->lemma = z->text + "/" + two(h + 12) + z->text.substr(2);
      }
  }
}

/// "one" standing for a noun said before: "the hybrid one", "a new one",
/// "my old one with the dent" (a determiner, a describing word, and no noun
/// after it). "just the one engine", "only one" count.
static bool pronoun_one(const std::vector<std::pair<std::string, std::string>>& words, std::size_t i) {
  if (i < 2) return false;
  static const std::unordered_set<std::string> kDeterminers = {"the", "a", "an", "this", "that", "my", "your",
                                                               "our", "his", "her", "their", "another"};
  static const std::unordered_set<std::string> kNotDescribing = {
      "only", "just", "very", "first", "last", "no", "number", "at", "least", "than", "and", "or", "of", "to"};
  static const std::unordered_set<std::string> kAfter = {"with", "that", "which", "who", "i", "we", "you", "is",
                                                         "was", "for", "from", "in", "on", "at", "and", "or",
                                                         "but", "by", "too", "now", "please", "here", "there",
                                                         "though", "instead", "again", "anyway", "yesterday",
                                                         "today", "tomorrow", "last", "next", "this", "soon"};
  const std::string& prev = words[i - 1].first;
  if (!kDeterminers.count(words[i - 2].first) || kDeterminers.count(prev) || kNotDescribing.count(prev) ||
      word_number(prev) || !std::all_of(prev.begin(), prev.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '-'; }))
    return false;
  if (i + 1 >= words.size()) return true;
  const std::string& next = words[i + 1].first;
  return kAfter.count(next) || !std::isalnum(static_cast<unsigned char>(next[0]));
}

std::vector<Token> tokenize(const Lexicon& lex, std::string_view text) {
  const auto pieces = raw_pieces(text);
  // 1. Contractions, with the surface kept for grounding.
  std::vector<std::pair<std::string, std::string>> words;
  words.reserve(pieces.size() + 4);
  std::vector<bool> caps;
  bool sentence_start = true;
  for (const auto& p : pieces) {
    const std::size_t before = words.size();
    expand(p, words);
    const bool cap = !p.empty() && p[0] >= 'A' && p[0] <= 'Z';
    for (std::size_t k = before; k < words.size(); ++k)
      caps.push_back(k == before && cap && !sentence_start);
    sentence_start = p == "."sv || p == "!"sv || p == "?"sv;
  }
  // "v3.2.0" is the version "3.2.0".
  for (auto& [w, surface] : words)
    if (w.size() > 3 && w[0] == 'v' && is_digit(w[1]) && w.find('.') != std::string::npos &&
        std::all_of(w.begin() + 1, w.end(), [](char ch) { return is_digit(ch) || ch == '.'; }))
      w.erase(0, 1);
  // "7-8 hours", "3-4 hrs": a range of two numbers before a unit is the two
  // numbers around a dash, as "3 - 4 hours" reads (not one word).
  for (std::size_t k = 0; k + 1 < words.size(); ++k) {
    const std::string& w = words[k].first;
    const auto dash = w.find('-');
    if (dash == std::string::npos || dash == 0 || !is_digit(w[0]) || dash + 1 >= w.size()) continue;
    const auto lo = parse_number(w.substr(0, dash)), hi = parse_number(w.substr(dash + 1));
    if (!lo || !hi || *lo >= *hi || !lex.unit(words[k + 1].first)) continue;
    const std::string a = w.substr(0, dash), b = w.substr(dash + 1);
    words[k] = {a, a};
    words.insert(words.begin() + static_cast<std::ptrdiff_t>(k) + 1, {{"-", "-"}, {b, b}});
    caps.insert(caps.begin() + static_cast<std::ptrdiff_t>(k) + 1, 2, false);
    k += 2;
  }
  // 2. Numbers, quantities, times, ordinals, lemmas.
  std::vector<Token> out;
  out.reserve(words.size());
  const auto& nw = number_words();
  const auto& ow = ordinal_words();
  // Words after "5k" that make it kilometres; words before "1.8 m" that make it metres.
  static const std::unordered_set<std::string> kRaceWords = {"run", "runs", "race", "races", "parkrun", "jog", "walk", "fun"};
  static const std::unordered_set<std::string> kLengthWords = {"height", "tall", "length", "width", "depth",
                                                               "distance", "altitude", "elevation"};
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::size_t start = i;
    const std::string& w = words[i].first;
    Token t;
    t.surface = words[i].second;
    t.capitalised = caps[i];
    if (w.size() == 1 && std::string_view(",.;!?:=()-").find(w[0]) != std::string_view::npos) {
      t.kind = Token::Kind::punct;
      t.text = t.lemma = w;
      out.push_back(std::move(t));
      continue;
    }
    if (w == "'s"sv) {
      // After a noun, "'s" is also "is" or "has" ("my birthday's on 14
      // March", "Dan's my brother", "mum's lived there for years", "Mum's
      // 72"): a possessive is followed by what is possessed, never by a
      // preposition, a determiner or a past participle, nor by a bare number
      // that ends the clause.
      if (const auto verb = contracted_verb(words, i)) {
        t.text = *verb;
        t.lemma = *verb == "is"sv ? "be" : "have";
        out.push_back(std::move(t));
        continue;
      }
      t.kind = Token::Kind::possessive;
      t.text = t.lemma = w;
      out.push_back(std::move(t));
      continue;
    }
    std::optional<double> num;
    std::string attached_unit;
    if (const auto dash = w.find('-'); dash != std::string::npos && dash > 0 && dash + 1 < w.size() &&
                                       is_digit(w[0]) && is_digit(w[dash + 1]) &&
                                       (parse_clock(w.substr(0, dash)) || parse_clock(w.substr(dash + 1)))) {
      // "09:00-17:30", "9-5:30", "8am-4pm": a range of clock times in one
      // piece, as two times around a dash (clock_ranges reads the range).
      for (const std::string& part : {w.substr(0, dash), std::string("-"), w.substr(dash + 1)}) {
        Token p;
        p.surface = part;
        if (part == "-"sv) {
          p.kind = Token::Kind::punct;
          p.text = p.lemma = part;
        } else if (auto clock = parse_clock(part)) {
          p.kind = Token::Kind::time;
          // ("6:30-7:30": without am or pm each end is either; clock_ranges reads the pair.)
          p.text = p.lemma = open_clock(part) ? day_part_clock(*clock, words, i + 1) : *clock;
        } else if (auto n = parse_number(part)) {
          p.kind = Token::Kind::number;
          p.number = *n;
          p.text = p.lemma = format_number(*n);
        } else {
          p.kind = Token::Kind::word;
          p.text = p.lemma = part;
        }
        out.push_back(std::move(p));
      }
      continue;
    }
    if (w == "noon"sv || w == "midday"sv || w == "midnight"sv) {
      // Times of day by name: "between noon and 8pm", "in bed by midnight".
      t.kind = Token::Kind::time;
      t.text = t.lemma = w == "midnight"sv ? "00:00" : "12:00";
      out.push_back(std::move(t));
      continue;
    }
    if (auto clock = parse_clock(w); clock) {
      t.kind = Token::Kind::time;
      // "7:30 in the evening"; not "07:30", written as the 24-hour clock.
      t.text = t.lemma = open_clock(w) ? day_part_clock(*clock, words, i + 1) : *clock;
      out.push_back(std::move(t));
      continue;
    }
    if ((w == "three-quarters"sv || w == "quarter"sv || w == "three"sv) && i + 3 < words.size()) {
      // "three-quarters of an hour", "a quarter of an hour", "three quarters of an hour".
      std::size_t k = i;
      double part = 0;
      if (w == "three-quarters"sv) part = 0.75;
      else if (w == "quarter"sv) part = 0.25;
      else if (words[i + 1].first == "quarters"sv) part = 0.75, ++k;
      if (part > 0 && k + 3 < words.size() && words[k + 1].first == "of"sv &&
          (words[k + 2].first == "an"sv || words[k + 2].first == "a"sv)) {
        const UnitDef* u = lex.unit(words[k + 3].first);
        if (u) {
          t.kind = Token::Kind::quantity;
          t.dimension = u->dimension;
          t.number = part * u->factor;
          t.text = t.lemma = format_number(t.number) + std::string(base_unit(u->dimension));
          for (std::size_t q = i + 1; q <= k + 3; ++q) t.surface += " " + words[q].second;
          i = k + 3;
          out.push_back(std::move(t));
          continue;
        }
      }
    }
    if ((w == "half"sv || w == "quarter"sv) && i + 1 < words.size()) {
      // "half nine", "half past nine", "quarter past 7", "quarter to ten": a time of day.
      std::size_t k = i + 1;
      int offset = w == "half"sv ? 30 : 15;
      if (words[k].first == "past"sv) ++k;
      else if (words[k].first == "to"sv && w == "quarter"sv) offset = -15, ++k;
      else if (w == "quarter"sv) k = words.size();  // "a quarter of", "quarter two"
      std::optional<double> h;
      if (k < words.size()) h = is_digit(words[k].first[0]) ? parse_number(words[k].first) : word_number(words[k].first);
      const bool unit_next = k + 1 < words.size() && lex.unit(words[k + 1].first);
      if (h && *h >= 1 && *h <= 12 && std::fmod(*h, 1) == 0 && !unit_next) {
        int hh = static_cast<int>(*h), mm = offset;
        if (offset < 0) hh = hh == 1 ? 12 : hh - 1, mm = 60 + offset;
        if (auto clock = parse_clock(std::to_string(hh) + ":" + two(mm))) {
          t.kind = Token::Kind::time;
          t.text = t.lemma = day_part_clock(*clock, words, k + 1);
          for (std::size_t q = i + 1; q <= k; ++q) t.surface += " " + words[q].second;
          i = k;
          out.push_back(std::move(t));
          continue;
        }
      }
    }
    if (is_digit(w[0])) {
      std::size_t k = 0;
      while (k < w.size() && (is_digit(w[k]) || (w[k] == '.' && k + 1 < w.size() && is_digit(w[k + 1]))))
        ++k;
      num = parse_number(w.substr(0, k));
      const std::string rest = w.substr(k);
      if (num && !rest.empty()) {
        if (rest == "st"sv || rest == "nd"sv || rest == "rd"sv || rest == "th"sv) {
          t.kind = Token::Kind::ordinal;
          t.number = *num;
          t.text = t.lemma = format_number(*num) + "th";
          out.push_back(std::move(t));
          continue;
        }
        if (rest == "k"sv) {
          // "50k"; "a 10k run", "the 5k parkrun": kilometres.
          if (i + 1 < words.size() && kRaceWords.count(words[i + 1].first)) attached_unit = "km";
          else *num *= 1000;
        } else if (rest.size() > 1 && rest[0] == '-' && (rest == "-year-old"sv || rest == "-years-old"sv)) {
          // "a 6-year-old": an age, a plain number as "6 years old" reads
        } else if (rest.size() > 1 && rest[0] == '-' && lex.unit(rest.substr(1))) {
          attached_unit = rest.substr(1);  // "a 48-hour freeze", "a 5.5-litre basket"
        } else if (const auto in = rest.size() > 1 && rest[0] == '\'' ? parse_number(rest.substr(1)) : std::nullopt;
                   in && *in < 12 && feet_and_inches(lex, *num, *in)) {
          *num = *feet_and_inches(lex, *num, *in);  // 5'10
          attached_unit = "meter";
        } else if (lex.unit(rest)) {
          attached_unit = rest;

        } else if ((rest == "c"sv || rest == "f"sv) && std::isupper(static_cast<unsigned char>(words[i].second.back())) &&
                   temperature_at(words, i, w.find('.') < k)) {
          attached_unit = rest == "c"sv ? "\xc2\xb0" "c" : "\xc2\xb0" "f";  // "78F", "25.5C"
        } else {
          num.reset();
        }
      }
    } else if (auto v = word_number(w); v && !(w == "one"sv && i + 1 < words.size() && words[i + 1].first == "of"sv) &&
                                        !(w == "one"sv && pronoun_one(words, i))) {
      num = v;  // ("one of the maintainers" names a member, not a count)
    } else if (const auto dash = w.find('-'); dash != std::string::npos && dash > 0 && word_number(w.substr(0, dash)) &&
                                                (w.substr(dash) == "-year-old"sv || w.substr(dash) == "-years-old"sv ||
                                                 lex.unit(w.substr(dash + 1)))) {
      // "a six-year-old" (an age), "a two-day freeze", "a ten-minute walk".
      num = word_number(w.substr(0, dash));
      if (lex.unit(w.substr(dash + 1))) attached_unit = w.substr(dash + 1);
    } else if (w == "half"sv && i + 2 < words.size() && (words[i + 1].first == "a"sv || words[i + 1].first == "an"sv) &&
               lex.unit(words[i + 2].first)) {
      num = 0.5;  // "half an hour"
      ++i;
    } else if ((w == "a"sv || w == "an"sv) && i + 4 < words.size() && words[i + 2].first == "and"sv &&
               (words[i + 3].first == "a"sv || words[i + 3].first == "an"sv) && words[i + 4].first == "half"sv &&
               lex.unit(words[i + 1].first)) {
      // "an hour and a half": one and a half of the unit.
      num = 1.5;
      attached_unit = words[i + 1].first;
      for (std::size_t k = 1; k <= 4; ++k) t.surface += " " + words[i + k].second;
      i += 4;
    } else if ((w == "a"sv || w == "an"sv) && i > 0 && i + 1 < words.size() && duration_bound(words[i - 1].first) &&
               lex.unit(words[i + 1].first) && lex.unit(words[i + 1].first)->dimension == "duration"sv) {
      // "within an hour", "no later than a day after": one of the unit (not
      // a rate: "twice a day", "$20 an hour" have no such word before).
      num = 1;
    } else if ((w == "a"sv || w == "an"sv) && i + 1 < words.size() &&
               (words[i + 1].first == "dozen"sv || words[i + 1].first == "couple"sv ||
                (words[i + 1].first == "pair"sv && i + 2 < words.size() && words[i + 2].first == "of"sv))) {
      num = words[i + 1].first == "dozen"sv ? 12 : 2;
      ++i;
      if (i + 1 < words.size() && words[i + 1].first == "of"sv) ++i;
    } else if (auto ord = ordinal_word(w); ord) {
      t.kind = Token::Kind::ordinal;
      t.number = *ord;
      t.text = t.lemma = format_number(*ord) + "th";
      out.push_back(std::move(t));
      continue;
    } else if (auto it = ow.find(w); it != ow.end() && it->second > 0) {
      // "second" is also a unit: "30 second" was merged below already.
      t.kind = Token::Kind::ordinal;
      t.number = it->second;
      t.text = t.lemma = format_number(it->second) + "th";
      out.push_back(std::move(t));
      continue;
    }
    if (num) {
      // Compound number words: "one hundred", "thirty four" (the tens only in
      // words: "5k three times" is 5,000 and 3, not 5,003).
      const bool in_words = std::none_of(w.begin(), w.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
      // The scale last multiplied in (100, 1000), for a British "and".
      double scaled = w == "hundred"sv ? 100 : w == "thousand"sv ? 1000 : 0;
      // A code said digit by digit, "four four seven one", "zero one six
      // one": three or more words of one digit each ("oh" after the first)
      // are one number, as "4471" reads, not four.
      if (in_words && w != "oh"sv && decimal_digit(w)) {
        std::size_t k = i + 1;
        while (k < words.size() && decimal_digit(words[k].first)) ++k;
        // (Not counts said loosely: "two three four times a week", "two
        // three four coffees a day", "five six seven days".)
        const bool counts = k < words.size() && (lex.unit(words[k].first) || words[k].first == "times"sv ||
                                                 (words[k].first.size() > 3 && words[k].first.back() == 's'));
        if (k - i >= 3 && !counts) {
          std::string digits;
          for (std::size_t q = i; q < k; ++q) {
            digits += static_cast<char>('0' + *decimal_digit(words[q].first));
            if (q > i) t.surface += " " + words[q].second;
          }
          *num = std::strtod(digits.c_str(), nullptr);
          i = k - 1;
          scaled = -1;  // nothing more joins it
        }
      }
      while (scaled >= 0 && attached_unit.empty() && i + 1 < words.size()) {
        const std::string& nx = words[i + 1].first;
        // A number after "and" is added: "a hundred and twenty", "two
        // thousand and five", "three thousand and five hundred" (a smaller
        // scale after it), "two hundred and fifty thousand" (a larger one,
        // multiplied in next), but not "between a hundred and two hundred".
        const double next_scale =
            i + 3 < words.size()
                ? (words[i + 3].first == "hundred"sv     ? 100
                   : words[i + 3].first == "thousand"sv ? 1000
                   : words[i + 3].first == "million"sv  ? 1e6
                                                        : 1)
                : 1;
        const double after_and = scaled > 0 && in_words && nx == "and"sv && i + 2 < words.size() &&
                                          next_scale != scaled
                                      ? word_number(words[i + 2].first).value_or(0)
                                      : 0;
        if (nx == "hundred"sv) *num *= 100, ++i, scaled = 100;
        else if (nx == "thousand"sv) *num *= 1000, ++i, scaled = 1000;
        else if (after_and >= 1 && after_and < 100 && next_scale > 1 && next_scale < scaled)
          *num += after_and * next_scale, i += 3, scaled = 0;  // "three thousand and five hundred"
        else if (after_and >= 1 && after_and < 100)
          *num += after_and, i += 2, scaled = 0;  // "a hundred and twenty", "two thousand and five"
        else if (const auto rest = in_words && scaled > 0 && std::fmod(*num, scaled) == 0
                                       ? words_below(words, i + 1, scaled)
                                       : std::nullopt)
          *num += rest->first, i = rest->second, scaled = 0;  // "fourteen thousand four hundred"
        else if (nx == "million"sv) *num *= 1e6, ++i;
        else if (nx == "grand"sv && thousands_grand(words, i + 2)) *num *= 1000, ++i, scaled = 1000;  // "25 grand"
        else if (nx == "point"sv && in_words && std::fmod(*num, 1) == 0 && i + 2 < words.size() &&
                 decimal_digit(words[i + 2].first)) {
          // "nine point eight", "one point two five": decimals digit by digit.
          std::string digits;
          std::size_t k = i + 2;
          for (; k < words.size() && decimal_digit(words[k].first); ++k)
            digits += static_cast<char>('0' + *decimal_digit(words[k].first));
          *num = std::strtod((format_number(*num) + "." + digits).c_str(), nullptr);
          i = k - 1;
          break;
        }
        else if (auto it = nw.find(nx); it != nw.end() && in_words && std::fmod(*num, 100) >= 20 &&
                                         std::fmod(*num, 10) == 0 && it->second < 10 && nx != "single"sv &&
                                         nx != "couple"sv)
          *num += it->second, ++i;
        else if (const auto y = in_words ? year_in_words(*num, word_number(nx)) : std::nullopt)
          *num = *y, ++i;  // "nineteen ninety-five"
        else break;
      }
      // "one and a half minutes"
      if (attached_unit.empty() && i + 3 < words.size() && words[i + 1].first == "and"sv &&
          (words[i + 2].first == "a"sv || words[i + 2].first == "an"sv) && words[i + 3].first == "half"sv) {
        *num += 0.5;
        i += 3;
      }
      // Clock: "2 am", "7 o'clock".
      if (attached_unit.empty() && i + 1 < words.size()) {
        const std::string& nx = words[i + 1].first;
        std::optional<std::string> clock;
        if ((nx == "o'clock"sv || nx == "oclock"sv) && *num >= 1 && *num <= 12 && *num == std::floor(*num)) {
          // "10 o'clock": the hour, as "half nine" reads, without am / pm.
          clock = day_part_clock(two(static_cast<int>(*num)) + ":00", words, i + 2);
        } else if (nx == "am"sv || nx == "pm"sv || nx == "a.m."sv || nx == "p.m."sv || nx == "a.m"sv || nx == "p.m"sv) {
          clock = parse_clock(format_number(*num), nx);
        }
        if (clock) {
          t.kind = Token::Kind::time;
          t.text = t.lemma = *clock;
          t.surface += " " + words[i + 1].second;
          ++i;
          out.push_back(std::move(t));
          continue;
        }
      }
      if (attached_unit.empty() && i == start && bare_hour_at(words, i, *num)) {
        // "in bed by eleven", "alarm goes off at six every weekday", "stay
        // up past one": an hour after a word of time, as "at 11pm" says.
        t.kind = Token::Kind::time;
        t.text = t.lemma = day_part_clock(two(static_cast<int>(*num)) + ":00", words, i + 1);
        out.push_back(std::move(t));
        continue;
      }
      // Unit: attached ("30s") or following, up to three words ("requests per minute").
      // The first number of a range takes the unit after the second ("3 to
      // 4 hours", "7-8 hours": 3 hours and 4 hours); not "went from 5 to 12
      // minutes", "raised from 15 to 30 minutes" (a change from one amount
      // to another, the first as said), nor pounds (a sum or a weight: see
      // below).
      const bool range_first =
          attached_unit.empty() && i + 3 < words.size() && !lex.unit(words[i + 1].first) &&
          !(start > 0 && words[start - 1].first == "from"sv) &&
          (words[i + 1].first == "-"sv || words[i + 1].first == "to"sv || words[i + 1].first == "\xe2\x80\x93"sv) &&
          (is_digit(words[i + 2].first[0]) ? parse_number(words[i + 2].first) : word_number(words[i + 2].first)) &&
          words[i + 3].first.rfind("pound", 0) != 0;
      const UnitDef* unit = range_first ? lex.unit(words[i + 3].first) : nullptr;
      if (unit) {
        // (the range's unit, read above)
      } else if (!attached_unit.empty()) {
        unit = lex.unit(attached_unit);
      } else if (i + 1 < words.size()) {
        std::vector<std::string> next;
        for (std::size_t k = i + 1; k < words.size() && k < i + 4; ++k) next.push_back(words[k].first);
        if (auto m = lex.unit_table().match(next, 0)) {
          unit = &lex.unit_def(m.entry);
          for (std::size_t k = 0; k < m.length; ++k) t.surface += " " + words[i + 1 + k].second;
          i += m.length;
        }
      }
      if (!unit && attached_unit.empty() && i + 1 < words.size() &&
          (words[i + 1].second == "C"sv || words[i + 1].second == "F"sv) &&
          temperature_at(words, start, words[start].first.find('.') != std::string::npos)) {
        // "Temp 38.5 C", "set to 21 C"
        unit = lex.unit(words[i + 1].second == "C"sv ? "\xc2\xb0" "c" : "\xc2\xb0" "f");
        if (unit) t.surface += " " + words[i + 1].second, ++i;
      }
      if (unit && unit->canonical == "w"sv && !t.surface.empty() && (t.surface.back() == 'W' || power_text(words)))
        if (const UnitDef* watt = lex.unit("watt")) unit = watt;  // "100 W", "a 60w bulb": watts, not weeks
      if (unit && unit->canonical == "ft"sv && i + 1 < words.size()) {
        // "6 foot 1", "5 feet 10 inches", "6 ft 2 in tall": feet and inches
        // (a number under 12 that ends the measure).
        const std::string& nx = words[i + 1].first;
        const auto in = is_digit(nx[0]) ? parse_number(nx) : word_number(nx);
        const UnitDef* after = i + 2 < words.size() ? lex.unit(words[i + 2].first) : nullptr;
        // "in" is an inch only where nothing follows it ("6 ft 2 in", "6 ft 2 in.").
        const bool in_abbrev = i + 2 < words.size() && words[i + 2].first == "in"sv &&
                               (i + 3 >= words.size() || words[i + 3].first.size() == 1 || words[i + 3].first == "tall"sv);
        const bool inch = (after && after->canonical == "in"sv) || in_abbrev;
        static const std::unordered_set<std::string> after_height = {"tall", "and", "but", "now", "or", "barefoot",
                                                                     "today"};
        const bool ends = i + 2 >= words.size() || inch || words[i + 2].first.size() == 1 ||
                          after_height.count(words[i + 2].first);
        if (in && *in < 12 && (after == nullptr || inch) && ends && feet_and_inches(lex, *num, *in)) {
          *num = *feet_and_inches(lex, *num, *in);
          unit = lex.unit("meter");
          const std::size_t used = inch ? 2 : 1;
          for (std::size_t k = 1; k <= used; ++k) t.surface += " " + words[i + k].second;
          i += used;
        }
      }
      if (unit && unit->canonical == "min"sv && i + 1 < words.size() &&
          (attached_unit == "m"sv || words[i].first == "m"sv)) {
        // "1.82 m tall", "a 5m wide gap": metres, not minutes.
        const std::string& nx = words[i + 1].first;
        if (nx == "tall"sv || nx == "long"sv || nx == "high"sv || nx == "wide"sv || nx == "deep"sv)
          if (const UnitDef* metre = lex.unit("meter")) unit = metre;
      }
      if (unit && unit->canonical == "min"sv && (attached_unit == "m"sv || words[i].first == "m"sv)) {
        // "Height: 1.80 m", "the pool is 25 m in length": a measure of length
        // said just before the number makes it metres.
        bool length = false;
        for (std::size_t k = start > 4 ? start - 4 : 0; k < start; ++k) length = length || kLengthWords.count(words[k].first);
        // Two sides of an area ("3m x 2m", "10 m by 5 m", "2.4 x 1.8m").
        auto times = [&](std::size_t k) {
          return k < words.size() && (words[k].first == "x"sv || words[k].first == "\xc3\x97"sv || words[k].first == "by"sv);
        };
        auto number = [&](std::size_t k) {
          return k < words.size() && !words[k].first.empty() && is_digit(words[k].first[0]);
        };
        auto metres = [&](std::size_t k) {
          return number(k) && (words[k].first.back() == 'm' || (k + 1 < words.size() && words[k + 1].first == "m"sv));
        };
        length = length || (times(i + 1) && metres(i + 2)) || (start >= 2 && times(start - 1) && metres(start - 2));
        if (length)
          if (const UnitDef* metre = lex.unit("meter")) unit = metre;
      }
      if (unit && unit->canonical == "lb"sv && (words[i].first == "pounds"sv || words[i].first == "pound"sv)) {
        // "I'm paying twenty pounds monthly": money where the text speaks of
        // money and not of weight ("my GSD weighs about 66 pounds").
        static const std::unordered_set<std::string> kMoney = {
            "pay",    "pays",   "paying",  "paid",   "cost",   "costs",  "costing", "price",  "prices", "priced",
            "spend",  "spends", "spent",   "earn",   "earns",  "earned", "salary",  "wage",   "wages",  "rent",
            "fee",    "fees",   "charge",  "charges", "charged", "owe",  "owes",    "owed",   "budget", "bill",
            "bills",  "worth",  "tip",     "donate", "donated", "lend",  "lent",    "borrow", "borrowed", "income",
            "stipend", "subscription", "deposit", "loan", "quid", "cheaper", "expensive"};
        static const std::unordered_set<std::string> kWeight = {
            "weigh", "weighs", "weighed", "weighing", "weight", "heavy", "lost", "gained", "lose", "loses", "losing",
            "gain", "gains", "gaining", "kg", "stone", "lbs", "lb", "bench", "benches", "lift", "lifts", "lifting",
            "squat", "squats", "deadlift", "baggage", "luggage", "bag", "suitcase", "dog", "cat", "baby", "born"};
        // Within eight words of the amount, not the whole text ("I bench 200
        // pounds at a gym that costs too much").
        bool money = false, weight = false;
        const std::size_t lo = start > 8 ? start - 8 : 0, hi = std::min(words.size(), i + 9);
        for (std::size_t k = lo; k < hi; ++k)
          money = money || kMoney.count(words[k].first), weight = weight || kWeight.count(words[k].first);
        if (money && !weight)
          if (const UnitDef* gbp = lex.unit("gbp")) unit = gbp;
      }
      if (unit && (unit->canonical == "stone"sv || unit->canonical == "lb"sv) && i + 1 < words.size()) {
        // "7lb 8oz", "7 pounds 8 ounces", "11 stone 4 lb", "11 stone 4": a
        // mass in two units, as "6 foot 1" is a height.
        const std::string_view smaller = unit->canonical == "stone"sv ? "lb"sv : "oz"sv;
        const std::string& nx = words[i + 1].first;
        std::size_t digits = 0;
        while (digits < nx.size() && (is_digit(nx[digits]) || nx[digits] == '.')) ++digits;
        std::optional<double> n2;
        const UnitDef* u2 = nullptr;
        std::size_t used = 1;
        if (digits > 0 && digits < nx.size()) {
          n2 = parse_number(std::string_view(nx).substr(0, digits));
          u2 = lex.unit(nx.substr(digits));
        } else {
          n2 = digits > 0 ? parse_number(nx) : word_number(nx);
          if (i + 2 < words.size()) u2 = lex.unit(words[i + 2].first), used = u2 ? 2 : 1;
          // "11 stone 4", "3 stone 2 and a bit", "11 stone 4 now": pounds,
          // where the number ends the measure.
          static const std::unordered_set<std::string> kEnds = {"and", "but", "now", "or", "today", "before",
                                                                "after", "since", "when", "these", "at", "last"};
          if (!u2 && unit->canonical == "stone"sv &&
              (i + 2 >= words.size() || (words[i + 2].first.size() == 1 && words[i + 2].first != "a"sv) ||
               kEnds.count(words[i + 2].first)))
            u2 = lex.unit("lb");
        }
        const double most = unit->canonical == "stone"sv ? 14 : 16;
        if (n2 && *n2 >= 0 && *n2 < most && u2 && u2->canonical == smaller && lex.unit("kg")) {
          *num = *num * unit->factor + *n2 * u2->factor;
          unit = lex.unit("kg");
          for (std::size_t k = 1; k <= used; ++k) t.surface += " " + words[i + k].second;
          i += used;
        }
      }
      if (unit && unit->dimension == "duration"sv && unit->canonical == "y"sv && i + 1 < words.size() &&
          words[i + 1].first == "old"sv) {
        ++i;  // "34 years old": an age, a plain number
        unit = nullptr;
      }
      if (unit) {
        t.kind = Token::Kind::quantity;
        t.dimension = unit->dimension;
        t.number = *num * unit->factor + unit->offset;
        t.text = t.lemma = format_number(t.number) + std::string(base_unit(unit->dimension));
      } else {
        t.kind = Token::Kind::number;
        t.number = *num;
        t.text = t.lemma = format_number(*num);
      }
      out.push_back(std::move(t));
      continue;
    }
    t.kind = Token::Kind::word;
    t.text = w;
    t.lemma = lex.lemma(w);
    out.push_back(std::move(t));
  }
  clock_ranges(out);
  products(out);
  // A blood group ("A positive", "O negative", "AB neg"): one word
  // ("a-positive", "o-negative"). A lower-case "a" is the article ("a
  // positive outlook").
  for (std::size_t i = 0; i < out.size(); ++i) {
    // Written with its sign: "A+", "AB+", "O-" (upper case, or "ab+" / "o-").
    Token& w = out[i];
    // Said of someone ("I'm A+", "blood type AB+"), not a grade ("got an A+").
    const bool said_of = i > 0 && out[i - 1].is_word() &&
                         (out[i - 1].lemma == "be"sv || out[i - 1].text == "im"sv || out[i - 1].text == "type"sv ||
                          out[i - 1].text == "group"sv || out[i - 1].text == "blood"sv || out[i - 1].text == "as"sv);
    if (said_of && w.is_word() && w.text.size() >= 2 && w.text.size() <= 3 &&
        (w.text.back() == '+' || w.text.back() == '-')) {
      const std::string group = w.text.substr(0, w.text.size() - 1);
      const std::string s0 = w.surface.substr(0, w.surface.size() - 1);
      if (s0 == "A"sv || s0 == "B"sv || s0 == "AB"sv || s0 == "O"sv || s0 == "ab"sv || s0 == "o"sv) {
        w.text = w.lemma = group + (w.text.back() == '+' ? "-positive" : "-negative");
        w.capitalised = false;
      }
    }
  }
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    const Token& g = out[i];
    const std::string& r = out[i + 1].text;
    if (!g.is_word() || !out[i + 1].is_word() || !(r == "positive"sv || r == "negative"sv || r == "pos"sv || r == "neg"sv))
      continue;
    const std::string& s = g.surface;
    const bool group = s == "A"sv || s == "B"sv || s == "AB"sv || s == "O"sv || s == "o"sv || s == "ab"sv;
    // Said of someone or a blood type ("I'm O negative", "blood group: A
    // positive"), not "A positive attitude", "Plan B positive outcome".
    const bool said_of = i > 0 && out[i - 1].is_word() &&
                         (out[i - 1].lemma == "be"sv || out[i - 1].text == "im"sv || out[i - 1].text == "type"sv ||
                          out[i - 1].text == "group"sv || out[i - 1].text == "blood"sv || out[i - 1].text == "as"sv);
    // (after a colon, or "blood type's O neg")
    const bool after_colon = i > 0 && ((out[i - 1].kind == Token::Kind::punct && out[i - 1].text == ":"sv) ||
                                       out[i - 1].kind == Token::Kind::possessive);
    if (!group || !(said_of || after_colon)) continue;
    Token m = g;
    m.text = m.lemma = g.text + (r[0] == 'p' ? "-positive" : "-negative");
    m.surface = g.surface + " " + out[i + 1].surface;
    m.capitalised = false;
    out[i] = std::move(m);
    out.erase(out.begin() + static_cast<long>(i) + 1);
  }
  // "12 May", "May 21st", "the 3rd of May", "May 2024": the month, not the
  // modal. Its lemma is set apart so that no modal or auxiliary table reads
  // it; the text stays "may", which is what dates read.
  auto day_at = [&](std::size_t k) {
    return k < out.size() && (out[k].kind == Token::Kind::number || out[k].kind == Token::Kind::ordinal) &&
           out[k].number >= 1 && out[k].number <= 31 && out[k].number == static_cast<int>(out[k].number);
  };
  auto year_at = [&](std::size_t k) {
    return k < out.size() && out[k].kind == Token::Kind::number && out[k].number >= 1900 && out[k].number < 2200;
  };
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out[i].is_word() || out[i].text != "may"sv) continue;
    // After a number only where no verb follows ("Children under 12 may
    // not enter", "Only 3 may attend" keep the modal).
    auto verb_next = [&] {
      if (i + 1 >= out.size() || !out[i + 1].is_word()) return false;
      const std::string& n = out[i + 1].text;
      return n == "not"sv || n == "be"sv || n == "have"sv || n == "also"sv || n == "only"sv || n == "never"sv ||
             lex.lemma(n) == n;
    };
    const bool before = i > 0 && day_at(i - 1) && !verb_next();
    const bool of_before = i > 1 && out[i - 1].is_word() && out[i - 1].text == "of"sv && day_at(i - 2);
    // After it, a day is a date when it reads as one: an ordinal ("May
    // 21st"), the end of a clause, a year, or "May" after "on", "in", "by"...
    // ("You may 2 ..." stays the modal).
    bool after = false;
    if (day_at(i + 1)) {
      const bool closes = i + 2 >= out.size() || out[i + 2].kind == Token::Kind::punct || year_at(i + 2);
      const bool placed = i > 0 && out[i - 1].is_word() &&
                          (out[i - 1].text == "on"sv || out[i - 1].text == "in"sv || out[i - 1].text == "by"sv ||
                           out[i - 1].text == "until"sv || out[i - 1].text == "since"sv ||
                           out[i - 1].text == "from"sv || out[i - 1].text == "before"sv ||
                           out[i - 1].text == "after"sv || out[i - 1].text == "till"sv);
      after = out[i + 1].kind == Token::Kind::ordinal || closes || placed;
    }
    if (before || of_before || after || year_at(i + 1)) out[i].lemma = "may_month";
  }
  return out;
}

}  // namespace credence
