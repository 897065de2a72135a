#pragma once
/// \file wn_fast.hpp
/// WordNet relations for the judge's hot path (internal to engine/). Claim
/// values are already lemmas, so these use the exact-lemma index: no
/// morphology and no heap allocation, unlike WordNet's general helpers.

#include <algorithm>
#include <span>
#include <string>
#include <utility>

#include "engine/wordnet.hpp"

namespace credence::wn_fast {

using Ids = std::span<const WordNet::SynsetId>;

inline Ids first_senses(Ids ids, std::size_t k) { return ids.first(std::min(ids.size(), k)); }

inline bool contains(Ids ids, WordNet::SynsetId id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }

/// Some sense in `from` reaches some sense in `targets` through the given
/// relations within `depth` steps.
inline bool reaches(const WordNet& wn, Ids from, Ids targets, bool holonyms, int depth) {
  if (from.empty() || targets.empty()) return false;
  WordNet::SynsetId buf_a[64], buf_b[64];
  std::size_t n = 0;
  for (auto s : from)
    if (n < 64) buf_a[n++] = s;
  WordNet::SynsetId* cur = buf_a;
  WordNet::SynsetId* nxt = buf_b;
  for (int d = 0; d < depth && n > 0; ++d) {
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (WordNet::SynsetId up : holonyms ? wn.holders(cur[i]) : wn.parents(cur[i])) {
        if (contains(targets, up)) return true;
        if (m < 64) nxt[m++] = up;
      }
    std::swap(cur, nxt);
    n = m;
  }
  return false;
}

/// Holonym chain: "austin" is part of "texas" is part of "united_states".
inline bool part_of(const WordNet& wn, const std::string& part, const std::string& whole) {
  return reaches(wn, first_senses(wn.synsets(part, Pos::noun), 3), wn.synsets(whole, Pos::noun), true, 5);
}

inline bool fast_is_a(const WordNet& wn, const std::string& specific, const std::string& general, std::size_t senses,
               int depth) {
  return reaches(wn, first_senses(wn.synsets(specific, Pos::noun), senses),
                 first_senses(wn.synsets(general, Pos::noun), senses), false, depth);
}

inline bool fast_synonyms(const WordNet& wn, const std::string& a, const std::string& b, Pos pos, std::size_t senses) {
  const Ids x = first_senses(wn.synsets(a, pos), senses), y = first_senses(wn.synsets(b, pos), senses);
  for (auto s : x)
    if (contains(y, s)) return true;
  return false;
}

/// Siblings under one immediate hypernym, neither a kind of the other.
inline bool fast_co_hyponyms(const WordNet& wn, const std::string& a, const std::string& b) {
  const Ids x = first_senses(wn.synsets(a, Pos::noun), 2), y = first_senses(wn.synsets(b, Pos::noun), 2);
  if (x.empty() || y.empty()) return false;
  bool shared = false;
  for (auto s : x)
    for (auto ps : wn.parents(s))
      for (auto t : y)
        for (auto pt : wn.parents(t))
          if (pt == ps) shared = true;
  if (!shared) return false;
  for (auto s : x)
    if (contains(y, s)) return false;
  return !reaches(wn, x, y, false, 8) && !reaches(wn, y, x, false, 8);
}

/// Different things with a common ancestor at most `depth` hypernym steps
/// above each ("beer" / "wine": both alcohol), neither a kind of the other.
inline bool close_siblings(const WordNet& wn, const std::string& a, const std::string& b, int depth) {
  const Ids x = first_senses(wn.synsets(a, Pos::noun), 2), y = first_senses(wn.synsets(b, Pos::noun), 2);
  if (x.empty() || y.empty()) return false;
  auto up = [&](Ids from, WordNet::SynsetId* out, std::size_t cap) {
    std::size_t n = 0, begin = 0;
    for (auto s : from)
      if (n < cap) out[n++] = s;
    for (int d = 0; d < depth; ++d) {
      const std::size_t end = n;
      for (std::size_t i = begin; i < end; ++i)
        for (auto parent : wn.parents(out[i]))
          if (n < cap) out[n++] = parent;
      begin = end;
    }
    return n;
  };
  WordNet::SynsetId ax[96], bx[96];
  const std::size_t na = up(x, ax, 96), nb = up(y, bx, 96);
  for (std::size_t i = 0; i < na; ++i)
    for (std::size_t j = 0; j < nb; ++j)
      if (ax[i] == bx[j]) {
        // A shared synset that is one of the words themselves is is-a, not siblings.
        if (contains(x, ax[i]) || contains(y, bx[j])) return false;
        return true;
      }
  return false;
}

/// Direct (lexical or semantic) antonym pointers among the first senses.
inline bool direct_antonyms(const WordNet& wn, const std::string& a, const std::string& b, Pos pos) {
  const Ids x = first_senses(wn.synsets(a, pos), 3), y = first_senses(wn.synsets(b, pos), 3);
  for (auto s : x)
    for (const auto& p : wn.pointers(s))
      if (p.rel == WordNet::Rel::antonym && contains(y, p.target)) return true;
  return false;
}

}  // namespace credence::wn_fast
