#pragma once
/// \file string_table.hpp
/// Hash tables keyed by strings that are looked up by std::string_view (or
/// a literal) without building a temporary std::string. Two families:
///
/// - StringMap (std::hash, murmur): keys of any length, such as the state's
///   entity ids (engine/state.hpp).
/// - WordMap / WordSet (FNV-1a): short keys (words, phrases, names) looked
///   up many times per statement by the judge and the normaliser in WordNet
///   and the lexicon. For a six-letter word murmur cost more than the rest
///   of a lookup; FNV-1a is a multiply and an xor per byte.
///
/// Both hashes are for in-memory tables only: never store or send them (use
/// hash64 in common/hash.hpp for anything that must be stable).
///
/// Both are deliberately not noexcept: libstdc++ then caches each node's
/// hash code, so a lookup walking a bucket compares cached codes instead of
/// re-hashing (and fetching) every neighbouring key.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

namespace credence {

/// std::hash of the characters, for a std::string or a string_view alike.
struct StringKeyHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

/// FNV-1a over the bytes, well spread for words (the tables' bucket counts
/// are primes).
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

static_assert(!std::is_nothrow_invocable_v<const StringKeyHash&, const std::string&>,
              "StringKeyHash must stay potentially-throwing so hash codes are cached");
static_assert(!std::is_nothrow_invocable_v<const WordHash&, const std::string&>,
              "WordHash must stay potentially-throwing so hash codes are cached");

/// An unordered map keyed by strings of any length, with heterogeneous lookup.
template <class V>
using StringMap = std::unordered_map<std::string, V, StringKeyHash, std::equal_to<>>;

/// A map from a word or phrase, found by std::string, std::string_view or a
/// literal.
template <class V>
using WordMap = std::unordered_map<std::string, V, WordHash, std::equal_to<>>;
/// A set of words or phrases, tested by std::string, std::string_view or a
/// literal.
using WordSet = std::unordered_set<std::string, WordHash, std::equal_to<>>;

}  // namespace credence
