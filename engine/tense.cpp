#include "engine/tense.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "engine/wordnet.hpp"

namespace credence {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

template <std::size_t N>
bool in(const std::array<const char*, N>& set, const std::string& w) {
  return std::any_of(set.begin(), set.end(), [&](const char* x) { return w == x; });
}

constexpr std::array<const char*, 3> kBe = {"am", "is", "are"};
constexpr std::array<const char*, 2> kHave = {"have", "has"};
constexpr std::array<const char*, 2> kDo = {"do", "does"};
constexpr std::array<const char*, 9> kPast = {"was",  "were", "had",  "did",  "went",
                                              "used", "left", "quit", "came"};
constexpr std::array<const char*, 12> kSubjectPronouns = {
    "i", "we", "you", "they", "people", "users", "teams", "developers",
    "engineers", "kids", "parents", "both"};
constexpr std::array<const char*, 14> kDeterminers = {
    "the", "a", "an", "my", "your", "his", "her", "our", "their", "its", "this", "that",
    "these", "those"};

struct Token {
  std::string text;  // as written
  std::string low;   // lower case, without trailing punctuation
  std::string trail; // trailing punctuation
};

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) {
      std::string w(text.substr(i, j - i));
      std::string trail;
      while (!w.empty() && std::ispunct(static_cast<unsigned char>(w.back())) && w.back() != '\'') {
        trail.insert(trail.begin(), w.back());
        w.pop_back();
      }
      out.push_back({w, lower(w), trail});
    }
    i = j;
  }
  return out;
}

/// Splits contractions: "I'm" -> "I" "am", "don't" -> "do" "not".
std::vector<Token> expand(std::vector<Token> in_tokens) {
  std::vector<Token> out;
  for (auto& t : in_tokens) {
    const std::string low = t.low;
    auto split = [&](std::size_t cut, const char* second) {
      Token a{t.text.substr(0, cut), low.substr(0, cut), ""};
      Token b{second, second, t.trail};
      out.push_back(a);
      out.push_back(b);
    };
    auto ends = [&](const char* suf) {
      const std::string s(suf);
      return low.size() > s.size() && low.compare(low.size() - s.size(), s.size(), s) == 0;
    };
    if (low == "can't" || low == "cannot") {
      split(2, "not");
      out[out.size() - 2] = Token{t.text.substr(0, 2), "can", ""};
    } else if (low == "won't") {
      out.push_back({"will", "will", ""});
      out.push_back({"not", "not", t.trail});
    } else if (ends("n't")) {
      split(low.size() - 3, "not");
    } else if (ends("'m")) {
      split(low.size() - 2, "am");
    } else if (ends("'re")) {
      split(low.size() - 3, "are");
    } else if (ends("'ve")) {
      split(low.size() - 3, "have");
    } else if (ends("'s") && (low == "it's" || low == "he's" || low == "she's" ||
                              low == "that's" || low == "there's")) {
      split(low.size() - 2, "is");
    } else {
      out.push_back(std::move(t));
    }
  }
  return out;
}

std::string verb_base(const WordNet* wn, const std::string& w) {
  if (!wn) return {};
  auto forms = wn->base_forms(w, Pos::verb);
  for (const auto& f : forms)
    if (f != w) return f;
  return forms.empty() ? std::string() : forms.front();
}

bool is_verb_base(const WordNet* wn, const std::string& w) {
  return wn && !wn->synsets(w, Pos::verb).empty();
}

std::string join(const std::vector<Token>& t) {
  std::string out;
  for (const auto& x : t) {
    if (x.text.empty() && x.trail.empty()) continue;
    if (!out.empty()) out += ' ';
    out += x.text;
    out += x.trail;
  }
  return out;
}

}  // namespace

std::string past_tense(std::string_view original, const WordNet* wn) {
  // Typographic apostrophes (U+2019) read as ASCII ones.
  std::string text(original);
  for (std::size_t p; (p = text.find("\xe2\x80\x99")) != std::string::npos;)
    text.replace(p, 3, "'");
  auto tokens = expand(tokenize(text));
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& w = tokens[i].low;
    if (in(kPast, w)) return std::string(original);  // already past
    const bool after_subject = i > 0;
    const std::string next = i + 1 < tokens.size() ? tokens[i + 1].low : "";
    const std::string next2 = i + 2 < tokens.size() ? tokens[i + 2].low : "";
    auto replace = [&](std::size_t count, std::string with) {
      Token t{std::move(with), "", tokens[i + count - 1].trail};
      tokens.erase(tokens.begin() + static_cast<long>(i),
                   tokens.begin() + static_cast<long>(i + count));
      tokens.insert(tokens.begin() + static_cast<long>(i), t);
      return join(tokens);
    };
    if (in(kBe, w) && after_subject) {
      if (next == "not") return replace(2, "used to not be");
      return replace(1, "used to be");
    }
    if (in(kHave, w) && after_subject) {
      if (next == "been") return replace(2, "used to be");
      if (next == "not" && !next2.empty()) return replace(2, "used to not have");
      const std::string base = verb_base(wn, next);
      if (!base.empty() && next.size() > 2 &&
          (next.ends_with("ed") || next.ends_with("en") || next.ends_with("wn")))
        return replace(2, "used to " + base);
      return replace(1, "used to have");
    }
    if (in(kDo, w) && after_subject && next == "not" && !next2.empty())
      return replace(2, "used to not");
    if ((w == "must" || w == "should") && after_subject) return replace(1, "used to have to");
    if (w == "can" && after_subject) {
      if (next == "not") return replace(2, "used to be unable to");
      return replace(1, "used to be able to");
    }
    if (w == "will" && after_subject) return replace(1, "used to");
    if (!after_subject) continue;
    const std::string prev = tokens[i - 1].low;
    if (in(kDeterminers, prev)) continue;
    // A noun subject followed by its verb ("colors are") is not a verb itself.
    if (in(kBe, next) || in(kHave, next)) continue;
    if (w.size() > 2 && w.back() == 's' && !w.ends_with("ss")) {
      const std::string base = verb_base(wn, w);
      if (!base.empty() && base != w) return replace(1, "used to " + base);
    }
    if (in(kSubjectPronouns, prev) || (prev.size() > 3 && prev.back() == 's')) {
      const std::string base = verb_base(wn, w);
      if (w.ends_with("ed") && !base.empty() && base != w) return std::string(original);
      if (is_verb_base(wn, w)) return replace(1, "used to " + w);
    }
  }
  return "Previously: " + std::string(original);
}

}  // namespace credence
