#pragma once
/// \file string_table.hpp
/// Hash tables keyed by short strings (words, phrases, names) that are
/// looked up by std::string_view without building a std::string, with a
/// hash made for short keys.
///
/// Why: the judge and the normaliser look words up in WordNet and the
/// lexicon dozens of times per statement. std::hash<std::string> (murmur)
/// costs more than the rest of a lookup for a six-letter word, and a lookup
/// by string_view in a std::unordered_map<std::string, ...> copies the key.
/// The hash is for in-memory tables only: never store or send it (use
/// hash64 in common/hash.hpp for anything that must be stable).

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

namespace credence {

/// FNV-1a over the bytes: a multiply and an xor per byte, well spread for
/// words (the tables' bucket counts are primes). Deliberately not noexcept:
/// libstdc++ then caches each node's hash code, so walking a bucket compares
/// cached codes instead of re-hashing its neighbours (as StringKeyHash in
/// engine/state.hpp).
struct WordHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : s) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ULL;
    }
    return static_cast<std::size_t>(h);
  }
};

static_assert(!std::is_nothrow_invocable_v<const WordHash&, const std::string&>,
              "WordHash must stay potentially-throwing so hash codes are cached");

/// A map from a word or phrase, found by std::string, std::string_view or a
/// literal.
template <class V>
using WordMap = std::unordered_map<std::string, V, WordHash, std::equal_to<>>;
/// A set of words or phrases, tested by std::string, std::string_view or a
/// literal.
using WordSet = std::unordered_set<std::string, WordHash, std::equal_to<>>;

}  // namespace credence
