#pragma once
/// \file hash.hpp
/// Non-cryptographic hashing for state digests, feature hashing and ids.
///
/// `hash64` is a fast 64-bit hash of bytes (stable across runs, platforms and
/// builds: it is part of on-disk digests and the hash embedder). `Digest`
/// accumulates a 128-bit order-sensitive digest printed as 32 hex digits.

#include <cstdint>
#include <string>
#include <string_view>

namespace credence {

/// Stable 64-bit hash of a byte string with a seed.
std::uint64_t hash64(std::string_view bytes, std::uint64_t seed = 0) noexcept;

/// Mixes a 64-bit value (a bijection; good avalanche).
inline std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

/// An order-sensitive 128-bit digest over a sequence of byte strings.
class Digest {
 public:
  void add(std::string_view bytes) noexcept;
  void add_u64(std::uint64_t v) noexcept;
  /// 32 lowercase hex digits.
  std::string hex() const;
  bool operator==(const Digest& o) const noexcept {
    return a_ == o.a_ && b_ == o.b_;
  }

 private:
  std::uint64_t a_ = 0x6a09e667f3bcc908ULL;
  std::uint64_t b_ = 0xbb67ae8584caa73bULL;
  std::uint64_t n_ = 0;
};

}  // namespace credence
