#include "engine/text_terms.hpp"

#include "common/hash.hpp"

#include <algorithm>
#include <iterator>

namespace credence::text {

namespace {

bool word_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c >= 0x80;
}

// Sorted, so membership is a binary search (no static-init order issues).
constexpr std::string_view kStopwords[] = {
    "a",       "about",   "above",  "after",      "again",    "against",
    "ain",     "all",     "also",   "am",         "an",       "and",
    "any",     "are",     "arent",  "as",         "at",       "be",
    "because", "been",    "before", "being",      "below",    "between",
    "both",    "but",     "by",     "can",        "cant",     "could",
    "couldnt", "did",     "didnt",  "do",         "does",     "doesnt",
    "doing",   "dont",    "down",   "during",     "each",     "either",
    "else",    "even",    "ever",   "every",      "few",      "for",
    "from",    "further", "had",    "hadnt",      "has",      "hasnt",
    "have",    "havent",  "having", "he",         "her",      "here",
    "hers",    "herself", "him",    "himself",    "his",      "how",
    "i",       "id",      "if",     "ill",        "im",       "in",
    "into",    "is",      "isnt",   "it",         "its",      "itself",
    "ive",     "just",    "let",    "lets",       "me",       "might",
    "more",    "most",    "must",   "mustnt",     "my",       "myself",
    "neither", "never",   "no",     "nor",        "not",      "now",
    "of",      "off",     "on",     "once",       "only",     "or",
    "other",   "our",     "ours",   "ourselves",  "out",      "over",
    "own",     "quite",   "rather", "really",     "s",        "same",
    "shall",   "she",     "should", "shouldnt",   "so",       "some",
    "such",    "t",       "than",   "that",       "thats",    "the",
    "their",   "theirs",  "them",   "themselves", "then",     "there",
    "these",   "they",    "this",   "those",      "through",  "to",
    "too",     "under",   "until",  "up",         "us",       "very",
    "was",     "wasnt",   "we",     "were",       "werent",   "what",
    "when",    "where",   "which",  "while",      "who",      "whom",
    "why",     "will",    "with",   "wont",       "would",    "wouldnt",
    "yet",     "you",     "your",   "yours",      "yourself",
};
static_assert(std::is_sorted(std::begin(kStopwords), std::end(kStopwords)),
              "kStopwords must stay sorted");

}  // namespace

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (word_char(c)) {
      cur.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a')
                                         : static_cast<char>(c));
      continue;
    }
    // An apostrophe (ASCII or U+2019) inside a word is dropped.
    const bool ascii_apos = c == '\'';
    const bool utf8_apos = c == 0xE2 && i + 2 < s.size() &&
                           static_cast<unsigned char>(s[i + 1]) == 0x80 &&
                           static_cast<unsigned char>(s[i + 2]) == 0x99;
    if ((ascii_apos || utf8_apos) && !cur.empty()) {
      const std::size_t next = i + (utf8_apos ? 3 : 1);
      if (next < s.size() && word_char(static_cast<unsigned char>(s[next])) &&
          static_cast<unsigned char>(s[next]) < 0x80) {
        i = next - 1;
        continue;
      }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    cur.clear();
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

bool is_stopword(std::string_view w) {
  return std::binary_search(std::begin(kStopwords), std::end(kStopwords), w);
}

std::vector<std::string> content_words(std::string_view s) {
  auto all = words(s);
  std::erase_if(all, [](const std::string& w) { return is_stopword(w); });
  return all;
}

std::string light_stem(std::string_view w) {
  auto ends = [&](std::string_view suf) {
    return w.size() > suf.size() + 2 && w.substr(w.size() - suf.size()) == suf;
  };
  if (ends("ies")) return std::string(w.substr(0, w.size() - 3)) + "y";
  if (ends("ing")) return std::string(w.substr(0, w.size() - 3));
  if (ends("ed")) return std::string(w.substr(0, w.size() - 2));
  if (ends("es") &&
      (ends("ches") || ends("shes") || ends("sses") || ends("xes")))
    return std::string(w.substr(0, w.size() - 2));
  if (ends("s") && !ends("ss") && !ends("us") && !ends("is"))
    return std::string(w.substr(0, w.size() - 1));
  return std::string(w);
}

std::vector<std::uint32_t> terms(std::string_view s) {
  std::vector<std::uint32_t> out;
  for (const auto& w : content_words(s))
    out.push_back(
        static_cast<std::uint32_t>(hash64(light_stem(w), 0x7465726d) >> 32));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::size_t common_count(const std::vector<std::string>& sorted_a,
                         const std::vector<std::string>& sorted_b) {
  std::size_t n = 0;
  for (auto i = sorted_a.begin(), j = sorted_b.begin(); i != sorted_a.end() && j != sorted_b.end();) {
    if (*i < *j) {
      ++i;
    } else if (*j < *i) {
      ++j;
    } else {
      ++n;
      ++i;
      ++j;
    }
  }
  return n;
}

}  // namespace credence::text
