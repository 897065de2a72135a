#pragma once
/// \file digest.hpp
/// A digest of the whole state: every entity's state-store key and every one
/// of its fields, in a canonical binary form, in key order. Two states with
/// the same digest hold the same entities with the same field values. Used by
/// `credence replay --verify` (which loads the persisted state into a State
/// and digests both the same way).

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace credence {

/// Visits every (key, JSON) pair of the state in key order (for naming the
/// first difference between two states; slower than the digest).
void for_each_entity(const State& s,
                     const std::function<void(std::string_view key,
                                              std::string_view json)>& fn);

/// The digest of a state (32 hex digits). Uses `threads` threads (the
/// entities are split between them).
std::string state_digest(const State& s, unsigned threads = 1);

/// A digest over a set of (key, bytes) entries. Order-independent (a sum of
/// per-entry hashes), so entries can be added in any order, from several
/// threads (one StateDigest each, then merge()).
class StateDigest {
 public:
  void add(std::string_view key, std::string_view bytes);
  void merge(const StateDigest& o);
  std::string hex() const;
  std::uint64_t entities() const { return n_; }

 private:
  std::uint64_t a_ = 0, b_ = 0, n_ = 0;
};

}  // namespace credence
